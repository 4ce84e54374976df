// Self-play: seeded bots play whole games through decide(); after every event the position is
// sound; the journal re-adjudicates to the same events; the same seed gives the same games.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app/simulation.h"
#include "app/statistics.h"
#include "app/verification.h"
#include "rules/ruleset_catalog.h"
#include "support/cli.h"

namespace deedlog {
namespace {

class EveryEdition : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryEdition, HundredsOfSimulatedGamesKeepEveryInvariant) {
  SimulationOptions o;
  o.ruleset = GetParam();
  o.games = 150;
  o.seed = 20261122;
  o.check_invariants = true;
  for (int players : {2, 3, 4, 6}) {
    o.players = players;
    std::vector<SimulatedGame> results;
    const Status s = simulate(o, nullptr, &results);
    ASSERT_TRUE(s.is_ok()) << s.message();
    ASSERT_EQ(results.size(), 150u);
    int finished = 0;
    for (const SimulatedGame& g : results) {
      EXPECT_EQ(g.problem, "") << "game " << g.index << " with " << players << " players";
      finished += g.finished ? 1 : 0;
    }
    EXPECT_GT(finished, 100) << "most games should end with one player left";
  }
}

INSTANTIATE_TEST_SUITE_P(Editions, EveryEdition, ::testing::ValuesIn(builtin_ruleset_ids()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(Simulation, TheJournalReAdjudicatesToTheSameEvents) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  SimulationOptions o;
  o.games = 12;
  o.seed = 99;
  std::vector<SimulatedGame> results;
  ASSERT_TRUE(simulate(o, j.get(), &results).is_ok());
  for (const SimulatedGame& g : results) {
    VerifyReport rep;
    ASSERT_TRUE(verify_game(*j, g.game_id, &rep).is_ok());
    EXPECT_TRUE(rep.ok) << "game " << g.game_id << ": " << rep.problem;
    EXPECT_EQ(rep.events, g.events);
  }
  JournalStatistics st;
  ASSERT_TRUE(journal_statistics(*j, &st).is_ok());
  EXPECT_EQ(st.games, 12);
  std::int64_t landings = 0, throws = 0;
  for (auto l : st.landings) landings += l;
  for (const SimulatedGame& g : results) throws += g.throws;
  EXPECT_EQ(st.throws, throws);
  EXPECT_EQ(landings, throws);  // every throw ends somewhere
}

TEST(Simulation, SameSeedSameGamesByteForByte) {
  const auto dir = testing::temp_dir("same-seed");
  for (const char* name : {"a.db", "b.db"}) {
    const auto r = testing::referee(dir / name, "simulate --ruleset uk-1972 --games 5 --seed 42 --players 3");
    ASSERT_EQ(r.code, 0) << r.err;
  }
  const auto a = testing::referee(dir / "a.db", "--json --game 5 log");
  const auto b = testing::referee(dir / "b.db", "--json --game 5 log");
  ASSERT_EQ(a.code, 0);
  EXPECT_EQ(a.out, b.out);  // the same events, hashes included
  const auto other = testing::referee(dir / "c.db", "simulate --games 1 --seed 43 --players 3");
  ASSERT_EQ(other.code, 0);
  EXPECT_NE(testing::referee(dir / "c.db", "--json log").out, testing::referee(dir / "a.db", "--json --game 1 log").out);
  const auto stats = testing::referee(dir / "a.db", "--json stats");
  ASSERT_EQ(stats.code, 0) << stats.err;
  const auto doc = nlohmann::json::parse(stats.out);
  EXPECT_EQ(doc["games"], 5);
  EXPECT_EQ(doc["squares"].size(), 40u);
}

TEST(Simulation, BadOptionsAreUsageErrors) {
  const auto dir = testing::temp_dir("sim-usage");
  EXPECT_EQ(testing::referee(dir / "x.db", "simulate --players 9").code, 2);
  EXPECT_EQ(testing::referee(dir / "x.db", "simulate --ruleset nope").code, 2);
  EXPECT_EQ(testing::referee(dir / "x.db", "simulate --games -1").code, 2);
}

}  // namespace
}  // namespace deedlog
