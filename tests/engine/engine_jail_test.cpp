// uk-1972, JAIL and VISITING JAIL: into jail three ways, out of it four ways.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::seat;
using testing::setup_with;
using testing::Table;

Table jailed(int turns_used, std::int64_t cash = 1500, int cards = 0) {
  PlayerSetup ann = seat(0, cash);
  ann.jail_turns = turns_used;
  if (cards) ann.jail_cards = cards;
  return Table({"Ann", "Ben"}, setup_with({ann}));
}

// rule uk-1972/jail/sent-to-jail: the Go to Jail square.
TEST(Jail, GoToJailSquareSendsToJail) {
  Table t({"Ann", "Ben"}, setup_with({seat(0, 1500, 25)}));
  t.roll(0, 2, 3);
  EXPECT_TRUE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).square, 10);
  EXPECT_EQ(t.player(0).jail_turns, 0);
}

// Reaching the Jail square by a throw is just visiting.
TEST(Jail, JustVisiting) {
  Table t({"Ann", "Ben"}, setup_with({seat(0, 1500, 5)}));
  t.roll(0, 2, 3);
  EXPECT_EQ(t.player(0).square, 10);
  EXPECT_FALSE(t.player(0).in_jail);
}

// rule uk-1972/jail/doubles-leave: out by doubles, move by them, and (this edition) throw again.
TEST(Jail, DoublesLeaveMoveAndThrowAgain) {
  Table t = jailed(0);
  t.roll(0, 3, 3);
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).square, 16);
  EXPECT_EQ(t.state().phase, Phase::BuyDecision);
  t.decline(0);
  t.pass(0);
  t.pass(1);
  EXPECT_EQ(t.state().phase, Phase::AwaitingRoll);
  EXPECT_EQ(t.state().turn, 0);
}

TEST(Jail, AFailedThrowStaysInAndEndsTheTurn) {
  Table t = jailed(0);
  t.roll(0, 1, 2);
  EXPECT_TRUE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).jail_turns, 1);
  EXPECT_EQ(t.player(0).square, 10);
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// rule uk-1972/jail/fine-before-throw: on the next or the following turn, before throwing.
TEST(Jail, FineBeforeThrowingOnTheFirstOrSecondTurn) {
  Table t = jailed(1);
  t.play(Table::cmd(Verb::PayFine, 0));
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).cash, Money{1450});
  EXPECT_EQ(t.state().phase, Phase::AwaitingRoll);  // then throws as usual
  t.roll(0, 1, 2);
  EXPECT_EQ(t.player(0).square, 13);
}

TEST(Jail, FineIsNotPaidAfterThrowing) {
  Table t = jailed(0);
  t.roll(0, 1, 2);  // a failed attempt ends the turn
  t.roll(1, 1, 3);  // Ben: Income Tax
  t.roll(0, 1, 3);  // Ann fails again: the fine is too late for this turn
  const Refused v = t.refuse(Table::cmd(Verb::PayFine, 0));
  EXPECT_EQ(v.rule, "uk-1972/turn/order");  // the turn is over
}

// rule uk-1972/jail/third-turn-fine: on the third turn he throws first; no fine beforehand.
TEST(Jail, NoFineBeforeTheThirdThrow) {
  Table t = jailed(2);
  const Refused v = t.refuse(Table::cmd(Verb::PayFine, 0));
  EXPECT_EQ(v.rule, "uk-1972/jail/third-turn-fine");
  EXPECT_EQ(v.section, "VISITING JAIL");
}

// rule uk-1972/jail/third-turn-fine: a failed third throw pays £50 and moves by it.
TEST(Jail, ThirdFailedThrowPaysTheFineAndMoves) {
  Table t = jailed(2);
  t.roll(0, 2, 5);
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).cash, Money{1450});
  EXPECT_EQ(t.player(0).square, 17);
  EXPECT_EQ(static_cast<int>(t.last_of(EventType::LeftJail).count), static_cast<int>(JailExit::ThirdTurnFine));
}

TEST(Jail, ThirdFailedThrowWithoutTheCashLeavesADebt) {
  Table t = jailed(2, 30);
  t.roll(0, 2, 5);
  EXPECT_EQ(t.player(0).owes[0], Money{50});
  EXPECT_FALSE(t.player(0).in_jail);
}

// rule uk-1972/jail/use-card
TEST(Jail, TheCardGetsHimOutAndGoesBackUnderItsPack) {
  Table t = jailed(0, 1500, 1);
  EXPECT_EQ(t.player(0).jail_cards[0], 1);
  t.play(Table::cmd(Verb::UseCard, 0));
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).jail_card_count(), 0);
  const PackState& pack = t.state().packs[0];
  ASSERT_EQ(pack.size, 1);
  EXPECT_EQ(t.ruleset().decks[0].cards[pack.known_at(0)].action, CardAction::GetOutOfJailFree);
}

TEST(Jail, NoCardNoUse) {
  Table t = jailed(0);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::UseCard, 0)).rule, "uk-1972/jail/use-card");
}

// A jailed player's fine may start his turn once the last player's move is over.
TEST(Jail, FineMayOpenTheTurn) {
  PlayerSetup ben = seat(1);
  ben.jail_turns = 0;
  Table t({"Ann", "Ben"}, setup_with({seat(0), ben}));
  t.roll(0, 1, 3);
  t.play(Table::cmd(Verb::PayFine, 1));
  EXPECT_EQ(t.state().turn, 1);
  EXPECT_FALSE(t.player(1).in_jail);
}

}  // namespace
}  // namespace deedlog
