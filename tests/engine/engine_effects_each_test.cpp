// Every effect of engine/effects.h on its own: the events it emits, in order, with their fields
// read by the names event_types.h gives them, and the position they leave (out.state). Grouped
// by the sections of effects.h. tests/engine/engine_effects_test.cpp has the first tests of a few of these
// (and the regressions); these add what each effect records, and the editions that change it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "deedlog/building_group.h"
#include "deedlog/currency.h"
#include "deedlog/event_fields.h"
#include "deedlog/position_queries.h"
#include "engine/effects.h"
#include "support/economy.h"

namespace deedlog {
// A field that may hold a sentinel compared with the seat, the Bank or "no square" the test
// expects: equality reads no table, so these tests may ask it directly.
constexpr bool operator==(PlayerOrBank a, PlayerId b) { return a.raw == b; }
constexpr bool operator==(PlayerOrReferee a, PlayerId b) { return a.raw == b; }
constexpr bool operator==(SquareOrNone a, SquareId b) { return a.raw == b; }
namespace {
using testing::hotel;
using testing::holder;
using testing::kElectric;
using testing::kIncomeTax;
using testing::kMayfair;
using testing::kOldKentRoad;
using testing::kParkLane;
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;
using testing::types_of;
namespace f = fields;
using ET = EventType;
using Types = std::vector<EventType>;

constexpr PlayerId kAnn = 0, kBen = 1, kCat = 2, kDan = 3;
constexpr SquareId kChance = 7, kCommunityChest = 2;

const Ruleset& uk() { return testing::uk1972(); }
const Ruleset& rc() { return testing::edition("regional-currency"); }
const Ruleset& computer() { return testing::edition("computer"); }
const Ruleset& us() { return testing::edition("us-standard"); }
SquareId rc_sq(const char* name) { return testing::square_named(rc(), name); }

const Ruleset& uk_jackpot() { return testing::uk1972_jackpot(); }
const Ruleset& uk_double_salary() {
  static const Ruleset r = [] {
    Ruleset x = uk();
    x.house.double_salary_on_go = true;
    return x;
  }();
  return r;
}

Table table(std::vector<PlayerSetup> seats, const Ruleset& r = uk()) {
  return Table({"Ann", "Ben", "Cat"}, setup_with(std::move(seats)), std::nullopt, r);
}
// regional-currency with four seats: Ann represents South, Ben West, Cat North, Dan East.
Table rc_table(std::vector<PlayerSetup> seats, std::vector<std::string> players = {"Ann", "Ben", "Cat", "Dan"}) {
  return Table(std::move(players), setup_with(std::move(seats)), std::nullopt, rc());
}
PlayerSetup jailed(PlayerId p, std::int64_t cash, int turns_used = 0) {
  PlayerSetup ps = seat(p, cash);
  ps.jail_turns = turns_used;
  return ps;
}
// What p owes creditor (kBank: the Bank) in a working position.
Money owed(const State& s, PlayerId p, PlayerId creditor) {
  return s.player(p).owes[static_cast<std::size_t>(creditor + 1)];
}
std::uint64_t bit(SquareId s) { return std::uint64_t{1} << s; }

// ---- Turns and dice ----

// A turn begins: its player, a throw awaited, and nothing of the last turn's throws or offers.
TEST(EffectsTurns, StartTurnHandsTheTurnOnAndForgetsTheLastTurnsThrows) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::offer_trade(out, kAnn, kBen, effect::TradeTerms{});
  effect::throw_dice(out, kAnn, 4, 4, 1, true);
  effect::start_turn(out, kBen);
  EXPECT_EQ(types_of(out.events), (Types{ET::TradeOffered, ET::DiceThrown, ET::TurnStarted}));
  EXPECT_EQ(f::TurnStarted::player(out.events.back()), kBen);
  EXPECT_EQ(out.state.turn, kBen);
  EXPECT_EQ(out.state.phase, Phase::AwaitingRoll);
  EXPECT_EQ(out.state.doubles, 0);
  EXPECT_FALSE(out.state.throw_again);
  EXPECT_FALSE(out.state.rolled_this_turn);
  EXPECT_EQ(out.state.offers_this_turn, 0);
}

// A throw records the dice, the run of doubles and whether it earns another; it moves nothing.
TEST(EffectsTurns, ThrowDiceRecordsTheDiceTheDoublesRunAndAnotherThrow) {
  Table t = table({seat(kAnn, 500, kOldKentRoad)});
  Outcome out(t.ruleset(), t.state());
  const std::uint64_t throws = out.state.throws;
  effect::throw_dice(out, kAnn, 5, 5, 2, true);
  ASSERT_EQ(types_of(out.events), (Types{ET::DiceThrown}));
  const Event& doubles = out.events[0];
  EXPECT_EQ(f::DiceThrown::thrower(doubles), kAnn);
  EXPECT_EQ(f::DiceThrown::die1(doubles), 5);
  EXPECT_EQ(f::DiceThrown::die2(doubles), 5);
  EXPECT_EQ(f::DiceThrown::doubles_run(doubles), 2);
  EXPECT_TRUE(f::DiceThrown::throws_again(doubles));
  EXPECT_EQ(out.state.last_die1, 5);
  EXPECT_EQ(out.state.last_die2, 5);
  EXPECT_EQ(out.state.doubles, 2);
  EXPECT_TRUE(out.state.throw_again);
  EXPECT_TRUE(out.state.rolled_this_turn);
  EXPECT_EQ(out.state.throws, throws + 1);
  EXPECT_EQ(out.state.player(kAnn).square, kOldKentRoad);

  effect::throw_dice(out, kAnn, 6, 1, 0, false);
  const Event& plain = out.events.back();
  EXPECT_EQ(f::DiceThrown::die1(plain), 6);
  EXPECT_EQ(f::DiceThrown::die2(plain), 1);
  EXPECT_EQ(f::DiceThrown::doubles_run(plain), 0);
  EXPECT_FALSE(f::DiceThrown::throws_again(plain));
  EXPECT_EQ(out.state.doubles, 0);
  EXPECT_FALSE(out.state.throw_again);
  EXPECT_EQ(out.state.throws, throws + 2);
}

// rule uk-1972/turn/doubles-throw-again: a double earns another throw, unless the move ended in
// jail; once time is called (the short game) the move in progress is the last.
TEST(EffectsTurns, FinishMoveGivesAnotherThrowOnlyAfterADoubleThatDidNotEndInJail) {
  {
    Table t = table({seat(kAnn, 500)});
    Outcome out(t.ruleset(), t.state());
    effect::offer_property(out, kAnn, kMayfair, Money{400});
    effect::throw_dice(out, kAnn, 2, 2, 1, true);
    effect::finish_move(out, kAnn);
    ASSERT_EQ(out.events.back().type, ET::MoveCompleted);
    EXPECT_EQ(f::MoveCompleted::player(out.events.back()), kAnn);
    EXPECT_TRUE(f::MoveCompleted::throws_again(out.events.back()));
    EXPECT_EQ(out.state.phase, Phase::AwaitingRoll);
    EXPECT_EQ(out.state.pending_square, kNoSquare);
  }
  {
    Table t = table({seat(kAnn, 500)});
    Outcome out(t.ruleset(), t.state());
    effect::throw_dice(out, kAnn, 3, 4, 0, false);
    effect::finish_move(out, kAnn);
    EXPECT_FALSE(f::MoveCompleted::throws_again(out.events.back()));
    EXPECT_EQ(out.state.phase, Phase::TurnOver);
  }
  {
    // Still in jail after a throw that earned another: the move is over.
    Table t = table({jailed(kAnn, 500)});
    Outcome out(t.ruleset(), t.state());
    effect::throw_dice(out, kAnn, 2, 2, 1, true);
    ASSERT_TRUE(out.state.player(kAnn).in_jail);
    effect::finish_move(out, kAnn);
    EXPECT_FALSE(f::MoveCompleted::throws_again(out.events.back()));
    EXPECT_EQ(out.state.phase, Phase::TurnOver);
  }
  {
    Table t = table({seat(kAnn, 500)});
    Outcome out(t.ruleset(), t.state());
    effect::call_time(out);
    effect::throw_dice(out, kAnn, 2, 2, 1, true);
    effect::finish_move(out, kAnn);
    EXPECT_FALSE(f::MoveCompleted::throws_again(out.events.back()));
    EXPECT_EQ(out.state.phase, Phase::TurnOver);
  }
}

// ---- Moving a token ----

// rule uk-1972/turn/salary: the token moves, then the salary when it reached or passed GO.
TEST(EffectsMoving, MoveForwardMovesTheTokenThenPaysTheSalaryOnlyAtGo) {
  Table t = table({seat(kAnn, 100, kOldKentRoad), seat(kBen, 100, kParkLane)});
  Outcome out(t.ruleset(), t.state());
  effect::move_forward(out, kAnn, 3);
  ASSERT_EQ(types_of(out.events), (Types{ET::TokenMoved}));
  EXPECT_EQ(f::TokenMoved::player(out.events[0]), kAnn);
  EXPECT_EQ(f::TokenMoved::to(out.events[0]), kIncomeTax);
  EXPECT_EQ(f::TokenMoved::travelled(out.events[0]), 3);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{100});

  const Money takings = out.state.bank_takings;
  effect::move_forward(out, kBen, 3);  // Park Lane (37) + 3: GO
  ASSERT_EQ(types_of(out.events), (Types{ET::TokenMoved, ET::TokenMoved, ET::SalaryPaid}));
  EXPECT_EQ(f::TokenMoved::to(out.events[1]), 0);
  EXPECT_EQ(f::TokenMoved::travelled(out.events[1]), 3);
  EXPECT_EQ(f::SalaryPaid::player(out.events[2]), kBen);
  EXPECT_EQ(f::SalaryPaid::salary(out.events[2]), Money{200});
  EXPECT_EQ(out.state.player(kBen).square, 0);
  EXPECT_EQ(out.state.player(kBen).cash, Money{300});
  EXPECT_EQ(out.state.bank_takings, takings - Money{200});
}

// rule uk-1972/house/double-salary-on-go: landing exactly on GO pays twice; passing it, once.
TEST(EffectsMoving, MoveForwardOntoGoPaysTwiceTheSalaryUnderTheHouseRule) {
  Table t = table({seat(kAnn, 100, kParkLane), seat(kBen, 100, kParkLane)}, uk_double_salary());
  Outcome out(t.ruleset(), t.state());
  effect::move_forward(out, kAnn, 3);  // onto GO
  EXPECT_EQ(f::SalaryPaid::salary(out.events.back()), Money{400});
  effect::move_forward(out, kBen, 5);  // past GO
  EXPECT_EQ(f::SalaryPaid::salary(out.events.back()), Money{200});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
  EXPECT_EQ(out.state.player(kBen).cash, Money{300});
}

// rule uk-1972/turn/salary: advancing to a square goes forward, the salary when it passes GO.
TEST(EffectsMoving, AdvanceToGoesForwardToTheSquareAndPaysTheSalaryPastGo) {
  Table t = table({seat(kAnn, 100, kChance), seat(kBen, 100, kMayfair)});
  Outcome out(t.ruleset(), t.state());
  effect::advance_to(out, kAnn, kMayfair);
  ASSERT_EQ(types_of(out.events), (Types{ET::TokenMoved}));
  EXPECT_EQ(f::TokenMoved::to(out.events[0]), kMayfair);
  EXPECT_EQ(f::TokenMoved::travelled(out.events[0]), kMayfair - kChance);
  effect::advance_to(out, kBen, kOldKentRoad);
  ASSERT_EQ(types_of(out.events), (Types{ET::TokenMoved, ET::TokenMoved, ET::SalaryPaid}));
  EXPECT_EQ(f::TokenMoved::player(out.events[1]), kBen);
  EXPECT_EQ(f::TokenMoved::to(out.events[1]), kOldKentRoad);
  EXPECT_EQ(f::TokenMoved::travelled(out.events[1]), 2);
  EXPECT_EQ(f::SalaryPaid::player(out.events[2]), kBen);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{100});
  EXPECT_EQ(out.state.player(kBen).cash, Money{300});
}

// rule uk-1972/turn/salary: moves backwards never pay it, even back across GO.
TEST(EffectsMoving, MoveBackToCountsTheStepsBackwardsAndPaysNoSalary) {
  Table t = table({seat(kAnn, 100, kChance), seat(kBen, 100, kCommunityChest)});
  Outcome out(t.ruleset(), t.state());
  effect::move_back_to(out, kAnn, kIncomeTax);
  effect::move_back_to(out, kBen, kMayfair);
  ASSERT_EQ(types_of(out.events), (Types{ET::TokenMoved, ET::TokenMoved}));
  EXPECT_EQ(f::TokenMoved::to(out.events[0]), kIncomeTax);
  EXPECT_EQ(f::TokenMoved::travelled(out.events[0]), -3);
  EXPECT_EQ(f::TokenMoved::player(out.events[1]), kBen);
  EXPECT_EQ(f::TokenMoved::to(out.events[1]), kMayfair);
  EXPECT_EQ(f::TokenMoved::travelled(out.events[1]), -3);
  EXPECT_EQ(out.state.player(kAnn).square, kIncomeTax);
  EXPECT_EQ(out.state.player(kBen).square, kMayfair);
  EXPECT_EQ(out.state.player(kBen).cash, Money{100});
}

// ---- Jail ----

