// The end of a short or time-limit game as a table plays it (docs/rules.md, RULES FOR PLAYING THE
// SHORT GAME): time called while a move is unfinished, the agreed finishing hour read from the
// stamps, the finish-round setting, the deal that starts a time-limit game, a [Setup] of an ended
// game, and a line that sells or builds on several sites ruled as one move. Each game is typed as
// a scorekeeper types it and run through the real referee.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "support/cli.h"
#include "support/imported_game.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;
using testing::quote;

// One game in its own journal, started from a game file's text.
struct Game : testing::ImportedGame {
  Game(const std::string& name, const std::string& text, int expect_code = 0)
      : ImportedGame("time-rules-" + name, text, expect_code) {}
};

// The issue's case, to time called: Ann has £40 and a mortgaged Mayfair; Ben has the light blues
// with two houses each; Ann lands on Pentonville Road (rent £100), Ben asks, time is called.
// cat: the third seat's [Setup] line.
std::string owed_rent_at_time_called(const std::string& cat) {
  return R"([Ruleset "uk-1972"]
[Players "Ann, Ben, Cat"]
[Variant "short-game"]
[Setup]
Ann: cash 40; owns Mayfair (mortgaged)
Ben: cash 200; owns "The Angel, Islington" (2 houses), "Euston Road" (2 houses), "Pentonville Road" (2 houses)
)" + cat + R"(
Turn: Ann
[Moves]
Ann rolls 4 5     # Pentonville Road, Ben's, two houses: £100
Ben claims rent   # Ann has £40
Referee calls time
)";
}

// Ann lands on Ben's Strand (rent £18), then time is called; the moves after: more_moves.
std::string strand_rent_at_time_called(const std::string& more_moves = "") {
  return R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Variant "short-game"]
[Setup]
Ann: cash 500; at "Marlborough Street"
Ben: cash 500; owns Strand
Turn: Ann
[Moves]
Ann rolls 1 2     # Strand, Ben's: £18
Referee calls time
)" + more_moves;
}

// The issue's case: Ann has £40 and a mortgaged Mayfair; Ben has Pentonville Road with two houses
// (rent £100); Cat has £1,000.
// rule uk-1972/short-game/time-called: the player in actual play completes his move and every
// transaction in connection with it: a debt he cannot pay is settled, or he goes bankrupt, before
// the game is over and anyone has won.
TEST(TimeCalled, AnUnpaidDebtHoldsTheGameOpenUntilTheBankruptcy) {
  Game g("owed-rent", owed_rent_at_time_called("Cat: cash 800; owns Strand"));
  json s = g.doc("status");
  EXPECT_TRUE(s["time_called"].get<bool>());
  EXPECT_FALSE(s["over"].get<bool>());
  EXPECT_FALSE(s.contains("winner"));
  json v = g.doc("value");
  EXPECT_FALSE(v["final"].get<bool>());
  EXPECT_TRUE(v["provisional"].get<bool>());
  EXPECT_TRUE(v["reason"].is_string());
  EXPECT_TRUE(v["winner"].is_null());
  // Nothing new begins: the game waits for Ann's debt.
  EXPECT_EQ(g.refused("Cat rolls 1 2"), "uk-1972/debt/game-waits");
  EXPECT_EQ(g.refused("Cat mortgages Strand"), "uk-1972/short-game/time-called");
  g.played("Ann declares bankruptcy");
  s = g.doc("status");
  EXPECT_TRUE(s["over"].get<bool>());
  EXPECT_EQ(s["winner"], "Ben");  // £220, the three sites, six houses and Mayfair mortgaged: £1,040
  v = g.doc("value");
  EXPECT_TRUE(v["final"].get<bool>());
  EXPECT_FALSE(v["provisional"].get<bool>());
  EXPECT_EQ(v["winner"], "Ben");
  EXPECT_EQ(v["players"][1]["total"], 1040);
  // Over is over: no rent, no throw, no second call.
  EXPECT_EQ(g.refused("Cat rolls 1 2"), "uk-1972/short-game/time-called");
  EXPECT_EQ(g.refused("Referee calls time"), "uk-1972/short-game/time-called");
  EXPECT_EQ(g.doc("verify")["ok"], true);
}

