// regional-currency (regional-currency.txt) where it differs from us-standard: four regions
// with floating exchange rates, every sum paid through the Currency Conversion Table, a
// declined property left for the next lander, and Conglomerates in place of colour groups.
// Seats: Ann represents South (green), Ben West (pink), Cat North (yellow), Dan East (blue).
#include <fstream>
#include <sstream>

#include "support/build_paths.h"
#include "deedlog/building_group.h"
#include "deedlog/currency.h"
#include "deedlog/event_codec.h"
#include "deedlog/ruleset_catalog.h"
#include "deedlog/valuation.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

const Ruleset& rc() { return testing::edition("regional-currency"); }
SquareId S(const char* name) { return testing::square_named(rc(), name); }

constexpr PlayerId kAnn = 0, kBen = 1, kCat = 2, kDan = 3;

Table rc_table(std::vector<PlayerSetup> seats, std::optional<PlayerId> turn = std::nullopt,
               std::vector<std::string> players = {"Ann", "Ben", "Cat", "Dan"}) {
  return Table(std::move(players), setup_with(std::move(seats), turn), std::nullopt, rc());
}

Command form(PlayerId p, std::vector<SquareId> squares) {
  Command c = Table::cmd(Verb::FormConglomerate, p);
  c.give.properties = std::move(squares);
  return c;
}

Command on_square(Verb v, PlayerId p, SquareId sq) {
  Command c = Table::cmd(v, p);
  c.square = sq;
  return c;
}

std::string edition_text() {
  std::ifstream in(std::string(deedlog::testing::source_dir()) + "/src/rules/data/regional-currency.json");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// rule regional-currency/currency/exchange-rate: EXCHANGE RATES. The book's example: the
// representative owns 4 of his region's 6 and others own 2: +2; owns 1 of 6, others 5: -4.
// Mortgaged properties count; unowned ones do not; a region nobody represents counts every owner against it.
TEST(RegionalCurrency, ExchangeRateIsOwnPropertiesLessOthersMortgagedIncluded) {
  PlayerSetup ann = seat(kAnn), ben = seat(kBen), dan = seat(kDan);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue"), 0, true), prop(S("Oriental Avenue")),
              prop(S("Vermont Avenue"))};
  ben.owns = {prop(S("Connecticut Avenue")), prop(S("Reading Railroad"), 0, true)};
  dan.owns = {prop(S("Boardwalk"))};
  Table t = rc_table({ann, ben, seat(kCat), dan});
  EXPECT_EQ(exchange_rate(rc(), t.state(), 0), 2);   // South
  EXPECT_EQ(exchange_rate(rc(), t.state(), 1), 0);   // West: nothing owned
  EXPECT_EQ(exchange_rate(rc(), t.state(), 3), 1);   // East
  EXPECT_EQ(player_rate(rc(), t.state(), kAnn), 2);
  EXPECT_EQ(region_of(rc(), S("GO")), kNoRegion);    // corners belong to no region

  PlayerSetup ann1 = seat(kAnn), ben5 = seat(kBen);
  ann1.owns = {prop(S("Mediterranean Avenue"))};
  ben5.owns = {prop(S("Baltic Avenue")), prop(S("Reading Railroad")), prop(S("Oriental Avenue")),
               prop(S("Vermont Avenue")), prop(S("Connecticut Avenue"))};
  Table minus4 = rc_table({ann1, ben5});
  EXPECT_EQ(player_rate(rc(), minus4.state(), kAnn), -4);

  // Two players: East and North have no representative.
  PlayerSetup ann2 = seat(kAnn);
  ann2.owns = {prop(S("Boardwalk")), prop(S("Park Place"))};
  Table two = rc_table({ann2, seat(kBen)}, std::nullopt, {"Ann", "Ben"});
  EXPECT_EQ(exchange_rate(rc(), two.state(), 3), -2);
}

