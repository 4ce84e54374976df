#pragma once
// referee match: the command around bots/match.h (options in, standings out).
#include <iosfwd>
#include <string>
#include <vector>

#include "bots/match.h"
#include "commands/referee_commands.h"

namespace deedlog {

// The match's options as the command line gives them: the match's own (bots/match.h), but the
// bots and the variants as written, read by run_match.
struct MatchCommandOptions : MatchOptions {
  std::vector<std::string> players;  // NAME=PROGRAM each: MatchOptions::bots
  std::string variant;               // comma separated: MatchOptions::variants
  bool journal = false;              // --db given: the games are journalled there
};

int run_match(const CommonOptions& o, const MatchCommandOptions& m, std::ostream& out, std::ostream& err);

}  // namespace deedlog
