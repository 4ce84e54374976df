// uk-1972, SELLING PROPERTY between players (and MISCELLANEOUS: no borrowing): sites, stations,
// utilities, cash and Get Out of Jail Free cards change hands at any price agreed, one offer at
// a time, never a site of a group with buildings, and only what each side holds.
#include "support/economy.h"

namespace deedlog {
namespace {
using namespace testing;

Table position(std::vector<PropertySetup> anns, std::vector<PropertySetup> bens = {}, std::int64_t ann_cash = 1500,
               std::int64_t ben_cash = 1500) {
  return Table({"Ann", "Ben", "Cat"},
               setup_with({holder(0, ann_cash, std::move(anns)), holder(1, ben_cash, std::move(bens)),
                           holder(2, 1500, {prop(kMayfair)})}));
}

// rule uk-1972/trade/answer-the-open-offer: offered, then accepted: everything changes hands.
TEST(Trade, AnAcceptedOfferChangesHands) {
  Table t = position({prop(kOldKentRoad), prop(kKingsCross)}, {prop(kWhitechapel)});
  const Events offered = t.play(offer_cmd(0, 1, side({kOldKentRoad, kKingsCross}, 50), side({kWhitechapel})));
  ASSERT_EQ(count_of(offered, EventType::TradeOffered), 1);
  EXPECT_TRUE(t.state().offer.open);
  EXPECT_EQ(t.state().offer.from, 0);
  EXPECT_EQ(t.state().offer.to, 1);
  // Nothing moves until the answer.
  EXPECT_EQ(owner(t, kOldKentRoad), 0);
  EXPECT_EQ(t.player(0).cash, Money{1500});
  const Events e = t.play(accept_cmd(1));
  EXPECT_EQ(count_of(e, EventType::TradeAccepted), 1);
  EXPECT_EQ(count_of(e, EventType::PropertyTransferred), 3);
  EXPECT_EQ(owner(t, kOldKentRoad), 1);
  EXPECT_EQ(owner(t, kKingsCross), 1);
  EXPECT_EQ(owner(t, kWhitechapel), 0);
  EXPECT_EQ(t.player(0).cash, Money{1450});
  EXPECT_EQ(t.player(1).cash, Money{1550});
  EXPECT_FALSE(t.state().offer.open);
  // No interest on unmortgaged deeds.
  EXPECT_EQ(count_of(e, EventType::InterestPaid), 0);
  expect_sound(t);
}

// rule uk-1972/trade/answer-the-open-offer: the player offered rejects it; nothing moves.
TEST(Trade, ARejectedOfferMovesNothing) {
  Table t = position({prop(kOldKentRoad)}, {prop(kWhitechapel)});
  t.play(offer_cmd(0, 1, side({kOldKentRoad}, 50), side({kWhitechapel})));
  const Events e = t.play(reject_cmd(1));
  EXPECT_EQ(count_of(e, EventType::TradeRejected), 1);
  EXPECT_FALSE(t.state().offer.open);
  EXPECT_EQ(owner(t, kOldKentRoad), 0);
  EXPECT_EQ(owner(t, kWhitechapel), 1);
  EXPECT_EQ(t.player(0).cash, Money{1500});
  EXPECT_EQ(t.refuse(accept_cmd(1)).rule, rule_id("trade/answer-the-open-offer"));
}

// rule uk-1972/trade/answer-the-open-offer: its maker may withdraw it ("rejects").
TEST(Trade, TheMakerWithdrawsHisOffer) {
  Table t = position({prop(kOldKentRoad)}, {prop(kWhitechapel)});
  t.play(offer_cmd(0, 1, side({kOldKentRoad}), side({}, 100)));
  t.play(reject_cmd(0));
  EXPECT_FALSE(t.state().offer.open);
  EXPECT_EQ(t.refuse(accept_cmd(1)).rule, rule_id("trade/answer-the-open-offer"));
  EXPECT_EQ(owner(t, kOldKentRoad), 0);
  // A new offer may follow.
  t.play(offer_cmd(1, 0, side({kWhitechapel}), side({}, 100)));
  EXPECT_TRUE(t.state().offer.open);
}

// rule uk-1972/trade/answer-the-open-offer: one offer open at a time; only the player offered
// accepts it; a third player can neither accept nor reject it.
TEST(Trade, OneOpenOfferAtATime) {
  Table t = position({prop(kOldKentRoad)}, {prop(kWhitechapel)});
  t.play(offer_cmd(0, 1, side({kOldKentRoad}), side({}, 100)));
  EXPECT_EQ(t.refuse(offer_cmd(2, 1, side({kMayfair}), side({}, 300))).rule, rule_id("trade/answer-the-open-offer"));
  EXPECT_EQ(t.refuse(offer_cmd(1, 0, side({kWhitechapel}), side({}, 10))).rule, rule_id("trade/answer-the-open-offer"));
  EXPECT_EQ(t.refuse(accept_cmd(2)).rule, rule_id("trade/answer-the-open-offer"));
  EXPECT_EQ(t.refuse(accept_cmd(0)).rule, rule_id("trade/answer-the-open-offer"));
  EXPECT_EQ(t.refuse(reject_cmd(2)).rule, rule_id("trade/answer-the-open-offer"));
  EXPECT_EQ(t.state().offer.from, 0);
  // No offer open: nothing to accept.
  Table none = position({});
  EXPECT_EQ(none.refuse(accept_cmd(1)).rule, rule_id("trade/answer-the-open-offer"));
  EXPECT_EQ(none.refuse(reject_cmd(1)).rule, rule_id("trade/answer-the-open-offer"));
}

// rule uk-1972/trade/own-what-you-offer: cash and Get Out of Jail Free cards change hands too
// (LANDING ON "CHANCE": the card "may be sold by a player to another player").
TEST(Trade, CashForAGetOutOfJailFreeCard) {
  PlayerSetup ann = holder(0, 1500, {});
  ann.jail_cards = 1;
  Table t({"Ann", "Ben"}, setup_with({ann}));
  ASSERT_EQ(t.player(0).jail_card_count(), 1);
  t.play(offer_cmd(1, 0, side({}, 60), side({}, 0, 1)));  // Ben offers £60 for Ann's card
  const Events e = t.play(accept_cmd(0));
  EXPECT_EQ(count_of(e, EventType::JailCardTransferred), 1);
  EXPECT_EQ(t.player(0).jail_card_count(), 0);
  EXPECT_EQ(t.player(1).jail_card_count(), 1);
  EXPECT_EQ(t.player(0).cash, Money{1560});
  EXPECT_EQ(t.player(1).cash, Money{1440});
  expect_sound(t);
}

// rule uk-1972/trade/own-what-you-offer: an offer hands over only what its maker owns, and asks
// only for what the other player owns.
TEST(Trade, OnlyWhatEachSideOwns) {
  Table t = position({prop(kOldKentRoad)}, {prop(kWhitechapel)});
  const std::string rule = rule_id("trade/own-what-you-offer");
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({kParkLane}), side({}, 10))).rule, rule);         // the Bank's
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({kWhitechapel}), side({}, 10))).rule, rule);      // Ben's
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({kOldKentRoad}), side({kMayfair}))).rule, rule);  // Cat's
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({}, 0, 1), side({}, 10))).rule, rule);            // a card she lacks
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({}, 10), side({}, 0, 1))).rule, rule);            // a card he lacks
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({kIncomeTax}), side({}, 10))).rule, rule);        // no property
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({}), side({}))).rule, rule);                      // nothing at all
  EXPECT_EQ(t.refuse(offer_cmd(0, 0, side({kOldKentRoad}), side({}, 10))).rule, rule);      // to himself
  EXPECT_FALSE(t.state().offer.open);
}

