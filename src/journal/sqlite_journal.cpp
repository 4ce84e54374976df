#include "journal/sqlite_journal.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <limits>
#include <random>
#include <utility>

#include "journal/hash_chain.h"
#include "journal/migrations.h"

namespace deedlog {
namespace {

// How long a writer waits for other processes' transactions before giving up. A move is a
// handful of rows, but an import is one transaction of a whole game, and several may queue.
constexpr int kBusyTimeoutMs = 30000;

// SQLite's own busy handler sleeps longer and longer, so a writer that has waited a while
// loses every race to newcomers (eight imports at once failed one time in five). This one
// sleeps a short random while each time: every waiter has the same chance at each release.
int wait_fairly(void* started_ms, int attempts) {
  using Clock = std::chrono::steady_clock;
  auto* started = static_cast<std::int64_t*>(started_ms);
  const std::int64_t now =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
  if (attempts == 0) *started = now;
  if (now - *started >= kBusyTimeoutMs) return 0;
  thread_local std::minstd_rand jitter(std::random_device{}());
  const int longest = attempts < 4 ? 2 : 8;  // ms: eager at first, then gentler
  sqlite3_sleep(1 + static_cast<int>(jitter() % static_cast<unsigned>(longest)));
  return 1;
}

constexpr char kInMemory[] = ":memory:";

// Hashes shortened for messages: enough to tell two apart by eye.
std::string short_hash(const std::string& hash) { return hash.substr(0, 12); }

// The same kind of failure, told in the caller's words.
Status reworded(const Status& s, std::string message) {
  switch (s.code()) {
    case Status::Code::Ok: return Status::ok();
    case Status::Code::NotFound: return Status::not_found(std::move(message));
    case Status::Code::Conflict: return Status::conflict(std::move(message));
    case Status::Code::Corrupt: return Status::corrupt(std::move(message));
    case Status::Code::InvalidArgument: return Status::invalid_argument(std::move(message));
    case Status::Code::IOError: return Status::io_error(std::move(message));
  }
  return Status::io_error(std::move(message));
}

std::string conflict_message(std::int64_t game_id, std::int64_t last_seq,
                             std::int64_t expected_first_seq) {
  const std::int64_t expected_last = expected_first_seq - 1;
  const char* why = last_seq > expected_last
                        ? "another writer appended first"
                        : "the move was decided on events the journal does not have";
  return fmt::format("game {} is at seq {}, this move expected {}: {}; nothing was written",
                     game_id, last_seq, expected_last, why);
}

enum class FileKind { Empty, Behind, Current };

// Tells what an opened file is from its header alone, refusing what deedlog must not touch.
Status classify(const migrations::FileState& st, const std::string& path, FileKind* kind) {
  const int latest = migrations::latest_version();
  if (st.application_id == migrations::kApplicationId) {
    if (st.user_version > latest) {
      return Status::corrupt(fmt::format(
          "{} is not a journal this program can read: it was written by a newer deedlog "
          "(journal schema {}; this program knows up to {}); open it with a newer deedlog",
          path, st.user_version, latest));
    }
    if (st.user_version < 1) {
      return Status::corrupt(
          fmt::format("{} is marked as a deedlog journal but records no schema version", path));
    }
    *kind = st.user_version == latest ? FileKind::Current : FileKind::Behind;
    return Status::ok();
  }
  if (st.application_id == 0 && st.user_version == 0 && st.schema_objects == 0) {
    *kind = FileKind::Empty;
    return Status::ok();
  }
  return Status::corrupt(
      fmt::format("{} is not a deedlog journal: it is an SQLite database of another program", path));
}


GameRow game_row(const sqlite::Query& q) {
  GameRow row;
  row.game_id = q.int64(0);
  row.header = q.text(1);
  row.created = q.text(2);
  row.genesis = q.text(3);
  row.last_seq = q.int64(4);
  return row;
}

}  // namespace

SqliteJournal::SqliteJournal(std::string path, bool read_only, sqlite::DbPtr db)
    : path_(std::move(path)), read_only_(read_only), db_(std::move(db)), cache_(db_.get()) {
  // Before anything reads the file: another process may be migrating or appending.
  sqlite3_busy_handler(db_.get(), wait_fairly, &busy_started_ms_);
}

namespace {

// A file name as an SQLite URI path: the characters a URI gives a meaning to are escaped.
std::string uri_path(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#') out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    else out += c;
  }
  return out;
}

// Words for a path that cannot be opened, instead of SQLite's "unable to open database file".
Status unopenable(const std::string& path, bool read_only) {
  std::error_code ec;
  const std::filesystem::path p(path);
  if (std::filesystem::is_directory(p, ec)) {
    return Status::invalid_argument(fmt::format("{} is a folder, not a journal file", path));
  }
  const auto parent = p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(parent, ec)) {
    return Status::invalid_argument(
        fmt::format("cannot make a journal at {}: the folder {} does not exist", path, parent.string()));
  }
  return Status::io_error(fmt::format("cannot open {} for {}: check that the file and its folder "
                                      "may be {}",
                                      path, read_only ? "reading" : "writing",
                                      read_only ? "read" : "written"));
}

}  // namespace

