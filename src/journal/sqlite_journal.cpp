#include "journal/sqlite_journal.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <limits>
#include <mutex>
#include <random>
#include <utility>

#include "journal/chained_journal.h"
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
  q.read(row.game_id, row.header, row.created, row.genesis, row.last_seq);
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

// Settings of the SQLite library itself, made once before its first use. SQLite keeps
// statistics of its memory behind a mutex that every allocation takes; deedlog never reads
// them (a tenth of self-play's writer went to SQLite's mutexes).
static void configure_sqlite_once() {
  static std::once_flag once;
  std::call_once(once, [] { sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); });
}

Status SqliteJournal::open(const std::string& path, bool read_only, std::unique_ptr<Journal>* out) {
  configure_sqlite_once();
  const bool in_memory = path == kInMemory;
  if (in_memory && read_only) {
    return Status::invalid_argument("an in-memory journal starts empty: it cannot be read-only");
  }
  std::error_code ignored;
  if (read_only && !std::filesystem::exists(path, ignored)) {
    return Status::not_found(fmt::format("there is no journal at {}", path));
  }
  if (!in_memory && std::filesystem::is_directory(path, ignored)) return unopenable(path, read_only);
  // A file of no bytes is a journal not yet begun (an import killed before it made the tables
  // leaves one; SQLite, too, takes it for an empty database). Written, it gets its tables as a new
  // file does; read, it is a journal that holds no game, read from memory so that the file is
  // not touched (docs/trust.md). A file of SQLite's header alone is the same (below).
  if (read_only && !in_memory && std::filesystem::is_regular_file(path, ignored) &&
      std::filesystem::file_size(path, ignored) == 0 &&
      !(std::filesystem::exists(path + "-wal", ignored) && std::filesystem::file_size(path + "-wal", ignored) > 0))
    return open_unbegun(path, out);
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
    // NOMUTEX: a Journal belongs to one thread (journal.h), so its connection need not lock
    // itself around every call.
    const int flags = (read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
                      SQLITE_OPEN_NOMUTEX;
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
    // The import was killed after SQLite wrote the file's first page (the switch to WAL) and
    // before the tables were committed: a 4 KB file that holds nothing, read as the file of no
    // bytes is.
    if (s.is_ok() && journal->unbegun_) return open_unbegun(path, out);
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

Status SqliteJournal::open_unbegun(const std::string& path, std::unique_ptr<Journal>* out) {
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(kInMemory, &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  sqlite::DbPtr db(raw);
  if (rc != SQLITE_OK) return sqlite::error_status(raw, rc, fmt::format("opening {}", path));
  std::unique_ptr<SqliteJournal> journal(new SqliteJournal(kInMemory, false, std::move(db)));
  Status s = journal->bring_schema_up_to_date();
  if (s.is_ok()) s = journal->enable_foreign_keys();
  if (!s.is_ok()) return s;
  journal->path_ = path;
  journal->read_only_ = true;
  *out = std::move(journal);
  return Status::ok();
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
  if (Status s = temp.run("keeping temporary journals in memory"); !s.is_ok()) return s;
  // A commit is on the disk when it returns (the WAL is synced at each commit): what a game
  // reported as written, a move reported as played, relies on. FULL is SQLite's default only
  // in some builds; in WAL mode NORMAL may lose the last commits to a power cut.
  sqlite::Query sync;
  if (Status s = cache_.prepare("PRAGMA synchronous = FULL", &sync); !s.is_ok()) return s;
  return sync.run("syncing each commit");
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
    unbegun_ = true;  // open() reads it as a journal that holds no game
    return Status::ok();
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

Status SqliteJournal::insert_game_as(const GameRow& game) {
  if (Status s = require_game(game.game_id); !s.is_not_found()) {
    return s.is_ok() ? Status::conflict(fmt::format("{} already holds a game {}; nothing was written", path_,
                                                    game.game_id))
                     : s;
  }
  sqlite::Query q;
  if (Status s = cache_.prepare("INSERT INTO games (game_id, header, created, genesis) VALUES (?1, ?2, ?3, ?4)", &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, game.game_id).bind(2, game.header).bind(3, game.created).bind(4, game.genesis);
  return q.run("copying a game (the header must be JSON text)");
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
      q.read(*last_seq, *last_hash);
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
    q.read(*last_seq, *last_hash);
  } else if (rc != SQLITE_DONE) {
    return sqlite::error_status(db_.get(), rc, "reading the last event of a game");
  }
  return Status::ok();
}

namespace {

// Rows of moves a statement inserts at once (8 parameters a row: 256, well under SQLite's limit).
constexpr std::size_t kMovesAStatement = 32;

// "INSERT INTO moves (...) VALUES (?,?,...), (...), ...": rows rows, numbered parameters.
std::string insert_moves_sql(std::size_t rows) {
  std::string sql = "INSERT INTO moves (game_id, seq, count, at, actor, events, prev_hash, hash) VALUES ";
  for (std::size_t r = 0; r < rows; ++r) sql += r == 0 ? "(?,?,?,?,?,?,?,?)" : ",(?,?,?,?,?,?,?,?)";
  return sql;
}

void bind_move(sqlite::Query& q, int first, const MoveRow& row) {
  q.bind(first, row.game_id).bind(first + 1, row.seq).bind(first + 2, row.count);
  q.bind_unchanged(first + 3, row.at).bind_unchanged(first + 4, row.actor).bind_unchanged(first + 5, row.events);
  q.bind_unchanged(first + 6, row.prev_hash).bind_unchanged(first + 7, row.hash);
}

}  // namespace

Status SqliteJournal::insert_move(const MoveRow& row) {
  sqlite::Query q;
  static const std::string sql = insert_moves_sql(1);
  if (Status s = cache_.prepare(sql.c_str(), &q); !s.is_ok()) return s;
  bind_move(q, 1, row);
  return q.run("storing a move");
}

// Many rows a statement: each INSERT inside a transaction keeps a statement journal (to undo
// itself should the append trigger refuse it) and runs the trigger's program in a frame of
// its own, which cost as much as the insert itself; a statement of 32 rows pays that once.
// The trigger still checks every row, in order, seeing the rows before it in the statement.
Status SqliteJournal::insert_moves(const std::vector<MoveRow>& rows, std::size_t* refused) {
  static const std::string many = insert_moves_sql(kMovesAStatement);
  std::size_t at = 0;
  for (; at + kMovesAStatement <= rows.size(); at += kMovesAStatement) {
    sqlite::Query q;
    if (Status s = cache_.prepare(many.c_str(), &q); !s.is_ok()) return s;
    for (std::size_t r = 0; r < kMovesAStatement; ++r) bind_move(q, static_cast<int>(8 * r + 1), rows[at + r]);
    const Status s = q.run("storing moves");
    if (s.is_ok()) continue;
    // A row refused by a constraint or the trigger: the statement undid itself and the
    // transaction goes on, so the rows one by one say which it was. Any other failure (a full
    // disk) may have ended the transaction: nothing more is written.
    if (s.code() != Status::Code::InvalidArgument || sqlite3_get_autocommit(db_.get()) != 0) {
      *refused = at;
      return s;
    }
    break;
  }
  for (; at < rows.size(); ++at) {
    if (Status s = insert_move(rows[at]); !s.is_ok()) {
      *refused = at;
      return s;
    }
  }
  return Status::ok();
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
      q.read(row.seq, row.at, row.actor, row.type, row.payload, row.prev_hash, row.hash);
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
    q.read(row.seq, row.count, row.at, row.actor, row.events, row.prev_hash, row.hash);
    if (!fn(row)) return Status::ok();
  }
  if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "reading moves");
  return Status::ok();
}

Status SqliteJournal::store_snapshot(std::int64_t game_id, std::int64_t seq, const std::string& stored) {
  sqlite::Query q;
  if (Status s = cache_.prepare(
          "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?1, ?2, ?3)", &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, game_id).bind(2, seq).bind_blob(3, stored);
  return q.run("storing a snapshot");
}

Status SqliteJournal::read_snapshots(std::int64_t game_id, std::int64_t max_seq,
                                     const std::function<bool(std::int64_t, const std::string&)>& fn) {
  sqlite::Query q;
  if (Status s = cache_.prepare("SELECT seq, state FROM snapshots WHERE game_id = ?1 AND seq <= ?2 ORDER BY seq DESC",
                                &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, game_id).bind(2, max_seq);
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) {
    if (!fn(q.int64(0), q.blob(1))) return Status::ok();
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

// Tournaments (schema 3). A file of an older schema opened read-only has no tables for them:
// it holds no tournament.
namespace {

TournamentRow tournament_row(const sqlite::Query& q) {
  TournamentRow t;
  q.read(t.tournament_id, t.name, t.settings, t.judge_key_sha256, t.created, t.genesis, t.last_seq);
  return t;
}

}  // namespace

Status SqliteJournal::no_such_tournament(std::int64_t id) const {
  return Status::not_found(fmt::format("there is no tournament {} in {}", id, path_));
}

Status SqliteJournal::tournaments(std::vector<TournamentRow>* out) {
  out->clear();
  if (schema_version_ < 3) return Status::ok();
  sqlite::Query q;
  const std::string sql = std::string(kSelectTournaments) + " ORDER BY t.tournament_id";
  if (Status s = cache_.prepare(sql.c_str(), &q); !s.is_ok()) return s;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out->push_back(tournament_row(q));
  if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "listing tournaments");
  return Status::ok();
}

Status SqliteJournal::tournament(std::int64_t id, TournamentRow* out) {
  if (schema_version_ < 3) return no_such_tournament(id);
  sqlite::Query q;
  const std::string sql = std::string(kSelectTournaments) + " WHERE t.tournament_id = ?1";
  if (Status s = cache_.prepare(sql.c_str(), &q); !s.is_ok()) return s;
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return no_such_tournament(id);
  if (rc != SQLITE_ROW) return sqlite::error_status(db_.get(), rc, "reading a tournament");
  *out = tournament_row(q);
  return Status::ok();
}

Status SqliteJournal::insert_tournament(const TournamentRow& row, std::int64_t* id) {
  sqlite::Query q;
  if (Status s = cache_.prepare("INSERT INTO tournaments (name, settings, judge_key_sha256, created, genesis)"
                                " VALUES (?1, ?2, ?3, ?4, ?5)",
                                &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, row.name).bind(2, row.settings).bind(3, row.judge_key_sha256).bind(4, row.created).bind(5, row.genesis);
  if (Status s = q.run("creating a tournament"); !s.is_ok()) return s;
  *id = sqlite3_last_insert_rowid(db_.get());
  return Status::ok();
}

Status SqliteJournal::tournament_head(std::int64_t id, std::int64_t* last_seq, std::string* last_hash) {
  TournamentRow t;
  if (Status s = tournament(id, &t); !s.is_ok()) return s;
  *last_seq = t.last_seq;
  *last_hash = t.genesis;
  if (t.last_seq == 0) return Status::ok();
  sqlite::Query q;
  if (Status s = cache_.prepare("SELECT hash FROM tournament_records WHERE tournament_id = ?1 AND seq = ?2", &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, id).bind(2, t.last_seq);
  const int rc = q.step();
  if (rc != SQLITE_ROW) return sqlite::error_status(db_.get(), rc, "reading a tournament's last record");
  *last_hash = q.text(0);
  return Status::ok();
}

Status SqliteJournal::insert_tournament_record(const TournamentRecord& r) {
  sqlite::Query q;
  if (Status s = cache_.prepare("INSERT INTO tournament_records (tournament_id, seq, at, kind, payload, prev_hash, hash)"
                                " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                                &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, r.tournament_id).bind(2, r.seq).bind(3, r.at).bind(4, r.kind).bind(5, r.payload).bind(6, r.prev_hash).bind(7, r.hash);
  return q.run("recording in a tournament");
}

Status SqliteJournal::read_tournament_records(std::int64_t id, const std::function<bool(const TournamentRecord&)>& fn) {
  if (schema_version_ < 3) return Status::ok();
  sqlite::Query q;
  if (Status s = cache_.prepare("SELECT seq, at, kind, payload, prev_hash, hash FROM tournament_records"
                                " WHERE tournament_id = ?1 ORDER BY seq",
                                &q);
      !s.is_ok()) {
    return s;
  }
  q.bind(1, id);
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) {
    TournamentRecord r;
    r.tournament_id = id;
    q.read(r.seq, r.at, r.kind, r.payload, r.prev_hash, r.hash);
    if (!fn(r)) return Status::ok();
  }
  if (rc != SQLITE_DONE) return sqlite::error_status(db_.get(), rc, "reading a tournament's records");
  return Status::ok();
}

}  // namespace deedlog
