// Corrections: a referee's ruling recorded as new events; and salary is the referee's to pay.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

Command award(PlayerId to, std::int64_t amount, PlayerId from = kBank) {
  Command c;
  c.verb = Verb::Award;
  c.actor = kReferee;
  c.counterparty = to;
  c.amount = Money{amount};
  c.payer = from;
  c.note = "rent on Mayfair, asked in time";
  return c;
}

// rule uk-1972/referee/correction
TEST(Correction, AnAwardMovesMoneyAndRecordsTheRuling) {
  Table t({"Ann", "Ben"});
  const Events ev = t.play(award(1, 50, 0));
  ASSERT_GE(ev.size(), 2u);
  EXPECT_EQ(ev[0].type, EventType::RulingRecorded);
  EXPECT_EQ(ev[0].text, "rent on Mayfair, asked in time");
  EXPECT_EQ(t.player(0).cash, Money{1450});
  EXPECT_EQ(t.player(1).cash, Money{1550});
  t.play(award(0, 200));  // from the Bank
  EXPECT_EQ(t.player(0).cash, Money{1650});
  EXPECT_EQ(t.state().bank_takings + t.player(0).cash + t.player(1).cash, Money{0});
}

// rule uk-1972/referee/correction: what the payer cannot pay he owes.
TEST(Correction, AnAwardBeyondThePayersCashIsOwed) {
  Table t({"Ann", "Ben"}, setup_with({seat(0, 30)}));
  t.play(award(1, 50, 0));
  EXPECT_EQ(t.player(0).owes[2], Money{50});
  EXPECT_EQ(t.player(0).cash, Money{30});
}

// rule uk-1972/referee/correction: a deed moves to the player the ruling gives it to.
TEST(Correction, ADeedAwardedChangesHandsUnlessItsGroupIsBuilt) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(39), prop(1, 1), prop(3, 1)};
  Table t({"Ann", "Ben"}, setup_with({ann}));
  Command c = award(1, 0);
  c.square = 39;
  t.play(c);
  EXPECT_EQ(t.state().holdings[39].owner, 1);
  c.square = 1;
  EXPECT_EQ(t.refuse(c).rule, "uk-1972/trade/no-site-of-a-built-group");
  Command players = award(0, 10);
  players.actor = 1;
  EXPECT_EQ(t.refuse(players).rule, "uk-1972/referee/correction");
}

// rule uk-1972/referee/salary-paid-by-referee
TEST(Correction, SalaryIsNeverClaimedInPlay) {
  Table t({"Ann", "Ben"});
  EXPECT_EQ(t.refuse(Table::cmd(Verb::ClaimSalary, 0)).rule, "uk-1972/referee/salary-paid-by-referee");
}

// rule uk-1972/game/over: after the end only corrections are recorded.
TEST(Correction, AnAwardMayFollowTheEndOfTheGame) {
  PlayerSetup ben = seat(1, 0, 34);
  Table t({"Ann", "Ben"}, setup_with({ben}));
  t.mutable_state().phase = Phase::GameOver;
  t.mutable_state().winner = 0;
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 0, 1, 2)).rule, "uk-1972/game/over");
  t.play(award(0, 10));
  EXPECT_EQ(t.player(0).cash, Money{1510});
}

}  // namespace
}  // namespace deedlog