Status SqliteJournal::open(const std::string& path, bool read_only, std::unique_ptr<Journal>* out) {
  const bool in_memory = path == kInMemory;
  if (in_memory && read_only) {
    return Status::invalid_argument("an in-memory journal starts empty: it cannot be read-only");
  }
  std::error_code ignored;
  if (read_only && !std::filesystem::exists(path, ignored)) {
    return Status::not_found(fmt::format("there is no journal at {}", path));
  }
  if (!in_memory && std::filesystem::is_directory(path, ignored)) return unopenable(path, read_only);
  // A read-only journal on a read-only file system (an archive, a CD): SQLite cannot make the
  // WAL's shared-memory file beside it, so it is opened as immutable, which needs no lock.
  // Only when no write-ahead log holds events the main file lacks: those would be missed.
  for (const bool immutable : {false, true}) {
    if (immutable) {
      const auto wal = std::filesystem::path(path + "-wal");
      if (!read_only || (std::filesystem::exists(wal, ignored) && std::filesystem::file_size(wal, ignored) > 0)) {
        break;
      }
    }
    const int flags = read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    const std::string name = immutable ? "file:" + uri_path(path) + "?immutable=1" : path;
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(name.c_str(), &raw, flags | (immutable ? SQLITE_OPEN_URI : 0), nullptr);
    sqlite::DbPtr db(raw);  // sqlite3_open_v2 hands back a handle to close even when it fails
    if (rc != SQLITE_OK) {
      if ((rc & 0xFF) == SQLITE_CANTOPEN || (rc & 0xFF) == SQLITE_READONLY) continue;
      return sqlite::error_status(raw, rc, fmt::format("opening {}", path));
    }
    std::unique_ptr<SqliteJournal> journal(new SqliteJournal(path, read_only, std::move(db)));
    Status s = journal->bring_schema_up_to_date();
    if (s.is_ok()) s = journal->enable_foreign_keys();
    if (s.is_ok()) {
      *out = std::move(journal);
      return Status::ok();
    }
    // A writer's I/O failure (a full disk while the schema is made) is told in SQLite's words;
    // a reader's is most likely the read-only medium, tried again as immutable.
    if (!s.is_io_error() || !read_only) return s;
  }
  return unopenable(path, read_only);
}

// A setting of the connection, not of the file: it writes nothing. Enabled after the file
// is known to be a journal, so that a file that is not one is refused with clear words.
Status SqliteJournal::enable_foreign_keys() {
  sqlite::Query q;
  if (Status s = cache_.prepare("PRAGMA foreign_keys = ON", &q); !s.is_ok()) return s;
  if (Status s = q.run("enabling foreign keys"); !s.is_ok()) return s;
  // Statement and savepoint journals in memory: every insert inside a transaction (a game,
  // an import) keeps one to undo itself if a trigger refuses it, and on disk each wrote its
  // page to a temporary file (14,000 writes for 3 simulated games, against 841 to the WAL).
  // They hold at most the pages one transaction changes. A setting of the connection.
  sqlite::Query temp;
  if (Status s = cache_.prepare("PRAGMA temp_store = MEMORY", &temp); !s.is_ok()) return s;
  return temp.run("keeping temporary journals in memory");
}