// rule uk-1972/trade/own-what-you-offer: both sides are checked again on acceptance: Ann offers
// her Get Out of Jail Free card, then uses it to leave Jail before Ben answers.
TEST(Trade, CheckedAgainWhenAccepted) {
  PlayerSetup ann = holder(0, 1500, {});
  ann.jail_cards = 1;
  ann.jail_turns = 0;
  Table t({"Ann", "Ben"}, setup_with({ann}));
  t.play(offer_cmd(0, 1, side({}, 0, 1), side({}, 50)));
  t.play(Table::cmd(Verb::UseCard, 0));
  ASSERT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.refuse(accept_cmd(1)).rule, rule_id("trade/own-what-you-offer"));
  EXPECT_EQ(t.player(1).cash, Money{1500});
  EXPECT_EQ(t.player(1).jail_card_count(), 0);
}

// rule uk-1972/trade/no-site-of-a-built-group: no site changes hands while buildings stand on
// any site of its group, whichever side offers it.
TEST(Trade, NoSiteOfAGroupWithBuildings) {
  Table t = position({prop(kOldKentRoad, 1), prop(kWhitechapel, 0), prop(kKingsCross)},
                     {prop(kPallMall, 1), prop(kWhitehall, 1), prop(kNorthumberland, 1)});
  const std::string rule = rule_id("trade/no-site-of-a-built-group");
  // Whitechapel is bare, but Old Kent Road carries a house.
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({kWhitechapel}), side({}, 100))).rule, rule);
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({kOldKentRoad}), side({}, 100))).rule, rule);
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({}, 500), side({kPallMall}))).rule, rule);
  // A station of no built group is fine.
  t.play(offer_cmd(0, 1, side({kKingsCross}), side({}, 200)));
  t.play(accept_cmd(1));
  EXPECT_EQ(owner(t, kKingsCross), 1);
  // Once the house is sold back, Whitechapel may go.
  t.play(sell_cmd(0, kOldKentRoad));
  t.play(offer_cmd(0, 1, side({kWhitechapel}), side({}, 100)));
  t.play(accept_cmd(1));
  EXPECT_EQ(owner(t, kWhitechapel), 1);
  expect_sound(t);
}

