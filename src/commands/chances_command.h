#pragma once
// referee chances: each player's win share from a position, by seeded play-outs on every core.
#include <cstdint>
#include <iosfwd>
#include <string>

#include "commands/referee_commands.h"

namespace deedlog {

struct ChancesCommandOptions {
  std::int64_t at = 0;       // the position after this event (0: now)
  int games = 1000;
  std::uint64_t seed = 1;
  int max_moves = 4000;
  int threads = 0;           // 0: one a core
  // How the play-outs go (docs/evaluation-model.md): by default as the analysis's, stopped at a
  // horizon and scored by the edition's shipped model (a user's edition has none: to the end).
  bool to_end = false;       // --to-end: every play-out to the game's end (or max_moves)
  int horizon = 0;           // --horizon N: stop after N moves instead (with a model); 0: the default
  std::string model_file;    // --model FILE: a model of one's own instead of the shipped one
};

int run_chances(const CommonOptions& o, const ChancesCommandOptions& c, std::ostream& out, std::ostream& err);

}  // namespace deedlog
