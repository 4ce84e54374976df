#pragma once
// Every legal move in a position: the question a puzzled player asks and the interface a
// game bot plays through. Candidates are generated from the position and each is put to
// decide(), so the list can never disagree with the rules.
#include <string>
#include <vector>

#include "core/clock_stamp.h"
#include "deedlog/command.h"
#include "deedlog/state.h"
#include "rules/ruleset.h"

namespace deedlog {

struct LegalMove {
  Command command;     // a concrete move that decide() accepts now
  std::string fill;    // "" when the move is exactly this; else what may vary ("amount 61 to 1500", "the dice")
};

// `now`: the moment asked about, an @TIME stamp in seconds (core/clock_stamp.h; kNoTime for
// none). In a timed edition (computer) a move whose window has run out by then is not listed,
// and moves find the windows run out.
std::vector<LegalMove> legal_moves(const Ruleset& ruleset, const State& state, std::int64_t now = kNoTime);

}  // namespace deedlog
