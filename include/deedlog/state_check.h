#pragma once
// Is this a position the edition can hold? Asked of a position that did not come from folding
// events here and now (a snapshot read back from the journal), before anything reads it: every
// index in range for this board, these packs and these players, every flag and phase one the
// engine can set, then the invariants every position keeps (engine/invariants.h).
#include <string>

#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// The largest sum of money an event or a position may carry: 10^17 units, a hundred times what
// eight players starting with kMaxStartingCash hold together, and still 90 times below the
// int64 limit, so adding a few such sums cannot overflow.
inline constexpr std::int64_t kMaxMoneyUnits = 100'000'000'000'000'000;

// The most a player may start with (a setup's cash, a simulation's --cash): eight players'
// money stays far below kMaxMoneyUnits, so no sum of play can reach it.
inline constexpr std::int64_t kMaxStartingCash = 1'000'000'000'000'000;

// "" when the position is sound for this edition and number of players; otherwise the first
// thing wrong, in words.
std::string check_state(const Ruleset& ruleset, int player_count, const State& state);

// check_state, and the phase agreeing with what it waits on (the square to buy, the lot at
// auction, the player placing a building): true of every position between two moves, the
// position the rules decide on. The last position of a journal is one.
std::string check_between_moves(const Ruleset& ruleset, int player_count, const State& state);

}  // namespace deedlog
