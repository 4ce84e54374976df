#pragma once
// referee serve: the HTTP interface for clubs (docs/serve.md) over the same journal and the same
// services as the command line; its answers are the commands' --json documents.
#include <cstdint>
#include <iosfwd>
#include <string>

#include "commands/referee_commands.h"
#include "deedlog/status.h"

namespace deedlog {

class Journal;

struct ServeOptions {
  std::string listen;  // HOST:PORT; port 0 takes any free port (the one bound is printed)
  double rate = 20;    // requests a second each client address may make, on average
  std::string keys;    // a file for the games' hashed keys ("" = the journal's own place: docs/serve.md)
  // The play-outs a position of an analysis computed in the background (GET /api/games/ID/analysis,
  // one game at a time, on one thread); 0: none computed, only a kept one is served.
  int analysis_games = 24;
  // The play-outs a position of POST /api/games/ID/price; 0: as many as its precision needs
  // (docs/trade-price.md).
  int price_games = 0;
};

// Serves until SIGINT or SIGTERM. Prints "listening on http://HOST:PORT" once bound.
// Returns 0 when stopped, 1 when it cannot listen, 2 for a bad --listen.
int run_serve(const CommonOptions& o, const ServeOptions& so, std::ostream& out, std::ostream& err);

// The web page GET / answers with (serve_page.cpp): self-contained, no fetches but the API's.
const std::string& serve_page();

// GET /api/games/ID/board[?at=SEQ]: the board after event SEQ (the last when `at` is "") as an
// SVG picture, the replay's drawing; the page shows it in an <img>.
Status serve_board(Journal& journal, std::int64_t game, const std::string& at, std::string* svg);

}  // namespace deedlog
