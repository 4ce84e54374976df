// The choices a move answers (deedlog/verbs.h, verb_choices), by which the analysis groups a
// decision's alternatives: every player's verb that answers a choice is weighed there
// (weighs_answer), save the one named below, and only a player's moves answer choices.
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>

#include "analysis/analysis.h"
#include "deedlog/command.h"

namespace deedlog {
namespace {

// The answers the analysis leaves unweighed, each for its reason (docs/analysis.md, "Skill").
constexpr std::pair<Choice, Verb> kNotWeighed[] = {
    {Choice::JailExit, Verb::SkipGo},  // sitting out a go in jail (the computer edition)
};

bool not_weighed(Choice c, Verb v) {
  return std::find(std::begin(kNotWeighed), std::end(kNotWeighed), std::pair{c, v}) != std::end(kNotWeighed);
}

TEST(AnalysisChoices, EveryVerbsChoiceIsWeighedThere) {
  for (Verb v : kVerbsListed)
    for (unsigned b = 0; b < 8 * sizeof(ChoiceSet); ++b) {
      if (!(verb_choices(v) & (1u << b))) continue;
      const auto c = static_cast<Choice>(b);
      EXPECT_NE(weighs_answer(c, v), not_weighed(c, v)) << verb_name(v) << " answering choice " << b;
    }
}

TEST(AnalysisChoices, OnlyAPlayersMoveAnswersAChoice) {
  for (Verb v : kVerbsListed) {
    if (verb_maker(v) != VerbMaker::Player) {
      EXPECT_EQ(verb_choices(v), 0) << verb_name(v);
    }
  }
}

// Each verb's choices, as the analysis groups a decision's alternatives (docs/analysis.md, "Skill").
TEST(AnalysisChoices, EachVerbAnswersItsChoices) {
  const std::pair<Verb, ChoiceSet> answers[] = {
      {Verb::Buy, choice_set({Choice::Purchase})},
      {Verb::Decline, choice_set({Choice::Purchase})},
      {Verb::Bid, choice_set({Choice::Auction})},
      {Verb::Pass, choice_set({Choice::Auction})},
      {Verb::Draw, choice_set({Choice::FineOrCard})},
      {Verb::PayFine, choice_set({Choice::FineOrCard, Choice::JailExit})},
      {Verb::UseCard, choice_set({Choice::JailExit})},
      {Verb::Roll, choice_set({Choice::JailExit})},
      {Verb::SkipGo, choice_set({Choice::JailExit})},
      {Verb::Build, choice_set({Choice::Holdings})},
      {Verb::Sell, choice_set({Choice::Holdings})},
      {Verb::Mortgage, choice_set({Choice::Holdings})},
      {Verb::Unmortgage, choice_set({Choice::Holdings})},
      {Verb::Offer, choice_set({Choice::TradeOffer})},
      {Verb::Accept, choice_set({Choice::TradeAnswer})},
      {Verb::Reject, choice_set({Choice::TradeAnswer})},
      {Verb::PayTax, choice_set({Choice::IncomeTax})},
  };
  for (Verb v : kVerbsListed) {
    ChoiceSet expected = 0;  // a rent claimed, a turn ended, a bankruptcy, a conglomerate: no choice
    for (const auto& [verb, set] : answers)
      if (verb == v) expected = set;
    EXPECT_EQ(verb_choices(v), expected) << verb_name(v);
  }
}

}  // namespace
}  // namespace deedlog