// rule uk-1972/jail/no-salary: straight to jail from Park Lane: no token move past GO, no salary.
TEST(EffectsJail, SendToJailRecordsTheReasonAndTheJailSquareAndEndsTheDoubles) {
  Table t = table({seat(kAnn, 100, kParkLane)});
  Outcome out(t.ruleset(), t.state());
  effect::throw_dice(out, kAnn, 6, 6, 3, true);
  effect::send_to_jail(out, kAnn, JailReason::ThreeDoubles);
  ASSERT_EQ(types_of(out.events), (Types{ET::DiceThrown, ET::SentToJail}));
  const Event& e = out.events[1];
  EXPECT_EQ(f::SentToJail::player(e), kAnn);
  EXPECT_EQ(f::SentToJail::jail(e), uk().jail_square);
  EXPECT_EQ(f::SentToJail::reason(e), JailReason::ThreeDoubles);
  EXPECT_TRUE(out.state.player(kAnn).in_jail);
  EXPECT_EQ(out.state.player(kAnn).square, uk().jail_square);
  EXPECT_EQ(out.state.player(kAnn).jail_turns, 0);
  EXPECT_FALSE(out.state.throw_again);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{100});
}

// Out of jail by the way given; nothing is paid and the token stays where it is.
TEST(EffectsJail, LeaveJailRecordsHowAndFreesThePlayer) {
  Table t = table({jailed(kAnn, 500, 2)});
  ASSERT_EQ(t.player(kAnn).jail_turns, 2);
  Outcome out(t.ruleset(), t.state());
  effect::leave_jail(out, kAnn, JailExit::ThirdTurnFine);
  ASSERT_EQ(types_of(out.events), (Types{ET::LeftJail}));
  EXPECT_EQ(f::LeftJail::player(out.events[0]), kAnn);
  EXPECT_EQ(f::LeftJail::how(out.events[0]), JailExit::ThirdTurnFine);
  EXPECT_FALSE(out.state.player(kAnn).in_jail);
  EXPECT_EQ(out.state.player(kAnn).jail_turns, 0);
  EXPECT_EQ(out.state.player(kAnn).square, uk().jail_square);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
}

// rule uk-1972/debt/game-waits: the fine goes to the Bank; without the cash it is owed.
TEST(EffectsJail, PayJailFinePaysTheBankOrOwesIt) {
  Table t = table({jailed(kAnn, 500), jailed(kBen, 20)});
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::pay_jail_fine(out, kAnn, Money{50});
  ASSERT_EQ(types_of(out.events), (Types{ET::FinePaid}));
  const Event& fine = out.events[0];
  EXPECT_EQ(f::FinePaid::payer(fine), kAnn);
  EXPECT_EQ(f::FinePaid::payee(fine), kBank);
  EXPECT_EQ(f::FinePaid::paid(fine), Money{50});
  EXPECT_EQ(f::FinePaid::printed(fine), Money{});
  EXPECT_EQ(f::FinePaid::square(fine), kNoSquare);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{450});
  EXPECT_EQ(out.state.bank_takings, takings + Money{50});
  EXPECT_TRUE(out.state.player(kAnn).in_jail);  // paying does not free him: leave_jail does

  effect::pay_jail_fine(out, kBen, Money{50});
  ASSERT_EQ(out.events.back().type, ET::DebtIncurred);
  const Event& debt = out.events.back();
  EXPECT_EQ(f::DebtIncurred::debtor(debt), kBen);
  EXPECT_EQ(f::DebtIncurred::creditor(debt), kBank);
  EXPECT_EQ(f::DebtIncurred::owed(debt), Money{50});
  EXPECT_EQ(f::DebtIncurred::for_payment(debt), ET::FinePaid);
  EXPECT_EQ(out.state.player(kBen).cash, Money{20});
  EXPECT_EQ(owed(out.state, kBen, kBank), Money{50});
}

// rule uk-1972/house/free-parking-jackpot: the fine paid waits on Free Parking; a fine owed does not (yet).
TEST(EffectsJail, PayJailFineWaitsOnFreeParkingUnderTheHouseRule) {
  Table t = table({jailed(kAnn, 500), jailed(kBen, 20)}, uk_jackpot());
  Outcome out(t.ruleset(), t.state());
  effect::pay_jail_fine(out, kAnn, Money{50});
  ASSERT_EQ(types_of(out.events), (Types{ET::FinePaid, ET::JackpotAdded}));
  EXPECT_EQ(f::JackpotAdded::payer(out.events[1]), kAnn);
  EXPECT_EQ(f::JackpotAdded::added(out.events[1]), Money{50});
  EXPECT_EQ(out.state.jackpot, Money{50});
  effect::pay_jail_fine(out, kBen, Money{50});
  EXPECT_EQ(types_of(out.events), (Types{ET::FinePaid, ET::JackpotAdded, ET::DebtIncurred}));
  EXPECT_EQ(out.state.jackpot, Money{50});
}

// rule regional-currency/currency/own-currency: the jail fine is in the player's own currency,
// whatever his rate: nothing is exchanged.
TEST(EffectsJail, PayJailFineIsInThePlayersOwnCurrency) {
  PlayerSetup ann = jailed(kAnn, 500);
  ann.owns = {prop(rc_sq("Mediterranean Avenue")), prop(rc_sq("Baltic Avenue"))};
  Table t = rc_table({ann, seat(kBen), seat(kCat), seat(kDan)});
  ASSERT_EQ(player_rate(rc(), t.state(), kAnn), 2);
  Outcome out(t.ruleset(), t.state());
  effect::pay_jail_fine(out, kAnn, Money{50});
  ASSERT_EQ(types_of(out.events), (Types{ET::FinePaid}));
  EXPECT_EQ(f::FinePaid::paid(out.events[0]), Money{50});
  EXPECT_EQ(f::FinePaid::printed(out.events[0]), Money{});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{450});
}

// A throw in jail without doubles: the turns used so far; he stays in.
TEST(EffectsJail, FailJailThrowCountsTheTurnsUsedAndKeepsHimIn) {
  Table t = table({jailed(kAnn, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::fail_jail_throw(out, kAnn, 1);
  effect::fail_jail_throw(out, kAnn, 2);
  ASSERT_EQ(types_of(out.events), (Types{ET::JailTurnFailed, ET::JailTurnFailed}));
  EXPECT_EQ(f::JailTurnFailed::player(out.events[0]), kAnn);
  EXPECT_EQ(f::JailTurnFailed::turns_used(out.events[0]), 1);
  EXPECT_EQ(f::JailTurnFailed::turns_used(out.events[1]), 2);
  EXPECT_EQ(out.state.player(kAnn).jail_turns, 2);
  EXPECT_TRUE(out.state.player(kAnn).in_jail);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
}

// computer: after the last failed throw, the choice to pay and move or miss the next go.
TEST(EffectsJail, OfferJailChoiceOpensThePayOrMissChoice) {
  Table t = table({jailed(kAnn, 500, 2)}, computer());
  Outcome out(t.ruleset(), t.state());
  effect::offer_jail_choice(out, kAnn, Money{50});
  ASSERT_EQ(types_of(out.events), (Types{ET::JailChoiceOffered}));
  EXPECT_EQ(f::JailChoiceOffered::player(out.events[0]), kAnn);
  EXPECT_EQ(f::JailChoiceOffered::fine(out.events[0]), Money{50});
  EXPECT_EQ(out.state.phase, Phase::JailChoice);
  EXPECT_EQ(out.state.pending_fine, Money{50});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
  EXPECT_TRUE(out.state.player(kAnn).in_jail);
}

// computer: a go sat out ends the go; staying in or not is recorded, and only that.
TEST(EffectsJail, SkipGoEndsTheGoAndRecordsWhetherHeStaysIn) {
  Table t = table({jailed(kAnn, 500, 2), jailed(kBen, 500)}, computer());
  Outcome out(t.ruleset(), t.state());
  effect::skip_go(out, kAnn, true);
  ASSERT_EQ(types_of(out.events), (Types{ET::GoSkipped}));
  EXPECT_EQ(f::GoSkipped::player(out.events[0]), kAnn);
  EXPECT_TRUE(f::GoSkipped::stays_in(out.events[0]));
  EXPECT_EQ(out.state.phase, Phase::TurnOver);
  EXPECT_TRUE(out.state.player(kAnn).in_jail);
  effect::skip_go(out, kBen, false);
  EXPECT_EQ(f::GoSkipped::player(out.events.back()), kBen);
  EXPECT_FALSE(f::GoSkipped::stays_in(out.events.back()));
  EXPECT_TRUE(out.state.player(kBen).in_jail);  // leave_jail frees him, not this
}

// ---- Money ----

// Each kind of payment is its own event, with the payer, the payee, the sum and the square.
TEST(EffectsMoney, PayRecordsEachKindOfPaymentAsItsOwnEvent) {
  struct Case {
    effect::PaymentKind kind;
    PlayerId payee;
    EventType type;
  };
  const Case cases[] = {{effect::PaymentKind::Rent, kBen, ET::RentPaid},
                        {effect::PaymentKind::Tax, kBank, ET::TaxPaid},
                        {effect::PaymentKind::JailFine, kBank, ET::FinePaid},
                        {effect::PaymentKind::CardToBank, kBank, ET::PaidToBank},
                        {effect::PaymentKind::ToPlayer, kBen, ET::PaidToPlayer}};
  for (const Case& c : cases) {
    Table t = table({seat(kAnn, 500), seat(kBen, 100)});
    Outcome out(t.ruleset(), t.state());
    const Money takings = out.state.bank_takings;
    effect::pay(out, c.kind, kAnn, c.payee, Money{40}, kMayfair);
    ASSERT_EQ(types_of(out.events), (Types{c.type})) << static_cast<int>(c.kind);
    // The payment types share these fields: payer, payee, square, what was paid, as exchanged.
    const Event& e = out.events[0];
    EXPECT_EQ(e.player, kAnn);
    EXPECT_EQ(e.other, c.payee);
    EXPECT_EQ(e.square, kMayfair);
    EXPECT_EQ(e.amount, Money{40});
    EXPECT_EQ(e.amount2, Money{});
    EXPECT_EQ(out.state.player(kAnn).cash, Money{460});
    if (c.payee == kBen) {
      EXPECT_EQ(out.state.player(kBen).cash, Money{140});
    } else {
      EXPECT_EQ(out.state.bank_takings, takings + Money{40});
    }
  }
}

// rule regional-currency/currency/rent-in-owner-currency: Ben (West +2) owes Cat (North -4) $50 of
// her currency: spread +6, he pays $20 of his; the Bank makes the exchange. A tax is not exchanged.
TEST(EffectsMoney, PayConvertsASumOwedToAPlayerIntoThePayersCurrency) {
  PlayerSetup ann = seat(kAnn), ben = seat(kBen, 1500), cat = seat(kCat);
  ann.owns = {prop(rc_sq("Indiana Avenue")), prop(rc_sq("Illinois Avenue")), prop(rc_sq("Atlantic Avenue")),
              prop(rc_sq("Ventnor Avenue"))};
  ben.owns = {prop(rc_sq("St. Charles Place")), prop(rc_sq("States Avenue"))};
  cat.owns = {prop(rc_sq("Boardwalk"))};
  Table t = rc_table({ann, ben, cat, seat(kDan)});
  ASSERT_EQ(player_rate(rc(), t.state(), kBen), 2);
  ASSERT_EQ(player_rate(rc(), t.state(), kCat), -4);
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::pay(out, effect::PaymentKind::Rent, kBen, kCat, Money{50}, rc_sq("Boardwalk"));
  ASSERT_EQ(types_of(out.events), (Types{ET::RentPaid}));
  EXPECT_EQ(f::RentPaid::payer(out.events[0]), kBen);
  EXPECT_EQ(f::RentPaid::owner(out.events[0]), kCat);
  EXPECT_EQ(f::RentPaid::paid(out.events[0]), Money{20});
  EXPECT_EQ(f::RentPaid::received(out.events[0]), Money{50});
  EXPECT_EQ(out.state.player(kBen).cash, Money{1480});
  EXPECT_EQ(out.state.player(kCat).cash, Money{1550});
  EXPECT_EQ(out.state.bank_takings, takings - Money{30});

  effect::pay(out, effect::PaymentKind::Tax, kBen, kBank, Money{200}, rc_sq("Income Tax"));
  ASSERT_EQ(out.events.back().type, ET::TaxPaid);
  EXPECT_EQ(f::TaxPaid::paid(out.events.back()), Money{200});
  EXPECT_EQ(f::TaxPaid::printed(out.events.back()), Money{});
  EXPECT_EQ(out.state.player(kBen).cash, Money{1280});
}

// rule uk-1972/debt/game-waits: the sums as given: paid by the payer, face to the payee; what he
// cannot pay is owed at the sum he would have paid.
TEST(EffectsMoney, PayExchangedRecordsWhatWasPaidAndWhatItWasWorth) {
  Table t = table({seat(kAnn, 500), seat(kBen, 100)});
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::pay_exchanged(out, effect::PaymentKind::ToPlayer, kAnn, kBen, Money{30}, Money{45}, kMayfair);
  ASSERT_EQ(types_of(out.events), (Types{ET::PaidToPlayer}));
  EXPECT_EQ(f::PaidToPlayer::payer(out.events[0]), kAnn);
  EXPECT_EQ(f::PaidToPlayer::payee(out.events[0]), kBen);
  EXPECT_EQ(f::PaidToPlayer::square(out.events[0]), kMayfair);
  EXPECT_EQ(f::PaidToPlayer::paid(out.events[0]), Money{30});
  EXPECT_EQ(f::PaidToPlayer::received(out.events[0]), Money{45});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{470});
  EXPECT_EQ(out.state.player(kBen).cash, Money{145});
  EXPECT_EQ(out.state.bank_takings, takings - Money{15});

  effect::pay_exchanged(out, effect::PaymentKind::CardToBank, kAnn, kBank, Money{25}, Money{25});
  ASSERT_EQ(out.events.back().type, ET::PaidToBank);
  EXPECT_EQ(f::PaidToBank::paid(out.events.back()), Money{25});
  EXPECT_EQ(f::PaidToBank::printed(out.events.back()), Money{});
  EXPECT_EQ(f::PaidToBank::payee(out.events.back()), kBank);

  effect::pay_exchanged(out, effect::PaymentKind::Rent, kAnn, kBen, Money{0}, Money{10});
  EXPECT_EQ(out.events.size(), 2u);  // nothing to pay: no event

  effect::pay_exchanged(out, effect::PaymentKind::Rent, kAnn, kBen, Money{600}, Money{700}, kMayfair);
  ASSERT_EQ(out.events.back().type, ET::DebtIncurred);
  const Event& debt = out.events.back();
  EXPECT_EQ(f::DebtIncurred::debtor(debt), kAnn);
  EXPECT_EQ(f::DebtIncurred::creditor(debt), kBen);
  EXPECT_EQ(f::DebtIncurred::square(debt), kMayfair);
  EXPECT_EQ(f::DebtIncurred::owed(debt), Money{600});
  EXPECT_EQ(f::DebtIncurred::for_payment(debt), ET::RentPaid);
  EXPECT_EQ(owed(out.state, kAnn, kBen), Money{600});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{445});
}

// rule uk-1972/house/free-parking-jackpot: what was paid to the Bank waits, not the printed sum;
// a payment to a player never does.
TEST(EffectsMoney, PayExchangedFeedsTheJackpotWithWhatWasPaid) {
  Table t = table({seat(kAnn, 500), seat(kBen, 100)}, uk_jackpot());
  Outcome out(t.ruleset(), t.state());
  effect::pay_exchanged(out, effect::PaymentKind::Tax, kAnn, kBank, Money{80}, Money{100}, kIncomeTax);
  ASSERT_EQ(types_of(out.events), (Types{ET::TaxPaid, ET::JackpotAdded}));
  EXPECT_EQ(f::TaxPaid::printed(out.events[0]), Money{100});
  EXPECT_EQ(f::JackpotAdded::added(out.events[1]), Money{80});
  EXPECT_EQ(out.state.jackpot, Money{80});
  effect::pay_exchanged(out, effect::PaymentKind::ToPlayer, kAnn, kBen, Money{10}, Money{10});
  EXPECT_EQ(types_of(out.events), (Types{ET::TaxPaid, ET::JackpotAdded, ET::PaidToPlayer}));
  EXPECT_EQ(out.state.jackpot, Money{80});
}

// The Bank pays a player: the sum in his currency, and as printed only when they differ.
TEST(EffectsMoney, BankPaysRecordsTheSumReceivedAndAsPrinted) {
  Table t = table({seat(kAnn, 100)});
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::bank_pays(out, kAnn, Money{100}, Money{100});
  effect::bank_pays(out, kAnn, Money{68}, Money{50});
  ASSERT_EQ(types_of(out.events), (Types{ET::PaidByBank, ET::PaidByBank}));
  EXPECT_EQ(f::PaidByBank::receiver(out.events[0]), kAnn);
  EXPECT_EQ(f::PaidByBank::received(out.events[0]), Money{100});
  EXPECT_EQ(f::PaidByBank::printed(out.events[0]), Money{});
  EXPECT_EQ(f::PaidByBank::received(out.events[1]), Money{68});
  EXPECT_EQ(f::PaidByBank::printed(out.events[1]), Money{50});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{268});
  EXPECT_EQ(out.state.bank_takings, takings - Money{168});
}

