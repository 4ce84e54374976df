#pragma once
// The journal's logic, whatever stores it: appending with an expected seq, splitting an append
// into rows of moves, checking each row's link as it is read (scan), verify_chain, and the
// checks on snapshots. A store (SQLite, PostgreSQL) gives it a few primitives: rows in, rows
// out, the head of a game. So both stores hash the same bytes, refuse the same appends and
// report a broken chain in the same words: the chain is decided in one place.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "journal/hash_chain.h"
#include "journal/journal.h"

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

// The same kind of failure, told in the caller's words.
Status reworded(const Status& s, std::string message);

class ChainedJournal : public Journal {
 public:
  Status create_game(const std::string& header_json, const std::vector<NewEvent>& opening,
                     std::int64_t* game_id) override;
  Status adopt_game(const GameRow& game) override;
  Status append(std::int64_t game_id, std::int64_t expected_first_seq, const std::vector<NewEvent>& events,
                std::string* head_hash = nullptr) override;
  Status scan(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
              const std::function<bool(const EventRow&)>& fn) override;
  using Journal::verify_chain;
  Status verify_chain(std::int64_t game_id, ChainReport* report,
                      const std::function<bool(const EventRow&)>& fn) override;
  Status create_chained_game(ChainedGame& game, std::int64_t* game_id) override;
  Status put_snapshot(std::int64_t game_id, std::int64_t seq, const std::string& blob) override;
  Status latest_snapshot(std::int64_t game_id, std::int64_t max_seq, std::int64_t* seq,
                         std::string* blob) override;
  Status create_tournament(const std::string& name, const std::string& settings, const std::string& judge_key_sha256,
                           std::int64_t* id) override;
  Status append_tournament_record(std::int64_t id, std::int64_t expected_seq, const std::string& kind,
                                  const std::string& payload, std::string* hash = nullptr) override;
  Status tournament_records(std::int64_t id, const std::function<bool(const TournamentRecord&)>& fn) override;

 protected:
  // A tournament's row as both stores select it (the same SQL on SQLite and PostgreSQL): its
  // columns in TournamentRow's order, the last seq of its records last; the caller adds the
  // ORDER BY or the WHERE.
  static constexpr const char* kSelectTournaments =
      "SELECT t.tournament_id, t.name, t.settings, t.judge_key_sha256, t.created, t.genesis,"
      " coalesce((SELECT max(r.seq) FROM tournament_records r WHERE r.tournament_id = t.tournament_id), 0)"
      " FROM tournaments t";

  // The store's primitives. Every write below is made inside the store's write_transaction.
  virtual Status writable(std::string_view doing) const = 0;
  // A new game row with the next free id (created: now, genesis: the header's hash).
  virtual Status insert_game(const std::string& header_json, std::int64_t* game_id) = 0;
  // A game row as given (a copy from another journal); refused when the id is taken.
  virtual Status insert_game_as(const GameRow& game) = 0;
  // The game's last event (seq 0 and the genesis as hash when it has none); NotFound when
  // there is no such game.
  virtual Status head(std::int64_t game_id, std::int64_t* last_seq, std::string* last_hash) = 0;
  // The same, read under the game's write lock, so that no other writer can append between
  // this read and the caller's inserts. A store whose write transaction already excludes
  // every other writer (SQLite's) reads the head as it is.
  virtual Status head_for_append(std::int64_t game_id, std::int64_t* last_seq, std::string* last_hash) {
    return head(game_id, last_seq, last_hash);
  }
  virtual Status insert_move(const MoveRow& row) = 0;
  // Rows of moves in order, as insert_move would store them one by one (which is what this
  // does unless a store has a faster way); on failure *refused is the index of the row refused.
  virtual Status insert_moves(const std::vector<MoveRow>& rows, std::size_t* refused);
  // The stored rows holding events from_seq..to_seq (to_seq 0 = to the end), in order, unchecked:
  // events of schema 1, then moves, the first being the move that holds from_seq.
  virtual Status read_stored(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
                             const std::function<bool(const StoredRow&)>& fn) = 0;
  // The hash of the row that holds event seq (the event of schema 1, or its move); the genesis
  // for seq 0. Corrupt when the event is missing.
  virtual Status hash_of_event(std::int64_t game_id, std::int64_t seq, std::string* hash) = 0;
  // Snapshot rows as stored (the check prefix and the state), replaced when one exists at seq.
  virtual Status store_snapshot(std::int64_t game_id, std::int64_t seq, const std::string& stored) = 0;
  // The snapshot rows at or before max_seq, newest first, until fn returns false.
  virtual Status read_snapshots(std::int64_t game_id, std::int64_t max_seq,
                                const std::function<bool(std::int64_t seq, const std::string& stored)>& fn) = 0;

