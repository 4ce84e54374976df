#pragma once
// What a game's journal says of its agreed finishing hour (rule short-game/agreed-hour): the hour
// ([Started] + [TimeLimit], held in the position) and whether any player's move carries a @TIME
// stamp to rule it by. The stamps are the journal's, not the position's, so every interface that
// states a game's status (the command line, the engine protocol, the server, the Python module)
// asks here, and they say the same.
#include <cstdint>

#include "deedlog/clock_stamp.h"
#include "deedlog/status.h"
#include "service/game.h"

namespace deedlog {

class Journal;

struct AgreedHour {
  bool limited = false;       // the game has a TimeLimit (a short or time-limit game with an hour)
  std::int64_t at = kNoTime;  // the hour; kNoTime when no dated Started tag fixes it
  bool stamped = false;       // a player's move up to the game's position carries a stamp
};

// Reads the game's moves up to its position only when the game has a TimeLimit, and stops at the
// first stamped one.
[[nodiscard]] Status agreed_hour_of(Journal& j, const Game& g, AgreedHour* out);

}  // namespace deedlog
