#pragma once
// What rent a landing on an owned property costs, and which rule made it that much.
#include "deedlog/rule_book.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

struct RentQuote {
  Money amount;
  RuleRef rule = rule::kRentStreet;  // the rule that set the figure (for rulings and explain)
};

// dice_total: the throw that brought the token there (utilities).
RentQuote quote_rent(const Ruleset& ruleset, const State& state, SquareId square, int dice_total);

// Properties of the square's group that this owner holds, and how many of those are mortgaged.
struct GroupHolding {
  int members = 0;
  int owned = 0;
  int owned_mortgaged = 0;
  bool complete() const { return owned == members; }
};
GroupHolding group_holding(const Ruleset& ruleset, const State& state, int group, PlayerId owner);

}  // namespace deedlog
