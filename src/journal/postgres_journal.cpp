#include "journal/postgres_journal.h"

#include "journal/libpq_on_demand.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>
#include <utility>

namespace deedlog {
namespace {

// The schema of a PostgreSQL journal (docs/journal.md, "On PostgreSQL"): the rows of SQLite's
// schema 2, and the same refusals made by the server itself, so that psql cannot rewrite a game
// by accident either. Run once, in the transaction that first opens the database for writing.
constexpr const char* kSchema = R"sql(
CREATE TABLE deedlog_schema (
  version integer PRIMARY KEY,
  name    text NOT NULL,
  applied timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE games (
  game_id bigint PRIMARY KEY CONSTRAINT game_id_from_one CHECK (game_id >= 1),
  header  text NOT NULL CONSTRAINT header_is_json CHECK (header::jsonb IS NOT NULL),
  created text NOT NULL,
  genesis text NOT NULL CONSTRAINT genesis_is_a_hash CHECK (length(genesis) = 64)
);

CREATE TABLE moves (
  game_id   bigint NOT NULL REFERENCES games (game_id),
  seq       bigint NOT NULL CONSTRAINT move_seq_from_one CHECK (seq >= 1),
  count     bigint NOT NULL CONSTRAINT move_has_events CHECK (count >= 1),
  at        text NOT NULL,
  actor     text NOT NULL,
  events    text NOT NULL,
  prev_hash text NOT NULL CONSTRAINT move_prev_hash_is_a_hash CHECK (length(prev_hash) = 64),
  hash      text NOT NULL CONSTRAINT move_hash_is_a_hash CHECK (length(hash) = 64),
  PRIMARY KEY (game_id, seq)
);

-- A cache: rows may be replaced or deleted at any time and no answer changes.
CREATE TABLE snapshots (
  game_id bigint NOT NULL REFERENCES games (game_id),
  seq     bigint NOT NULL CONSTRAINT snapshot_seq_from_one CHECK (seq >= 1),
  state   bytea NOT NULL,
  PRIMARY KEY (game_id, seq)
);

CREATE FUNCTION deedlog_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'deedlog journal: %', TG_ARGV[0];
END $$;

CREATE TRIGGER games_refuse_rewrite BEFORE UPDATE OR DELETE ON games
  FOR EACH ROW EXECUTE FUNCTION deedlog_refuse('a game header is never rewritten, and games cannot be deleted');
CREATE TRIGGER games_refuse_truncate BEFORE TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION deedlog_refuse('games cannot be deleted');
CREATE TRIGGER moves_refuse_rewrite BEFORE UPDATE OR DELETE ON moves
  FOR EACH ROW EXECUTE FUNCTION deedlog_refuse('moves are append-only; record a correction as a new move');
CREATE TRIGGER moves_refuse_truncate BEFORE TRUNCATE ON moves
  FOR EACH STATEMENT EXECUTE FUNCTION deedlog_refuse('moves are append-only; they cannot be deleted');

-- A move must follow the game's last event: seq and prev_hash (as moves_append_in_order does in
-- SQLite). deedlog checks this itself under the game's lock; this catches any other writer.
CREATE FUNCTION deedlog_move_follows_on() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  SELECT m.seq + m.count - 1, m.hash INTO last_seq, last_hash
    FROM moves m WHERE m.game_id = NEW.game_id ORDER BY m.seq DESC LIMIT 1;
  IF NOT FOUND THEN
    last_seq := 0;
    SELECT g.genesis INTO last_hash FROM games g WHERE g.game_id = NEW.game_id;
  END IF;
  IF NEW.seq IS DISTINCT FROM last_seq + 1 OR NEW.prev_hash IS DISTINCT FROM last_hash THEN
    RAISE EXCEPTION 'deedlog journal: a move must follow the last event of its game (seq and prev_hash)';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER moves_append_in_order BEFORE INSERT ON moves
  FOR EACH ROW EXECUTE FUNCTION deedlog_move_follows_on();

-- Every event, one row each, as SQLite's events view shows them. Payloads are shown as jsonb
-- prints them; the stored text, which the hashes cover, is in moves.events.
CREATE VIEW events (game_id, seq, at, actor, type, payload, prev_hash, hash) AS
  SELECT m.game_id, m.seq + e.ord - 1, m.at, m.actor, e.value ->> 0, (e.value -> 1)::text, m.prev_hash, m.hash
  FROM moves m CROSS JOIN LATERAL jsonb_array_elements(m.events::jsonb) WITH ORDINALITY AS e (value, ord);

INSERT INTO deedlog_schema (version, name) VALUES (2, 'moves');
)sql";

// Schema 3: tournaments, as SQLite's schema/003_tournaments.sql (docs/tournaments.md). Made with
// the rest in a new database, and added to a journal of schema 2 the first time it is opened
// for writing.
constexpr const char* kTournamentSchema = R"sql(
CREATE TABLE tournaments (
  tournament_id    bigint PRIMARY KEY CONSTRAINT tournament_id_from_one CHECK (tournament_id >= 1),
  name             text NOT NULL CONSTRAINT tournament_named CHECK (name <> ''),
  settings         text NOT NULL CONSTRAINT settings_are_json CHECK (settings::jsonb IS NOT NULL),
  judge_key_sha256 text NOT NULL CONSTRAINT judge_key_is_a_hash CHECK (length(judge_key_sha256) = 64),
  created          text NOT NULL,
  genesis          text NOT NULL CONSTRAINT tournament_genesis_is_a_hash CHECK (length(genesis) = 64)
);

CREATE TABLE tournament_records (
  tournament_id bigint NOT NULL REFERENCES tournaments (tournament_id),
  seq           bigint NOT NULL CONSTRAINT record_seq_from_one CHECK (seq >= 1),
  at            text NOT NULL,
  kind          text NOT NULL CONSTRAINT record_kind_is_named CHECK (kind <> ''),
  payload       text NOT NULL CONSTRAINT record_payload_is_json CHECK (payload::jsonb IS NOT NULL),
  prev_hash     text NOT NULL CONSTRAINT record_prev_hash_is_a_hash CHECK (length(prev_hash) = 64),
  hash          text NOT NULL CONSTRAINT record_hash_is_a_hash CHECK (length(hash) = 64),
  PRIMARY KEY (tournament_id, seq)
);

CREATE TRIGGER tournaments_refuse_rewrite BEFORE UPDATE OR DELETE ON tournaments
  FOR EACH ROW EXECUTE FUNCTION deedlog_refuse('a tournament''s settings are never rewritten, and tournaments cannot be deleted');
CREATE TRIGGER tournaments_refuse_truncate BEFORE TRUNCATE ON tournaments
  FOR EACH STATEMENT EXECUTE FUNCTION deedlog_refuse('tournaments cannot be deleted');
CREATE TRIGGER tournament_records_refuse_rewrite BEFORE UPDATE OR DELETE ON tournament_records
  FOR EACH ROW EXECUTE FUNCTION deedlog_refuse('tournament records are append-only; record a ruling as a new record');
CREATE TRIGGER tournament_records_refuse_truncate BEFORE TRUNCATE ON tournament_records
  FOR EACH STATEMENT EXECUTE FUNCTION deedlog_refuse('tournament records are append-only; they cannot be deleted');

CREATE FUNCTION deedlog_record_follows_on() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  SELECT r.seq, r.hash INTO last_seq, last_hash
    FROM tournament_records r WHERE r.tournament_id = NEW.tournament_id ORDER BY r.seq DESC LIMIT 1;
  IF NOT FOUND THEN
    last_seq := 0;
    SELECT t.genesis INTO last_hash FROM tournaments t WHERE t.tournament_id = NEW.tournament_id;
  END IF;
  IF NEW.seq IS DISTINCT FROM last_seq + 1 OR NEW.prev_hash IS DISTINCT FROM last_hash THEN
    RAISE EXCEPTION 'deedlog journal: a tournament record must follow the last one (seq and prev_hash)';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tournament_records_append_in_order BEFORE INSERT ON tournament_records
  FOR EACH ROW EXECUTE FUNCTION deedlog_record_follows_on();

INSERT INTO deedlog_schema (version, name) VALUES (3, 'tournaments');
)sql";