// rule regional-currency/currency/conversion: EXCHANGE RATES. Payer +2, payee -4: spread +6, and
// "$100 costs $40". The default table is 100 at spread 0 and 250 at -6; amounts round half up.
TEST(RegionalCurrency, ConversionTableGivesTheBooksPoint) {
  EXPECT_EQ(convert(rc(), Money{100}, 2, -4), Money{40});
  EXPECT_EQ(convert(rc(), Money{100}, 0, 0), Money{100});
  EXPECT_EQ(convert(rc(), Money{100}, -4, 2), Money{250});
  EXPECT_EQ(convert(rc(), Money{50}, 2, -1), Money{32});   // 63% of 50 = 31.5, half up
  EXPECT_EQ(convert(rc(), Money{1}, 16, -16), Money{1});   // never less than $1
  EXPECT_EQ(rc().currency_conversion.min_spread, -16);
  EXPECT_EQ(rc().currency_conversion.max_spread(), 16);
}

// rule regional-currency/currency/conversion: the table is a setting a user may replace in his
// own edition file (--ruleset-file).
TEST(RegionalCurrency, AUsersEditionFileMayReplaceTheTable) {
  std::string text = edition_text();
  const std::string from = "\"6\": 40";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "\"6\": 50");
  Ruleset mine;
  ASSERT_TRUE(parse_ruleset(text, &mine).is_ok());
  EXPECT_EQ(convert(mine, Money{100}, 2, -4), Money{50});
}

// A malformed table is refused with the key named.
TEST(RegionalCurrency, AMalformedTableIsRefusedNamingTheKey) {
  const std::string good = edition_text();
  auto refused = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    EXPECT_NE(text.find(from), std::string::npos) << from;
    text.replace(text.find(from), from.size(), to);
    Ruleset r;
    const Status s = parse_ruleset(text, &r);
    EXPECT_FALSE(s.is_ok());
    return s.message();
  };
  EXPECT_NE(refused("\"6\": 40", "\"six\": 40").find("settings.currency_conversion"), std::string::npos);
  EXPECT_NE(refused("\"6\": 40", "\"6\": -3").find("settings.currency_conversion.6"), std::string::npos);
  const std::string gap = refused("\"16\": 9", "\"17\": 9");
  EXPECT_NE(gap.find("settings.currency_conversion"), std::string::npos);
  EXPECT_NE(gap.find("spread 16"), std::string::npos);
  EXPECT_NE(refused("\"0\": 100", "\"0\": 90").find("settings.currency_conversion.0"), std::string::npos);
  // 29% one way and 339% back (29 x 339 < 10000) would let money grow by changing it there and back.
  const std::string pump = refused("\"-8\": 345", "\"-8\": 339");
  EXPECT_NE(pump.find("settings.currency_conversion.8"), std::string::npos) << pump;
  EXPECT_NE(pump.find("10000"), std::string::npos) << pump;
}

// rule regional-currency/currency/conversion: the payer's sum is rounded up and the table is
// reciprocal or worse, so two players passing money back and forth make nothing. Ann (South +4,
// four of her six there) pays Ben (West -4, Ann owns four of his eight) $1,000: 29%, $290
// green; Ben sends the $290 back: 345% of it, $1000.50, rounded up to $1,001 pink.
TEST(RegionalCurrency, MoneyPassedThereAndBackDoesNotGrow) {
  PlayerSetup ann = seat(kAnn);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue")), prop(S("Oriental Avenue")),
              prop(S("Vermont Avenue")), prop(S("St. Charles Place")), prop(S("States Avenue")),
              prop(S("Virginia Avenue")), prop(S("St. James Place"))};
  Table t = rc_table({ann, seat(kBen)}, std::nullopt, {"Ann", "Ben"});
  ASSERT_EQ(player_rate(rc(), t.state(), kAnn), 4);
  ASSERT_EQ(player_rate(rc(), t.state(), kBen), -4);
  Command there = Table::cmd(Verb::Offer, kAnn);
  there.counterparty = kBen;
  there.give.cash = Money{1000};
  t.play(there);
  t.play(Table::cmd(Verb::Accept, kBen));
  EXPECT_EQ(t.player(kAnn).cash, Money{1500 - 290});
  EXPECT_EQ(t.player(kBen).cash, Money{2500});
  Command back = Table::cmd(Verb::Offer, kBen);
  back.counterparty = kAnn;
  back.give.cash = Money{290};
  t.play(back);
  t.play(Table::cmd(Verb::Accept, kAnn));
  EXPECT_EQ(t.player(kAnn).cash, Money{1500});
  EXPECT_EQ(t.player(kBen).cash, Money{1499});
}

