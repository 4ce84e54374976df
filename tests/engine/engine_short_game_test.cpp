// uk-1972, RULES FOR PLAYING THE SHORT GAME ([Variant "short-game"], also "time-limit"): two
// title deeds dealt to each player and paid for before the first throw; at the agreed time the
// move in progress is completed and nothing more happens; each estate is valued and the richest
// leads.
#include "support/economy.h"

namespace deedlog {
namespace {
using namespace testing;

Money price(SquareId s) { return uk1972().square(s).price; }

// rule uk-1972/short-game/deal-two-deeds: in a seeded game the referee shuffles the deeds and
// deals two to each player, who pays their printed price; the same seed deals the same.
TEST(ShortGame, SeededDealOfTwoDeedsEachPaidFor) {
  Events start;
  Table t = short_game({"Ann", "Ben", "Cat"}, std::nullopt, 2026, &start);
  EXPECT_TRUE(t.state().short_game);
  const auto dealt = all_of(start, EventType::TitleDealt);
  ASSERT_EQ(dealt.size(), 6u);
  std::array<int, 3> deeds{};
  std::array<Money, 3> paid{};
  std::uint64_t seen = 0;
  for (const Event& d : dealt) {
    ASSERT_TRUE(uk1972().square(d.square).is_property());
    EXPECT_EQ(d.amount, price(d.square));
    EXPECT_EQ(owner(t, d.square), d.player);
    EXPECT_FALSE(seen & (std::uint64_t{1} << d.square)) << "dealt twice";
    seen |= std::uint64_t{1} << d.square;
    ++deeds[static_cast<std::size_t>(d.player)];
    paid[static_cast<std::size_t>(d.player)] += d.amount;
  }
  for (PlayerId p = 0; p < 3; ++p) {
    EXPECT_EQ(deeds[static_cast<std::size_t>(p)], 2);
    EXPECT_EQ(t.player(p).cash, Money{1500} - paid[static_cast<std::size_t>(p)]);
  }
  Events again;
  short_game({"Ann", "Ben", "Cat"}, std::nullopt, 2026, &again);
  EXPECT_EQ(all_of(again, EventType::TitleDealt), dealt);
  // The deal is done: the first throw may follow, and no more deeds are dealt.
  SquareId undealt = kNoSquare;
  for (int i = 0; i < uk1972().board_size() && undealt == kNoSquare; ++i)
    if (uk1972().square(static_cast<SquareId>(i)).is_property() && owner(t, static_cast<SquareId>(i)) == kBank)
      undealt = static_cast<SquareId>(i);
  EXPECT_EQ(t.refuse(deal_cmd(0, {undealt})).rule, rule_id("short-game/deal-two-deeds"));
  t.play(Table::cmd(Verb::Roll, 0));
  EXPECT_TRUE(t.last_has(EventType::DiceThrown));
  expect_sound(t);
}

// rule uk-1972/short-game/deal-two-deeds: "time-limit" is the same game.
TEST(ShortGame, TimeLimitVariantDealsToo) {
  Events start;
  Table t = variant_table({"Ann", "Ben"}, {"time-limit"}, std::nullopt, 7, &start);
  EXPECT_TRUE(t.state().short_game);
  EXPECT_EQ(count_of(start, EventType::TitleDealt), 4);
  // An ordinary game deals nothing.
  Events plain;
  variant_table({"Ann", "Ben"}, {}, std::nullopt, 7, &plain);
  EXPECT_EQ(count_of(plain, EventType::TitleDealt), 0);
}

// rule uk-1972/short-game/deal-two-deeds: at a table the deal is recorded ("Referee deals Ann:
// Mayfair, Park Lane"); nobody throws before every player has his two deeds.
TEST(ShortGame, UnseededDealIsRecordedAndThrowsWaitForIt) {
  Table t = short_game();
  const std::string deal_rule = rule_id("short-game/deal-two-deeds");
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 0, 3, 4)).rule, deal_rule);
  const Events e = t.play(deal_cmd(0, {kMayfair, kParkLane}));
  ASSERT_EQ(count_of(e, EventType::TitleDealt), 2);
  EXPECT_EQ(owner(t, kMayfair), 0);
  EXPECT_EQ(owner(t, kParkLane), 0);
  EXPECT_EQ(t.player(0).cash, Money{1500 - 400 - 350});
  // Ben has none yet: still no throw.
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 0, 3, 4)).rule, deal_rule);
  // Not a third deed, not a deed dealt already, only to a player.
  EXPECT_EQ(t.refuse(deal_cmd(0, {kKingsCross})).rule, deal_rule);
  EXPECT_EQ(t.refuse(deal_cmd(1, {kMayfair})).rule, deal_rule);
  EXPECT_EQ(t.refuse(deal_cmd(1, {kIncomeTax})).rule, deal_rule);
  EXPECT_EQ(t.refuse(deal_cmd(5, {kKingsCross})).rule, deal_rule);
  t.play(deal_cmd(1, {kKingsCross}));
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 0, 3, 4)).rule, deal_rule);
  t.play(deal_cmd(1, {kAngel}));
  EXPECT_EQ(t.player(1).cash, Money{1500 - 200 - 100});
  t.roll(0, 4, 6);
  EXPECT_EQ(t.player(0).square, 10);
  // After the first throw nothing more is dealt.
  EXPECT_EQ(t.refuse(deal_cmd(1, {kEuston})).rule, deal_rule);
  // Deeds are dealt only in the short game.
  Table plain({"Ann", "Ben"});
  EXPECT_EQ(plain.refuse(deal_cmd(0, {kMayfair})).rule, deal_rule);
  expect_sound(t);
}

