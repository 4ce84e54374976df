#pragma once
// The routes of referee serve that read a club's games without writing (docs/serve.md):
//   GET /api/games[?state=in-play|over&limit=N&after=ID]  the games, a page at a time
//   GET /api/games/ID/value                               as `referee value --json`
// Kept apart from the server's own file (serve_command.cpp), which registers them.
#include <cstdint>
#include <functional>

#include "deedlog/status.h"
#include "serve/httplib_names.h"

namespace deedlog {

class Journal;
struct Game;

// Lends a journal (the server's pool) to `then` for one request, and takes it back after.
using LendJournal = std::function<Status(const std::function<void(Journal&)>& then)>;

// Answers a failed call as the server answers every failure (serve_command.cpp's send_failure):
// the server's own trouble as 503 or 504, and no words that name a path of the server.
using SendFailure = std::function<void(httplib::Response& res, const Status& s)>;

// Whether the request may read game g (a duplicate round's table is read only by its own table
// and the Head Judge until the round ends: serve_tournament.h); false when it has answered.
using ReadGate = std::function<bool(Journal& j, const Game& g, const httplib::Request& req, httplib::Response& res)>;

void add_listing_routes(httplib::Server& http, LendJournal lend, SendFailure fail, ReadGate gate = nullptr);

}  // namespace deedlog
