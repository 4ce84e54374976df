// A command naming a square off the board is refused, never looked up: decide once indexed the
// board by a command's square unchecked (an unmortgage of square 145 read past the holdings;
// found by fuzz/fuzz_decide.cpp). The notation names only squares the board has; a program
// calling decide may name any number.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::Table;

TEST(CommandBounds, ASquareOffTheBoardIsRefusedForEveryVerbThatNamesOne) {
  Table t;
  for (Verb v : {Verb::Mortgage, Verb::Unmortgage, Verb::Build, Verb::Sell}) {
    for (int square : {40, 63, 145, 254, 255}) {  // 255 (no square) too: each of these names one
      Command c = Table::cmd(v, 0);
      c.square = static_cast<SquareId>(square);
      const auto refused = t.refuse(c);
      EXPECT_EQ(refused.code, RefusalCode::SquareNotOnBoard) << static_cast<int>(v) << " " << square << ": " << refused.message;
    }
  }
  Command buy = Table::cmd(Verb::Buy, 0);
  buy.square = 145;
  EXPECT_EQ(t.refuse(buy).code, RefusalCode::SquareNotOnBoard);
  Command offer = Table::cmd(Verb::Offer, 0);
  offer.counterparty = 1;
  offer.give.properties = {200};
  EXPECT_EQ(t.refuse(offer).code, RefusalCode::SquareNotOnBoard);
}

}  // namespace
}  // namespace deedlog
