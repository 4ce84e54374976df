// Refusals are values (engine/violation.h): these tests read the code and the rule, not the
// words, so they hold whatever the words become. The last tests check the words exist.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::seat;
using testing::setup_with;
using testing::Table;

constexpr SquareId kOldKentRoad = 1;
constexpr SquareId kParkLane = 37;
constexpr SquareId kMayfair = 39;

PlayerSetup owning(PlayerId p, std::vector<PropertySetup> props) {
  PlayerSetup ps = seat(p);
  ps.owns = std::move(props);
  return ps;
}

Command on(Verb v, PlayerId p, SquareId s, int count = 1) {
  Command c = Table::cmd(v, p);
  c.square = s;
  c.count = count;
  return c;
}

void expect_refusal(const Refused& v, RefusalCode code, const std::string& rule) {
  EXPECT_EQ(v.code, code) << v.rule << ": " << v.message;
  EXPECT_EQ(v.rule, "uk-1972/" + rule) << v.message;
}

TEST(RefusalCodes, TheTurn) {
  Table t;
  expect_refusal(t.refuse(Table::cmd(Verb::Roll, 1, 3, 4)), RefusalCode::NotYourTurnMustThrow, "turn/order");
  expect_refusal(t.refuse(Table::cmd(Verb::Roll, 0, 7, 1)), RefusalCode::DiceOutOfRange, "turn/order");
  expect_refusal(t.refuse(Table::cmd(Verb::Roll, 0)), RefusalCode::NoSeedToThrow, "turn/seeded-dice");
  expect_refusal(t.refuse(Table::cmd(Verb::ClaimSalary, 0)), RefusalCode::SalaryPaidByReferee,
                 "referee/salary-paid-by-referee");
  t.roll(0, 1, 3);  // Ann to Income Tax: her move is over
  expect_refusal(t.refuse(Table::cmd(Verb::Roll, 0, 2, 3)), RefusalCode::MoveIsOver, "turn/order");
  const Refused cat = t.refuse(Table::cmd(Verb::Roll, 2, 2, 3));
  expect_refusal(cat, RefusalCode::NotYourTurnPlaysNext, "turn/order");
  ASSERT_EQ(cat.args.size(), 2u);
  EXPECT_EQ(cat.args[0].kind, ArgKind::Player);
  EXPECT_EQ(cat.args[0].id, 2);  // Cat asked
  EXPECT_EQ(cat.args[1].id, 1);  // Ben plays next
}

TEST(RefusalCodes, BuyingAndAuctions) {
  Table t;
  expect_refusal(t.refuse(Table::cmd(Verb::Buy, 0)), RefusalCode::NothingToBuyOrDecline, "buy/printed-price");
  expect_refusal(t.refuse(Table::cmd(Verb::Pass, 1)), RefusalCode::NoAuctionOpen, "auction/declined-goes-to-auction");
  t.roll(0, 6, 5);  // Ann to Pall Mall, unowned
  const Refused ben = t.refuse(Table::cmd(Verb::Buy, 1));
  expect_refusal(ben, RefusalCode::OnlyLanderBuys, "buy/printed-price");
  const Refused early = t.refuse(Table::cmd(Verb::EndTurn, 0));
  expect_refusal(early, RefusalCode::CannotEndTurnYet, "turn/finish-the-move");
  EXPECT_EQ(early.waiting.phase, Phase::BuyDecision);
  EXPECT_EQ(early.waiting.square, 11);
  t.decline(0);
  Command zero = Table::cmd(Verb::Bid, 1);
  expect_refusal(t.refuse(zero), RefusalCode::BidNotPositive, "auction/bids-rise");
  t.bid(1, 100);
  Command low = Table::cmd(Verb::Bid, 2);
  low.amount = Money{50};
  expect_refusal(t.refuse(low), RefusalCode::BidTooLow, "auction/bids-rise");
  Command rich = Table::cmd(Verb::Bid, 2);
  rich.amount = Money{5000};
  expect_refusal(t.refuse(rich), RefusalCode::BidBeyondCash, "auction/bid-within-cash");
  expect_refusal(t.refuse(Table::cmd(Verb::Pass, 1)), RefusalCode::HighBidderCannotPass,
                 "auction/closes-when-others-pass");
}

