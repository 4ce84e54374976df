#include "journal/chained_journal.h"
#include "core/plural.h"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <limits>
#include <utility>

namespace deedlog {

// The same kind of failure, told in the caller's words.
Status reworded(const Status& s, std::string message) {
  switch (s.code()) {
    case Status::Code::Ok: return Status::ok();
    case Status::Code::NotFound: return Status::not_found(std::move(message));
    case Status::Code::Conflict: return Status::conflict(std::move(message));
    case Status::Code::Corrupt: return Status::corrupt(std::move(message));
    case Status::Code::InvalidArgument: return Status::invalid_argument(std::move(message));
    case Status::Code::IOError: return Status::io_error(std::move(message));
    case Status::Code::OutcomeUnknown: return Status::outcome_unknown(std::move(message));
    case Status::Code::NotPrivate: return Status::not_private(std::move(message));
    case Status::Code::PermissionDenied: return Status::permission_denied(std::move(message));
  }
  return Status::io_error(std::move(message));
}

namespace {

// Hashes shortened for messages: enough to tell two apart by eye.
std::string short_hash(const std::string& hash) { return hash.substr(0, 12); }

std::string conflict_message(std::int64_t game_id, std::int64_t last_seq,
                             std::int64_t expected_first_seq) {
  const std::int64_t expected_last = expected_first_seq - 1;
  const char* why = last_seq > expected_last
                        ? "another writer appended first"
                        : "the move was decided on events the journal does not have";
  return fmt::format("game {} is at seq {}, this move expected {}: {}; nothing was written",
                     game_id, last_seq, expected_last, why);
}

}  // namespace

Status ChainedJournal::create_game(const std::string& header_json, const std::vector<NewEvent>& opening,
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

Status ChainedJournal::adopt_game(const GameRow& game) {
  if (genesis_hash(game.header) != game.genesis) {
    return Status::corrupt(fmt::format("game {}'s header does not hash to its genesis: it cannot be copied as it is",
                                       game.game_id));
  }
  return write_transaction([&] { return insert_game_as(game); });
}

Status ChainedJournal::append(std::int64_t game_id, std::int64_t expected_first_seq,
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

Status ChainedJournal::check_head(std::int64_t game_id, std::int64_t expected_first_seq, std::string* prev_hash) {
  if (expected_first_seq < 1) {
    return Status::invalid_argument(
        fmt::format("events are numbered from 1; cannot append at seq {}", expected_first_seq));
  }
  std::int64_t last_seq = 0;
  if (Status s = head_for_append(game_id, &last_seq, prev_hash); !s.is_ok()) return s;
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
// It needs no journal: self-play's workers chain the game they played (chain_game) while the
// writer stores the games before it.
Status chain_moves(std::int64_t game_id, std::int64_t first_seq, const std::vector<NewEvent>& events,
                   std::string prev_hash, std::vector<MoveRow>* rows) {
  rows->clear();
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
  for (std::size_t begin = 0; begin < events.size();) {
    std::size_t end = begin + 1;
    while (end < events.size() && events[end].type != kMoveBegins && events[end].at == events[begin].at &&
           events[end].actor == events[begin].actor) {
      ++end;
    }
    MoveRow& row = rows->emplace_back();
    row.game_id = game_id;
    row.seq = first_seq + static_cast<std::int64_t>(begin);
    row.count = static_cast<std::int64_t>(end - begin);
    row.at = events[begin].at;
    row.actor = events[begin].actor;
    row.events = move_events_json(events, begin, end);
    row.prev_hash = std::move(prev_hash);
    row.hash = move_hash(row);
    prev_hash = row.hash;
    begin = end;
  }
  return Status::ok();
}

Status chain_game(std::string header_json, const std::vector<NewEvent>& opening, std::int64_t game_id,
                  ChainedGame* out) {
  out->game_id = game_id;
  out->genesis = genesis_hash(header_json);
  out->header_json = std::move(header_json);
  return chain_moves(game_id, 1, opening, out->genesis, &out->rows);
}

// The rows of moves, inserted in order inside the caller's transaction; a refused row is told
// by the events it holds (the caller's transaction rolls back: the whole append or nothing).
Status ChainedJournal::store_rows(const std::vector<MoveRow>& rows, std::size_t event_count) {
  std::size_t refused = 0;
  if (Status s = insert_moves(rows, &refused); !s.is_ok()) {
    const MoveRow& row = rows[refused];
    const std::int64_t first = rows.front().seq;
    std::string_view type = row.events;
    // The first event's type, from the stored array ([["Type",...): words only.
    const std::size_t open = type.find('"'), close = open == std::string_view::npos ? open : type.find('"', open + 1);
    type = close == std::string_view::npos ? std::string_view() : type.substr(open + 1, close - open - 1);
    return reworded(s, fmt::format("events {} to {} of {} (seq {} on, {}) were refused, so none of them was "
                                   "written: {}",
                                   row.seq - first + 1, row.seq - first + row.count, event_count, row.seq, type,
                                   s.message()));
  }
  return Status::ok();
}

Status ChainedJournal::store_move(std::int64_t game_id, std::int64_t first_seq, const std::vector<NewEvent>& events,
                                 std::string* prev_hash, std::string* head_hash) {
  std::vector<MoveRow> rows;
  if (Status s = chain_moves(game_id, first_seq, events, *prev_hash, &rows); !s.is_ok()) return s;
  if (Status s = store_rows(rows, events.size()); !s.is_ok()) return s;
  if (!rows.empty()) *prev_hash = rows.back().hash;
  if (head_hash != nullptr) *head_hash = *prev_hash;
  return Status::ok();
}

Status ChainedJournal::insert_moves(const std::vector<MoveRow>& rows, std::size_t* refused) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (Status s = insert_move(rows[i]); !s.is_ok()) {
      *refused = i;
      return s;
    }
  }
  return Status::ok();
}

Status ChainedJournal::create_chained_game(ChainedGame& game, std::int64_t* game_id) {
  return write_transaction([&] {
    std::int64_t id = 0;
    if (Status s = insert_game(game.header_json, &id); !s.is_ok()) return s;
    // Chained for another id (another writer created a game meanwhile): chained again for this
    // one, here. The genesis is the header's hash either way.
    if (id != game.game_id) {
      std::string prev_hash = game.genesis;
      for (MoveRow& row : game.rows) {
        row.game_id = id;
        row.prev_hash = std::move(prev_hash);
        row.hash = move_hash(row);
        prev_hash = row.hash;
      }
      game.game_id = id;
    }
    if (!game.rows.empty()) {
      const MoveRow& last = game.rows.back();
      if (Status s = store_rows(game.rows, static_cast<std::size_t>(last.seq + last.count - 1)); !s.is_ok()) return s;
    }
    *game_id = id;
    return Status::ok();
  });
}

Status ChainedJournal::require_game(std::int64_t game_id) {
  std::int64_t last_seq = 0;
  std::string last_hash;
  return head(game_id, &last_seq, &last_hash);
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

// The hash a stored row's fields make, made as it was when the row was written: event_hash for
// an event of schema 1, move_hash for a move. Its stored hash differs when the row was edited.
std::string recomputed_hash(std::int64_t game_id, const StoredRow& row) {
  if (row.is_move)
    return move_hash(MoveRow{.game_id = game_id, .seq = row.seq, .count = row.count, .at = row.at,
                             .actor = row.actor, .events = row.events, .prev_hash = row.prev_hash, .hash = {}});
  return event_hash(EventRow{.game_id = game_id, .seq = row.seq, .at = row.at, .actor = row.actor,
                             .type = row.type, .payload = row.payload, .prev_hash = row.prev_hash, .hash = {}});
}

}  // namespace

// The chain's checks on one stored row (docs/journal.md, "What verify_chain checks"); on
// success its events are in *events (for a row of schema 1, the one event). On failure the
// words say what is wrong, in detail when detailed (verify_chain) or briefly (scan).
bool ChainedJournal::check_row(std::int64_t game_id, const StoredRow& row, ChainWalk* walk, bool detailed,
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
    const std::string recomputed = recomputed_hash(game_id, row);
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
    const std::string recomputed = recomputed_hash(game_id, row);
    if (recomputed != row.hash) {
      return fail(row.seq, detailed ? fmt::format("{} was edited: its events hash to {} but its stored hash is {}",
                                                  move_words(row, *events), short_hash(recomputed),
                                                  short_hash(row.hash))
                                    : fmt::format("{} was edited: its events do not hash to its stored hash",
                                                  move_words(row, *events)));
    }
    if (!split) return fail(row.seq, fmt::format("{} cannot be read: {}", move_words(row, *events), split_problem));
    if (static_cast<std::int64_t>(events->size()) != row.count) {
      return fail(row.seq, fmt::format("{} says it holds {} but holds {}", move_words(row, *events),
                                       count_of(row.count, "event"), events->size()));
    }
  }
  walk->expected_seq = row.seq + row.count;
  walk->prev_hash = row.hash;
  return true;
}

Status ChainedJournal::scan(std::int64_t game_id, std::int64_t from_seq, std::int64_t to_seq,
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

Status ChainedJournal::verify_chain(std::int64_t game_id, ChainReport* report,
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

Status ChainedJournal::put_snapshot(std::int64_t game_id, std::int64_t seq,
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
  return store_snapshot(game_id, seq, event_hash_hex + sha256_hex(blob) + blob);
}

Status ChainedJournal::latest_snapshot(std::int64_t game_id, std::int64_t max_seq, std::int64_t* seq,
                                      std::string* blob) {
  *seq = 0;
  blob->clear();
  // Newest first; a row that does not fit its event or its digest is passed over, so an
  // older sound snapshot (or none: fold from the start) is used instead.
  std::string event_hash_hex;
  return read_snapshots(game_id, max_seq, [&](std::int64_t at, const std::string& stored) {
    // A snapshot of an event the journal does not hold (any more) fits nothing.
    if (!hash_of_event(game_id, at, &event_hash_hex).is_ok()) return true;
    if (stored.size() < 2 * kHexHash || stored.compare(0, kHexHash, event_hash_hex) != 0) return true;
    std::string state = stored.substr(2 * kHexHash);
    if (stored.compare(kHexHash, kHexHash, sha256_hex(state)) != 0) return true;
    *seq = at;
    *blob = std::move(state);
    return false;
  });
}

namespace {

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

}  // namespace

Status ChainedJournal::create_tournament(const std::string& name, const std::string& settings,
                                         const std::string& judge_key_sha256, std::int64_t* id) {
  if (Status s = writable("create a tournament"); !s.is_ok()) return s;
  if (name.empty()) return Status::invalid_argument("a tournament needs a name");
  if (!is_json(settings)) return Status::invalid_argument("a tournament's settings must be JSON text");
  if (judge_key_sha256.size() != 64) return Status::invalid_argument("the judge's key digest must be 64 hex digits");
  TournamentRow row;
  row.name = name;
  row.settings = settings;
  row.judge_key_sha256 = judge_key_sha256;
  row.created = utc_now();
  row.genesis = tournament_genesis(name, settings, judge_key_sha256);
  return write_transaction([&] { return insert_tournament(row, id); });
}

Status ChainedJournal::append_tournament_record(std::int64_t id, std::int64_t expected_seq, const std::string& kind,
                                                const std::string& payload, std::string* hash) {
  if (Status s = writable("record in a tournament"); !s.is_ok()) return s;
  if (kind.empty()) return Status::invalid_argument("a tournament record needs a kind");
  if (!is_json(payload)) return Status::invalid_argument("a tournament record's payload must be JSON text");
  return write_transaction([&] {
    std::int64_t last = 0;
    std::string last_hash;
    if (Status s = tournament_head(id, &last, &last_hash); !s.is_ok()) return s;
    if (last != expected_seq - 1) {
      return Status::conflict(fmt::format("tournament {} has {}, not {}: another writer recorded first; "
                                          "nothing was written",
                                          id, count_of(last, "record"), expected_seq - 1));
    }
    TournamentRecord r;
    r.tournament_id = id;
    r.seq = expected_seq;
    r.at = utc_now();
    r.kind = kind;
    r.payload = payload;
    r.prev_hash = last_hash;
    r.hash = tournament_record_hash(r);
    if (Status s = insert_tournament_record(r); !s.is_ok()) return s;
    if (hash != nullptr) *hash = r.hash;
    return Status::ok();
  });
}

Status ChainedJournal::tournament_records(std::int64_t id, const std::function<bool(const TournamentRecord&)>& fn) {
  TournamentRow t;
  if (Status s = tournament(id, &t); !s.is_ok()) return s;
  if (t.genesis != tournament_genesis(t.name, t.settings, t.judge_key_sha256)) {
    return Status::corrupt(fmt::format("tournament {}: its settings do not match its genesis hash (edited since)", id));
  }
  std::int64_t expected = 1;
  std::string prev = t.genesis;
  Status broken;
  bool stopped = false;
  Status s = read_tournament_records(id, [&](const TournamentRecord& r) {
    if (stopped) return false;
    if (r.seq != expected || r.prev_hash != prev || r.hash != tournament_record_hash(r) || !is_json(r.payload)) {
      broken = Status::corrupt(fmt::format("tournament {}: record {} does not hold to the chain (edited, inserted or "
                                           "removed since it was written)",
                                           id, expected));
      return false;
    }
    ++expected;
    prev = r.hash;
    if (!fn(r)) stopped = true;
    return !stopped;
  });
  if (!s.is_ok()) return s;
  return broken;
}

}  // namespace deedlog
