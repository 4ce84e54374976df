#include "serve/serve_wakeups.h"

namespace deedlog {

std::uint64_t Wakeups::generation_locked(std::int64_t game) const {
  const auto it = games_.find(game);
  // Both counts only grow, so their sum changes whenever either does.
  return every_game_ + (it == games_.end() ? 0 : it->second);
}

std::uint64_t Wakeups::generation(std::int64_t game) {
  std::lock_guard<std::mutex> lock(mutex_);
  return generation_locked(game);
}

void Wakeups::notify(std::int64_t game) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++games_[game];
  }
  changed_.notify_all();
}

void Wakeups::notify_every_game() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++every_game_;
  }
  changed_.notify_all();
}

void Wakeups::wait(std::int64_t game, std::uint64_t seen, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait_for(lock, timeout, [&] { return generation_locked(game) != seen; });
}

}  // namespace deedlog
