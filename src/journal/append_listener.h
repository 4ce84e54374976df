#pragma once
// Hearing of the appends other processes make to a journal, without polling for them (referee
// serve's streams: serve/serve_wakeups.h). Whether a journal can be heard is its kind's choice
// (Journal::listen_for_appends()): a PostgreSQL journal announces each append on a channel
// (kPostgresEventsChannel, journal/postgres_journal.h) and is heard on a connection of the
// listener's own; an SQLite file announces nothing, and its readers poll.
#include <cstdint>
#include <functional>

namespace deedlog {

// What a listener tells: game has new events; or any game may have (the connection was lost and
// got back, and what was announced meanwhile is gone). Both are called on the listener's thread.
struct AppendHeard {
  std::function<void(std::int64_t game)> appended;
  std::function<void()> any_game;
};

// Listens from when it is made until it is destroyed (its destructor waits for its thread).
class AppendListener {
 public:
  virtual ~AppendListener() = default;
};

}  // namespace deedlog
