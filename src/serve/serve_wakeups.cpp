#include "serve/serve_wakeups.h"

#include <libpq-fe.h>
#include <poll.h>

#include <cstdlib>

#include "journal/postgres_journal.h"

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

NotifyListener::NotifyListener(std::string uri, Wakeups* wakeups)
    : uri_(std::move(uri)), wakeups_(wakeups), thread_([this] { run(); }) {}

NotifyListener::~NotifyListener() {
  stop_ = true;
  thread_.join();
}

void NotifyListener::run() {
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
      // The database is away: the streams' slow poll serves until it is back.
      for (int i = 0; i < 4 && !stop_; ++i) ::poll(nullptr, 0, kTickMs);
      continue;
    }
    wakeups_->notify_every_game();  // anything sent while no one listened
    while (!stop_) {
      pollfd p{PQsocket(conn.get()), POLLIN, 0};
      if (::poll(&p, 1, kTickMs) < 0) continue;
      if (PQconsumeInput(conn.get()) == 0) break;  // lost: connect again
      while (PGnotify* n = PQnotifies(conn.get())) {
        const std::int64_t game = std::strtoll(n->extra, nullptr, 10);
        PQfreemem(n);
        if (game > 0) wakeups_->notify(game);
      }
    }
  }
}

}  // namespace deedlog
