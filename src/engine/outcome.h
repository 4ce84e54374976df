#pragma once
// Inside decide: the events of one move as they are worked out, each applied at once to a
// working copy of the position so that the next consequence sees the last.
#include <cassert>

#include "engine/evolve.h"
#include "engine/invariants.h"

namespace deedlog {

struct Outcome {
  const Ruleset& ruleset;
  State state;
  Events events;

  // Off while a [Setup] is placed deed by deed: the position between its events need not be
  // sound (a Conglomerate's buildings come before the Conglomerate; a refused setup is checked
  // only once it is all placed), and decide_start refuses an unsound one as a ruling.
  bool check_each_event = true;

  Outcome(const Ruleset& r, const State& s) : ruleset(r), state(s) {}

  void emit(const Event& e) {
    evolve(state, e);
    events.push_back(e);
#ifndef NDEBUG
    // Debug builds check the whole position after every consequence (even building only at the
    // end of a move, see invariants.h); release builds leave it to the tests.
    assert(!check_each_event || check_invariants(ruleset, state, false).empty());
#endif
  }
};

// Event factories: one line each at the call sites.
inline Event ev(EventType t, PlayerId player = kBank) {
  Event e;
  e.type = t;
  e.player = player;
  return e;
}

}  // namespace deedlog