// Ann: Mayfair and Park Lane; Ben: King's Cross and The Angel. Ann to throw.
Table dealt_game() {
  Table t = short_game();
  t.play(deal_cmd(0, {kMayfair, kParkLane}));
  t.play(deal_cmd(1, {kKingsCross, kAngel}));
  return t;
}

// rule uk-1972/short-game/time-called: the player in the middle of his move completes it (his
// buy decision), gets no further throw for his doubles, and then nothing more is thrown,
// traded or built.
TEST(ShortGame, TimeCalledCompletesTheMoveInProgressThenStopsEverything) {
  Table t = dealt_game();
  t.roll(0, 4, 4);  // doubles: Euston Road, unowned
  ASSERT_EQ(t.state().phase, Phase::BuyDecision);
  const Events called = t.play(call_time_cmd());
  EXPECT_EQ(count_of(called, EventType::TimeCalled), 1);
  EXPECT_TRUE(t.state().time_called);
  EXPECT_FALSE(value_estates(uk1972(), t.state()).final);  // the move is not over yet
  t.buy(0);
  EXPECT_EQ(owner(t, kEuston), 0);
  EXPECT_EQ(t.player(0).cash, Money{750 - 100});
  EXPECT_FALSE(t.last_of(EventType::MoveCompleted).flag);  // no throw again for the doubles
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
  const std::string time = rule_id("short-game/time-called");
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 0, 1, 2)).rule, time);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 1, 1, 2)).rule, time);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::EndTurn, 0)).rule, time);
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({kEuston}), side({}, 100))).rule, time);
  EXPECT_EQ(t.refuse(build_cmd(0, kMayfair)).rule, time);
  EXPECT_EQ(t.refuse(mortgage_cmd(0, kMayfair)).rule, time);
  EXPECT_EQ(t.refuse(unmortgage_cmd(0, kMayfair)).rule, time);
  EXPECT_EQ(t.refuse(call_time_cmd()).rule, time);  // called once
  EXPECT_TRUE(value_estates(uk1972(), t.state()).final);
  expect_sound(t);
}

