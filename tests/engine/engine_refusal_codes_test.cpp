// Refusals are values (engine/violation.h): these tests read the code and the rule, not the
// words, so they hold whatever the words become (the words: tests/present/refusal_words_test.cpp).
#include "support/economy.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::build_cmd;
using testing::kMayfair;
using testing::kOldKentRoad;
using testing::kParkLane;
using testing::mortgage_cmd;
using testing::owning;
using testing::seat;
using testing::sell_cmd;
using testing::setup_with;
using testing::Table;
using testing::unmortgage_cmd;

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
  expect_refusal(t.refuse(build_cmd(0, kOldKentRoad)), RefusalCode::NotOwner, "houses/complete-group");
  const Refused part = t.refuse(build_cmd(0, kMayfair));
  expect_refusal(part, RefusalCode::GroupIncomplete, "houses/complete-group");
  ASSERT_EQ(part.args.size(), 3u);
  EXPECT_EQ(part.args[2].kind, ArgKind::Group);
  expect_refusal(t.refuse(mortgage_cmd(0, kParkLane)), RefusalCode::NotOwner, "mortgage/value");
  expect_refusal(t.refuse(unmortgage_cmd(0, kMayfair)), RefusalCode::NotMortgaged,
                 "mortgage/lift-with-interest");
  expect_refusal(t.refuse(sell_cmd(0, kMayfair)), RefusalCode::NoHousesLeftOn, "sell/buildings-half-price");
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

}  // namespace
}  // namespace deedlog
