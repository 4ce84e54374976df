#pragma once
// referee chances: each player's win share from a position, by seeded play-outs on every core.
#include <cstdint>
#include <iosfwd>

#include "commands/referee_commands.h"

namespace deedlog {

struct ChancesCommandOptions {
  std::int64_t at = 0;       // the position after this event (0: now)
  int games = 1000;
  std::uint64_t seed = 1;
  int max_moves = 4000;
  int threads = 0;           // 0: one a core
};

int run_chances(const CommonOptions& o, const ChancesCommandOptions& c, std::ostream& out, std::ostream& err);

}  // namespace deedlog