constexpr int kSchemaVersion = 3;

// The seeds of sealed games (service/sealed_seeds.h): a table beside the journal's, never read
// into a game, a header, a snapshot or a tournament record. It is not part of the journal's
// schema version: a journal of schema 3 without it is the same journal (an older deedlog reads
// one with it, and refuses only sealed games), and it is added, once, the first time a journal
// is opened for writing. Nobody but the journal's owner (and superusers) may read it until a
// GRANT says so (docs/trust.md). A stored seed is checked against its commitment when read.
constexpr const char* kSealsTable = R"sql(
CREATE TABLE IF NOT EXISTS deedlog_seals (
  commitment text PRIMARY KEY CONSTRAINT seal_commitment_is_a_hash CHECK (commitment ~ '^[0-9a-f]{64}$'),
  seed       text NOT NULL,
  revealed   boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON deedlog_seals FROM PUBLIC;
)sql";

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// A failed statement as a Status of the kind SQLite's would be: the server's refusals of a row
// (constraints, triggers, a read-only transaction) are the caller's input; a lost writer's race
// is a Conflict; anything else is I/O.
Status error_of(PGconn* conn, const PGresult* r, std::string_view doing) {
  const char* primary = r != nullptr ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  const std::string words = primary != nullptr ? primary : trimmed(PQerrorMessage(conn));
  std::string message = fmt::format("{}: {}", doing, words);
  const char* state = r != nullptr ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
  const std::string code = state != nullptr ? state : "";
  if (code == "40001" || code == "40P01" || code == "23505") return Status::conflict(std::move(message));
  if (code.rfind("23", 0) == 0 || code.rfind("22", 0) == 0 || code == "P0001" || code == "25006") {
    return Status::invalid_argument(std::move(message));
  }
  return Status::io_error(std::move(message));
}