// A bankrupt's cash, all of it, to his creditor: the Bank or a player; none left, no event.
TEST(EffectsMoney, SurrenderCashHandsOverAllTheCashOnce) {
  Table t = table({seat(kAnn, 70), seat(kBen, 10), seat(kCat, 30)});
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::surrender_cash(out, kAnn, kBank);
  effect::surrender_cash(out, kAnn, kBank);
  effect::surrender_cash(out, kCat, kBen);
  ASSERT_EQ(types_of(out.events), (Types{ET::PaidToBank, ET::PaidToPlayer}));
  EXPECT_EQ(f::PaidToBank::payer(out.events[0]), kAnn);
  EXPECT_EQ(f::PaidToBank::payee(out.events[0]), kBank);
  EXPECT_EQ(f::PaidToBank::paid(out.events[0]), Money{70});
  EXPECT_EQ(f::PaidToPlayer::payer(out.events[1]), kCat);
  EXPECT_EQ(f::PaidToPlayer::payee(out.events[1]), kBen);
  EXPECT_EQ(f::PaidToPlayer::paid(out.events[1]), Money{30});
  EXPECT_EQ(f::PaidToPlayer::received(out.events[1]), Money{});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{0});
  EXPECT_EQ(out.state.player(kCat).cash, Money{0});
  EXPECT_EQ(out.state.player(kBen).cash, Money{40});
  EXPECT_EQ(out.state.bank_takings, takings + Money{70});
}

// rule regional-currency/currency/conversion: Ben's (West +2) $100 is worth $250 to Cat (North
// -4), spread -6: the creditor gets its worth in his own currency.
TEST(EffectsMoney, SurrenderCashToAPlayerGivesHimItsWorthInHisCurrency) {
  PlayerSetup ann = seat(kAnn), ben = seat(kBen, 100);
  ann.owns = {prop(rc_sq("Indiana Avenue")), prop(rc_sq("Illinois Avenue")), prop(rc_sq("Atlantic Avenue")),
              prop(rc_sq("Ventnor Avenue"))};
  ben.owns = {prop(rc_sq("St. Charles Place")), prop(rc_sq("States Avenue"))};
  Table t = rc_table({ann, ben, seat(kCat, 1500), seat(kDan)});
  ASSERT_EQ(player_rate(rc(), t.state(), kBen), 2);
  ASSERT_EQ(player_rate(rc(), t.state(), kCat), -4);
  Outcome out(t.ruleset(), t.state());
  effect::surrender_cash(out, kBen, kCat);
  ASSERT_EQ(types_of(out.events), (Types{ET::PaidToPlayer}));
  EXPECT_EQ(f::PaidToPlayer::paid(out.events[0]), Money{100});
  EXPECT_EQ(f::PaidToPlayer::received(out.events[0]), Money{250});
  EXPECT_EQ(out.state.player(kBen).cash, Money{0});
  EXPECT_EQ(out.state.player(kCat).cash, Money{1750});
}

// Property the creditor took comes off the debt; no money moves; nothing taken, no event.
TEST(EffectsMoney, SettleDebtInKindTakesThePropertysWorthOffTheDebt) {
  Table t = table({seat(kAnn, 30), seat(kBen, 100)});
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Rent, kAnn, kBen, Money{100}, kMayfair);
  ASSERT_EQ(owed(out.state, kAnn, kBen), Money{100});
  effect::settle_debt_in_kind(out, kAnn, kBen, Money{40});
  effect::settle_debt_in_kind(out, kAnn, kBen, Money{0});
  ASSERT_EQ(types_of(out.events), (Types{ET::DebtIncurred, ET::DebtSettledInKind}));
  const Event& e = out.events[1];
  EXPECT_EQ(f::DebtSettledInKind::debtor(e), kAnn);
  EXPECT_EQ(f::DebtSettledInKind::creditor(e), kBen);
  EXPECT_EQ(f::DebtSettledInKind::reduced_by(e), Money{40});
  EXPECT_EQ(owed(out.state, kAnn, kBen), Money{60});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{30});
  EXPECT_EQ(out.state.player(kBen).cash, Money{100});
}

// rule uk-1972/debt/paid-when-able: each debt in full once the cash covers it, the Bank's first
// (it comes first in the list); a debt the cash does not cover waits.
TEST(EffectsMoney, SettleDebtsPaysEachDebtTheCashCoversInFull) {
  Table t = table({seat(kAnn, 30), seat(kBen, 100)});
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Tax, kAnn, kBank, Money{50}, kIncomeTax);
  effect::pay(out, effect::PaymentKind::Rent, kAnn, kBen, Money{100}, kMayfair);
  effect::bank_pays(out, kAnn, Money{90}, Money{90});  // 120 in hand
  const Money takings = out.state.bank_takings;
  effect::settle_debts(out, kAnn);
  ASSERT_EQ(types_of(out.events),
            (Types{ET::DebtIncurred, ET::DebtIncurred, ET::PaidByBank, ET::DebtPaid}));
  const Event& bank = out.events[3];
  EXPECT_EQ(f::DebtPaid::debtor(bank), kAnn);
  EXPECT_EQ(f::DebtPaid::creditor(bank), kBank);
  EXPECT_EQ(f::DebtPaid::paid(bank), Money{50});
  EXPECT_EQ(f::DebtPaid::received(bank), Money{});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{70});
  EXPECT_EQ(out.state.bank_takings, takings + Money{50});
  EXPECT_EQ(owed(out.state, kAnn, kBank), Money{0});
  EXPECT_EQ(owed(out.state, kAnn, kBen), Money{100});

  effect::bank_pays(out, kAnn, Money{30}, Money{30});  // 100 in hand
  effect::settle_debts(out, kAnn);
  ASSERT_EQ(out.events.back().type, ET::DebtPaid);
  EXPECT_EQ(f::DebtPaid::creditor(out.events.back()), kBen);
  EXPECT_EQ(f::DebtPaid::paid(out.events.back()), Money{100});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{0});
  EXPECT_EQ(out.state.player(kBen).cash, Money{200});
  EXPECT_EQ(out.state.player(kAnn).total_owed(), Money{0});
}

// rule regional-currency/currency/conversion: a debt stands in the debtor's currency (Ben owes
// $20 of his for Cat's $50 rent); paid, Cat gets its worth in hers.
TEST(EffectsMoney, SettleDebtsGivesAPlayerCreditorTheDebtsWorthInHisCurrency) {
  PlayerSetup ann = seat(kAnn), ben = seat(kBen, 10), cat = seat(kCat, 1500);
  ann.owns = {prop(rc_sq("Indiana Avenue")), prop(rc_sq("Illinois Avenue")), prop(rc_sq("Atlantic Avenue")),
              prop(rc_sq("Ventnor Avenue"))};
  ben.owns = {prop(rc_sq("St. Charles Place")), prop(rc_sq("States Avenue"))};
  cat.owns = {prop(rc_sq("Boardwalk"))};
  Table t = rc_table({ann, ben, cat, seat(kDan)});
  ASSERT_EQ(player_rate(rc(), t.state(), kBen), 2);
  ASSERT_EQ(player_rate(rc(), t.state(), kCat), -4);
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Rent, kBen, kCat, Money{50}, rc_sq("Boardwalk"));
  ASSERT_EQ(out.events.back().type, ET::DebtIncurred);
  EXPECT_EQ(f::DebtIncurred::owed(out.events.back()), Money{20});
  effect::bank_pays(out, kBen, Money{100}, Money{100});
  effect::settle_debts(out, kBen);
  ASSERT_EQ(out.events.back().type, ET::DebtPaid);
  EXPECT_EQ(f::DebtPaid::creditor(out.events.back()), kCat);
  EXPECT_EQ(f::DebtPaid::paid(out.events.back()), Money{20});
  EXPECT_EQ(f::DebtPaid::received(out.events.back()), Money{50});
  EXPECT_EQ(out.state.player(kBen).cash, Money{90});
  EXPECT_EQ(out.state.player(kCat).cash, Money{1550});
}

// rule uk-1972/mortgage/interest-on-transfer: the 10% of Mayfair's £200, paid at once when he
// has it (the deed may then be lifted for its principal), owed to the Bank when he has not.
TEST(EffectsMoney, ChargeTransferInterestPaysTheTenPercentOrOwesIt) {
  {
    Table t = table({holder(kAnn, 500, {testing::mortgaged(kMayfair)}), seat(kBen, 500)});
    Outcome out(t.ruleset(), t.state());
    effect::transfer_deed(out, kAnn, kBen, kMayfair);
    effect::charge_transfer_interest(out, kBen, kMayfair);
    ASSERT_EQ(types_of(out.events), (Types{ET::PropertyTransferred, ET::InterestPaid}));
    const Event& e = out.events[1];
    EXPECT_EQ(f::InterestPaid::payer(e), kBen);
    EXPECT_EQ(f::InterestPaid::square(e), kMayfair);
    EXPECT_EQ(f::InterestPaid::paid(e), Money{20});
    EXPECT_EQ(f::InterestPaid::printed(e), Money{});
    EXPECT_TRUE(f::InterestPaid::on_transfer(e));
    EXPECT_EQ(out.state.player(kBen).cash, Money{480});
    EXPECT_NE(out.state.lift_at_once & bit(kMayfair), 0u);
  }
  {
    Table t = table({holder(kAnn, 500, {testing::mortgaged(kMayfair)}), seat(kBen, 5)});
    Outcome out(t.ruleset(), t.state());
    effect::transfer_deed(out, kAnn, kBen, kMayfair);
    effect::charge_transfer_interest(out, kBen, kMayfair);
    ASSERT_EQ(types_of(out.events), (Types{ET::PropertyTransferred, ET::DebtIncurred}));
    const Event& d = out.events[1];
    EXPECT_EQ(f::DebtIncurred::debtor(d), kBen);
    EXPECT_EQ(f::DebtIncurred::creditor(d), kBank);
    EXPECT_EQ(f::DebtIncurred::square(d), kMayfair);
    EXPECT_EQ(f::DebtIncurred::owed(d), Money{20});
    EXPECT_EQ(f::DebtIncurred::for_payment(d), ET::InterestPaid);
    EXPECT_EQ(out.state.player(kBen).cash, Money{5});
    EXPECT_EQ(owed(out.state, kBen, kBank), Money{20});
    EXPECT_NE(out.state.lift_at_once & bit(kMayfair), 0u);  // owed counts as paid at the transfer
  }
}

