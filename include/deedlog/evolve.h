#pragma once
// Applying a fact to the position. Never checks a rule: an event in the journal happened.
#include <cstdint>

#include "deedlog/event.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

void evolve(State& state, const Event& event);

// A take-back (MovesTakenBack, rule referee/take-back) voids the events from first_voided up to
// its own move line, and returns the game to the position before them. The event does not carry
// that position, so evolve alone folds it as nothing: a reader that meets one at seq goes on from
// after_take_back(the position after event first_voided - 1, seq). The voided events stay in the
// journal; readers say they were taken back (docs/design.md, "Take-backs").
std::int64_t first_voided(const Event& take_back, std::int64_t seq);
State after_take_back(const State& before_voided, std::int64_t seq);

}  // namespace deedlog