std::int64_t int64_at(const PGresult* r, int row, int column) {
  return std::strtoll(PQgetvalue(r, row, column), nullptr, 10);
}

std::string text_at(const PGresult* r, int row, int column) {
  return std::string(PQgetvalue(r, row, column), static_cast<std::size_t>(PQgetlength(r, row, column)));
}

std::string bytes_at(const PGresult* r, int row, int column) {
  std::size_t length = 0;
  unsigned char* raw = PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(r, row, column)), &length);
  if (raw == nullptr) return {};
  std::string out(reinterpret_cast<const char*>(raw), length);
  PQfreemem(raw);
  return out;
}

void read_column(const PGresult* r, int row, int column, std::int64_t& field) { field = int64_at(r, row, column); }
void read_column(const PGresult* r, int row, int column, std::string& field) { field = text_at(r, row, column); }

// A row's columns, from the first, into the fields given in the SELECT's order (as
// sqlite::Query::read): one call a row, no column numbered by hand.
template <class... Field>
void read_row(const PGresult* r, int row, Field&... fields) {
  int column = 0;
  (read_column(r, row, column++, fields), ...);
}

GameRow game_row(const PGresult* r, int row) {
  GameRow g;
  read_row(r, row, g.game_id, g.header, g.created, g.genesis, g.last_seq);
  return g;
}

constexpr const char* kSelectGames =
    "SELECT g.game_id, g.header, g.created, g.genesis,"
    " coalesce((SELECT m.seq + m.count - 1 FROM moves m WHERE m.game_id = g.game_id ORDER BY m.seq DESC LIMIT 1), 0)"
    " FROM games g";

void ignore_notice(void*, const char*) {}

}  // namespace

PostgresJournal::PostgresJournal(std::string name, bool read_only, ConnPtr conn)
    : name_(std::move(name)), read_only_(read_only), conn_(std::move(conn)) {}

Status PostgresJournal::open(const std::string& uri, bool read_only, std::unique_ptr<Journal>* out) {
  const std::string name = without_password(uri);
  ConnPtr conn(PQconnectdb(uri.c_str()));
  if (conn == nullptr) {
    const std::string why = libpq_unavailable();
    return Status::io_error(fmt::format("cannot connect to {}: {}", name, why.empty() ? "out of memory" : why));
  }
  if (PQstatus(conn.get()) != CONNECTION_OK) {
    return Status::io_error(fmt::format("cannot connect to the journal at {}: {}", name,
                                        trimmed(PQerrorMessage(conn.get()))));
  }
  // The server's notices (CREATE TABLE's, for one) are not the user's business.
  PQsetNoticeProcessor(conn.get(), ignore_notice, nullptr);
  std::unique_ptr<PostgresJournal> journal(new PostgresJournal(name, read_only, std::move(conn)));
  // The server holds to read-only too: a write by any path fails in the server's words.
  if (read_only) {
    if (Status s = journal->exec("SET default_transaction_read_only = on", {}, "opening read-only"); !s.is_ok()) {
      return s;
    }
  }
  if (Status s = journal->exec("SET client_min_messages = warning", {}, "opening the journal"); !s.is_ok()) return s;
  if (Status s = journal->bring_schema_up_to_date(); !s.is_ok()) return s;
  *out = std::move(journal);
  return Status::ok();
}

Status PostgresJournal::exec(const char* sql, const std::vector<Param>& params, std::string_view doing,
                             ResultPtr* out) const {
  std::vector<const char*> values;
  std::vector<int> lengths;
  std::vector<int> formats;
  for (const Param& p : params) {
    values.push_back(p.value.data());
    lengths.push_back(static_cast<int>(p.value.size()));
    formats.push_back(p.binary ? 1 : 0);
  }
  // Text parameters are sent NUL-terminated (std::string's data() is), so lengths apply to bytes only.
  ResultPtr r(PQexecParams(conn_.get(), sql, static_cast<int>(params.size()), nullptr, values.data(), lengths.data(),
                           formats.data(), 0));
  const ExecStatusType st = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) return error_of(conn_.get(), r.get(), doing);
  if (out != nullptr) *out = std::move(r);
  return Status::ok();
}

