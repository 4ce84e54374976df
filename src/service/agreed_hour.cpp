#include "service/agreed_hour.h"

#include "deedlog/event.h"
#include "service/game_log.h"

namespace deedlog {

Status agreed_hour_of(Journal& j, const Game& g, AgreedHour* out) {
  *out = AgreedHour{};
  out->limited = g.state.short_game && !g.ruleset.short_game.always && !g.header.time_limit.empty();
  out->at = g.state.time_up_at;
  if (!out->limited) return Status::ok();
  return GameLog(j, g).read(1, g.state.seq, [&](const LoggedEvent& e) {
    if (e.event.type == EventType::MovePlayed && !e.at.empty() && e.event.player != kReferee) out->stamped = true;
    return !out->stamped;
  });
}

}  // namespace deedlog