// rule uk-1972/short-game/time-called: rent for the last landing may still be asked for; the
// mover's "ends turn" closes the move, and rent not asked by then is lost.
TEST(TimeCalled, RentStillOpenIsAskedOrLapsesWhenTheMoverEndsTheTurn) {
  Game g("rent-open", strand_rent_at_time_called());
  EXPECT_FALSE(g.doc("status")["over"].get<bool>());
  EXPECT_TRUE(g.doc("value")["provisional"].get<bool>());
  g.played("Ben claims rent");
  EXPECT_TRUE(g.doc("status")["over"].get<bool>());
  EXPECT_EQ(g.doc("status")["players"][1]["cash"], 518);

  Game lapsed("rent-lapsed", strand_rent_at_time_called("Ann ends turn     # the move is closed: Ben did not ask\n"));
  EXPECT_TRUE(lapsed.doc("status")["over"].get<bool>());
  EXPECT_EQ(lapsed.refused("Ben claims rent"), "uk-1972/short-game/time-called");
  EXPECT_EQ(lapsed.doc("status")["players"][1]["cash"], 500);
}

// rule us-standard/short-game/time-called: Decision: the US time-limit game completes the move in
// actual play as the UK short game does.
TEST(TimeCalled, TheUsTimeLimitGameCompletesTheMoveToo) {
  Game g("us-owed", R"([Ruleset "us-standard"]
[Players "Ann, Ben"]
[Variant "time-limit"]
[Setup]
Ann: cash 10; at "Short Line"
Ben: cash 500; owns "Park Place", Boardwalk
Turn: Ann
[Moves]
Ann rolls 1 3     # Boardwalk, Ben's whole group: $100
Ben claims rent   # Ann has $10
Referee calls time
)");
  EXPECT_FALSE(g.doc("status")["over"].get<bool>());
  EXPECT_TRUE(g.doc("value")["provisional"].get<bool>());
  EXPECT_EQ(g.refused("Ben rolls 1 2"), "us-standard/debt/game-waits");
  EXPECT_EQ(g.refused("Ben mortgages \"Park Place\""), "us-standard/short-game/time-called");
  g.played("Ann declares bankruptcy");
  const json s = g.doc("status");
  EXPECT_TRUE(s["over"].get<bool>());
  EXPECT_EQ(s["winner"], "Ben");
}

// rule uk-1972/short-game/agreed-hour: Started 19:00 and a limit of one hour: a move stamped after
// 20:00 is refused until the referee calls time; the call itself is taken whatever its stamp.
TEST(AgreedHour, AThrowStampedAfterTheHourWaitsForTimeToBeCalled) {
  Game g("hour", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Variant "short-game"]
[Started "2026-11-21T19:00:00Z"]
[TimeLimit "1h"]
[Setup]
Ann: cash 1200; at "Marlborough Street"
Ben: cash 1200; owns Strand
Turn: Ann
[Moves]
@19:05:10 Ann rolls 1 2      # Strand, Ben's
@19:05:30 Ben claims rent
@19:58 Ben rolls 2 3         # King's Cross Station
@19:59 Ben buys
)");
  EXPECT_EQ(g.refused("@20:30 Ann rolls 2 3"), "uk-1972/short-game/agreed-hour");
  EXPECT_EQ(g.refused("@2026-11-21T20:00:01Z Ann rolls 2 3"), "uk-1972/short-game/agreed-hour");
  g.played("@20:00 Ann rolls 2 3");  // the hour itself is still play: Leicester Square
  EXPECT_EQ(g.refused("@20:01 Ann buys"), "uk-1972/short-game/agreed-hour");
  g.played("@20:31 Referee calls time");
  g.played("@20:32 Ann buys");  // the move in progress completes
  EXPECT_TRUE(g.doc("status")["over"].get<bool>());
  // The stamps decide, never the clock of the machine that reads them: the game verifies today.
  EXPECT_EQ(g.doc("verify")["ok"], true);
}

// rule uk-1972/short-game/agreed-hour: stamps without a date that go backwards have crossed
// midnight: a game begun at 23:30 with 90 minutes ends at 01:00.
TEST(AgreedHour, StampsWithoutADateCrossMidnight) {
  Game g("midnight", R"([Ruleset "military"]
[Players "Ann, Ben"]
[Variant "short-game"]
[Started "2026-11-21T23:30:00Z"]
[TimeLimit "90m"]
[Setup]
Ann: cash 1200; at Lynx
Ben: cash 1200
Turn: Ann
[Moves]
@23:40 Ann rolls 1 2     # Apache
@23:41 Ann buys
@00:20 Ben rolls 1 2     # Reaper: the stamp went back, so midnight has passed
@00:21 Ben buys
@00:59 Ann rolls 2 3     # Mastiff
)");
  EXPECT_EQ(g.refused("@01:05 Ben rolls 1 3"), "military/short-game/agreed-hour");
  g.played("@01:06 Referee calls time");
}

