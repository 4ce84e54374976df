#pragma once
// referee engine: a long-running engine for programs, speaking JSON lines (docs/engine-protocol.md).
#include <iosfwd>

#include <nlohmann/json.hpp>

#include "commands/referee_commands.h"
#include "deedlog/game_header.h"
#include "deedlog/ruleset.h"
#include "deedlog/status.h"

namespace deedlog {

// Reads one JSON request a line from in and writes one JSON answer a line to out, in order,
// until {"cmd": "quit"} or the end of in. Games live in an in-memory journal, or in o.db when
// in_file. A bad request is answered {"ok": false, "error": ...} and the session goes on.
// Returns the exit code: 0, or 1 when the journal cannot be opened.
// The header and edition of a new game from a request's fields {ruleset, players, variant?,
// house_rules?, seed?} (the engine's new, serve's POST /api/games), through the notation's own
// header checks as `referee new`; a bad field is an InvalidArgument status naming it. With
// ruleset_file (--ruleset-file) the edition is the user's own, as `referee new` takes it, and
// "ruleset" may be left out.
Status new_game_header(const nlohmann::ordered_json& req, const std::string& ruleset_file, GameHeader* header,
                       Ruleset* edition);

int run_engine(const CommonOptions& o, bool in_file, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace deedlog
