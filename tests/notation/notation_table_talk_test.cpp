// Moves as people say them at the table (docs/notation.md, "Moves as people say them"): the
// other words for a verb, a named purchase, several properties in one line, thousands
// separators, and the hint for a move that belongs to someone else.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "deedlog/game_file.h"
#include "deedlog/game_reader.h"
#include "deedlog/ruleset_catalog.h"
#include "rules/card_lookup.h"

namespace deedlog {
namespace {

constexpr SquareId kAngel = 6;
constexpr SquareId kEuston = 8;
constexpr SquareId kPentonville = 9;
constexpr SquareId kKingsCross = 5;
constexpr SquareId kParkLane = 37;
constexpr SquareId kMayfair = 39;

class TableTalk : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok()); }
  Command one(const std::string& line) {
    Command c;
    ParseError e;
    EXPECT_TRUE(parse_move(line, r, players, &c, &e)) << line << " -> " << e.message;
    return c;
  }
  std::vector<Command> several(const std::string& line) {
    std::vector<Command> out;
    ParseError e;
    EXPECT_TRUE(parse_moves(line, r, players, &out, &e)) << line << " -> " << e.message;
    return out;
  }
  bool refused(const std::string& line, std::string* message = nullptr) {
    std::vector<Command> out;
    ParseError e;
    const bool ok = parse_moves(line, r, players, &out, &e);
    if (message) *message = e.message;
    return !ok;
  }
  Ruleset r;
  std::vector<std::string> players{"Ann", "Ben", "Cat"};
};

TEST_F(TableTalk, ThrowsIsRolls) {
  const Command c = one("Ann throws 3 4");
  EXPECT_EQ(c.verb, Verb::Roll);
  EXPECT_EQ(c.die1, 3);
  EXPECT_EQ(c.die2, 4);
  EXPECT_EQ(one("Ann throw 1 2").verb, Verb::Roll);
  EXPECT_EQ(print_move(c, r, players), "Ann rolls 3 4");
}

TEST_F(TableTalk, BuysMayNameTheSquare) {
  const Command c = one("Ann buys \"King's Cross Station\"");
  EXPECT_EQ(c.verb, Verb::Buy);
  EXPECT_EQ(c.square, kKingsCross);
  EXPECT_EQ(print_move(c, r, players), "Ann buys \"King's Cross Station\"");
  EXPECT_EQ(one(print_move(c, r, players)), c);
  EXPECT_EQ(one("Ann buys").square, kNoSquare);
}

TEST_F(TableTalk, UsesACard) {
  for (const char* line : {"Ann uses card", "Ann uses a card", "Ann uses the card", "Ann uses her card"})
    EXPECT_EQ(one(line).verb, Verb::UseCard) << line;
  EXPECT_TRUE(refused("Ann uses a house"));
}

// rules houses/build-evenly, sell/evenly: a line that builds or sells on several sites is one move
// (the sites after the first in more_sites), ruled whole; it prints back as one line.
TEST_F(TableTalk, BuildingOnSeveralSitesIsOneMove) {
  const auto moves = several("Ann builds houses on Angel, Euston, Pentonville");
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].verb, Verb::Build);
  EXPECT_EQ(moves[0].square, kAngel);
  EXPECT_EQ(moves[0].more_sites, (std::vector<SquareId>{kEuston, kPentonville}));
  EXPECT_EQ(moves[0].count, 1);
  EXPECT_FALSE(moves[0].hotel);
  const auto two_each = several("Ann sells 2 houses on Angel and Euston");
  ASSERT_EQ(two_each.size(), 1u);
  EXPECT_EQ(two_each[0].verb, Verb::Sell);
  EXPECT_EQ(two_each[0].count, 2);
  EXPECT_EQ(two_each[0].more_sites, std::vector<SquareId>{kEuston});
  EXPECT_EQ(one(print_move(two_each[0], r, players)), two_each[0]);
  // One site still needs its count written; parse_move takes the line, as one move.
  EXPECT_TRUE(refused("Ann builds houses on Angel"));
  Command c;
  ParseError e;
  EXPECT_TRUE(parse_move("Ann builds houses on Angel, Euston", r, players, &c, &e));
  EXPECT_EQ(c.more_sites, std::vector<SquareId>{kEuston});
}

