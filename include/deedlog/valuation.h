#pragma once
// An estate's worth by the short game's reckoning (RULES FOR PLAYING THE SHORT GAME): cash;
// properties at the printed price, mortgaged ones at half; houses at cost; hotels at the cost
// of five houses; less what the player owes. The net worth a club needs at a time limit.
#include <cstdint>
#include <string>
#include <vector>

#include "deedlog/ruleset.h"
#include "deedlog/state.h"

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

// What a game whose time is called still waits on before it is over (rule short-game/time-called:
// the player in actual play completes his move and every transaction in connection with it).
enum class TimeCalledWait : std::uint8_t {
  Nothing,  // time is not called, or it is and the game is over
  Round,    // --variant finish-round: the round is not complete (not every player has had as many turns)
  Move,     // a decision of the move is open: buy or decline, an auction, a card, a tax choice, ...
  Debt,     // a player owes money: he pays it (raising cash) or declares bankruptcy
  Rent,     // rent may still be asked for (until the mover's `ends turn` closes the move)
};

struct [[nodiscard]] Valuation {
  std::vector<EstateValue> estates;    // seat order
  std::vector<PlayerId> leaders;       // the highest total among players still in (several on a tie)
  bool final = false;                  // the game is over (time called and the move done, or one left)
  // Time is called but the game is not over yet: the figures may still change, and nobody has won.
  bool provisional = false;
  TimeCalledWait waits = TimeCalledWait::Nothing;  // why, when provisional
};

// Why a game whose time is called is not over yet (Nothing once it is, or when time is not called).
TimeCalledWait time_called_waits_on(const Ruleset& ruleset, const State& state);

// The game is over: the last player is left, or time is called and nothing waits any more.
bool game_is_over(const Ruleset& ruleset, const State& state);

Valuation value_estates(const Ruleset& ruleset, const State& state);

// A player's total worth for a percentage tax (US rules): cash, the printed price of every
// property he owns (mortgaged or not) and what his buildings cost.
Money total_worth(const Ruleset& ruleset, const State& state, PlayerId player);

}  // namespace deedlog