// rule uk-1972/trade/no-site-of-a-built-group: checked again on acceptance: Ann offers Old Kent
// Road, then builds on the group before Ben answers.
TEST(Trade, BuildingAfterTheOfferStopsTheTrade) {
  Table t = position({prop(kOldKentRoad), prop(kWhitechapel)});
  t.play(offer_cmd(0, 1, side({kOldKentRoad}), side({}, 100)));
  t.play(build_cmd(0, kWhitechapel));
  EXPECT_EQ(t.refuse(accept_cmd(1)).rule, rule_id("trade/no-site-of-a-built-group"));
  EXPECT_EQ(owner(t, kOldKentRoad), 0);
  EXPECT_EQ(t.player(1).cash, Money{1500});
}

// rule uk-1972/trade/no-borrowing: a player hands over only the cash he holds, when he offers
// and when he accepts.
TEST(Trade, OnlyTheCashHeHolds) {
  Table t = position({prop(kOldKentRoad)}, {prop(kWhitechapel)}, 1500, 200);
  EXPECT_EQ(t.refuse(offer_cmd(0, 1, side({}, 1501), side({kWhitechapel}))).rule, rule_id("trade/no-borrowing"));
  // Asking for more than Ben has is an offer he may get; he cannot accept it short of cash.
  t.play(offer_cmd(0, 1, side({kOldKentRoad}), side({}, 300)));
  EXPECT_EQ(t.refuse(accept_cmd(1)).rule, rule_id("trade/no-borrowing"));
  EXPECT_TRUE(t.state().offer.open);
  EXPECT_EQ(owner(t, kOldKentRoad), 0);
  EXPECT_EQ(t.player(1).cash, Money{200});
  // Ben raises the money (a mortgage): now he can.
  t.play(mortgage_cmd(1, kWhitechapel));
  EXPECT_EQ(t.refuse(accept_cmd(1)).rule, rule_id("trade/no-borrowing"));  // £230
  t.play(reject_cmd(0));
  t.play(offer_cmd(0, 1, side({kOldKentRoad}), side({}, 230)));
  t.play(accept_cmd(1));
  EXPECT_EQ(owner(t, kOldKentRoad), 1);
  EXPECT_EQ(t.player(1).cash, Money{0});
  EXPECT_EQ(t.player(0).cash, Money{1730});
  expect_sound(t);
}