// rule us-standard/short-game/agreed-hour and bahamas: the time-limit game's "definite hour of
// termination"; us-short has none (it ends at its first bankruptcy).
TEST(AgreedHour, TheUsTimeLimitGamesKeepTheHour) {
  for (const auto& [edition, square] : std::vector<std::pair<std::string, std::string>>{
           {"us-standard", "\"Baltic Avenue\""}, {"bahamas", "\"Brown 2\""}}) {
    Game g("us-hour-" + edition, R"([Ruleset ")" + edition + R"("]
[Players "Ann, Ben"]
[Variant "time-limit"]
[Started "2026-11-21T19:00:00+01:00"]
[TimeLimit "1h30m"]
[Setup]
Ann: cash 1200; at )" + square + R"(
Ben: cash 1200
Turn: Ann
[Moves]
@19:10 Ann rolls 1 2
)");
    // 19:00 at +01:00 is 18:00 UTC: the hour is 19:30 UTC; a time of day alone is read as UTC.
    EXPECT_EQ(g.refused("@19:31 Ann buys"), edition + "/short-game/agreed-hour");
    g.played("@19:29 Ann buys");
  }
  Game s("us-short-hour", R"([Ruleset "us-short"]
[Players "Ann, Ben"]
[Started "2026-11-21T19:00:00Z"]
[TimeLimit "1h"]
[Setup]
Ann: cash 1200; at "Baltic Avenue"
Ben: cash 1200
Turn: Ann
[Moves]
@21:00 Ann rolls 1 2
)");
}

// A game without stamps cannot be ruled by the hour, and status says so.
TEST(AgreedHour, WithoutStampsStatusSaysTheHourCannotBeRuled) {
  Game g("no-stamps", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Variant "short-game"]
[Started "2026-11-21T19:00:00Z"]
[TimeLimit "1h"]
[Setup]
Ann: cash 1200; at "Old Kent Road"
Ben: cash 1200
Turn: Ann
[Moves]
Ann rolls 1 2
)");
  const json s = g.doc("status");
  ASSERT_TRUE(s.contains("agreed_hour")) << s.dump();
  EXPECT_EQ(s["agreed_hour"]["stamped"], false);
  EXPECT_NE(g.text("status").find("cannot be ruled by the hour"), std::string::npos);
}

// rule uk-1972/short-game/agreed-hour: a live session stamps each move typed without a stamp with
// the clock in a game with a TimeLimit tag. A game agreed to end in 2000 is long over by any
// clock this test runs on; one agreed to end in 2999 is not.
TEST(AgreedHour, PlayStampsAMoveWithTheClockWhereTheGameAsksForIt) {
  const std::string tags = R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Variant "short-game"]
[TimeLimit "1h"]
[Setup]
Ann: cash 1200; at "Old Kent Road"
Ben: cash 1200
Turn: Ann
[Moves]
)";
  Game past("live-past", R"([Started "2000-01-01T19:00:00Z"]
)" + tags);
  EXPECT_EQ(past.refused("Ann rolls 1 2"), "uk-1972/short-game/agreed-hour");
  past.played("Referee calls time");
  Game future("live-future", R"([Started "2999-01-01T19:00:00Z"]
)" + tags);
  future.played("Ann rolls 1 2");
  const std::string log = future.text("log");
  EXPECT_NE(log.find("Ann rolls 1 2"), std::string::npos) << log;
  EXPECT_TRUE(future.doc("status")["agreed_hour"]["stamped"].get<bool>());
}

// The stamp is put on the moves themselves once they are read (the Command's `at` and clock),
// not typed into the line and read back: a line of several moves carries one reading of the
// clock on each, and a move the table stamped keeps its own.
TEST(AgreedHour, EveryMoveOfALineCarriesTheSameStampAndATypedStampIsKept) {
  Game g("live-line", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Started "2999-01-01T19:00:00Z"]
[Variant "short-game"]
[TimeLimit "1h"]
[Setup]
Ann: cash 1200; at "Old Kent Road"; owns "Old Kent Road", "Whitechapel Road"
Ben: cash 1200
Turn: Ann
[Moves]
)");
  g.played("Ann mortgages Old Kent Road, Whitechapel Road");
  g.played("@2999-01-01T19:05:00Z Ann rolls 1 2");
  std::vector<std::string> stamps;
  const json log = g.doc("log");  // held: the loop reads into it
  for (const auto& e : log["events"])
    if (e["type"] == "MovePlayed") stamps.push_back(e.value("at", std::string()));
  ASSERT_EQ(stamps.size(), 3u);
  const std::regex iso(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)");
  EXPECT_TRUE(std::regex_match(stamps[0], iso)) << stamps[0];
  EXPECT_EQ(stamps[1], stamps[0]);  // the line's second move: the same reading of the clock
  EXPECT_EQ(stamps[2], "2999-01-01T19:05:00Z");  // the table's own stamp
}

