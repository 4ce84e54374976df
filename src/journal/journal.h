#pragma once
// The journal: an append-only store of games and their events, one SQLite file holding many
// games. It knows nothing of the rules: it stores rows, chains their hashes and refuses to
// rewrite history. The format is written down in docs/journal.md.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "deedlog/status.h"
#include "journal/analysis_store.h"
#include "journal/append_listener.h"
#include "journal/key_store.h"
#include "journal/seal_store.h"

namespace deedlog {

// One event as the caller hands it to append(): everything but the sequence number and hashes.
struct NewEvent {
  std::string at;       // clock time of the move ("" when the move carried none)
  std::string actor;    // who made the move that caused the event ("Ann", "Referee")
  std::string type;     // event type name ("DiceThrown")
  std::string payload;  // JSON object text
};

// One stored event.
struct EventRow {
  std::int64_t game_id = 0;
  std::int64_t seq = 0;  // 1, 2, 3, ... within a game
  std::string at;
  std::string actor;
  std::string type;
  std::string payload;
  std::string prev_hash;  // hex SHA-256 of the previous event, or the game's genesis hash for seq 1
  std::string hash;       // hex SHA-256 over prev_hash and this event's fields
};

struct GameRow {
  std::int64_t game_id = 0;
  std::string header;   // JSON object text: ruleset, players, tags
  std::string created;  // ISO-8601 UTC time the game was created
  std::string genesis;  // hex SHA-256 of the header: the chain's anchor
  std::int64_t last_seq = 0;
};

// What verify_chain() found. ok == true when every link holds.
struct ChainReport {
  bool ok = true;
  std::int64_t events_checked = 0;
  std::int64_t first_bad_seq = 0;  // 0 when ok, and when !ok because the header was edited
  std::string problem;             // words for the user when !ok
  // When ok: the hash of the last event (the genesis for a game without events). Written
  // down outside the journal, it makes a later rewrite of the whole chain evident.
  std::string head_hash;
};

struct ChainedGame;  // journal/hash_chain.h

// A tournament (docs/tournaments.md): a row of settings that is never rewritten, and a chain of
// records appended after it (rounds seated, time called, appeals, sheets), as a game is a
// header and its events. The journal knows nothing of what the records mean.
struct TournamentRow {
  std::int64_t tournament_id = 0;
  std::string name;
  std::string settings;          // JSON object text (service/tournament.h reads it)
  std::string judge_key_sha256;  // hex SHA-256 of the Head Judge's key; the key is kept nowhere
  std::string created;           // ISO-8601 UTC
  std::string genesis;           // hex SHA-256 of name, settings and key digest: the records' anchor
  std::int64_t last_seq = 0;     // the last record's seq (0: none yet)
};

// One record of a tournament. kind names what happened ("seated", "time_called", "appeal", ...).
struct TournamentRecord {
  std::int64_t tournament_id = 0;
  std::int64_t seq = 0;  // 1, 2, 3, ... within the tournament
  std::string at;        // ISO-8601 UTC time it was written
  std::string kind;
  std::string payload;    // JSON object text
  std::string prev_hash;  // the record before's hash, or the tournament's genesis for seq 1
  std::string hash;
};

// True when path names a PostgreSQL database (a libpq URI, which may or may not answer) or a
// file that is there: where a reader that must not create a journal (completion, a listing)
// may try Journal::open(path, ..., read_only).
bool journal_may_exist(const std::string& path);

class Journal {
 public:
  // Opens (creating when missing) the journal file and brings its schema up to date.
  // path ":memory:" gives a private in-memory journal (tests).
  // read_only: never writes, never creates, never migrates (the file must exist).
  static Status open(const std::string& path, std::unique_ptr<Journal>* out, bool read_only = false);

  virtual ~Journal() = default;

  // Creates a game and appends its opening events (seq 1, 2, ...) in one transaction: a crash
  // or a full disk leaves either the whole game or nothing, never a game without its opening.
  virtual Status create_game(const std::string& header_json, const std::vector<NewEvent>& opening,
                             std::int64_t* game_id) = 0;

  // create_game for a game whose rows were already made and chained (chain_game in
  // journal/hash_chain.h), off the writer's thread: the same rows and hashes as create_game
  // of the same header and events. The game's id in *game_id; when it is not the id the rows
  // were chained for, they are chained again for it (game is updated).
  virtual Status create_chained_game(ChainedGame& game, std::int64_t* game_id) = 0;

  // Creates a game as another journal holds it: the same id, header, created time and genesis
  // (referee copy). The chain hashes the game id, so a copy keeps it; Conflict when this
  // journal already holds a game of that id. Its events follow by append().
  virtual Status adopt_game(const GameRow& game) = 0;

  // Runs fn inside one write transaction: every create_game, append and put_snapshot it makes
  // lands together when fn returns ok, and none of them does otherwise (an import is one
  // transaction). The write lock is taken at once, waiting fairly for other writers.
  virtual Status write_transaction(const std::function<Status()>& fn) = 0;
  virtual Status games(std::vector<GameRow>* out) = 0;
  virtual Status game(std::int64_t game_id, GameRow* out) = 0;

  // Appends events as seq expected_first_seq, expected_first_seq+1, ... in one transaction.
  // If the game's last seq is not expected_first_seq-1 (another writer got there first),
  // nothing is written and a Conflict status says so.
  // The events are stored a row per move (docs/journal.md): a row starts at each MovePlayed
  // and wherever at or actor changes. head_hash, when given, receives the game's new head: the
  // hash of the last row.
  virtual Status append(std::int64_t game_id, std::int64_t expected_first_seq, const std::vector<NewEvent>& events,
                        std::string* head_hash = nullptr) = 0;

