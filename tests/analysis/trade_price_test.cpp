// referee analyse --trade (docs/trade-price.md) through the real CLI: a trade that completes a
// group is priced far above the site's printed price, whichever side offers it; an offer the
// rules refuse is refused as `play` refuses it (the rule, exit 3); a position beyond the game and
// a line that is no offer are usage errors; the same seed gives the same document on 1 and 2
// threads; --at prices at an earlier position; `referee table` answers `:price OFFER`, records
// nothing, and goes on after a refusal.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;

struct Fixture {
  std::filesystem::path dir = testing::temp_dir("trade-price");
  testing::RemovedAtExit cleanup{dir};
};

// Ann holds two of the orange sites and plenty of cash; Ben holds the third, Vine Street (£200).
constexpr const char* kOrangeGame = R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 1500; at Go; owns "Bow Street", "Marlborough Street"
Ben: cash 1500; at Go; owns "Vine Street"
Turn: Ann
[Moves]
Ann rolls 1 2     # Whitechapel Road
Ann buys
)";

std::filesystem::path imported(const Fixture& f, const std::string& text) {
  const auto game = f.dir / "trade.game";
  std::ofstream(game) << text;
  const auto db = f.dir / "trade.db";
  const auto r = testing::referee(db, "import " + testing::quote(game.string()));
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  return db;
}

json priced(const std::filesystem::path& db, const std::string& offer, const std::string& options) {
  const auto r = testing::referee(db, "--json analyse --trade " + testing::quote(offer) + " " + options);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  json doc = json::parse(r.out, nullptr, false);
  if (doc.is_object()) doc.erase("seconds");  // the only figure a run's own
  return doc;
}

std::int64_t events_in(const std::filesystem::path& db) {
  const auto r = testing::referee(db, "--json status");
  return json::parse(r.out)["seq"].get<std::int64_t>();
}

TEST(TradePrice, CompletingAGroupIsPricedFarAboveThePrintedPrice) {
  Fixture f;
  const auto db = imported(f, kOrangeGame);
  // Ann buys the site that completes her group: she gains, Ben loses, and the cash that leaves
  // her as well off as before, paid by her, is far above the £200 printed on the deed.
  const json buy = priced(db, "Ann offers Ben: 200 for \"Vine Street\"", "--games 300 --seed 1 --threads 2");
  ASSERT_TRUE(buy.is_object());
  EXPECT_EQ(buy["offerer"], "Ann");
  EXPECT_EQ(buy["seq"], events_in(db));
  ASSERT_EQ(buy["players"].size(), 2u);
  const json& ann = buy["players"][0];
  const json& ben = buy["players"][1];
  EXPECT_EQ(ann["name"], "Ann");
  EXPECT_GT(ann["change_interval"][0].get<double>(), 0.0) << buy;
  EXPECT_LT(ben["change_interval"][1].get<double>(), 0.0) << buy;
  EXPECT_NEAR(ann["after"].get<double>() - ann["before"].get<double>(), ann["change"].get<double>(), 1e-3);
  EXPECT_NEAR(ann["before"].get<double>() + ben["before"].get<double>(), 1.0, 1e-3);
  ASSERT_TRUE(buy["fair_cash"].is_number_integer()) << buy;
  const std::int64_t fair = buy["fair_cash"].get<std::int64_t>();
  EXPECT_LE(fair, -400) << "Ann pays more than twice the printed price: " << buy;
  EXPECT_LE(buy["fair_cash_interval"][0].get<std::int64_t>(), fair);
  EXPECT_GE(buy["fair_cash_interval"][1].get<std::int64_t>(), fair);
  EXPECT_LT(buy["fair_cash_interval"][1].get<std::int64_t>(), -200) << buy;
  EXPECT_FALSE(buy.contains("reason"));

  // Ben sells it to her: the cash that leaves him as well off, paid by her to him, is as high.
  const json sell = priced(db, "Ben offers Ann: \"Vine Street\" for 200", "--games 300 --seed 1 --threads 2");
  EXPECT_EQ(sell["offerer"], "Ben");
  ASSERT_TRUE(sell["fair_cash"].is_number_integer()) << sell;
  EXPECT_GE(sell["fair_cash"].get<std::int64_t>(), 400) << sell;
}

