// Every built-in edition as a user meets it through the programs: `referee new` starts a game
// of it, `status` and `replay` speak its words (currency sign, jail word, start square),
// `value` applies its ending rules, and the notation matches its square names (military's
// and the Bahamas' renamed squares). docs/editions.md lists the differences.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "deedlog/ruleset_catalog.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::replay;
using testing::RunResult;
using testing::sample;
using testing::temp_dir;
using json = nlohmann::json;
namespace fs = std::filesystem;

Ruleset load(const std::string& id) {
  Ruleset r;
  const Status s = load_ruleset(id, &r);
  if (!s.is_ok()) throw std::runtime_error(s.message());
  return r;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string money(const Ruleset& r, Money m) { return r.words.currency + std::to_string(m.units); }

// A name as the notation wants it: in double quotes.
std::string q(const std::string& name) { return "\"" + name + "\""; }

// A square's name in the notation: squares that share a name are numbered in board order
// ("Chance 3").
std::string square_ref(const Ruleset& r, SquareId s) {
  int same = 0, index = 0;
  for (int i = 0; i < r.board_size(); ++i) {
    if (r.square(static_cast<SquareId>(i)).name != r.square(s).name) continue;
    ++same;
    if (i <= s) index = same;
  }
  return same > 1 ? r.square(s).name + " " + std::to_string(index) : r.square(s).name;
}

fs::path write_game(const fs::path& dir, const std::string& text) {
  const fs::path file = dir / "game.game";
  std::ofstream(file) << text;
  return file;
}

class Edition : public ::testing::TestWithParam<std::string> {};

// `referee new --ruleset E` starts a game of E: everyone on the start square with the
// edition's starting money, said in its currency.
TEST_P(Edition, NewStartsAGameOfTheEdition) {
  const std::string id = GetParam();
  const Ruleset r = load(id);
  const auto db = temp_dir("new-" + id) / "g.db";
  const RunResult made = referee(db, "new --ruleset " + id + " --players " + quote("Ann, Ben"));
  ASSERT_EQ(made.code, 0) << made.out << made.err;
  EXPECT_EQ(made.out, "1\n");
  const RunResult st = referee(db, "--json status");
  ASSERT_EQ(st.code, 0) << st.err;
  const json j = json::parse(st.out);
  EXPECT_EQ(j["ruleset"], id);
  for (const auto& p : j["players"]) {
    EXPECT_EQ(p["cash"], r.starting_cash.units);
    EXPECT_EQ(p["square"], 0);
    EXPECT_EQ(p["square_name"], r.square(0).name);
  }
  const RunResult text = referee(db, "status");
  EXPECT_TRUE(has(text.out, "(" + id + ")")) << text.out;
  EXPECT_TRUE(has(text.out, money(r, r.starting_cash))) << text.out;
  EXPECT_TRUE(has(text.out, r.square(0).name)) << text.out;
}

// A short seeded game with Ann in jail: `status` says the edition's jail word and currency,
// the fine is narrated in them, and `replay` tells the game in the same words.
TEST_P(Edition, StatusAndReplaySpeakTheEditionsWords) {
  const std::string id = GetParam();
  const Ruleset r = load(id);
  const auto dir = temp_dir("words-" + id);
  const auto db = dir / "g.db";
  const fs::path file = write_game(dir, "[Ruleset \"" + id + "\"]\n[Players \"Ann, Ben\"]\n[Seed \"7\"]\n"
                                        "[Setup]\nAnn: in jail\n[Moves]\n");
  const RunResult imported = referee(db, "import " + quote(file.string()));
  ASSERT_EQ(imported.code, 0) << imported.out << imported.err;

  const RunResult st = referee(db, "status");
  ASSERT_EQ(st.code, 0) << st.err;
  EXPECT_TRUE(has(st.out, "in " + r.words.jail)) << st.out;
  EXPECT_TRUE(has(st.out, r.words.currency)) << st.out;

  const RunResult fine = referee(db, "play " + quote("Ann pays fine"));
  ASSERT_EQ(fine.code, 0) << fine.out << fine.err;
  EXPECT_TRUE(has(fine.out, "Ann paid the " + r.words.jail + " fine of " + money(r, r.jail.fine) + "."))
      << fine.out;
  EXPECT_TRUE(has(fine.out, "Ann left " + r.words.jail)) << fine.out;
  const RunResult thrown = referee(db, "play " + quote("Ann rolls"));  // the referee throws
  ASSERT_EQ(thrown.code, 0) << thrown.out << thrown.err;

  const RunResult told = replay(db, "");
  ASSERT_EQ(told.code, 0) << told.err;
  EXPECT_TRUE(has(told.out, "Ann takes a seat with " + money(r, r.starting_cash))) << told.out;
  EXPECT_TRUE(has(told.out, "Ann paid the " + r.words.jail + " fine of " + money(r, r.jail.fine) + "."))
      << told.out;
  EXPECT_TRUE(has(told.out, "Ben takes a seat with " + money(r, r.starting_cash) + " on " + r.square(0).name))
      << told.out;
}

// Sorted cheapest first: the properties not in `skip`.
std::vector<SquareId> cheapest_properties(const Ruleset& r, const std::vector<SquareId>& skip) {
  std::vector<SquareId> out;
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId s = static_cast<SquareId>(i);
    if (r.square(s).is_property() && std::find(skip.begin(), skip.end(), s) == skip.end()) out.push_back(s);
  }
  std::stable_sort(out.begin(), out.end(), [&](SquareId a, SquareId b) { return r.square(a).price < r.square(b).price; });
  return out;
}

