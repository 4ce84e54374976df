#pragma once
// An estate's worth by the short game's reckoning (RULES FOR PLAYING THE SHORT GAME): cash;
// properties at the printed price, mortgaged ones at half; houses at cost; hotels at the cost
// of five houses; less what the player owes. The net worth a club needs at a time limit.
#include <string>
#include <vector>

#include "deedlog/state.h"
#include "rules/ruleset.h"

namespace deedlog {

struct ValuationItem {
  enum class Kind { Cash, Property, MortgagedProperty, Houses, Hotel, Debt } kind;
  SquareId square = kNoSquare;
  int count = 0;
  Money amount;
};

struct EstateValue {
  PlayerId player = 0;
  bool in_game = true;
  std::vector<ValuationItem> items;
  Money total;
};

struct [[nodiscard]] Valuation {
  std::vector<EstateValue> estates;    // seat order
  std::vector<PlayerId> leaders;       // the highest total among players still in (several on a tie)
  bool final = false;                  // the game is over (time called and the move done, or one left)
};

Valuation value_estates(const Ruleset& ruleset, const State& state);

// A player's total worth for a percentage tax (US rules): cash, the printed price of every
// property he owns (mortgaged or not) and what his buildings cost.
Money total_worth(const Ruleset& ruleset, const State& state, PlayerId player);

}  // namespace deedlog
