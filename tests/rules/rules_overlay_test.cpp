// Edition files as overlays ("extends", docs/editions.md): the built-in overlays resolve to
// exactly the whole files they replaced, the merge does what the page says, and every mistake
// in an overlay is refused with what and where, never a crash.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "deedlog/ruleset_catalog.h"
#include "rules/edition_overlay.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kSource = deedlog::testing::source_dir();

// The file that replaced a whole one of tests/data/editions-flat/: a built-in edition, or the
// example under docs/examples/.
fs::path overlay_of(const fs::path& flat) {
  const fs::path builtin = kSource / "src/rules/data" / flat.filename();
  return fs::exists(builtin) ? builtin : kSource / "docs/examples" / flat.filename();
}

// Writing an edition as an overlay changed nothing it says.
TEST(EditionOverlay, EveryOverlayResolvesToExactlyTheWholeFileItReplaced) {
  int compared = 0;
  for (const auto& entry : fs::directory_iterator(kSource / "tests/data/editions-flat")) {
    const std::string overlay_text = testing::slurp(overlay_of(entry.path()));
    SCOPED_TRACE(entry.path().filename().string());
    EXPECT_TRUE(json::parse(overlay_text).contains("extends"));
    std::string resolved;
    ASSERT_TRUE(resolve_edition_text(overlay_text, &resolved).is_ok());
    EXPECT_EQ(json::parse(resolved), json::parse(testing::slurp(entry.path())));
    // The loader reads both the same way: the Ruleset a game plays under is the one it was.
    Ruleset from_overlay, from_flat;
    ASSERT_TRUE(parse_ruleset(overlay_text, &from_overlay).is_ok());
    ASSERT_TRUE(parse_stored_ruleset(testing::slurp(entry.path()), &from_flat).is_ok());
    EXPECT_EQ(from_overlay.id, from_flat.id);
    EXPECT_EQ(from_overlay.title, from_flat.title);
    EXPECT_EQ(from_overlay.squares.size(), from_flat.squares.size());
    ++compared;
  }
  EXPECT_EQ(compared, 6);
}

TEST(EditionOverlay, EveryBuiltInEditionLoads) {
  for (const std::string& id : builtin_ruleset_ids()) {
    Ruleset r;
    const Status s = load_ruleset(id, &r);
    EXPECT_TRUE(s.is_ok()) << id << ": " << s.message();
    EXPECT_EQ(r.id, id);
  }
}

json merged(json base, const json& overlay) {
  const Status s = merge_overlay(&base, overlay);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return base;
}

std::string merge_error(json base, const json& overlay) {
  const Status s = merge_overlay(&base, overlay);
  EXPECT_FALSE(s.is_ok());
  return s.message();
}

TEST(EditionOverlay, ObjectsMergeKeyByKeyAndEverythingElseReplaces) {
  const json base = json::parse(R"({"settings": {"jail": {"fine": 50, "max_turns": 3}, "salary": 200},
                                    "groups": ["Brown", "Stations"], "title": "t"})");
  EXPECT_EQ(merged(base, json::parse(R"({"settings": {"jail": {"fine": 100}}})")),
            json::parse(R"({"settings": {"jail": {"fine": 100, "max_turns": 3}, "salary": 200},
                            "groups": ["Brown", "Stations"], "title": "t"})"));
  // A list given whole replaces the base's; null deletes a key; a new key is added.
  EXPECT_EQ(merged(base, json::parse(R"({"groups": ["Red"], "title": null, "house_rules": ["no-auctions"]})")),
            json::parse(R"({"settings": {"jail": {"fine": 50, "max_turns": 3}, "salary": 200},
                            "groups": ["Red"], "house_rules": ["no-auctions"]})"));
}