// Writes only when the file is new or its schema is behind: opening a current journal
// leaves its bytes as they were, so reading a game never changes the file.
Status SqliteJournal::bring_schema_up_to_date() {
  if (Status s = migrations::check_numbering(); !s.is_ok()) return s;
  migrations::FileState state;
  if (Status s = migrations::inspect(&cache_, &state); !s.is_ok()) {
    if (s.is_corrupt()) {  // SQLite's own words say enough; the statement it was reading does not
      return Status::corrupt(fmt::format("{} is not a deedlog journal: SQLite says \"{}\"", path_,
                                         sqlite3_errmsg(db_.get())));
    }
    return reworded(s, fmt::format("{}: {}", path_, s.message()));
  }
  FileKind kind = FileKind::Empty;
  if (Status s = classify(state, path_, &kind); !s.is_ok()) return s;
  if (kind == FileKind::Empty && read_only_) {
    return Status::corrupt(fmt::format("{} is not a deedlog journal: it is empty", path_));
  }
  // An older journal opened read-only is read as it is (schema 1: a row per event in events);
  // opened for writing, it is brought up to date first.
  if (kind != FileKind::Current && !read_only_) {
    if (Status s = use_wal(); !s.is_ok()) return s;
    if (Status s = migrations::migrate(db_.get(), &cache_); !s.is_ok()) return s;
    if (Status s = migrations::inspect(&cache_, &state); !s.is_ok()) return s;
    if (Status s = classify(state, path_, &kind); !s.is_ok()) return s;
  }
  schema_version_ = static_cast<int>(state.user_version);
  has_moves_ = schema_version_ >= 2;
  v1_table_ = has_moves_ ? "events_v1" : "events";
  const std::string v1_last = "(SELECT max(seq) FROM " + v1_table_ + " e WHERE e.game_id = g.game_id)";
  const std::string last_seq =
      has_moves_ ? "coalesce((SELECT seq + count - 1 FROM moves m WHERE m.game_id = g.game_id ORDER BY seq DESC LIMIT 1), " +
                       v1_last + ", 0)"
                 : "coalesce(" + v1_last + ", 0)";
  select_all_games_ = "SELECT game_id, header, created, genesis, " + last_seq + " FROM games g ORDER BY game_id";
  select_one_game_ = "SELECT game_id, header, created, genesis, " + last_seq + " FROM games g WHERE game_id = ?1";
  return Status::ok();
}

// WAL lets readers go on while a move is written, and is kept in the file once set, so it
// is set once, when the file is made; an in-memory journal has no WAL. The switch needs the
// file to itself and SQLite does not wait for that on its own (two processes creating the
// same journal meet here), so it is retried for as long as any other lock is waited for.
Status SqliteJournal::use_wal() {
  if (path_ == kInMemory) return Status::ok();
  constexpr int kRetryMs = 10;
  for (int waited = 0;; waited += kRetryMs) {
    sqlite::Query q;
    if (Status s = cache_.prepare("PRAGMA journal_mode = WAL", &q); !s.is_ok()) return s;
    const int rc = q.step();
    if (rc == SQLITE_ROW && q.text(0) == "wal") return Status::ok();
    if ((rc & 0xFF) != SQLITE_BUSY || waited >= kBusyTimeoutMs) {
      return Status::io_error(fmt::format("{}: could not switch the journal to WAL mode ({})",
                                          path_, sqlite3_errmsg(db_.get())));
    }
    sqlite3_sleep(kRetryMs);
  }
}

Status SqliteJournal::writable(std::string_view doing) const {
  if (!read_only_) return Status::ok();
  return Status::invalid_argument(fmt::format("cannot {}: {} was opened read-only", doing, path_));
}

sqlite::Transaction::Kind SqliteJournal::write_kind() const {
  return open_transactions_ > 0 ? sqlite::Transaction::Kind::Savepoint : sqlite::Transaction::Kind::Immediate;
}

Status SqliteJournal::write_transaction(const std::function<Status()>& fn) {
  if (Status s = writable("write"); !s.is_ok()) return s;
  sqlite::Transaction tx(&cache_, write_kind());
  if (!tx.begun().is_ok()) {
    return reworded(tx.begun(), fmt::format("{}; nothing was written", tx.begun().message()));
  }
  ++open_transactions_;
  Status s = fn();
  --open_transactions_;
  if (!s.is_ok()) return s;  // tx rolls back as it goes out of scope
  return tx.commit();
}

Status SqliteJournal::create_game(const std::string& header_json, const std::vector<NewEvent>& opening,
                                  std::int64_t* game_id) {
  return write_transaction([&] {
    std::int64_t id = 0;
    if (Status s = insert_game(header_json, &id); !s.is_ok()) return s;
    if (!opening.empty()) {
      std::string prev_hash;
      if (Status s = check_head(id, 1, &prev_hash); !s.is_ok()) return s;
      if (Status s = store_move(id, 1, opening, &prev_hash, nullptr); !s.is_ok()) return s;
    }
    *game_id = id;
    return Status::ok();
  });
}

Status SqliteJournal::insert_game(const std::string& header_json, std::int64_t* game_id) {
  sqlite::Query q;
  if (Status s = cache_.prepare("INSERT INTO games (header, created, genesis)"
                                " VALUES (?1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?2)",
                                &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, header_json).bind(2, genesis_hash(header_json));
  if (Status s = q.run("creating a game (the header must be JSON text)"); !s.is_ok()) return s;
  *game_id = sqlite3_last_insert_rowid(db_.get());
  return Status::ok();
}

Status SqliteJournal::games(std::vector<GameRow>* out) {
  sqlite::Query q;
  if (Status s = cache_.prepare(select_all_games_.c_str(), &q); !s.is_ok()) return s;
  out->clear();
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out->push_back(game_row(q));
  if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "listing the games");
  return Status::ok();
}