// Ann, with next to nothing, lands on Ben's dearest hotel and goes bankrupt to him. Where the
// edition ends at the first bankruptcy (us-short) the game is over and the richest of the
// others wins; elsewhere Ben and Cat play on. Either way `value` counts each estate by the
// edition's reckoning: a hotel at its price and the houses given for it (five houses' worth
// in uk-1972, four in the US short game).
TEST_P(Edition, ValueAppliesTheEditionsEndingRules) {
  const std::string id = GetParam();
  const Ruleset r = load(id);
  // regional-currency values estates in par dollars and builds only on Conglomerates, which a
  // setup cannot state: tests/programs/regional_currency_test.cpp values its estates.
  if (!r.regions.empty()) GTEST_SKIP() << id << " is valued in par dollars (its own test)";
  // The street with the highest hotel rent, and its group.
  SquareId target = kNoSquare;
  for (int i = 0; i < r.board_size(); ++i) {
    const Square& s = r.square(static_cast<SquareId>(i));
    if (s.kind == SquareKind::Street && (target == kNoSquare || s.rent[5] > r.square(target).rent[5]))
      target = static_cast<SquareId>(i);
  }
  ASSERT_NE(target, kNoSquare);
  const std::vector<SquareId> group = r.groups[static_cast<std::size_t>(r.square(target).group)].members;
  // A short game needs its deal done before the first throw: each player holds that many deeds.
  const int deeds = r.short_game.always ? r.short_game.deeds_dealt : 1;
  std::vector<SquareId> pool = cheapest_properties(r, group);
  auto take = [&](int n) {
    std::vector<SquareId> got(pool.begin(), pool.begin() + n);
    pool.erase(pool.begin(), pool.begin() + n);
    return got;
  };
  const std::vector<SquareId> ann_deeds = take(deeds);
  const std::vector<SquareId> cat_deeds = take(deeds);
  std::vector<SquareId> ben_deeds = group;
  if (static_cast<int>(ben_deeds.size()) < deeds) {
    const auto more = take(deeds - static_cast<int>(ben_deeds.size()));
    ben_deeds.insert(ben_deeds.end(), more.begin(), more.end());
  }
  const int start = (target - 3 + r.board_size()) % r.board_size();
  ASSERT_LT(start, target) << "the test's throw of 3 must not pass the start square";

  std::string owns_ann, owns_ben, owns_cat;
  for (SquareId s : ann_deeds) owns_ann += (owns_ann.empty() ? "" : ", ") + q(r.square(s).name);
  for (SquareId s : cat_deeds) owns_cat += (owns_cat.empty() ? "" : ", ") + q(r.square(s).name);
  for (SquareId s : ben_deeds) {
    const bool in_group = std::find(group.begin(), group.end(), s) != group.end();
    owns_ben += (owns_ben.empty() ? "" : ", ") + q(r.square(s).name) + (in_group ? " (hotel)" : "");
  }
  const auto dir = temp_dir("value-" + id);
  const auto db = dir / "g.db";
  const fs::path file = write_game(
      dir, "[Ruleset \"" + id + "\"]\n[Players \"Ann, Ben, Cat\"]\n[Setup]\n" +
               "Ann: cash 1; at " + q(square_ref(r, static_cast<SquareId>(start))) + "; owns " + owns_ann + "\n" +
               "Ben: cash 100; owns " + owns_ben + "\n" + "Cat: cash 1000; owns " + owns_cat + "\n" +
               "Turn: Ann\n[Moves]\nAnn rolls 1 2\nBen claims rent\nAnn declares bankruptcy\n");
  const RunResult imported = referee(db, "--json import " + quote(file.string()));
  ASSERT_EQ(imported.code, 0) << imported.out << imported.err;

  // Ben: his cash and Ann's $1, the deeds (his and Ann's) at their printed prices, each hotel
  // at its price and the houses given for it.
  Money ben{101};
  for (SquareId s : ben_deeds) ben += r.square(s).price;
  // Where insolvency is settled at mortgage value (computer), Ann's deeds go back to the Bank
  // and Ben is paid their mortgage value instead.
  for (SquareId s : ann_deeds) ben += r.insolvency_at_mortgage_value ? r.square(s).mortgage_value : r.square(s).price;
  for (SquareId s : group) ben += r.square(s).hotel_cost + r.square(s).house_cost * r.houses_per_hotel;
  Money cat{1000};
  for (SquareId s : cat_deeds) cat += r.square(s).price;

  const RunResult v = referee(db, "--json value");
  ASSERT_EQ(v.code, 0) << v.err;
  const json j = json::parse(v.out);
  EXPECT_EQ(j["final"], r.game_ends_at_first_bankruptcy) << v.out;
  EXPECT_EQ(j["winner"], "Ben") << v.out;
  EXPECT_EQ(j["players"][0]["in_game"], false);
  EXPECT_EQ(j["players"][1]["total"], ben.units) << v.out;
  EXPECT_EQ(j["players"][2]["total"], cat.units) << v.out;
  for (const auto& item : j["players"][1]["items"]) {
    if (item["kind"] == "hotel") {
      EXPECT_EQ(item["count"], 1);
    }
  }

  const RunResult words = referee(db, "value");
  EXPECT_TRUE(has(words.out, r.game_ends_at_first_bankruptcy ? "(final)" : "(the game goes on)")) << words.out;
  EXPECT_TRUE(has(words.out, r.game_ends_at_first_bankruptcy ? "Winner: Ben" : "Richest now: Ben")) << words.out;
  EXPECT_TRUE(has(words.out, "Ben: " + money(r, ben))) << words.out;
  EXPECT_TRUE(has(words.out, "the " + r.words.hotel + " on " + r.square(target).name + " at the cost of " +
                                 std::to_string(r.houses_per_hotel + 1) + " " + r.words.houses))
      << words.out;

  const RunResult st = referee(db, "--json status");
  EXPECT_EQ(json::parse(st.out)["turn"]["phase"] == "game-over", r.game_ends_at_first_bankruptcy) << st.out;
}