// rule regional-currency/currency/rent-in-owner-currency: PAYING RENT. Rent is the owner's,
// in his currency; the payer pays it converted. Ben (West +2) lands on Cat's Boardwalk; Cat
// represents North, at -4 (Ann owns four of it): spread +6, so the $50 costs Ben $20.
TEST(RegionalCurrency, RentIsPaidConvertedIntoTheOwnersCurrency) {
  PlayerSetup ann = seat(kAnn), ben = seat(kBen, 1500, 34), cat = seat(kCat);
  ann.owns = {prop(S("Indiana Avenue")), prop(S("Illinois Avenue")), prop(S("Atlantic Avenue")),
              prop(S("Ventnor Avenue"))};
  ben.owns = {prop(S("St. Charles Place")), prop(S("States Avenue"))};
  cat.owns = {prop(S("Boardwalk"))};
  Table t = rc_table({ann, ben, cat, seat(kDan)}, kBen);
  t.roll(kBen, 2, 3);
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{50});
  const Money takings = t.state().bank_takings;
  t.claim(kCat);
  const Event& paid = t.last_of(EventType::RentPaid);
  EXPECT_EQ(paid.amount, Money{20});
  EXPECT_EQ(paid.amount2, Money{50});
  EXPECT_EQ(t.player(kBen).cash, Money{1480});
  EXPECT_EQ(t.player(kCat).cash, Money{1550});
  EXPECT_EQ(t.state().bank_takings, takings - Money{30});  // the Bank made the exchange
}

// rule regional-currency/currency/purchase-in-region-currency: BUYING PROPERTY. Ann (South +2)
// buys Kentucky Avenue in North (rate 0): spread +2, 74% of $220 = $163 green.
TEST(RegionalCurrency, APurchaseIsPricedInTheRegionsCurrency) {
  PlayerSetup ann = seat(kAnn, 1500, 16);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue"))};
  Table t = rc_table({ann, seat(kBen), seat(kCat), seat(kDan)});
  t.roll(kAnn, 2, 3);
  t.buy(kAnn);
  const Event& bought = t.last_of(EventType::PropertyBought);
  EXPECT_EQ(bought.amount, Money{163});
  EXPECT_EQ(bought.amount2, Money{220});
  EXPECT_EQ(t.player(kAnn).cash, Money{1337});
}

// rule regional-currency/currency/deed-sums: MORTGAGES. The loan and the lift (+10%) are in the
// region's currency. Ann (+2) mortgages Kentucky Avenue (North, -1 with Ann owning it): spread +3,
// 63%: $110 lends $69 (rounded down: the Bank pays); lifting costs 63% of $110 and of $11,
// rounded up (the player pays): $70 and $7.
TEST(RegionalCurrency, MortgagesAreLentAndLiftedInTheRegionsCurrency) {
  PlayerSetup ann = seat(kAnn, 1000);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue")), prop(S("Kentucky Avenue"))};
  Table t = rc_table({ann, seat(kBen), seat(kCat), seat(kDan)});
  t.play(on_square(Verb::Mortgage, kAnn, S("Kentucky Avenue")));
  EXPECT_EQ(t.last_of(EventType::PropertyMortgaged).amount, Money{69});
  EXPECT_EQ(t.player(kAnn).cash, Money{1069});
  t.play(on_square(Verb::Unmortgage, kAnn, S("Kentucky Avenue")));
  EXPECT_EQ(t.last_of(EventType::MortgageLifted).amount, Money{70});
  EXPECT_EQ(t.last_of(EventType::InterestPaid).amount, Money{7});
  EXPECT_EQ(t.player(kAnn).cash, Money{992});
}

