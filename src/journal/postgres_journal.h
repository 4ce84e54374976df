#pragma once
// The journal on a PostgreSQL server, named by a libpq URI (postgresql://...). The same rows
// as an SQLite journal of schema 2 (games, moves, snapshots), the same hashes, the same checks:
// the chain is ChainedJournal's; this file only moves rows. Format: docs/journal.md.
#include <libpq-fe.h>

#include <memory>
#include <string>
#include <vector>
#include <string_view>
#include <utility>

#include "journal/chained_journal.h"
#include "journal/postgres_uri.h"  // is_postgres_uri

namespace deedlog {

// The channel on which each append announces its game (NOTIFY, payload: the game id in decimal).
// It is sent just after the appending transaction commits, in a short transaction of its own
// (never if the append rolled back), so a listener (referee serve's streams) is woken when the
// new events can be read; it is a wake-up, not a record: one lost in a crash costs a slow poll.
inline constexpr const char* kPostgresEventsChannel = "deedlog_events";

// The server's keys in the table deedlog_serve_keys of uri's database, on a connection of the
// store's own (postgres_key_store.cpp; docs/journal.md, "On PostgreSQL").
std::unique_ptr<KeyStore> postgres_key_store(std::string uri);
// Kept analyses in the table deedlog_kept_analyses of uri's database, made by the first keep, on
// a connection of the store's own (postgres_analysis_store.cpp).
std::unique_ptr<AnalysisStore> postgres_analysis_store(std::string uri);
// One connection that LISTENs on kPostgresEventsChannel of uri's database, on a thread of its own
// (postgres_append_listener.cpp).
std::unique_ptr<AppendListener> postgres_append_listener(std::string uri, AppendHeard heard);

class PostgresJournal final : public ChainedJournal {
 public:
  static Status open(const std::string& uri, bool read_only, std::unique_ptr<Journal>* out);

  DEEDLOG_JOURNAL_STORE_OVERRIDES
  // PostgreSQL journals hold schema 2's rows from the start (there is no schema 1 to migrate);
  // schema 3 adds the tournaments' tables.
  int schema_version() const override { return schema_version_; }
  std::unique_ptr<KeyStore> open_key_store() const override { return postgres_key_store(location()); }
  std::unique_ptr<AnalysisStore> open_analysis_store() const override { return postgres_analysis_store(location()); }
  std::unique_ptr<AppendListener> listen_for_appends(AppendHeard heard) const override {
    return postgres_append_listener(location(), std::move(heard));
  }

  struct ConnDeleter {
    void operator()(PGconn* c) const { PQfinish(c); }
  };
  struct ResultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
  };
  using ConnPtr = std::unique_ptr<PGconn, ConnDeleter>;
  using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

 private:
  PostgresJournal(std::string name, bool read_only, ConnPtr conn);

  // One parameter of a statement: text, or bytes sent as they are (bytea).
  struct Param {
    std::string value;
    bool binary = false;
  };
  Status exec(const char* sql, const std::vector<Param>& params, std::string_view doing, ResultPtr* out = nullptr) const;
  Status bring_schema_up_to_date();
  // Inside a write transaction: the schema's advisory lock, on which every opener that makes or
  // adds tables waits; then, under it, whether `table` is in the current schema (made by one that
  // held the lock before).
  Status lock_schema(std::string_view doing) const;
  Status lock_schema_and_find(const char* table, std::string_view doing, bool* found) const;
  Status add_seals_table();

  // The seeds of sealed games, in the table deedlog_seals: in the journal's database but not
  // part of its record (docs/journal.md, "On PostgreSQL"; docs/trust.md, "Sealed chance").
  class Seals;
  std::unique_ptr<SealStore> make_seal_store() const override;
  Status no_such_game(std::int64_t game_id) const;

  // ChainedJournal's primitives (chained_journal.h), and the head read under the game's lock.
  DEEDLOG_CHAINED_JOURNAL_PRIMITIVES
  Status head_for_append(std::int64_t game_id, std::int64_t* last_seq, std::string* last_hash) override;

  int schema_version_ = 2;
  bool has_seals_table_ = false;  // a journal of an older deedlog opened read-only may have none
  std::string name_;  // the URI without its password, for messages
  bool read_only_;
  ConnPtr conn_;
  int open_transactions_ = 0;  // write_transaction calls in progress
  // The games given moves by the transaction in progress, announced once it has committed.
  std::vector<std::int64_t> to_announce_;
  void announce();
};

}  // namespace deedlog
