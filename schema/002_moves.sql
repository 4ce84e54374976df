-- deedlog journal, schema version 2: a row per move. Described in docs/journal.md; keep the two
-- in step. Run once, inside the migration transaction, by src/journal/migrations.cpp.
--
-- Schema 1 stored a row per event, each checked by a trigger and json_valid as it went in and
-- hashed on its own. Schema 2 stores a row per move: the move's events as one JSON array,
-- hashed once (tag deedlog-move-v2). The events written before stay where they are, renamed
-- events_v1, with their hashes (deedlog-event-v1): nothing stored is rewritten, so every hash
-- already written down outside the journal still verifies. A game begun under schema 1 goes on
-- in moves, its first move chained to its last event. The view events shows both as one row per
-- event, so `SELECT seq, type, payload FROM events` reads as it always did.

ALTER TABLE events RENAME TO events_v1;

-- events_v1 takes no new rows; its update and delete triggers (events_refuse_update,
-- events_refuse_delete) followed it through the rename and still refuse.
DROP TRIGGER events_append_in_order;
CREATE TRIGGER events_v1_closed BEFORE INSERT ON events_v1
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: events are appended as moves since journal schema 2');
END;

-- One row per move: the events one append stored together, numbered seq .. seq + count - 1.
-- events is a JSON array of [type, payload] pairs, e.g. [["DiceThrown",{"player":0,...}], ...];
-- deedlog checks that it is JSON before writing it and reads it back checked by its hash.
CREATE TABLE moves (
  game_id   INTEGER NOT NULL REFERENCES games (game_id),
  seq       INTEGER NOT NULL CONSTRAINT move_seq_from_one CHECK (seq >= 1),
  count     INTEGER NOT NULL CONSTRAINT move_has_events CHECK (count >= 1),
  at        TEXT NOT NULL,
  actor     TEXT NOT NULL,
  events    TEXT NOT NULL,
  prev_hash TEXT NOT NULL CONSTRAINT move_prev_hash_is_a_hash CHECK (length(prev_hash) = 64),
  hash      TEXT NOT NULL CONSTRAINT move_hash_is_a_hash CHECK (length(hash) = 64),
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER moves_refuse_update BEFORE UPDATE ON moves
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: moves are append-only; record a correction as a new move');
END;

CREATE TRIGGER moves_refuse_delete BEFORE DELETE ON moves
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: moves are append-only; they cannot be deleted');
END;

-- A move must follow the game's last event (seq and prev_hash), whichever table holds it; this
-- also stops INSERT OR REPLACE, which would delete a move without firing the delete trigger.
-- One check per move, not per event.
CREATE TRIGGER moves_append_in_order BEFORE INSERT ON moves
WHEN NEW.seq IS NOT 1 + coalesce(
       (SELECT seq + count - 1 FROM moves WHERE game_id = NEW.game_id ORDER BY seq DESC LIMIT 1),
       (SELECT max(seq) FROM events_v1 WHERE game_id = NEW.game_id),
       0)
  OR NEW.prev_hash IS NOT coalesce(
       (SELECT hash FROM moves WHERE game_id = NEW.game_id ORDER BY seq DESC LIMIT 1),
       (SELECT hash FROM events_v1 WHERE game_id = NEW.game_id ORDER BY seq DESC LIMIT 1),
       (SELECT genesis FROM games WHERE game_id = NEW.game_id))
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: a move must follow the last event of its game (seq and prev_hash)');
END;

-- Every event of every game, one row each, as schema 1 stored them: the events of a move share
-- its at, actor, prev_hash and hash (the hash after the whole move).
CREATE VIEW events (game_id, seq, at, actor, type, payload, prev_hash, hash) AS
  SELECT game_id, seq, at, actor, type, payload, prev_hash, hash FROM events_v1
  UNION ALL
  SELECT m.game_id, m.seq + e.key, m.at, m.actor, e.value ->> 0, e.value -> 1, m.prev_hash, m.hash
  FROM moves m, json_each(m.events) e;

-- The view is read-only; these say why in the journal's words instead of SQLite's.
CREATE TRIGGER events_refuse_insert INSTEAD OF INSERT ON events
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: events are appended by deedlog, as moves');
END;

CREATE TRIGGER events_view_refuse_update INSTEAD OF UPDATE ON events
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: events are append-only; record a correction as a new event');
END;

CREATE TRIGGER events_view_refuse_delete INSTEAD OF DELETE ON events
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: events are append-only; they cannot be deleted');
END;
