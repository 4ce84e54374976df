#pragma once
// The tournament clock's thread in referee serve (docs/serve.md, "The clock"): once a second it
// ticks service/tournament_clock.h with the time of day, keeps each table's latest warning for
// the streams (an `event: clock` of their own, never taken for one of the journal's events) and
// wakes the watchers of every game warned or called. Stops when destroyed.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>

#include "deedlog/status.h"
#include "service/tournament_clock.h"

namespace deedlog {

class Journal;

// The latest warning of each game, for its streams; generation() changes with each new one.
class ClockWarnings {
 public:
  void post(const ClockWarning& w);
  std::uint64_t generation(std::int64_t game) const;
  // The game's latest warning while its round has not ended by the clock.
  std::optional<ClockWarning> current(std::int64_t game) const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::int64_t, std::pair<std::uint64_t, ClockWarning>> games_;
  std::uint64_t next_ = 0;
};

class ServerClock {
 public:
  // lend runs a function on a journal of the server's; woken(game) wakes the game's watchers;
  // problem(text) reports a tournament the clock could not read (once each).
  using Lend = std::function<Status(const std::function<void(Journal&)>&)>;
  ServerClock(Lend lend, ClockWarnings* warnings, std::function<void(std::int64_t)> woken,
              std::function<void(const std::string&)> problem);
  ~ServerClock();
  ServerClock(const ServerClock&) = delete;
  ServerClock& operator=(const ServerClock&) = delete;

 private:
  void run();

  Lend lend_;
  ClockWarnings* warnings_;
  std::function<void(std::int64_t)> woken_;
  std::function<void(const std::string&)> problem_;
  ClockMemory memory_;
  std::set<std::string> told_;
  std::mutex mutex_;
  std::condition_variable stop_cv_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace deedlog
