#pragma once
// How referee serve's streams learn that a game has a new event without polling for it
// (docs/serve.md, "Streams"): a write through this server wakes the game's watchers at once
// (Wakeups::notify), and where the journal can be heard (Journal::listen_for_appends: a
// PostgreSQL journal) the appends of whichever process made them (another server, the command
// line) are turned into the same wakeups. A slow poll stays as the fallback: an SQLite journal
// written by another process, or a lost connection to the database.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace deedlog {

class Wakeups {
 public:
  // A number that changes whenever game may have new events.
  std::uint64_t generation(std::int64_t game);
  // game has new events: its watchers look at once.
  void notify(std::int64_t game);
  // Any game may have new events (notifications may have been missed): every watcher looks.
  void notify_every_game();
  // Waits until game's generation is no longer seen, or timeout passes.
  void wait(std::int64_t game, std::uint64_t seen, std::chrono::milliseconds timeout);

 private:
  std::uint64_t generation_locked(std::int64_t game) const;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::unordered_map<std::int64_t, std::uint64_t> games_;
  std::uint64_t every_game_ = 0;
};

}  // namespace deedlog