// rule computer/mortgage/lift-at-list-price: no interest, so a mortgaged deed changes hands free.
TEST(EffectsMoney, ChargeTransferInterestChargesNothingInTheComputerEdition) {
  Table t = table({holder(kAnn, 500, {testing::mortgaged(kMayfair)}), seat(kBen, 500)}, computer());
  Outcome out(t.ruleset(), t.state());
  effect::transfer_deed(out, kAnn, kBen, kMayfair);
  effect::charge_transfer_interest(out, kBen, kMayfair);
  EXPECT_EQ(types_of(out.events), (Types{ET::PropertyTransferred}));
  EXPECT_EQ(out.state.player(kBen).cash, Money{500});
  EXPECT_EQ(owed(out.state, kBen, kBank), Money{0});
}

// rule regional-currency/currency/deed-sums: the 10% is in the deed's region currency: Ventnor
// Avenue (North -4) to Ben (West +2): $13 yellow at spread +6 costs him 40%, $6 pink (rounded up).
TEST(EffectsMoney, ChargeTransferInterestIsInTheDeedsRegionCurrency) {
  PlayerSetup ann = seat(kAnn), ben = seat(kBen, 1500);
  ann.owns = {prop(rc_sq("Indiana Avenue")), prop(rc_sq("Illinois Avenue")), prop(rc_sq("Atlantic Avenue")),
              testing::mortgaged(rc_sq("Ventnor Avenue"))};
  ben.owns = {prop(rc_sq("St. Charles Place")), prop(rc_sq("States Avenue"))};
  Table t = rc_table({ann, ben, seat(kCat), seat(kDan)});
  const SquareId ventnor = rc_sq("Ventnor Avenue");
  ASSERT_EQ(mortgage_interest(rc(), rc().square(ventnor).mortgage_value), Money{13});
  Outcome out(t.ruleset(), t.state());
  effect::transfer_deed(out, kAnn, kBen, ventnor);
  ASSERT_EQ(player_rate(rc(), out.state, kBen), 2);
  ASSERT_EQ(square_rate(rc(), out.state, ventnor), -4);
  effect::charge_transfer_interest(out, kBen, ventnor);
  ASSERT_EQ(types_of(out.events), (Types{ET::PropertyTransferred, ET::InterestPaid}));
  EXPECT_EQ(f::InterestPaid::paid(out.events[1]), Money{6});
  EXPECT_EQ(f::InterestPaid::printed(out.events[1]), Money{13});
  EXPECT_TRUE(f::InterestPaid::on_transfer(out.events[1]));
  EXPECT_EQ(out.state.player(kBen).cash, Money{1494});
}

// ---- Landing ----

// The lander may buy at the price: the decision opens; nothing is bought yet.
TEST(EffectsLanding, OfferPropertyOpensTheBuyDecisionAtThePrice) {
  Table t = table({seat(kAnn, 500, kMayfair)});
  Outcome out(t.ruleset(), t.state());
  effect::offer_property(out, kAnn, kMayfair, Money{400});
  ASSERT_EQ(types_of(out.events), (Types{ET::PropertyOffered}));
  EXPECT_EQ(f::PropertyOffered::lander(out.events[0]), kAnn);
  EXPECT_EQ(f::PropertyOffered::square(out.events[0]), kMayfair);
  EXPECT_EQ(f::PropertyOffered::price(out.events[0]), Money{400});
  EXPECT_EQ(f::PropertyOffered::opened_at(out.events[0]), kNoTime);
  EXPECT_EQ(out.state.phase, Phase::BuyDecision);
  EXPECT_EQ(out.state.pending_square, kMayfair);
  EXPECT_EQ(out.state.holdings[kMayfair].owner, kBank);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
}

// Bought from the Bank: the price paid, the deed his.
TEST(EffectsLanding, BuyPropertyPaysThePriceAndTakesTheDeed) {
  Table t = table({seat(kAnn, 500, kMayfair)});
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::offer_property(out, kAnn, kMayfair, Money{400});
  effect::buy_property(out, kAnn, kMayfair, Money{400}, Money{400});
  ASSERT_EQ(types_of(out.events), (Types{ET::PropertyOffered, ET::PropertyBought}));
  const Event& e = out.events[1];
  EXPECT_EQ(f::PropertyBought::buyer(e), kAnn);
  EXPECT_EQ(f::PropertyBought::square(e), kMayfair);
  EXPECT_EQ(f::PropertyBought::paid(e), Money{400});
  EXPECT_EQ(f::PropertyBought::printed(e), Money{});
  EXPECT_EQ(out.state.holdings[kMayfair].owner, kAnn);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{100});
  EXPECT_EQ(out.state.bank_takings, takings + Money{400});
  EXPECT_EQ(out.state.pending_square, kNoSquare);
}

// rule regional-currency/currency/purchase-in-region-currency: Ann pays $163 of hers for Kentucky
// Avenue's printed $220; both are recorded.
TEST(EffectsLanding, BuyPropertyRecordsThePrintedPriceWhenExchanged) {
  PlayerSetup ann = seat(kAnn, 1500);
  ann.owns = {prop(rc_sq("Mediterranean Avenue")), prop(rc_sq("Baltic Avenue"))};
  Table t = rc_table({ann, seat(kBen), seat(kCat), seat(kDan)});
  Outcome out(t.ruleset(), t.state());
  const SquareId kentucky = rc_sq("Kentucky Avenue");
  effect::buy_property(out, kAnn, kentucky, Money{163}, Money{220});
  ASSERT_EQ(types_of(out.events), (Types{ET::PropertyBought}));
  EXPECT_EQ(f::PropertyBought::paid(out.events[0]), Money{163});
  EXPECT_EQ(f::PropertyBought::printed(out.events[0]), Money{220});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{1337});
  EXPECT_EQ(out.state.holdings[kentucky].owner, kAnn);
}

// Declined: recorded, and nothing else; what follows (an auction, or nothing) is the caller's.
TEST(EffectsLanding, DeclinePropertyRecordsTheRefusalAndLeavesTheDeedWithTheBank) {
  Table t = table({seat(kAnn, 500, kMayfair)});
  Outcome out(t.ruleset(), t.state());
  effect::offer_property(out, kAnn, kMayfair, Money{400});
  effect::decline_property(out, kAnn, kMayfair);
  ASSERT_EQ(types_of(out.events), (Types{ET::PropertyOffered, ET::PurchaseDeclined}));
  EXPECT_EQ(f::PurchaseDeclined::lander(out.events[1]), kAnn);
  EXPECT_EQ(f::PurchaseDeclined::square(out.events[1]), kMayfair);
  EXPECT_EQ(out.state.holdings[kMayfair].owner, kBank);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
  EXPECT_EQ(out.state.phase, Phase::BuyDecision);
}

// us-standard Income Tax: the flat sum or a share of his worth; the choice opens, nothing is paid.
TEST(EffectsLanding, OfferTaxChoiceOffersTheFlatSumOrTheShare) {
  Table t = table({seat(kAnn, 500, kIncomeTax)}, us());
  Outcome out(t.ruleset(), t.state());
  effect::offer_tax_choice(out, kAnn, kIncomeTax, Money{200}, 10);
  ASSERT_EQ(types_of(out.events), (Types{ET::TaxChoiceOffered}));
  const Event& e = out.events[0];
  EXPECT_EQ(f::TaxChoiceOffered::payer(e), kAnn);
  EXPECT_EQ(f::TaxChoiceOffered::square(e), kIncomeTax);
  EXPECT_EQ(f::TaxChoiceOffered::flat(e), Money{200});
  EXPECT_EQ(f::TaxChoiceOffered::percent(e), 10);
  EXPECT_EQ(out.state.phase, Phase::TaxChoice);
  EXPECT_EQ(out.state.pending_square, kIncomeTax);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
}

// rule uk-1972/house/free-parking-jackpot: the lander takes all that waited; an empty jackpot, nothing.
TEST(EffectsLanding, WinJackpotPaysTheLanderAllThatWaited) {
  Table t = table({seat(kAnn, 500), seat(kBen, 100)}, uk_jackpot());
  Outcome out(t.ruleset(), t.state());
  effect::win_jackpot(out, kBen);
  EXPECT_TRUE(out.events.empty());
  effect::pay(out, effect::PaymentKind::Tax, kAnn, kBank, Money{100}, kIncomeTax);
  effect::pay(out, effect::PaymentKind::CardToBank, kAnn, kBank, Money{50});
  ASSERT_EQ(out.state.jackpot, Money{150});
  effect::win_jackpot(out, kBen);
  ASSERT_EQ(out.events.back().type, ET::JackpotWon);
  EXPECT_EQ(f::JackpotWon::player(out.events.back()), kBen);
  EXPECT_EQ(f::JackpotWon::won(out.events.back()), Money{150});
  EXPECT_EQ(out.state.player(kBen).cash, Money{250});
  EXPECT_EQ(out.state.jackpot, Money{0});
  const std::size_t n = out.events.size();
  effect::win_jackpot(out, kAnn);
  EXPECT_EQ(out.events.size(), n);
}

// ---- Rent ----

// uk-1972: the owner's window, closed by anyone's next throw; no money moves yet.
TEST(EffectsRent, RentDueOpensTheOwnersWindow) {
  Table t = table({seat(kAnn, 500), seat(kBen, 100)});
  Outcome out(t.ruleset(), t.state());
  effect::rent_due(out, kAnn, kBen, kMayfair, Money{50});
  ASSERT_EQ(types_of(out.events), (Types{ET::RentDue}));
  const Event& e = out.events[0];
  EXPECT_EQ(f::RentDue::payer(e), kAnn);
  EXPECT_EQ(f::RentDue::owner(e), kBen);
  EXPECT_EQ(f::RentDue::square(e), kMayfair);
  EXPECT_EQ(f::RentDue::rent(e), Money{50});
  EXPECT_EQ(f::RentDue::closes_on(e), kBank);
  EXPECT_EQ(f::RentDue::due_at(e), kNoTime);
  EXPECT_EQ(out.state.rents[0], (RentClaim{true, kAnn, kBen, kMayfair, Money{50}, kBank, kNoTime}));
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
  EXPECT_EQ(out.state.player(kBen).cash, Money{100});
}

// us-standard: the window closes on the throw of the second player following the payer.
TEST(EffectsRent, RentDueClosesOnTheSecondFollowingPlayersThrowInTheUsEdition) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500), seat(kCat, 500)}, us());
  Outcome out(t.ruleset(), t.state());
  effect::rent_due(out, kAnn, kBen, testing::square_named(us(), "Boardwalk"), Money{50});
  effect::rent_due(out, kBen, kAnn, testing::square_named(us(), "Park Place"), Money{35});
  ASSERT_EQ(types_of(out.events), (Types{ET::RentDue, ET::RentDue}));
  EXPECT_EQ(f::RentDue::closes_on(out.events[0]), kCat);
  EXPECT_EQ(f::RentDue::closes_on(out.events[1]), kAnn);
  EXPECT_EQ(out.state.rents[1].closes_on, kAnn);
}

// With every window open, the oldest lapses first and the new rent takes its place.
TEST(EffectsRent, RentDueWithEveryWindowOpenLetsTheOldestLapse) {
  Table t = table({seat(kAnn, 500), seat(kBen, 100)});
  Outcome out(t.ruleset(), t.state());
  const SquareId squares[kMaxRentClaims] = {1, 3, 5, 6, 8, 9, 11, 12};
  for (SquareId s : squares) effect::rent_due(out, kAnn, kBen, s, Money{10});
  ASSERT_EQ(out.events.size(), static_cast<std::size_t>(kMaxRentClaims));
  effect::rent_due(out, kAnn, kBen, kMayfair, Money{50});
  ASSERT_EQ(out.events.size(), static_cast<std::size_t>(kMaxRentClaims) + 2);
  const Event& lapsed = out.events[kMaxRentClaims];
  ASSERT_EQ(lapsed.type, ET::RentForfeited);
  EXPECT_EQ(f::RentForfeited::square(lapsed), squares[0]);
  EXPECT_EQ(f::RentForfeited::rent(lapsed), Money{10});
  ASSERT_EQ(out.events.back().type, ET::RentDue);
  EXPECT_EQ(f::RentDue::square(out.events.back()), kMayfair);
  int open = 0;
  for (const RentClaim& c : out.state.rents) open += c.open ? 1 : 0;
  EXPECT_EQ(open, kMaxRentClaims);
  EXPECT_EQ(out.state.rents[0].square, kMayfair);
}

// rule uk-1972/debt/game-waits: asked in time, the window closes, then the rent is paid, or owed.
TEST(EffectsRent, CollectRentClosesTheWindowThenPaysOrOwesTheRent) {
  {
    Table t = table({seat(kAnn, 500), seat(kBen, 0)});
    Outcome out(t.ruleset(), t.state());
    effect::rent_due(out, kAnn, kBen, kMayfair, Money{50});
    const RentClaim claim = out.state.rents[0];  // a copy: the claim's slot is cleared as it is claimed
    effect::collect_rent(out, claim);
    ASSERT_EQ(types_of(out.events), (Types{ET::RentDue, ET::RentClaimed, ET::RentPaid}));
    const Event& asked = out.events[1];
    EXPECT_EQ(f::RentClaimed::payer(asked), kAnn);
    EXPECT_EQ(f::RentClaimed::owner(asked), kBen);
    EXPECT_EQ(f::RentClaimed::square(asked), kMayfair);
    EXPECT_EQ(f::RentClaimed::rent(asked), Money{50});
    const Event& paid = out.events[2];
    EXPECT_EQ(f::RentPaid::payer(paid), kAnn);
    EXPECT_EQ(f::RentPaid::owner(paid), kBen);
    EXPECT_EQ(f::RentPaid::square(paid), kMayfair);
    EXPECT_EQ(f::RentPaid::paid(paid), Money{50});
    EXPECT_FALSE(out.state.rents[0].open);
    EXPECT_EQ(out.state.player(kAnn).cash, Money{450});
  }
  {
    Table t = table({seat(kAnn, 20), seat(kBen, 0)});
    Outcome out(t.ruleset(), t.state());
    effect::rent_due(out, kAnn, kBen, kMayfair, Money{50});
    const RentClaim claim = out.state.rents[0];  // a copy: the claim's slot is cleared as it is claimed
    effect::collect_rent(out, claim);
    ASSERT_EQ(types_of(out.events), (Types{ET::RentDue, ET::RentClaimed, ET::DebtIncurred}));
    EXPECT_EQ(f::DebtIncurred::creditor(out.events[2]), kBen);
    EXPECT_EQ(f::DebtIncurred::square(out.events[2]), kMayfair);
    EXPECT_EQ(f::DebtIncurred::for_payment(out.events[2]), ET::RentPaid);
    EXPECT_FALSE(out.state.rents[0].open);
    EXPECT_EQ(owed(out.state, kAnn, kBen), Money{50});
    EXPECT_EQ(out.state.player(kBen).cash, Money{0});
  }
}

