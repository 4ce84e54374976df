#pragma once
// `referee games`: what a journal holds, one line a game.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "commands/referee_commands.h"
#include "deedlog/status.h"

namespace deedlog {

class Journal;

// One game as `games` lists it (and GET /api/games, serve/serve_listing.cpp).
struct GameSummary {
  std::int64_t id = 0;
  std::string ruleset;
  std::vector<std::string> players;
  std::int64_t moves = 0;  // the moves that stand: a take-back's line and the moves it voided not counted
  std::int64_t events = 0;
  bool over = false;
  std::string winner;  // when over, and one player won
};

// Loads game `id` and sums it up.
Status summarize_game(Journal& journal, std::int64_t id, GameSummary* summary);

// Each game's id, ruleset, players, moves (the moves recorded: MovePlayed events, the lines a
// .game file would hold), events, and state ("in play", or "over" with the winner).
int run_games(const CommonOptions& o, std::ostream& out, std::ostream& err);

// For shell completion of --game: the ids of the games in the journal at db, one a line
// (nothing when it is not a journal; never creates one).
void write_game_ids(const std::string& db, std::ostream& out);

}  // namespace deedlog
