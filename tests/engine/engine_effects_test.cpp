// Effects (engine/effects.h): each consequence built in one place, tested on its own, and the
// disagreements between paths that used to build the same consequence by hand.
#include "deedlog/currency.h"
#include "engine/decide_support.h"
#include "engine/effects.h"
#include "deedlog/invariants.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

constexpr PlayerId kAnn = 0, kBen = 1;

const Ruleset& uk() { return testing::uk1972(); }
SquareId sq(const char* name) { return testing::square_named(uk(), name); }

const Ruleset& uk_jackpot() { return testing::uk1972_jackpot(); }

Table table(std::vector<PlayerSetup> seats, const Ruleset& r = uk(), std::optional<PlayerId> turn = std::nullopt) {
  return Table({"Ann", "Ben", "Cat"}, setup_with(std::move(seats), turn), std::nullopt, r);
}

int count_of(const Events& events, EventType t) {
  int n = 0;
  for (const Event& e : events) n += e.type == t ? 1 : 0;
  return n;
}

TEST(Effects, PayInCashMovesTheMoneyAndNothingElse) {
  Table t = table({seat(kAnn, 500), seat(kBen, 100)});
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Rent, kAnn, kBen, Money{50}, sq("Mayfair"));
  ASSERT_EQ(out.events.size(), 1u);
  EXPECT_EQ(out.events[0].type, EventType::RentPaid);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{450});
  EXPECT_EQ(out.state.player(kBen).cash, Money{150});
}

TEST(Effects, PayBeyondTheCashBecomesADebtAndMovesNoMoney) {
  Table t = table({seat(kAnn, 30)});
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Tax, kAnn, kBank, Money{200}, sq("Income Tax"));
  ASSERT_EQ(out.events.size(), 1u);
  EXPECT_EQ(out.events[0].type, EventType::DebtIncurred);
  EXPECT_EQ(out.events[0].count, static_cast<int>(EventType::TaxPaid));
  EXPECT_EQ(out.state.player(kAnn).cash, Money{30});
  EXPECT_EQ(out.state.player(kAnn).total_owed(), Money{200});
}

TEST(Effects, PayNothingMakesNoEvent) {
  Table t = table({});
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Tax, kAnn, kBank, Money{0});
  EXPECT_TRUE(out.events.empty());
}

TEST(Effects, EveryTaxAndFinePaidToTheBankFeedsTheJackpotUnderTheHouseRule) {
  for (auto kind : {effect::PaymentKind::Tax, effect::PaymentKind::JailFine, effect::PaymentKind::CardToBank}) {
    Table t = table({seat(kAnn, 500)}, uk_jackpot());
    Outcome out(t.ruleset(), t.state());
    effect::pay(out, kind, kAnn, kBank, Money{50});
    EXPECT_EQ(count_of(out.events, EventType::JackpotAdded), 1) << static_cast<int>(kind);
    EXPECT_EQ(out.state.jackpot, Money{50});
  }
  // Rent between players never does, nor does a bankrupt's cash handed to the Bank.
  Table t = table({seat(kAnn, 500)}, uk_jackpot());
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Rent, kAnn, kBen, Money{50});
  effect::surrender_cash(out, kAnn, kBank);
  EXPECT_EQ(out.state.jackpot, Money{0});
}

TEST(Effects, SettleDebtsPaysEachDebtInFullOnceTheCashIsThere) {
  Table t = table({seat(kAnn, 30)});
  Outcome out(t.ruleset(), t.state());
  effect::pay(out, effect::PaymentKind::Rent, kAnn, kBen, Money{100});
  effect::settle_debts(out, kAnn);
  EXPECT_EQ(count_of(out.events, EventType::DebtPaid), 0);  // 30 is not enough: nothing paid
  effect::bank_pays(out, kAnn, Money{100}, Money{100});
  effect::settle_debts(out, kAnn);
  EXPECT_EQ(count_of(out.events, EventType::DebtPaid), 1);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{30});
  EXPECT_EQ(out.state.player(kAnn).total_owed(), Money{0});
}

