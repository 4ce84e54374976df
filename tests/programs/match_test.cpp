// referee match: seats rotated over paired seeds, the same seed the same match, a bot that
// breaks the rules or hangs loses its game, and the results' fields.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "bots/match.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;

json match(const std::string& args, int* code = nullptr) {
  const testing::RunResult r = testing::run(deedlog::testing::referee_program(), "--json match " + args);
  if (code) *code = r.code;
  else EXPECT_EQ(r.code, 0) << r.err;
  return json::parse(r.out, nullptr, false);
}

// The standings and the games, without the timings.
json without_times(json doc) {
  doc.erase("seconds");
  doc.erase("cpu_seconds");
  return doc;
}

TEST(Match, SeatsRotateOverPairedSeeds) {
  const json doc = match("--games 6 --seed 3 --player A=builtin --player B=random --player C=builtin");
  ASSERT_EQ(doc["results"].size(), 6u);
  for (int pair = 0; pair < 2; ++pair) {
    const json& g0 = doc["results"][pair * 3];
    // Each seed is played once per rotation: three games, one seed, every bot at every seat.
    for (int r = 0; r < 3; ++r) {
      const json& g = doc["results"][pair * 3 + r];
      EXPECT_EQ(g["seed"], g0["seed"]);
      for (int seat = 0; seat < 3; ++seat)
        EXPECT_EQ(g["seats"][seat], g0["seats"][(seat + r) % 3]) << "game " << pair * 3 + r;
    }
  }
  EXPECT_NE(doc["results"][0]["seed"], doc["results"][3]["seed"]);
  EXPECT_EQ(doc["results"][0]["seats"], json({"A", "B", "C"}));
}

TEST(Match, TheSameSeedPlaysTheSameMatch) {
  const std::string args = "--games 4 --seed 9 --player Ann=builtin --player Ben=random";
  const json first = without_times(match(args));
  EXPECT_EQ(first, without_times(match(args)));
  EXPECT_NE(first["results"], without_times(match("--games 4 --seed 10 --player Ann=builtin --player Ben=random"))["results"]);
}

TEST(Match, ResultsGiveEachBotsStanding) {
  const json doc = match("--games 4 --seed 1 --max-moves 3000 --player Ann=builtin --player Ben=random");
  EXPECT_EQ(doc["games"], 4);
  ASSERT_EQ(doc["players"].size(), 2u);
  int wins = 0;
  for (const json& p : doc["players"]) {
    for (const char* field : {"name", "program", "games", "wins", "losses", "ties", "forfeits", "unfinished", "share",
                              "low", "high", "rating"})
      EXPECT_TRUE(p.contains(field)) << field;
    EXPECT_EQ(p["games"], 4);
    EXPECT_LE(p["low"].get<double>(), p["share"].get<double>());
    EXPECT_GE(p["high"].get<double>(), p["share"].get<double>());
    wins += p["wins"].get<int>();
  }
  EXPECT_EQ(wins + doc["unfinished"].get<int>(), 4);  // two bots: every finished game has one winner
  EXPECT_TRUE(doc.contains("unfinished"));
}

TEST(Match, AMoveTheRulesRefuseLosesTheGame) {
  // A bot that always pays a fine it does not owe.
  const std::string bot = testing::quote("sh -c 'while read line; do echo \"{\\\"move\\\": \\\"Zed pays fine\\\"}\"; done'");
  const json doc = match("--games 2 --seed 4 --player Ann=builtin --player Zed=" + bot);
  ASSERT_EQ(doc["results"].size(), 2u);
  for (const json& g : doc["results"]) {
    ASSERT_TRUE(g.contains("forfeit")) << g.dump();
    EXPECT_EQ(g["forfeit"]["player"], "Zed");
    EXPECT_EQ(g["forfeit"]["reason"], "refused");
    EXPECT_EQ(g["forfeit"]["move"], "Zed pays fine");
    EXPECT_FALSE(g["forfeit"]["violation"]["rule"].get<std::string>().empty());
    EXPECT_EQ(g["winner"], "Ann");
  }
  EXPECT_EQ(doc["players"][1]["forfeits"], 2);
  EXPECT_EQ(doc["players"][0]["wins"], 2);
}