// rule regional-currency/currency/own-currency: "GO", INCOME TAX, JAIL. Salary, taxes and the
// jail fine are in the player's own currency, whatever the rates: no conversion.
TEST(RegionalCurrency, SalaryTaxAndFineAreInThePlayersOwnCurrency) {
  PlayerSetup ann = seat(kAnn, 1000, 35);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue")), prop(S("Kentucky Avenue"))};
  Table t = rc_table({ann, seat(kBen), seat(kCat), seat(kDan)});
  t.roll(kAnn, 1, 2);  // 38 Luxury Tax, $75
  EXPECT_EQ(t.last_of(EventType::TaxPaid).amount, Money{75});
  t.roll(kBen, 1, 2);
  t.roll(kCat, 1, 2);
  t.roll(kDan, 1, 2);
  t.roll(kAnn, 1, 3);  // passes GO: $200
  EXPECT_EQ(t.last_of(EventType::SalaryPaid).amount, Money{200});
  EXPECT_EQ(t.player(kAnn).cash, Money{1125});

  PlayerSetup jailed = seat(kAnn, 1000);
  jailed.jail_turns = 0;
  jailed.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue"))};
  Table j = rc_table({jailed, seat(kBen), seat(kCat), seat(kDan)});
  j.play(Table::cmd(Verb::PayFine, kAnn));
  EXPECT_EQ(j.last_of(EventType::FinePaid).amount, Money{50});
}

// rule regional-currency/tax/choice: INCOME TAX. $200, or 10% of his worth, figured in his own
// currency: Ann (+2) holds $1,000, Mediterranean and Baltic ($60 each, her own region: no
// conversion) and Kentucky Avenue (North, -1: spread +3, 63% of $220 = $139): $1,259, tax $125.
TEST(RegionalCurrency, IncomeTaxWorthIsConvertedIntoHisCurrency) {
  PlayerSetup ann = seat(kAnn, 1000, 1);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue")), prop(S("Kentucky Avenue"))};
  Table t = rc_table({ann, seat(kBen), seat(kCat), seat(kDan)});
  EXPECT_EQ(total_worth(rc(), t.state(), kAnn), Money{1259});
  t.roll(kAnn, 1, 2);  // 4 Income Tax
  Command pay = Table::cmd(Verb::PayTax, kAnn);
  pay.tax = TaxChoice::Percent;
  t.play(pay);
  EXPECT_EQ(t.last_of(EventType::TaxPaid).amount, Money{125});
}

// rule regional-currency/currency/card-sums: "CHANCE" and "COMMUNITY CHEST". A card's sum is in the
// currency of the region where the token stands. Ann (+2) at Chance in North (-1, her Indiana
// Avenue) collects the $50 dividend: 63% of $50 is $31.50, rounded down (the Bank pays): $31 green.
TEST(RegionalCurrency, CardSumsAreInTheCurrencyWhereTheTokenStands) {
  PlayerSetup ann = seat(kAnn, 1000, 19);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue")), prop(S("Indiana Avenue"))};
  Table t = rc_table({ann, seat(kBen), seat(kCat), seat(kDan)});
  t.roll(kAnn, 1, 2);  // 22 Chance
  t.draw(kAnn, "The Bank pays you a dividend of $50");
  const Event& got = t.last_of(EventType::PaidByBank);
  EXPECT_EQ(got.amount, Money{31});
  EXPECT_EQ(got.amount2, Money{50});
  EXPECT_EQ(t.player(kAnn).cash, Money{1031});
}

// rule regional-currency/currency/trade-cash: SELLING PROPERTY. **Decision:** the sum written in
// an offer is what the receiver gets in his currency; the giver pays it converted, at the rates
// before the deeds change hands. Ann (+2) pays Ben (0) $100 pink: 74%, $74 green.
TEST(RegionalCurrency, TradeCashIsWhatTheReceiverGets) {
  PlayerSetup ann = seat(kAnn, 1000), ben = seat(kBen, 1000);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue"))};
  ben.owns = {prop(S("Park Place"))};
  Table t = rc_table({ann, ben, seat(kCat), seat(kDan)});
  Command offer = Table::cmd(Verb::Offer, kAnn);
  offer.counterparty = kBen;
  offer.give.cash = Money{100};
  offer.get.properties = {S("Park Place")};
  t.play(offer);
  t.play(Table::cmd(Verb::Accept, kBen));
  EXPECT_EQ(t.player(kAnn).cash, Money{926});
  EXPECT_EQ(t.player(kBen).cash, Money{1100});
}

