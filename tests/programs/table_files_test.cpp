// Files as the table keeps them (issue "At the table"): several games in one .game file, the
// table's comments through import and replay, a line of several moves played at once, and
// the refusals of rent claims said from the journal. Values and rule ids, not words.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "deedlog/game_file.h"
#include "journal/journal.h"
#include "service/game_session.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;

const char* const kTwoGames = R"(# Club night: two games, like PGN
[Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Title "First"]

Ann rolls 3 4                 # to Chance
Ann draws "go back 3 spaces"  # printed words

[Ruleset "uk-1972"]
[Players "Cat, Dan"]
[Title "Second"]

Cat throws 1 2
Cat buys Whitechapel          # she names it
)";

fs::path write(const fs::path& dir, const std::string& name, const std::string& text) {
  const fs::path p = dir / name;
  std::ofstream(p) << text;
  return p;
}

TEST(TableFiles, SeveralGamesInOneFileImportEach) {
  const auto dir = testing::temp_dir("two-games");
  const auto db = dir / "g.db";
  const auto file = write(dir, "two.game", kTwoGames);
  const auto r = testing::referee(db, "--json import " + testing::quote(file.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const json j = json::parse(r.out);
  ASSERT_TRUE(j.is_array()) << r.out;
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["game"], 1);
  EXPECT_EQ(j[0]["moves_recorded"], 2);
  EXPECT_EQ(j[1]["game"], 2);
  EXPECT_EQ(j[1]["moves_recorded"], 2);
  EXPECT_EQ(testing::referee(db, "verify").code, 0);

  // Written back as one file of both games, comments included, it imports to the same journals.
  const auto back = testing::replay(db, "--format notation --all-games");
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_NE(back.out.find("# to Chance"), std::string::npos) << back.out;
  EXPECT_NE(back.out.find("# she names it"), std::string::npos) << back.out;
  const auto again_db = dir / "again.db";
  const auto again = testing::referee(again_db, "--json import " + testing::quote(write(dir, "back.game", back.out).string()));
  ASSERT_EQ(again.code, 0) << again.out << again.err << back.out;
  const json k = json::parse(again.out);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_EQ(k[0]["seq"], j[0]["seq"]);
  EXPECT_EQ(k[1]["seq"], j[1]["seq"]);
}

TEST(TableFiles, ABadLineInAnyGameWritesNothing) {
  const auto dir = testing::temp_dir("two-games-bad");
  const auto db = dir / "g.db";
  std::string text = kTwoGames;
  text += "Dan rols 3 4\n";
  const auto r = testing::referee(db, "--json import " + testing::quote(write(dir, "bad.game", text).string()));
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("line 15"), std::string::npos) << r.err;
  const auto games = testing::referee(db, "--json games");
  EXPECT_TRUE(games.code != 0 || json::parse(games.out)["games"].empty()) << games.out;
}

