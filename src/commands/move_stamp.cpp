#include "commands/move_stamp.h"

#include <chrono>
#include <ctime>

#include "deedlog/clock_stamp.h"

namespace deedlog {

namespace {

// Now, as a table would type it: "2026-11-29T14:03:07Z".
std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return stamp;
}

}  // namespace

void stamp_as_it_comes(const Game& g, Command* move) {
  if (g.header.time_limit.empty() || !move->at.empty()) return;
  move->at = utc_now();
  move->clock = clock_seconds(move->at);
}

void stamp_as_it_comes(const Game& g, std::vector<Command>* moves) {
  if (g.header.time_limit.empty()) return;
  // One clock reading for the whole line: its moves were made together.
  const std::string now = utc_now();
  for (Command& c : *moves)
    if (c.at.empty()) {
      c.at = now;
      c.clock = clock_seconds(now);
    }
}

}  // namespace deedlog
