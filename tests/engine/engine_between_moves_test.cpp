// The last position of a journal is one between moves, and the rules decide on it: its phase
// agrees with what it waits on (check_between_moves). Positions folded from crafted events
// that passed check_state made decide index square 255 (a BuyDecision naming no square) and
// move a jailed token off the Jail square (a card awaited by a player in jail), and sell a site
// its token did not stand on, or one already owned (an offer of another square); all found by
// fuzz/fuzz_event_fold.cpp.
#include "deedlog/state_check.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::Table;

TEST(BetweenMoves, APositionOfPlayIsSound) {
  Table t;
  EXPECT_EQ(check_between_moves(t.ruleset(), 3, t.state()), "");
  t.roll(0, 1, 2);  // Ann to Whitechapel Road: she may buy it
  EXPECT_EQ(t.state().phase, Phase::BuyDecision);
  EXPECT_EQ(check_between_moves(t.ruleset(), 3, t.state()), "");
}

TEST(BetweenMoves, APhaseThatWaitsOnNothingItNamesIsRefused) {
  Table t;
  t.roll(0, 1, 2);
  State s = t.state();
  s.pending_square = kNoSquare;  // a BuyDecision naming no square
  EXPECT_NE(check_between_moves(t.ruleset(), 3, s), "");
  EXPECT_EQ(check_state(t.ruleset(), 3, s), "");  // within a move it may be so for an event
  State jailed = t.state();
  jailed.phase = Phase::AwaitingCard;
  jailed.player(0).in_jail = true;
  jailed.player(0).square = t.ruleset().jail_square;
  EXPECT_NE(check_between_moves(t.ruleset(), 3, jailed), "");
}

TEST(BetweenMoves, AnOfferOfASiteTheMoverIsNotOnOrThatIsOwnedIsRefused) {
  Table t;
  t.roll(0, 1, 2);  // Ann on Whitechapel Road (3), offered it
  ASSERT_EQ(t.state().pending_square, SquareId{3});
  State elsewhere = t.state();
  elsewhere.pending_square = 12;  // Electric Company offered, her token on Whitechapel Road
  EXPECT_NE(check_between_moves(t.ruleset(), 3, elsewhere), "");
  EXPECT_EQ(check_state(t.ruleset(), 3, elsewhere), "");  // only between moves is it wrong
  State owned = t.state();
  owned.holdings[3].owner = 1;  // Ben owns the site she is offered
  EXPECT_NE(check_between_moves(t.ruleset(), 3, owned), "");
}

}  // namespace
}  // namespace deedlog
