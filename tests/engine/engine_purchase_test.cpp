// uk-1972, LANDING ON UNOWNED PROPERTY: buying at the printed price, declining, the auction.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::Table;

// rule uk-1972/buy/printed-price
TEST(Purchase, BuyingPaysThePrintedPriceAndGivesTheDeed) {
  Table t;
  t.roll(0, 4, 5);  // 9 Pentonville Road, £120
  EXPECT_EQ(t.state().phase, Phase::BuyDecision);
  t.buy(0);
  EXPECT_EQ(t.holding("Pentonville Road").owner, 0);
  EXPECT_EQ(t.player(0).cash, Money{1380});
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

TEST(Purchase, OnlyTheLanderMayBuyAndOnlyWhenOffered) {
  Table t;
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Buy, 0)).rule, "uk-1972/buy/printed-price");
  t.roll(0, 4, 5);
  const Refused v = t.refuse(Table::cmd(Verb::Buy, 1));
  EXPECT_EQ(v.rule, "uk-1972/buy/printed-price");
  EXPECT_EQ(v.code, RefusalCode::OnlyLanderBuys);
  EXPECT_TRUE(testing::has_arg(v, arg::player(0))) << v.message;  // only Ann
  // Nobody throws while the decision is open.
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 1, 1, 2)).rule, "uk-1972/turn/finish-the-move");
}

// rule uk-1972/buy/cash
TEST(Purchase, BuyingNeedsTheCash) {
  Table u({"Ann", "Ben"}, testing::setup_with({testing::seat(0, 100, 34)}));
  u.roll(0, 2, 3);  // 39 Mayfair £400
  const Refused v = u.refuse(Table::cmd(Verb::Buy, 0));
  EXPECT_EQ(v.rule, "uk-1972/buy/cash");
  EXPECT_EQ(v.code, RefusalCode::CannotAffordPurchase);
  EXPECT_TRUE(testing::has_arg(v, arg::money(Money{400}))) << v.message;
}

// rule uk-1972/auction/declined-goes-to-auction
TEST(Auction, DecliningOpensAnAuctionAtOnceAndTheDeclinerMayBid) {
  Table t;
  t.roll(0, 4, 5);
  t.decline(0);
  EXPECT_EQ(t.state().phase, Phase::Auction);
  EXPECT_EQ(t.state().auction.square, 9);
  t.bid(0, 50);  // rule uk-1972/auction/any-player: the one who declined may bid
  t.bid(1, 60);
  t.bid(0, 70);
  t.pass(1);
  EXPECT_EQ(t.state().phase, Phase::Auction);
  t.pass(2);  // rule uk-1972/auction/closes-when-others-pass
  EXPECT_TRUE(t.last_has(EventType::AuctionWon));
  EXPECT_EQ(t.holding("Pentonville Road").owner, 0);
  EXPECT_EQ(t.player(0).cash, Money{1430});
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// rule uk-1972/auction/bids-rise
TEST(Auction, BidsMustRise) {
  Table t;
  t.roll(0, 4, 5);
  t.decline(0);
  t.bid(1, 60);
  EXPECT_EQ(t.refuse([] { auto c = Table::cmd(Verb::Bid, 2); c.amount = Money{60}; return c; }()).rule,
            "uk-1972/auction/bids-rise");
  EXPECT_EQ(t.refuse([] { auto c = Table::cmd(Verb::Bid, 2); c.amount = Money{59}; return c; }()).rule,
            "uk-1972/auction/bids-rise");
}

// rule uk-1972/auction/bid-within-cash
TEST(Auction, ABidMustBePayableInCash) {
  Table t({"Ann", "Ben", "Cat"}, testing::setup_with({testing::seat(1, 40)}));
  t.roll(0, 4, 5);
  t.decline(0);
  const Refused v = t.refuse([] { auto c = Table::cmd(Verb::Bid, 1); c.amount = Money{41}; return c; }());
  EXPECT_EQ(v.rule, "uk-1972/auction/bid-within-cash");
}

// rule uk-1972/auction/pass-is-final
TEST(Auction, APlayerWhoPassedCannotBidAgain) {
  Table t;
  t.roll(0, 4, 5);
  t.decline(0);
  t.pass(2);
  EXPECT_EQ(t.refuse([] { auto c = Table::cmd(Verb::Bid, 2); c.amount = Money{10}; return c; }()).rule,
            "uk-1972/auction/pass-is-final");
  // The high bidder's bid stands: he does not pass.
  t.bid(1, 10);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Pass, 1)).rule, "uk-1972/auction/closes-when-others-pass");
}

// rule uk-1972/auction/closes-when-others-pass: with no bid, the property stays with the Bank.
TEST(Auction, NoBidsLeavesItWithTheBank) {
  Table t;
  t.roll(0, 4, 5);
  t.decline(0);
  t.pass(0);
  t.pass(1);
  t.pass(2);
  EXPECT_TRUE(t.last_has(EventType::AuctionUnsold));
  EXPECT_EQ(t.holding("Pentonville Road").owner, kBank);
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// A lone bid after everyone else passed wins at once.
TEST(Auction, LastPlayerInWinsWithHisFirstBid) {
  Table t;
  t.roll(0, 4, 5);
  t.decline(0);
  t.pass(0);
  t.pass(1);
  t.bid(2, 5);
  EXPECT_TRUE(t.last_has(EventType::AuctionWon));
  EXPECT_EQ(t.holding("Pentonville Road").owner, 2);
  EXPECT_EQ(t.player(2).cash, Money{1495});
}

// A doubles throw that ends in an auction still earns the next throw once the auction closes.
TEST(Auction, DoublesThrowAgainAfterTheAuctionCloses) {
  Table t;
  t.roll(0, 3, 3);  // The Angel
  t.decline(0);
  t.bid(1, 80);
  t.pass(0);
  t.pass(2);
  EXPECT_EQ(t.state().phase, Phase::AwaitingRoll);
  EXPECT_EQ(t.state().turn, 0);
}

}  // namespace
}  // namespace deedlog
