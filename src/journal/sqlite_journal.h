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

  Status create_game(const std::string& header_json, std::int64_t* game_id) override;
  Status games(std::vector<GameRow>* out) override;
  Status game(std::int64_t game_id, GameRow* out) override;
  Status append(std::int64_t game_id, std::int64_t expected_first_seq,
                const std::vector<NewEvent>& events) override;
  Status scan(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
              const std::function<bool(const EventRow&)>& fn) override;
  Status verify_chain(std::int64_t game_id, ChainReport* report) override;
  Status put_snapshot(std::int64_t game_id, std::int64_t seq, const std::string& blob) override;
  Status latest_snapshot(std::int64_t game_id, std::int64_t max_seq, std::int64_t* seq,
                         std::string* blob) override;
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

  std::string path_;
  bool read_only_;
  sqlite::DbPtr db_;  // declared before cache_: statements finalise first
  sqlite::StatementCache cache_;
  int schema_version_ = 0;
};

}  // namespace deedlog
