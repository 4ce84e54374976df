// Stray text after a complete move is refused, never dropped (docs/notation.md, section 5,
// "Marks and stray text"): a mark as annotators write it (`??`, `?!`, `!`) stands in a comment,
// after `#`, where import keeps it. Before, a name or a card's words swallowed it: "Ann mortgages
// Whitechapel ??" read as the mortgage of Whitechapel Road and the mark was lost.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/build_paths.h"
#include "deedlog/game_file.h"
#include "deedlog/game_reader.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {

class StrayText : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok()); }
  // The message of a refused line; "" when the line parses.
  std::string refusal(const std::string& line) {
    std::vector<Command> out;
    ParseError e;
    return parse_moves(line, r, players, &out, &e) ? "" : e.message;
  }
  Command one(const std::string& line) {
    Command c;
    ParseError e;
    EXPECT_TRUE(parse_move(line, r, players, &c, &e)) << line << " -> " << e.message;
    return c;
  }
  Ruleset r;
  std::vector<std::string> players{"Ann", "Ben"};
};

// Each case names the stray text and its column, and the move it follows.
TEST_F(StrayText, MarkAfterAThrowIsRefused) {
  const std::string m = refusal("Ann rolls 3 4 ?\?");
  EXPECT_NE(m.find("stray text '?\?' at column 15"), std::string::npos) << m;
  EXPECT_NE(m.find("'Ann rolls 3 4'"), std::string::npos) << m;
}

TEST_F(StrayText, MarkAfterABareVerbIsRefused) {
  EXPECT_NE(refusal("Ann buys ?!").find("stray text '?!' at column 10"), std::string::npos);
  EXPECT_NE(refusal("Ben passes !").find("stray text '!' at column 12"), std::string::npos);
  EXPECT_NE(refusal("Ann ends turn ?\?").find("stray text '?\?'"), std::string::npos);
}

// The name matcher ignores punctuation, so these parsed whole and lost the mark.
TEST_F(StrayText, MarkAfterANameIsRefused) {
  EXPECT_NE(refusal("Ann mortgages Whitechapel ?\?").find("stray text '?\?' at column 27"), std::string::npos);
  EXPECT_NE(refusal("Ann mortgages Whitechapel?\?").find("stray text '?\?' at column 26"), std::string::npos);
  EXPECT_NE(refusal("Ann buys Mayfair !").find("stray text '!'"), std::string::npos);
  EXPECT_NE(refusal("Ann builds house on Mayfair ?").find("stray text '?'"), std::string::npos);
  EXPECT_NE(refusal("Ann offers Ben: Mayfair for 50 ?\?").find("stray text '?\?'"), std::string::npos);
}

// A card's words are matched loosely; a mark among them was kept as part of the card's text.
TEST_F(StrayText, MarkAfterACardIsRefused) {
  EXPECT_NE(refusal("Ann draws Advance to Mayfair ?\?").find("stray text '?\?' at column 30"), std::string::npos);
  EXPECT_NE(refusal("Ann draws chance:3 !?").find("stray text '!?'"), std::string::npos);
}

TEST_F(StrayText, MarkAfterATimeStampedMoveIsRefused) {
  EXPECT_NE(refusal("@19:42 Ann rolls 3 4 ?!").find("stray text '?!' at column 22"), std::string::npos);
}

TEST_F(StrayText, MarkBeforeTheVerbIsRefused) {
  EXPECT_NE(refusal("Ann ?\? rolls 3 4").find("stray text '?\?' at column 5"), std::string::npos);
}

// Other words left over were refused already, by each verb's own parse.
TEST_F(StrayText, WordsLeftOverAreRefused) {
  EXPECT_NE(refusal("Ann declines at once").find("unexpected 'at once' after 'declines'"), std::string::npos);
  EXPECT_FALSE(refusal("Ann rolls 3 4 5").empty());
}

// Inside quotes a `?` or `!` is the text's own; an award's reason is free text.
TEST_F(StrayText, QuotedTextAndReasonsMayHoldMarks) {
  EXPECT_EQ(one(R"(Ann draws "Advance to Mayfair!")").card_query, "Advance to Mayfair!");
  EXPECT_EQ(one("Referee awards Ann 50 for asked in time!").note, "asked in time!");
  EXPECT_EQ(one("Referee takes back 1 for \"why?\?\"").note, "why?\?");
}

// A player whose name ends in a mark is named, not refused.
TEST(StrayTextNames, AWordOfAPlayersNameIsNoMark) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  const std::vector<std::string> players{"Yes!", "Ben"};
  Command c;
  ParseError e;
  EXPECT_TRUE(parse_move("Yes! rolls 3 4", r, players, &c, &e)) << e.message;
  EXPECT_EQ(c.actor, 0);
}

// Marks in comments stay accepted, and the comment (mark and all) is kept on the move.
TEST_F(StrayText, MarksInCommentsAreKept) {
  const std::string text =
      "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n"
      "Ann rolls 3 4  # ?\? to Chance\n"
      "Ann draws \"Advance to Mayfair\" # !\n"
      "Ann declines #?!\n";
  GameFile g;
  ParseError e;
  ASSERT_TRUE(parse_game(text, r, &g, &e)) << e.line << ": " << e.message;
  ASSERT_EQ(g.moves.size(), 3U);
  EXPECT_EQ(g.moves[0].comment, "?\? to Chance");
  EXPECT_EQ(g.moves[0].command.die2, 4);
  EXPECT_EQ(g.moves[1].comment, "!");
  EXPECT_EQ(g.moves[1].command.card_query, "Advance to Mayfair");
  EXPECT_EQ(g.moves[2].comment, "?!");
}

// In a file the refusal names the line.
TEST_F(StrayText, AFileWithAStrayMarkIsRefusedAtItsLine) {
  const std::string text = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\nAnn rolls 3 4\nAnn declines ?\n";
  GameFile g;
  ParseError e;
  EXPECT_FALSE(parse_game(text, r, &g, &e));
  EXPECT_EQ(e.line, 5);
  EXPECT_NE(e.message.find("stray text '?'"), std::string::npos) << e.message;
}

// The column counts from the start of the file's line, its indent included.
TEST_F(StrayText, TheColumnCountsTheIndent) {
  const std::string text = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n    Ann rolls 3 4 ?!\n";
  GameFile g;
  ParseError e;
  EXPECT_FALSE(parse_game(text, r, &g, &e));
  EXPECT_NE(e.message.find("stray text '?!' at column 19"), std::string::npos) << e.message;
}

// Every sample and corpus game, and every game the tests keep, still parses.
TEST(StrayTextCorpus, EveryKeptGameStillParses) {
  int files = 0;
  for (const char* folder : {"samples", "tests/data"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(deedlog::testing::source_dir()) / folder)) {
      if (entry.path().extension() != ".game") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      GameReader games(in);
      GameText game;
      while (games.next(&game)) {
        GameHeader header;
        ParseError e;
        if (!parse_header(game.text, &header, &e)) continue;  // the files that test bad headers
        Ruleset r;
        if (!load_ruleset(header.ruleset, &r).is_ok()) continue;
        GameFile g;
        std::vector<ParseError> bad;
        if (!parse_game_skipping(game.text, r, &g, &e, &bad)) continue;
        for (const ParseError& b : bad)
          EXPECT_EQ(b.message.find("stray text"), std::string::npos) << entry.path() << ":" << b.line << ": " << b.message;
      }
      ++files;
    }
  }
  EXPECT_GT(files, 60);
}

}  // namespace
}  // namespace deedlog