// A fixed defect: collect_rent given the window's own slot (not a copy) read the sum after its
// first event had emptied that slot, and paid nothing. It takes the claim by value now.
TEST(EffectsRent, CollectRentGivenTheWindowsOwnSlotStillPaysTheRent) {
  Table t = table({seat(kAnn, 500), seat(kBen, 0)});
  Outcome out(t.ruleset(), t.state());
  effect::rent_due(out, kAnn, kBen, kMayfair, Money{50});
  effect::collect_rent(out, out.state.rents[0]);
  ASSERT_EQ(types_of(out.events), (Types{ET::RentDue, ET::RentClaimed, ET::RentPaid}));
  EXPECT_EQ(f::RentPaid::paid(out.events[2]), Money{50});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{450});
}

// Not asked in time: that rent is lost, and only that window closes.
TEST(EffectsRent, ForfeitRentClosesOnlyThatWindowAndMovesNoMoney) {
  Table t = table({seat(kAnn, 500), seat(kBen, 100), seat(kCat, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::rent_due(out, kAnn, kBen, kMayfair, Money{50});
  effect::rent_due(out, kCat, kBen, kParkLane, Money{35});
  effect::forfeit_rent(out, out.state.rents[0]);
  ASSERT_EQ(types_of(out.events), (Types{ET::RentDue, ET::RentDue, ET::RentForfeited}));
  const Event& e = out.events[2];
  EXPECT_EQ(f::RentForfeited::payer(e), kAnn);
  EXPECT_EQ(f::RentForfeited::owner(e), kBen);
  EXPECT_EQ(f::RentForfeited::square(e), kMayfair);
  EXPECT_EQ(f::RentForfeited::rent(e), Money{50});
  EXPECT_FALSE(out.state.rents[0].open);
  EXPECT_TRUE(out.state.rents[1].open);
  EXPECT_EQ(out.state.rents[1].square, kParkLane);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
  EXPECT_EQ(out.state.player(kBen).cash, Money{100});
}

// ---- Cards ----

TEST(EffectsCards, AwaitCardWaitsForACardFromThatPack) {
  Table t = table({seat(kAnn, 500, kCommunityChest)});
  Outcome out(t.ruleset(), t.state());
  effect::await_card(out, kAnn, DeckId::CommunityChest);
  ASSERT_EQ(types_of(out.events), (Types{ET::CardAwaited}));
  EXPECT_EQ(f::CardAwaited::player(out.events[0]), kAnn);
  EXPECT_EQ(f::CardAwaited::deck(out.events[0]), DeckId::CommunityChest);
  EXPECT_EQ(out.state.phase, Phase::AwaitingCard);
  EXPECT_EQ(out.state.pending_deck, DeckId::CommunityChest);
}

// A card turned up goes under its own pack, unless he keeps it.
TEST(EffectsCards, TurnUpCardPutsTheCardUnderItsPackUnlessKept) {
  Table t = table({seat(kAnn, 500, kChance)});
  const PackState& start = t.state().packs[static_cast<int>(DeckId::Chance)];
  ASSERT_NE(start.unseen & (std::uint64_t{1} << 3), 0u);
  ASSERT_EQ(start.size, 0);
  Outcome out(t.ruleset(), t.state());
  effect::turn_up_card(out, kAnn, DeckId::Chance, 3, false);
  effect::turn_up_card(out, kAnn, DeckId::Chance, 5, true);
  ASSERT_EQ(types_of(out.events), (Types{ET::CardDrawn, ET::CardDrawn}));
  EXPECT_EQ(f::CardDrawn::player(out.events[0]), kAnn);
  EXPECT_EQ(f::CardDrawn::deck(out.events[0]), DeckId::Chance);
  EXPECT_EQ(f::CardDrawn::card(out.events[0]), 3);
  EXPECT_FALSE(f::CardDrawn::kept(out.events[0]));
  EXPECT_EQ(f::CardDrawn::card(out.events[1]), 5);
  EXPECT_TRUE(f::CardDrawn::kept(out.events[1]));
  const PackState& pack = out.state.packs[static_cast<int>(DeckId::Chance)];
  EXPECT_EQ(pack.unseen & (std::uint64_t{1} << 3), 0u);
  EXPECT_EQ(pack.unseen & (std::uint64_t{1} << 5), 0u);
  ASSERT_EQ(pack.size, 1);
  EXPECT_EQ(pack.known_at(0), 3);
  EXPECT_EQ(out.state.packs[static_cast<int>(DeckId::CommunityChest)],
            t.state().packs[static_cast<int>(DeckId::CommunityChest)]);
}

// rule uk-1972/cards/jail-card-kept: the Get Out of Jail Free card stays with him, out of the pack.
TEST(EffectsCards, KeepJailCardGivesThePlayerTheCardOutOfThePack) {
  Table t = table({seat(kAnn, 500, kChance)});
  const CardIndex card = testing::card_named(uk(), DeckId::Chance, "Get Out of Jail Free (Chance)");
  Outcome out(t.ruleset(), t.state());
  effect::turn_up_card(out, kAnn, DeckId::Chance, card, true);
  effect::keep_jail_card(out, kAnn, DeckId::Chance, card);
  ASSERT_EQ(types_of(out.events), (Types{ET::CardDrawn, ET::JailCardKept}));
  EXPECT_EQ(f::JailCardKept::holder(out.events[1]), kAnn);
  EXPECT_EQ(f::JailCardKept::deck(out.events[1]), DeckId::Chance);
  EXPECT_EQ(f::JailCardKept::card(out.events[1]), card);
  EXPECT_EQ(out.state.player(kAnn).jail_cards[0], 1);
  EXPECT_EQ(out.state.player(kAnn).jail_cards[1], 0);
  const PackState& pack = out.state.packs[static_cast<int>(DeckId::Chance)];
  EXPECT_NE(pack.out & (std::uint64_t{1} << card), 0u);
  EXPECT_EQ(pack.size, 0);
}

// Used, the card goes back to the bottom of its own pack.
TEST(EffectsCards, ReturnJailCardPutsItUnderItsOwnPack) {
  Table t = table({seat(kAnn, 500, kCommunityChest)});
  const CardIndex card = testing::card_named(uk(), DeckId::CommunityChest, "Get Out of Jail Free (Community Chest)");
  Outcome out(t.ruleset(), t.state());
  effect::turn_up_card(out, kAnn, DeckId::CommunityChest, card, true);
  effect::keep_jail_card(out, kAnn, DeckId::CommunityChest, card);
  effect::return_jail_card(out, kAnn, DeckId::CommunityChest, card);
  ASSERT_EQ(types_of(out.events), (Types{ET::CardDrawn, ET::JailCardKept, ET::JailCardReturned}));
  const Event& e = out.events[2];
  EXPECT_EQ(f::JailCardReturned::player(e), kAnn);
  EXPECT_EQ(f::JailCardReturned::deck(e), DeckId::CommunityChest);
  EXPECT_EQ(f::JailCardReturned::card(e), card);
  EXPECT_EQ(out.state.player(kAnn).jail_card_count(), 0);
  const PackState& pack = out.state.packs[static_cast<int>(DeckId::CommunityChest)];
  EXPECT_EQ(pack.out & (std::uint64_t{1} << card), 0u);
  ASSERT_EQ(pack.size, 1);
  EXPECT_EQ(pack.known_at(pack.size - 1), card);
}

// Pay a fine or take a card from the other pack: the choice opens with both.
TEST(EffectsCards, OfferCardChoiceOffersTheFineOrTheOtherPack) {
  Table t = table({seat(kAnn, 500, kCommunityChest)});
  Outcome out(t.ruleset(), t.state());
  effect::await_card(out, kAnn, DeckId::CommunityChest);
  effect::offer_card_choice(out, kAnn, DeckId::Chance, Money{10});
  ASSERT_EQ(types_of(out.events), (Types{ET::CardAwaited, ET::CardChoiceOffered}));
  EXPECT_EQ(f::CardChoiceOffered::player(out.events[1]), kAnn);
  EXPECT_EQ(f::CardChoiceOffered::other_deck(out.events[1]), DeckId::Chance);
  EXPECT_EQ(f::CardChoiceOffered::fine(out.events[1]), Money{10});
  EXPECT_EQ(out.state.phase, Phase::CardChoice);
  EXPECT_EQ(out.state.pending_deck, DeckId::Chance);
  EXPECT_EQ(out.state.pending_fine, Money{10});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
}

// A card's utility rent waits on a throw: the square and how many times the throw.
TEST(EffectsCards, AwaitCardDiceWaitsOnAThrowForTheRent) {
  Table t = table({seat(kAnn, 500, kElectric)});
  Outcome out(t.ruleset(), t.state());
  effect::await_card_dice(out, kAnn, kElectric, 10);
  ASSERT_EQ(types_of(out.events), (Types{ET::CardDiceAwaited}));
  EXPECT_EQ(f::CardDiceAwaited::player(out.events[0]), kAnn);
  EXPECT_EQ(f::CardDiceAwaited::square(out.events[0]), kElectric);
  EXPECT_EQ(f::CardDiceAwaited::multiplier(out.events[0]), 10);
  EXPECT_EQ(out.state.phase, Phase::CardDice);
  EXPECT_EQ(out.state.pending_square, kElectric);
  EXPECT_EQ(out.state.pending_multiplier, 10);
}

// The card's throw is not a turn's throw: a double there counts for nothing.
TEST(EffectsCards, ThrowCardDiceRecordsTheDiceButIsNotATurnsThrow) {
  Table t = table({seat(kAnn, 500, kElectric)});
  Outcome out(t.ruleset(), t.state());
  effect::throw_dice(out, kAnn, 3, 4, 0, false);
  const std::uint64_t throws = out.state.throws;
  effect::throw_card_dice(out, kAnn, 6, 6);
  ASSERT_EQ(types_of(out.events), (Types{ET::DiceThrown, ET::CardDiceThrown}));
  EXPECT_EQ(f::CardDiceThrown::thrower(out.events[1]), kAnn);
  EXPECT_EQ(f::CardDiceThrown::die1(out.events[1]), 6);
  EXPECT_EQ(f::CardDiceThrown::die2(out.events[1]), 6);
  EXPECT_EQ(out.state.last_die1, 6);
  EXPECT_EQ(out.state.last_die2, 6);
  EXPECT_EQ(out.state.throws, throws + 1);
  EXPECT_EQ(out.state.doubles, 0);
  EXPECT_FALSE(out.state.throw_again);
}

// ---- Auctions ----

// A property lot names its square; a building lot its kind, and the game resumes where it was.
TEST(EffectsAuctions, OpenAuctionRecordsTheLotAndWhenItOpened) {
  Table t = table({seat(kAnn, 500, kMayfair)});
  {
    Outcome out(t.ruleset(), t.state());
    effect::open_auction(out, kAnn, kMayfair);
    ASSERT_EQ(types_of(out.events), (Types{ET::AuctionOpened}));
    EXPECT_EQ(f::AuctionOpened::opener(out.events[0]), kAnn);
    EXPECT_EQ(f::AuctionOpened::square(out.events[0]), kMayfair);
    EXPECT_EQ(f::AuctionOpened::lot(out.events[0]), AuctionLot::Property);
    EXPECT_EQ(f::AuctionOpened::opened_at(out.events[0]), kNoTime);
  }
  {
    Outcome out(t.ruleset(), t.state());
    effect::throw_dice(out, kAnn, 1, 2, 0, false);
    effect::finish_move(out, kAnn);
    effect::open_auction(out, kReferee, kNoSquare, AuctionLot::Hotel, 1000);
    const Event& e = out.events.back();
    ASSERT_EQ(e.type, ET::AuctionOpened);
    EXPECT_EQ(f::AuctionOpened::opener(e), kReferee);
    EXPECT_EQ(f::AuctionOpened::square(e), kNoSquare);
    EXPECT_EQ(f::AuctionOpened::lot(e), AuctionLot::Hotel);
    EXPECT_EQ(f::AuctionOpened::opened_at(e), 1000);
    EXPECT_EQ(out.state.phase, Phase::Auction);
    EXPECT_EQ(out.state.phase_after_auction, Phase::TurnOver);
    EXPECT_EQ(out.state.auction.lot, AuctionLot::Hotel);
    EXPECT_EQ(out.state.auction.since, 1000);
  }
}

// A bid: the bidder, the lot and the sum; it is the high bid; no money moves yet.
TEST(EffectsAuctions, BidMakesTheHighBid) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500), seat(kCat, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::open_auction(out, kAnn, kMayfair);
  effect::bid(out, kBen, kMayfair, Money{10});
  effect::bid(out, kCat, kMayfair, Money{25});
  ASSERT_EQ(types_of(out.events), (Types{ET::AuctionOpened, ET::BidMade, ET::BidMade}));
  EXPECT_EQ(f::BidMade::bidder(out.events[2]), kCat);
  EXPECT_EQ(f::BidMade::square(out.events[2]), kMayfair);
  EXPECT_EQ(f::BidMade::bid(out.events[2]), Money{25});
  EXPECT_EQ(f::BidMade::made_at(out.events[2]), kNoTime);
  EXPECT_EQ(out.state.auction.high_bid, Money{25});
  EXPECT_EQ(out.state.auction.high_bidder, kCat);
  EXPECT_EQ(out.state.player(kCat).cash, Money{500});
}

// A pass takes that bidder out of the auction.
TEST(EffectsAuctions, PassBidTakesTheBidderOutOfTheAuction) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500), seat(kCat, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::open_auction(out, kAnn, kMayfair);
  effect::pass_bid(out, kBen, kMayfair);
  ASSERT_EQ(types_of(out.events), (Types{ET::AuctionOpened, ET::BidderPassed}));
  EXPECT_EQ(f::BidderPassed::bidder(out.events[1]), kBen);
  EXPECT_EQ(f::BidderPassed::square(out.events[1]), kMayfair);
  EXPECT_EQ(out.state.auction.passed, 1 << kBen);
}

// The high bidder pays and takes the deed; a building won is his to place.
TEST(EffectsAuctions, AuctionWonSellsTheLotToTheHighBidder) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500)});
  {
    Outcome out(t.ruleset(), t.state());
    effect::open_auction(out, kAnn, kMayfair);
    effect::bid(out, kBen, kMayfair, Money{120});
    effect::auction_won(out, kBen, kMayfair, Money{120}, AuctionLot::Property);
    ASSERT_EQ(out.events.back().type, ET::AuctionWon);
    const Event& e = out.events.back();
    EXPECT_EQ(f::AuctionWon::winner(e), kBen);
    EXPECT_EQ(f::AuctionWon::square(e), kMayfair);
    EXPECT_EQ(f::AuctionWon::price(e), Money{120});
    EXPECT_EQ(f::AuctionWon::lot(e), AuctionLot::Property);
    EXPECT_EQ(out.state.holdings[kMayfair].owner, kBen);
    EXPECT_EQ(out.state.player(kBen).cash, Money{380});
    EXPECT_EQ(out.state.auction, AuctionState{});
  }
  {
    Outcome out(t.ruleset(), t.state());
    effect::throw_dice(out, kAnn, 1, 2, 0, false);
    effect::finish_move(out, kAnn);
    effect::open_auction(out, kReferee, kNoSquare, AuctionLot::House);
    effect::auction_won(out, kBen, kNoSquare, Money{30}, AuctionLot::House);
    EXPECT_EQ(f::AuctionWon::lot(out.events.back()), AuctionLot::House);
    EXPECT_EQ(out.state.phase, Phase::Placing);
    EXPECT_EQ(out.state.placing_player, kBen);
    EXPECT_EQ(out.state.placing_lot, AuctionLot::House);
    EXPECT_EQ(out.state.player(kBen).cash, Money{470});
  }
}

