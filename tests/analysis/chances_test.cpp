// referee chances: win shares by seeded play-outs. The answer must not depend on the number of
// threads, a decided game must give its winner every play-out, and the JSON carries its fields.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "analysis/chances.h"
#include "bots/simulation.h"
#include "service/game_session.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;

struct Fixture {
  std::filesystem::path dir = testing::temp_dir("chances");
  testing::RemovedAtExit cleanup{dir};
};

// A journal of one simulated game stopped after `moves` moves (a game still in play when short).
std::filesystem::path simulated(const Fixture& f, const std::string& name, int moves) {
  const auto db = f.dir / name;
  const auto r = testing::referee(db, "simulate --games 1 --seed 9 --players 4 --max-moves " + std::to_string(moves));
  EXPECT_EQ(r.code, 0) << r.err;
  return db;
}

TEST(Chances, TheSameSeedGivesTheSameAnswerOnAnyNumberOfThreads) {
  Fixture f;
  const auto db = simulated(f, "mid.db", 150);
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(db.string(), &j, true).is_ok());
  Game g;
  ASSERT_TRUE(load_game(*j, 1, 0, &g).is_ok());
  CardsSeen seen{};
  ASSERT_TRUE(cards_seen(*j, g, &seen).is_ok());
  ChancesOptions o;
  o.games = 120;
  o.seed = 5;
  std::vector<Chances> answers;
  for (int threads : {1, 2, 3}) {
    o.threads = threads;
    Chances c;
    ASSERT_TRUE(estimate_chances(g.ruleset, g.state, seen, g.header.players, o, &c).is_ok());
    answers.push_back(c);
  }
  int total = 0;
  for (const PlayerChance& p : answers[0].players) total += p.wins;
  EXPECT_EQ(total + answers[0].unfinished, 120);
  for (std::size_t k = 1; k < answers.size(); ++k) {
    EXPECT_EQ(answers[k].unfinished, answers[0].unfinished);
    EXPECT_EQ(answers[k].moves, answers[0].moves);
    for (std::size_t p = 0; p < answers[0].players.size(); ++p) EXPECT_EQ(answers[k].players[p].wins, answers[0].players[p].wins);
  }
  // Another seed plays other games.
  o.seed = 6;
  o.threads = 2;
  Chances other;
  ASSERT_TRUE(estimate_chances(g.ruleset, g.state, seen, g.header.players, o, &other).is_ok());
  EXPECT_NE(other.moves, answers[0].moves);
}

TEST(Chances, AGameAlreadyWonGivesItsWinnerEveryPlayOut) {
  Fixture f;
  const auto db = simulated(f, "over.db", 4000);
  const auto status = json::parse(testing::referee(db, "--json status").out);
  ASSERT_TRUE(status.value("over", false)) << status.dump();
  const std::string winner = status["winner"];
  const auto r = testing::referee(db, "--json chances --games 50 --seed 3");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = json::parse(r.out);
  for (const auto& p : doc["players"]) {
    if (p["name"] == winner) {
      EXPECT_EQ(p["wins"], 50);
      EXPECT_DOUBLE_EQ(p["win"].get<double>(), 1.0);
      EXPECT_DOUBLE_EQ(p["high"].get<double>(), 1.0);
      EXPECT_GT(p["low"].get<double>(), 0.9);
    } else {
      EXPECT_EQ(p["wins"], 0);
      EXPECT_DOUBLE_EQ(p["low"].get<double>(), 0.0);
    }
  }
  EXPECT_EQ(doc["unfinished"], 0);
}

TEST(Chances, JsonCarriesEachPlayersShareAndInterval) {
  Fixture f;
  const auto db = simulated(f, "mid.db", 150);
  const auto r = testing::referee(db, "--json chances --games 40 --seed 2 --at 300 --max-moves 2000");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = json::parse(r.out);
  // Event 300 may be inside a move: the position is then the one after that whole move, as
  // status shows it, and the answer says which event was asked for.
  const auto status = json::parse(testing::referee(db, "--json status --at 300").out);
  EXPECT_EQ(doc["seq"], status["seq"]);
  if (status["seq"] != 300) {
    EXPECT_EQ(doc["asked_at"], 300);
  }
  EXPECT_EQ(doc["games"], 40);
  EXPECT_EQ(doc["max_moves"], 2000);
  ASSERT_EQ(doc["players"].size(), 4u);
  double shares = 0;
  for (const auto& p : doc["players"]) {
    for (const char* field : {"name", "wins", "win", "low", "high"}) EXPECT_TRUE(p.contains(field)) << field;
    EXPECT_LE(p["low"].get<double>(), p["win"].get<double>());
    EXPECT_GE(p["high"].get<double>(), p["win"].get<double>());
    shares += p["win"].get<double>();
  }
  EXPECT_NEAR(shares + doc["unfinished_share"].get<double>(), 1.0, 1e-9);
  for (const char* field : {"unfinished", "unfinished_share", "seconds", "moves"}) EXPECT_TRUE(doc.contains(field)) << field;
  EXPECT_FALSE(doc.contains("time_called_now"));  // not a time-limit game
  // Usage errors: no play-outs.
  EXPECT_EQ(testing::referee(db, "chances --games 0").code, 2);
}

TEST(Chances, ATimeLimitGameSaysWhoLeadsWereTimeCalledNow) {
  Fixture f;
  const auto db = f.dir / "short.db";
  ASSERT_EQ(testing::referee(db, "simulate --games 1 --seed 4 --players 3 --max-moves 120 --variant short-game").code, 0);
  const auto r = testing::referee(db, "--json chances --games 20 --seed 1");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = json::parse(r.out);
  ASSERT_TRUE(doc.contains("time_called_now")) << doc.dump();
  EXPECT_EQ(doc["time_called_now"]["estates"].size(), 3u);
  EXPECT_FALSE(doc["time_called_now"]["leaders"].empty());
}

TEST(Chances, WilsonIntervalOfKnownCounts) {
  double low = 0, high = 0;
  wilson_interval(50, 100, &low, &high);
  EXPECT_NEAR(low, 0.4038, 1e-3);
  EXPECT_NEAR(high, 0.5962, 1e-3);
  wilson_interval(0, 10, &low, &high);
  EXPECT_DOUBLE_EQ(low, 0.0);
  EXPECT_NEAR(high, 0.2775, 1e-3);
}

}  // namespace
}  // namespace deedlog
