#pragma once
// The tournament on referee serve (docs/serve.md, "Tournaments"; docs/interface.md, section 5):
//   GET  /api/tournaments/ID                        standings (as tournament standings --json) and every table
//   GET  /api/tournaments/ID/log                    as tournament log --json (appeals, calls of time, sheets)
//   POST /api/tournaments/ID/rounds/N/call-time     the Head Judge's key: as tournament call-time --round N
//   POST /api/tournaments/ID/appeals                the Head Judge's key: as tournament appeal
//   GET  /api/tournaments/ID/rounds/N/reveal        a duplicate round's seed once time is called (as
//                                                   tournament reveal --json; 409 before)
//   GET  /tournaments/ID                            the judge's page (HTML), each table's game linked; its
//                                                   script holds the Head Judge's key (the tab's
//                                                   sessionStorage, sent as Authorization) to call
//                                                   time and rule appeals through the two POSTs above
// and what a tournament changes about a game's own routes: who a key speaks for in a table's
// game (the table's key plays it, the Head Judge's key is its referee), and who may read a
// game of a duplicate round before the round ends (its table and the Head Judge only).
// Everything is the service's (service/tournament.h); the JSON is present's (present/tournament_json.h).
#include <cstdint>
#include <functional>
#include <string>

#include "serve/serve_keys.h"
#include "serve/serve_listing.h"
#include "deedlog/status.h"
#include "service/game.h"
#include "service/tournament.h"
#include "serve/httplib_names.h"

namespace deedlog {

// Where a game sits in a tournament, if it does.
struct TournamentSeat {
  bool found = false;
  Tournament tournament;
  int round = 0, table = 0;
  // The game's round is a duplicate round not yet ended (some table of it neither time-called nor
  // over): its moves are shown only to its own table and the Head Judge.
  bool hidden = false;
};

// The tournament game g belongs to (by its [Event] tag and the tournaments' rounds); found stays
// false for a game outside every tournament.
Status find_tournament_seat(Journal& j, const Game& g, TournamentSeat* out);

// What key opens in the game of seat: Referee for the Head Judge's key, Table for the key of that
// game's own table, None for anything else (another table's key included).
KeyRole tournament_key_role(const TournamentSeat& seat, std::int64_t game, const std::string& key);

// Registers the routes above. bearer reads a request's key; wrote tells the server's watchers
// that a game was written to.
void add_tournament_routes(httplib::Server& http, LendJournal lend, SendFailure fail,
                           std::function<std::string(const httplib::Request&)> bearer,
                           std::function<void(std::int64_t)> wrote);

}  // namespace deedlog