Status SqliteJournal::game(std::int64_t game_id, GameRow* out) {
  sqlite::Query q;
  if (Status s = cache_.prepare(select_one_game_.c_str(), &q); !s.is_ok()) return s;
  q.bind(1, game_id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return no_such_game(game_id);
  if (rc != SQLITE_ROW) return sqlite::error_status(db_.get(), rc, "reading a game");
  *out = game_row(q);
  return Status::ok();
}

Status SqliteJournal::no_such_game(std::int64_t game_id) const {
  return Status::not_found(fmt::format("there is no game {} in {}", game_id, path_));
}

Status SqliteJournal::head(std::int64_t game_id, std::int64_t* last_seq, std::string* last_hash) {
  {
    sqlite::Query q;
    if (Status s = cache_.prepare("SELECT genesis FROM games WHERE game_id = ?1", &q); !s.is_ok()) {
      return s;
    }
    q.bind(1, game_id);
    const int rc = q.step();
    if (rc == SQLITE_DONE) return no_such_game(game_id);
    if (rc != SQLITE_ROW) return sqlite::error_status(db_.get(), rc, "reading a game");
    *last_seq = 0;
    *last_hash = q.text(0);
  }
  if (has_moves_) {
    sqlite::Query q;
    if (Status s = cache_.prepare(
            "SELECT seq + count - 1, hash FROM moves WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1", &q);
        !s.is_ok()) {
      return s;
    }
    q.bind(1, game_id);
    const int rc = q.step();
    if (rc == SQLITE_ROW) {
      *last_seq = q.int64(0);
      *last_hash = q.text(1);
      return Status::ok();
    }
    if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "reading the last move of a game");
  }
  sqlite::Query q;
  const std::string sql = "SELECT seq, hash FROM " + v1_table_ + " WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1";
  if (Status s = cache_.prepare(sql.c_str(), &q); !s.is_ok()) return s;
  q.bind(1, game_id);
  const int rc = q.step();
  if (rc == SQLITE_ROW) {
    *last_seq = q.int64(0);
    *last_hash = q.text(1);
  } else if (rc != SQLITE_DONE) {
    return sqlite::error_status(db_.get(), rc, "reading the last event of a game");
  }
  return Status::ok();
}