TEST_F(TableTalk, MortgagingAList) {
  const auto moves = several("Ann mortgages \"Park Lane\" and Mayfair");
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0].verb, Verb::Mortgage);
  EXPECT_EQ(moves[0].square, kParkLane);
  EXPECT_EQ(moves[1].square, kMayfair);
  const auto three = several("Ann unmortgages Angel, Euston, and Pentonville");
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three[2].square, kPentonville);
  // A name with a comma still reads as one square.
  const auto angel = several("Ann mortgages The Angel, Islington");
  ASSERT_EQ(angel.size(), 1u);
  EXPECT_EQ(angel[0].square, kAngel);
  EXPECT_TRUE(refused("Ann mortgages Mayfair and Mayfair"));
}

TEST_F(TableTalk, AmountsWithThousandsSeparators) {
  EXPECT_EQ(one("Ann bids £1,000").amount.units, 1000);
  EXPECT_EQ(one("Ann bids 12,500").amount.units, 12500);
  EXPECT_EQ(one("Ann bids $1,000,000").amount.units, 1000000);
  EXPECT_TRUE(refused("Ann bids 1,00"));
  EXPECT_TRUE(refused("Ann bids 1000,000"));
  const Command offer = one("Ann offers Ben: Mayfair, £1,500 for \"Park Lane\"");
  EXPECT_EQ(offer.give.cash.units, 1500);
  ASSERT_EQ(offer.give.properties.size(), 1u);
  EXPECT_TRUE(refused("Ann offers Ben: 100, 200 for Mayfair"));  // two amounts, not one
}

TEST_F(TableTalk, DeclinesParsesAsDecline) {
  // The engine reads it as the answer to an open offer (engine test); the notation keeps the word.
  EXPECT_EQ(one("Ben declines").verb, Verb::Decline);
}

TEST_F(TableTalk, PaysRentHintsThatTheOwnerClaims) {
  std::string message;
  EXPECT_TRUE(refused("Ann pays rent", &message));
  EXPECT_NE(message.find("claims rent"), std::string::npos) << message;
}

TEST_F(TableTalk, GameFileKeepsAListLineWholeWithItsComment) {
  GameFile g;
  ParseError e;
  ASSERT_TRUE(parse_game("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n"
                         "Ann builds houses on Angel, Euston  # both at once\nAnn mortgages Angel, Euston\n"
                         "Ann rolls 3 4\n",
                         r, &g, &e))
      << e.message;
  // A build over several sites is one move; a mortgage list is one move a site.
  ASSERT_EQ(g.moves.size(), 4u);
  EXPECT_EQ(g.moves[0].line, 4);
  EXPECT_EQ(g.moves[0].command.more_sites, std::vector<SquareId>{kEuston});
  EXPECT_EQ(g.moves[0].comment, "both at once");
  EXPECT_EQ(g.moves[1].line, 5);
  EXPECT_EQ(g.moves[2].line, 5);
  EXPECT_EQ(g.moves[2].command.square, kEuston);
  EXPECT_EQ(g.moves[2].comment, "");
  EXPECT_EQ(g.moves[3].line, 6);
}

