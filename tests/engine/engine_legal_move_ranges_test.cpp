// Legal moves a program can use: what of a listed move may vary is a value (MoveRange), worded
// outside the engine (present/legal_move_words: tests/present/legal_move_words_test.cpp), and
// any value within the range is accepted when played, in every edition.
#include <gtest/gtest.h>

#include <random>

#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/legal_moves.h"
#include "deedlog/position_queries.h"
#include "deedlog/ruleset_catalog.h"
#include "support/picked_move.h"

namespace deedlog {
namespace {

using testing::pick;  // support/picked_move.h

// Thousands of random listed moves in every edition, seeded and at a table (dice as thrown):
// every one is accepted.
TEST(MoveRanges, EveryListedMoveIsAcceptedAnywhereInItsRange) {
  for (const std::string& id : builtin_ruleset_ids()) {
    Ruleset r;
    ASSERT_TRUE(load_ruleset(id, &r).is_ok());
    for (const bool seeded : {true, false}) {
      GameHeader h;
      h.ruleset = id;
      h.players = {"Ann", "Ben", "Cat"};
      if (seeded) h.seed = 1234;
      State s = initial_state(r, h);
      const Decision start = decide_start(r, h, std::nullopt);
      ASSERT_TRUE(start.accepted) << id;
      for (const Event& e : start.events) evolve(s, e);
      std::mt19937 rng(seeded ? 7u : 8u);
      int played = 0;
      for (int step = 0; step < 800; ++step) {
        // Time called ends a game with a short-game variant at once: leave it to the end. (A
        // building auction is walked too: its high bidder keeps a site for the building,
        // Shortage.TheHighBidderForABuildingMayNotStrandIt, so no auction ends in a dead end.)
        std::vector<LegalMove> moves = legal_moves(r, s);
        std::erase_if(moves, [](const LegalMove& l) { return l.command.verb == Verb::CallTime; });
        if (moves.empty()) break;
        const LegalMove& m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
        const Command c = pick(m, rng);
        const Decision d = decide(r, s, c);
        ASSERT_TRUE(d.accepted) << id << (seeded ? " seeded" : " at a table") << ", step " << step << ": " << d.violation.rule;
        for (const Event& e : d.events) evolve(s, e);
        ++played;
      }
      // A short game dealt by hand lists the referee's deal first (the first deeds the Bank
      // holds), so every game goes on.
      EXPECT_TRUE(dealing_done(r, s)) << id;
      EXPECT_GT(played, 50) << id << (seeded ? " seeded" : " at a table");
    }
  }
}

}  // namespace
}  // namespace deedlog
