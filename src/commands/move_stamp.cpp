#include "commands/move_stamp.h"

#include <chrono>
#include <ctime>

namespace deedlog {

std::string stamped_as_it_comes(const Game& g, const std::string& move) {
  if (g.header.time_limit.empty()) return move;
  const std::size_t first = move.find_first_not_of(" \t");
  if (first == std::string::npos || move[first] == '@') return move;
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "@%Y-%m-%dT%H:%M:%SZ ", &utc);
  std::string stamped = stamp;
  stamped.append(move, first, std::string::npos);
  return stamped;
}

}  // namespace deedlog
