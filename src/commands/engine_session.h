#pragma once
// referee engine: a long-running engine for programs, speaking JSON lines (docs/engine-protocol.md).
#include <iosfwd>

#include "commands/referee_commands.h"

namespace deedlog {

// Reads one JSON request a line from in and writes one JSON answer a line to out, in order,
// until {"cmd": "quit"} or the end of in. Games live in an in-memory journal, or in o.db when
// in_file. A bad request is answered {"ok": false, "error": ...} and the session goes on.
// Returns the exit code: 0, or 1 when the journal cannot be opened.
int run_engine(const CommonOptions& o, bool in_file, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace deedlog
