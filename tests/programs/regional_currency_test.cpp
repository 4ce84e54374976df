// regional-currency at the command line: status and value in each player's currency and in par
// dollars, the replay's words for an exchanged payment, a user's own conversion table
// (--ruleset-file) and a table with a mistake refused with the key named.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
using testing::quote;
using testing::referee;

const std::string kEdition = std::string(deedlog::testing::source_dir()) + "/src/rules/data/regional-currency.json";

// Ben (West +2) lands on Cat's Boardwalk; Cat represents North at -4: spread +6.
const std::string kRentGame =
    "[Ruleset \"ID\"]\n[Players \"Ann, Ben, Cat, Dan\"]\n[Setup]\n"
    "Ann: owns \"Indiana Avenue\", \"Illinois Avenue\", \"Atlantic Avenue\", \"Ventnor Avenue\"\n"
    "Ben: at \"Pennsylvania Avenue\"; owns \"St. Charles Place\", \"States Avenue\"\n"
    "Cat: owns Boardwalk\nTurn: Ben\n[Moves]\nBen rolls 2 3\nCat claims rent\n";

std::string game_of(const std::string& id) {
  std::string g = kRentGame;
  g.replace(g.find("ID"), 2, id);
  return g;
}

// rule regional-currency/currency/rent-in-owner-currency: PAYING RENT, at the command line.
TEST(RegionalCurrencyCli, StatusValueAndReplaySayEachCurrency) {
  const auto dir = testing::temp_dir("regional-cli");
  std::ofstream(dir / "g.game") << game_of("regional-currency");
  const auto db = dir / "g.db";
  const auto imported = referee(db, "import " + quote((dir / "g.game").string()));
  ASSERT_EQ(imported.code, 0) << imported.out << imported.err;
  const json s = json::parse(referee(db, "--json status").out);
  EXPECT_EQ(s["players"][1]["cash"], 1480);  // $20 pink for $50 yellow
  EXPECT_EQ(s["players"][2]["cash"], 1550);
  EXPECT_EQ(s["players"][1]["region"], "West");
  EXPECT_EQ(s["players"][1]["currency"], "pink");
  EXPECT_EQ(s["exchange_rates"]["North"], -4);
  EXPECT_EQ(s["exchange_rates"]["West"], 2);
  const auto text = referee(db, "status");
  EXPECT_NE(text.out.find("$1480 pink"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Exchange rates: South +0 (green), West +2 (pink), North -4 (yellow), East -1 (blue)"),
            std::string::npos)
      << text.out;
  const auto told = testing::replay(db, "");
  EXPECT_NE(told.out.find("Ben pays $20 pink for Cat's $50 yellow rent on Boardwalk."), std::string::npos) << told.out;
  // value: in par dollars. Ben's $1480 pink at +2 is worth 136%: $2013; Cat's $1550 yellow at
  // -4 is worth 54%: $837, and Boardwalk ($400 blue at -1) 86%: $344.
  const json v = json::parse(referee(db, "--json value").out);
  EXPECT_EQ(v["currency"], "par");
  EXPECT_EQ(v["players"][1]["cash"], 2013);
  EXPECT_EQ(v["players"][2]["total"], 837 + 344);
  EXPECT_EQ(referee(db, "verify").code, 0);
}

// rule regional-currency/currency/conversion: a user's edition file replaces the table.
TEST(RegionalCurrencyCli, AUsersTableIsUsedAndKeptWithTheGame) {
  const auto dir = testing::temp_dir("regional-table");
  json d = json::parse(testing::slurp(kEdition));
  d["id"] = "regional-halves";
  d["settings"]["currency_conversion"]["6"] = 50;
  std::ofstream(dir / "halves.json") << d.dump();
  std::ofstream(dir / "g.game") << game_of("regional-halves");
  const auto db = dir / "g.db";
  const auto r = referee(db, "--ruleset-file " + quote((dir / "halves.json").string()) + " import " +
                                 quote((dir / "g.game").string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(referee(db, "--json status").out)["players"][1]["cash"], 1475);  // 50% of $50
  EXPECT_EQ(referee(db, "verify").code, 0);
}

TEST(RegionalCurrencyCli, ATableWithAMistakeIsRefusedNamingTheKey) {
  const auto dir = testing::temp_dir("regional-bad-table");
  json d = json::parse(testing::slurp(kEdition));
  d["settings"]["currency_conversion"].erase("-3");
  std::ofstream(dir / "bad.json") << d.dump();
  const auto r = referee(dir / "b.db", "--ruleset-file " + quote((dir / "bad.json").string()) + " new --players " +
                                           quote("Ann, Ben"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("settings.currency_conversion"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("spread -3"), std::string::npos) << r.err;
}

// rule regional-currency/turn/order: one player for each region, two to four of them.
TEST(RegionalCurrencyCli, FiveSeatsAreRefused) {
  const auto dir = testing::temp_dir("regional-five");
  const auto r = referee(dir / "f.db", "new --ruleset regional-currency --players " + quote("Ann, Ben, Cat, Dan, Eve"));
  EXPECT_NE(r.code, 0);
  const auto ok = referee(dir / "g.db", "new --ruleset regional-currency --players " + quote("Ann, Ben, Cat, Dan"));
  EXPECT_EQ(ok.code, 0) << ok.err;
}

}  // namespace
}  // namespace deedlog
