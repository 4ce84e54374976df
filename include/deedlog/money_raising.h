#pragma once
// What a player could still raise to pay a debt (BANKRUPTCY: "owes more than he can pay"):
// every building sold back to the Bank at half price, then every property mortgaged.
#include <string>
#include <vector>

#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

struct RaisingStep {
  enum class Kind { SellBuildings, Mortgage } kind;
  SquareId square = kNoSquare;
  int buildings = 0;   // SellBuildings: how many (a hotel counts as one hotel, see hotel)
  bool hotel = false;
  Money amount;
};

struct RaisingPlan {
  Money cash;
  std::vector<RaisingStep> steps;
  Money total;         // cash plus every step
};

RaisingPlan money_raisable(const Ruleset& ruleset, const State& state, PlayerId player);

// The half-price value of the buildings on a site when sold back to the Bank, in its owner's
// currency.
Money buildings_sale_value(const Ruleset& ruleset, const State& state, SquareId square, int buildings);

}  // namespace deedlog