TEST(RefusalCodes, JailCardsAndRent) {
  Table t;
  expect_refusal(t.refuse(Table::cmd(Verb::PayFine, 0)), RefusalCode::NotInJail, "jail/fine-before-throw");
  expect_refusal(t.refuse(Table::cmd(Verb::UseCard, 0)), RefusalCode::NotInJail, "jail/use-card");
  expect_refusal(t.refuse(Table::cmd(Verb::Draw, 0)), RefusalCode::NoCardDue, "cards/take-top-card");
  expect_refusal(t.refuse(Table::cmd(Verb::ClaimRent, 1)), RefusalCode::NoRentOwed, "rent/ask-before-next-throw");
}

TEST(RefusalCodes, BuildingMortgagesTradesAndDebts) {
  Table t({"Ann", "Ben", "Cat"}, setup_with({owning(0, {testing::prop(kMayfair)})}));
  expect_refusal(t.refuse(on(Verb::Build, 0, kOldKentRoad)), RefusalCode::NotOwner, "houses/complete-group");
  const Refused part = t.refuse(on(Verb::Build, 0, kMayfair));
  expect_refusal(part, RefusalCode::GroupIncomplete, "houses/complete-group");
  ASSERT_EQ(part.args.size(), 3u);
  EXPECT_EQ(part.args[2].kind, ArgKind::Group);
  expect_refusal(t.refuse(on(Verb::Mortgage, 0, kParkLane)), RefusalCode::NotOwner, "mortgage/value");
  expect_refusal(t.refuse(on(Verb::Unmortgage, 0, kMayfair)), RefusalCode::NotMortgaged,
                 "mortgage/lift-with-interest");
  expect_refusal(t.refuse(on(Verb::Sell, 0, kMayfair)), RefusalCode::NoHousesLeftOn, "sell/buildings-half-price");
  expect_refusal(t.refuse(Table::cmd(Verb::Accept, 1)), RefusalCode::NoOfferOpen, "trade/answer-the-open-offer");
  expect_refusal(t.refuse(Table::cmd(Verb::DeclareBankruptcy, 0)), RefusalCode::OwesNothing,
                 "bankruptcy/only-when-insolvent");
  expect_refusal(t.refuse(Table::cmd(Verb::CallTime, kReferee)), RefusalCode::NotAShortGame,
                 "short-game/time-called");
}

TEST(RefusalCodes, TheSetup) {
  GameHeader h;
  h.ruleset = "uk-1972";
  h.players = {"Ann", "Ben"};
  const Decision poor = decide_start(testing::uk1972(), h, setup_with({seat(0, -1)}));
  ASSERT_FALSE(poor.accepted);
  EXPECT_EQ(poor.violation.code, RefusalCode::SetupCashNegative);
  EXPECT_EQ(poor.violation.rule, "uk-1972/setup/cash");
  h.players = {"Ann"};
  EXPECT_EQ(decide_start(testing::uk1972(), h, std::nullopt).violation.code, RefusalCode::PlayersForEdition);
}

// Building several houses at once: the refusal of the step that failed says where it stopped.
TEST(RefusalWords, ABuildRunSaysWhereItStopped) {
  Table t({"Ann", "Ben", "Cat"},
          setup_with({owning(0, {testing::prop(kMayfair), testing::prop(kParkLane)})}));
  const Refused v = t.refuse(on(Verb::Build, 0, kMayfair, 2));
  EXPECT_EQ(v.code, RefusalCode::BuildEvenly);
  ASSERT_FALSE(v.args.empty());
  EXPECT_EQ(v.args.back().kind, ArgKind::Progress);
  EXPECT_EQ(v.message, "build on Park Lane first: no site may be more than one house ahead of another in its group "
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

}  // namespace
}  // namespace deedlog
