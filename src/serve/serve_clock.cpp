#include "serve/serve_clock.h"

#include <chrono>

namespace deedlog {
namespace {

constexpr std::chrono::seconds kTick{1};

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

void ClockWarnings::post(const ClockWarning& w) {
  std::lock_guard<std::mutex> lock(mutex_);
  games_[w.game] = {++next_, w};
}

std::uint64_t ClockWarnings::generation(std::int64_t game) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = games_.find(game);
  return it == games_.end() ? 0 : it->second.first;
}

std::optional<ClockWarning> ClockWarnings::current(std::int64_t game) const {
  const std::int64_t now = now_seconds();
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = games_.find(game);
  if (it == games_.end() || it->second.second.ends_at <= now) return std::nullopt;
  return it->second.second;
}

ServerClock::ServerClock(Lend lend, ClockWarnings* warnings, std::function<void(std::int64_t)> woken,
                         std::function<void(const std::string&)> problem)
    : lend_(std::move(lend)), warnings_(warnings), woken_(std::move(woken)), problem_(std::move(problem)),
      thread_([this] { run(); }) {}

ServerClock::~ServerClock() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  stop_cv_.notify_all();
  thread_.join();
}

void ServerClock::run() {
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      if (stop_cv_.wait_for(lock, kTick, [this] { return stop_; })) return;
    }
    ClockTick tick;
    Status ticked = lend_([&](Journal& j) {
      if (Status s = clock_tick(j, now_seconds(), &memory_, &tick); !s.is_ok()) tick.problems.push_back(s.message());
    });
    if (!ticked.is_ok()) tick.problems.push_back(ticked.message());
    for (const ClockWarning& w : tick.warnings) {
      warnings_->post(w);
      woken_(w.game);
    }
    for (std::int64_t game : tick.called) woken_(game);
    // A problem is told once: the clock goes on with the other tournaments every second.
    for (const std::string& p : tick.problems)
      if (told_.insert(p).second) problem_(p);
  }
}

}  // namespace deedlog