TEST(Effects, MovingForwardPastGoPaysTheSalaryOnceAndBackwardsNever) {
  Table t = table({seat(kAnn, 100, sq("Park Lane"))});
  Outcome out(t.ruleset(), t.state());
  effect::move_forward(out, kAnn, 5);  // Park Lane (37) to square 2
  EXPECT_EQ(out.state.player(kAnn).square, 2);
  EXPECT_EQ(count_of(out.events, EventType::SalaryPaid), 1);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{100} + uk().salary);
  effect::move_back_to(out, kAnn, sq("Park Lane"));
  EXPECT_EQ(count_of(out.events, EventType::SalaryPaid), 1);
  EXPECT_EQ(out.events.back().count, -(40 - 37 + 2));
}

TEST(Effects, AdvancingToTheSquareTheTokenIsOnGoesOnceRound) {
  Table t = table({seat(kAnn, 100, sq("Mayfair"))});
  Outcome out(t.ruleset(), t.state());
  effect::advance_to(out, kAnn, sq("Mayfair"));
  EXPECT_EQ(out.events.front().count, uk().board_size());
  EXPECT_EQ(count_of(out.events, EventType::SalaryPaid), 1);
}

TEST(Effects, SendToJailAndLeaveJail) {
  Table t = table({seat(kAnn, 100, sq("Mayfair"))});
  Outcome out(t.ruleset(), t.state());
  effect::send_to_jail(out, kAnn, JailReason::Card);
  EXPECT_TRUE(out.state.player(kAnn).in_jail);
  EXPECT_EQ(out.state.player(kAnn).square, uk().jail_square);
  EXPECT_EQ(count_of(out.events, EventType::SalaryPaid), 0);
  effect::leave_jail(out, kAnn, JailExit::Fine);
  EXPECT_FALSE(out.state.player(kAnn).in_jail);
  EXPECT_EQ(out.events.back().count, static_cast<int>(JailExit::Fine));
}

TEST(Effects, RentDueThenCollectedOrForfeited) {
  Table t = table({seat(kAnn, 500), seat(kBen, 0, std::nullopt)});
  {
    Outcome out(t.ruleset(), t.state());
    effect::rent_due(out, kAnn, kBen, sq("Mayfair"), Money{50});
    ASSERT_EQ(out.state.rents[0].open, true);
    const RentClaim claim = out.state.rents[0];
    effect::collect_rent(out, claim);
    EXPECT_EQ(out.state.player(kBen).cash, Money{50});
    EXPECT_EQ(count_of(out.events, EventType::RentClaimed), 1);
  }
  {
    Outcome out(t.ruleset(), t.state());
    effect::rent_due(out, kAnn, kBen, sq("Mayfair"), Money{50});
    const RentClaim claim = out.state.rents[0];
    effect::forfeit_rent(out, claim);
    EXPECT_FALSE(out.state.rents[0].open);
    EXPECT_EQ(out.state.player(kBen).cash, Money{0});
  }
}

TEST(Effects, TransferOfAMortgagedDeedChargesTheTenPercent) {
  // Ann's mortgaged Mayfair goes to Ben, who pays 10% of the mortgage value (£175 -> £18, rounded up).
  Table m = Table({"Ann", "Ben", "Cat"},
                  setup_with({[] {
                                PlayerSetup p = seat(kAnn, 500);
                                p.owns = {prop(sq("Mayfair"), 0, /*mortgaged=*/true)};
                                return p;
                              }(),
                              seat(kBen, 500)}),
                  std::nullopt, uk());
  Outcome o(m.ruleset(), m.state());
  effect::transfer_deed(o, kAnn, kBen, sq("Mayfair"));
  effect::charge_transfer_interest(o, kBen, sq("Mayfair"));
  EXPECT_EQ(o.state.holdings[sq("Mayfair")].owner, kBen);
  EXPECT_EQ(o.state.player(kBen).cash, Money{500} - mortgage_interest(uk(), uk().square(sq("Mayfair")).mortgage_value));
  EXPECT_TRUE(o.events.back().flag);  // the interest on a transfer
}