  // Calls fn for each event with from_seq <= seq <= to_seq (to_seq 0 = to the end), in order.
  // fn returns false to stop early. Every row is checked before fn sees it: its seq follows
  // on, its prev_hash is the hash of the event before it (the genesis for event 1) and its
  // fields hash to its stored hash; the first row that fails stops the scan with a Corrupt
  // status naming the event. (verify_chain reports the same problems as a ChainReport.)
  virtual Status scan(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
                      const std::function<bool(const EventRow&)>& fn) = 0;

  // Recomputes the hash chain of one game: catches edited, deleted, inserted and reordered events.
  Status verify_chain(std::int64_t game_id, ChainReport* report) { return verify_chain(game_id, report, nullptr); }
  // The same walk, handing each row that passed its checks to fn in seq order, so that a
  // reader of the whole game (verify) reads and hashes it once. When fn returns false it is
  // not called again but the chain is still checked to its end, so the report is whole.
  virtual Status verify_chain(std::int64_t game_id, ChainReport* report,
                              const std::function<bool(const EventRow&)>& fn) = 0;

  // Snapshots: a cache of folded state, never the truth. Dropping them all changes no answer.
  virtual Status put_snapshot(std::int64_t game_id, std::int64_t seq, const std::string& blob) = 0;
  // The latest snapshot at or before max_seq; *seq = 0 when there is none. The bytes are
  // returned as stored: the caller checks them before believing them (app/snapshot.h).
  virtual Status latest_snapshot(std::int64_t game_id, std::int64_t max_seq, std::int64_t* seq,
                                 std::string* blob) = 0;

  // The events after which snapshots are stored, in order (sound or not).
  virtual Status snapshot_seqs(std::int64_t game_id, std::vector<std::int64_t>* out) = 0;

  virtual int schema_version() const = 0;

  // Tournaments (schema 3). A journal of an older schema opened read-only holds none.
  // create_tournament: a new row (genesis computed here); its id in *id.
  virtual Status create_tournament(const std::string& name, const std::string& settings,
                                   const std::string& judge_key_sha256, std::int64_t* id) = 0;
  virtual Status tournaments(std::vector<TournamentRow>* out) = 0;
  // NotFound when there is no such tournament.
  virtual Status tournament(std::int64_t id, TournamentRow* out) = 0;
  // Appends one record as seq expected_seq (Conflict, nothing written, when the tournament's
  // last record is not expected_seq - 1), chained to the one before. *hash: the new record's.
  virtual Status append_tournament_record(std::int64_t id, std::int64_t expected_seq, const std::string& kind,
                                          const std::string& payload, std::string* hash = nullptr) = 0;
  // Every record in order, each checked against the chain before fn sees it (Corrupt, naming the
  // record, at the first that fails).
  virtual Status tournament_records(std::int64_t id, const std::function<bool(const TournamentRecord&)>& fn) = 0;

  // The path or URI the journal was opened from, as given ("" for one made otherwise).
  const std::string& location() const { return location_; }

  // Where this journal keeps its sealed games' seeds, apart from its record (journal/seal_store.h):
  // made on first use by the journal's kind (make_seal_store). Keeping a seed is not a change of
  // the record, so a journal handed round as read-only data still reads its seals.
  SealStore& seals() const {
    if (!seals_) seals_ = make_seal_store();
    return *seals_;
  }

  // A journal that holds sealed games is its owner's alone (docs/trust.md, "Who can read what at
  // one computer"): its record shows each table's throws as they are made, and the k-th throw is
  // every table's. make_private closes an SQLite file and its -wal and -shm to others (0600;
  // SQLite makes the side files it creates later with the file's mode) when a sealed game is
  // made in it; check_private refuses one that others may read, whose folder others may write,
  // or that is not this account's (Status::not_private, naming the `chmod` to run), before a
  // sealed game's seed is used. Ordinary journals follow the umask. In memory and on PostgreSQL
  // (whose seals' table is closed to PUBLIC) there is no file to close: both are ok.
  Status make_private() const;
  Status check_private() const;

  // The store of the server's keys for this journal's games (journal/key_store.h), made by the
  // journal's kind: `<location>.keys` beside an SQLite file, the table deedlog_serve_keys on
  // PostgreSQL (on a connection of the store's own), the store's memory for an in-memory journal.
  // The store may outlive the journal; it is not read or made until its prepare().
  virtual std::unique_ptr<KeyStore> open_key_store() const;

  // Where the analyses of this journal's games are kept (journal/analysis_store.h), made by the
  // journal's kind: the folder `<location>.analysis` beside an SQLite file, the table
  // deedlog_kept_analyses on PostgreSQL (on a connection of the store's own, made on first use),
  // the store's memory for an in-memory journal. The store may outlive the journal.
  virtual std::unique_ptr<AnalysisStore> open_analysis_store() const;

  // Hears of the appends any process makes to this journal, from now until the listener is
  // destroyed (journal/append_listener.h). nullptr when the journal's kind announces none (an
  // SQLite file: its readers poll); the listener may outlive the journal.
  virtual std::unique_ptr<AppendListener> listen_for_appends(AppendHeard heard) const;

 protected:
  // A file beside the journal's file (`<location>.seals`), or this process's memory for an
  // in-memory journal (location ":memory:" or ""). PostgreSQL's keeps them in a table.
  virtual std::unique_ptr<SealStore> make_seal_store() const;

 private:
  std::string location_;
  mutable std::unique_ptr<SealStore> seals_;
};

// Hex SHA-256 of text.
std::string sha256_hex(const std::string& text);

}  // namespace deedlog
