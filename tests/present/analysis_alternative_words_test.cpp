// The words of an analysis's alternative (present/analysis_words.h, alternative_words): made from
// the alternative's kind, never from a note carried on its command. A move is its notation; not
// making the move weighed (no trade, builds nothing) names the player and is not the notation of
// the turn's end that stands for it.
#include <gtest/gtest.h>

#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "present/analysis_words.h"

namespace deedlog {
namespace {

TEST(AnalysisAlternativeWords, EachKindIsWordedByItsType) {
  Ruleset uk;
  ASSERT_TRUE(load_ruleset("uk-1972", &uk).is_ok());
  const std::vector<std::string> players{"Ann", "Ben"};
  const Command end = make_command(Verb::EndTurn, 1);
  const std::string notation = print_move(end, uk, players);
  EXPECT_EQ(alternative_words(AlternativeKind::Move, end, uk, players), notation);
  for (AlternativeKind kind : {AlternativeKind::NoTrade, AlternativeKind::BuildsNothing}) {
    const std::string words = alternative_words(kind, end, uk, players);
    EXPECT_NE(words, notation);
    EXPECT_EQ(words.rfind("Ben", 0), 0u) << words;  // the player who acts, first
  }
  EXPECT_NE(alternative_words(AlternativeKind::NoTrade, end, uk, players),
            alternative_words(AlternativeKind::BuildsNothing, end, uk, players));
  // A note on the command says nothing about the kind: the words are the move's.
  Command noted = end;
  noted.note = "no trade";
  EXPECT_EQ(alternative_words(AlternativeKind::Move, noted, uk, players), print_move(noted, uk, players));
}

}  // namespace
}  // namespace deedlog
