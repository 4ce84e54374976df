#pragma once
// The journal in one SQLite file (or ":memory:"). Format: docs/journal.md.
#include <memory>
#include <string>
#include <string_view>

#include "journal/journal.h"
#include "journal/sqlite_db.h"

namespace deedlog {

class SqliteJournal final : public Journal {
 public:
  static Status open(const std::string& path, bool read_only, std::unique_ptr<Journal>* out);

  Status create_game(const std::string& header_json, const std::vector<NewEvent>& opening,
                     std::int64_t* game_id) override;
  Status write_transaction(const std::function<Status()>& fn) override;
  Status games(std::vector<GameRow>* out) override;
  Status game(std::int64_t game_id, GameRow* out) override;
  Status append(std::int64_t game_id, std::int64_t expected_first_seq,
                const std::vector<NewEvent>& events) override;
  Status scan(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
              const std::function<bool(const EventRow&)>& fn) override;
  using Journal::verify_chain;
  Status verify_chain(std::int64_t game_id, ChainReport* report,
                      const std::function<bool(const EventRow&)>& fn) override;
  Status put_snapshot(std::int64_t game_id, std::int64_t seq, const std::string& blob) override;
  Status latest_snapshot(std::int64_t game_id, std::int64_t max_seq, std::int64_t* seq,
                         std::string* blob) override;
  Status snapshot_seqs(std::int64_t game_id, std::vector<std::int64_t>* out) override;
  int schema_version() const override { return schema_version_; }

 private:
  SqliteJournal(std::string path, bool read_only, sqlite::DbPtr db);

  Status enable_foreign_keys();
  Status bring_schema_up_to_date();
  Status use_wal();
  Status writable(std::string_view doing) const;
  Status no_such_game(std::int64_t game_id) const;
  Status require_game(std::int64_t game_id);
  // The game's genesis and its last event (seq 0 and the genesis as hash when it has none).
  Status head(std::int64_t game_id, std::int64_t* last_seq, std::string* last_hash);
  Status insert_event(const EventRow& row);
  Status insert_game(const std::string& header_json, std::int64_t* game_id);
  // Appends inside the caller's transaction (no transaction of its own).
  Status append_rows(std::int64_t game_id, std::int64_t expected_first_seq,
                     const std::vector<NewEvent>& events);
  // Reads rows without checking them (verify_chain checks them itself, to report in detail).
  Status scan_rows(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
                   const std::function<bool(const EventRow&)>& fn);
  // The hash event seq must name as its prev_hash: event seq-1's hash, or the genesis.
  Status hash_before(std::int64_t game_id, std::int64_t seq, std::string* hash);
  // Opens a transaction of the kind that fits: a savepoint inside write_transaction's.
  sqlite::Transaction::Kind write_kind() const;

  std::string path_;
  bool read_only_;
  sqlite::DbPtr db_;  // declared before cache_: statements finalise first
  sqlite::StatementCache cache_;
  int schema_version_ = 0;
  int open_transactions_ = 0;
  std::int64_t busy_started_ms_ = 0;  // when the current wait for the write lock began  // write_transaction calls in progress
};

}  // namespace deedlog
