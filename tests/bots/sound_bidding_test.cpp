// The sound bidder (bots/bot_player.h, Bidding::Sound; bots/site_worth.h): what a lot is worth
// to the bidder, and how it bids at an open auction. uk-1972 positions, the auction driven by
// hand for the other players; docs/sound-bidding.md has the terms. The built-in players of
// `simulate` (Bidding::Spread) are pinned by the behaviour signature (signature_test.cpp).
#include <gtest/gtest.h>

#include <optional>

#include "bots/bot_player.h"
#include "bots/site_worth.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/ruleset_catalog.h"
#include "deedlog/seeded_chance.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

constexpr PlayerId kAnn = 0, kBen = 1, kCat = 2;

// Ann stands on Bond Street (34); a 2 and a 3 bring her to Mayfair (39), £400, which she
// declines: the auction opens, Ben first to bid.
Table mayfair_auction(PlayerSetup ben, std::optional<PlayerSetup> cat = std::nullopt) {
  std::vector<PlayerSetup> players{seat(kAnn, 3000, 34), std::move(ben)};
  if (cat) players.push_back(std::move(*cat));
  Table t({"Ann", "Ben", "Cat"}, setup_with(std::move(players)));
  t.roll(kAnn, 2, 3);
  EXPECT_EQ(t.state().pending_square, t.sq("Mayfair"));
  t.decline(kAnn);
  EXPECT_EQ(t.state().phase, Phase::Auction);
  return t;
}

PlayerSetup holding(PlayerId p, std::int64_t cash, std::vector<PropertySetup> owns) {
  PlayerSetup ps = seat(p, cash);
  ps.owns = std::move(owns);
  return ps;
}

// The sound bidder's move at the table's position: Ben's, the next to bid.
Command sound_move(const Table& t) {
  BotTable bots(t.ruleset(), 7, JailStrategy::Mixed, Bidding::Sound);
  const std::optional<Command> c = bots.next_move(t.state());
  EXPECT_TRUE(c.has_value());
  return c.value_or(Command{});
}

TEST(SoundBidding, TheSiteCompletingAGroupIsWorthFarAboveItsPrice) {
  Table t = mayfair_auction(holding(kBen, 3000, {prop(testing::square_named(testing::uk1972(), "Park Lane"))}));
  const Ruleset& r = t.ruleset();
  const SquareId mayfair = t.sq("Mayfair");
  // Ben completes the Dark Blues: the price and half a landing on each at three houses
  // (£1,100 and £1,400): £400 + £1,250.
  EXPECT_EQ(site_worth(r, t.state(), mayfair, kBen), Money{1650});
  // Ann and Cat would block him: half his completion, on a site of a group a rival has a foot
  // in (its mortgage value, £200, and half the rest of its price).
  EXPECT_EQ(site_worth(r, t.state(), mayfair, kAnn), Money{300 + 625});
  EXPECT_EQ(site_worth(r, t.state(), mayfair, kCat), Money{300 + 625});
}

TEST(SoundBidding, OpensBelowTheWorthAndRaisesInStepsAboveThePrintedPrice) {
  Table t = mayfair_auction(holding(kBen, 3000, {prop(testing::square_named(testing::uk1972(), "Park Lane"))}));
  // The opening bid: the least the auction accepts, far below the worth (another may raise it).
  Command c = sound_move(t);
  ASSERT_EQ(c.verb, Verb::Bid);
  EXPECT_EQ(c.actor, kBen);
  EXPECT_EQ(c.amount, Money{1});
  t.play(c);
  t.pass(kCat);
  t.bid(kAnn, 450);
  // Raised a step (a twentieth of the price), above the printed price.
  c = sound_move(t);
  ASSERT_EQ(c.verb, Verb::Bid);
  EXPECT_EQ(c.amount, Money{470});
  t.play(c);
  t.bid(kAnn, 1640);
  // Up to the worth, not beyond: £1,650 exactly, where a step would pass it.
  c = sound_move(t);
  ASSERT_EQ(c.verb, Verb::Bid);
  EXPECT_EQ(c.amount, Money{1650});
  t.play(c);
}

TEST(SoundBidding, PassesWhenTheHighBidReachesTheWorth) {
  Table t = mayfair_auction(holding(kBen, 3000, {prop(testing::square_named(testing::uk1972(), "Park Lane"))}));
  t.bid(kAnn, 1650);
  EXPECT_EQ(sound_move(t).verb, Verb::Pass);
}

TEST(SoundBidding, PassesWhereTheSiteIsWorthLessThanTheHighBid) {
  // Ben holds nothing of the Dark Blues, nor does anyone: Mayfair is worth its price to him.
  Table t = mayfair_auction(seat(kBen, 3000));
  EXPECT_EQ(site_worth(t.ruleset(), t.state(), t.sq("Mayfair"), kBen), Money{400});
  t.bid(kAnn, 401);
  EXPECT_EQ(sound_move(t).verb, Verb::Pass);
}

TEST(SoundBidding, NeverBidsBeyondItsCashLessTheReserve) {
  // No rival holds a rent: the least reserve, £50, is kept back of Ben's £700.
  Table t = mayfair_auction(holding(kBen, 700, {prop(testing::square_named(testing::uk1972(), "Park Lane"))}));
  EXPECT_EQ(bidding_reserve(t.ruleset(), t.state(), kBen), Money{50});
  t.bid(kAnn, 640);
  Command c = sound_move(t);
  ASSERT_EQ(c.verb, Verb::Bid);
  EXPECT_EQ(c.amount, Money{650});
  t.play(c);
  t.bid(kAnn, 660);
  EXPECT_EQ(sound_move(t).verb, Verb::Pass);
}