// rule uk-1972/short-game/time-called: the auction of a declined property and the rent asked
// for the move are transactions of the move in progress and complete.
TEST(ShortGame, TimeCalledStillCompletesTheAuctionAndTheRent) {
  Table t = dealt_game();
  t.roll(0, 1, 2);  // Whitechapel Road, unowned
  t.play(call_time_cmd());
  t.decline(0);
  t.bid(1, 70);
  t.pass(0);
  EXPECT_EQ(owner(t, kWhitechapel), 1);
  EXPECT_EQ(t.player(1).cash, Money{1200 - 70});

  Table r = dealt_game();
  r.roll(0, 2, 4);  // The Angel, Ben's: £6
  r.play(call_time_cmd());
  r.claim(1);
  EXPECT_EQ(r.player(1).cash, Money{1200 + 6});
  EXPECT_EQ(r.player(0).cash, Money{750 - 6});
}

// rule uk-1972/short-game/time-called: a debt of the move in progress is still settled: the
// debtor may mortgage or sell to pay it, or declare bankruptcy; nobody else may raise money.
TEST(ShortGame, TimeCalledTheDebtorStillRaisesTheMoney) {
  PlayerSetup ann = holder(0, 50, {prop(kMayfair), prop(kParkLane)}, 35);
  PlayerSetup ben = holder(1, 1500, {prop(kOldKentRoad), prop(kWhitechapel)});
  Table t = short_game({"Ann", "Ben"}, setup_with({ann, ben}));
  t.roll(0, 1, 2);  // Super Tax £100
  ASSERT_EQ(owes(t, 0, kBank), Money{100});
  t.play(call_time_cmd());
  EXPECT_EQ(t.refuse(mortgage_cmd(1, kOldKentRoad)).rule, rule_id("short-game/time-called"));
  t.play(mortgage_cmd(0, kParkLane));
  EXPECT_EQ(t.last_of(EventType::DebtPaid).amount, Money{100});
  EXPECT_EQ(t.player(0).cash, Money{50 + 175 - 100});
  EXPECT_EQ(t.refuse(mortgage_cmd(0, kMayfair)).rule, rule_id("short-game/time-called"));  // no debt now
  EXPECT_TRUE(value_estates(uk1972(), t.state()).final);
  expect_sound(t);
}

// rule uk-1972/short-game/time-called: only in the short game, only by the referee.
TEST(ShortGame, TimeIsCalledOnlyInTheShortGame) {
  Table plain({"Ann", "Ben"});
  EXPECT_EQ(plain.refuse(call_time_cmd()).rule, rule_id("short-game/time-called"));
  Table t = dealt_game();
  Command by_ann = call_time_cmd();
  by_ann.actor = 0;
  EXPECT_FALSE(decide(uk1972(), t.state(), by_ann).accepted);
  EXPECT_FALSE(t.state().time_called);
}

// rule uk-1972/short-game/time-called: no building is sold at auction after time is called.
TEST(ShortGame, NoBuildingAuctionAfterTimeIsCalled) {
  PlayerSetup ann = holder(0, 1500, {prop(kMayfair), prop(kParkLane)});
  PlayerSetup ben = holder(1, 1500, {prop(kOldKentRoad), prop(kWhitechapel)});
  Table t = short_game({"Ann", "Ben"}, setup_with({ann, ben}));
  t.play(call_time_cmd());
  const Refused v = t.refuse(referee_auctions());
  if (v.rule != rule_id("short-game/time-called")) {
    FAIL() << "regression: decide() breaks out of the referee switch when time is called and falls through "
                    "to the is_active check, so \"Referee auctions house\" is refused with "
                 << v.rule << " (\"" << v.message << "\") instead of short-game/time-called";
  }
  EXPECT_EQ(v.rule, rule_id("short-game/time-called"));
}