// rule uk-1972/short-game/finish-round: time called during Ann's turn; Ben and Cat have theirs,
// then the game is over; Ann may not begin another.
TEST(FinishRound, TimeCalledEndsTheGameOnceTheRoundIsComplete) {
  const std::string opening = R"([Ruleset "uk-1972"]
[Players "Ann, Ben, Cat"]
[Variant "short-game, finish-round"]
[Setup]
Ann: cash 1000; at "Old Kent Road"
Ben: cash 1000; at "Old Kent Road"
Cat: cash 1000; at "Old Kent Road"
Turn: Ann
[Moves]
Ann rolls 2 3      # The Angel, Islington
Ann buys
Referee calls time
)";
  Game g("finish-round", opening);
  json s = g.doc("status");
  EXPECT_FALSE(s["over"].get<bool>());
  EXPECT_EQ(g.doc("value")["provisional"], true);
  g.played("Ben rolls 4 4");  // Pentonville Road; doubles: he throws again, the round is his turn's
  g.played("Ben buys");
  g.played("Ben rolls 1 2");  // Electric Company
  g.played("Ben buys");
  g.played("Cat rolls 2 2");  // King's Cross Station
  g.played("Cat buys");
  EXPECT_FALSE(g.doc("status")["over"].get<bool>());
  g.played("Cat rolls 1 2");  // Euston Road
  g.played("Cat buys");
  s = g.doc("status");
  EXPECT_TRUE(s["over"].get<bool>()) << s.dump();
  EXPECT_EQ(g.refused("Ann rolls 1 2"), "uk-1972/short-game/finish-round");
  EXPECT_EQ(g.doc("verify")["ok"], true);
  // Without the setting the same call ends the game at once.
  std::string plain = opening;
  plain.replace(plain.find("short-game, finish-round"), 24, "short-game");
  Game p("no-finish-round", plain);
  EXPECT_TRUE(p.doc("status")["over"].get<bool>());
  EXPECT_EQ(p.refused("Ben rolls 4 4"), "uk-1972/short-game/time-called");
}

// rule us-standard/short-game/deal-two-deeds: a new time-limit game at a table waits for the deal;
// status says so, and moves lists the deal, which a program following moves --json can play.
TEST(TimeLimitStart, StatusAndMovesPointToTheDealFirst) {
  const fs::path dir = testing::temp_dir("time-limit-start");
  const fs::path db = dir / "g.db";
  ASSERT_EQ(testing::referee(db, "new --ruleset us-standard --players 'Ann, Ben' --variant time-limit").code, 0);
  const auto words = testing::referee(db, "status");
  EXPECT_EQ(words.out.find("Now: Ann to throw"), std::string::npos) << words.out;
  EXPECT_NE(words.out.find("Now: the Banker deals"), std::string::npos) << words.out;
  // Follow moves --json: play its first move until the first throw is among them.
  for (int step = 0; step < 4; ++step) {
    const auto m = testing::referee(db, "--json moves");
    ASSERT_EQ(m.code, 0) << m.err;
    const json moves = json::parse(m.out);
    ASSERT_FALSE(moves["moves"].empty()) << m.out;
    const std::string first = moves["moves"][0].get<std::string>();
    if (first.find("rolls") != std::string::npos) break;
    ASSERT_NE(first.find("Referee deals"), std::string::npos) << m.out;
    const auto r = testing::referee(db, "play " + quote(first));
    ASSERT_EQ(r.code, 0) << first << ": " << r.out << r.err;
  }
  const json s = json::parse(testing::referee(db, "--json status").out);
  int deeds = 0;
  for (const json& p : s["players"]) deeds += static_cast<int>(p["properties"].size());
  EXPECT_EQ(deeds, 4);
  EXPECT_EQ(testing::referee(db, "play 'Ann rolls 1 2'").code, 0);
  fs::remove_all(dir);
}

// status --setup of an ended game imports to the same position: a bankrupt player stays out,
// time called stays called, a won game stays won.
std::string setup_of(const Game& g) { return g.text("status --setup"); }

