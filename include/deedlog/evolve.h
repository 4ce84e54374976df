#pragma once
// Applying a fact to the position. Never checks a rule: an event in the journal happened.
#include "deedlog/event.h"
#include "deedlog/state.h"
#include "rules/ruleset.h"

namespace deedlog {

void evolve(State& state, const Event& event);

}  // namespace deedlog
