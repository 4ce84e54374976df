#pragma once
// The journal in one SQLite file (or ":memory:"). Format: docs/journal.md.
#include <memory>
#include <string>
#include <string_view>

#include "journal/chained_journal.h"
#include "journal/hash_chain.h"
#include "journal/journal.h"
#include "journal/sqlite_db.h"

namespace deedlog {

class SqliteJournal final : public ChainedJournal {
 public:
  static Status open(const std::string& path, bool read_only, std::unique_ptr<Journal>* out);

  DEEDLOG_JOURNAL_STORE_OVERRIDES
  int schema_version() const override { return schema_version_; }

 private:
  SqliteJournal(std::string path, bool read_only, sqlite::DbPtr db);

  Status enable_foreign_keys();
  Status bring_schema_up_to_date();
  // A journal not yet begun, read: one that holds no game, kept in memory so that the file at
  // path is not touched.
  static Status open_unbegun(const std::string& path, std::unique_ptr<Journal>* out);
  Status use_wal();
  Status no_such_game(std::int64_t game_id) const;
  // ChainedJournal's primitives (chained_journal.h), and its one SQLite has a faster way for.
  DEEDLOG_CHAINED_JOURNAL_PRIMITIVES
  Status insert_moves(const std::vector<MoveRow>& rows, std::size_t* refused) override;
  Status no_such_tournament(std::int64_t id) const;
  // Opens a transaction of the kind that fits: a savepoint inside write_transaction's.
  sqlite::Transaction::Kind write_kind() const;

  std::string path_;
  bool read_only_;
  sqlite::DbPtr db_;  // declared before cache_: statements finalise first
  sqlite::StatementCache cache_;
  int schema_version_ = 0;
  bool has_moves_ = false;            // schema 2: moves, and events_v1 for the events before
  std::string v1_table_ = "events";  // where the events of schema 1 are
  std::string select_all_games_, select_one_game_;
  int open_transactions_ = 0;
  // Opened read-only, the file turned out to be a journal not yet begun: SQLite's header and
  // nothing else (no tables, no marks), as an import killed before its tables were committed
  // leaves it. open() then reads it as open_unbegun does.
  bool unbegun_ = false;
  std::int64_t busy_started_ms_ = 0;  // when the current wait for the write lock began  // write_transaction calls in progress
};

}  // namespace deedlog
