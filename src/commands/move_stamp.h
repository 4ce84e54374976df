#pragma once
// The clock's stamp on a move that comes live (play, play -, table, the server's POST of a
// move): the engine never reads a clock, so the shell stamps the parsed move with the time it
// came, on the Command itself (its `at` and `clock`), and the journal's line is printed from it.
#include <vector>

#include "deedlog/command.h"
#include "service/game.h"

namespace deedlog {

// rule short-game/agreed-hour: a move that came without a `@TIME` stamp, in a game with a
// TimeLimit tag, is stamped with the clock (UTC) as if the table had typed it; a move stamped
// by the table, or any move of a game without a time limit, is left as it came.
void stamp_as_it_comes(const Game& game, Command* move);
void stamp_as_it_comes(const Game& game, std::vector<Command>* moves);

}  // namespace deedlog
