#pragma once
// `referee table --server URL`: a table's session played through a judge's `referee serve`
// instead of the journal file (docs/tournaments.md, "Duplicate rounds from the command line").
// The table's account needs no access to the journal: the server rules and records each move,
// and shows a table of a duplicate round still in play only its own game, never the seed.
#include <iosfwd>
#include <string>

#include "commands/referee_commands.h"

namespace deedlog {

struct ServerTableOptions {
  std::string server;  // http://HOST:PORT (or https://), the judge's referee serve
  std::string key;     // the table's key (or the referee's): read by the shell, never from argv
};

// The environment variable that may hold the table's key.
inline constexpr const char* kTableKeyVariable = "DEEDLOG_TABLE_KEY";

// False in a build without the HTTP library (-DDEEDLOG_SERVER=OFF), where run_server_table only
// says so.
extern const bool kServerTableBuilt;

// The session of `referee table` (commands/table_lines.h: the same lines, the same words
// besides moves: ?, undo, quit) for game o.game on the server: the position and the legal moves
// as the server gives them (GET /api/games/ID, /moves, with the key), each move posted with the
// key and the seq it was typed at (POST /api/games/ID/moves, expect_seq), and the ruling shown
// as `referee table` shows it (the server's JSON as it is under --json). `undo` asks for
// "Referee takes back", which the server refuses a table's key (403): a take-back is the judge's.
// Exit 0 at the end of the input; 1 when the server cannot be reached, does not know the game,
// or refuses the key; 2 for a URL that is not http://HOST:PORT.
int run_server_table(const CommonOptions& o, const ServerTableOptions& t, std::istream& in, std::ostream& out,
                     std::ostream& err);

}  // namespace deedlog