// Cards by their printed words: the words in any order, numbers as digits or words.
TEST_F(TableTalk, CardsByPrintedWords) {
  const struct {
    const char* query;
    DeckId deck;
    const char* text;
  } cases[] = {
      {"It is your birthday", DeckId::CommunityChest, "Birthday: collect £10 from each player"},
      {"Pay hospital £100", DeckId::CommunityChest, "Hospital bill: pay £100"},
      {"go back 3 spaces", DeckId::Chance, "Go back three spaces"},
      {"Speeding fine £15", DeckId::Chance, "Speeding fine: pay £15"},
      {"You inherit £100", DeckId::CommunityChest, "Inheritance: collect £100"},
      {"Receive interest on 7% preference shares £25", DeckId::CommunityChest,
       "Interest on preference shares: collect £25"},
      {"Advance to Pall Mall. If you pass Go collect £200", DeckId::Chance, "Advance to Pall Mall"},
      {"Get out of Jail free. This card may be kept until needed or sold", DeckId::Chance,
       "Get Out of Jail Free (Chance)"},
  };
  for (const auto& c : cases) {
    const CardLookup l = find_card(c.query, r, c.deck);
    ASSERT_TRUE(l.found) << c.query << ": " << l.error;
    EXPECT_EQ(r.decks[static_cast<int>(c.deck)].cards[static_cast<std::size_t>(l.card)].text, c.text) << c.query;
  }
  // A sum that differs rules a card out, and a miss always names the nearest cards.
  EXPECT_FALSE(find_card("Speeding fine £25", r, DeckId::Chance).found);
  const CardLookup miss = find_card_in_any_pack("lottery win", r);
  EXPECT_FALSE(miss.found);
  EXPECT_NE(miss.error.find("did you mean"), std::string::npos) << miss.error;
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// The games of a text, as GameReader gives them.
std::vector<GameText> games_of(const std::string& text) {
  std::istringstream in(text);
  GameReader reader(in);
  std::vector<GameText> games;
  GameText g;
  while (reader.next(&g)) games.push_back(g);
  return games;
}

TEST(SeveralGames, SplitAtEachGamesTagsKeepingLineNumbers) {
  const std::string two = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\nAnn rolls 3 4\n\n"
                          "# the second game\n[Ruleset \"uk-1972\"]\n[Players \"Cat, Dan\"]\nCat rolls 1 2\n";
  const auto games = games_of(two);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text.find("Cat"), std::string::npos);
  EXPECT_EQ(games[0].first_line, 1);
  // The second game's first tag is the file's line 7, and its errors and moves say so.
  EXPECT_EQ(games[1].text.rfind("[Ruleset", 0), 0u) << games[1].text;
  EXPECT_EQ(games[1].first_line, 7);
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  GameFile file;
  ParseError e;
  ASSERT_TRUE(parse_game(games[1].text, r, &file, &e, nullptr, games[1].first_line)) << e.message;
  ASSERT_EQ(file.moves.size(), 1u);
  EXPECT_EQ(file.moves[0].line, 9);
  const std::string bad = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\nAnn rolls 3 4\n"
                          "[Ruleset \"uk-1972\"]\n[Players \"Cat, Cat\"]\nCat rolls 1 2\n";
  const auto twins = games_of(bad);
  ASSERT_EQ(twins.size(), 2u);
  GameHeader h;
  EXPECT_FALSE(parse_header(twins[1].text, &h, &e, twins[1].first_line));
  EXPECT_EQ(e.line, 5);
  // A stray tag among the moves starts no game: it stays an error of the one game.
  const std::string stray = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\nAnn rolls 3 4\n[Title \"late\"]\n";
  ASSERT_EQ(games_of(stray).size(), 1u);
  EXPECT_EQ(games_of(stray)[0].text, stray);
  // An empty file is one game, of nothing (the parser says what it lacks).
  ASSERT_EQ(games_of("").size(), 1u);
  EXPECT_EQ(games_of("")[0].text, "");
}

// A file of many games is read one game at a time: when a game is given, the reader has read
// no further into the stream than that game and the next one's first lines, and each game's text
// is that game alone. (split_games, before, gave every game of the file at once, each padded
// with a blank line for every line above it: an import of 10,000 games held 455 MB.)
TEST(SeveralGames, AFileOfManyGamesIsReadOneGameAtATime) {
  const std::string one = "# table {}\n[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Event \"night {}\"]\n\n"
                          "Ann rolls 3 4  # Chance\nAnn draws \"Go to Jail\"\n";
  constexpr int kGames = 2000;
  std::string file;
  for (int i = 0; i < kGames; ++i) file += fmt::format(fmt::runtime(one), i, i);
  const std::size_t game_bytes = file.size() / kGames + 8;
  // A stream that counts what is taken from it.
  struct CountingBuffer : std::stringbuf {
    explicit CountingBuffer(const std::string& s) : std::stringbuf(s) {}
    std::size_t taken() { return static_cast<std::size_t>(gptr() - eback()); }
  } buffer(file);
  std::istream in(&buffer);
  GameReader reader(in);
  GameText g;
  int given = 0;
  std::size_t largest = 0;
  while (reader.next(&g)) {
    ++given;
    largest = std::max(largest, g.text.size());
    EXPECT_EQ(g.first_line, given == 1 ? 1 : 7 * (given - 1) + 2) << "game " << given;
    EXPECT_LE(buffer.taken(), static_cast<std::size_t>(given + 1) * game_bytes) << "game " << given << ": read ahead";
  }
  EXPECT_EQ(given, kGames);
  EXPECT_LE(largest, game_bytes);
}

}  // namespace
}  // namespace deedlog
