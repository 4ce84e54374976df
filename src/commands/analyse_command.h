#pragma once
// referee analyse: luck and skill in a recorded game, move by move (docs/analysis.md).
#include <cstdint>
#include <iosfwd>
#include <string>

#include "commands/referee_commands.h"

namespace deedlog {

struct AnalyseCommandOptions {
  int games = 200;           // play-outs for each position or alternative
  std::uint64_t seed = 1;
  int threads = 0;           // 0: one a core
  std::int64_t from = 0;     // the first event analysed (0: from the first move)
  std::int64_t to = 0;       // the last (0: to the end)
  int max_moves = 4000;
  std::string annotate;      // --annotate FILE: the game with the analysis in comments ("" for none)
};

int run_analyse(const CommonOptions& o, const AnalyseCommandOptions& a, std::ostream& out, std::ostream& err);

}  // namespace deedlog
