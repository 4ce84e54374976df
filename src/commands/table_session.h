#pragma once
// `referee table`: a live session at the table. Moves are read one by one, each ruled and, when
// legal, recorded before the next is read; a refusal is explained and the session goes on.
#include <iosfwd>

#include "commands/referee_commands.h"

namespace deedlog {

// From a terminal (standard input a tty): the line editor (libedit) with the position's "Now:"
// as the prompt, history, and completion of players' names, verbs and square names. From a
// pipe: no prompt, one answer per line, as `play -` gives (JSON under --json), but a refused
// line does not end the session. Besides moves: `?` lists the legal moves, `undo` takes back
// the last move ("Referee takes back"), `quit` ends (as does the end of the input). Exit 0 at
// the end of the input; 1 when the journal fails (nothing more is read).
int run_table(const CommonOptions& o, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace deedlog
