// The words of refusals (present/refusal_words): what a player reads, made from the values the
// engine refuses with. The engine's own tests (tests/engine) assert those values (the code, the
// rule id, the facts: a player, a sum, a square); the words are asserted here, once, so a change
// of wording touches this layer's tests only.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "present/refusal_words.h"
#include "support/economy.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::build_cmd;
using testing::kMayfair;
using testing::kOldKentRoad;
using testing::kParkLane;
using testing::owning;
using testing::seat;
using testing::setup_with;
using testing::Table;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A refusal made of its values alone, as the engine gives it, and its words with the players named.
Violation refusal(RefusalCode code, std::vector<RefusalArg> args) {
  Violation v;
  v.code = code;
  v.args = std::move(args);
  return v;
}
std::string words(const Ruleset& r, const Violation& v) {
  return render_players(refusal_text(r, v), {"Ann", "Ben", "Cat"});
}

// Building several houses at once: the refusal of the step that failed says where it stopped.
TEST(RefusalWords, ABuildRunSaysWhereItStopped) {
  Table t({"Ann", "Ben", "Cat"},
          setup_with({owning(0, {testing::prop(kMayfair), testing::prop(kParkLane)})}));
  const Refused v = t.refuse(build_cmd(0, kMayfair, 2));
  EXPECT_EQ(v.code, RefusalCode::BuildEvenly);
  ASSERT_FALSE(v.args.empty());
  EXPECT_EQ(v.args.back().kind, ArgKind::Progress);
  EXPECT_EQ(words(testing::uk1972(), v), "build on Park Lane first: no site may be more than one house ahead of another in its group "
                       "(stopped at house 2 of 2)");
}

// Every code has words in every edition, whatever the facts: no code falls through the switch
// and no placeholder is left unfilled.
TEST(RefusalWords, EveryCodeHasWords) {
  for (const char* edition : {"uk-1972", "computer", "regional-currency", "military"}) {
    const Ruleset& r = testing::edition(edition);
    for (int i = 0; i < static_cast<int>(RefusalCode::kCount); ++i) {
      Violation v;
      v.code = static_cast<RefusalCode>(i);
      v.waiting.square = 1;
      for (int phase = 0; phase <= static_cast<int>(Phase::JailChoice); ++phase) {
        v.waiting.phase = static_cast<Phase>(phase);
        const std::string text = refusal_text(r, v);
        EXPECT_FALSE(text.empty()) << edition << " code " << i;
        EXPECT_EQ(text.find("{}"), std::string::npos) << edition << " code " << i << ": " << text;
        EXPECT_NE(text, "unknown refusal") << edition << " code " << i;
        // Players are named or "they": a refusal never assumes a player is a man, and never
        // hedges a count with "(s)".
        for (const char* word : {" he ", " his ", " him ", " He ", "(s)"})
          EXPECT_EQ((" " + text + " ").find(word), std::string::npos) << edition << " code " << i << ": " << text;
      }
    }
  }
}

// What an auction waits on names its lot: the square, or the house or hotel of a building
// auction; never a square off the board ("the auction of ?").
TEST(RefusalWords, AnAuctionIsAlwaysOfSomething) {
  const Ruleset& r = testing::uk1972();
  Waiting w;
  w.phase = Phase::Auction;
  for (AuctionLot lot : {AuctionLot::Property, AuctionLot::House, AuctionLot::Hotel})
    for (SquareId square : {kMayfair, kNoSquare}) {
      w.lot = lot;
      w.square = square;
      const std::string text = waiting_words(r, w);
      EXPECT_EQ(text.find('?'), std::string::npos) << text;
      if (lot != AuctionLot::Property) {
        EXPECT_NE(text.find(lot == AuctionLot::Hotel ? "hotel" : "house"), std::string::npos) << text;
      }
    }
}

// The turn (engine: TurnOrder.*): who must throw, who plays next.
TEST(RefusalWords, TheTurnSaysWhoseItIs) {
  Table t;
  const Refused first = t.refuse(Table::cmd(Verb::Roll, 1, 3, 4));
  EXPECT_TRUE(contains(words(testing::uk1972(), first), "Ann must throw")) << words(testing::uk1972(), first);
  t.roll(0, 1, 3);  // Ann to Income Tax: her move is over
  const Refused cat = t.refuse(Table::cmd(Verb::Roll, 2, 2, 3));
  EXPECT_TRUE(contains(words(testing::uk1972(), cat), "Ben plays next")) << words(testing::uk1972(), cat);
}