// rule regional-currency/buy/declined-waits: BUYING PROPERTY ("it can be sold to the next player
// to land on it"). No auction: the property stays with the Bank, and the next lander may buy it.
TEST(RegionalCurrency, ADeclinedPropertyWaitsForTheNextLander) {
  Table t = rc_table({seat(kAnn, 1500, 2), seat(kBen, 1500, 2), seat(kCat), seat(kDan)});
  t.roll(kAnn, 1, 2);  // 5 Reading Railroad
  t.decline(kAnn);
  EXPECT_FALSE(t.last_has(EventType::AuctionOpened));
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
  EXPECT_EQ(t.holding("Reading Railroad").owner, kBank);
  Command bid = Table::cmd(Verb::Bid, kBen);
  bid.amount = Money{50};
  EXPECT_EQ(t.refuse(bid).rule, "regional-currency/buy/declined-waits");
  t.roll(kBen, 1, 2);
  EXPECT_EQ(t.last_of(EventType::PropertyOffered).square, S("Reading Railroad"));
  t.buy(kBen);
  EXPECT_EQ(t.holding("Reading Railroad").owner, kBen);
}

// rule regional-currency/jail/doubles-leave: doubles out of jail move the token, no further throw.
TEST(RegionalCurrency, DoublesOutOfJailGiveNoFurtherThrow) {
  PlayerSetup ann = seat(kAnn);
  ann.jail_turns = 0;
  Table t = rc_table({ann, seat(kBen), seat(kCat), seat(kDan)});
  t.roll(kAnn, 2, 2);  // 14 Virginia Avenue
  t.decline(kAnn);
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// rule regional-currency/conglomerate/three-colours: CONGLOMERATES. Three properties of three
// colours, all the owner's; railroads and utilities are one colour, white.
TEST(RegionalCurrency, AConglomerateTakesThreeColoursOfTheOwnersOwn) {
  PlayerSetup ben = seat(kBen);
  ben.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue")), prop(S("Reading Railroad")),
              prop(S("Electric Company")), prop(S("Boardwalk"), 0, true)};
  Table t = rc_table({seat(kAnn), ben});
  EXPECT_EQ(t.refuse(form(kBen, {S("Mediterranean Avenue"), S("Baltic Avenue"), S("Boardwalk")})).rule,
            "regional-currency/conglomerate/three-colours");
  EXPECT_EQ(t.refuse(form(kBen, {S("Reading Railroad"), S("Electric Company"), S("Boardwalk")})).rule,
            "regional-currency/conglomerate/three-colours");
  EXPECT_EQ(t.refuse(form(kBen, {S("Reading Railroad"), S("Park Place"), S("Boardwalk")})).rule,
            "regional-currency/conglomerate/three-colours");
  EXPECT_EQ(t.refuse(form(kBen, {S("Reading Railroad"), S("Boardwalk")})).rule,
            "regional-currency/conglomerate/three-colours");
  // A mortgaged property may be stacked.
  t.play(form(kBen, {S("Mediterranean Avenue"), S("Reading Railroad"), S("Boardwalk")}));
  EXPECT_EQ(t.last_of(EventType::ConglomerateFormed).square, S("Boardwalk"));
}

