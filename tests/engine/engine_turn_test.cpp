// uk-1972, TO START THE GAME: turn order, moving, doubles, three doubles, salary.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::Table;

// rule uk-1972/turn/order
TEST(TurnOrder, FirstNamedPlayerThrowsFirstAndOthersMustWait) {
  Table t;
  EXPECT_EQ(t.state().turn, 0);
  const Refused v = t.refuse(Table::cmd(Verb::Roll, 1, 3, 4));
  EXPECT_EQ(v.rule, "uk-1972/turn/order");
  EXPECT_EQ(v.section, "TO START THE GAME");
  EXPECT_EQ(v.code, RefusalCode::NotYourTurnMustThrow);
  EXPECT_TRUE(testing::has_arg(v, arg::player(0))) << v.message;  // Ann must throw
}

// rule uk-1972/turn/order: the turn passes to the left (the next seat) once the move is over.
TEST(TurnOrder, TurnPassesToTheNextSeatWhenHeThrows) {
  Table t;
  t.roll(0, 1, 3);  // Ann to Income Tax (4)
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
  const Refused again = t.refuse(Table::cmd(Verb::Roll, 0, 2, 3));
  EXPECT_EQ(again.rule, "uk-1972/turn/order");
  const Refused cat = t.refuse(Table::cmd(Verb::Roll, 2, 2, 3));
  EXPECT_EQ(cat.code, RefusalCode::NotYourTurnPlaysNext);
  EXPECT_TRUE(testing::has_arg(cat, arg::player(1))) << cat.message;  // Ben plays next
  t.roll(1, 6, 4);  // Ben to Jail (just visiting)
  EXPECT_EQ(t.state().turn, 1);
  EXPECT_TRUE(t.last_has(EventType::TurnStarted));
  EXPECT_EQ(t.player(1).square, 10);
  EXPECT_FALSE(t.player(1).in_jail);
}

// rule uk-1972/turn/end-turn
TEST(TurnOrder, EndTurnPassesTheTurnAndIsRefusedMidMove) {
  Table t;
  t.roll(0, 6, 5);  // Ann to Pall Mall (11): buy decision pending
  EXPECT_EQ(t.refuse(Table::cmd(Verb::EndTurn, 0)).rule, "uk-1972/turn/finish-the-move");
  t.decline(0);
  t.pass(0);
  t.pass(1);
  t.pass(2);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::EndTurn, 1)).rule, "uk-1972/turn/end-turn");  // not Ben's turn to end
  t.end_turn(0);
  EXPECT_EQ(t.state().turn, 1);
  EXPECT_EQ(t.state().phase, Phase::AwaitingRoll);
}

// rule uk-1972/tax/choice: the 1972 board's taxes are fixed sums; no choice to make.
TEST(Tax, NoChoiceOfTaxInThisEdition) {
  Table t({"Ann", "Ben"}, testing::setup_with({testing::seat(0, 1500, 1)}));
  t.roll(0, 1, 2);
  Command c = Table::cmd(Verb::PayTax, 0);
  c.tax = TaxChoice::Percent;
  EXPECT_EQ(t.refuse(c).rule, "uk-1972/tax/choice");
  EXPECT_EQ(t.player(0).cash, Money{1300});
}

// rule uk-1972/turn/doubles-throw-again
TEST(Doubles, ADoubleEarnsAnotherThrowAndTheSpaceReachedCounts) {
  Table t;
  t.roll(0, 2, 2);  // Ann to Income Tax (4): pays 200, throws again
  EXPECT_EQ(t.player(0).cash, Money{1300});
  EXPECT_EQ(t.state().phase, Phase::AwaitingRoll);
  EXPECT_EQ(t.state().turn, 0);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::EndTurn, 0)).rule, "uk-1972/turn/doubles-throw-again");
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 1, 1, 2)).rule, "uk-1972/turn/order");
  t.roll(0, 1, 2);  // 4 + 3: Chance (7)
  EXPECT_EQ(t.player(0).square, 7);
}

// rule uk-1972/turn/three-doubles-jail
TEST(Doubles, ThirdDoubleInARowGoesToJailWithoutMoving) {
  Table t;
  t.roll(0, 3, 3);  // 6: The Angel, offered
  t.decline(0);
  t.pass(0);
  t.pass(1);
  t.pass(2);
  t.roll(0, 1, 1);  // 8: Euston Road
  t.decline(0);
  t.pass(0);
  t.pass(1);
  t.pass(2);
  EXPECT_EQ(t.player(0).square, 8);
  t.roll(0, 4, 4);
  EXPECT_TRUE(t.last_has(EventType::SentToJail));
  EXPECT_FALSE(t.last_has(EventType::TokenMoved));
  EXPECT_EQ(t.player(0).square, 10);
  EXPECT_TRUE(t.player(0).in_jail);
  EXPECT_EQ(t.state().phase, Phase::TurnOver);  // the turn ends there
  EXPECT_EQ(static_cast<int>(t.last_of(EventType::SentToJail).count), static_cast<int>(JailReason::ThreeDoubles));
}

