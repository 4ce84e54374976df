#pragma once
// `referee games`: what a journal holds, one line a game.
#include <iosfwd>
#include <string>

#include "commands/referee_commands.h"

namespace deedlog {

// Each game's id, ruleset, players, moves (the moves recorded: MovePlayed events, the lines a
// .game file would hold), events, and state ("in play", or "over" with the winner).
int run_games(const CommonOptions& o, std::ostream& out, std::ostream& err);

// For shell completion of --game: the ids of the games in the journal at db, one a line
// (nothing when it is not a journal; never creates one).
void write_game_ids(const std::string& db, std::ostream& out);

}  // namespace deedlog
