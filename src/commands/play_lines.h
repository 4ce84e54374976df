#pragma once
// `referee play -`: a scorekeeper's moves, one a line, from a pipe or a terminal.
#include <iosfwd>

#include "commands/referee_commands.h"

namespace deedlog {

// Rules on each line of in in turn and records each legal move before reading the next, as
// `play MOVE` would one at a time. Blank lines and '#' comments are skipped. The first line
// that is refused (exit 3), does not parse (exit 2) or fails (exit 1) stops it: the moves after
// a refused one were made at the table on a position that the journal does not hold, so
// trying them would only pile up refusals; the moves before it stay recorded, as for import.
// Text: each line is echoed ("line 3: Ann buys") before its ruling. JSON: one document a
// line, as play --json, with "line" added; an error is {"error", "line"}.
int run_play_lines(const CommonOptions& o, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace deedlog