// The first writer to open an empty database makes the schema; others wait on the advisory
// lock and then find it made. A database with tables of its own that are not a journal is refused.
Status PostgresJournal::bring_schema_up_to_date() {
  ResultPtr r;
  if (Status s = exec("SELECT to_regclass('deedlog_schema') IS NOT NULL, to_regclass('games') IS NOT NULL,"
                      " to_regclass('deedlog_seals') IS NOT NULL",
                      {}, "reading the journal's schema", &r);
      !s.is_ok()) {
    return s;
  }
  bool ours = std::string(PQgetvalue(r.get(), 0, 0)) == "t";
  const bool has_games = std::string(PQgetvalue(r.get(), 0, 1)) == "t";
  has_seals_table_ = std::string(PQgetvalue(r.get(), 0, 2)) == "t";
  if (!ours && has_games) {
    return Status::corrupt(fmt::format("{} is not a deedlog journal: it holds a games table of another program", name_));
  }
  if (!ours) {
    if (read_only_) return Status::corrupt(fmt::format("{} is not a deedlog journal: it is empty", name_));
    Status made = write_transaction([&] {
      bool made_since = false;
      if (Status s = lock_schema_and_find("deedlog_schema", "making the journal", &made_since); !s.is_ok()) return s;
      if (made_since) return Status::ok();
      // A multi-statement text: sent without parameters, as one simple query.
      ResultPtr made_schema(PQexec(conn_.get(), kSchema));
      if (PQresultStatus(made_schema.get()) != PGRES_COMMAND_OK) {
        return error_of(conn_.get(), made_schema.get(), "making the journal's tables");
      }
      ResultPtr made_tournaments(PQexec(conn_.get(), kTournamentSchema));
      if (PQresultStatus(made_tournaments.get()) != PGRES_COMMAND_OK) {
        return error_of(conn_.get(), made_tournaments.get(), "making the journal's tables");
      }
      return Status::ok();
    });
    if (!made.is_ok()) return made;
  }
  if (Status s = exec("SELECT max(version) FROM deedlog_schema", {}, "reading the journal's schema", &r); !s.is_ok()) {
    return s;
  }
  const std::int64_t version = int64_at(r.get(), 0, 0);
  if (version > kSchemaVersion) {
    return Status::corrupt(fmt::format(
        "{} is not a journal this program can read: it was written by a newer deedlog (journal schema {}; this "
        "program knows up to {}); open it with a newer deedlog",
        name_, version, kSchemaVersion));
  }
  schema_version_ = static_cast<int>(version);
  if (version < 3 && !read_only_) {
    // A journal of schema 2 gains the tournaments' tables, once, whoever opens it first.
    Status added = write_transaction([&] {
      if (Status s = lock_schema("adding tournaments"); !s.is_ok()) return s;
      ResultPtr again;
      if (Status s = exec("SELECT max(version) FROM deedlog_schema", {}, "adding tournaments", &again); !s.is_ok()) {
        return s;
      }
      if (int64_at(again.get(), 0, 0) >= 3) return Status::ok();
      ResultPtr made(PQexec(conn_.get(), kTournamentSchema));
      if (PQresultStatus(made.get()) != PGRES_COMMAND_OK) {
        return error_of(conn_.get(), made.get(), "adding the tournaments' tables");
      }
      return Status::ok();
    });
    if (!added.is_ok()) return added;
    schema_version_ = 3;
  }
  if (!has_seals_table_ && !read_only_) return add_seals_table();
  return Status::ok();
}

Status PostgresJournal::lock_schema(std::string_view doing) const {
  return exec("SELECT pg_advisory_xact_lock(hashtext('deedlog journal schema'))", {}, doing);
}

Status PostgresJournal::lock_schema_and_find(const char* table, std::string_view doing, bool* found) const {
  if (Status s = lock_schema(doing); !s.is_ok()) return s;
  // Read from pg_class, not by to_regclass: a name lookup goes through the session's catalog
  // cache, which may still hold "no such table" from the first look even though the writer
  // that held the lock has made it since (two servers starting on an empty database at once
  // then both made the schema, and one failed with "already exists").
  ResultPtr r;
  if (Status s = exec("SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON "
                      "n.oid = c.relnamespace WHERE c.relname = $1 AND n.nspname = current_schema())",
                      {{table}}, doing, &r);
      !s.is_ok()) {
    return s;
  }
  *found = std::string(PQgetvalue(r.get(), 0, 0)) == "t";
  return Status::ok();
}

// A journal made before sealed games on PostgreSQL (or a new one) gains the seeds' table, once,
// whoever opens it first for writing: the others wait on the advisory lock, then find it.
Status PostgresJournal::add_seals_table() {
  bool may_not_create = false;
  Status added = write_transaction([&] {
    bool made_since = false;
    if (Status s = lock_schema_and_find("deedlog_seals", "adding the seals' table", &made_since); !s.is_ok()) return s;
    if (made_since) return Status::ok();
    ResultPtr made(PQexec(conn_.get(), kSealsTable));
    if (PQresultStatus(made.get()) != PGRES_COMMAND_OK) {
      const char* state = PQresultErrorField(made.get(), PG_DIAG_SQLSTATE);
      may_not_create = state != nullptr && std::string_view(state) == "42501";
      return error_of(conn_.get(), made.get(), "adding the seals' table");
    }
    return Status::ok();
  });
  // A role that may write games but not make tables opens the journal as before; it keeps no
  // seeds until the table's owner has opened the journal once (Seals::keep says so).
  if (!added.is_ok()) return may_not_create ? Status::ok() : added;
  has_seals_table_ = true;
  return Status::ok();
}

