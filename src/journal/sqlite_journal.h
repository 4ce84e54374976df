#pragma once
// The journal in one SQLite file (or ":memory:"). Format: docs/journal.md.
#include <memory>
#include <string>
#include <string_view>

#include "journal/hash_chain.h"
#include "journal/journal.h"
#include "journal/sqlite_db.h"

namespace deedlog {

// One stored row: an event of schema 1 (type, payload) or a move of schema 2 (events).
struct StoredRow {
  bool is_move = false;
  std::int64_t seq = 0;  // its first event's seq
  std::int64_t count = 1;
  std::string at;
  std::string actor;
  std::string type;
  std::string payload;
  std::string events;
  std::string prev_hash;
  std::string hash;
};

class SqliteJournal final : public Journal {
 public:
  static Status open(const std::string& path, bool read_only, std::unique_ptr<Journal>* out);

  Status create_game(const std::string& header_json, const std::vector<NewEvent>& opening,
                     std::int64_t* game_id) override;
  Status write_transaction(const std::function<Status()>& fn) override;
  Status games(std::vector<GameRow>* out) override;
  Status game(std::int64_t game_id, GameRow* out) override;
  Status append(std::int64_t game_id, std::int64_t expected_first_seq, const std::vector<NewEvent>& events,
                std::string* head_hash = nullptr) override;
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
  Status insert_move(const MoveRow& row);
  Status insert_game(const std::string& header_json, std::int64_t* game_id);
  // Under the write lock: the game's last seq is expected_first_seq - 1 (else Conflict); its
  // last hash in *prev_hash.
  Status check_head(std::int64_t game_id, std::int64_t expected_first_seq, std::string* prev_hash);
  // Stores one append's events as rows of moves, chained from *prev_hash (left at the new head),
  // inside the caller's transaction.
  Status store_move(std::int64_t game_id, std::int64_t first_seq, const std::vector<NewEvent>& events,
                    std::string* prev_hash, std::string* head_hash);
  // The stored rows holding events from_seq..to_seq (to_seq 0 = to the end), in order, unchecked:
  // events of schema 1, then moves, the first being the move that holds from_seq.
  Status read_stored(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
                     const std::function<bool(const StoredRow&)>& fn);
  // Where a walk along the chain stands, and what broke it.
  struct ChainWalk {
    std::int64_t expected_seq = 1;
    std::string prev_hash;
    std::int64_t bad_seq = 0;
    std::string problem;
  };
  bool check_row(std::int64_t game_id, const StoredRow& row, ChainWalk* walk, bool detailed,
                 std::vector<std::pair<std::string, std::string>>* events);
  // The hash of the row that holds event seq (the event of schema 1, or its move); the genesis
  // for seq 0.
  Status hash_of_event(std::int64_t game_id, std::int64_t seq, std::string* hash);
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
  std::int64_t busy_started_ms_ = 0;  // when the current wait for the write lock began  // write_transaction calls in progress
};

}  // namespace deedlog