  // Tournaments' rows (schema 3). insert_tournament: a new row with the next free id.
  virtual Status insert_tournament(const TournamentRow& row, std::int64_t* id) = 0;
  // The last record's seq and hash (0 and the genesis when none), under the tournament's write
  // lock where the store has one; NotFound when there is no such tournament.
  virtual Status tournament_head(std::int64_t id, std::int64_t* last_seq, std::string* last_hash) = 0;
  virtual Status insert_tournament_record(const TournamentRecord& record) = 0;
  // The stored records in seq order, unchecked.
  virtual Status read_tournament_records(std::int64_t id, const std::function<bool(const TournamentRecord&)>& fn) = 0;

  Status require_game(std::int64_t game_id);

 private:
  // Under the write lock: the game's last seq is expected_first_seq - 1 (else Conflict); its
  // last hash in *prev_hash.
  Status check_head(std::int64_t game_id, std::int64_t expected_first_seq, std::string* prev_hash);
  Status store_rows(const std::vector<MoveRow>& rows, std::size_t event_count);
  // Stores one append's events as rows of moves, chained from *prev_hash (left at the new head),
  // inside the caller's transaction.
  Status store_move(std::int64_t game_id, std::int64_t first_seq, const std::vector<NewEvent>& events,
                    std::string* prev_hash, std::string* head_hash);
  // Where a walk along the chain stands, and what broke it.
  struct ChainWalk {
    std::int64_t expected_seq = 1;
    std::string prev_hash;
    std::int64_t bad_seq = 0;
    std::string problem;
  };
  bool check_row(std::int64_t game_id, const StoredRow& row, ChainWalk* walk, bool detailed,
                 std::vector<std::pair<std::string, std::string>>* events);
};

}  // namespace deedlog

// The declarations each store's class makes, written once for both (SqliteJournal,
// PostgresJournal): its class body names the two lists, each in its place, and declares beside
// them only what is its own (head_for_append, insert_moves, the side stores).
// What Journal leaves to a store (public):
#define DEEDLOG_JOURNAL_STORE_OVERRIDES                                                                  \
  Status write_transaction(const std::function<Status()>& fn) override;                                 \
  Status games(std::vector<GameRow>* out) override;                                                     \
  Status game(std::int64_t game_id, GameRow* out) override;                                             \
  Status snapshot_seqs(std::int64_t game_id, std::vector<std::int64_t>* out) override;                  \
  Status tournaments(std::vector<TournamentRow>* out) override;                                         \
  Status tournament(std::int64_t id, TournamentRow* out) override;
// ChainedJournal's primitives, above (private):
#define DEEDLOG_CHAINED_JOURNAL_PRIMITIVES                                                               \
  Status writable(std::string_view doing) const override;                                               \
  Status insert_game(const std::string& header_json, std::int64_t* game_id) override;                   \
  Status insert_game_as(const GameRow& game) override;                                                  \
  Status head(std::int64_t game_id, std::int64_t* last_seq, std::string* last_hash) override;           \
  Status insert_move(const MoveRow& row) override;                                                      \
  Status read_stored(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,                  \
                     const std::function<bool(const StoredRow&)>& fn) override;                         \
  Status hash_of_event(std::int64_t game_id, std::int64_t seq, std::string* hash) override;             \
  Status store_snapshot(std::int64_t game_id, std::int64_t seq, const std::string& stored) override;    \
  Status read_snapshots(std::int64_t game_id, std::int64_t max_seq,                                     \
                        const std::function<bool(std::int64_t, const std::string&)>& fn) override;      \
  Status insert_tournament(const TournamentRow& row, std::int64_t* id) override;                        \
  Status tournament_head(std::int64_t id, std::int64_t* last_seq, std::string* last_hash) override;     \
  Status insert_tournament_record(const TournamentRecord& record) override;                             \
  Status read_tournament_records(std::int64_t id,                                                       \
                                 const std::function<bool(const TournamentRecord&)>& fn) override;
