// The words and the form a program is given for what of a legal move may vary
// (present/legal_move_words): the engine gives the range as a value (MoveRange,
// tests/engine/engine_legal_move_ranges_test.cpp), this layer words it.
#include <gtest/gtest.h>

#include "deedlog/legal_moves.h"
#include "present/legal_move_words.h"

namespace deedlog {
namespace {

TEST(MoveRanges, WordsAndFormsForEachKind) {
  EXPECT_EQ(range_words(MoveRange{}), "");
  EXPECT_EQ(range_words(MoveRange{MoveRange::Kind::Amount, 61, 1500}), "any amount from 61 to 1500");
  EXPECT_EQ(range_words(MoveRange{MoveRange::Kind::Dice, 1, 6}), "the dice as thrown, 1 to 6 each");
  LegalMove bid;
  bid.command.verb = Verb::Bid;
  bid.range = MoveRange{MoveRange::Kind::Amount, 61, 1500};
  const auto form = range_form(bid);
  EXPECT_EQ(form["verb"], "bids");
  EXPECT_EQ(form["min"], 61);
  EXPECT_EQ(form["max"], 1500);
  LegalMove roll;
  roll.range = MoveRange{MoveRange::Kind::Dice, 1, 6};
  EXPECT_EQ(range_form(roll)["choices"].size(), 6u);
  EXPECT_TRUE(range_form(LegalMove{}).is_null());
}

}  // namespace
}  // namespace deedlog