Status PostgresJournal::writable(std::string_view doing) const {
  if (!read_only_) return Status::ok();
  return Status::invalid_argument(fmt::format("cannot {}: {} was opened read-only", doing, name_));
}

Status PostgresJournal::no_such_game(std::int64_t game_id) const {
  return Status::not_found(fmt::format("there is no game {} in {}", game_id, name_));
}

// A transaction, or a savepoint inside write_transaction's. READ COMMITTED: every statement
// sees what was committed before it began, so the head read after the game's lock is taken
// (head_for_append) is the head no other writer can move until this one commits.
Status PostgresJournal::write_transaction(const std::function<Status()>& fn) {
  if (Status s = writable("write"); !s.is_ok()) return s;
  const bool outer = open_transactions_ == 0;
  const std::string savepoint = fmt::format("deedlog_{}", open_transactions_);
  if (Status s = exec(outer ? "BEGIN" : ("SAVEPOINT " + savepoint).c_str(), {}, "beginning a transaction");
      !s.is_ok()) {
    return reworded(s, fmt::format("{}; nothing was written", s.message()));
  }
  ++open_transactions_;
  Status s = fn();
  --open_transactions_;
  if (s.is_ok()) {
    s = exec(outer ? "COMMIT" : ("RELEASE SAVEPOINT " + savepoint).c_str(), {}, "committing");
    if (s.is_ok()) {
      if (outer) announce();
      return s;
    }
    // The COMMIT was sent and the connection went with its answer (the server was killed, or
    // failed over): the server may have committed before it went. Nothing here can tell; the
    // caller is told so, not that the write failed (docs/serve.md, "Unknown outcomes").
    if (outer && PQstatus(conn_.get()) != CONNECTION_OK) {
      to_announce_.clear();
      return Status::outcome_unknown(fmt::format("{}: the connection to {} was lost before it said whether the write was kept",
                                                 s.message(), name_));
    }
  }
  if (outer) to_announce_.clear();
  // The statement that failed left the transaction aborted: roll it (or the savepoint) back.
  if (outer) {
    ResultPtr r(PQexec(conn_.get(), "ROLLBACK"));
  } else {
    ResultPtr r(PQexec(conn_.get(), ("ROLLBACK TO SAVEPOINT " + savepoint + "; RELEASE SAVEPOINT " + savepoint).c_str()));
  }
  return s;
}

// Ids as SQLite gives them (one more than the largest), under a lock that only other game
// creators wait for: an append's row lock on its game does not conflict with it.
Status PostgresJournal::insert_game(const std::string& header_json, std::int64_t* game_id) {
  if (Status s = exec("LOCK TABLE games IN SHARE ROW EXCLUSIVE MODE", {}, "creating a game"); !s.is_ok()) return s;
  ResultPtr r;
  if (Status s = exec("INSERT INTO games (game_id, header, created, genesis)"
                      " SELECT coalesce(max(game_id), 0) + 1, $1,"
                      " to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), $2 FROM games"
                      " RETURNING game_id",
                      {{header_json}, {genesis_hash(header_json)}}, "creating a game (the header must be JSON text)",
                      &r);
      !s.is_ok()) {
    return s;
  }
  *game_id = int64_at(r.get(), 0, 0);
  return Status::ok();
}

Status PostgresJournal::insert_game_as(const GameRow& game) {
  if (Status s = exec("LOCK TABLE games IN SHARE ROW EXCLUSIVE MODE", {}, "copying a game"); !s.is_ok()) return s;
  if (Status s = require_game(game.game_id); !s.is_not_found()) {
    return s.is_ok() ? Status::conflict(fmt::format("{} already holds a game {}; nothing was written", name_,
                                                    game.game_id))
                     : s;
  }
  return exec("INSERT INTO games (game_id, header, created, genesis) VALUES ($1, $2, $3, $4)",
              {{std::to_string(game.game_id)}, {game.header}, {game.created}, {game.genesis}},
              "copying a game (the header must be JSON text)");
}

Status PostgresJournal::games(std::vector<GameRow>* out) {
  ResultPtr r;
  if (Status s = exec((std::string(kSelectGames) + " ORDER BY g.game_id").c_str(), {}, "listing the games", &r);
      !s.is_ok()) {
    return s;
  }
  out->clear();
  for (int i = 0; i < PQntuples(r.get()); ++i) out->push_back(game_row(r.get(), i));
  return Status::ok();
}

Status PostgresJournal::game(std::int64_t game_id, GameRow* out) {
  ResultPtr r;
  if (Status s = exec((std::string(kSelectGames) + " WHERE g.game_id = $1").c_str(), {{std::to_string(game_id)}},
                      "reading a game", &r);
      !s.is_ok()) {
    return s;
  }
  if (PQntuples(r.get()) == 0) return no_such_game(game_id);
  *out = game_row(r.get(), 0);
  return Status::ok();
}