Status SqliteJournal::insert_move(const MoveRow& row) {
  sqlite::Query q;
  if (Status s = cache_.prepare(
          "INSERT INTO moves (game_id, seq, count, at, actor, events, prev_hash, hash)"
          " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
          &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, row.game_id).bind(2, row.seq).bind(3, row.count).bind(4, row.at).bind(5, row.actor);
  q.bind(6, row.events).bind(7, row.prev_hash).bind(8, row.hash);
  return q.run("storing a move");
}

Status SqliteJournal::append(std::int64_t game_id, std::int64_t expected_first_seq,
                             const std::vector<NewEvent>& events, std::string* head_hash) {
  if (events.empty()) return Status::ok();
  // The write lock is taken at once (IMMEDIATE), so the last seq is read under it and no
  // other writer can append between the check and the inserts.
  return write_transaction([&] {
    std::string prev_hash;
    if (Status s = check_head(game_id, expected_first_seq, &prev_hash); !s.is_ok()) return s;
    return store_move(game_id, expected_first_seq, events, &prev_hash, head_hash);
  });
}

Status SqliteJournal::check_head(std::int64_t game_id, std::int64_t expected_first_seq, std::string* prev_hash) {
  if (expected_first_seq < 1) {
    return Status::invalid_argument(
        fmt::format("events are numbered from 1; cannot append at seq {}", expected_first_seq));
  }
  std::int64_t last_seq = 0;
  if (Status s = head(game_id, &last_seq, prev_hash); !s.is_ok()) return s;
  if (last_seq != expected_first_seq - 1) {
    return Status::conflict(conflict_message(game_id, last_seq, expected_first_seq));
  }
  return Status::ok();
}

// The event that begins each move (docs/journal.md): a row of moves starts at each one. The
// journal knows no other event type; this one is where the engine says a move begins.
constexpr std::string_view kMoveBegins = "MovePlayed";

// One append's events, as rows of moves: a new row at each MovePlayed and wherever at or actor
// changes, so the rows, and so the hashes, are the same however the events were batched (a
// move at a time by play and import, a game at once by self-play). Each event is checked
// first, as schema 1's constraints did, so a refused move names its event and writes nothing.
Status SqliteJournal::store_move(std::int64_t game_id, std::int64_t first_seq, const std::vector<NewEvent>& events,
                                 std::string* prev_hash, std::string* head_hash) {
  for (std::size_t i = 0; i < events.size(); ++i) {
    const NewEvent& e = events[i];
    const char* broken = e.type.empty() ? "it has no type (type_is_named)"
                         : !is_json(e.payload) ? "its payload is not JSON (payload_is_json)"
                                               : nullptr;
    if (broken != nullptr) {
      return Status::invalid_argument(fmt::format(
          "event {} of {} (seq {}, {}) was refused, so none of them was written: {}", i + 1, events.size(),
          first_seq + static_cast<std::int64_t>(i), e.type, broken));
    }
  }
  MoveRow row;
  row.game_id = game_id;
  for (std::size_t begin = 0; begin < events.size();) {
    std::size_t end = begin + 1;
    while (end < events.size() && events[end].type != kMoveBegins && events[end].at == events[begin].at &&
           events[end].actor == events[begin].actor) {
      ++end;
    }
    row.seq = first_seq + static_cast<std::int64_t>(begin);
    row.count = static_cast<std::int64_t>(end - begin);
    row.at = events[begin].at;
    row.actor = events[begin].actor;
    row.events = move_events_json(events, begin, end);
    row.prev_hash = *prev_hash;
    row.hash = move_hash(row);
    if (Status s = insert_move(row); !s.is_ok()) {
      // The caller's transaction rolls back: the whole move or nothing.
      return reworded(s, fmt::format("events {} to {} of {} (seq {} on, {}) were refused, so none of them was "
                                     "written: {}",
                                     begin + 1, end, events.size(), row.seq, events[begin].type, s.message()));
    }
    *prev_hash = row.hash;
    begin = end;
  }
  if (head_hash != nullptr) *head_hash = *prev_hash;
  return Status::ok();
}

Status SqliteJournal::require_game(std::int64_t game_id) {
  std::int64_t last_seq = 0;
  std::string last_hash;
  return head(game_id, &last_seq, &last_hash);
}

Status SqliteJournal::hash_of_event(std::int64_t game_id, std::int64_t seq, std::string* hash) {
  if (seq <= 0) {
    sqlite::Query q;
    if (Status s = cache_.prepare("SELECT genesis FROM games WHERE game_id = ?1", &q); !s.is_ok()) return s;
    q.bind(1, game_id);
    const int rc = q.step();
    if (rc == SQLITE_DONE) return no_such_game(game_id);
    if (rc != SQLITE_ROW) return sqlite::error_status(db_.get(), rc, "reading a game");
    *hash = q.text(0);
    return Status::ok();
  }
  const auto missing = [&] {
    return Status::corrupt(fmt::format("event {} of game {} is missing (an event was deleted): "
                                       "the journal is damaged; referee verify tells more",
                                       seq, game_id));
  };
  if (has_moves_) {
    sqlite::Query q;
    if (Status s = cache_.prepare(
            "SELECT seq + count - 1, hash FROM moves WHERE game_id = ?1 AND seq <= ?2 ORDER BY seq DESC LIMIT 1", &q);
        !s.is_ok()) {
      return s;
    }
    q.bind(1, game_id).bind(2, seq);
    const int rc = q.step();
    if (rc == SQLITE_ROW) {
      if (q.int64(0) < seq) return missing();
      *hash = q.text(1);
      return Status::ok();
    }
    if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "reading moves");
  }
  sqlite::Query q;
  const std::string sql = "SELECT hash FROM " + v1_table_ + " WHERE game_id = ?1 AND seq = ?2";
  if (Status s = cache_.prepare(sql.c_str(), &q); !s.is_ok()) return s;
  q.bind(1, game_id).bind(2, seq);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return missing();
  if (rc != SQLITE_ROW) return sqlite::error_status(db_.get(), rc, "reading events");
  *hash = q.text(0);
  return Status::ok();
}