TEST(Match, AHangingBotIsStoppedAndLoses) {
  const json doc = match("--games 2 --seed 2 --move-time 0.2 --player Ann=builtin --player Slow=" +
                         testing::quote("sleep 60"));
  for (const json& g : doc["results"]) {
    ASSERT_TRUE(g.contains("forfeit")) << g.dump();
    EXPECT_EQ(g["forfeit"]["player"], "Slow");
    EXPECT_EQ(g["forfeit"]["reason"], "timeout");
    EXPECT_EQ(g["winner"], "Ann");
  }
  EXPECT_EQ(doc["players"][1]["restarts"], 1);  // stopped in game 1, started again for game 2
}

TEST(Match, ABotThatExitsLoses) {
  const json doc = match("--games 2 --seed 2 --player Ann=builtin --player Gone=true");
  for (const json& g : doc["results"]) {
    ASSERT_TRUE(g.contains("forfeit")) << g.dump();
    EXPECT_EQ(g["forfeit"]["reason"], "exited");
  }
}

TEST(Match, BuiltinAgainstThePythonBot) {
  if (std::system("python3 -c 'import json' >/dev/null 2>&1") != 0) GTEST_SKIP() << "python3 is not installed";
  const std::string bot = testing::quote("python3 " + std::string(deedlog::testing::source_dir()) + "/examples/bots/random_bot.py --seed 3");
  const json doc = match("--games 2 --seed 5 --max-moves 1500 --player Ann=builtin --player Py=" + bot);
  ASSERT_EQ(doc["results"].size(), 2u);
  for (const json& g : doc["results"]) {
    EXPECT_FALSE(g.contains("forfeit")) << g.dump();  // it plays listed moves only: all legal
    EXPECT_GT(g["moves"].get<int>(), 10);
  }
  EXPECT_EQ(doc["players"][1]["program"].get<std::string>().rfind("python3", 0), 0u);
}

TEST(Match, WithDbTheGamesAreJournalledAndVerify) {
  const auto dir = testing::temp_dir("match-db");
  const auto db = dir / "match.db";
  const testing::RunResult r = testing::referee(db, "--json match --games 2 --seed 6 --max-moves 300 --player Ann=builtin --player Ben=random");
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["results"][0]["game_id"], 1);
  EXPECT_EQ(doc["results"][1]["game_id"], 2);
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
  const json games = json::parse(testing::referee(db, "--json games").out);
  EXPECT_EQ(games["games"].size(), 2u);
  std::filesystem::remove_all(dir);
}

TEST(Match, BadOptionsAreUsageErrors) {
  int code = 0;
  match("--games 2 --player Ann=builtin", &code);
  EXPECT_EQ(code, 2);
  match("--games 2 --player Ann=builtin --player Ann=random", &code);
  EXPECT_EQ(code, 2);
  match("--games 2 --player Ann=builtin --player Ben", &code);
  EXPECT_EQ(code, 2);
  match("--games 2 --player Ann=builtin --player Ben=random --move-time 0", &code);
  EXPECT_EQ(code, 2);
  match("--games 2 --player Ann=builtin --player Ben=random --call-time-after 0", &code);
  EXPECT_EQ(code, 2);
}

// A short game has no end but the agreed time: the referee calls it after --call-time-after
// moves, the move in progress completes, and the richest wins. Before, every short-game match
// game ran to --max-moves and was counted unfinished.
// rule short-game/time-called
TEST(Match, AShortGameEndsWhenTheRefereeCallsTime) {
  const auto dir = testing::temp_dir("match-short");
  const auto db = dir / "short.db";
  const testing::RunResult r = testing::referee(
      db, "--json match --ruleset us-short --games 2 --seed 4 --call-time-after 60 --player Ann=builtin --player Ben=random");
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["unfinished"], 0);
  for (const json& g : doc["results"]) {
    EXPECT_GE(g["moves"].get<int>(), 60);
    EXPECT_LT(g["moves"].get<int>(), 4000);
  }
  // The journal holds the referee's call, and verify decides it again.
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
  const json events = json::parse(testing::referee(db, "--game 1 --json log").out, nullptr, false);
  bool called = false;
  if (events.is_object() && events.contains("events"))
    for (const json& e : events["events"]) called = called || e["type"] == "TimeCalled";
  EXPECT_TRUE(called) << "no TimeCalled event in game 1";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