TEST(SoundBidding, TheReserveCoversARivalsWorstRentLessWhatTheBidderCanRaise) {
  // Cat has hotels on the Browns: Whitechapel's £450 is the worst rent Ben may meet. Park Lane
  // mortgaged would raise £175 of it: Ben keeps £275 of his £1,000 back, and bids at most £725.
  const Ruleset& r = testing::uk1972();
  PlayerSetup cat = holding(kCat, 1500,
                            {prop(testing::square_named(r, "Old Kent Road"), 0, false, true),
                             prop(testing::square_named(r, "Whitechapel Road"), 0, false, true)});
  Table t = mayfair_auction(holding(kBen, 1000, {prop(testing::square_named(r, "Park Lane"))}), cat);
  EXPECT_EQ(bidding_reserve(r, t.state(), kBen), Money{275});
  EXPECT_EQ(sound_bid_ceiling(r, t.state(), kBen), Money{725});
  t.bid(kAnn, 710);  // a step (£20) would pass the ceiling: the ceiling exactly
  Command c = sound_move(t);
  ASSERT_EQ(c.verb, Verb::Bid);
  EXPECT_EQ(c.amount, Money{725});
  t.play(c);
  t.bid(kAnn, 730);
  EXPECT_EQ(sound_move(t).verb, Verb::Pass);
}

TEST(SoundBidding, TheReserveIsAtMostHalfTheCash) {
  // A hotel on Mayfair's neighbour is more than Ben could pay: he keeps half his cash, not all.
  const Ruleset& r = testing::uk1972();
  PlayerSetup cat = holding(kCat, 1500,
                            {prop(testing::square_named(r, "Bond Street"), 0, false, true),
                             prop(testing::square_named(r, "Regent Street"), 0, false, true),
                             prop(testing::square_named(r, "Oxford Street"), 0, false, true)});
  Table t = mayfair_auction(seat(kBen, 600), cat);
  EXPECT_EQ(bidding_reserve(r, t.state(), kBen), Money{300});
}

TEST(SoundBidding, ARailwayIsWorthMoreTheMoreOfThemTheBidderHolds) {
  const Ruleset& r = testing::uk1972();
  const std::vector<std::string> stations{"King's Cross Station", "Marylebone Station", "Fenchurch Street Station"};
  Money before{0};
  for (std::size_t held = 0; held <= stations.size(); ++held) {
    std::vector<PropertySetup> owns;
    for (std::size_t i = 0; i < held; ++i) owns.push_back(prop(testing::square_named(r, stations[i])));
    Table t({"Ann", "Ben", "Cat"}, setup_with({holding(kBen, 1500, owns)}));
    const Money worth = site_worth(r, t.state(), testing::square_named(r, "Liverpool Street Station"), kBen);
    if (held == 0) EXPECT_EQ(worth, Money{200});  // a lone railway: its price
    else EXPECT_GT(worth, before) << held << " held";
    before = worth;
  }
}

TEST(SoundBidding, ASiteBlockingARivalIsWorthMoreThanOneNobodyNeeds) {
  const Ruleset& r = testing::uk1972();
  Table open({"Ann", "Ben", "Cat"});
  Table blocking({"Ann", "Ben", "Cat"}, setup_with({holding(kCat, 1500, {prop(testing::square_named(r, "Park Lane"))})}));
  const SquareId mayfair = testing::square_named(r, "Mayfair");
  EXPECT_EQ(site_worth(r, open.state(), mayfair, kBen), Money{400});
  EXPECT_GT(site_worth(r, blocking.state(), mayfair, kBen), Money{400});
  EXPECT_LT(site_worth(r, blocking.state(), mayfair, kBen), site_worth(r, blocking.state(), mayfair, kCat));
}

// Whole games of sound bidders in every built-in edition: every move accepted, and the same
// seed gives the same games.
TEST(SoundBidding, SoundBiddersPlayEveryEditionAndTheSeedDecidesTheirChoices) {
  int auctions_won = 0;
  for (const std::string& edition : builtin_ruleset_ids()) {
    Ruleset r;
    ASSERT_TRUE(load_ruleset(edition, &r).is_ok());
    GameHeader h;
    h.ruleset = edition;
    h.players = {"Ann", "Ben", "Cat"};
    h.seed = 77;
    std::vector<Command> first_run;
    for (int run = 0; run < 2; ++run) {
      State s = initial_state(r, h);
      for (const Event& e : decide_start(r, h, std::nullopt).events) evolve(s, e);
      BotTable bots(r, 77, JailStrategy::Mixed, Bidding::Sound);
      std::vector<Command> moves;
      for (int move = 0; move < 3000; ++move) {
        const std::optional<Command> c = bots.next_move(s);
        if (!c) break;
        const Decision d = decide(r, s, *c);
        ASSERT_TRUE(d.accepted) << edition << " move " << move << ": " << d.violation.rule;
        for (const Event& e : d.events) {
          evolve(s, e);
          if (run == 0 && e.type == EventType::AuctionWon) ++auctions_won;
        }
        moves.push_back(*c);
      }
      EXPECT_GT(moves.size(), 100u) << edition;  // whole games, not a bot that stops
      if (run == 0) first_run = std::move(moves);
      else EXPECT_EQ(moves, first_run) << edition;
    }
  }
  EXPECT_GT(auctions_won, 0);
}

}  // namespace
}  // namespace deedlog