INSTANTIATE_TEST_SUITE_P(Builtin, Edition, ::testing::ValuesIn(builtin_ruleset_ids()),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           std::string name = p.param;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

// ---------------------------------------------------------------------------------------------
// The renamed squares, matched by name in the notation, and the words in the narration.

// military: site names in a setup and in moves (a unique start is enough: "Challenger",
// "Trooper", "Catterick"), the Combat and Training packs, Prison in the narration.
// A military game of Ann and Ben, Ann at Assault Trooper owning what `owns` lists, Ben in
// Prison just visiting, then `moves`, imported into a new journal; returns the journal.
fs::path military_game(const std::string& name, const std::string& owns, const std::string& moves) {
  const auto dir = temp_dir(name);
  const auto db = dir / "g.db";
  const fs::path file = write_game(dir, "[Ruleset \"military\"]\n[Players \"Ann, Ben\"]\n[Setup]\n"
                                        "Ann: at Trooper; owns " + owns + "\nBen: at \"just visiting\"\n[Moves]\n" +
                                        moves);
  const RunResult imported = referee(db, "import " + quote(file.string()));
  EXPECT_EQ(imported.code, 0) << imported.out << imported.err;
  return db;
}

TEST(EditionWords, MilitaryNamesAreMatchedInTheNotation) {
  const fs::path db = military_game("military-names", "Scimitar, Warrior, Challenger, Catterick",
                                    "Ann builds house on Challenger\nAnn mortgages Catterick\n");
  const json j = json::parse(referee(db, "--json status").out);
  EXPECT_EQ(j["players"][0]["square_name"], "Assault Trooper");
  EXPECT_EQ(j["players"][1]["square_name"], "Prison");
  EXPECT_EQ(j["players"][0]["properties"][0]["name"], "Catterick Garrison");
  EXPECT_EQ(j["players"][0]["properties"][0]["mortgaged"], true);
  EXPECT_EQ(j["players"][0]["properties"][3]["name"], "Challenger 2");
  EXPECT_EQ(j["players"][0]["properties"][3]["houses"], 1);
  // Ann throws 1 2 from Assault Trooper (37): 40, GO, salary; the Combat card by its number.
  const RunResult moved = referee(db, "play " + quote("Ann rolls 1 2"));
  EXPECT_TRUE(has(moved.out, "Ann collected £200 salary for passing GO.")) << moved.out;
  const RunResult back = referee(db, "play " + quote("Ben rolls 3 4"));  // 17 Training
  EXPECT_TRUE(has(back.out, "Ben takes a Training card.")) << back.out;
  const RunResult card = referee(db, "play " + quote("Ben draws \"Go to Prison\""));
  ASSERT_EQ(card.code, 0) << card.out;
  EXPECT_TRUE(has(card.out, "Ben turned up Training: \"Go to Prison\".")) << card.out;
  EXPECT_TRUE(has(card.out, "Ben went to Prison")) << card.out;
  EXPECT_TRUE(has(referee(db, "status").out, "(in Prison, 0 turns used)"));
}

// military in its own words from end to end: moves written with the edition's building and
// pack words are read, the engine takes a card named by the pack's own name, and the narration
// puts "an" before "Ammo Store".
TEST(EditionWords, MilitaryMovesInTheEditionsWordsAndTheirNarration) {
  const fs::path db = military_game("military-words", "Scimitar, Warrior, Challenger", "");
  const RunResult built = referee(db, "play " + quote("Ann builds an Ammo Store on Challenger"));
  ASSERT_EQ(built.code, 0) << built.out << built.err;
  EXPECT_TRUE(has(built.out, "Ann built an Ammo Store on Challenger 2 for £50.")) << built.out;
  const RunResult sold = referee(db, "play " + quote("Ann sells ammo store on Challenger"));
  ASSERT_EQ(sold.code, 0) << sold.out << sold.err;
  EXPECT_TRUE(has(sold.out, "Ann sold an Ammo Store on Challenger 2 to the Bank for £25.")) << sold.out;
  ASSERT_EQ(referee(db, "play " + quote("Ann rolls 1 2")).code, 0);   // 37 + 3: GO
  const RunResult landed = referee(db, "play " + quote("Ben rolls 3 4"));  // 10 + 7: Training
  ASSERT_EQ(landed.code, 0) << landed.out << landed.err;
  const RunResult card = referee(db, "play " + quote("Ben draws training:2"));
  ASSERT_EQ(card.code, 0) << card.out << card.err;
  EXPECT_TRUE(has(card.out, "Ben turned up Training: \"Sale of surplus kit: collect £50\".")) << card.out;
  const RunResult told = replay(db, "");
  ASSERT_EQ(told.code, 0) << told.err;
  EXPECT_TRUE(has(told.out, "Ann built an Ammo Store on Challenger 2")) << told.out;
  EXPECT_FALSE(has(told.out, "a Ammo Store")) << told.out;
}

// The military samples told by `replay`: Prison, the donations, Ammo Stores and Barracks.
TEST(EditionWords, MilitaryReplaySpeaksMilitary) {
  const auto db = temp_dir("military-replay") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(sample("military/prison.game"))).code, 0);
  ASSERT_EQ(referee(db, "import " + quote(sample("military/donations-and-barracks.game"))).code, 0);
  const RunResult prison = replay(db, "--game 1");
  ASSERT_EQ(prison.code, 0) << prison.err;
  EXPECT_TRUE(has(prison.out, "Ann went to Prison")) << prison.out;
  EXPECT_TRUE(has(prison.out, "Ben turned up Combat: \"Go to Prison\".")) << prison.out;
  EXPECT_TRUE(has(prison.out, "Ann paid the Prison fine of £50.")) << prison.out;
  EXPECT_TRUE(has(prison.out, "Ben left Prison by throwing doubles.")) << prison.out;
  const RunResult built = replay(db, "--game 2");
  ASSERT_EQ(built.code, 0) << built.err;
  EXPECT_TRUE(has(built.out, "Ann paid £200 (Voluntary Donation).")) << built.out;
  EXPECT_TRUE(has(built.out, "Ben paid £100 (Charity Buys New Premises).")) << built.out;
  EXPECT_TRUE(has(built.out, "Ben built a Barracks on Sniper for £200 and the 4 Ammo Stores.")) << built.out;
  EXPECT_TRUE(has(built.out, "Ben holds Assault Trooper with 4 Ammo Stores.")) << built.out;
  const RunResult value = referee(db, "--game 2 value");
  EXPECT_TRUE(has(value.out, "the Barracks on Sniper at the cost of 5 Ammo Stores")) << value.out;
}

