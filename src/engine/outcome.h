#pragma once
// Inside decide: the events of one move as they are worked out, each applied at once to a
// working copy of the position so that the next consequence sees the last.
#include <cassert>

#include "deedlog/command.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/invariants.h"

namespace deedlog {

// Only the effects module (effects.h) builds events: emitting one takes this key, which only
// that module can make. Code elsewhere calls an effect, so every consequence has one home.
// Room for a move's events: the vector a caller handed back with recycle_events (decide.h), or
// a new one with room for 8 (a move makes a handful).
Events spare_events();

class EmitKey {
  EmitKey() = default;
  friend struct EffectsAccess;
};

struct Outcome {
  const Ruleset& ruleset;
  // The working copy, in a recycled buffer: an accepted decision takes it over as the position
  // after the move (accepted(), below), so the caller need not fold the events again.
  HeldState held;
  State& state;
  Events events;

  // Off while a [Setup] is placed deed by deed: the position between its events need not be
  // sound (a Conglomerate's buildings come before the Conglomerate; a refused setup is checked
  // only once it is all placed), and decide_start refuses an unsound one as a ruling.
  bool check_each_event = true;

  // A sealed game's chance for this move (the command's), or null: where the referee throws
  // and turns up cards in a sealed game (move_resolution.cpp).
  const SealedChance* chance = nullptr;

  Outcome(const Ruleset& r, const State& s) : ruleset(r), held(s), state(*held) {}
  Outcome(const Outcome&) = delete;
  Outcome& operator=(const Outcome&) = delete;

  // Events already built by effects (a decision's events, played again on a fresh position).
  void adopt(const Events& built) {
    for (const Event& e : built) apply(e);
  }

  void emit(Event&& e, EmitKey) { apply(std::move(e)); }

 private:
  void apply(const Event& e) { apply(Event(e)); }
  void apply(Event&& e) {
    evolve(state, e);
    // A move makes a handful of events: room for them at once, not four regrowths, and where
    // the caller recycles, no allocation at all (self-play).
    if (events.capacity() == 0) events = spare_events();
    events.push_back(std::move(e));
#ifndef NDEBUG
    // Debug builds check the whole position after every consequence (even building only at the
    // end of a move, see invariants.h); release builds leave it to the tests.
    assert(!check_each_event || check_invariants(ruleset, state, false).empty());
#endif
  }
};

// The move is accepted: its events, and the position they lead to (the working copy, handed
// over). The outcome is spent.
inline Decision accepted(Outcome& out) { return Decision::accept(std::move(out.events), std::move(out.held)); }

}  // namespace deedlog