// rule uk-1972/trade/no-borrowing: the offerer's cash is checked again on acceptance: Ann offers
// £300, then spends some of it on a house before Ben answers.
TEST(Trade, OffererWhoSpentHisCashCannotPay) {
  Table t = position({prop(kOldKentRoad), prop(kWhitechapel)}, {prop(kKingsCross)}, 320);
  t.play(offer_cmd(0, 1, side({}, 300), side({kKingsCross})));
  t.play(build_cmd(0, kOldKentRoad));  // £50: Ann has £270
  EXPECT_EQ(t.refuse(accept_cmd(1)).rule, rule_id("trade/no-borrowing"));
  EXPECT_EQ(owner(t, kKingsCross), 1);
  EXPECT_EQ(t.player(0).cash, Money{270});
}

// Plays the moves in turn, skipping any the rules refuse; returns how many were refused.
int play_what_is_allowed(Table& t, const std::vector<Command>& moves) {
  int refused = 0;
  for (const Command& c : moves) {
    const Decision d = decide(uk1972(), t.state(), c);
    if (!d.accepted) {
      ++refused;
      continue;
    }
    for (const Event& e : d.events) evolve(t.mutable_state(), e);
  }
  return refused;
}

// rule uk-1972/trade/no-borrowing: a high bidder may not hand his cash away (in a trade, or to
// the Bank to lift a mortgage) while his bid stands and then win the auction with money he no
// longer has: either the move that spends it is refused, or he can still pay (rule
// uk-1972/auction/bid-within-cash; setup/cash: cash is never below zero).
TEST(Trade, AHighBidderCannotGiveAwayTheCashHisBidNeeds) {
  Command bid = Table::cmd(Verb::Bid, 1);
  bid.amount = Money{1400};
  // By a trade: Ben bids £1400 for Whitechapel Road, then gives Cat £1000.
  Table t({"Ann", "Ben", "Cat"}, setup_with({holder(0, 1500, {}), holder(1, 1500, {})}));
  t.roll(0, 1, 2);
  t.decline(0);
  t.play(bid);
  const int refused = play_what_is_allowed(t, {offer_cmd(1, 2, side({}, 1000), side({})), accept_cmd(2),
                                               Table::cmd(Verb::Pass, 0), Table::cmd(Verb::Pass, 2)});
  // By lifting a mortgage: Ben bids £1400, then pays £193 to lift Park Lane.
  Table u({"Ann", "Ben", "Cat"}, setup_with({holder(0, 1500, {}), holder(1, 1500, {mortgaged(kParkLane)})}));
  u.roll(0, 1, 2);
  u.decline(0);
  u.play(bid);
  const int refused_u =
      play_what_is_allowed(u, {unmortgage_cmd(1, kParkLane), Table::cmd(Verb::Pass, 0), Table::cmd(Verb::Pass, 2)});
  if (t.player(1).cash.units < 0 || u.player(1).cash.units < 0) {
    FAIL() << "regression: while his bid stands the high bidder may accept a trade or lift a mortgage that "
                    "leaves him less cash than his bid, and close_auction_if_done then makes him pay it anyway "
                    "(AuctionWon): after a £1000 gift Ben's cash is £"
                 << t.player(1).cash.units << " (" << refused << " move(s) refused); after lifting Park Lane £"
                 << u.player(1).cash.units << " (" << refused_u << " refused)";
  }
  EXPECT_GE(t.player(1).cash.units, 0);
  EXPECT_GE(u.player(1).cash.units, 0);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {
using namespace testing;

// Ben owns Mayfair and Park Lane with a house each (Mayfair's rent: £200); Ann, with £100 and
// Regent Street, lands on Mayfair and Ben asks: she owes him £200 she cannot pay in cash.
Table owing_rent() {
  PlayerSetup ann = seat(0, 100, kLiverpoolSt);
  ann.owns = {prop(kRegent)};
  PlayerSetup ben = seat(1, 0);
  ben.owns = {prop(kMayfair, 1), prop(kParkLane, 1)};
  Table t({"Ann", "Ben"}, setup_with({ann, ben}, 0));
  t.roll(0, 1, 3);  // Liverpool Street Station + 4: Mayfair
  t.claim(1);
  EXPECT_EQ(t.player(0).owes[2], Money{200});
  return t;
}

// rule uk-1972/debt/part-in-property. The regression (MISCELLANEOUS): "he may pay his creditor part in cash and part in
// property". A deed handed to the creditor towards the debt did not reduce it, and the debtor
// was pushed into bankruptcy. Now the value the creditor puts on the deed comes off the debt.
TEST(PartInProperty, ADeedTakenByTheCreditorReducesTheDebt) {
  Table t = owing_rent();
  // Ann offers Regent Street for £150: Ben takes it at that value against what she owes.
  t.play(offer_cmd(0, 1, side({kRegent}), side({}, 150)));
  const Events accepted = t.play(Table::cmd(Verb::Accept, 1));
  EXPECT_EQ(owner(t, kRegent), 1);
  EXPECT_TRUE(t.last_has(EventType::DebtSettledInKind));
  EXPECT_EQ(t.last_of(EventType::DebtSettledInKind).amount, Money{150});
  // Ben needed no cash for it; the £50 left Ann pays at once from her £100 (debt/paid-when-able).
  EXPECT_EQ(t.player(1).cash, Money{50});
  EXPECT_EQ(t.player(0).cash, Money{50});
  EXPECT_EQ(t.player(0).total_owed(), Money{0});
  // The game goes on: Ann's move is over.
  t.play(Table::cmd(Verb::Roll, 1, 1, 2));
}

TEST(PartInProperty, TheCreditorMayOfferCashForTheDeedToo) {
  Table t = owing_rent();
  // Ben offers £250 for Regent Street: £200 settles the debt, £50 is paid in cash... which Ben
  // has not: he may not borrow, so the offer is refused.
  EXPECT_EQ(t.refuse(offer_cmd(1, 0, side({}, 250), side({kRegent}))).rule, rule_id("trade/no-borrowing"));
  // £200 for it is all set against the debt.
  t.play(offer_cmd(1, 0, side({}, 200), side({kRegent})));
  t.play(Table::cmd(Verb::Accept, 0));
  EXPECT_EQ(owner(t, kRegent), 1);
  EXPECT_EQ(t.player(0).total_owed(), Money{0});
  EXPECT_EQ(t.player(0).cash, Money{100});
  EXPECT_EQ(t.player(1).cash, Money{0});
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {
using namespace testing;

// "Ben declines" to an open offer answers it as "Ben rejects" does: the same events.
TEST(Trade, DeclineAnswersAnOpenOfferAsRejectDoes) {
  Table a = position({prop(kOldKentRoad)}, {prop(kWhitechapel)});
  Table b = position({prop(kOldKentRoad)}, {prop(kWhitechapel)});
  a.play(offer_cmd(0, 1, side({kOldKentRoad}, 50), side({kWhitechapel})));
  b.play(offer_cmd(0, 1, side({kOldKentRoad}, 50), side({kWhitechapel})));
  const Events declined = a.play(Table::cmd(Verb::Decline, 1));
  const Events rejected = b.play(reject_cmd(1));
  EXPECT_EQ(declined, rejected);
  EXPECT_EQ(count_of(declined, EventType::TradeRejected), 1);
  EXPECT_FALSE(a.state().offer.open);
  // With no offer open, declining is the lander's word again.
  EXPECT_EQ(a.refuse(Table::cmd(Verb::Decline, 1)).code, RefusalCode::NothingToBuyOrDecline);
}

}  // namespace
}  // namespace deedlog
