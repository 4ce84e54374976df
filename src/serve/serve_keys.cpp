#include "serve/serve_keys.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <libpq-fe.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

#include "journal/postgres_journal.h"
#include "journal/private_file.h"
#include "journal/secret_key.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

// The digests a game's keys are checked against ("" for a table key a game does not have).
struct KeyDigests {
  std::string referee;
  std::string table;
};

KeyRole role_of(const std::string& key, const KeyDigests& d) {
  if (key_matches(key, d.referee)) return KeyRole::Referee;
  if (!d.table.empty() && key_matches(key, d.table)) return KeyRole::Table;
  return KeyRole::None;
}

Status new_keys(GameKeys* keys, KeyDigests* digests) {
  if (Status s = new_secret_key(&keys->referee); !s.is_ok()) return s;
  if (Status s = new_secret_key(&keys->table); !s.is_ok()) return s;
  digests->referee = key_digest(keys->referee);
  digests->table = key_digest(keys->table);
  return Status::ok();
}

// {"games": {"ID": {"referee": "<sha-256 hex>", "table": "<sha-256 hex>"}}}, written whole and
// renamed into place (a file written before the table's key, {"ID": "<hex>"}, is read as the
// referee's key alone). Two servers may share
// an SQLite journal, so the file is the truth, not this process's copy of it: an add re-reads it
// under an exclusive lock (flock on <file>.lock) before writing, and a check that does not know a
// game reads it again, so a key made by the other server is honoured.
class FileKeys final : public ServeKeys {
 public:
  explicit FileKeys(std::string path) : path_(std::move(path)) {}

  Status load() override {
    std::lock_guard<std::mutex> lock(mutex_);
    return read();
  }

  Status add(std::int64_t game, GameKeys* keys) override {
    GameKeys made;
    KeyDigests digests;
    if (Status s = new_keys(&made, &digests); !s.is_ok()) return s;
    std::lock_guard<std::mutex> lock(mutex_);
    const std::string lock_path = path_ + ".lock";
    int fd = -1;
    if (Status s = open_private_lock(lock_path, &fd); !s.is_ok()) return s;  // never through a link
    ::flock(fd, LOCK_EX);
    Status s = read();
    if (s.is_ok()) {
      hashes_[game] = digests;
      s = write();
    }
    ::flock(fd, LOCK_UN);
    ::close(fd);
    if (s.is_ok()) *keys = made;
    return s;
  }

  KeyRole check(std::int64_t game, const std::string& key) override {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = hashes_.find(game);
    if (it == hashes_.end()) {
      if (!read().is_ok()) return KeyRole::Unreadable;
      it = hashes_.find(game);
      if (it == hashes_.end()) return KeyRole::None;
    }
    return role_of(key, it->second);
  }

 private:
  // Merges the file into hashes_ (a key is never taken away by another server's write).
  Status read() {
    std::ifstream in(path_);
    if (!in) return Status::ok();  // no game created through a server yet
    const ojson doc = ojson::parse(in, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("games") || !doc["games"].is_object())
      return Status::corrupt(fmt::format("{}: not a keys file ({{\"games\": {{ID: {{referee, table}}}}}})", path_));
    auto is_digest = [](const ojson& v) { return v.is_string() && v.get<std::string>().size() == 64; };
    for (const auto& [id, entry] : doc["games"].items()) {
      KeyDigests d;
      if (is_digest(entry)) {
        d.referee = entry.get<std::string>();
      } else if (entry.is_object() && entry.contains("referee") && is_digest(entry["referee"]) &&
                 (!entry.contains("table") || is_digest(entry["table"]))) {
        d.referee = entry["referee"].get<std::string>();
        if (entry.contains("table")) d.table = entry["table"].get<std::string>();
      } else {
        return Status::corrupt(fmt::format("{}: game {}'s keys are not SHA-256 digests", path_, id));
      }
      try {
        hashes_[std::stoll(id)] = d;
      } catch (const std::exception&) {
        return Status::corrupt(fmt::format("{}: '{}' is not a game id", path_, id));
      }
    }
    return Status::ok();
  }

  Status write() {
    ojson games = ojson::object();
    for (const auto& [id, d] : hashes_) {
      ojson entry{{"referee", d.referee}};
      if (!d.table.empty()) entry["table"] = d.table;
      games[std::to_string(id)] = entry;
    }
    // Readable by the server's user alone (0600, whatever the umask): the digests open no game,
    // but they are no one else's business either. A private temporary with a random name, never
    // a name planted beside the file (journal/private_file.h).
    if (Status s = write_private_file(path_, ojson{{"games", games}}.dump(1) + "\n"); !s.is_ok()) return s;
    return Status::ok();
  }

  std::string path_;
  std::mutex mutex_;
  std::map<std::int64_t, KeyDigests> hashes_;
};