// No bid: the lot stays with the Bank and the auction closes.
TEST(EffectsAuctions, AuctionUnsoldLeavesTheLotWithTheBank) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500)});
  {
    Outcome out(t.ruleset(), t.state());
    effect::open_auction(out, kAnn, kMayfair);
    effect::auction_unsold(out, kAnn, kMayfair, AuctionLot::Property);
    ASSERT_EQ(out.events.back().type, ET::AuctionUnsold);
    EXPECT_EQ(f::AuctionUnsold::player(out.events.back()), kAnn);
    EXPECT_EQ(f::AuctionUnsold::square(out.events.back()), kMayfair);
    EXPECT_EQ(f::AuctionUnsold::lot(out.events.back()), AuctionLot::Property);
    EXPECT_EQ(out.state.holdings[kMayfair].owner, kBank);
    EXPECT_EQ(out.state.auction, AuctionState{});
  }
  {
    Outcome out(t.ruleset(), t.state());
    effect::throw_dice(out, kAnn, 1, 2, 0, false);
    effect::finish_move(out, kAnn);
    effect::open_auction(out, kReferee, kNoSquare, AuctionLot::Hotel);
    effect::auction_unsold(out, kAnn, kNoSquare, AuctionLot::Hotel);
    EXPECT_EQ(f::AuctionUnsold::lot(out.events.back()), AuctionLot::Hotel);
    EXPECT_EQ(out.state.phase, Phase::TurnOver);
  }
}

// The Bank will auction the bankrupt's deeds one by one; an empty list ends them.
TEST(EffectsAuctions, QueueBankAuctionsListsTheDeedsToSell) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::throw_dice(out, kAnn, 1, 2, 0, false);
  effect::finish_move(out, kAnn);
  effect::open_auction(out, kReferee, kNoSquare, AuctionLot::House);  // remembers TurnOver
  const std::uint64_t deeds = bit(kMayfair) | bit(kParkLane);
  effect::queue_bank_auctions(out, kBen, deeds);
  ASSERT_EQ(out.events.back().type, ET::BankAuctionsQueued);
  EXPECT_EQ(f::BankAuctionsQueued::bankrupt(out.events.back()), kBen);
  EXPECT_EQ(f::BankAuctionsQueued::squares(out.events.back()), deeds);
  EXPECT_EQ(out.state.bank_auction_queue, deeds);
  EXPECT_EQ(out.state.phase, Phase::Auction);
  effect::queue_bank_auctions(out, kBank, 0);
  EXPECT_EQ(f::BankAuctionsQueued::squares(out.events.back()), 0u);
  EXPECT_EQ(out.state.bank_auction_queue, 0u);
  EXPECT_EQ(out.state.phase, Phase::TurnOver);
}

// ---- Buildings ----

// A house from the Bank's stock, at the price given (nothing when won at auction).
TEST(EffectsBuildings, BuildHousePaysForAHouseFromTheBanksStock) {
  Table t = table({holder(kAnn, 1000, {prop(kParkLane), prop(kMayfair)})});
  Outcome out(t.ruleset(), t.state());
  const int stock = out.state.bank_houses;
  effect::build_house(out, kAnn, kMayfair, Money{200}, Money{200});
  effect::build_house(out, kAnn, kParkLane, Money{0}, Money{0});
  ASSERT_EQ(types_of(out.events), (Types{ET::HouseBuilt, ET::HouseBuilt}));
  EXPECT_EQ(f::HouseBuilt::builder(out.events[0]), kAnn);
  EXPECT_EQ(f::HouseBuilt::site(out.events[0]), kMayfair);
  EXPECT_EQ(f::HouseBuilt::paid(out.events[0]), Money{200});
  EXPECT_EQ(f::HouseBuilt::printed(out.events[0]), Money{});
  EXPECT_EQ(f::HouseBuilt::paid(out.events[1]), Money{0});
  EXPECT_EQ(out.state.holdings[kMayfair].buildings, 1);
  EXPECT_EQ(out.state.holdings[kParkLane].buildings, 1);
  EXPECT_EQ(out.state.bank_houses, stock - 2);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{800});
}

// rule regional-currency/currency/deed-sums: Ben pays $148 of his for a house printed at $200;
// both are recorded.
TEST(EffectsBuildings, BuildHouseRecordsThePrintedPriceWhenExchanged) {
  const SquareId med = rc_sq("Mediterranean Avenue"), reading = rc_sq("Reading Railroad"),
                 boardwalk = rc_sq("Boardwalk");
  Table t = rc_table({seat(kAnn), holder(kBen, 1500, {prop(med), prop(reading), prop(boardwalk)})}, {"Ann", "Ben"});
  Outcome out(t.ruleset(), t.state());
  effect::form_conglomerate(out, kBen, bit(med) | bit(reading) | bit(boardwalk), boardwalk);
  effect::build_house(out, kBen, reading, Money{148}, Money{200});
  ASSERT_EQ(types_of(out.events), (Types{ET::ConglomerateFormed, ET::HouseBuilt}));
  EXPECT_EQ(f::HouseBuilt::paid(out.events[1]), Money{148});
  EXPECT_EQ(f::HouseBuilt::printed(out.events[1]), Money{200});
  EXPECT_EQ(out.state.player(kBen).cash, Money{1352});
  EXPECT_EQ(out.state.holdings[reading].buildings, 1);
}

// The hotel replaces the four houses, which go back to the Bank.
TEST(EffectsBuildings, BuildHotelReturnsTheHousesToTheBank) {
  Table t = table({holder(kAnn, 1000, {prop(kParkLane, 4), prop(kMayfair, 4)})});
  Outcome out(t.ruleset(), t.state());
  const int houses = out.state.bank_houses, hotels = out.state.bank_hotels;
  effect::build_hotel(out, kAnn, kMayfair, Money{200}, Money{200}, 4);
  ASSERT_EQ(types_of(out.events), (Types{ET::HotelBuilt}));
  const Event& e = out.events[0];
  EXPECT_EQ(f::HotelBuilt::builder(e), kAnn);
  EXPECT_EQ(f::HotelBuilt::site(e), kMayfair);
  EXPECT_EQ(f::HotelBuilt::paid(e), Money{200});
  EXPECT_EQ(f::HotelBuilt::printed(e), Money{});
  EXPECT_EQ(f::HotelBuilt::houses_returned(e), 4);
  EXPECT_EQ(out.state.holdings[kMayfair].buildings, kHotel);
  EXPECT_EQ(out.state.bank_houses, houses + 4);
  EXPECT_EQ(out.state.bank_hotels, hotels - 1);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{800});
}

// One house back to the Bank, for the sum given; with the mortgage (computer) when so.
TEST(EffectsBuildings, SellHouseSellsOneHouseBackToTheBank) {
  Table t = table({holder(kAnn, 0, {prop(kParkLane, 2), prop(kMayfair, 2)})});
  Outcome out(t.ruleset(), t.state());
  const int houses = out.state.bank_houses;
  effect::sell_house(out, kAnn, kMayfair, Money{100});
  effect::sell_house(out, kAnn, kParkLane, Money{0}, /*by_mortgage=*/true);
  ASSERT_EQ(types_of(out.events), (Types{ET::HouseSold, ET::HouseSold}));
  EXPECT_EQ(f::HouseSold::seller(out.events[0]), kAnn);
  EXPECT_EQ(f::HouseSold::site(out.events[0]), kMayfair);
  EXPECT_EQ(f::HouseSold::received(out.events[0]), Money{100});
  EXPECT_FALSE(f::HouseSold::by_mortgage(out.events[0]));
  EXPECT_EQ(f::HouseSold::site(out.events[1]), kParkLane);
  EXPECT_TRUE(f::HouseSold::by_mortgage(out.events[1]));
  EXPECT_EQ(out.state.holdings[kMayfair].buildings, 1);
  EXPECT_EQ(out.state.holdings[kParkLane].buildings, 1);
  EXPECT_EQ(out.state.bank_houses, houses + 2);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{100});
}

// A hotel back to the Bank: the houses it puts back on the site, or none.
TEST(EffectsBuildings, SellHotelPutsBackTheHousesGivenOrLeavesTheSiteBare) {
  Table t = table({holder(kAnn, 0, {hotel(kParkLane), hotel(kMayfair)})});
  Outcome out(t.ruleset(), t.state());
  const int houses = out.state.bank_houses, hotels = out.state.bank_hotels;
  effect::sell_hotel(out, kAnn, kMayfair, Money{100}, 4);
  effect::sell_hotel(out, kAnn, kParkLane, Money{500}, 0, /*by_mortgage=*/true);
  ASSERT_EQ(types_of(out.events), (Types{ET::HotelSold, ET::HotelSold}));
  EXPECT_EQ(f::HotelSold::seller(out.events[0]), kAnn);
  EXPECT_EQ(f::HotelSold::site(out.events[0]), kMayfair);
  EXPECT_EQ(f::HotelSold::received(out.events[0]), Money{100});
  EXPECT_EQ(f::HotelSold::houses_left(out.events[0]), 4);
  EXPECT_FALSE(f::HotelSold::by_mortgage(out.events[0]));
  EXPECT_EQ(f::HotelSold::houses_left(out.events[1]), 0);
  EXPECT_TRUE(f::HotelSold::by_mortgage(out.events[1]));
  EXPECT_EQ(out.state.holdings[kMayfair].buildings, 4);
  EXPECT_EQ(out.state.holdings[kParkLane].buildings, 0);
  EXPECT_EQ(out.state.bank_houses, houses - 4);
  EXPECT_EQ(out.state.bank_hotels, hotels + 2);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{600});
}

// The building won at auction placed: the game resumes where the auction found it.
TEST(EffectsBuildings, PlaceBuildingEndsThePlacingAndResumesTheGame) {
  Table t = table({holder(kAnn, 500, {prop(kParkLane), prop(kMayfair)})});
  Outcome out(t.ruleset(), t.state());
  effect::throw_dice(out, kAnn, 1, 2, 0, false);
  effect::finish_move(out, kAnn);
  effect::open_auction(out, kReferee, kNoSquare, AuctionLot::House);
  effect::auction_won(out, kAnn, kNoSquare, Money{30}, AuctionLot::House);
  ASSERT_EQ(out.state.phase, Phase::Placing);
  effect::build_house(out, kAnn, kMayfair, Money{0}, Money{0});
  effect::place_building(out, kAnn, kMayfair);
  ASSERT_EQ(out.events.back().type, ET::BuildingPlaced);
  EXPECT_EQ(f::BuildingPlaced::buyer(out.events.back()), kAnn);
  EXPECT_EQ(f::BuildingPlaced::site(out.events.back()), kMayfair);
  EXPECT_EQ(out.state.phase, Phase::TurnOver);
  EXPECT_EQ(out.state.placing_player, kBank);
  EXPECT_EQ(out.state.holdings[kMayfair].buildings, 1);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{470});
}