TEST(TradePrice, NoCashIsFairBeyondWhatThePlayersCanPay) {
  Fixture f;
  // Ann has £50: the group she completes is worth more to her than all the cash she can pay.
  const auto db = imported(f, R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 50; at Go; owns "Bow Street", "Marlborough Street"
Ben: cash 1500; at Go; owns "Vine Street"
Turn: Ann
[Moves]
)");
  const json doc = priced(db, "Ann offers Ben: 10 for \"Vine Street\"", "--games 200 --seed 2 --threads 2");
  EXPECT_GT(doc["players"][0]["change"].get<double>(), 0.0) << doc;
  EXPECT_TRUE(doc["fair_cash"].is_null()) << doc;
  EXPECT_TRUE(doc["fair_cash_interval"].is_null());
  ASSERT_TRUE(doc.contains("reason"));
  EXPECT_TRUE(doc["reason"].is_string());
}

TEST(TradePrice, AnOfferTheRulesRefuseIsRefusedAsPlayRefusesIt) {
  Fixture f;
  const auto db = imported(f, kOrangeGame);
  const std::int64_t before = events_in(db);
  // Ann cannot pay £5,000: the rule play --dry-run cites, exit 3, nothing played out.
  const std::string offer = "Ann offers Ben: 5000 for \"Vine Street\"";
  const auto dry = testing::referee(db, "--json play --dry-run " + testing::quote(offer));
  ASSERT_EQ(dry.code, 3);
  const std::string rule = json::parse(dry.out)["violation"]["rule"];
  const auto r = testing::referee(db, "--json analyse --trade " + testing::quote(offer) + " --games 4");
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["accepted"], false);
  EXPECT_EQ(doc["violation"]["rule"], rule);
  EXPECT_FALSE(doc.contains("players"));
  // Nor can Ben pay what Ann asks: the acceptance is refused (his cash is checked when he answers).
  const auto asks = testing::referee(db, "--json analyse --trade 'Ann offers Ben: \"Bow Street\" for 4000' --games 4");
  EXPECT_EQ(asks.code, 3) << asks.out << asks.err;
  EXPECT_EQ(json::parse(asks.out)["violation"]["rule"], rule);
  // In words too, with the rule.
  const auto words = testing::referee(db, "analyse --trade " + testing::quote(offer) + " --games 4");
  EXPECT_EQ(words.code, 3);
  EXPECT_NE(words.out.find(rule), std::string::npos) << words.out;
  EXPECT_EQ(events_in(db), before);
}

TEST(TradePrice, BadQuestionsAreUsageErrors) {
  Fixture f;
  const auto db = imported(f, kOrangeGame);
  const std::int64_t last = events_in(db);
  const std::string offer = testing::quote("Ann offers Ben: 200 for \"Vine Street\"");
  EXPECT_EQ(testing::referee(db, "analyse --trade " + offer + " --at " + std::to_string(last + 1)).code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --trade " + offer + " --at -1").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --trade 'Ann buys' --games 4").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --trade 'Ann offers Zed: 10 for \"Vine Street\"' --games 4").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --trade " + offer + " --games 1").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --trade " + offer + " --from 3").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --at 3").code, 2);
  const auto json_error = testing::referee(db, "--json analyse --trade " + offer + " --at 999");
  EXPECT_EQ(json_error.code, 2);
  EXPECT_EQ(events_in(db), last);
}

