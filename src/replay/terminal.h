#pragma once
// replay --interactive: the game on the terminal, stepped through with keys.
#include <cstdint>
#include <iosfwd>

#include "replay/timeline.h"

namespace deedlog {

// True when both standard input and standard output are a terminal.
bool replay_on_terminal();

// Runs the interactive replay on the terminal from position start until the user quits.
// Returns an exit code (kExitUsage when there is no terminal).
int run_interactive_replay(const Timeline& timeline, std::int64_t start, std::ostream& err);

}  // namespace deedlog
