#pragma once
// referee match: the command around bots/match.h (options in, standings out).
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "commands/referee_commands.h"

namespace deedlog {

struct MatchCommandOptions {
  std::string ruleset = "uk-1972";
  int games = 2;
  std::uint64_t seed = 1;
  std::vector<std::string> players;  // NAME=PROGRAM each
  int max_moves = 4000;
  double move_time = 5.0;
  int call_time_after = 400;  // a short game's moves before the referee calls time
  std::string variant;  // comma separated
  bool journal = false;  // --db given: the games are journalled there
};

int run_match(const CommonOptions& o, const MatchCommandOptions& m, std::ostream& out, std::ostream& err);

}  // namespace deedlog