// rule uk-1972/turn/salary: passing GO pays the salary.
TEST(Salary, PassingGoPays200) {
  Table t({"Ann", "Ben"}, testing::setup_with({testing::seat(0, 1500, 36)}));
  t.roll(0, 3, 4);  // 36 + 7 = 43 -> 3 Whitechapel
  EXPECT_EQ(t.player(0).square, 3);
  EXPECT_TRUE(t.last_has(EventType::SalaryPaid));
  EXPECT_EQ(t.player(0).cash, Money{1700});
}

// rule uk-1972/turn/salary: landing exactly on GO pays it too.
TEST(Salary, LandingOnGoPays200) {
  Table t({"Ann", "Ben"}, testing::setup_with({testing::seat(0, 1500, 33)}));
  t.roll(0, 3, 4);
  EXPECT_EQ(t.player(0).square, 0);
  EXPECT_EQ(t.player(0).cash, Money{1700});
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// rule uk-1972/jail/no-salary: sent to jail past GO pays nothing.
TEST(Salary, GoToJailNeverPaysSalary) {
  Table t({"Ann", "Ben"}, testing::setup_with({testing::seat(0, 1500, 24)}));
  t.roll(0, 2, 4);  // 30: Go to Jail
  EXPECT_EQ(t.player(0).square, 10);
  EXPECT_TRUE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).cash, Money{1500});
  EXPECT_FALSE(t.last_has(EventType::SalaryPaid));
}

TEST(Dice, FacesOutsideOneToSixAreRefused) {
  Table t;
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 0, 7, 1)).rule, "uk-1972/turn/order");
}

// rule uk-1972/turn/seeded-dice: without a Seed the dice must be written down.
TEST(Dice, RefereeThrowsOnlyInASeededGame) {
  Table t;
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 0)).rule, "uk-1972/turn/seeded-dice");
  Table seeded({"Ann", "Ben"}, std::nullopt, 42);
  seeded.play(Table::cmd(Verb::Roll, 0));
  const Event& thrown = seeded.last_of(EventType::DiceThrown);
  EXPECT_GE(thrown.die1, 1);
  EXPECT_LE(thrown.die1, 6);
  Table again({"Ann", "Ben"}, std::nullopt, 42);
  again.play(Table::cmd(Verb::Roll, 0));
  EXPECT_EQ(again.last(), seeded.last());  // same seed, same throw
}

// rule uk-1972/free-parking/nothing
TEST(FreeParking, NothingHappens) {
  Table t({"Ann", "Ben"}, testing::setup_with({testing::seat(0, 1500, 15)}));
  t.roll(0, 2, 3);
  EXPECT_EQ(t.player(0).square, 20);
  EXPECT_EQ(t.player(0).cash, Money{1500});
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// rule uk-1972/tax/pay-bank
TEST(Tax, IncomeTaxAndSuperTaxArePaidToTheBank) {
  Table t({"Ann", "Ben"}, testing::setup_with({testing::seat(0, 1500, 35)}));
  t.roll(0, 1, 2);  // 38 Super Tax
  EXPECT_EQ(t.player(0).cash, Money{1400});
  EXPECT_EQ(t.last_of(EventType::TaxPaid).amount, Money{100});
  t.roll(1, 1, 3);  // Ben 4 Income Tax
  EXPECT_EQ(t.player(1).cash, Money{1300});
  EXPECT_EQ(t.state().bank_takings + t.player(0).cash + t.player(1).cash, Money{0});
}

// rule uk-1972/debt/game-waits
TEST(Debt, APaymentBeyondTheCashLeavesADebtAndTheGameWaits) {
  Table t({"Ann", "Ben"}, testing::setup_with({testing::seat(0, 150, 1)}));
  t.roll(0, 1, 2);  // 4 Income Tax 200 with 150 in hand
  EXPECT_TRUE(t.last_has(EventType::DebtIncurred));
  EXPECT_EQ(t.player(0).cash, Money{150});
  EXPECT_EQ(t.player(0).owes[0], Money{200});
  const Refused v = t.refuse(Table::cmd(Verb::Roll, 1, 1, 2));
  EXPECT_EQ(v.rule, "uk-1972/debt/game-waits");
  EXPECT_EQ(v.code, RefusalCode::DebtBlocksGame);
  EXPECT_TRUE(testing::has_arg(v, arg::player(0))) << v.message;  // Ann owes £200 to the Bank
  EXPECT_TRUE(testing::has_arg(v, arg::money(Money{200}))) << v.message;
  EXPECT_TRUE(testing::has_arg(v, arg::player(kBank))) << v.message;
}

}  // namespace
}  // namespace deedlog