// A hotel site cleared is one HotelSold, bare, at half the hotel and its four houses; or for
// nothing; with the mortgage when so.
TEST(EffectsBuildings, ClearSiteBuildingsSellsAHotelOutrightInOneSale) {
  Table t = table({holder(kAnn, 0, {hotel(kParkLane), hotel(kMayfair)})});
  {
    Outcome out(t.ruleset(), t.state());
    const int hotels = out.state.bank_hotels, houses = out.state.bank_houses;
    effect::clear_site_buildings(out, kAnn, kMayfair, /*paid=*/true, /*by_mortgage=*/false);
    ASSERT_EQ(types_of(out.events), (Types{ET::HotelSold}));
    EXPECT_EQ(f::HotelSold::site(out.events[0]), kMayfair);
    EXPECT_EQ(f::HotelSold::received(out.events[0]), Money{100 + 4 * 100});
    EXPECT_EQ(f::HotelSold::houses_left(out.events[0]), 0);
    EXPECT_FALSE(f::HotelSold::by_mortgage(out.events[0]));
    EXPECT_EQ(out.state.holdings[kMayfair].buildings, 0);
    EXPECT_EQ(out.state.bank_hotels, hotels + 1);
    EXPECT_EQ(out.state.bank_houses, houses);
    EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
  }
  {
    Outcome out(t.ruleset(), t.state());
    effect::clear_site_buildings(out, kAnn, kMayfair, /*paid=*/false, /*by_mortgage=*/true);
    ASSERT_EQ(types_of(out.events), (Types{ET::HotelSold}));
    EXPECT_EQ(f::HotelSold::received(out.events[0]), Money{0});
    EXPECT_TRUE(f::HotelSold::by_mortgage(out.events[0]));
    EXPECT_EQ(out.state.player(kAnn).cash, Money{0});
  }
}

// rule regional-currency/currency/deed-sums: half Boardwalk's $200 house price, $100 green (South
// -2), is worth $74 to Ben (West 0): the Bank pays the house cleared from Reading Railroad so.
TEST(EffectsBuildings, ClearSiteBuildingsPaysHalfInTheRegionsCurrency) {
  const SquareId med = rc_sq("Mediterranean Avenue"), reading = rc_sq("Reading Railroad"),
                 boardwalk = rc_sq("Boardwalk");
  Table t = rc_table({seat(kAnn), holder(kBen, 1500, {prop(med), prop(reading), prop(boardwalk)})}, {"Ann", "Ben"});
  Outcome out(t.ruleset(), t.state());
  effect::form_conglomerate(out, kBen, bit(med) | bit(reading) | bit(boardwalk), boardwalk);
  effect::build_house(out, kBen, reading, Money{148}, Money{200});
  ASSERT_EQ(player_rate(rc(), out.state, kBen), 0);
  ASSERT_EQ(square_rate(rc(), out.state, reading), -2);
  effect::clear_site_buildings(out, kBen, reading, /*paid=*/true, /*by_mortgage=*/false);
  ASSERT_EQ(types_of(out.events), (Types{ET::ConglomerateFormed, ET::HouseBuilt, ET::HouseSold}));
  EXPECT_EQ(f::HouseSold::received(out.events[2]), Money{74});
  EXPECT_EQ(out.state.holdings[reading].buildings, 0);
  EXPECT_EQ(out.state.player(kBen).cash, Money{1500 - 148 + 74});
}

// ---- Mortgages ----

// The Bank lends on the deed: the sum lent, and as printed only when exchanged.
TEST(EffectsMortgages, MortgageLendsOnTheDeed) {
  Table t = table({holder(kAnn, 0, {prop(kMayfair), prop(kParkLane)})});
  Outcome out(t.ruleset(), t.state());
  effect::mortgage(out, kAnn, kMayfair, Money{200}, Money{200});
  effect::mortgage(out, kAnn, kParkLane, Money{120}, Money{175});
  ASSERT_EQ(types_of(out.events), (Types{ET::PropertyMortgaged, ET::PropertyMortgaged}));
  EXPECT_EQ(f::PropertyMortgaged::owner(out.events[0]), kAnn);
  EXPECT_EQ(f::PropertyMortgaged::square(out.events[0]), kMayfair);
  EXPECT_EQ(f::PropertyMortgaged::lent(out.events[0]), Money{200});
  EXPECT_EQ(f::PropertyMortgaged::printed(out.events[0]), Money{});
  EXPECT_EQ(f::PropertyMortgaged::lent(out.events[1]), Money{120});
  EXPECT_EQ(f::PropertyMortgaged::printed(out.events[1]), Money{175});
  EXPECT_TRUE(out.state.holdings[kMayfair].mortgaged);
  EXPECT_TRUE(out.state.holdings[kParkLane].mortgaged);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{320});
}

