// A user's own edition (--ruleset-file): a data file in the built-in format, kept with the game
// so its journal verifies anywhere; a file with a mistake is refused with what and where.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;

const std::string kJackpotFile = std::string(deedlog::testing::source_dir()) + "/docs/examples/uk-1972-jackpot.json";

// rule uk-1972-jackpot/house/free-parking-jackpot
TEST(RulesetFile, HouseRulesEditionPaysTheJackpotOnFreeParking) {
  const auto dir = testing::temp_dir("jackpot");
  const auto game = dir / "j.game";
  std::ofstream(game) << "[Ruleset \"uk-1972-jackpot\"]\n[Players \"Ann, Ben\"]\n[Setup]\nBen: at \"Marylebone Station\"\n"
                         "[Moves]\nAnn rolls 1 3\nBen rolls 2 3\n";
  const auto db = dir / "j.db";
  const auto r = testing::referee(db, "--ruleset-file " + testing::quote(kJackpotFile) + " import " + testing::quote(game.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const json s = json::parse(testing::referee(db, "--json status").out);
  EXPECT_EQ(s["ruleset"], "uk-1972-jackpot");
  EXPECT_EQ(s["players"][0]["cash"], 1300);  // Income Tax, into the middle
  EXPECT_EQ(s["players"][1]["cash"], 1700);  // Free Parking: the £200 waiting there
  // The journal carries its edition: it verifies and replays without the file.
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
  EXPECT_NE(testing::replay(db, "").out.find("takes the £200 waiting on Free Parking"), std::string::npos);
  // The built-in edition pays nothing there.
  std::ofstream(dir / "plain.game") << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Setup]\nBen: at \"Marylebone Station\"\n"
                                       "[Moves]\nAnn rolls 1 3\nBen rolls 2 3\n";
  ASSERT_EQ(testing::referee(dir / "p.db", "import " + testing::quote((dir / "plain.game").string())).code, 0);
  EXPECT_EQ(json::parse(testing::referee(dir / "p.db", "--json status").out)["players"][1]["cash"], 1500);
}

TEST(RulesetFile, NewGameTakesTheEditionFromTheFile) {
  const auto dir = testing::temp_dir("jackpot-new");
  const auto r = testing::referee(dir / "n.db", "--ruleset-file " + testing::quote(kJackpotFile) + " new --players " +
                                                    testing::quote("Ann, Ben"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(json::parse(testing::referee(dir / "n.db", "--json status").out)["ruleset"], "uk-1972-jackpot");
}

TEST(RulesetFile, AFileWithAMistakeIsRefusedWithWhatAndWhere) {
  const auto dir = testing::temp_dir("bad-edition");
  json d = json::parse(testing::slurp(kJackpotFile));
  d["board"]["3"]["rent"] = json::array({4, 20, 60});  // the example extends uk-1972: patch its square 3
  std::ofstream(dir / "bad.json") << d.dump();
  const auto r = testing::referee(dir / "b.db", "--ruleset-file " + testing::quote((dir / "bad.json").string()) +
                                                    " new --players " + testing::quote("Ann, Ben"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("board[3].rent"), std::string::npos) << r.err;
  std::ofstream(dir / "junk.json") << "{ not json";
  EXPECT_EQ(testing::referee(dir / "c.db", "--ruleset-file " + testing::quote((dir / "junk.json").string()) +
                                               " new --players " + testing::quote("Ann, Ben")).code,
            2);
  EXPECT_FALSE(std::filesystem::exists(dir / "b.db"));
}

// An edition file that extends a built-in one is refused, as any mistaken file is, when what
// it extends is not there or not a name (docs/editions.md, "Overlays: extends").
TEST(RulesetFile, AnOverlayOfNoBuiltInEditionIsRefused) {
  const auto dir = testing::temp_dir("bad-extends");
  const std::vector<std::pair<std::string, std::string>> bad = {
      {R"({"id": "club", "extends": "uk-1973"})", "no built-in edition 'uk-1973'"},
      {R"({"id": "club", "extends": {"id": "uk-1972"}})", "at extends: must be the id of a built-in edition"},
      {R"({"id": "club", "extends": "./mine.json"})", "no built-in edition './mine.json'"},
      {R"({"id": "uk-1972", "extends": "uk-1972"})", "cannot extend itself"},
  };
  for (const auto& [text, said] : bad) {
    std::ofstream(dir / "club.json") << text;
    const auto r = testing::referee(dir / "c.db", "--ruleset-file " + testing::quote((dir / "club.json").string()) +
                                                      " new --players " + testing::quote("Ann, Ben"));
    EXPECT_EQ(r.code, 2) << text;
    EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "c.db"));
}

// A club's overlay of military: the game plays military's board under the club's salary, and
// the journal keeps the whole edition, so it verifies without the file.
TEST(RulesetFile, AnOverlayOfAnOverlayPlaysAndTheGameVerifiesWithoutTheFile) {
  const auto dir = testing::temp_dir("club-military");
  std::ofstream(dir / "club.json") << R"({"id": "military-club", "extends": "military", "settings": {"salary": 300}})";
  std::ofstream(dir / "g.game") << "[Ruleset \"military-club\"]\n[Players \"Ann, Ben\"]\n[Setup]\nAnn: at Sniper\n"
                                   "[Moves]\nAnn rolls 1 3\n";
  const auto db = dir / "g.db";
  const auto r = testing::referee(db, "--ruleset-file " + testing::quote((dir / "club.json").string()) + " import " +
                                          testing::quote((dir / "g.game").string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  std::filesystem::remove(dir / "club.json");
  const json s = json::parse(testing::referee(db, "--json status").out);
  EXPECT_EQ(s["ruleset"], "military-club");
  EXPECT_EQ(s["players"][0]["cash"], 1800);  // past GO onto Reaper: the club's salary
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

}  // namespace
}  // namespace deedlog
