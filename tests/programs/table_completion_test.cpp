// What Tab makes of a line in `referee table` (commands/table_completion.h): names of squares
// and players as the game writes them, capitals and quotes included, in the places of a line
// where they belong; verbs only where a verb stands. Then the same through libedit, in a
// terminal that tmux runs.
#include "support/build_paths.h"
#include "commands/table_completion.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "support/cli.h"
#include "support/tmux.h"

namespace deedlog {
namespace {

using Lines = std::vector<std::string>;

class Completion : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(load_ruleset("uk-1972", &uk).is_ok()); }
  Lines of(const std::string& typed) { return line_completions(uk, players, typed); }
  // A line completed whole reads as a move (the notation's own parser).
  void parses(const std::string& line) {
    Command c;
    ParseError e;
    EXPECT_TRUE(parse_move(line, uk, players, &c, &e)) << line << ": " << e.message;
  }
  Ruleset uk;
  std::vector<std::string> players{"Ann", "Ben", "Mary Jane"};
};

TEST_F(Completion, ASquareAfterAVerbKeepsItsCapitalsAndQuotesAndNoVerbIsOffered) {
  // The case: "Pa" was lower-cased to "pa" with "passes" and "pays" offered.
  const Lines pa = of("Ann mortgages Pa");
  EXPECT_EQ(pa, (Lines{"Ann mortgages \"Pall Mall\"", "Ann mortgages \"Park Lane\""}));
  EXPECT_EQ(common_start(pa), "Ann mortgages \"Pa");
  // Typed in small letters, it still completes to the name as printed.
  EXPECT_EQ(of("Ann mortgages pa"), pa);
  EXPECT_EQ(of("Ann mortgages Mayf"), Lines{"Ann mortgages Mayfair"});
  parses("Ann mortgages Mayfair");
}

TEST_F(Completion, ANameOfSeveralWordsCompletesFromItsFirstWordsWithOrWithoutTheQuote) {
  EXPECT_EQ(of("Ann mortgages Park L"), Lines{"Ann mortgages \"Park Lane\""});
  EXPECT_EQ(of("Ann mortgages \"Park L"), Lines{"Ann mortgages \"Park Lane\""});
  EXPECT_EQ(of("Ann mortgages old kent"), Lines{"Ann mortgages \"Old Kent Road\""});
  EXPECT_EQ(of("Ann builds house on Leicester S"), Lines{"Ann builds house on \"Leicester Square\""});
  EXPECT_EQ(of("Ann mortgages \"King's"), Lines{"Ann mortgages \"King's Cross Station\""});
  for (const char* line : {"Ann mortgages \"Park Lane\"", "Ann builds house on \"Leicester Square\"",
                           "Ann mortgages \"King's Cross Station\""})
    parses(line);
  // A list: each name completes after the comma or "and".
  EXPECT_EQ(of("Ann mortgages \"Park Lane\" and Mayf"), Lines{"Ann mortgages \"Park Lane\" and Mayfair"});
  EXPECT_EQ(of("Ann mortgages \"Park Lane\", Bond"), Lines{"Ann mortgages \"Park Lane\", \"Bond Street\""});
  // A closed quote is a finished name.
  EXPECT_TRUE(of("Ann mortgages \"Park Lane\"").empty());
}

TEST_F(Completion, EachPlaceOfTheLineHasItsOwnWords) {
  // The first word: a player (a name with spaces quoted) or the referee.
  EXPECT_EQ(of("Be"), Lines{"Ben"});
  EXPECT_EQ(of("ma"), Lines{"\"Mary Jane\""});
  EXPECT_EQ(of("Ref"), Lines{"Referee"});
  // The second: a verb, the player's or the referee's.
  EXPECT_EQ(of("Ann mo"), Lines{"Ann mortgages"});
  EXPECT_EQ(of("Ann p"), (Lines{"Ann passes", "Ann pays"}));
  EXPECT_EQ(of("Referee ta"), Lines{"Referee takes"});
  EXPECT_TRUE(of("Referee ro").empty()) << "the referee does not throw";
  EXPECT_EQ(of("\"Mary Jane\" ro"), Lines{"\"Mary Jane\" rolls"});
  // After the verb, what it takes.
  EXPECT_EQ(of("Ann claims r"), Lines{"Ann claims rent"});
  EXPECT_EQ(of("Ann declares b"), Lines{"Ann declares bankruptcy"});
  const Lines offer = of("Ann offers Mar");
  EXPECT_NE(std::find(offer.begin(), offer.end(), "Ann offers \"Mary Jane\""), offer.end());
  EXPECT_NE(std::find(offer.begin(), offer.end(), "Ann offers \"Marlborough Street\""), offer.end());
  // A stamp first is not a word of the move.
  EXPECT_EQ(of("@19:42 Ann mortgages Mayf"), Lines{"@19:42 Ann mortgages Mayfair"});
  // What was typed before the word completed is kept as typed.
  EXPECT_EQ(of("ann  mortgages  Mayf"), Lines{"ann  mortgages  Mayfair"});
  EXPECT_TRUE(of("Ann rolls 3").empty()) << "no dice are ever made up";
}

using testing::Tmux;

TEST(TableCompletion, TabInATerminalCompletesANameOfSeveralWordsQuoted) {
  if (!Tmux::available()) GTEST_SKIP() << "tmux is not installed here (scripts/setup.sh installs it)";
  const std::filesystem::path db = testing::temp_dir("table-completion") / "g.db";
  ASSERT_EQ(testing::referee(db, "new --ruleset uk-1972 --players 'Ann, Ben'").code, 0);
  const Tmux tmux("table-completion");
  ASSERT_TRUE(tmux.start(120, 40, fmt::format("{} --db {} table", deedlog::testing::referee_program(), testing::quote(db.string()))));
  tmux.wait_for("Now: Ann to throw>");
  tmux.keys("'Ann mortgages Park L' Tab");
  tmux.wait_for("Now: Ann to throw> Ann mortgages \"Park Lane\"");
  tmux.keys("C-u 'Ann mortgages Pa' Tab");
  tmux.wait_for("Now: Ann to throw> Ann mortgages \"Pa");
  const std::string screen = tmux.screen();
  EXPECT_EQ(screen.find("passes"), std::string::npos) << screen;
  tmux.keys("C-u 'quit' Enter");
  for (int i = 0; i < 250 && tmux.running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

}  // namespace
}  // namespace deedlog