Status PostgresJournal::head(std::int64_t game_id, std::int64_t* last_seq, std::string* last_hash) {
  ResultPtr r;
  if (Status s = exec("SELECT coalesce(m.seq + m.count - 1, 0), coalesce(m.hash, g.genesis) FROM games g"
                      " LEFT JOIN LATERAL (SELECT seq, count, hash FROM moves WHERE game_id = g.game_id"
                      " ORDER BY seq DESC LIMIT 1) m ON true WHERE g.game_id = $1",
                      {{std::to_string(game_id)}}, "reading the last move of a game", &r);
      !s.is_ok()) {
    return s;
  }
  if (PQntuples(r.get()) == 0) return no_such_game(game_id);
  read_row(r.get(), 0, *last_seq, *last_hash);
  return Status::ok();
}

// Writers of one game queue on its row; the head is read by a statement begun after the lock
// is held, so it includes every move committed before (READ COMMITTED): the check of the
// expected seq cannot be raced, and a loser is told Conflict instead of forking the chain.
Status PostgresJournal::head_for_append(std::int64_t game_id, std::int64_t* last_seq, std::string* last_hash) {
  ResultPtr r;
  if (Status s = exec("SELECT 1 FROM games WHERE game_id = $1 FOR UPDATE", {{std::to_string(game_id)}},
                      "locking a game", &r);
      !s.is_ok()) {
    return s;
  }
  if (PQntuples(r.get()) == 0) return no_such_game(game_id);
  return head(game_id, last_seq, last_hash);
}

// The row alone: its game is announced after the transaction commits (announce), not by a
// pg_notify inside it. A notification queued in a transaction takes the server's one notify lock
// at commit and holds it until the commit returns, which with a synchronous standby includes the
// standby's round trip: every game's commits then queued behind that one lock
// (docs/scaling.md, "A standby").
Status PostgresJournal::insert_move(const MoveRow& row) {
  if (Status s = exec("INSERT INTO moves (game_id, seq, count, at, actor, events, prev_hash, hash)"
                      " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                      {{std::to_string(row.game_id)}, {std::to_string(row.seq)}, {std::to_string(row.count)}, {row.at},
                       {row.actor}, {row.events}, {row.prev_hash}, {row.hash}},
                      "storing a move");
      !s.is_ok()) {
    return s;
  }
  if (std::find(to_announce_.begin(), to_announce_.end(), row.game_id) == to_announce_.end())
    to_announce_.push_back(row.game_id);
  return Status::ok();
}

// The games written by the transaction just committed, announced on kPostgresEventsChannel in a
// transaction of their own that does not wait for the standby (synchronous_commit off): it holds
// the notify lock only while it writes the notification queue. A notification is a wake-up, not
// a record: one lost with a crash costs a watcher its slow poll, nothing else; so a failure here
// is not the write's.
void PostgresJournal::announce() {
  if (to_announce_.empty()) return;
  std::string sql = "BEGIN; SET LOCAL synchronous_commit = off;";
  for (const std::int64_t game : to_announce_) sql += fmt::format(" SELECT pg_notify('{}', '{}');", kPostgresEventsChannel, game);
  sql += " COMMIT";
  to_announce_.clear();
  ResultPtr r(PQexec(conn_.get(), sql.c_str()));
  if (PQresultStatus(r.get()) != PGRES_COMMAND_OK) ResultPtr rollback(PQexec(conn_.get(), "ROLLBACK"));
}

Status PostgresJournal::read_stored(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
                                    const std::function<bool(const StoredRow&)>& fn) {
  if (Status s = require_game(game_id); !s.is_ok()) return s;
  const std::int64_t last = to_seq == 0 ? std::numeric_limits<std::int64_t>::max() : to_seq;
  ResultPtr r;
  // From the move that holds from_seq: a move is read and checked whole.
  if (Status s = exec("SELECT seq, count, at, actor, events, prev_hash, hash FROM moves WHERE game_id = $1"
                      " AND seq >= coalesce((SELECT max(seq) FROM moves WHERE game_id = $1 AND seq <= $2), $2)"
                      " AND seq <= $3 ORDER BY seq",
                      {{std::to_string(game_id)}, {std::to_string(from_seq)}, {std::to_string(last)}},
                      "reading moves", &r);
      !s.is_ok()) {
    return s;
  }
  StoredRow row;
  row.is_move = true;
  for (int i = 0; i < PQntuples(r.get()); ++i) {
    read_row(r.get(), i, row.seq, row.count, row.at, row.actor, row.events, row.prev_hash, row.hash);
    if (!fn(row)) break;
  }
  return Status::ok();
}

Status PostgresJournal::hash_of_event(std::int64_t game_id, std::int64_t seq, std::string* hash) {
  if (seq <= 0) {
    GameRow g;
    if (Status s = game(game_id, &g); !s.is_ok()) return s;
    *hash = g.genesis;
    return Status::ok();
  }
  ResultPtr r;
  if (Status s = exec("SELECT seq + count - 1, hash FROM moves WHERE game_id = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1",
                      {{std::to_string(game_id)}, {std::to_string(seq)}}, "reading moves", &r);
      !s.is_ok()) {
    return s;
  }
  if (PQntuples(r.get()) == 0 || int64_at(r.get(), 0, 0) < seq) {
    return Status::corrupt(fmt::format("event {} of game {} is missing (an event was deleted): "
                                       "the journal is damaged; referee verify tells more",
                                       seq, game_id));
  }
  *hash = text_at(r.get(), 0, 1);
  return Status::ok();
}