// A debt (engine: Debt.APaymentBeyondTheCashLeavesADebtAndTheGameWaits): debtor, sum, creditor.
TEST(RefusalWords, ADebtNamesTheDebtorTheSumAndTheCreditor) {
  Table t({"Ann", "Ben"}, setup_with({seat(0, 150, 1)}));
  t.roll(0, 1, 2);  // 4 Income Tax 200 with 150 in hand
  const Refused v = t.refuse(Table::cmd(Verb::Roll, 1, 1, 2));
  EXPECT_TRUE(contains(words(testing::uk1972(), v), "Ann owes £200 to the Bank")) << words(testing::uk1972(), v);
}

// Buying (engine: Purchase.*): only the lander, and the price he cannot pay.
TEST(RefusalWords, APurchaseNamesTheLanderAndThePrice) {
  Table t;
  t.roll(0, 4, 5);
  const Refused other = t.refuse(Table::cmd(Verb::Buy, 1));
  EXPECT_TRUE(contains(words(testing::uk1972(), other), "only Ann")) << words(testing::uk1972(), other);
  Table u({"Ann", "Ben"}, setup_with({seat(0, 100, 34)}));
  u.roll(0, 2, 3);  // 39 Mayfair £400
  const Refused poor = u.refuse(Table::cmd(Verb::Buy, 0));
  EXPECT_TRUE(contains(words(testing::uk1972(), poor), "£400")) << words(testing::uk1972(), poor);
}

// Rent (engine: RentWindow.OnlyTheOwnerMayAsk): the owner is named.
TEST(RefusalWords, RentNamesTheOwnerWhoMayAsk) {
  const Violation v = refusal(RefusalCode::RentOwedToOther, {arg::square(kMayfair), arg::player(1), arg::player(2)});
  const std::string text = words(testing::uk1972(), v);
  EXPECT_TRUE(contains(text, "Ben")) << text;
  EXPECT_TRUE(contains(text, "Mayfair")) << text;
}

// An offer of more cash than is held (engine: Trade.*, rule trade/no-borrowing): the player's
// standing bid is spoken of only when they hold one. Every such refusal said "their standing bid
// counts as spent", auction or none.
Command offer_of_cash(PlayerId from, PlayerId to, std::int64_t cash) {
  Command c = Table::cmd(Verb::Offer, from);
  c.counterparty = to;
  c.give.cash = Money{cash};
  c.get.properties = {kOldKentRoad};
  return c;
}

TEST(RefusalWords, NoBorrowingNamesAStandingBidOnlyWhenThereIsOne) {
  // No auction: Ben, with £1500, offers £1600 for Ann's Old Kent Road.
  Table t({"Ann", "Ben", "Cat"}, setup_with({owning(0, {testing::prop(kOldKentRoad)})}));
  const Refused plain = t.refuse(offer_of_cash(1, 0, 1600));
  EXPECT_EQ(plain.code, RefusalCode::CannotBorrow);
  EXPECT_TRUE(testing::has_arg(plain, arg::money(Money{1500}))) << words(testing::uk1972(), plain);
  EXPECT_FALSE(contains(words(testing::uk1972(), plain), "bid")) << words(testing::uk1972(), plain);
  EXPECT_TRUE(contains(words(testing::uk1972(), plain), "£1500")) << words(testing::uk1972(), plain);

  // Ann declines Whitechapel Road (3): at its auction Ben's bid of £400 stands, and £1200 is more
  // than the £1100 left him.
  Table u({"Ann", "Ben", "Cat"}, setup_with({owning(0, {testing::prop(kOldKentRoad)})}));
  u.roll(0, 1, 2);
  u.play(Table::cmd(Verb::Decline, 0));
  Command bid = Table::cmd(Verb::Bid, 1);
  bid.amount = Money{400};
  u.play(bid);
  const Refused bidding = u.refuse(offer_of_cash(1, 0, 1200));
  EXPECT_EQ(bidding.code, RefusalCode::CannotBorrow);
  EXPECT_TRUE(testing::has_arg(bidding, arg::money(Money{1100}))) << words(testing::uk1972(), bidding);
  EXPECT_TRUE(testing::has_arg(bidding, arg::money(Money{400}))) << words(testing::uk1972(), bidding);
  EXPECT_TRUE(contains(words(testing::uk1972(), bidding), "standing bid of £400")) << words(testing::uk1972(), bidding);

  // Cat, who bid nothing, is refused at the same auction without a bid of hers being named.
  const Refused other = u.refuse(offer_of_cash(2, 0, 1600));
  EXPECT_EQ(other.code, RefusalCode::CannotBorrow);
  EXPECT_FALSE(contains(words(testing::uk1972(), other), "bid")) << words(testing::uk1972(), other);
}