// rule regional-currency/conglomerate/fixed-until-sold: CONGLOMERATES. A property stays in its
// Conglomerate until it is sold; the sale frees the other two.
TEST(RegionalCurrency, AConglomerateIsFixedUntilAMemberIsSold) {
  PlayerSetup ben = seat(kBen);
  ben.owns = {prop(S("Mediterranean Avenue")), prop(S("Reading Railroad")), prop(S("Boardwalk")),
              prop(S("Oriental Avenue")), prop(S("St. Charles Place"))};
  Table t = rc_table({seat(kAnn), ben});
  t.play(form(kBen, {S("Mediterranean Avenue"), S("Reading Railroad"), S("Boardwalk")}));
  EXPECT_EQ(t.refuse(form(kBen, {S("Boardwalk"), S("Oriental Avenue"), S("St. Charles Place")})).rule,
            "regional-currency/conglomerate/fixed-until-sold");
  Command offer = Table::cmd(Verb::Offer, kBen);
  offer.counterparty = kAnn;
  offer.give.properties = {S("Mediterranean Avenue")};
  offer.get.cash = Money{10};
  t.play(offer);
  t.play(Table::cmd(Verb::Accept, kAnn));
  EXPECT_EQ(conglomerate_of(t.state(), S("Boardwalk")), 0u);
  t.play(form(kBen, {S("Boardwalk"), S("Oriental Avenue"), S("St. Charles Place")}));
}

// rule regional-currency/conglomerate/double-rent-unimproved: CONGLOMERATES. Every unimproved
// member earns double the top's unimproved rent (Boardwalk's $50: $100), a railroad too, and
// still when another member is mortgaged. Two players: North and East have no representative.
TEST(RegionalCurrency, UnimprovedMembersEarnDoubleTheTopsRentBesideAMortgage) {
  PlayerSetup ben = seat(kBen);
  ben.owns = {prop(S("Mediterranean Avenue")), prop(S("Reading Railroad")), prop(S("Boardwalk"), 0, true)};
  Table t = rc_table({seat(kAnn, 1500, 3), ben}, std::nullopt, {"Ann", "Ben"});
  t.play(form(kBen, {S("Mediterranean Avenue"), S("Reading Railroad"), S("Boardwalk")}));
  t.roll(kAnn, 1, 1);  // 5 Reading Railroad
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{100});
  EXPECT_EQ(t.last_of(EventType::RentDue).square, S("Reading Railroad"));
  // Ann (South -2: Ben owns two of it) pays Ben (West 0) at spread -2: 136%, $136 green.
  t.claim(kBen);
  EXPECT_EQ(t.last_of(EventType::RentPaid).amount, Money{136});
  EXPECT_EQ(t.player(kBen).cash, Money{1600});
}

// rule regional-currency/conglomerate/top-of-stack-rent: CONGLOMERATES, HOUSES. Members use the
// top's rents and house prices; houses stand on a railroad in a Conglomerate. Ben (West 0) builds
// on Reading Railroad (South -2) at Boardwalk's $200 house price: spread +2, 74%, $148 pink.
TEST(RegionalCurrency, HousesOnARailroadInAConglomerateUseTheTopsPricesAndRents) {
  PlayerSetup ben = seat(kBen);
  ben.owns = {prop(S("Mediterranean Avenue")), prop(S("Reading Railroad")), prop(S("Boardwalk"))};
  Table t = rc_table({seat(kAnn, 1500, 3), ben}, std::nullopt, {"Ann", "Ben"});
  t.play(form(kBen, {S("Mediterranean Avenue"), S("Reading Railroad"), S("Boardwalk")}));
  t.play(on_square(Verb::Build, kBen, S("Reading Railroad")));
  const Event& built = t.last_of(EventType::HouseBuilt);
  EXPECT_EQ(built.amount, Money{148});
  EXPECT_EQ(built.amount2, Money{200});
  EXPECT_EQ(t.refuse(on_square(Verb::Build, kBen, S("Reading Railroad"))).rule, "regional-currency/houses/build-evenly");
  t.roll(kAnn, 1, 1);  // 5 Reading Railroad with a house: Boardwalk's $200
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{200});
  // No member may be traded nor mortgaged while a house stands in the Conglomerate.
  EXPECT_EQ(t.refuse(on_square(Verb::Mortgage, kBen, S("Boardwalk"))).rule, "regional-currency/mortgage/unbuilt-only");
}

