-- deedlog journal, schema version 1. Described in docs/journal.md; keep the two in step.
-- Run once, inside the migration transaction, by src/journal/migrations.cpp, which also sets
-- PRAGMA application_id and PRAGMA user_version and records this file in schema_migrations.

-- Which migration files have been applied to this file, and when. PRAGMA user_version holds
-- the same number; this table keeps the history readable from the sqlite3 shell.
CREATE TABLE schema_migrations (
  version INTEGER PRIMARY KEY,
  name    TEXT NOT NULL,
  applied TEXT NOT NULL
);

-- One row per game. The header is the JSON the game started from (ruleset, players, tags);
-- genesis is the hash of the header and anchors the game's chain of events.
CREATE TABLE games (
  game_id INTEGER PRIMARY KEY,
  header  TEXT NOT NULL CONSTRAINT header_is_json CHECK (json_valid(header)),
  created TEXT NOT NULL,
  genesis TEXT NOT NULL CONSTRAINT genesis_is_a_hash CHECK (length(genesis) = 64)
);

-- The events of every game, numbered 1, 2, 3, ... within the game, each chained to the one
-- before by prev_hash. The primary key is also the only index the journal needs: every
-- query reads one game's events in seq order or looks up its last one.
CREATE TABLE events (
  game_id   INTEGER NOT NULL REFERENCES games (game_id),
  seq       INTEGER NOT NULL CONSTRAINT seq_from_one CHECK (seq >= 1),
  at        TEXT NOT NULL,
  actor     TEXT NOT NULL,
  type      TEXT NOT NULL CONSTRAINT type_is_named CHECK (type <> ''),
  payload   TEXT NOT NULL CONSTRAINT payload_is_json CHECK (json_valid(payload)),
  prev_hash TEXT NOT NULL CONSTRAINT prev_hash_is_a_hash CHECK (length(prev_hash) = 64),
  hash      TEXT NOT NULL CONSTRAINT hash_is_a_hash CHECK (length(hash) = 64),
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Folded state after event seq, as the engine serialised it. A cache: rows may be replaced
-- or deleted at any time and no answer changes.
CREATE TABLE snapshots (
  game_id INTEGER NOT NULL REFERENCES games (game_id),
  seq     INTEGER NOT NULL CONSTRAINT snapshot_seq_from_one CHECK (seq >= 1),
  state   BLOB NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- History is never rewritten: corrections are new events. These triggers make the database
-- itself refuse, so that a program other than deedlog (the sqlite3 shell included) cannot
-- rewrite a game by accident. A determined user can drop them; verify_chain catches that.
CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: events are append-only; record a correction as a new event');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: events are append-only; they cannot be deleted');
END;

-- INSERT OR REPLACE deletes the row it replaces without firing the delete trigger, and an
-- insert could leave a gap or fork the chain; so each new event must come right after the
-- game's last one and name that event's hash (the genesis for seq 1) as its prev_hash.
CREATE TRIGGER events_append_in_order BEFORE INSERT ON events
WHEN NEW.seq IS NOT 1 + coalesce((SELECT max(seq) FROM events WHERE game_id = NEW.game_id), 0)
  OR NEW.prev_hash IS NOT coalesce(
       (SELECT hash FROM events WHERE game_id = NEW.game_id ORDER BY seq DESC LIMIT 1),
       (SELECT genesis FROM games WHERE game_id = NEW.game_id))
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: an event must follow the last event of its game (seq and prev_hash)');
END;

CREATE TRIGGER games_refuse_update BEFORE UPDATE ON games
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: a game header is never rewritten');
END;

CREATE TRIGGER games_refuse_delete BEFORE DELETE ON games
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: games cannot be deleted');
END;

-- Same reason as events_append_in_order: REPLACE INTO games would swap a header silently.
CREATE TRIGGER games_refuse_replace BEFORE INSERT ON games
WHEN EXISTS (SELECT 1 FROM games WHERE game_id = NEW.game_id)
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: a game header is never rewritten');
END;