TEST(TableFiles, CommentsAreKeptThroughImportAndReplay) {
  const auto dir = testing::temp_dir("comments");
  const auto db = dir / "g.db";
  const auto r = testing::referee(db, "import " + testing::quote(testing::sample("uk-1972/table-speech.game")));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const auto back = testing::replay(db, "--format notation");
  ASSERT_EQ(back.code, 0) << back.err;
  EXPECT_NE(back.out.find("Ann rolls 1 2  # to Whitechapel Road"), std::string::npos) << back.out;
  EXPECT_NE(back.out.find("# answers the offer, as 'rejects' does"), std::string::npos) << back.out;
  // A line building on several sites is one move, printed back whole with its comment.
  EXPECT_NE(back.out.find("Ann builds house on \"The Angel, Islington\", \"Euston Road\""), std::string::npos)
      << back.out;
  EXPECT_NE(back.out.find("  # one house on each"), std::string::npos) << back.out;
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

TEST(TableFiles, PlayingALineOfSeveralMoves) {
  const auto dir = testing::temp_dir("play-list");
  const auto db = dir / "g.db";
  const auto setup = write(dir, "s.game", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: owns "Old Kent Road", "Whitechapel Road"
Turn: Ann
[Moves]
)");
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(setup.string())).code, 0);
  // rules houses/build-evenly, sell/evenly: building on several sites is one move, ruled whole.
  const auto r = testing::referee(db, "--json play " + testing::quote("Ann builds houses on Old Kent, Whitechapel"));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const json j = json::parse(r.out);
  int played = 0;
  for (const json& e : j["events"]) played += e["type"] == "MovePlayed";
  EXPECT_EQ(played, 1);
  const json status = json::parse(testing::referee(db, "--json status").out);
  EXPECT_EQ(status["players"][0]["properties"][0]["houses"], 1);
  EXPECT_EQ(status["players"][0]["properties"][1]["houses"], 1);
  // Mayfair is not hers: the whole line is refused, Old Kent Road keeps its one house, exit 3.
  const auto half = testing::referee(db, "--json play " + testing::quote("Ann builds houses on Old Kent and Mayfair"));
  EXPECT_EQ(half.code, 3) << half.out;
  const json after = json::parse(testing::referee(db, "--json status").out);
  EXPECT_EQ(after["players"][0]["properties"][0]["houses"], 1);
  // A mortgage line over several sites is still one move a site.
  const auto m = testing::referee(db, "--json play " + testing::quote("Ann sells houses on Old Kent, Whitechapel"));
  ASSERT_EQ(m.code, 0) << m.out;
  const auto two = testing::referee(db, "--json play " + testing::quote("Ann mortgages Old Kent, Whitechapel"));
  ASSERT_EQ(two.code, 0) << two.out;
  EXPECT_EQ(json::parse(two.out)["moves"], 2);
}

// A late claim names the landing it missed and the throw that closed it (events of the journal).
TEST(TableFiles, ALateRentClaimNamesTheLandingAndTheThrow) {
  const auto dir = testing::temp_dir("late-rent");
  const auto db = dir / "g.db";
  const auto game = write(dir, "late.game", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ben: owns "Whitechapel Road"
Turn: Ann
[Moves]
Ann rolls 1 2
Ben rolls 3 4
Ben claims rent
)");
  const auto r = testing::referee(db, "--json import " + testing::quote(game.string()));
  ASSERT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["violation"]["rule"], "uk-1972/rent/ask-before-next-throw");

  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(db.string(), &j).is_ok());
  Game g;
  ASSERT_TRUE(load_game(*j, 1, 0, &g).is_ok());
  Command claim;
  ParseError e;
  ASSERT_TRUE(parse_move("Ben claims rent", g.ruleset, g.header.players, &claim, &e));
  PlayOutcome po;
  ASSERT_TRUE(play_move(*j, g, claim, /*dry_run=*/true, &po).is_ok());
  ASSERT_FALSE(po.decision.accepted);
  const Violation& v = po.decision.violation;
  EXPECT_EQ(v.code, RefusalCode::RentClaimMissed);
  ASSERT_EQ(v.args.size(), 6u);
  EXPECT_EQ(v.args[1].id, 3);  // Whitechapel Road
  EXPECT_EQ(v.args[2].id, 0);  // Ann landed
  // The landing's event and the throw's, as the journal numbers them.
  const json log = json::parse(testing::referee(db, "--json log").out);
  std::int64_t rent_due = 0, ben_throw = 0;
  for (const json& ev : log["events"]) {
    if (ev["type"] == "RentDue") rent_due = ev["seq"];
    if (ev["type"] == "DiceThrown" && ev["actor"] == "Ben") ben_throw = ev["seq"];
  }
  EXPECT_EQ(v.args[3].amount, rent_due);
  EXPECT_EQ(v.args[4].id, 1);  // Ben threw
  EXPECT_EQ(v.args[5].amount, ben_throw);
}

}  // namespace
}  // namespace deedlog
