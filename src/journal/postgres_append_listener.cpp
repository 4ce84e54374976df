// Hearing a PostgreSQL journal's appends: one connection that LISTENs on the journal's channel
// (kPostgresEventsChannel) and tells of each game named in a notification; it connects again
// when the connection is lost, and then tells that any game may have new events, since the
// notifications sent meanwhile are gone. Stops when destroyed.
#include <poll.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>

#include "journal/append_listener.h"
#include "journal/postgres_journal.h"

namespace deedlog {
namespace {

class PostgresAppendListener final : public AppendListener {
 public:
  PostgresAppendListener(std::string uri, AppendHeard heard)
      : uri_(std::move(uri)), heard_(std::move(heard)), thread_([this] { run(); }) {}
  ~PostgresAppendListener() override {
    stop_ = true;
    thread_.join();
  }
  PostgresAppendListener(const PostgresAppendListener&) = delete;
  PostgresAppendListener& operator=(const PostgresAppendListener&) = delete;

 private:
  void run() {
    // How long a wait lasts before the stop flag is looked at again.
    constexpr int kTickMs = 250;
    while (!stop_) {
      PostgresJournal::ConnPtr conn(PQconnectdb(uri_.c_str()));
      const std::string listen = std::string("LISTEN ") + kPostgresEventsChannel;
      bool listening = false;
      if (conn != nullptr && PQstatus(conn.get()) == CONNECTION_OK) {
        PostgresJournal::ResultPtr r(PQexec(conn.get(), listen.c_str()));
        listening = PQresultStatus(r.get()) == PGRES_COMMAND_OK;
      }
      if (!listening) {
        // The database is away: the readers' slow poll serves until it is back.
        for (int i = 0; i < 4 && !stop_; ++i) ::poll(nullptr, 0, kTickMs);
        continue;
      }
      heard_.any_game();  // anything sent while no one listened
      while (!stop_) {
        pollfd p{PQsocket(conn.get()), POLLIN, 0};
        if (::poll(&p, 1, kTickMs) < 0) continue;
        if (PQconsumeInput(conn.get()) == 0) break;  // lost: connect again
        while (PGnotify* n = PQnotifies(conn.get())) {
          const std::int64_t game = std::strtoll(n->extra, nullptr, 10);
          PQfreemem(n);
          if (game > 0) heard_.appended(game);
        }
      }
    }
  }

  std::string uri_;
  AppendHeard heard_;
  std::atomic<bool> stop_{false};
  std::thread thread_;  // last: started once the rest is made
};

}  // namespace

std::unique_ptr<AppendListener> postgres_append_listener(std::string uri, AppendHeard heard) {
  return std::make_unique<PostgresAppendListener>(std::move(uri), std::move(heard));
}

}  // namespace deedlog
