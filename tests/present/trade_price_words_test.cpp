// The JSON and the words of the price of a trade (present/trade_price_words): the document's
// fields from the computed values, null fair cash with a reason, and the words made from the
// document alone (a server's answer, which the table says), with or without the edition.
#include <gtest/gtest.h>

#include "deedlog/ruleset_catalog.h"
#include "present/trade_price_words.h"

namespace deedlog {
namespace {

TradePrice two_players() {
  TradePrice p;
  p.offerer = 0;
  p.recipient = 1;
  p.players = {TradeShare{0, 0.6, 0.9, 0.3, 0.28, 0.32}, TradeShare{1, 0.4, 0.1, -0.3, -0.32, -0.28}};
  p.games = 400;
  p.positions = 9;
  p.moves = 12345;
  return p;
}

TEST(TradePriceWords, TheDocumentCarriesTheFiguresAndTheFairCash) {
  Ruleset uk;
  ASSERT_TRUE(load_ruleset("uk-1972", &uk).is_ok());
  TradePrice p = two_players();
  p.fair_cash = Money{-750};
  p.fair_low = Money{-790};
  p.fair_high = Money{-700};
  const auto doc = trade_price_json(p, uk, {"Ann", "Ben"}, "Ann offers Ben: 200 for \"Vine Street\"", 13, 7);
  EXPECT_EQ(doc["offerer"], "Ann");
  EXPECT_EQ(doc["recipient"], "Ben");
  EXPECT_EQ(doc["seq"], 13);
  EXPECT_EQ(doc["seed"], 7);
  EXPECT_EQ(doc["players"][1]["name"], "Ben");
  EXPECT_DOUBLE_EQ(doc["players"][0]["change"].get<double>(), 0.3);
  EXPECT_DOUBLE_EQ(doc["players"][1]["change_interval"][0].get<double>(), -0.32);
  EXPECT_EQ(doc["fair_cash"], -750);
  EXPECT_EQ(doc["fair_cash_interval"], nlohmann::ordered_json::array({-790, -700}));
  EXPECT_FALSE(doc.contains("reason"));
  const std::string words = trade_price_text(nlohmann::json::parse(doc.dump()), &uk);
  EXPECT_NE(words.find("£750"), std::string::npos) << words;
  EXPECT_NE(words.find("+30.0%"), std::string::npos) << words;
  // Without the edition (a server's own), the sums as numbers.
  const std::string plain = trade_price_text(nlohmann::json::parse(doc.dump()), nullptr);
  EXPECT_NE(plain.find("750"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("£"), std::string::npos) << plain;
}

TEST(TradePriceWords, NoFairCashIsNullWithAReason) {
  Ruleset uk;
  ASSERT_TRUE(load_ruleset("uk-1972", &uk).is_ok());
  for (NoFairCash why : {NoFairCash::OffererGainsPayingAll, NoFairCash::RecipientCannotPayEnough, NoFairCash::CashOnly}) {
    TradePrice p = two_players();
    p.why_none = why;
    p.limit = Money{why == NoFairCash::OffererGainsPayingAll ? -50 : 30};
    const auto doc = trade_price_json(p, uk, {"Ann", "Ben"}, "Ann offers Ben: 10 for card", 6, 1);
    EXPECT_TRUE(doc["fair_cash"].is_null());
    EXPECT_TRUE(doc["fair_cash_interval"].is_null());
    ASSERT_TRUE(doc["reason"].is_string());
    EXPECT_FALSE(doc["reason"].get<std::string>().empty());
    EXPECT_EQ(no_fair_cash_words(p, uk, {"Ann", "Ben"}), doc["reason"].get<std::string>());
  }
}

TEST(TradePriceWords, ARefusalCarriesTheRuling) {
  const auto doc = trade_refusal_json(Ruling{"uk-1972/trade/no-borrowing", "MISCELLANEOUS", "Ann has £10"}, "Ann offers Ben: 99 for card", 4);
  EXPECT_EQ(doc["accepted"], false);
  EXPECT_EQ(doc["violation"]["rule"], "uk-1972/trade/no-borrowing");
  const std::string words = trade_price_text(nlohmann::json::parse(doc.dump()), nullptr);
  EXPECT_NE(words.find("uk-1972/trade/no-borrowing"), std::string::npos) << words;
}

}  // namespace
}  // namespace deedlog