Status SqliteJournal::read_stored(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
                                  const std::function<bool(const StoredRow&)>& fn) {
  if (Status s = require_game(game_id); !s.is_ok()) return s;
  const std::int64_t last = to_seq == 0 ? std::numeric_limits<std::int64_t>::max() : to_seq;
  StoredRow row;
  int rc;
  {
    sqlite::Query q;
    const std::string sql = "SELECT seq, at, actor, type, payload, prev_hash, hash FROM " + v1_table_ +
                            " WHERE game_id = ?1 AND seq >= ?2 AND seq <= ?3 ORDER BY seq";
    if (Status s = cache_.prepare(sql.c_str(), &q); !s.is_ok()) return s;
    q.bind(1, game_id).bind(2, from_seq).bind(3, last);
    row.is_move = false;
    row.count = 1;
    while ((rc = q.step()) == SQLITE_ROW) {
      row.seq = q.int64(0);
      row.at.assign(q.text_view(1));
      row.actor.assign(q.text_view(2));
      row.type.assign(q.text_view(3));
      row.payload.assign(q.text_view(4));
      row.prev_hash.assign(q.text_view(5));
      row.hash.assign(q.text_view(6));
      if (!fn(row)) return Status::ok();
    }
    if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "reading events");
  }
  if (!has_moves_) return Status::ok();
  // From the move that holds from_seq: a move is read and checked whole.
  std::int64_t first = from_seq;
  {
    sqlite::Query q;
    if (Status s = cache_.prepare("SELECT seq FROM moves WHERE game_id = ?1 AND seq <= ?2 ORDER BY seq DESC LIMIT 1",
                                  &q);
        !s.is_ok()) {
      return s;
    }
    q.bind(1, game_id).bind(2, from_seq);
    rc = q.step();
    if (rc == SQLITE_ROW) first = q.int64(0);
    else if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "reading moves");
  }
  sqlite::Query q;
  if (Status s = cache_.prepare("SELECT seq, count, at, actor, events, prev_hash, hash FROM moves"
                                " WHERE game_id = ?1 AND seq >= ?2 AND seq <= ?3 ORDER BY seq",
                                &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, game_id).bind(2, first).bind(3, last);
  row.is_move = true;
  row.type.clear();
  row.payload.clear();
  while ((rc = q.step()) == SQLITE_ROW) {
    row.seq = q.int64(0);
    row.count = q.int64(1);
    row.at.assign(q.text_view(2));
    row.actor.assign(q.text_view(3));
    row.events.assign(q.text_view(4));
    row.prev_hash.assign(q.text_view(5));
    row.hash.assign(q.text_view(6));
    if (!fn(row)) return Status::ok();
  }
  if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "reading moves");
  return Status::ok();
}

namespace {

// "the move of events 12 to 16 (MovePlayed, DiceThrown, ...)": a move named by what it holds.
std::string move_words(const StoredRow& row, const std::vector<std::pair<std::string, std::string>>& events) {
  std::string types;
  for (std::size_t i = 0; i < events.size() && i < 3; ++i) types += (i ? ", " : "") + events[i].first.substr(0, 40);
  if (events.size() > 3) types += ", ...";
  const std::int64_t last = row.seq + row.count - 1;
  std::string range = row.count == 1 ? fmt::format("the move of event {}", row.seq)
                                     : fmt::format("the move of events {} to {}", row.seq, last);
  return types.empty() ? range : fmt::format("{} ({})", range, types);
}

}  // namespace

