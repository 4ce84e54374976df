// A decided move is applied once: the position a decision hands over (worked out as decide made
// its events) is the position the move's line and events fold to, in every edition, seeded and
// at a table, with the timed edition's windows stamped and run out.
#include <gtest/gtest.h>

#include <random>

#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/legal_moves.h"
#include "deedlog/ruleset_catalog.h"
#include "support/picked_move.h"

namespace deedlog {
namespace {

// The position the journal's readers fold: the move's line, then its events.
State folded(State s, const Command& c, const Events& events) {
  evolve(s, move_line(c, "a move"));
  for (const Event& e : events) evolve(s, e);
  return s;
}

using testing::pick;  // support/picked_move.h

// Random listed moves (a take-back aside: its return is the reader's, GameLog::fold; time called
// and a building auction aside, as in engine_legal_move_ranges_test): after
// each, the applied position is the folded one, field for field, the move lines included.
void walk(const std::string& id, bool seeded, bool stamped, int steps) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset(id, &r).is_ok());
  GameHeader h;
  h.ruleset = id;
  h.players = {"Ann", "Ben", "Cat"};
  if (seeded) h.seed = 4321;
  const Decision start = decide_start(r, h, std::nullopt);
  ASSERT_TRUE(start.accepted) << id;
  ASSERT_TRUE(start.after);
  State s = initial_state(r, h);
  for (const Event& e : start.events) evolve(s, e);
  EXPECT_EQ(*start.after, s) << id << ": the opening";
  std::mt19937 rng(seeded ? 11u : 12u);
  std::int64_t now = stamped ? 1'700'000'000 : kNoTime;
  int applied = 0;
  for (int step = 0; step < steps; ++step) {
    if (stamped) now += std::uniform_int_distribution<std::int64_t>(0, 40)(rng);
    std::vector<LegalMove> moves = legal_moves(r, s, now);
    std::erase_if(moves, [](const LegalMove& l) {
      return l.command.verb == Verb::TakeBack || l.command.verb == Verb::AuctionBuilding || l.command.verb == Verb::CallTime;
    });
    if (moves.empty()) break;
    Command c = pick(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)], rng);
    c.clock = now;
    const Decision d = decide(r, s, c);
    if (!d.accepted) {
      EXPECT_FALSE(d.after) << id << ": a refusal hands over no position";
      continue;
    }
    ASSERT_TRUE(d.after) << id;
    const State expected = folded(s, c, d.events);
    apply_decision(s, d);
    ASSERT_EQ(s, expected) << id << (seeded ? " seeded" : " at a table") << (stamped ? " stamped" : "") << ", step "
                           << step << ", verb " << static_cast<int>(c.verb);
    ++applied;
  }
  EXPECT_GT(applied, 50) << id;
}

TEST(ApplyDecision, TheHandedOverPositionIsTheFoldInEveryEdition) {
  for (const std::string& id : builtin_ruleset_ids())
    for (const bool seeded : {true, false}) walk(id, seeded, /*stamped=*/false, 600);
}

// The computer's windows: events stamped with the move's time after they were applied, and
// windows run out before a move (their events come first).
TEST(ApplyDecision, TheHandedOverPositionIsTheFoldWithTimesStamped) {
  for (const bool seeded : {true, false}) walk("computer", seeded, /*stamped=*/true, 800);
}

TEST(ApplyDecision, TheMovesLineIsItsFirstEvent) {
  Command c;
  c.actor = 2;
  const Event line = move_line(c, "Cat buys");
  EXPECT_EQ(line.type, EventType::MovePlayed);
  EXPECT_EQ(line.player, 2);
  EXPECT_EQ(line.text, "Cat buys");
}

// A copied decision holds a position of its own; a moved one hands its position over.
TEST(ApplyDecision, HeldPositionsCopyAndMove) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  GameHeader h;
  h.ruleset = "uk-1972";
  h.players = {"Ann", "Ben"};
  h.seed = 5;
  Decision start = decide_start(r, h, std::nullopt);
  ASSERT_TRUE(start.after);
  Decision copy = start;
  ASSERT_TRUE(copy.after);
  EXPECT_NE(&*copy.after, &*start.after);
  EXPECT_EQ(*copy.after, *start.after);
  const State* held = &*start.after;
  Decision moved = std::move(start);
  EXPECT_EQ(&*moved.after, held);
  copy = moved;
  EXPECT_EQ(*copy.after, *moved.after);
  EXPECT_NE(&*copy.after, held);
}

}  // namespace
}  // namespace deedlog
