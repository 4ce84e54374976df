// House rules from outside: a game file's [HouseRules] tag and `referee new --house-rules`
// hold the game to them, store them in the hashed header, and verify decides with them.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include <sqlite3.h>

#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
using testing::quote;
using testing::referee;
using testing::temp_dir;

// The game's header as the journal keeps it (hashed into the chain's genesis).
json stored_header(const std::filesystem::path& db) {
  sqlite3* h = nullptr;
  sqlite3_open_v2(db.string().c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* q = nullptr;
  sqlite3_prepare_v2(h, "SELECT header FROM games ORDER BY game_id LIMIT 1", -1, &q, nullptr);
  json out;
  if (sqlite3_step(q) == SQLITE_ROW) out = json::parse(reinterpret_cast<const char*>(sqlite3_column_text(q, 0)));
  sqlite3_finalize(q);
  sqlite3_close(h);
  return out;
}

std::filesystem::path write_game(const std::filesystem::path& dir, const std::string& text) {
  const auto path = dir / "g.game";
  std::ofstream(path) << text;
  return path;
}

// rule uk-1972/house/no-auctions, from a game file: the decline leaves the site with the Bank,
// and the game verifies, so the tag is part of what the referee decides by.
TEST(HouseRulesTag, AGameFileIsHeldToItsHouseRules) {
  const auto dir = temp_dir("house-rules-tag");
  const auto game = write_game(dir,
                               "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[HouseRules \"No-Auctions\"]\n\n"
                               "Ann rolls 1 2\nAnn declines\nBen rolls 3 4\n");
  const auto db = dir / "g.db";
  const auto imported = referee(db, "import " + quote(game.string()));
  ASSERT_EQ(imported.code, 0) << imported.out << imported.err;
  const auto status = referee(db, "--json status");
  ASSERT_EQ(status.code, 0) << status.err;
  const auto verified = referee(db, "--json verify");
  EXPECT_EQ(verified.code, 0) << verified.out << verified.err;
  // The header keeps the house rule in its canonical spelling.
  EXPECT_EQ(stored_header(db)["house_rules"], json::array({"no-auctions"}));
  // A bid is refused citing the house rule.
  const auto bid = referee(db, "--json play \"Ben bids 10\"");
  EXPECT_NE(bid.code, 0);
  EXPECT_NE(bid.out.find("uk-1972/house/no-auctions"), std::string::npos) << bid.out;
}

TEST(HouseRulesTag, AnUnknownHouseRuleIsRefusedWithTheList) {
  const auto dir = temp_dir("house-rules-unknown");
  const auto game = write_game(dir, "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[HouseRules \"free-lunch\"]\n\n");
  const auto r = referee(dir / "g.db", "import " + quote(game.string()));
  EXPECT_NE(r.code, 0);
  EXPECT_NE((r.out + r.err).find("no-auctions"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(referee(dir / "new.db", "new --ruleset uk-1972 --players \"Ann, Ben\" --house-rules free-lunch").code,
            r.code);
}

TEST(HouseRulesTag, NewTakesThemToo) {
  const auto dir = temp_dir("house-rules-new");
  const auto db = dir / "g.db";
  ASSERT_EQ(referee(db, "new --ruleset uk-1972 --players \"Ann, Ben\" --house-rules double-salary-on-go").code, 0);
  ASSERT_EQ(referee(db, "play \"Ann rolls 1 2\"").code, 0);
  EXPECT_EQ(stored_header(db)["house_rules"], json::array({"double-salary-on-go"}));
  // A game without house rules keeps the header it always had: no such field at all.
  const auto plain = dir / "plain.db";
  ASSERT_EQ(referee(plain, "new --ruleset uk-1972 --players \"Ann, Ben\"").code, 0);
  EXPECT_FALSE(stored_header(plain).contains("house_rules"));
}

}  // namespace
}  // namespace deedlog