// bahamas: the placeholder names, the WAITING AREA and its aliases (IN THE JAIL), CHEST cards
// by number, START and CITY TAX in the narration.
TEST(EditionWords, BahamasNamesAreMatchedInTheNotation) {
  const auto dir = temp_dir("bahamas-names");
  const auto db = dir / "g.db";
  const fs::path file = write_game(dir,
                                   "[Ruleset \"bahamas\"]\n[Players \"Ann, Ben\"]\n[Setup]\n"
                                   "Ann: at \"dark blue 1\"; owns \"Red 3\", \"Transportation 2\"\n"
                                   "Ben: in jail; at \"IN THE JAIL\"\n[Moves]\n"
                                   "Ann rolls 2 3\n");
  const RunResult imported = referee(db, "import " + quote(file.string()));
  ASSERT_EQ(imported.code, 0) << imported.out << imported.err;
  const json j = json::parse(referee(db, "--json status").out);
  EXPECT_EQ(j["players"][0]["square_name"], "CHEST");
  EXPECT_EQ(j["players"][0]["cash"], 1700);
  EXPECT_EQ(j["players"][0]["properties"][0]["name"], "Transportation 2");
  EXPECT_EQ(j["players"][0]["properties"][1]["name"], "Red 3");
  EXPECT_EQ(j["players"][1]["square_name"], "WAITING AREA");
  EXPECT_EQ(j["players"][1]["in_jail"], true);
  // "Advance to START" is the Chest pack's first card.
  const RunResult card = referee(db, "play " + quote("Ann draws chest:1"));
  ASSERT_EQ(card.code, 0) << card.out << card.err;
  EXPECT_TRUE(has(card.out, "Ann turned up Chest: \"Advance to START\".")) << card.out;
  EXPECT_TRUE(has(card.out, "Ann collected $200 salary for passing START.")) << card.out;
  EXPECT_TRUE(has(referee(db, "status").out, "(in JAIL, 0 turns used)"));
}