// rule uk-1972/short-game/time-called: a building bought at auction before time was called is
// placed: the purchase is a transaction in progress ("allowed to complete his move, and any
// transactions in connection with it"); the estates can then be valued.
TEST(ShortGame, TimeCalledWhileABuildingBoughtAtAuctionAwaitsPlacing) {
  PlayerSetup ann = holder(0, 1500, {prop(kMayfair), prop(kParkLane)});
  PlayerSetup ben = holder(1, 1500, {prop(kOldKentRoad), prop(kWhitechapel)});
  Table t = short_game({"Ann", "Ben"}, setup_with({ann, ben}));
  t.play(referee_auctions());
  t.bid(0, 150);
  t.pass(1);
  ASSERT_EQ(t.state().phase, Phase::Placing);
  ASSERT_EQ(t.player(0).cash, Money{1350});
  t.play(call_time_cmd());
  const Decision d = decide(uk1972(), t.state(), build_cmd(0, kMayfair));
  if (!d.accepted) {
    FAIL() << "regression: after time is called Build is not among the moves that complete the move in "
                    "progress, so the winner of a building auction cannot place the house he has paid £150 for ("
                 << d.violation.rule << "); the phase stays Placing and value_estates().final never becomes true";
  }
  t.play(build_cmd(0, kMayfair));
  EXPECT_EQ(buildings(t, kMayfair), 1);
  EXPECT_EQ(t.player(0).cash, Money{1350});
  EXPECT_TRUE(value_estates(uk1972(), t.state()).final);
}

// rule uk-1972/short-game/valuation: cash; properties at the printed price, mortgaged ones at
// half; houses at cost; a hotel at the cost of five houses; the richest leads.
TEST(ShortGame, EstatesAreValuedAndTheRichestLeads) {
  Table t({"Ann", "Ben", "Cat"},
          setup_with({holder(0, 1000, {hotel(kMayfair), prop(kParkLane, 4), mortgaged(kKingsCross)}),
                      holder(1, 1500, {}), holder(2, 1500, {prop(kOldKentRoad), mortgaged(kElectric)})}));
  const Valuation v = value_estates(uk1972(), t.state());
  ASSERT_EQ(v.estates.size(), 3u);
  const EstateValue& ann = v.estates[0];
  Money cash, props, mort, houses, hotels;
  for (const ValuationItem& i : ann.items) {
    switch (i.kind) {
      case ValuationItem::Kind::Cash:
        cash += i.amount;
        break;
      case ValuationItem::Kind::Property:
        props += i.amount;
        break;
      case ValuationItem::Kind::MortgagedProperty:
        mort += i.amount;
        break;
      case ValuationItem::Kind::Houses:
        houses += i.amount;
        break;
      case ValuationItem::Kind::Hotel:
        hotels += i.amount;
        break;
      case ValuationItem::Kind::Debt:
        ADD_FAILURE() << "no debt";
        break;
    }
  }
  EXPECT_EQ(cash, Money{1000});
  EXPECT_EQ(props, Money{400 + 350});
  EXPECT_EQ(mort, Money{100});        // King's Cross, £200 printed
  EXPECT_EQ(houses, Money{4 * 200});  // Park Lane's four
  EXPECT_EQ(hotels, Money{5 * 200});  // Mayfair's hotel: five houses
  EXPECT_EQ(ann.total, Money{1000 + 750 + 100 + 800 + 1000});
  EXPECT_EQ(v.estates[1].total, Money{1500});
  EXPECT_EQ(v.estates[2].total, Money{1500 + 60 + 75});
  ASSERT_EQ(v.leaders.size(), 1u);
  EXPECT_EQ(v.leaders[0], 0);
  EXPECT_FALSE(v.final);  // an ordinary game in play
}

