#pragma once
// What must hold of every position, whatever the moves: the check run after every event in
// the tests (and in debug builds), after Stockfish's pos_is_ok().
#include <string>

#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// "" when the position is sound; otherwise what is wrong, in words. Between the events of one
// move a group may be uneven for a moment (houses sold one by one); even building is checked
// only when move_complete.
std::string check_invariants(const Ruleset& ruleset, const State& state, bool move_complete = true);

}  // namespace deedlog