// A table in the journal's database, beside the journal's own tables and not one of them (the
// journal is the games' record, hashed and handed round; who may write is the servers' business,
// and a key can be replaced without touching the record). Every check asks the database, so a
// key made through any server is honoured by all of them at once.
constexpr const char* kKeysTable = R"sql(
CREATE TABLE IF NOT EXISTS deedlog_serve_keys (
  game_id    bigint PRIMARY KEY REFERENCES games (game_id),
  key_sha256 text NOT NULL CONSTRAINT key_is_a_hash CHECK (length(key_sha256) = 64),
  created    timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE deedlog_serve_keys ADD COLUMN IF NOT EXISTS table_sha256 text
  CONSTRAINT table_key_is_a_hash CHECK (length(table_sha256) = 64))sql";

void ignore_notice(void*, const char*) {}

class PostgresKeys final : public ServeKeys {
 public:
  explicit PostgresKeys(std::string uri) : uri_(std::move(uri)) {}

  Status load() override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (Status s = connect(); !s.is_ok()) return s;
    // Two servers starting at once: the advisory lock lets one make the table, the other find it.
    const std::string sql = fmt::format("BEGIN; SELECT pg_advisory_xact_lock(hashtext('deedlog serve keys')); {}; COMMIT",
                                        kKeysTable);
    PostgresJournal::ResultPtr r(PQexec(conn_.get(), sql.c_str()));
    if (PQresultStatus(r.get()) != PGRES_COMMAND_OK) {
      const std::string words = PQresultErrorMessage(r.get());
      PostgresJournal::ResultPtr rollback(PQexec(conn_.get(), "ROLLBACK"));
      return Status::io_error("making the table of keys: " + words);
    }
    return Status::ok();
  }

  Status add(std::int64_t game, GameKeys* keys) override {
    GameKeys made;
    KeyDigests digests;
    if (Status s = new_keys(&made, &digests); !s.is_ok()) return s;
    const std::string id = std::to_string(game);
    std::lock_guard<std::mutex> lock(mutex_);
    PostgresJournal::ResultPtr r = run("INSERT INTO deedlog_serve_keys (game_id, key_sha256, table_sha256) VALUES ($1, $2, $3)",
                                       {id, digests.referee, digests.table});
    if (PQresultStatus(r.get()) != PGRES_COMMAND_OK)
      return Status::io_error(fmt::format("storing the keys of game {}: {}", game, PQresultErrorMessage(r.get())));
    *keys = made;
    return Status::ok();
  }

  KeyRole check(std::int64_t game, const std::string& key) override {
    std::lock_guard<std::mutex> lock(mutex_);
    PostgresJournal::ResultPtr r = run("SELECT key_sha256, coalesce(table_sha256, '') FROM deedlog_serve_keys WHERE game_id = $1",
                                       {std::to_string(game)});
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) return KeyRole::Unreadable;
    if (PQntuples(r.get()) != 1) return KeyRole::None;
    return role_of(key, KeyDigests{PQgetvalue(r.get(), 0, 0), PQgetvalue(r.get(), 0, 1)});
  }

 private:
  Status connect() {
    conn_.reset(PQconnectdb(uri_.c_str()));
    if (conn_ == nullptr || PQstatus(conn_.get()) != CONNECTION_OK)
      return Status::io_error("cannot connect to the journal's database for the keys: " +
                              std::string(conn_ ? PQerrorMessage(conn_.get()) : "out of memory"));
    PQsetNoticeProcessor(conn_.get(), ignore_notice, nullptr);
    return Status::ok();
  }

  // One statement of text parameters; once more on a new connection when the server went away
  // between requests (a restart of the database should not need one of every server).
  PostgresJournal::ResultPtr run(const char* sql, const std::vector<std::string>& params) {
    std::vector<const char*> values;
    for (const std::string& p : params) values.push_back(p.c_str());
    for (int attempt = 0;; ++attempt) {
      PostgresJournal::ResultPtr r(PQexecParams(conn_.get(), sql, static_cast<int>(values.size()), nullptr,
                                                values.data(), nullptr, nullptr, 0));
      if (attempt > 0 || PQstatus(conn_.get()) == CONNECTION_OK) return r;
      PQreset(conn_.get());
    }
  }

  std::string uri_;
  std::mutex mutex_;
  PostgresJournal::ConnPtr conn_;
};

}  // namespace

std::unique_ptr<ServeKeys> open_serve_keys(const std::string& db, const std::string& keys_file) {
  if (!keys_file.empty()) return std::make_unique<FileKeys>(keys_file);
  if (is_postgres_uri(db)) return std::make_unique<PostgresKeys>(db);
  return std::make_unique<FileKeys>(db + ".keys");
}

}  // namespace deedlog
