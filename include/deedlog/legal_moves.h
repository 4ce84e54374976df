#pragma once
// Every legal move in a position: the question a puzzled player asks and the interface a
// game bot plays through. Candidates are generated from the position and each is put to
// decide(), so the list can never disagree with the rules.
#include <cstdint>
#include <string>
#include <vector>

#include "deedlog/clock_stamp.h"
#include "deedlog/command.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// What of a listed move a player may change and still have it accepted: nothing (the move is
// exactly as listed), the dice (each 1 to 6: a table throws real dice), the amount (a bid, in
// whole money from min to max), or the three properties (regional-currency: any three of the
// player's free properties of three colours form a Conglomerate). A value for programs;
// present/legal_move_words.h words it.
struct MoveRange {
  // Deeds: the referee's deal of a short game's title deeds: any min of the deeds the Bank holds.
  enum class Kind : std::uint8_t { Exact, Dice, Amount, ThreeColours, Deeds };
  Kind kind = Kind::Exact;
  std::int64_t min = 0;
  std::int64_t max = 0;
  bool operator==(const MoveRange&) const = default;
};

struct LegalMove {
  Command command;  // a concrete move that decide() accepts now
  MoveRange range;  // what of it may vary
};

// `now`: the moment asked about, an @TIME stamp in seconds (deedlog/clock_stamp.h; kNoTime for
// none). In a timed edition (computer) a move whose window has run out by then is not listed,
// and moves find the windows run out.
std::vector<LegalMove> legal_moves(const Ruleset& ruleset, const State& state, std::int64_t now = kNoTime);

// A sealed game's stand-in for the referee's chance: dice for the move's throws and each pack in
// its printed order. Whether a throw may be made, or a card taken, never depends on what they
// turn up, so a move is ruled with this without dealing the real chance; what it gives is thrown
// away and never shown (the moves listed, a claim of a throw not yet played).
SealedChance sealed_stand_in(const Ruleset& ruleset, const State& state);

}  // namespace deedlog