// Bankruptcy refused (engine: Bankruptcy.OnlyWhenHeOwesMoreThanHeCanRaise): what he could
// raise, in all and step by step.
TEST(RefusalWords, AnInsolvencyRefusedListsWhatCouldBeRaised) {
  const Violation v = refusal(RefusalCode::CanStillRaise,
                              {arg::player(0), arg::money(Money{100}), arg::money(Money{360}), arg::money(Money{50}),
                               arg::sale_step(kOldKentRoad, 1, false, Money{25}),
                               arg::sale_step(kMayfair, 0, false, Money{200})});
  const std::string text = words(testing::uk1972(), v);
  EXPECT_TRUE(contains(text, "£360")) << text;
  EXPECT_TRUE(contains(text, "mortgage Mayfair for £200")) << text;
  EXPECT_TRUE(contains(text, "Old Kent Road")) << text;
  EXPECT_TRUE(contains(text, "£25")) << text;
}

// A pack whose order is known (engine: PackOrder.OnceEveryCardIsSeenTheOrderIsEnforced): the
// card that comes next, in its printed words.
TEST(RefusalWords, AKnownPackNamesTheNextCard) {
  const Ruleset& r = testing::uk1972();
  const Violation v =
      refusal(RefusalCode::CardOrderKnown, {arg::card(static_cast<DeckId>(0), 15), arg::card(static_cast<DeckId>(0), 3)});
  const std::string text = words(r, v);
  EXPECT_TRUE(contains(text, r.decks[0].cards[15].text)) << text;
}

// The computer edition (engine: Computer.*): the opening bid, the site to build on first.
TEST(RefusalWords, TheComputerEditionsAuctionAndBuildingOrder) {
  const Ruleset& r = testing::edition("computer");
  const std::string low = words(r, refusal(RefusalCode::BidBelowOpening, {arg::square(3), arg::money(Money{30})}));
  EXPECT_TRUE(contains(low, "£30")) << low;
  const std::string order =
      words(r, refusal(RefusalCode::BuildInSequence, {arg::building(false), arg::group(0), arg::square(kOldKentRoad)}));
  EXPECT_TRUE(contains(order, "Old Kent Road")) << order;
}

// Each edition calls its jail and its buildings by its own names (engine: Military.*,
// Bahamas.JailFineAndARefusalThatSaysJail).
TEST(RefusalWords, EachEditionUsesItsOwnNames) {
  const Ruleset& military = testing::edition("military");
  const Ruleset& bahamas = testing::edition("bahamas");
  const Violation not_jailed = refusal(RefusalCode::NotInJail, {arg::player(0)});
  EXPECT_TRUE(contains(words(military, not_jailed), "Ann is not in Prison")) << words(military, not_jailed);
  EXPECT_TRUE(contains(words(bahamas, not_jailed), "Ann is not in JAIL")) << words(bahamas, not_jailed);

  const SquareId scimitar = testing::square_named(military, "Scimitar");
  const SquareId sniper = testing::square_named(military, "Sniper");
  const std::string evenly = words(military, refusal(RefusalCode::BuildEvenly, {arg::square(scimitar)}));
  EXPECT_TRUE(contains(evenly, "Ammo Store")) << evenly;
  const std::string barracks = words(military, refusal(RefusalCode::HotelNeedsHouses, {arg::square(sniper), arg::count(3)}));
  EXPECT_TRUE(contains(barracks, "a Barracks needs 4 Ammo Stores on Sniper")) << barracks;
  const std::string none_left = words(military, refusal(RefusalCode::NoHousesLeft, {}));
  EXPECT_TRUE(contains(none_left, "no Ammo Stores left")) << none_left;

  GameHeader h;
  h.ruleset = "military";
  h.players = {"A", "B", "C", "D", "E", "F", "G"};
  const Decision seven = decide_start(military, h, std::nullopt);
  ASSERT_FALSE(seven.accepted);
  const std::string players = refusal_text(military, seven.violation);
  EXPECT_TRUE(contains(players, "2 to 6 players")) << players;
}

}  // namespace
}  // namespace deedlog