Status PostgresJournal::store_snapshot(std::int64_t game_id, std::int64_t seq, const std::string& stored) {
  return exec("INSERT INTO snapshots (game_id, seq, state) VALUES ($1, $2, $3)"
              " ON CONFLICT (game_id, seq) DO UPDATE SET state = EXCLUDED.state",
              {{std::to_string(game_id)}, {std::to_string(seq)}, {stored, true}}, "storing a snapshot");
}

Status PostgresJournal::read_snapshots(std::int64_t game_id, std::int64_t max_seq,
                                       const std::function<bool(std::int64_t, const std::string&)>& fn) {
  ResultPtr r;
  if (Status s = exec("SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq <= $2 ORDER BY seq DESC",
                      {{std::to_string(game_id)}, {std::to_string(max_seq)}}, "reading a snapshot", &r);
      !s.is_ok()) {
    return s;
  }
  for (int i = 0; i < PQntuples(r.get()); ++i) {
    if (!fn(int64_at(r.get(), i, 0), bytes_at(r.get(), i, 1))) break;
  }
  return Status::ok();
}

Status PostgresJournal::snapshot_seqs(std::int64_t game_id, std::vector<std::int64_t>* out) {
  out->clear();
  ResultPtr r;
  if (Status s = exec("SELECT seq FROM snapshots WHERE game_id = $1 ORDER BY seq", {{std::to_string(game_id)}},
                      "listing snapshots", &r);
      !s.is_ok()) {
    return s;
  }
  for (int i = 0; i < PQntuples(r.get()); ++i) out->push_back(int64_at(r.get(), i, 0));
  return Status::ok();
}

// Tournaments (schema 3; a journal of schema 2 opened read-only holds none).
namespace {

TournamentRow tournament_row(const PGresult* r, int row) {
  TournamentRow t;
  read_row(r, row, t.tournament_id, t.name, t.settings, t.judge_key_sha256, t.created, t.genesis, t.last_seq);
  return t;
}

}  // namespace

Status PostgresJournal::tournaments(std::vector<TournamentRow>* out) {
  out->clear();
  if (schema_version_ < 3) return Status::ok();
  ResultPtr r;
  const std::string sql = std::string(kSelectTournaments) + " ORDER BY t.tournament_id";
  if (Status s = exec(sql.c_str(), {}, "listing tournaments", &r); !s.is_ok()) return s;
  for (int i = 0; i < PQntuples(r.get()); ++i) out->push_back(tournament_row(r.get(), i));
  return Status::ok();
}

Status PostgresJournal::tournament(std::int64_t id, TournamentRow* out) {
  const Status missing = Status::not_found(fmt::format("there is no tournament {} in {}", id, name_));
  if (schema_version_ < 3) return missing;
  ResultPtr r;
  const std::string sql = std::string(kSelectTournaments) + " WHERE t.tournament_id = $1";
  if (Status s = exec(sql.c_str(), {{std::to_string(id)}}, "reading a tournament", &r); !s.is_ok()) return s;
  if (PQntuples(r.get()) != 1) return missing;
  *out = tournament_row(r.get(), 0);
  return Status::ok();
}

Status PostgresJournal::insert_tournament(const TournamentRow& row, std::int64_t* id) {
  if (Status s = exec("LOCK TABLE tournaments IN SHARE ROW EXCLUSIVE MODE", {}, "creating a tournament"); !s.is_ok()) {
    return s;
  }
  ResultPtr r;
  if (Status s = exec("INSERT INTO tournaments (tournament_id, name, settings, judge_key_sha256, created, genesis)"
                      " SELECT coalesce(max(tournament_id), 0) + 1, $1, $2, $3, $4, $5 FROM tournaments"
                      " RETURNING tournament_id",
                      {{row.name}, {row.settings}, {row.judge_key_sha256}, {row.created}, {row.genesis}},
                      "creating a tournament", &r);
      !s.is_ok()) {
    return s;
  }
  *id = int64_at(r.get(), 0, 0);
  return Status::ok();
}

// Under the tournament's row lock: no other writer appends between this read and the insert.
Status PostgresJournal::tournament_head(std::int64_t id, std::int64_t* last_seq, std::string* last_hash) {
  ResultPtr r;
  if (Status s = exec("SELECT genesis FROM tournaments WHERE tournament_id = $1 FOR UPDATE", {{std::to_string(id)}},
                      "reading a tournament", &r);
      !s.is_ok()) {
    return s;
  }
  if (PQntuples(r.get()) != 1) return Status::not_found(fmt::format("there is no tournament {} in {}", id, name_));
  *last_seq = 0;
  *last_hash = text_at(r.get(), 0, 0);
  ResultPtr last;
  if (Status s = exec("SELECT seq, hash FROM tournament_records WHERE tournament_id = $1 ORDER BY seq DESC LIMIT 1",
                      {{std::to_string(id)}}, "reading a tournament's last record", &last);
      !s.is_ok()) {
    return s;
  }
  if (PQntuples(last.get()) == 1) {
    read_row(last.get(), 0, *last_seq, *last_hash);
  }
  return Status::ok();
}