// The Bahamas samples told by `replay`: START twice, CITY TAX, STATE TAX, the WAITING AREA.
TEST(EditionWords, BahamasReplaySpeaksBahamas) {
  const auto db = temp_dir("bahamas-replay") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(sample("bahamas/start-salary-twice.game"))).code, 3);
  ASSERT_EQ(referee(db, "import " + quote(sample("bahamas/waiting-area-and-jail.game"))).code, 0);
  const RunResult start = replay(db, "--game 1");
  ASSERT_EQ(start.code, 0) << start.err;
  EXPECT_TRUE(has(start.out, "Ann moved 5 squares to CHEST.")) << start.out;
  EXPECT_TRUE(has(start.out, "Ann turned up Chest: \"Advance to START\".")) << start.out;
  std::size_t salaries = 0;
  for (std::size_t at = start.out.find("salary for passing START"); at != std::string::npos;
       at = start.out.find("salary for passing START", at + 1))
    ++salaries;
  EXPECT_EQ(salaries, 2u) << start.out;
  EXPECT_TRUE(has(start.out, "Ben paid $200 (CITY TAX).")) << start.out;
  const RunResult jail = replay(db, "--game 2");
  ASSERT_EQ(jail.code, 0) << jail.err;
  EXPECT_TRUE(has(jail.out, "Ann left JAIL by throwing doubles.")) << jail.out;
  EXPECT_TRUE(has(jail.out, "Ben moved 10 squares to WAITING AREA.")) << jail.out;
  EXPECT_TRUE(has(jail.out, "Cat paid $100 (STATE TAX).")) << jail.out;
}

