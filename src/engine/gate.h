#pragma once
// The checks every move passes before the rule book's section for it is read: the game is not
// over, the move is one its maker may make (a player's or the referee's), the building bought at
// auction is placed first, a debt stops the moves that take the game on, once time is called
// only the move in progress is completed, the short game's deeds are dealt before the first
// throw, and the phase and the turn allow this verb. Each verb's answers are one row of a table
// (gate.cpp), so what a verb needs is read in one place; the rule files keep only their own
// section's checks.
#include <optional>

#include "deedlog/command.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "deedlog/violation.h"

namespace deedlog {

// The first check the move fails, as its refusal; none when the rule's own checks come next.
std::optional<Violation> gate(const Ruleset& r, const State& s, const Command& c);

// Whether the legal moves list the verb as its words alone, for each player, to be ruled on
// (deedlog/verbs.h, the gate's `listed_alone`); the others' candidates carry arguments and are
// built in legal_moves.cpp, or are never listed.
bool listed_alone(Verb v);

}  // namespace deedlog