void expect_round_trip(const Game& g, const std::string& name) {
  const std::string text = setup_of(g);
  Game again(name + "-again", text);
  EXPECT_EQ(setup_of(again), text);
  const json a = g.doc("status"), b = again.doc("status");
  EXPECT_EQ(a["over"], b["over"]) << text;
  EXPECT_EQ(a.value("winner", json()), b.value("winner", json())) << text;
  EXPECT_EQ(a["time_called"], b["time_called"]) << text;
  for (std::size_t i = 0; i < a["players"].size(); ++i) {
    EXPECT_EQ(a["players"][i]["bankrupt"], b["players"][i]["bankrupt"]) << text;
    EXPECT_EQ(a["players"][i]["cash"], b["players"][i]["cash"]) << text;
  }
  EXPECT_EQ(g.doc("value")["players"], again.doc("value")["players"]) << text;
  EXPECT_EQ(g.doc("value")["final"], again.doc("value")["final"]) << text;
}

TEST(SetupOfAnEndedGame, ABankruptPlayerStaysOut) {
  Game g("setup-bankrupt", R"([Ruleset "uk-1972"]
[Players "Ann, Ben, Cat"]
[Setup]
Ann: cash 40
Ben: cash 200; owns "The Angel, Islington" (2 houses), "Euston Road" (2 houses), "Pentonville Road" (2 houses)
Cat: cash 1000; at Strand
Turn: Ann
[Moves]
Ann rolls 4 5
Ben claims rent
Ann declares bankruptcy
)");
  const std::string text = setup_of(g);
  EXPECT_NE(text.find("Ann: bankrupt"), std::string::npos) << text;
  expect_round_trip(g, "setup-bankrupt");
}

TEST(SetupOfAnEndedGame, TimeCalledWithADebtUnpaid) {
  Game g("setup-time-debt", owed_rent_at_time_called("Cat: cash 1000; at Strand"));
  const std::string text = setup_of(g);
  EXPECT_NE(text.find("Time: called"), std::string::npos) << text;
  EXPECT_NE(text.find("owes 100 to Ben"), std::string::npos) << text;
  expect_round_trip(g, "setup-time-debt");
  // And the imported game goes on as the first: Ann's bankruptcy ends it, Ben wins.
  Game again("setup-time-debt-on", text);
  again.played("Ann declares bankruptcy");
  EXPECT_EQ(again.doc("status")["winner"], "Ben");
}

TEST(SetupOfAnEndedGame, AGameOverStaysOver) {
  Game won("setup-won", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 40
Ben: cash 200; owns "The Angel, Islington" (2 houses), "Euston Road" (2 houses), "Pentonville Road" (2 houses)
Turn: Ann
[Moves]
Ann rolls 4 5
Ben claims rent
Ann declares bankruptcy
)");
  EXPECT_NE(setup_of(won).find("Winner: Ben"), std::string::npos) << setup_of(won);
  expect_round_trip(won, "setup-won");
  Game timed("setup-timed", R"([Ruleset "military"]
[Players "Ann, Ben"]
[Variant "short-game"]
[Setup]
Ann: cash 900; at Watchkeeper
Ben: cash 800
Turn: Ann
[Moves]
Ann rolls 1 2
Referee calls time
)");
  expect_round_trip(timed, "setup-timed");
  EXPECT_TRUE(timed.doc("status")["over"].get<bool>());
}

// rules military/sell/evenly and military/houses/build-evenly: a line over several sites is one
// move, even once the whole line is done; it is taken whole or refused whole.
TEST(SeveralSitesOneLine, SellingAndBuildingAcrossAGroupIsRuledWhole) {
  Game g("several-sites", R"([Ruleset "military"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 1500; at Watchkeeper
Ben: cash 500; owns Sniper (4 houses), "Assault Trooper" (4 houses), Scimitar (3 houses), Warrior (3 houses), "Challenger 2" (3 houses)
Turn: Ben
[Moves]
Ben sells 2 Ammo Stores on Sniper, "Assault Trooper"   # 4/4 to 2/2
)");
  json s = g.doc("status");
  for (const json& p : s["players"][1]["properties"]) {
    if (p["name"] == "Sniper" || p["name"] == "Assault Trooper") {
      EXPECT_EQ(p["houses"], 2) << p.dump();
    }
  }
  EXPECT_EQ(s["players"][1]["cash"], 500 + 4 * 100);
  // Uneven at the end (1/1/3): refused whole, nothing sold.
  EXPECT_EQ(g.refused("Ben sells 2 Ammo Stores on Scimitar, Warrior"), "military/sell/evenly");
  EXPECT_EQ(g.doc("status")["players"][1]["cash"], 900);
  // Building back two on each, one line.
  g.played("Ben builds 2 Ammo Stores on Sniper and \"Assault Trooper\"");
  s = g.doc("status");
  EXPECT_EQ(s["players"][1]["cash"], 900 - 4 * 200);
  EXPECT_EQ(g.doc("verify")["ok"], true);
}

}  // namespace
}  // namespace deedlog
