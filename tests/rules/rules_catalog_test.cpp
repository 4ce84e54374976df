// Tests of the edition data: the uk-1972 board and packs load and carry the printed figures.
#include <gtest/gtest.h>

#include "support/build_paths.h"
#include "deedlog/ruleset_catalog.h"

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace deedlog {
namespace {

TEST(RulesetCatalog, Uk1972LoadsWithFortySquaresAndTwoPacksOfSixteen) {
  Ruleset r;
  Status s = load_ruleset("uk-1972", &r);
  ASSERT_TRUE(s.is_ok()) << s.message();
  EXPECT_EQ(r.board_size(), 40);
  EXPECT_EQ(r.decks[0].cards.size(), 16u);
  EXPECT_EQ(r.decks[1].cards.size(), 16u);
  EXPECT_EQ(r.square(39).name, "Mayfair");
  EXPECT_EQ(r.square(39).price, Money{400});
  EXPECT_EQ(r.square(39).rent[5], Money{2000});
  EXPECT_EQ(r.square(5).mortgage_value, Money{100});
  EXPECT_EQ(r.square(4).tax, Money{200});
  EXPECT_EQ(r.square(38).tax, Money{100});
  EXPECT_EQ(r.jail_square, 10);
  EXPECT_EQ(r.starting_cash, Money{1500});
  EXPECT_EQ(r.salary, Money{200});
  EXPECT_EQ(r.jail.fine, Money{50});
  EXPECT_EQ(r.house_stock, 32);
  EXPECT_EQ(r.hotel_stock, 12);
}

TEST(RulesetCatalog, UnknownEditionNamesTheKnownOnes) {
  Ruleset r;
  Status s = load_ruleset("uk-1973", &r);
  EXPECT_TRUE(s.is_not_found());
  EXPECT_NE(s.message().find("uk-1972"), std::string::npos);
}

TEST(RulesetCatalog, BadDataFileSaysWhereTheMistakeIs) {
  Ruleset r;
  Status s = parse_ruleset(R"({"id":"x","groups":["A"],"board":[{"name":"GO","kind":"gx"}]})", &r);
  EXPECT_FALSE(s.is_ok());
  Status s2 = parse_ruleset("{not json", &r);
  EXPECT_FALSE(s2.is_ok());
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

std::string builtin_uk1972() {
  std::ifstream in(std::string(deedlog::testing::source_dir()) + "/src/rules/data/uk-1972.json");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A user's edition file is data from outside: a float, a string or a huge number where a whole
// number belongs is refused, never converted (a rent of 5e120 was undefined behaviour, found
// by fuzzing the loader).
TEST(RulesetCatalog, NumbersInAnEditionFileMustBeWholeAndInRange) {
  const std::string good = builtin_uk1972();
  Ruleset r;
  ASSERT_TRUE(parse_ruleset(good, &r).is_ok());
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"\"house_stock\": 32", "\"house_stock\": 1e30"},
      {"\"house_stock\": 32", "\"house_stock\": 32.5"},
      {"\"house_stock\": 32", "\"house_stock\": \"32\""},
      {"\"hotel_stock\": 12", "\"hotel_stock\": -1"},
      {"\"max_players\": 8", "\"max_players\": 9"},
      {"\"price\": 400", "\"price\": 5e120"},
      {"\"price\": 400", "\"price\": 18446744073709551615"},
      {"\"mortgage_interest_percent\": 10", "\"mortgage_interest_percent\": 1000"},
  };
  int tried = 0;
  for (const auto& [from, to] : bad) {
    const auto at = good.find(from);
    if (at == std::string::npos) continue;
    std::string text = good;
    text.replace(at, from.size(), to);
    EXPECT_FALSE(parse_ruleset(text, &r).is_ok()) << to;
    ++tried;
  }
  EXPECT_GE(tried, 4);
}

}  // namespace
}  // namespace deedlog
