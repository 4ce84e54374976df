// Tests of the edition data: the uk-1972 board and packs load and carry the printed figures.
#include <gtest/gtest.h>

#include "rules/ruleset_catalog.h"

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