Status PostgresJournal::insert_tournament_record(const TournamentRecord& t) {
  return exec("INSERT INTO tournament_records (tournament_id, seq, at, kind, payload, prev_hash, hash)"
              " VALUES ($1, $2, $3, $4, $5, $6, $7)",
              {{std::to_string(t.tournament_id)}, {std::to_string(t.seq)}, {t.at}, {t.kind}, {t.payload},
               {t.prev_hash}, {t.hash}},
              "recording in a tournament");
}

Status PostgresJournal::read_tournament_records(std::int64_t id, const std::function<bool(const TournamentRecord&)>& fn) {
  if (schema_version_ < 3) return Status::ok();
  ResultPtr r;
  if (Status s = exec("SELECT seq, at, kind, payload, prev_hash, hash FROM tournament_records"
                      " WHERE tournament_id = $1 ORDER BY seq",
                      {{std::to_string(id)}}, "reading a tournament's records", &r);
      !s.is_ok()) {
    return s;
  }
  for (int i = 0; i < PQntuples(r.get()); ++i) {
    TournamentRecord t;
    t.tournament_id = id;
    read_row(r.get(), i, t.seq, t.at, t.kind, t.payload, t.prev_hash, t.hash);
    if (!fn(t)) break;
  }
  return Status::ok();
}

// The seals' table. Each keep is one statement (its own transaction, or a part of the caller's
// write_transaction): two writers keeping seeds at once both land, and a second keep of the same
// commitment does nothing.
class PostgresJournal::Seals final : public SealStore {
 public:
  explicit Seals(const PostgresJournal& journal) : journal_(journal) {}

  Status keep(const std::string& commitment, const std::string& seed) override {
    if (Status s = journal_.writable("keep a sealed game's seed"); !s.is_ok()) return s;
    if (!journal_.has_seals_table_) {
      return Status::io_error(fmt::format("cannot keep a sealed game's seed: {} has no table deedlog_seals and this role "
                                          "may not make it (open the journal once for writing as its owner)",
                                          journal_.name_));
    }
    return journal_.exec("INSERT INTO deedlog_seals (commitment, seed) VALUES ($1, $2) ON CONFLICT (commitment) DO NOTHING",
                         {{commitment}, {seed}}, "keeping a sealed game's seed");
  }

  Status read(const std::string& commitment, std::optional<StoredSeal>* out) override {
    out->reset();
    // A journal of an older deedlog, opened read-only: it keeps no seeds.
    if (!journal_.has_seals_table_) return Status::ok();
    ResultPtr r(PQexecParams(journal_.conn_.get(), "SELECT seed, revealed FROM deedlog_seals WHERE commitment = $1", 1,
                             nullptr, std::array<const char*, 1>{commitment.c_str()}.data(), nullptr, nullptr, 0));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) {
      // A role the club has not granted the table to (a watcher's, a player's) reads no seeds:
      // to it the games are sealed with seeds it does not hold (docs/trust.md).
      const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
      if (state != nullptr && std::string_view(state) == "42501") return Status::ok();
      return error_of(journal_.conn_.get(), r.get(), "reading a sealed game's seed");
    }
    if (PQntuples(r.get()) == 0) return Status::ok();
    StoredSeal seal{text_at(r.get(), 0, 0), std::string_view(PQgetvalue(r.get(), 0, 1)) == "t"};
    // Stored data is checked before it is believed: the seed must be the commitment's.
    if (!sound_seal(commitment, seal.seed)) {
      return Status::corrupt(fmt::format("the seed kept in {} (table deedlog_seals) for commitment {} is not that "
                                         "commitment's: its SHA-256 differs or it is not a seed; it is not used",
                                         journal_.name_, commitment));
    }
    *out = std::move(seal);
    return Status::ok();
  }

  Status mark_revealed(const std::string& commitment) override {
    if (Status s = journal_.writable("mark a sealed game's seed revealed"); !s.is_ok()) return s;
    ResultPtr r;
    if (Status s = journal_.exec("UPDATE deedlog_seals SET revealed = true WHERE commitment = $1 RETURNING commitment",
                                 {{commitment}}, "marking a sealed game's seed revealed", &r);
        !s.is_ok()) {
      return s;
    }
    if (PQntuples(r.get()) == 0) return Status::not_found("no seed is kept in this journal for that commitment");
    return Status::ok();
  }

 private:
  const PostgresJournal& journal_;
};

std::unique_ptr<SealStore> PostgresJournal::make_seal_store() const { return std::make_unique<Seals>(*this); }

}  // namespace deedlog
