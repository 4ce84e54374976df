#pragma once
// referee chances: how likely each player is to win from a position, by playing the game out
// many times with the built-in players (seeded, on every core). Play-out i depends on the seed
// and i alone, so the same seed gives the same answer on any number of threads.
#include <cstdint>
#include <string>
#include <vector>

#include "bots/win_interval.h"
#include "core/status.h"
#include "deedlog/state.h"
#include "rules/ruleset.h"

namespace deedlog {

struct ChancesOptions {
  int games = 1000;          // play-outs
  std::uint64_t seed = 1;
  int max_moves = 4000;      // a play-out still going after this many moves counts as unfinished
  int threads = 0;           // 0: one a core; the answer is the same for any number
};

struct PlayerChance {
  PlayerId player = 0;
  int wins = 0;
  double share = 0;          // wins / play-outs
  double low = 0, high = 0;  // the 95% interval of the share (Wilson's score interval)
};

struct Chances {
  int games = 0;
  int unfinished = 0;        // play-outs stopped at the move limit (a win for nobody)
  std::int64_t moves = 0;    // moves played over all the play-outs
  std::vector<PlayerChance> players;  // seat order, every seat (a bankrupt player wins none)
};


// Plays `options.games` games out from `position`. The game's own seed and dice are not used:
// each play-out throws from its own seed, so they differ. invalid_argument for no play-outs.
Status estimate_chances(const Ruleset& ruleset, const State& position, const ChancesOptions& options, Chances* out);

}  // namespace deedlog
