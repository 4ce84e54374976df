// "forms conglomerate A, B, C" (regional-currency): read, printed back canonically, and the
// mistakes a line can hold.
#include <gtest/gtest.h>

#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {


class Conglomerate : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(load_ruleset("regional-currency", &r).is_ok()); }
  SquareId sq(const std::string& name) {
    for (std::size_t i = 0; i < r.squares.size(); ++i)
      if (r.squares[i].name == name) return static_cast<SquareId>(i);
    return kNoSquare;
  }
  Ruleset r;
  std::vector<std::string> players{"Ann", "Ben"};
};

TEST_F(Conglomerate, ReadsAndPrintsBack) {
  Command c;
  ParseError e;
  ASSERT_TRUE(parse_move("Ann forms conglomerate Boardwalk, \"Reading Railroad\", Mediterranean Avenue", r, players, &c, &e))
      << e.message;
  EXPECT_EQ(c.verb, Verb::FormConglomerate);
  EXPECT_EQ(c.actor, 0);
  const std::vector<SquareId> expected{sq("Boardwalk"), sq("Reading Railroad"), sq("Mediterranean Avenue")};
  EXPECT_EQ(c.give.properties, expected);
  const std::string line = print_move(c, r, players);
  EXPECT_EQ(line, "Ann forms conglomerate Boardwalk, \"Reading Railroad\", \"Mediterranean Avenue\"");
  Command back;
  ASSERT_TRUE(parse_move(line, r, players, &back, &e)) << e.message;
  EXPECT_EQ(back, c);
  EXPECT_EQ(print_move(back, r, players), line);
}

TEST_F(Conglomerate, MistakesAreNamed) {
  Command c;
  ParseError e;
  EXPECT_FALSE(parse_move("Ann forms Boardwalk", r, players, &c, &e));
  EXPECT_NE(e.message.find("forms conglomerate"), std::string::npos) << e.message;
  EXPECT_FALSE(parse_move("Ann forms conglomerate", r, players, &c, &e));
  EXPECT_NE(e.message.find("expected the properties"), std::string::npos) << e.message;
  EXPECT_FALSE(parse_move("Ann forms conglomerate Boardwalk, Boardwalk, Short Line", r, players, &c, &e));
  EXPECT_NE(e.message.find("named twice"), std::string::npos) << e.message;
  EXPECT_FALSE(parse_move("Ann forms conglomerate Boardwalk, GO, Short Line", r, players, &c, &e));
  EXPECT_NE(e.message.find("not a property"), std::string::npos) << e.message;
}

// A [Setup] states a Conglomerate already formed (and built on): "conglomerate A, B, C".
TEST_F(Conglomerate, SetupClauseReadsAndPrintsBack) {
  const std::string text =
      "[Ruleset \"regional-currency\"]\n[Players \"Ann, Ben\"]\n[Setup]\n"
      "Ben: owns Boardwalk (1 house), \"Reading Railroad\" (2 houses), \"Mediterranean Avenue\" (2 houses); "
      "conglomerate Boardwalk, Reading Railroad, Mediterranean\n[Moves]\n";
  GameFile g;
  ParseError e;
  ASSERT_TRUE(parse_game(text, r, &g, &e)) << e.message;
  ASSERT_TRUE(g.setup.has_value());
  ASSERT_EQ(g.setup->players.size(), 1u);
  ASSERT_EQ(g.setup->players[0].conglomerates.size(), 1u);
  EXPECT_EQ(g.setup->players[0].conglomerates[0],
            (std::vector<SquareId>{sq("Boardwalk"), sq("Reading Railroad"), sq("Mediterranean Avenue")}));
  const std::string printed = print_game(g.header, g.setup, {}, r);
  EXPECT_NE(printed.find("; conglomerate Boardwalk, \"Reading Railroad\", \"Mediterranean Avenue\""), std::string::npos)
      << printed;
  GameFile again;
  ASSERT_TRUE(parse_game(printed, r, &again, &e)) << e.message << "\n" << printed;
  EXPECT_EQ(again.setup->players[0].conglomerates, g.setup->players[0].conglomerates);
  EXPECT_FALSE(parse_game("[Ruleset \"regional-currency\"]\n[Players \"Ann, Ben\"]\n[Setup]\nBen: conglomerate\n", r, &g, &e));
  EXPECT_NE(e.message.find("expected the properties"), std::string::npos) << e.message;
}

}  // namespace
}  // namespace deedlog
