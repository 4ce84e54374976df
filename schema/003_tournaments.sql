-- deedlog journal, schema version 3: tournaments. Described in docs/journal.md and
-- docs/tournaments.md; keep them in step. Run once, inside the migration transaction, by
-- src/journal/migrations.cpp.
--
-- A tournament is a row of settings that never changes and a chain of records appended after
-- it, as a game is a header and its events: who entered, each round seated (its games), time
-- called, appeals and their rulings, score sheets and the sheets they supersede. The state of a
-- tournament is read from its records in order; nothing is rewritten. The games themselves are
-- ordinary games of the games table, tagged with the tournament, round and table.

-- settings: the JSON of `tournament new` (players, rounds, table size, edition, variants, time
-- limit, duplicate, seed). judge_key_sha256: the Head Judge's key, hashed; the key itself is
-- shown once and kept nowhere. genesis: the hash of name, settings and key digest, anchoring
-- the records' chain.
CREATE TABLE tournaments (
  tournament_id    INTEGER PRIMARY KEY,
  name             TEXT NOT NULL CONSTRAINT tournament_named CHECK (name <> ''),
  settings         TEXT NOT NULL CONSTRAINT settings_are_json CHECK (json_valid(settings)),
  judge_key_sha256 TEXT NOT NULL CONSTRAINT judge_key_is_a_hash CHECK (length(judge_key_sha256) = 64),
  created          TEXT NOT NULL,
  genesis          TEXT NOT NULL CONSTRAINT tournament_genesis_is_a_hash CHECK (length(genesis) = 64)
);

-- The records of every tournament, numbered 1, 2, 3, ... within it, each chained to the one
-- before (deedlog-tournament-record-v1, src/journal/hash_chain.cpp).
CREATE TABLE tournament_records (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
  seq           INTEGER NOT NULL CONSTRAINT record_seq_from_one CHECK (seq >= 1),
  at            TEXT NOT NULL,
  kind          TEXT NOT NULL CONSTRAINT record_kind_is_named CHECK (kind <> ''),
  payload       TEXT NOT NULL CONSTRAINT record_payload_is_json CHECK (json_valid(payload)),
  prev_hash     TEXT NOT NULL CONSTRAINT record_prev_hash_is_a_hash CHECK (length(prev_hash) = 64),
  hash          TEXT NOT NULL CONSTRAINT record_hash_is_a_hash CHECK (length(hash) = 64),
  PRIMARY KEY (tournament_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER tournaments_refuse_update BEFORE UPDATE ON tournaments
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: a tournament''s settings are never rewritten');
END;

CREATE TRIGGER tournaments_refuse_delete BEFORE DELETE ON tournaments
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: tournaments cannot be deleted');
END;

CREATE TRIGGER tournaments_refuse_replace BEFORE INSERT ON tournaments
WHEN EXISTS (SELECT 1 FROM tournaments WHERE tournament_id = NEW.tournament_id)
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: a tournament''s settings are never rewritten');
END;

CREATE TRIGGER tournament_records_refuse_update BEFORE UPDATE ON tournament_records
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: tournament records are append-only; record a ruling as a new record');
END;

CREATE TRIGGER tournament_records_refuse_delete BEFORE DELETE ON tournament_records
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: tournament records are append-only; they cannot be deleted');
END;

CREATE TRIGGER tournament_records_append_in_order BEFORE INSERT ON tournament_records
WHEN NEW.seq IS NOT 1 + coalesce((SELECT max(seq) FROM tournament_records WHERE tournament_id = NEW.tournament_id), 0)
  OR NEW.prev_hash IS NOT coalesce(
       (SELECT hash FROM tournament_records WHERE tournament_id = NEW.tournament_id ORDER BY seq DESC LIMIT 1),
       (SELECT genesis FROM tournaments WHERE tournament_id = NEW.tournament_id))
BEGIN
  SELECT RAISE(ABORT, 'deedlog journal: a tournament record must follow the last one (seq and prev_hash)');
END;