TEST(EditionOverlay, AnObjectForAListPatchesItsEntriesByPosition) {
  const json base = json::parse(R"({"board": [{"name": "GO"}, {"name": "A", "rent": [2, 10, 30], "aliases": ["a"]}]})");
  EXPECT_EQ(merged(base, json::parse(R"({"board": {"1": {"name": "B", "rent": {"0": 4}, "aliases": null}}})")),
            json::parse(R"({"board": [{"name": "GO"}, {"name": "B", "rent": [4, 10, 30]}]})"));
  EXPECT_NE(merge_error(base, json::parse(R"({"board": {"2": {"name": "C"}}})")).find("at board: '2' is not a position"),
            std::string::npos);
  EXPECT_NE(merge_error(base, json::parse(R"({"board": {"GO": {"name": "Start"}}})")).find("'GO' is not a position"),
            std::string::npos);
  EXPECT_NE(merge_error(base, json::parse(R"({"board": {"01": {}}})")).find("'01'"), std::string::npos);
  EXPECT_NE(merge_error(base, json::parse(R"({"board": {"1": {"rent": {"-1": 0}}}})")).find("at board[1].rent"),
            std::string::npos);
  EXPECT_NE(merge_error(base, json::parse(R"({"board": {"0": null}})")).find("at board[0]: an entry of a list cannot"),
            std::string::npos);
}

TEST(EditionOverlay, AnOverlayNestedTooDeepIsRefusedNotRecursedThrough) {
  json deep = 1;
  for (int i = 0; i < 10000; ++i) deep = json{{"a", std::move(deep)}};
  EXPECT_NE(merge_error(json::object(), deep).find("nested more than"), std::string::npos);
}

const char* const kBase = R"({"id": "base", "title": "The base", "rulebook": "base.txt", "n": 1, "m": 1})";

json resolved(const std::string& text, const EditionTexts& bases) {
  json whole;
  const Status s = resolve_overlay(json::parse(text), bases, &whole);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return whole;
}

std::string resolve_error(const std::string& text, const EditionTexts& bases) {
  json whole;
  const Status s = resolve_overlay(json::parse(text), bases, &whole);
  EXPECT_EQ(s.message().rfind("edition data, at ", 0), 0u) << s.message();
  return s.message();
}

TEST(EditionOverlay, AChainResolvesFromTheBottomAndTheIdAndTitleAreNotInherited) {
  const EditionTexts bases = {{"base", kBase}, {"middle", R"({"id": "middle", "extends": "base", "n": 2})"}};
  EXPECT_EQ(resolved(R"({"id": "club", "extends": "middle", "m": 3})", bases),
            json::parse(R"({"id": "club", "rulebook": "base.txt", "n": 2, "m": 3})"));
  EXPECT_EQ(resolved(kBase, bases), json::parse(kBase));  // extends nothing: unchanged
}

TEST(EditionOverlay, EachMistakeInExtendsIsRefusedWithWhatAndWhere) {
  const EditionTexts bases = {{"base", kBase},
                              {"loop-a", R"({"id": "loop-a", "extends": "loop-b"})"},
                              {"loop-b", R"({"id": "loop-b", "extends": "loop-a"})"},
                              {"e1", R"({"id": "e1", "extends": "e2"})"},
                              {"e2", R"({"id": "e2", "extends": "e3"})"},
                              {"e3", R"({"id": "e3", "extends": "e4"})"},
                              {"e4", R"({"id": "e4", "extends": "base"})"},
                              {"broken", "{ not json"}};
  EXPECT_NE(resolve_error(R"({"id": "x", "extends": "uk-1973"})", bases)
                .find("at extends: no built-in edition 'uk-1973' (editions: base, broken, e1"),
            std::string::npos);
  EXPECT_NE(resolve_error(R"({"id": "x", "extends": 7})", bases).find("at extends: must be the id of a built-in"),
            std::string::npos);
  EXPECT_NE(resolve_error(R"({"id": "x", "extends": ["base"]})", bases).find("at extends"), std::string::npos);
  EXPECT_NE(resolve_error(R"({"extends": "base"})", bases).find("at id: an edition that extends another needs"),
            std::string::npos);
  EXPECT_NE(resolve_error(R"({"id": "base", "extends": "base"})", bases).find("cannot extend itself: base -> base"),
            std::string::npos);
  EXPECT_NE(resolve_error(R"({"id": "x", "extends": "loop-a"})", bases).find("x -> loop-a -> loop-b -> loop-a"),
            std::string::npos);
  EXPECT_NE(resolve_error(R"({"id": "x", "extends": "e1"})", bases).find("more than 4 editions"), std::string::npos);
  EXPECT_NE(resolve_error(R"({"id": "x", "extends": "broken"})", bases).find("a base edition is not readable"),
            std::string::npos);
}

