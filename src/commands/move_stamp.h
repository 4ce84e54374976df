#pragma once
// The clock's stamp on a move that comes live (play, play -, table, the server's POST of a
// move): the engine never reads a clock, so the shell writes the time into the move's text.
#include <string>

#include "service/game.h"

namespace deedlog {

// rule short-game/agreed-hour: a move that comes without a `@TIME` stamp, in a game with a
// TimeLimit tag, is stamped with the clock (UTC) as if the table had typed it; any other move,
// or a game without a time limit, comes back as it was.
std::string stamped_as_it_comes(const Game& game, const std::string& move);

}  // namespace deedlog