// rule regional-currency/conglomerate/build-on-conglomerates: HOUSES ("When a player owns a
// Conglomerate he may buy houses"). A complete colour group is no building site, and earns no
// double rent: Boardwalk alone earns its $50.
TEST(RegionalCurrency, NoBuildingOrDoubleRentOnAPlainColourGroup) {
  PlayerSetup ben = seat(kBen);
  ben.owns = {prop(S("Park Place")), prop(S("Boardwalk"))};
  Table t = rc_table({seat(kAnn, 1500, 37), ben}, std::nullopt, {"Ann", "Ben"});
  EXPECT_EQ(t.refuse(on_square(Verb::Build, kBen, S("Boardwalk"))).rule,
            "regional-currency/conglomerate/build-on-conglomerates");
  t.roll(kAnn, 1, 1);  // 39 Boardwalk
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{50});
}

// rule regional-currency/currency/deed-sums: SELLING PROPERTY ("one-half the price paid for them in
// the currency of the region in which the property is located corrected for current exchange
// rates"). Ben (West 0) sells back the house on Reading Railroad (South -2): half Boardwalk's
// $200, $100 green, is worth 74% of it in pink: $74.
TEST(RegionalCurrency, HousesAreSoldBackAtHalfInTheRegionsCurrency) {
  PlayerSetup ben = seat(kBen);
  ben.owns = {prop(S("Mediterranean Avenue")), prop(S("Reading Railroad")), prop(S("Boardwalk"))};
  Table t = rc_table({seat(kAnn), ben}, std::nullopt, {"Ann", "Ben"});
  t.play(form(kBen, {S("Mediterranean Avenue"), S("Reading Railroad"), S("Boardwalk")}));
  t.play(on_square(Verb::Build, kBen, S("Reading Railroad")));
  t.play(on_square(Verb::Sell, kBen, S("Reading Railroad")));
  EXPECT_EQ(t.last_of(EventType::HouseSold).amount, Money{74});
  EXPECT_EQ(t.player(kBen).cash, Money{1500 - 148 + 74});
}

// rule regional-currency/currency/card-sums: "pay each player": Ann draws at Chance in South
// (+2, her own region): she pays each $50 green; Ben and Cat (0) each get its worth, 136%: $68.
TEST(RegionalCurrency, EachSideOfACardTransferIsConverted) {
  PlayerSetup ann = seat(kAnn, 1500, 4);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue"))};
  Table t = rc_table({ann, seat(kBen), seat(kCat)}, std::nullopt, {"Ann", "Ben", "Cat"});
  t.roll(kAnn, 1, 2);  // 7 Chance
  const Money takings = t.state().bank_takings;
  t.draw(kAnn, "Chairman of the Board: pay each player $50");
  EXPECT_EQ(t.player(kAnn).cash, Money{1400});
  EXPECT_EQ(t.player(kBen).cash, Money{1568});
  EXPECT_EQ(t.player(kCat).cash, Money{1568});
  EXPECT_EQ(t.state().bank_takings, takings - Money{36});
}

// A debt stands in the debtor's currency; the creditor gets its worth in his own when it is
// paid. Ann (+2) owes Ben (0) the $50 pink rent on Boardwalk: 74%, $37 green, which she has not.
// She mortgages Baltic Avenue ($30 green, her own region) and pays; Ben gets 136% of $37, $50.32,
// rounded down: $50.
TEST(RegionalCurrency, ADebtIsExchangedWhenItIsPaid) {
  PlayerSetup ann = seat(kAnn, 10, 34), ben = seat(kBen);
  ann.owns = {prop(S("Mediterranean Avenue")), prop(S("Baltic Avenue"))};
  ben.owns = {prop(S("Boardwalk"))};
  Table t = rc_table({ann, ben}, std::nullopt, {"Ann", "Ben"});
  t.roll(kAnn, 2, 3);
  t.claim(kBen);
  EXPECT_EQ(t.last_of(EventType::DebtIncurred).amount, Money{37});
  t.play(on_square(Verb::Mortgage, kAnn, S("Baltic Avenue")));
  const Event& paid = t.last_of(EventType::DebtPaid);
  EXPECT_EQ(paid.amount, Money{37});
  EXPECT_EQ(paid.amount2, Money{50});
  EXPECT_EQ(t.player(kAnn).cash, Money{3});
  EXPECT_EQ(t.player(kBen).cash, Money{1550});
}