TEST(Effects, ClearingASiteSellsEveryBuildingAtHalfOrSurrendersIt) {
  auto built = [] {
    PlayerSetup p = seat(kAnn, 0);
    p.owns = {prop(sq("Mayfair"), 3), prop(sq("Park Lane"), 3)};
    return Table({"Ann", "Ben", "Cat"}, setup_with({p}), std::nullopt, uk());
  };
  Table t = built();
  Outcome paid(t.ruleset(), t.state());
  effect::clear_site_buildings(paid, kAnn, sq("Mayfair"), /*paid=*/true, /*by_mortgage=*/false);
  EXPECT_EQ(count_of(paid.events, EventType::HouseSold), 3);
  EXPECT_EQ(paid.state.player(kAnn).cash, Money{3 * uk().square(sq("Mayfair")).house_cost.units / 2});
  Outcome surrendered(t.ruleset(), t.state());
  effect::clear_site_buildings(surrendered, kAnn, sq("Mayfair"), /*paid=*/false, /*by_mortgage=*/false);
  EXPECT_EQ(surrendered.state.player(kAnn).cash, Money{0});
  EXPECT_EQ(surrendered.state.holdings[sq("Mayfair")].buildings, 0);
}

TEST(Effects, AJailCardChangesHandsChanceFirst) {
  PlayerSetup ann = seat(kAnn, 100);
  ann.jail_cards = 1;
  Table t({"Ann", "Ben", "Cat"}, setup_with({ann}), std::nullopt, uk());
  Outcome out(t.ruleset(), t.state());
  effect::transfer_jail_card(out, kAnn, kBen);
  EXPECT_EQ(out.state.player(kAnn).jail_card_count(), 0);
  EXPECT_EQ(out.state.player(kBen).jail_card_count(), 1);
}

TEST(Effects, SurrenderedCashGoesToTheCreditor) {
  Table t = table({seat(kAnn, 70), seat(kBen, 10)});
  Outcome out(t.ruleset(), t.state());
  effect::surrender_cash(out, kAnn, kBen);
  EXPECT_EQ(out.state.player(kAnn).cash, Money{0});
  EXPECT_EQ(out.state.player(kBen).cash, Money{80});
}

TEST(Effects, AnAuctionOpensForAPropertyOrABuilding) {
  Table t = table({});
  Outcome out(t.ruleset(), t.state());
  effect::open_auction(out, kAnn, sq("Mayfair"));
  EXPECT_EQ(out.state.phase, Phase::Auction);
  EXPECT_EQ(out.state.auction.square, sq("Mayfair"));
  EXPECT_EQ(out.state.auction.lot, AuctionLot::Property);
}

// The regression: a jailed player's fine paid before his throw reached the Bank but never the
// Free Parking jackpot, while the same fine after a third failed throw did.
TEST(JackpotRegression, TheJailFinePaidBeforeTheThrowWaitsOnFreeParking) {
  PlayerSetup ann = seat(kAnn, 500);
  ann.jail_turns = 0;
  Table t({"Ann", "Ben", "Cat"}, setup_with({ann}), std::nullopt, uk_jackpot());
  ASSERT_TRUE(t.player(kAnn).in_jail);
  t.play(Table::cmd(Verb::PayFine, kAnn));
  EXPECT_TRUE(t.last_has(EventType::JackpotAdded));
  EXPECT_EQ(t.state().jackpot, uk().jail.fine);
}

TEST(JackpotRegression, TheFineOfPayOrTakeAChanceWaitsOnFreeParking) {
  // Community Chest is two squares past GO.
  Table t({"Ann", "Ben", "Cat"}, setup_with({seat(kAnn, 500, sq("GO"))}), std::nullopt, uk_jackpot());
  t.roll(kAnn, 1, 1);  // GO + 2: Community Chest
  ASSERT_EQ(t.state().phase, Phase::AwaitingCard);
  t.draw(kAnn, "Pay a £10 fine or take a Chance");
  ASSERT_EQ(t.state().phase, Phase::CardChoice);
  t.play(Table::cmd(Verb::PayFine, kAnn));
  EXPECT_TRUE(t.last_has(EventType::JackpotAdded));
  EXPECT_EQ(t.state().jackpot, Money{10});
}

}  // namespace
}  // namespace deedlog
