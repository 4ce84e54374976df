// Tests of name matching: what a person types at the table against the names on the board.
// The board's names and aliases are read from the uk-1972 data file.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/build_paths.h"
#include "deedlog/name_match.h"

namespace deedlog {
namespace {

std::vector<NameCandidate> uk_board() {
  std::ifstream in(std::string(deedlog::testing::source_dir()) + "/src/rules/data/uk-1972.json");
  std::stringstream ss;
  ss << in.rdbuf();
  nlohmann::json j = nlohmann::json::parse(ss.str());
  std::vector<NameCandidate> out;
  int id = 0;
  for (const auto& sq : j.at("board")) {
    NameCandidate c;
    c.name = sq.at("name").get<std::string>();
    if (sq.contains("aliases")) c.aliases = sq.at("aliases").get<std::vector<std::string>>();
    c.id = id++;
    out.push_back(c);
  }
  return out;
}

class NameMatchTest : public ::testing::Test {
 protected:
  NameMatch square(const std::string& q) { return match_name(q, board, "square"); }
  int id(const std::string& q) {
    NameMatch m = square(q);
    EXPECT_TRUE(m.found) << q << ": " << m.error;
    return m.id;
  }
  std::vector<NameCandidate> board = uk_board();
};

TEST_F(NameMatchTest, BoardDataHasFortySquares) { ASSERT_EQ(board.size(), 40u); }

TEST_F(NameMatchTest, ExactNameMatchesWhateverTheCase) {
  EXPECT_EQ(id("Mayfair"), 39);
  EXPECT_EQ(id("MAYFAIR"), 39);
  EXPECT_EQ(id("park lane"), 37);
  EXPECT_EQ(square("mayfair").name, "Mayfair");
}

TEST_F(NameMatchTest, QuotesAroundTheQueryAreIgnored) {
  EXPECT_EQ(id("\"Park Lane\""), 37);
  EXPECT_EQ(id("  \"Vine Street\"  "), 19);
}

TEST_F(NameMatchTest, AliasesAreWellKnownShortNames) {
  EXPECT_EQ(id("Angel"), 6);
  EXPECT_EQ(square("Angel").name, "The Angel, Islington");
  EXPECT_EQ(id("the angel"), 6);
  EXPECT_EQ(id("Marylebone"), 15);
  EXPECT_EQ(id("Start"), 0);
}

TEST_F(NameMatchTest, UniquePrefixIsEnough) {
  EXPECT_EQ(id("Park"), 37);
  EXPECT_EQ(id("Whitec"), 3);
  EXPECT_EQ(id("Trafalgar"), 24);
  EXPECT_EQ(id("Fen"), 25);
}

TEST_F(NameMatchTest, ExactMatchWinsOverLongerNamesWithThatPrefix) {
  EXPECT_EQ(id("GO"), 0);     // not "Go to Jail"
  EXPECT_EQ(id("Jail"), 10);  // not "Go to Jail"
}

TEST_F(NameMatchTest, PrefixOfAWordInsideTheNameMatches) {
  EXPECT_EQ(id("Kent"), 1);
  EXPECT_EQ(square("Kent").name, "Old Kent Road");
  EXPECT_EQ(id("Islington"), 6);
  EXPECT_EQ(id("Liv St"), 35);
  EXPECT_EQ(id("kent ro"), 1);
  EXPECT_EQ(id("Old K R"), 1);
}

TEST_F(NameMatchTest, ApostrophesAndPunctuationDoNotMatter) {
  EXPECT_EQ(id("kings cross"), 5);
  EXPECT_EQ(id("Kings Cross Station"), 5);
  EXPECT_EQ(id("King's Cross Station"), 5);
  EXPECT_EQ(id("King\xE2\x80\x99s Cross"), 5);  // the typographic apostrophe
  EXPECT_EQ(id("The Angel Islington"), 6);
  EXPECT_EQ(id("Fenchurch St."), 25);
}

TEST_F(NameMatchTest, SpacesLeftOutStillMatch) {
  EXPECT_EQ(id("Parklane"), 37);
  EXPECT_EQ(id("kingscross"), 5);
  EXPECT_EQ(id("OldKent"), 1);
}

TEST_F(NameMatchTest, AmbiguousQueryListsTheCandidates) {
  NameMatch m = square("Street");
  EXPECT_FALSE(m.found);
  EXPECT_TRUE(m.ambiguous);
  EXPECT_NE(m.error.find("ambiguous square 'Street'"), std::string::npos) << m.error;
  EXPECT_NE(m.error.find("Bow Street"), std::string::npos) << m.error;
  EXPECT_NE(m.error.find("Vine Street"), std::string::npos) << m.error;
  ASSERT_GE(m.suggestions.size(), 9u);
  EXPECT_EQ(m.suggestions[0], "Bow Street");  // board order
  EXPECT_NE(std::find(m.suggestions.begin(), m.suggestions.end(), "Liverpool Street Station"), m.suggestions.end());
}

TEST_F(NameMatchTest, SeveralSquaresOfOneNameAreAmbiguous) {
  NameMatch m = square("Chance");
  EXPECT_FALSE(m.found);
  EXPECT_TRUE(m.ambiguous);
  EXPECT_EQ(m.suggestions.size(), 3u);
}

TEST_F(NameMatchTest, SharedPrefixIsAmbiguous) {
  NameMatch m = square("Mar");
  EXPECT_TRUE(m.ambiguous);
  EXPECT_EQ(m.suggestions, (std::vector<std::string>{"Marylebone Station", "Marlborough Street"}));
}

TEST_F(NameMatchTest, TypoSuggestsTheNearestName) {
  NameMatch m = square("Mayfiar");
  EXPECT_FALSE(m.found);
  EXPECT_FALSE(m.ambiguous);
  EXPECT_EQ(m.error, "unknown square 'Mayfiar': did you mean Mayfair?");
  ASSERT_FALSE(m.suggestions.empty());
  EXPECT_EQ(m.suggestions[0], "Mayfair");
}

TEST_F(NameMatchTest, TypoInTheStartOfANameSuggestsIt) {
  NameMatch m = square("Oxfrd");
  EXPECT_FALSE(m.found);
  ASSERT_FALSE(m.suggestions.empty());
  EXPECT_EQ(m.suggestions[0], "Oxford Street");
  NameMatch k = square("Knet");
  ASSERT_FALSE(k.suggestions.empty());
  EXPECT_EQ(k.suggestions[0], "Old Kent Road");
}

TEST_F(NameMatchTest, AtMostThreeSuggestions) {
  NameMatch m = square("Stret");
  EXPECT_FALSE(m.found);
  EXPECT_LE(m.suggestions.size(), 3u);
}

TEST_F(NameMatchTest, NothingNearGivesAPlainError) {
  NameMatch m = square("Xylophone");
  EXPECT_FALSE(m.found);
  EXPECT_TRUE(m.suggestions.empty());
  EXPECT_EQ(m.error, "unknown square 'Xylophone'");
}

TEST_F(NameMatchTest, EmptyQueryIsAnError) {
  for (std::string q : {"", "   ", "\"\"", "'"}) {
    NameMatch m = square(q);
    EXPECT_FALSE(m.found) << q;
    EXPECT_FALSE(m.error.empty()) << q;
  }
  EXPECT_EQ(square("").error, "expected a square name");
}

TEST(NameMatchPlayers, PrefixOfAPlayerAndTheExactShorterName) {
  std::vector<NameCandidate> players = {{"Ann", {}, 0}, {"Annabel", {}, 1}, {"Ben", {}, 2}};
  EXPECT_EQ(match_name("Ann", players, "player").id, 0);
  EXPECT_EQ(match_name("anna", players, "player").id, 1);
  EXPECT_EQ(match_name("B", players, "player").id, 2);
  NameMatch m = match_name("An", players, "player");
  EXPECT_TRUE(m.ambiguous);
  EXPECT_EQ(m.error, "ambiguous player 'An': could be Ann or Annabel; write more of the name");
}

TEST(NameMatchPlayers, UnknownPlayerSuggestsOrListsThePlayers) {
  std::vector<NameCandidate> players = {{"Ann", {}, 0}, {"Ben", {}, 1}, {"Cat", {}, 2}};
  EXPECT_EQ(match_name("Bne", players, "player").error, "unknown player 'Bne': did you mean Ben?");
  EXPECT_EQ(match_name("Zed", players, "player").error, "unknown player 'Zed' (expected Ann, Ben or Cat)");
}

TEST(NameMatchHostile, HugeAndBinaryQueriesFailWithAShortMessage) {
  std::vector<NameCandidate> board = uk_board();
  NameMatch m = match_name(std::string(200000, 'x'), board, "square");
  EXPECT_FALSE(m.found);
  EXPECT_LT(m.error.size(), 200u);  // the echo is cut
  std::string junk;
  for (int i = 0; i < 256; ++i) junk.push_back(static_cast<char>(i));
  NameMatch j = match_name(junk, board, "square");
  EXPECT_FALSE(j.found);
  EXPECT_EQ(j.error.find('\0'), std::string::npos);
}

TEST(EditDistance, IsLevenshteinIgnoringCase) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3);
  EXPECT_EQ(edit_distance("MAYFAIR", "mayfair"), 0);
  EXPECT_EQ(edit_distance("", "abc"), 3);
  EXPECT_EQ(edit_distance("abc", ""), 3);
  EXPECT_EQ(edit_distance("Mayfiar", "Mayfair"), 2);
  EXPECT_EQ(edit_distance("Rulset", "Ruleset"), 1);
}

}  // namespace
}  // namespace deedlog