// A user's overlay goes through the same loader as a whole file: what the merge makes is
// checked as any edition is, and a mistake is named where the whole edition has it.
TEST(EditionOverlay, AnOverlayThatMakesAnInvalidEditionIsRefusedAtThePlace) {
  Ruleset r;
  const Status rent = parse_ruleset(R"({"id": "club", "extends": "uk-1972", "board": {"3": {"rent": [4, 20]}}})", &r);
  EXPECT_NE(rent.message().find("edition data, at board[3].rent: a street lists 6 rents"), std::string::npos)
      << rent.message();
  const Status jail = parse_ruleset(R"({"id": "club", "extends": "uk-1972", "settings": {"jail_square": null}})", &r);
  EXPECT_NE(jail.message().find("missing 'jail_square'"), std::string::npos) << jail.message();
  const Status target = parse_ruleset(
      R"({"id": "club", "extends": "uk-1972", "board": {"39": {"name": "Mayfair Mews"}}})", &r);
  EXPECT_NE(target.message().find("no square named 'Mayfair'"), std::string::npos) << target.message();
  EXPECT_TRUE(parse_ruleset(R"({"id": "club", "extends": "military", "settings": {"salary": 400}})", &r).is_ok());
  EXPECT_EQ(r.salary, Money{400});
  EXPECT_EQ(r.words.house, "Ammo Store");
  EXPECT_EQ(r.title, "club");
}

TEST(EditionOverlay, AGameKeepsItsEditionWholeAndRefusesAStoredOverlay) {
  const std::string club = R"({"id": "club", "title": "Club rules", "extends": "uk-1972",
                               "settings": {"free_parking_jackpot": true}})";
  std::string whole;
  ASSERT_TRUE(resolve_edition_text(club, &whole).is_ok());
  const json stored = json::parse(whole);
  EXPECT_FALSE(stored.contains("extends"));
  EXPECT_EQ(stored["board"].size(), 40u);
  EXPECT_EQ(stored["settings"]["free_parking_jackpot"], true);
  Ruleset r;
  EXPECT_TRUE(parse_stored_ruleset(whole, &r).is_ok());
  EXPECT_TRUE(r.house.free_parking_jackpot);
  const Status refused = parse_stored_ruleset(club, &r);
  EXPECT_NE(refused.message().find("at extends: a game keeps its edition whole"), std::string::npos);
  // A whole file is kept as it is, byte for byte, as before overlays.
  const std::string flat = testing::slurp(kSource / "src/rules/data/uk-1972.json");
  ASSERT_TRUE(resolve_edition_text(flat, &whole).is_ok());
  EXPECT_EQ(whole, flat);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// The examples docs/editions.md shows a user load as they are written.
TEST(EditionOverlay, EveryExampleEditionLoads) {
  int loaded = 0;
  for (const auto& entry : fs::directory_iterator(kSource / "docs/examples")) {
    Ruleset r;
    const Status s = parse_ruleset(testing::slurp(entry.path()), &r);
    EXPECT_TRUE(s.is_ok()) << entry.path() << ": " << s.message();
    EXPECT_EQ(r.id, entry.path().stem().string());
    ++loaded;
  }
  EXPECT_GE(loaded, 2);
  Ruleset club;
  ASSERT_TRUE(parse_ruleset(testing::slurp(kSource / "docs/examples/uk-1972-club.json"), &club).is_ok());
  EXPECT_EQ(club.starting_cash, Money{2000});
  EXPECT_EQ(club.jail.fine, Money{100});
  EXPECT_EQ(club.station_rent.back(), Money{250});
  EXPECT_EQ(club.square(39).rent[0], Money{60});
  EXPECT_EQ(club.square(39).rent[5], Money{2000});
  EXPECT_EQ(club.square(39).aliases, std::vector<std::string>{"The Top"});
  EXPECT_TRUE(club.house.free_parking_jackpot);
}

}  // namespace
}  // namespace deedlog