// The chain's checks on one stored row (docs/journal.md, "What verify_chain checks"); on
// success its events are in *events (for a row of schema 1, the one event). On failure the
// words say what is wrong, in detail when detailed (verify_chain) or briefly (scan).
bool SqliteJournal::check_row(std::int64_t game_id, const StoredRow& row, ChainWalk* walk, bool detailed,
                              std::vector<std::pair<std::string, std::string>>* events) {
  const auto fail = [&](std::int64_t seq, std::string words) {
    walk->bad_seq = seq;
    walk->problem = std::move(words);
    return false;
  };
  const std::int64_t expected = walk->expected_seq;
  const std::string before = expected == 1 ? std::string("the game's genesis") : fmt::format("event {}'s hash", expected - 1);
  if (!row.is_move) {
    if (row.seq != expected) {
      return fail(expected, detailed ? fmt::format("event {} is missing: event {} comes after event {} "
                                                   "(an event was deleted)",
                                                   expected, row.seq, expected - 1)
                                     : fmt::format("event {} is missing (an event was deleted)", expected));
    }
    if (row.prev_hash != walk->prev_hash) {
      return fail(row.seq, detailed ? fmt::format("event {} does not follow on: its prev_hash {} is not {} "
                                                  "{} (events were deleted, inserted, reordered or "
                                                  "rewritten before it)",
                                                  row.seq, short_hash(row.prev_hash), before, short_hash(walk->prev_hash))
                                    : fmt::format("event {} does not follow on from the event before it "
                                                  "(events were deleted, inserted, reordered or rewritten)",
                                                  row.seq));
    }
    EventRow e;
    e.game_id = game_id;
    e.seq = row.seq;
    e.at = row.at;
    e.actor = row.actor;
    e.type = row.type;
    e.payload = row.payload;
    e.prev_hash = row.prev_hash;
    const std::string recomputed = event_hash(e);
    if (recomputed != row.hash) {
      return fail(row.seq, detailed ? fmt::format("event {} ({}) was edited: its fields hash to {} but its "
                                                  "stored hash is {}",
                                                  row.seq, row.type, short_hash(recomputed), short_hash(row.hash))
                                    : fmt::format("event {} ({}) was edited: its fields do not hash to its stored hash",
                                                  row.seq, row.type.substr(0, 40)));
    }
    events->clear();
    events->emplace_back(row.type, row.payload);
  } else {
    if (row.seq != expected) {
      return fail(expected, row.seq > expected
                                ? fmt::format("event {} is missing: the next move starts at event {} (a move was "
                                              "deleted)",
                                              expected, row.seq)
                                : fmt::format("the move stored at event {} overlaps the events before it (moves "
                                              "were inserted or rewritten)",
                                              row.seq));
    }
    std::string split_problem;
    const bool split = split_move_events(row.events, events, &split_problem);
    if (!split) events->clear();
    if (row.prev_hash != walk->prev_hash) {
      return fail(row.seq, detailed ? fmt::format("{} does not follow on: its prev_hash {} is not {} {} (moves "
                                                  "were deleted, inserted, reordered or rewritten before it)",
                                                  move_words(row, *events), short_hash(row.prev_hash), before,
                                                  short_hash(walk->prev_hash))
                                    : fmt::format("{} does not follow on from the event before it (moves were "
                                                  "deleted, inserted, reordered or rewritten)",
                                                  move_words(row, *events)));
    }
    MoveRow m;
    m.game_id = game_id;
    m.seq = row.seq;
    m.count = row.count;
    m.at = row.at;
    m.actor = row.actor;
    m.events = row.events;
    m.prev_hash = row.prev_hash;
    const std::string recomputed = move_hash(m);
    if (recomputed != row.hash) {
      return fail(row.seq, detailed ? fmt::format("{} was edited: its events hash to {} but its stored hash is {}",
                                                  move_words(row, *events), short_hash(recomputed),
                                                  short_hash(row.hash))
                                    : fmt::format("{} was edited: its events do not hash to its stored hash",
                                                  move_words(row, *events)));
    }
    if (!split) return fail(row.seq, fmt::format("{} cannot be read: {}", move_words(row, *events), split_problem));
    if (static_cast<std::int64_t>(events->size()) != row.count) {
      return fail(row.seq, fmt::format("{} says it holds {} events but holds {}", move_words(row, *events), row.count,
                                       events->size()));
    }
  }
  walk->expected_seq = row.seq + row.count;
  walk->prev_hash = row.hash;
  return true;
}

Status SqliteJournal::scan(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
                           const std::function<bool(const EventRow&)>& fn) {
  from_seq = std::max<std::int64_t>(from_seq, 1);
  ChainWalk walk;
  walk.expected_seq = 0;  // set by the first row: the one that holds from_seq
  std::vector<std::pair<std::string, std::string>> events;
  EventRow out;
  out.game_id = game_id;
  bool stopped = false;
  Status lookup = Status::ok();
  const auto checked = [&](const StoredRow& row) {
    if (walk.expected_seq == 0) {
      // The first row read must hold from_seq; the hash before it is read from the journal.
      walk.expected_seq = row.seq <= from_seq ? row.seq : from_seq;
      lookup = hash_of_event(game_id, walk.expected_seq - 1, &walk.prev_hash);
      if (!lookup.is_ok()) return false;
    }
    if (!check_row(game_id, row, &walk, false, &events)) return false;
    out.at = row.at;
    out.actor = row.actor;
    out.prev_hash = row.prev_hash;
    out.hash = row.hash;
    for (std::size_t i = 0; i < events.size(); ++i) {
      out.seq = row.seq + static_cast<std::int64_t>(i);
      if (out.seq < from_seq) continue;
      if (to_seq != 0 && out.seq > to_seq) break;
      out.type = std::move(events[i].first);
      out.payload = std::move(events[i].second);
      if (!fn(out)) {
        stopped = true;
        return false;
      }
    }
    return true;
  };
  if (Status s = read_stored(game_id, from_seq, to_seq, checked); !s.is_ok()) return s;
  if (!lookup.is_ok()) return lookup;
  if (!stopped && !walk.problem.empty()) {
    return Status::corrupt(fmt::format("game {}: {}; nothing was read past it (referee verify tells more)",
                                       game_id, walk.problem));
  }
  return Status::ok();
}

