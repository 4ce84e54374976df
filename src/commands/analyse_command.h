#pragma once
// referee analyse: luck and skill in a recorded game, move by move (docs/analysis.md).
#include <cstdint>
#include <iosfwd>
#include <string>

#include "commands/referee_commands.h"

namespace deedlog {

struct AnalyseCommandOptions {
  int games = 100;           // play-outs of each position or alternative in the first batch
  double precision = 0.02;   // the target half-width of each luck and error interval (0: one batch)
  double total_precision = 0.05;  // the target half-width of each player's total luck
  int max_games = 2000;      // the cap on the play-outs of each position or alternative
  std::uint64_t seed = 1;
  int threads = 0;           // 0: one a core
  std::int64_t from = 0;     // the first event analysed (0: from the first move)
  std::int64_t to = 0;       // the last (0: to the end)
  int max_moves = 4000;
  std::string annotate;      // --annotate FILE: the game with the analysis in comments ("" for none)
};

int run_analyse(const CommonOptions& o, const AnalyseCommandOptions& a, std::ostream& out, std::ostream& err);

}  // namespace deedlog