// The principal repaid lifts the mortgage (and any lift-at-once mark on the deed).
TEST(EffectsMortgages, LiftMortgageRepaysThePrincipal) {
  Table t = table({holder(kAnn, 500, {testing::mortgaged(kMayfair)}), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::transfer_deed(out, kAnn, kBen, kMayfair);
  effect::charge_transfer_interest(out, kBen, kMayfair);
  ASSERT_NE(out.state.lift_at_once & bit(kMayfair), 0u);
  effect::lift_mortgage(out, kBen, kMayfair, Money{200}, Money{200});
  ASSERT_EQ(out.events.back().type, ET::MortgageLifted);
  const Event& e = out.events.back();
  EXPECT_EQ(f::MortgageLifted::owner(e), kBen);
  EXPECT_EQ(f::MortgageLifted::square(e), kMayfair);
  EXPECT_EQ(f::MortgageLifted::principal(e), Money{200});
  EXPECT_EQ(f::MortgageLifted::printed(e), Money{});
  EXPECT_FALSE(out.state.holdings[kMayfair].mortgaged);
  EXPECT_EQ(out.state.lift_at_once & bit(kMayfair), 0u);
  EXPECT_EQ(out.state.player(kBen).cash, Money{500 - 20 - 200});

  Outcome exchanged(t.ruleset(), t.state());
  effect::lift_mortgage(exchanged, kAnn, kMayfair, Money{150}, Money{200});
  EXPECT_EQ(f::MortgageLifted::principal(exchanged.events.back()), Money{150});
  EXPECT_EQ(f::MortgageLifted::printed(exchanged.events.back()), Money{200});
  EXPECT_EQ(exchanged.state.player(kAnn).cash, Money{350});
}

// Interest paid: with the lift, or the 10% due on a transfer (which marks the deed).
TEST(EffectsMortgages, PayInterestRecordsWhetherItIsTheTransfersTenPercent) {
  Table t = table({holder(kAnn, 500, {testing::mortgaged(kMayfair), testing::mortgaged(kParkLane)})});
  Outcome out(t.ruleset(), t.state());
  effect::pay_interest(out, kAnn, kMayfair, Money{20}, Money{20}, /*on_transfer=*/false);
  effect::pay_interest(out, kAnn, kParkLane, Money{12}, Money{18}, /*on_transfer=*/true);
  ASSERT_EQ(types_of(out.events), (Types{ET::InterestPaid, ET::InterestPaid}));
  EXPECT_EQ(f::InterestPaid::payer(out.events[0]), kAnn);
  EXPECT_EQ(f::InterestPaid::square(out.events[0]), kMayfair);
  EXPECT_EQ(f::InterestPaid::paid(out.events[0]), Money{20});
  EXPECT_EQ(f::InterestPaid::printed(out.events[0]), Money{});
  EXPECT_FALSE(f::InterestPaid::on_transfer(out.events[0]));
  EXPECT_EQ(f::InterestPaid::paid(out.events[1]), Money{12});
  EXPECT_EQ(f::InterestPaid::printed(out.events[1]), Money{18});
  EXPECT_TRUE(f::InterestPaid::on_transfer(out.events[1]));
  EXPECT_EQ(out.state.lift_at_once, bit(kParkLane));
  EXPECT_TRUE(out.state.holdings[kMayfair].mortgaged);  // interest alone lifts nothing
  EXPECT_EQ(out.state.player(kAnn).cash, Money{468});
}

// ---- Trades and deeds ----

// The offer as made, every term of it; it waits for its answer.
TEST(EffectsTrades, OfferTradeRecordsEveryTermAndOpensTheOffer) {
  Table t = table({holder(kAnn, 500, {prop(kMayfair)}), holder(kBen, 500, {prop(kParkLane)})});
  Outcome out(t.ruleset(), t.state());
  effect::TradeTerms terms;
  terms.give = bit(kMayfair);
  terms.get = bit(kParkLane);
  terms.give_cash = Money{30};
  terms.get_cash = Money{5};
  terms.give_cards = 1;
  terms.get_cards = 2;
  effect::offer_trade(out, kAnn, kBen, terms);
  ASSERT_EQ(types_of(out.events), (Types{ET::TradeOffered}));
  const Event& e = out.events[0];
  EXPECT_EQ(f::TradeOffered::offerer(e), kAnn);
  EXPECT_EQ(f::TradeOffered::to(e), kBen);
  EXPECT_EQ(f::TradeOffered::gives(e), bit(kMayfair));
  EXPECT_EQ(f::TradeOffered::asks(e), bit(kParkLane));
  EXPECT_EQ(f::TradeOffered::gives_cash(e), Money{30});
  EXPECT_EQ(f::TradeOffered::asks_cash(e), Money{5});
  EXPECT_EQ(f::TradeOffered::gives_cards(e), 1);
  EXPECT_EQ(f::TradeOffered::asks_cards(e), 2);
  EXPECT_EQ(out.state.offer, (TradeOffer{true, kAnn, kBen, bit(kMayfair), bit(kParkLane), Money{30}, Money{5}, 1, 2}));
  EXPECT_EQ(out.state.offers_this_turn, t.state().offers_this_turn + 1);
  EXPECT_EQ(out.state.holdings[kMayfair].owner, kAnn);  // nothing changes hands on an offer
}

// Turned down: the offer closes; nothing changes hands.
TEST(EffectsTrades, RejectTradeClosesTheOffer) {
  Table t = table({holder(kAnn, 500, {prop(kMayfair)}), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::TradeTerms terms;
  terms.give = bit(kMayfair);
  effect::offer_trade(out, kAnn, kBen, terms);
  effect::reject_trade(out, kBen);
  ASSERT_EQ(types_of(out.events), (Types{ET::TradeOffered, ET::TradeRejected}));
  EXPECT_EQ(f::TradeRejected::player(out.events[1]), kBen);
  EXPECT_FALSE(out.state.offer.open);
  EXPECT_EQ(out.state.holdings[kMayfair].owner, kAnn);
}

// Accepted: the offer closes; the transfers are the caller's, after it.
TEST(EffectsTrades, AcceptTradeRecordsTheAccepterAndTheOfferer) {
  Table t = table({holder(kAnn, 500, {prop(kMayfair)}), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::TradeTerms terms;
  terms.give = bit(kMayfair);
  effect::offer_trade(out, kAnn, kBen, terms);
  effect::accept_trade(out, kBen, kAnn);
  ASSERT_EQ(types_of(out.events), (Types{ET::TradeOffered, ET::TradeAccepted}));
  EXPECT_EQ(f::TradeAccepted::accepter(out.events[1]), kBen);
  EXPECT_EQ(f::TradeAccepted::offerer(out.events[1]), kAnn);
  EXPECT_FALSE(out.state.offer.open);
  EXPECT_EQ(out.state.holdings[kMayfair].owner, kAnn);
}

// A deed changes hands as it is; back to the Bank it goes unmortgaged.
TEST(EffectsTrades, TransferDeedMovesTheDeedAndBackToTheBankUnmortgaged) {
  Table t = table({holder(kAnn, 500, {testing::mortgaged(kMayfair), testing::mortgaged(kParkLane)}), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::transfer_deed(out, kAnn, kBen, kMayfair);
  effect::transfer_deed(out, kAnn, kBank, kParkLane);
  ASSERT_EQ(types_of(out.events), (Types{ET::PropertyTransferred, ET::PropertyTransferred}));
  EXPECT_EQ(f::PropertyTransferred::from(out.events[0]), kAnn);
  EXPECT_EQ(f::PropertyTransferred::to(out.events[0]), kBen);
  EXPECT_EQ(f::PropertyTransferred::square(out.events[0]), kMayfair);
  EXPECT_EQ(f::PropertyTransferred::to(out.events[1]), kBank);
  EXPECT_EQ(out.state.holdings[kMayfair].owner, kBen);
  EXPECT_TRUE(out.state.holdings[kMayfair].mortgaged);
  EXPECT_EQ(out.state.holdings[kParkLane].owner, kBank);
  EXPECT_FALSE(out.state.holdings[kParkLane].mortgaged);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{500});
}

// A card of the pack named changes hands.
TEST(EffectsTrades, TransferJailCardOfAPackMovesThatPacksCard) {
  PlayerSetup ann = seat(kAnn, 100);
  ann.jail_card_packs = {DeckId::Chance, DeckId::CommunityChest};
  Table t = table({ann});
  ASSERT_EQ(t.player(kAnn).jail_cards[0], 1);
  ASSERT_EQ(t.player(kAnn).jail_cards[1], 1);
  Outcome out(t.ruleset(), t.state());
  effect::transfer_jail_card(out, kAnn, kBen, DeckId::CommunityChest);
  ASSERT_EQ(types_of(out.events), (Types{ET::JailCardTransferred}));
  EXPECT_EQ(f::JailCardTransferred::from(out.events[0]), kAnn);
  EXPECT_EQ(f::JailCardTransferred::to(out.events[0]), kBen);
  EXPECT_EQ(f::JailCardTransferred::deck(out.events[0]), DeckId::CommunityChest);
  EXPECT_EQ(out.state.player(kAnn).jail_cards[0], 1);
  EXPECT_EQ(out.state.player(kAnn).jail_cards[1], 0);
  EXPECT_EQ(out.state.player(kBen).jail_cards[1], 1);
}

// With a card of each pack and none named, the Chance card goes first, then the other.
TEST(EffectsTrades, TransferJailCardGivesTheChanceCardFirst) {
  PlayerSetup ann = seat(kAnn, 100);
  ann.jail_card_packs = {DeckId::CommunityChest, DeckId::Chance};
  Table t = table({ann});
  Outcome out(t.ruleset(), t.state());
  effect::transfer_jail_card(out, kAnn, kBen);
  effect::transfer_jail_card(out, kAnn, kCat);
  ASSERT_EQ(types_of(out.events), (Types{ET::JailCardTransferred, ET::JailCardTransferred}));
  EXPECT_EQ(f::JailCardTransferred::deck(out.events[0]), DeckId::Chance);
  EXPECT_EQ(f::JailCardTransferred::to(out.events[0]), kBen);
  EXPECT_EQ(f::JailCardTransferred::deck(out.events[1]), DeckId::CommunityChest);
  EXPECT_EQ(f::JailCardTransferred::to(out.events[1]), kCat);
  EXPECT_EQ(out.state.player(kAnn).jail_card_count(), 0);
  EXPECT_EQ(out.state.player(kBen).jail_cards[0], 1);
  EXPECT_EQ(out.state.player(kCat).jail_cards[1], 1);
}

// A trade's cash: paid in the giver's currency, received in the taker's; nothing received, no event.
TEST(EffectsTrades, HandOverCashPaysTheReceiverWhatHeIsToGet) {
  Table t = table({seat(kAnn, 500), seat(kBen, 100)});
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::hand_over_cash(out, kAnn, kBen, Money{50}, Money{50});
  effect::hand_over_cash(out, kAnn, kBen, Money{29}, Money{100});
  effect::hand_over_cash(out, kAnn, kBen, Money{0}, Money{0});
  ASSERT_EQ(types_of(out.events), (Types{ET::PaidToPlayer, ET::PaidToPlayer}));
  EXPECT_EQ(f::PaidToPlayer::payer(out.events[0]), kAnn);
  EXPECT_EQ(f::PaidToPlayer::payee(out.events[0]), kBen);
  EXPECT_EQ(f::PaidToPlayer::paid(out.events[0]), Money{50});
  EXPECT_EQ(f::PaidToPlayer::received(out.events[0]), Money{});
  EXPECT_EQ(f::PaidToPlayer::paid(out.events[1]), Money{29});
  EXPECT_EQ(f::PaidToPlayer::received(out.events[1]), Money{100});
  EXPECT_EQ(out.state.player(kAnn).cash, Money{421});
  EXPECT_EQ(out.state.player(kBen).cash, Money{250});
  EXPECT_EQ(out.state.bank_takings, takings - Money{71});
}

// ---- The end of a player and of the game ----

// Out of the game: his creditor named, his debts gone with him, out of jail.
TEST(EffectsEnd, GoBankruptTakesThePlayerOutAndClearsHisDebts) {
  Table t = table({jailed(kAnn, 0), seat(kBen, 100)});
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Rent, kAnn, kBen, Money{80}, kMayfair);
  ASSERT_EQ(owed(out.state, kAnn, kBen), Money{80});
  effect::go_bankrupt(out, kAnn, kBen);
  ASSERT_EQ(types_of(out.events), (Types{ET::DebtIncurred, ET::PlayerBankrupted}));
  EXPECT_EQ(f::PlayerBankrupted::player(out.events[1]), kAnn);
  EXPECT_EQ(f::PlayerBankrupted::creditor(out.events[1]), kBen);
  EXPECT_TRUE(out.state.player(kAnn).bankrupt);
  EXPECT_EQ(out.state.player(kAnn).total_owed(), Money{0});
  EXPECT_FALSE(out.state.player(kAnn).in_jail);
  EXPECT_EQ(out.state.player(kBen).cash, Money{100});
}

// The game is over, with its winner.
TEST(EffectsEnd, WinGameEndsTheGameWithItsWinner) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::win_game(out, kBen);
  ASSERT_EQ(types_of(out.events), (Types{ET::GameWon}));
  EXPECT_EQ(f::GameWon::winner(out.events[0]), kBen);
  EXPECT_EQ(out.state.phase, Phase::GameOver);
  EXPECT_EQ(out.state.winner, kBen);
}

// ---- The short game and corrections ----

// A deed dealt in the short game: its price to the Bank, the deed his.
TEST(EffectsShortGame, DealTitleGivesTheDeedForItsPrice) {
  Table t = table({seat(kAnn, 1500)});
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::deal_title(out, kAnn, kMayfair, Money{400});
  ASSERT_EQ(types_of(out.events), (Types{ET::TitleDealt}));
  EXPECT_EQ(f::TitleDealt::player(out.events[0]), kAnn);
  EXPECT_EQ(f::TitleDealt::square(out.events[0]), kMayfair);
  EXPECT_EQ(f::TitleDealt::price(out.events[0]), Money{400});
  EXPECT_EQ(out.state.holdings[kMayfair].owner, kAnn);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{1100});
  EXPECT_EQ(out.state.bank_takings, takings + Money{400});
}

// The referee calls time; nothing else changes.
TEST(EffectsShortGame, CallTimeIsTheReferees) {
  Table t = table({seat(kAnn, 500)});
  Outcome out(t.ruleset(), t.state());
  effect::call_time(out);
  ASSERT_EQ(types_of(out.events), (Types{ET::TimeCalled}));
  EXPECT_EQ(f::TimeCalled::referee(out.events[0]), kReferee);
  EXPECT_TRUE(out.state.time_called);
  EXPECT_EQ(out.state.phase, t.state().phase);
}

// A correction recorded as the referee gave it; the movements it orders follow it, not in it.
TEST(EffectsShortGame, RecordRulingRecordsTheCorrectionAndMovesNothing) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  const std::string reason = "R-17";
  effect::record_ruling(out, kAnn, kBen, kMayfair, Money{25}, reason);
  ASSERT_EQ(types_of(out.events), (Types{ET::RulingRecorded}));
  const Event& e = out.events[0];
  EXPECT_EQ(f::RulingRecorded::player(e), kAnn);
  EXPECT_EQ(f::RulingRecorded::other(e), kBen);
  EXPECT_EQ(f::RulingRecorded::square(e), kMayfair);
  EXPECT_EQ(f::RulingRecorded::amount(e), Money{25});
  EXPECT_EQ(f::RulingRecorded::reason(e), reason);
  State before = t.state();
  before.seq = out.state.seq;
  EXPECT_EQ(out.state, before);
}

// ---- The opening ([Setup]) ----

// The pack in the order given, top first; nothing of it unseen any more.
TEST(EffectsOpening, ShuffleDeckSetsThePackInTheOrderGiven) {
  Table t = table({seat(kAnn, 500)});
  Outcome out(t.ruleset(), t.state());
  const std::vector<CardIndex> order = {4, 0, 2, 1, 3};
  effect::shuffle_deck(out, DeckId::CommunityChest, order);
  ASSERT_EQ(types_of(out.events), (Types{ET::DeckShuffled}));
  EXPECT_EQ(f::DeckShuffled::deck(out.events[0]), DeckId::CommunityChest);
  EXPECT_EQ(f::DeckShuffled::order(out.events[0]), order);
  const PackState& pack = out.state.packs[static_cast<int>(DeckId::CommunityChest)];
  EXPECT_EQ(pack.unseen, 0u);
  ASSERT_EQ(static_cast<std::size_t>(pack.size), order.size());
  for (std::size_t i = 0; i < order.size(); ++i) EXPECT_EQ(pack.known_at(static_cast<int>(i)), order[i]);
  EXPECT_EQ(out.state.packs[static_cast<int>(DeckId::Chance)], t.state().packs[static_cast<int>(DeckId::Chance)]);
}

// A player placed: his cash (from the Bank), his square, in jail or not, the turns used there.
TEST(EffectsOpening, PlacePlayerSetsCashSquareAndJail) {
  Table t = table({seat(kAnn, 500), seat(kBen, 500)});
  Outcome out(t.ruleset(), t.state());
  const Money takings = out.state.bank_takings;
  effect::place_player(out, kAnn, Money{700}, uk().jail_square, true, 2);
  effect::place_player(out, kBen, Money{300}, kMayfair, false, 0);
  ASSERT_EQ(types_of(out.events), (Types{ET::PlayerPlaced, ET::PlayerPlaced}));
  const Event& e = out.events[0];
  EXPECT_EQ(f::PlayerPlaced::player(e), kAnn);
  EXPECT_EQ(f::PlayerPlaced::cash(e), Money{700});
  EXPECT_EQ(f::PlayerPlaced::square(e), uk().jail_square);
  EXPECT_TRUE(f::PlayerPlaced::in_jail(e));
  EXPECT_EQ(f::PlayerPlaced::jail_turns(e), 2);
  EXPECT_FALSE(f::PlayerPlaced::in_jail(out.events[1]));
  EXPECT_EQ(out.state.player(kAnn).cash, Money{700});
  EXPECT_TRUE(out.state.player(kAnn).in_jail);
  EXPECT_EQ(out.state.player(kAnn).jail_turns, 2);
  EXPECT_EQ(out.state.player(kBen).square, kMayfair);
  EXPECT_EQ(out.state.player(kBen).cash, Money{300});
  EXPECT_EQ(out.state.bank_takings, takings);  // Ann's £200 more came from the Bank, Ben's £200 less went back
  EXPECT_TRUE(out.state.set_up);
  EXPECT_EQ(check_invariants(uk(), out.state), "");
}

// A property assigned: its owner, its buildings (from the Bank's stock), mortgaged or not.
TEST(EffectsOpening, AssignPropertyGivesTheDeedWithItsBuildings) {
  Table t = table({seat(kAnn, 500)});
  Outcome out(t.ruleset(), t.state());
  const int houses = out.state.bank_houses, hotels = out.state.bank_hotels;
  effect::assign_property(out, kAnn, kParkLane, 4, false);
  effect::assign_property(out, kAnn, kMayfair, kHotel, false);
  effect::assign_property(out, kAnn, kOldKentRoad, 0, true);
  ASSERT_EQ(types_of(out.events), (Types{ET::PropertyAssigned, ET::PropertyAssigned, ET::PropertyAssigned}));
  EXPECT_EQ(f::PropertyAssigned::owner(out.events[0]), kAnn);
  EXPECT_EQ(f::PropertyAssigned::square(out.events[0]), kParkLane);
  EXPECT_EQ(f::PropertyAssigned::buildings(out.events[0]), 4);
  EXPECT_FALSE(f::PropertyAssigned::mortgaged(out.events[0]));
  EXPECT_EQ(f::PropertyAssigned::buildings(out.events[1]), kHotel);
  EXPECT_TRUE(f::PropertyAssigned::mortgaged(out.events[2]));
  EXPECT_EQ(out.state.holdings[kParkLane], (Holding{kAnn, 4, false}));
  EXPECT_EQ(out.state.holdings[kMayfair], (Holding{kAnn, kHotel, false}));
  EXPECT_EQ(out.state.holdings[kOldKentRoad], (Holding{kAnn, 0, true}));
  EXPECT_EQ(out.state.bank_houses, houses - 4);
  EXPECT_EQ(out.state.bank_hotels, hotels - 1);
  EXPECT_EQ(check_invariants(uk(), out.state), "");
}

// A Get Out of Jail Free card held at the start: out of its pack, in his hand.
TEST(EffectsOpening, AssignJailCardTakesTheCardOutOfItsPack) {
  Table t = table({seat(kAnn, 500)});
  const CardIndex card = testing::card_named(uk(), DeckId::CommunityChest, "Get Out of Jail Free (Community Chest)");
  Outcome out(t.ruleset(), t.state());
  effect::assign_jail_card(out, kAnn, DeckId::CommunityChest, card);
  ASSERT_EQ(types_of(out.events), (Types{ET::JailCardAssigned}));
  EXPECT_EQ(f::JailCardAssigned::holder(out.events[0]), kAnn);
  EXPECT_EQ(f::JailCardAssigned::deck(out.events[0]), DeckId::CommunityChest);
  EXPECT_EQ(f::JailCardAssigned::card(out.events[0]), card);
  EXPECT_EQ(out.state.player(kAnn).jail_cards[1], 1);
  const PackState& pack = out.state.packs[static_cast<int>(DeckId::CommunityChest)];
  EXPECT_NE(pack.out & (std::uint64_t{1} << card), 0u);
  EXPECT_EQ(pack.unseen & (std::uint64_t{1} << card), 0u);
}

// regional-currency: three deeds stacked, the one on top named.
TEST(EffectsOpening, FormConglomerateStacksTheThreeDeeds) {
  const SquareId med = rc_sq("Mediterranean Avenue"), reading = rc_sq("Reading Railroad"),
                 boardwalk = rc_sq("Boardwalk");
  Table t = rc_table({seat(kAnn), holder(kBen, 1500, {prop(med), prop(reading), prop(boardwalk)})}, {"Ann", "Ben"});
  Outcome out(t.ruleset(), t.state());
  const std::uint64_t mask = bit(med) | bit(reading) | bit(boardwalk);
  effect::form_conglomerate(out, kBen, mask, boardwalk);
  ASSERT_EQ(types_of(out.events), (Types{ET::ConglomerateFormed}));
  EXPECT_EQ(f::ConglomerateFormed::owner(out.events[0]), kBen);
  EXPECT_EQ(f::ConglomerateFormed::squares(out.events[0]), mask);
  EXPECT_EQ(f::ConglomerateFormed::top(out.events[0]), boardwalk);
  EXPECT_EQ(conglomerate_of(out.state, reading), mask);
  EXPECT_EQ(conglomerate_of(out.state, med), mask);
  EXPECT_EQ(out.state.player(kBen).cash, Money{1500});
}

}  // namespace
}  // namespace deedlog
