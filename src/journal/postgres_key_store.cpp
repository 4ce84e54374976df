// The server's keys on PostgreSQL: a table in the journal's database, beside the journal's own
// tables and not one of them (the journal is the games' record, hashed and handed round; who
// may write is the servers' business, and a key can be replaced without touching the record).
// Every read asks the database, so a key made through any server is honoured by all of them at
// once. The store has a connection of its own, shared by the server's threads under a mutex.
#include <fmt/format.h>

#include <mutex>
#include <vector>

#include "journal/key_store.h"
#include "journal/postgres_side_connection.h"

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

class PostgresKeys final : public KeyStore {
 public:
  explicit PostgresKeys(std::string uri) : db_(std::move(uri), "the keys") {}

  Status prepare() override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (Status s = db_.connected(); !s.is_ok()) return s;
    // Two servers starting at once: the advisory lock lets one make the table, the other find it.
    return db_.make_table("deedlog serve keys", kKeysTable, "keys");
  }

  Status keep(std::int64_t game, const GameKeyDigests& digests) override {
    std::lock_guard<std::mutex> lock(mutex_);
    // A game without a table's key has none in the table (NULL), as one made before there were any.
    // A second keep of a game breaks its primary key: refused, the first keys kept.
    PostgresJournal::ResultPtr r = db_.run(
        "INSERT INTO deedlog_serve_keys (game_id, key_sha256, table_sha256) VALUES ($1, $2, nullif($3, ''))",
        {std::to_string(game), digests.referee, digests.table});
    if (PQresultStatus(r.get()) != PGRES_COMMAND_OK)
      return Status::io_error(fmt::format("storing the keys of game {}: {}", game, PQresultErrorMessage(r.get())));
    return Status::ok();
  }

  Status read(std::int64_t game, std::optional<GameKeyDigests>* out) override {
    std::lock_guard<std::mutex> lock(mutex_);
    out->reset();
    PostgresJournal::ResultPtr r = db_.run(
        "SELECT key_sha256, coalesce(table_sha256, '') FROM deedlog_serve_keys WHERE game_id = $1", {std::to_string(game)});
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
      return Status::io_error(fmt::format("reading the keys of game {}: {}", game, PQresultErrorMessage(r.get())));
    if (PQntuples(r.get()) == 1) *out = GameKeyDigests{PQgetvalue(r.get(), 0, 0), PQgetvalue(r.get(), 0, 1)};
    return Status::ok();
  }

 private:
  std::mutex mutex_;
  PostgresSideConnection db_;
};

}  // namespace

std::unique_ptr<KeyStore> postgres_key_store(std::string uri) { return std::make_unique<PostgresKeys>(std::move(uri)); }

}  // namespace deedlog
