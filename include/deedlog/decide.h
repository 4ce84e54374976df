#pragma once
// The rules as a pure function: given the edition, the position and a proposed move, the
// events the move causes (consequences included), or the rule that forbids it.
// No I/O, no clock, no randomness: the seeded dice and shuffles are functions of the seed.
#include <optional>

#include "deedlog/command.h"
#include "deedlog/event.h"
#include "deedlog/game_header.h"
#include "deedlog/ruleset.h"
#include "deedlog/setup_position.h"
#include "deedlog/state.h"
#include "deedlog/violation.h"

namespace deedlog {

struct [[nodiscard]] Decision {
  bool accepted = false;
  Events events;        // when accepted
  Violation violation;  // when refused

  static Decision accept(Events e) { return Decision{true, std::move(e), {}}; }
  static Decision refuse(Violation v) { return Decision{false, {}, std::move(v)}; }
};

// The position before any event: seats, the seed. Everything else comes from the first events.
State initial_state(const Ruleset& ruleset, const GameHeader& header);

// The events that open a game: each player placed (as the rule book says, or as [Setup] says),
// the seeded packs shuffled, the first turn. Refused when the setup breaks a rule.
Decision decide_start(const Ruleset& ruleset, const GameHeader& header,
                      const std::optional<SetupPosition>& setup);

Decision decide(const Ruleset& ruleset, const State& state, const Command& command);

// A caller done with a decision's events may hand their vector back: the next decision on this
// thread keeps its events in that room instead of allocating (self-play decides a few hundred
// thousand moves a second, and the allocation and its release were a twentieth of it). The
// answers are the same either way.
void recycle_events(Events&& spent);

// Everything a bankruptcy of `bankrupt` would set off now (BANKRUPTCY), without asking whether
// the player is entitled to it: `referee settle` shows it.
Events bankruptcy_settlement(const Ruleset& ruleset, const State& state, PlayerId bankrupt);

// The [Setup] a game's opening events describe: the inverse of decide_start, so the opening can
// be decided again (verify) or written back out as notation (replay).
SetupPosition setup_from_opening(const Events& opening);

}  // namespace deedlog