Status SqliteJournal::verify_chain(std::int64_t game_id, ChainReport* report,
                                  const std::function<bool(const EventRow&)>& fn) {
  *report = ChainReport{};
  GameRow game_info;
  if (Status s = game(game_id, &game_info); !s.is_ok()) return s;

  const std::string header_hash = genesis_hash(game_info.header);
  if (header_hash != game_info.genesis) {
    report->ok = false;
    report->first_bad_seq = 0;
    report->problem = fmt::format("the header of game {} was edited: it hashes to {} but the game's "
                                  "genesis, which its events are chained to, is {}",
                                  game_id, short_hash(header_hash), short_hash(game_info.genesis));
    return Status::ok();
  }

  ChainWalk walk;
  walk.expected_seq = 1;
  walk.prev_hash = game_info.genesis;
  bool reading = static_cast<bool>(fn);
  std::vector<std::pair<std::string, std::string>> events;
  EventRow out;
  out.game_id = game_id;
  const auto check = [&](const StoredRow& row) {
    if (!check_row(game_id, row, &walk, true, &events)) return false;
    report->events_checked += row.count;
    if (!reading) return true;
    out.at = row.at;
    out.actor = row.actor;
    out.prev_hash = row.prev_hash;
    out.hash = row.hash;
    for (std::size_t i = 0; i < events.size() && reading; ++i) {
      out.seq = row.seq + static_cast<std::int64_t>(i);
      out.type = std::move(events[i].first);
      out.payload = std::move(events[i].second);
      if (!fn(out)) reading = false;
    }
    return true;
  };
  if (Status s = read_stored(game_id, 1, 0, check); !s.is_ok()) return s;
  if (!walk.problem.empty()) {
    report->ok = false;
    report->first_bad_seq = walk.bad_seq;
    report->problem = std::move(walk.problem);
    return Status::ok();
  }
  report->head_hash = walk.prev_hash;
  return Status::ok();
}

// A snapshot row's state column holds: the hash of the event the state folds to (64 hex),
// the SHA-256 of the state bytes (64 hex), then the state bytes. The first ties the cache to
// one point of the chain (a snapshot left over from a rewritten history no longer fits), the
// second catches a damaged blob. Neither can stop a forger who recomputes them: the state is
// still checked by its reader, and verify compares every snapshot with the folded events.
constexpr std::size_t kHexHash = 64;

Status SqliteJournal::put_snapshot(std::int64_t game_id, std::int64_t seq,
                                   const std::string& blob) {
  if (Status s = writable("store a snapshot"); !s.is_ok()) return s;
  std::int64_t last_seq = 0;
  std::string last_hash;
  if (Status s = head(game_id, &last_seq, &last_hash); !s.is_ok()) return s;
  if (seq < 1 || seq > last_seq) {
    return Status::invalid_argument(
        fmt::format("game {} has events 1 to {}: there can be no snapshot after event {}", game_id,
                    last_seq, seq));
  }
  std::string event_hash_hex;
  if (Status s = hash_of_event(game_id, seq, &event_hash_hex); !s.is_ok()) return s;
  sqlite::Query q;
  if (Status s = cache_.prepare(
          "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?1, ?2, ?3)", &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, game_id).bind(2, seq).bind_blob(3, event_hash_hex + sha256_hex(blob) + blob);
  return q.run("storing a snapshot");
}

Status SqliteJournal::latest_snapshot(std::int64_t game_id, std::int64_t max_seq, std::int64_t* seq,
                                      std::string* blob) {
  *seq = 0;
  blob->clear();
  sqlite::Query q;
  // Newest first; a row that does not fit its event or its digest is passed over, so an
  // older sound snapshot (or none: fold from the start) is used instead.
  if (Status s = cache_.prepare("SELECT seq, state FROM snapshots WHERE game_id = ?1 AND seq <= ?2 ORDER BY seq DESC",
                                &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, game_id).bind(2, max_seq);
  int rc;
  std::string event_hash_hex;
  while ((rc = q.step()) == SQLITE_ROW) {
    const std::string stored = q.blob(1);
    // A snapshot of an event the journal does not hold (any more) fits nothing.
    if (!hash_of_event(game_id, q.int64(0), &event_hash_hex).is_ok()) continue;
    if (stored.size() < 2 * kHexHash || stored.compare(0, kHexHash, event_hash_hex) != 0) continue;
    std::string state = stored.substr(2 * kHexHash);
    if (stored.compare(kHexHash, kHexHash, sha256_hex(state)) != 0) continue;
    *seq = q.int64(0);
    *blob = std::move(state);
    return Status::ok();
  }
  if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "reading a snapshot");
  return Status::ok();
}

Status SqliteJournal::snapshot_seqs(std::int64_t game_id, std::vector<std::int64_t>* out) {
  out->clear();
  sqlite::Query q;
  if (Status s = cache_.prepare("SELECT seq FROM snapshots WHERE game_id = ?1 ORDER BY seq", &q); !s.is_ok()) return s;
  q.bind(1, game_id);
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out->push_back(q.int64(0));
  if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "listing snapshots");
  return Status::ok();
}

}  // namespace deedlog
