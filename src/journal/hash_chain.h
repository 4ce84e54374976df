#pragma once
// The bytes each hash of the journal covers (docs/journal.md, "The hash chain"). Kept apart
// from the SQLite code because they are the format: another store must hash the same bytes,
// and changing a byte here makes every existing journal fail verification.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

// The anchor of a game's chain: the hash of its header text.
std::string genesis_hash(const std::string& header);

// The hash of one event of schema 1 (deedlog-event-v1): its prev_hash, game_id, seq, at, actor,
// type and payload. (event.hash itself is not read.) Still what every event written before
// schema 2 is checked by.
std::string event_hash(const EventRow& event);

// One move as schema 2 stores it: the events of one append that share at and actor, numbered
// seq .. seq + count - 1, their types and payloads as one JSON array.
struct MoveRow {
  std::int64_t game_id = 0;
  std::int64_t seq = 0;  // the seq of its first event
  std::int64_t count = 0;
  std::string at;
  std::string actor;
  std::string events;     // [["Type",{payload}],...]
  std::string prev_hash;  // the hash of the game's last event before it, or the genesis
  std::string hash;
};

// The hash of a move (deedlog-move-v2): prev_hash, game_id, seq, count, at, actor, events.
std::string move_hash(const MoveRow& move);

// One append's events (numbered first_seq on) as the rows of moves the journal stores, each
// checked (a named type, a JSON payload) and chained from prev_hash. Needs no journal, so it
// may run on any thread. InvalidArgument, naming the event, when one is refused.
Status chain_moves(std::int64_t game_id, std::int64_t first_seq, const std::vector<NewEvent>& events,
                   std::string prev_hash, std::vector<MoveRow>* rows);

// A new game and its opening as rows, chained and ready to store (Journal::create_chained_game).
// The chain hashes the game id, so the rows are made for the id the game is expected to get;
// a journal that gives it another id chains them again.
struct ChainedGame {
  std::int64_t game_id = 0;  // the id the rows were chained for
  std::string header_json;
  std::string genesis;  // the header's hash
  std::vector<MoveRow> rows;
};

// Makes *out from a header and the game's events (seq 1 on), for the id game_id. Self-play's
// workers call it beside the game they played, so the thread that writes only inserts.
Status chain_game(std::string header_json, const std::vector<NewEvent>& opening, std::int64_t game_id,
                  ChainedGame* out);

// The stored array of events[begin, end): [["Type",payload],...], each payload as given.
std::string move_events_json(const std::vector<NewEvent>& events, std::size_t begin, std::size_t end);

// Splits a stored array back into its (type, payload) pairs, each payload exactly the text that
// was stored. False, with words in *problem, when the text is not such an array.
bool split_move_events(std::string_view events, std::vector<std::pair<std::string, std::string>>* out,
                       std::string* problem);

// The anchor of a tournament's records (deedlog-tournament-v1): its name, settings and the
// digest of the Head Judge's key.
std::string tournament_genesis(const std::string& name, const std::string& settings, const std::string& judge_key_sha256);

// The hash of a tournament record (deedlog-tournament-record-v1): prev_hash, tournament_id, seq,
// at, kind, payload.
std::string tournament_record_hash(const TournamentRecord& record);

// Whether text is one JSON value and nothing else (what SQLite's json_valid said of a payload).
bool is_json(std::string_view text);

}  // namespace deedlog
