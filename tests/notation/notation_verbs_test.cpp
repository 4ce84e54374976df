// The verbs declared once (deedlog/verbs.h): every verb's row reads and writes back, the notation's
// verb words come from the list, and the notation is a parser object with no hidden cache.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "support/build_paths.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {

class Verbs : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok()); }
  Ruleset r;
  std::vector<std::string> players{"Ann", "Ben", "Cat"};
};

std::vector<Verb> every_verb() {
  std::vector<Verb> out;
#define DEEDLOG_TEST_VERB(Name, ...) out.push_back(Verb::Name);
  DEEDLOG_VERBS(DEEDLOG_TEST_VERB)
#undef DEEDLOG_TEST_VERB
  return out;
}

TEST_F(Verbs, TheListHoldsEachVerbOnceWithItsValue) {
  const std::vector<Verb> verbs = every_verb();
  EXPECT_EQ(verbs.size(), kVerbCount);
  EXPECT_EQ(kVerbCount, 28u);
  std::set<int> values;
  for (Verb v : verbs) values.insert(static_cast<int>(v));
  EXPECT_EQ(values.size(), kVerbCount);
  EXPECT_EQ(*values.begin(), 0);
  EXPECT_EQ(*values.rbegin(), static_cast<int>(kVerbCount) - 1);
  // The values the verbs always had.
  EXPECT_EQ(static_cast<int>(Verb::Roll), 0);
  EXPECT_EQ(static_cast<int>(Verb::EndTurn), 18);
  EXPECT_EQ(static_cast<int>(Verb::SkipGo), 24);
  EXPECT_EQ(static_cast<int>(Verb::FormConglomerate), 25);
  EXPECT_EQ(static_cast<int>(Verb::TakeBack), 26);
  EXPECT_EQ(static_cast<int>(Verb::Note), 27);
}

TEST_F(Verbs, NamesAndMakersComeFromTheList) {
  EXPECT_EQ(verb_name(Verb::Roll), "rolls");
  EXPECT_EQ(verb_name(Verb::ClaimRent), "claims rent");
  EXPECT_EQ(verb_name(Verb::PayTax), "pays tax");
  EXPECT_EQ(verb_name(Verb::TakeBack), "takes back");
  EXPECT_EQ(verb_maker(Verb::Roll), VerbMaker::Player);
  EXPECT_EQ(verb_maker(Verb::CallTime), VerbMaker::Referee);
  EXPECT_EQ(verb_maker(Verb::Award), VerbMaker::Correction);
  EXPECT_EQ(verb_maker(Verb::TakeBack), VerbMaker::Correction);
}