// rule computer/turn/first-player-drawn: `referee new` gives a computer game a Seed of its own,
// so the referee throws (`Ann rolls`) for whoever the draw put first; replay tells the jail
// choice in words.
TEST(ComputerEdition, NewGameIsThrownByTheReferee) {
  const auto db = temp_dir("computer-new") / "g.db";
  ASSERT_EQ(referee(db, "new --ruleset computer --players " + quote("Ann, Ben, Cat")).code, 0);
  const json st = json::parse(referee(db, "--json status").out);
  const std::string first = st["turn"]["player"];
  const RunResult thrown = referee(db, "play " + quote(first + " rolls"));
  EXPECT_EQ(thrown.code, 0) << thrown.out << thrown.err;
  EXPECT_TRUE(has(thrown.out, first + " threw ")) << thrown.out;
  EXPECT_EQ(referee(db, "verify").code, 0);

  const auto db2 = temp_dir("computer-jail") / "g.db";
  ASSERT_EQ(referee(db2, "import " + quote(sample("computer/jail-choice-and-mortgage.game"))).code, 0);
  const RunResult told = replay(db2, "");
  ASSERT_EQ(told.code, 0) << told.err;
  EXPECT_TRUE(has(told.out, "Ben's last throw in Jail failed: Ben pays the £50 fine and moves by it, or misses their next go."))
      << told.out;
  EXPECT_TRUE(has(told.out, "Ben stays in Jail and will miss their next go.")) << told.out;
  EXPECT_TRUE(has(told.out, "Ann mortgaged a house on Old Kent Road with the site for £25.")) << told.out;
  EXPECT_TRUE(has(told.out, "Ben left Jail by skipping a go.")) << told.out;
}

// rule computer/rent/claim-within-the-window: an audit of a late claim does not offer the late
// claim as what was legal instead: the legal moves are ruled at the breach's own @TIME.
TEST(ComputerEdition, AuditRulesTheLegalMovesAtTheBreachsTime) {
  const RunResult audit = referee(temp_dir("computer-audit") / "g.db",
                                  "--json audit " + quote(sample("computer/rent-claimed-too-late.game")));
  ASSERT_EQ(audit.code, 3) << audit.out << audit.err;
  const json j = json::parse(audit.out);
  ASSERT_EQ(j["breaches"].size(), 1u);
  EXPECT_EQ(j["breaches"][0]["rule"], "computer/rent/claim-within-the-window");
  const auto& legal = j["breaches"][0]["legal_instead"];
  EXPECT_FALSE(legal.empty());
  for (const auto& m : legal) EXPECT_EQ(m.get<std::string>().find("claims rent"), std::string::npos) << m;

  // `moves --now` asks the same question of a journal; without it the clock is not read.
  const auto db = temp_dir("computer-moves") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(sample("computer/rent-claimed-too-late.game"))).code, 3);
  EXPECT_TRUE(has(referee(db, "moves").out, "Ann claims rent"));
  const RunResult late = referee(db, "moves --now 2026-11-22T20:15:20Z");
  EXPECT_EQ(late.code, 0) << late.err;
  EXPECT_FALSE(has(late.out, "Ann claims rent")) << late.out;
  EXPECT_TRUE(has(referee(db, "moves --now 2026-11-22T20:15:09Z").out, "Ann claims rent"));
  EXPECT_EQ(referee(db, "moves --now 25:00").code, 2);
}

}  // namespace
}  // namespace deedlog