// The analysis's own targets are not the price's: given with --trade they are refused, not
// passed over in silence (the price would be no more precise than without them).
TEST(TradePrice, TheAnalysisTargetsAreUsageErrorsWithTrade) {
  Fixture f;
  const auto db = imported(f, kOrangeGame);
  const std::int64_t last = events_in(db);
  const std::string offer = testing::quote("Ann offers Ben: 200 for \"Vine Street\"");
  for (const char* option : {"--precision 0.01", "--total-precision 0.01", "--max-games 4000"})
    EXPECT_EQ(testing::referee(db, "analyse --trade " + offer + " --games 4 " + option).code, 2) << option;
  EXPECT_EQ(events_in(db), last);
}

TEST(TradePrice, TheSameSeedGivesTheSameDocumentOnAnyNumberOfThreads) {
  Fixture f;
  const auto db = imported(f, kOrangeGame);
  const std::string offer = "Ann offers Ben: 200 for \"Vine Street\"";
  const json one = priced(db, offer, "--games 60 --seed 5 --threads 1");
  const json two = priced(db, offer, "--games 60 --seed 5 --threads 2");
  EXPECT_EQ(one, two);
  EXPECT_EQ(one["games"], 60);
  EXPECT_NE(one, priced(db, offer, "--games 60 --seed 6 --threads 2"));
}

TEST(TradePrice, AtAnEarlierPosition) {
  Fixture f;
  const auto db = imported(f, kOrangeGame);
  // Before the throw (event 6: Ann's turn began): Whitechapel Road is not hers yet.
  const json early = priced(db, "Ann offers Ben: 200 for \"Vine Street\"", "--games 20 --at 6");
  EXPECT_EQ(early["seq"], 6);
  EXPECT_FALSE(early.contains("note"));
  const auto r = testing::referee(db, "--json analyse --trade 'Ann offers Ben: \"Whitechapel Road\" for 100' --games 4 --at 6");
  EXPECT_EQ(r.code, 3) << r.out;
  // An event inside a move stands for the position after the whole move, as --at says elsewhere.
  const json within = priced(db, "Ann offers Ben: 200 for \"Vine Street\"", "--games 20 --at 7");
  EXPECT_TRUE(within.contains("note")) << within;
  EXPECT_GT(within["seq"].get<std::int64_t>(), 7);
}

// `referee table`: `:price OFFER` at the position now, in words or JSON; nothing recorded; a line
// that is no offer is said to be so and the session goes on. ":price" cannot begin a move: no
// player's name holds a colon.
TEST(TradePrice, TheTablesPriceCommand) {
  Fixture f;
  const auto db = imported(f, kOrangeGame);
  const std::int64_t before = events_in(db);
  const auto lines = f.dir / "lines.txt";
  std::ofstream(lines) << ":price Ann offers Ben: 5000 for \"Vine Street\"\n"
                          ":price Ann buys\n"
                          ":price Ann offers Ben: 200 for \"Vine Street\"\n";
  const auto r = testing::run(deedlog::testing::referee_program(), "--db " + testing::quote(db.string()) + " --json table", lines.string());
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  std::istringstream out(r.out);
  std::vector<json> docs;
  for (std::string line; std::getline(out, line);) docs.push_back(json::parse(line, nullptr, false));
  ASSERT_EQ(docs.size(), 3u) << r.out;
  EXPECT_EQ(docs[0]["violation"]["rule"], "uk-1972/trade/no-borrowing");
  EXPECT_TRUE(docs[1].contains("error"));
  EXPECT_EQ(docs[2]["offerer"], "Ann");
  EXPECT_EQ(docs[2]["seq"], before);
  EXPECT_TRUE(docs[2].contains("fair_cash"));
  EXPECT_EQ(events_in(db), before);
  // A colon can never be in a player's name, so no game has a player the command shadows.
  EXPECT_EQ(testing::referee(f.dir / "other.db", "new --ruleset uk-1972 --players ':price, Ben'").code, 2);
}

}  // namespace
}  // namespace deedlog
