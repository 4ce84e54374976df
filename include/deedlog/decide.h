#pragma once
// The rules as a pure function: given the edition, the position and a proposed move, the
// events the move causes (consequences included), or the rule that forbids it.
// No I/O, no clock, no randomness: the seeded dice and shuffles are functions of the seed.
#include <optional>
#include <string>
#include <utility>

#include "deedlog/command.h"
#include "deedlog/event.h"
#include "deedlog/game_header.h"
#include "deedlog/ruleset.h"
#include "deedlog/setup_position.h"
#include "deedlog/state.h"
#include "deedlog/violation.h"

namespace deedlog {

// A position held in a buffer its thread recycles. decide works out the position after a move
// in one (its working copy) and hands it over in the Decision, so moving a decision moves a
// pointer, not the 1.6 KB of a State, and nobody folds the move's events a second time.
// Gives a held position's buffer back to its thread (HeldState's destructor).
void release_held_state(State* p);

class HeldState {
 public:
  HeldState() = default;
  explicit HeldState(const State& s);
  HeldState(const HeldState& other);
  HeldState& operator=(const HeldState& other);
  HeldState(HeldState&& other) noexcept : p_(other.p_) { other.p_ = nullptr; }
  HeldState& operator=(HeldState&& other) noexcept {
    std::swap(p_, other.p_);
    return *this;
  }
  ~HeldState() {
    if (p_ != nullptr) release_held_state(p_);
  }

  explicit operator bool() const { return p_ != nullptr; }
  State& operator*() const { return *p_; }
  State* operator->() const { return p_; }

 private:
  State* p_ = nullptr;
};

struct [[nodiscard]] Decision {
  bool accepted = false;
  Events events;        // when accepted
  Violation violation;  // when refused
  // When accepted: the position after `events`, worked out as they were decided (the move's
  // line, MovePlayed, not yet in it: apply_decision adds it). Empty when refused.
  HeldState after;

  static Decision accept(Events e, HeldState after) { return Decision{true, std::move(e), {}, std::move(after)}; }
  static Decision refuse(Violation v) { return Decision{false, {}, std::move(v), {}}; }
};

// The first event of every move: MovePlayed, by the move's actor, holding its line as the
// journal keeps it (canonical notation, and the table's comment after "  # ").
Event move_line(const Command& command, std::string text);

// Applies an accepted decision to the position it was decided on: `position` becomes the
// position after the move's line (MovePlayed) and the decision's events, taken from the
// decision (decide worked it out; nothing is folded again). Every caller that plays a move goes
// through here: the service's play, self-play, matches, chances' play-outs, the audit. A
// take-back's return to the position before the moves it voids is not in its events: the
// caller goes on as the one fold of stored events does (GameLog::fold, service/game_log.h).
void apply_decision(State& position, const Decision& decision);
// The same for a position held as decide holds its own: the decision's position is taken over
// (its buffer swapped in, the old one going back with the spent decision), nothing copied. The
// loops that play many moves (self-play, chances' play-outs) keep their position so.
void apply_decision(HeldState& position, Decision&& decision);

// The position before any event: seats, the seed. Everything else comes from the first events.
State initial_state(const Ruleset& ruleset, const GameHeader& header);

// The events that open a game: each player placed (as the rule book says, or as [Setup] says),
// the seeded packs shuffled, the first turn. Refused when the setup breaks a rule.
// A sealed game's short game is dealt from `chance->deeds` (without it, the deal is left to the
// referee's `deals` moves, as at a table).
Decision decide_start(const Ruleset& ruleset, const GameHeader& header,
                      const std::optional<SetupPosition>& setup, const SealedChance* chance = nullptr);

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