// rule uk-1972/short-game/valuation: Decision: less any debt unpaid; a tie leads together; a
// bankrupt player is out of it.
TEST(ShortGame, ValuationLessDebtsTiesAndBankrupts) {
  // Ann, with £50 and Old Kent Road, throws onto Super Tax: she owes £100.
  Table t({"Ann", "Ben", "Cat"},
          setup_with({holder(0, 50, {prop(kOldKentRoad)}, 35), holder(1, 50, {prop(kWhitechapel)}), holder(2, 0, {})}));
  t.roll(0, 1, 2);
  ASSERT_EQ(owes(t, 0, kBank), Money{100});
  Valuation v = value_estates(uk1972(), t.state());
  const EstateValue& ann = v.estates[0];
  ASSERT_EQ(ann.items.back().kind, ValuationItem::Kind::Debt);
  EXPECT_EQ(ann.items.back().amount, Money{-100});
  EXPECT_EQ(ann.total, Money{50 + 60 - 100});
  EXPECT_EQ(v.estates[1].total, Money{110});
  EXPECT_EQ(v.leaders, std::vector<PlayerId>{1});
  // A tie: both lead.
  Table tie({"Ann", "Ben"}, setup_with({holder(0, 100, {prop(kOldKentRoad)}), holder(1, 160, {})}));
  v = value_estates(uk1972(), tie.state());
  EXPECT_EQ(v.leaders, (std::vector<PlayerId>{0, 1}));
  // Bankrupt: not in the game, not a leader.
  Table b({"Ann", "Ben"}, setup_with({holder(0, 10, {}, 35), holder(1, 0, {})}));
  b.roll(0, 1, 2);
  b.play(bankruptcy_cmd(0));
  v = value_estates(uk1972(), b.state());
  EXPECT_FALSE(v.estates[0].in_game);
  EXPECT_EQ(v.leaders, std::vector<PlayerId>{1});
  EXPECT_TRUE(v.final);  // one player left: the game is over
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {
using namespace testing;

// The regression: time called while a card's move waited for its rent throw (us-standard,
// "Advance to the nearest utility") refused the throw, and the game locked with no legal move
// and no final value. The move in progress is completed; then the game ends.
TEST(ShortGameTimeCalled, ACardsRentThrowCompletesTheMoveInProgress) {
  const Ruleset& us = edition("us-standard");
  const SquareId electric = square_named(us, "Electric Company");
  PlayerSetup ben = seat(1, 100);
  ben.owns = {prop(electric)};
  Table t = variant_table({"Ann", "Ben"}, {"time-limit"}, setup_with({seat(0, 500, 0), ben}, 0), std::nullopt,
                          nullptr, us);
  t.roll(0, 3, 4);  // GO + 7: Chance
  ASSERT_EQ(t.state().phase, Phase::AwaitingCard);
  t.draw(0, "Advance to the nearest utility: buy it if unowned; if owned, throw the dice and pay ten times the throw");
  ASSERT_EQ(t.state().phase, Phase::CardDice);
  t.play(Table::cmd(Verb::CallTime, kReferee));
  ASSERT_TRUE(t.state().time_called);
  t.roll(0, 2, 5);  // the card's throw: ten times 7
  ASSERT_TRUE(t.last_has(EventType::RentDue));
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{70});
  t.claim(1);
  EXPECT_EQ(t.player(1).cash, Money{170});
  EXPECT_TRUE(value_estates(us, t.state()).final);
  // Nothing new begins.
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 1, 1, 2)).rule, "us-standard/short-game/time-called");
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {
using namespace testing;

// The regression: a [Setup] in a short game states a position after the deal, yet the referee
// demanded the deal again before the first throw (here: Ann in jail, nobody holding deeds).
TEST(ShortGameSetup, APositionInPlayIsAfterTheDeal) {
  PlayerSetup ann = seat(0, 500);
  ann.jail_turns = 0;
  Table t = short_game({"Ann", "Ben"}, setup_with({ann, seat(1, 500, kStrand)}, 0));
  t.play(Table::cmd(Verb::PayFine, 0));
  t.roll(0, 3, 4);
  EXPECT_TRUE(t.last_has(EventType::DiceThrown));
  // A setup that only sets the starting cash is still the start: the deal comes first.
  Table cash_only = short_game({"Ann", "Ben"}, setup_with({seat(0, 1000), seat(1, 1000)}));
  EXPECT_EQ(cash_only.refuse(Table::cmd(Verb::Roll, 0, 3, 4)).rule, rule_id("short-game/deal-two-deeds"));
}

}  // namespace
}  // namespace deedlog