// The journal keeps both sides of an exchange and the Conglomerate's squares.
TEST(RegionalCurrency, ExchangedPaymentsAndConglomeratesRoundTripThroughTheCodec) {
  Event paid;
  paid.type = EventType::RentPaid;
  paid.player = kBen;
  paid.other = kCat;
  paid.square = S("Boardwalk");
  paid.amount = Money{20};
  paid.amount2 = Money{50};
  Event formed;
  formed.type = EventType::ConglomerateFormed;
  formed.player = kBen;
  formed.mask = (std::uint64_t{1} << 1) | (std::uint64_t{1} << 5) | (std::uint64_t{1} << 39);
  formed.square = 39;
  for (const Event& e : {paid, formed}) {
    Event back;
    std::string error;
    ASSERT_TRUE(decode_event(event_type_name(e.type), encode_payload(e), &back, &error)) << error;
    EXPECT_EQ(back, e);
  }
}

// The top of the stack: the highest unimproved rent, a street before a railroad or utility.
TEST(RegionalCurrency, TheTopOfTheStackIsTheHighestRent) {
  const std::uint64_t mask = (std::uint64_t{1} << S("Baltic Avenue")) | (std::uint64_t{1} << S("Water Works")) |
                             (std::uint64_t{1} << S("St. James Place"));
  EXPECT_EQ(conglomerate_top(rc(), mask), S("St. James Place"));
}

// rule regional-currency/setup/buildings-need-group: a [Setup] states a Conglomerate already
// built on ("conglomerate A, B, C"); buildings outside one, or built unevenly, are refused.
TEST(RegionalCurrency, ASetupStatesBuiltConglomerates) {
  PlayerSetup ben = seat(kBen);
  ben.owns = {prop(S("Mediterranean Avenue"), 2), prop(S("Reading Railroad"), 2), prop(S("Boardwalk"), 1)};
  ben.conglomerates = {{S("Mediterranean Avenue"), S("Reading Railroad"), S("Boardwalk")}};
  Table t = rc_table({seat(kAnn, 1500, 3), ben}, std::nullopt, {"Ann", "Ben"});
  EXPECT_NE(conglomerate_of(t.state(), S("Reading Railroad")), 0u);
  t.roll(kAnn, 1, 1);  // 5 Reading Railroad with two houses: Boardwalk's two-house rent, $600
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{600});

  PlayerSetup loose = seat(kBen);
  loose.owns = {prop(S("Mediterranean Avenue"), 1)};
  EXPECT_THROW(rc_table({seat(kAnn), loose}, std::nullopt, {"Ann", "Ben"}), std::runtime_error);
  PlayerSetup uneven = ben;
  uneven.owns = {prop(S("Mediterranean Avenue"), 3), prop(S("Reading Railroad"), 1), prop(S("Boardwalk"), 1)};
  Decision d = decide_start(rc(), [] {
    GameHeader h;
    h.ruleset = "regional-currency";
    h.players = {"Ann", "Ben"};
    return h;
  }(), setup_with({seat(kAnn), uneven}));
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "regional-currency/setup/even-building");
  // The opening gives the setup back, Conglomerate included (verify and replay rely on it).
  GameHeader h;
  h.ruleset = "regional-currency";
  h.players = {"Ann", "Ben"};
  const Decision ok = decide_start(rc(), h, setup_with({seat(kAnn), ben}));
  ASSERT_TRUE(ok.accepted);
  const SetupPosition back = setup_from_opening(ok.events);
  ASSERT_EQ(back.players.size(), 2u);
  ASSERT_EQ(back.players[1].conglomerates.size(), 1u);
  EXPECT_EQ(back.players[1].conglomerates[0],
            (std::vector<SquareId>{S("Mediterranean Avenue"), S("Reading Railroad"), S("Boardwalk")}));
}

}  // namespace
}  // namespace deedlog