// The verbs the list reads by their words alone ("declines", "ends turn").
std::vector<Verb> verbs_of_words() {
  std::vector<Verb> out;
#define DEEDLOG_TEST_VERB(Name, code, rule, form, ...) \
  if (std::string(#form) == "words") out.push_back(Verb::Name);
  DEEDLOG_VERBS(DEEDLOG_TEST_VERB)
#undef DEEDLOG_TEST_VERB
  return out;
}

// A verb of words alone is written as its name, and its name reads as it, by the maker the list
// names; a word more is refused.
TEST_F(Verbs, AVerbOfWordsAloneIsItsName) {
  const MoveParser parser(r, players);
  const std::vector<Verb> verbs = verbs_of_words();
  // declines, passes, claims rent, pays fine, accepts, rejects, ends turn, calls time, claims
  // salary, skips go
  EXPECT_EQ(verbs.size(), 10u);
  for (Verb v : verbs) {
    const bool player = verb_maker(v) == VerbMaker::Player;
    const Command c = make_command(v, player ? 0 : kReferee);
    const std::string printed = parser.print(c);
    EXPECT_EQ(printed, (player ? "Ann " : "Referee ") + std::string(verb_name(v)));
    Command back;
    ParseError e;
    ASSERT_TRUE(parser.parse(printed, &back, &e)) << printed << ": " << e.message;
    EXPECT_EQ(back, c) << printed;
    EXPECT_FALSE(parser.parse(printed + " twice", &back, &e)) << printed;
    EXPECT_EQ(e.message, "unexpected 'twice' after '" + std::string(verb_name(v)) + "'");
  }
}

// Each verb's example (what `referee play --help` lists) is a line of that verb, by its maker,
// read in the edition its squares are from; every verb has one, and what it is beside it.
TEST_F(Verbs, EachVerbsExampleReadsAsThatVerb) {
  Ruleset regional;
  ASSERT_TRUE(load_ruleset("regional-currency", &regional).is_ok());
  const MoveParser uk(r, players);
  const MoveParser us(regional, players);
  EXPECT_EQ(kVerbsListed.size(), kVerbCount);
  std::set<Verb> listed;
  for (const Verb v : kVerbsListed) {
    listed.insert(v);
    const VerbWords words = verb_words(v);
    ASSERT_FALSE(words.example.empty()) << verb_name(v);
    EXPECT_FALSE(words.says.empty()) << verb_name(v);
    Command c;
    ParseError e;
    const MoveParser& parser = v == Verb::FormConglomerate ? us : uk;
    ASSERT_TRUE(parser.parse(std::string(words.example), &c, &e)) << words.example << ": " << e.message;
    EXPECT_EQ(c.verb, v) << words.example;
    EXPECT_EQ(c.actor == kReferee, words.maker != VerbMaker::Player) << words.example;
  }
  EXPECT_EQ(listed.size(), kVerbCount);
}

// Verbs that share their verb word are told apart by the word after it; neither read, the line
// names every form of the word.
TEST_F(Verbs, ASharedVerbWordNamesEveryForm) {
  const MoveParser parser(r, players);
  Command c;
  ParseError e;
  ASSERT_TRUE(parser.parse("Ann claims salary", &c, &e)) << e.message;
  EXPECT_EQ(c.verb, Verb::ClaimSalary);
  ASSERT_TRUE(parser.parse("Ann pays tax flat", &c, &e)) << e.message;
  EXPECT_EQ(c.verb, Verb::PayTax);
  EXPECT_FALSE(parser.parse("Ann claims cash", &c, &e));
  EXPECT_EQ(e.message, "expected 'claims rent' or 'claims salary'");
  EXPECT_FALSE(parser.parse("Ann pays 50", &c, &e));
  EXPECT_EQ(e.message, "expected 'pays fine', 'pays tax flat' or 'pays tax 10%'");
  EXPECT_FALSE(parser.parse("Ann ends go", &c, &e));
  EXPECT_EQ(e.message, "expected 'ends turn'");
  EXPECT_FALSE(parser.parse("Ann ends turn now", &c, &e));
  EXPECT_EQ(e.message, "unexpected 'now' after 'ends turn'");
}

TEST_F(Verbs, WhoMakesAVerbComesFromTheList) {
  const MoveParser parser(r, players);
  Command c;
  ParseError e;
  EXPECT_FALSE(parser.parse("Ann takes back", &c, &e));
  EXPECT_EQ(e.message, "only the Referee takes moves back, not Ann");
  EXPECT_FALSE(parser.parse("Referee ends turn", &c, &e));
  EXPECT_EQ(e.message,
            "the Referee only calls time, deals title deeds, calls a building auction, awards, takes moves "
            "back and notes a ruling; 'ends' is a player's move");
}

// The parser object reads as the free functions do, keeps reading after it is moved, and two
// parsers of different games do not mix their names (the cache it replaces was keyed by content).
TEST_F(Verbs, AParserObjectOwnsItsNames) {
  MoveParser first(r, players);
  MoveParser other(r, std::vector<std::string>{"Dan", "Eve"});
  Command a, b;
  ParseError e;
  ASSERT_TRUE(first.parse("Cat builds 2 houses on Mayfair", &a, &e)) << e.message;
  ASSERT_TRUE(parse_move("Cat builds 2 houses on Mayfair", r, players, &b, &e)) << e.message;
  EXPECT_EQ(a, b);
  EXPECT_FALSE(other.parse("Cat rolls 3 4", &a, &e));
  ASSERT_TRUE(other.parse("Eve rolls 3 4", &a, &e)) << e.message;
  EXPECT_EQ(a.actor, 1);
  MoveParser moved(std::move(first));
  ASSERT_TRUE(moved.parse("Ben mortgages Mayfair", &a, &e)) << e.message;
  EXPECT_EQ(a.actor, 1);
  EXPECT_EQ(moved.print(a), print_move(a, r, players));
  std::vector<Command> several;
  ASSERT_TRUE(moved.parse_all("Ben mortgages Mayfair and \"Park Lane\"", &several, &e)) << e.message;
  EXPECT_EQ(several.size(), 2u);
}

// One parser read by several threads at once gives each the same commands.
TEST_F(Verbs, OneParserServesSeveralThreads) {
  const MoveParser parser(r, players);
  std::vector<std::thread> pool;
  std::vector<int> good(4, 0);
  for (int t = 0; t < 4; ++t)
    pool.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        Command c;
        ParseError e;
        if (parser.parse("Ann unmortgages The Angel, Islington", &c, &e) && c.square != kNoSquare) ++good[t];
      }
    });
  for (auto& th : pool) th.join();
  for (int g : good) EXPECT_EQ(g, 200);
}

// No hidden state is left in the notation: every table a line is read by belongs to a parser.
TEST(NotationSource, KeepsNoThreadLocalCache) {
  const std::filesystem::path dir = std::filesystem::path(deedlog::testing::source_dir()) / "src" / "notation";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str().find("thread_local"), std::string::npos) << entry.path();
    ++files;
  }
  EXPECT_GT(files, 0);
}

}  // namespace
}  // namespace deedlog
