// The server's keys on PostgreSQL: a table in the journal's database, beside the journal's own
// tables and not one of them (the journal is the games' record, hashed and handed round; who
// may write is the servers' business, and a key can be replaced without touching the record).
// Every read asks the database, so a key made through any server is honoured by all of them at
// once. The store has a connection of its own, shared by the server's threads under a mutex.
#include <fmt/format.h>

#include <mutex>
#include <vector>

#include "journal/key_store.h"
#include "journal/postgres_journal.h"

namespace deedlog {
namespace {

// The table as the first servers made it (the referee's key alone), and the table's key added
// since: both run at every prepare, so a table made by an older deedlog gains the column.
constexpr const char* kKeysTable = R"sql(
CREATE TABLE IF NOT EXISTS deedlog_serve_keys (
  game_id    bigint PRIMARY KEY REFERENCES games (game_id),
  key_sha256 text NOT NULL CONSTRAINT key_is_a_hash CHECK (length(key_sha256) = 64),
  created    timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE deedlog_serve_keys ADD COLUMN IF NOT EXISTS table_sha256 text
  CONSTRAINT table_key_is_a_hash CHECK (length(table_sha256) = 64))sql";

void ignore_notice(void*, const char*) {}

class PostgresKeys final : public KeyStore {
 public:
  explicit PostgresKeys(std::string uri) : uri_(std::move(uri)) {}

  Status prepare() override {
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

  Status keep(std::int64_t game, const GameKeyDigests& digests) override {
    std::lock_guard<std::mutex> lock(mutex_);
    // A game without a table's key has none in the table (NULL), as one made before there were any.
    // A second keep of a game breaks its primary key: refused, the first keys kept.
    PostgresJournal::ResultPtr r = run(
        "INSERT INTO deedlog_serve_keys (game_id, key_sha256, table_sha256) VALUES ($1, $2, nullif($3, ''))",
        {std::to_string(game), digests.referee, digests.table});
    if (PQresultStatus(r.get()) != PGRES_COMMAND_OK)
      return Status::io_error(fmt::format("storing the keys of game {}: {}", game, PQresultErrorMessage(r.get())));
    return Status::ok();
  }

  Status read(std::int64_t game, std::optional<GameKeyDigests>* out) override {
    std::lock_guard<std::mutex> lock(mutex_);
    out->reset();
    PostgresJournal::ResultPtr r = run("SELECT key_sha256, coalesce(table_sha256, '') FROM deedlog_serve_keys WHERE game_id = $1",
                                       {std::to_string(game)});
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
      return Status::io_error(fmt::format("reading the keys of game {}: {}", game, PQresultErrorMessage(r.get())));
    if (PQntuples(r.get()) == 1) *out = GameKeyDigests{PQgetvalue(r.get(), 0, 0), PQgetvalue(r.get(), 0, 1)};
    return Status::ok();
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

std::unique_ptr<KeyStore> postgres_key_store(std::string uri) { return std::make_unique<PostgresKeys>(std::move(uri)); }

}  // namespace deedlog
