#include "service/game_log.h"

#include <fmt/format.h>

#include <algorithm>

#include "deedlog/event_fields.h"
#include "deedlog/evolve.h"
#include "service/game_session.h"

namespace deedlog {

GameLog::GameLog(Journal& journal, const Game& game)
    : journal_(journal),
      game_id_(game.id),
      bounds_(event_bounds(game.ruleset, static_cast<int>(game.header.players.size()))) {}

bool GameLog::decode(const EventRow& row, LoggedEvent* out, std::string* problem) const {
  std::string why;
  if (!decode_event(row.type, row.payload, bounds_, &out->event, &why)) {
    // The type is stored data too: only its start is repeated, so a crafted one cannot flood
    // the message.
    *problem = fmt::format("event {} of game {} ({}) cannot be read: {}", row.seq, game_id_, row.type.substr(0, 40), why);
    return false;
  }
  out->seq = row.seq;
  out->at = row.at;
  out->actor = row.actor;
  out->type = row.type;
  out->payload = row.payload;
  out->hash = row.hash;
  return true;
}

void mark_voided(std::vector<LoggedEvent>* events) {
  if (events->empty()) return;
  const std::int64_t base = events->front().seq;
  for (const LoggedEvent& e : *events) {
    if (e.event.type != EventType::MovesTakenBack) continue;
    // The voided events run up to the take-back's own move line, just before it.
    for (std::int64_t q = std::max(first_voided(e.event, e.seq), base);
         q < e.seq - 1 && q - base < static_cast<std::int64_t>(events->size()); ++q) {
      LoggedEvent& v = (*events)[static_cast<std::size_t>(q - base)];
      if (v.voided_by == 0) v.voided_by = e.seq;
    }
  }
}

const LoggedEvent* voiding_event(const std::vector<LoggedEvent>& events, const LoggedEvent& voided) {
  if (voided.voided_by == 0 || events.empty()) return nullptr;
  const std::int64_t i = voided.voided_by - events.front().seq;
  if (i < 0 || i >= static_cast<std::int64_t>(events.size())) return nullptr;
  return &events[static_cast<std::size_t>(i)];
}

Status GameLog::read(std::int64_t from, std::int64_t to, const std::function<bool(const LoggedEvent&)>& fn) const {
  std::string problem;
  LoggedEvent e;
  Status scan = journal_.scan(game_id_, std::max<std::int64_t>(from, 1), to, [&](const EventRow& row) {
    if (!decode(row, &e, &problem)) return false;
    return fn(e);
  });
  if (!scan.is_ok()) return scan;
  return problem.empty() ? Status::ok() : Status::corrupt(problem);
}

Status GameLog::read_all(std::int64_t from, std::int64_t to, std::vector<LoggedEvent>* out) const {
  return read(from, to, [&](const LoggedEvent& e) {
    out->push_back(e);
    return true;
  });
}

Status GameLog::read_verifying_chain(ChainReport* report, const std::function<bool(const LoggedEvent&)>& fn,
                                     std::int64_t* bad_seq, std::string* problem) const {
  *bad_seq = 0;
  problem->clear();
  LoggedEvent e;
  return journal_.verify_chain(game_id_, report, [&](const EventRow& row) {
    if (!decode(row, &e, problem)) {
      *bad_seq = row.seq;
      return false;
    }
    return fn(e);
  });
}

Status GameLog::move_holding(std::int64_t seq, MoveSpan* out) const {
  MoveSpan span;
  bool found = false;
  Status s = read(1, 0, [&](const LoggedEvent& e) {
    if (e.event.type == EventType::MovePlayed) {
      if (found) return false;  // the next move: the span is whole
      span = MoveSpan{e.seq, e.seq, fields::MovePlayed::line(e.event)};
    }
    if (e.seq == seq) {
      found = true;
      if (span.move.empty() && span.first == 0) span = MoveSpan{seq, seq, ""};  // the opening
    }
    if (found && !span.move.empty()) span.last = e.seq;
    return true;
  });
  if (!s.is_ok()) return s;
  if (!found) return Status::not_found(fmt::format("game {} has no event {}", game_id_, seq));
  *out = span;
  return Status::ok();
}

Status GameLog::return_from_take_back(State* state, const Event& take_back, std::int64_t seq, std::int64_t game_id,
                                     const PositionAfter& position_after) {
  const std::int64_t first = first_voided(take_back, seq);
  // Its own move line is just before it, and what it voids comes before that.
  if (first < 1 || first >= seq - 1)
    return Status::corrupt(fmt::format("event {} of game {} takes back events that are not before it", seq, game_id));
  State earlier;
  if (Status s = position_after(first - 1, &earlier); !s.is_ok()) return s;
  *state = after_take_back(earlier, seq);
  return Status::ok();
}

PositionAfter GameLog::positions() const {
  return [&journal = journal_, id = game_id_](std::int64_t seq, State* out) {
    // The earlier position may hold take-backs of its own, read the same way.
    Game earlier;
    if (Status s = load_game(journal, id, seq, &earlier); !s.is_ok()) return s;
    *out = earlier.state;
    return Status::ok();
  };
}

Status GameLog::apply_move(State* state, const Decision* decided, const Event& line, const Events& events,
                           std::int64_t game_id, const PositionAfter& position_after) {
  const bool takes_back =
      std::any_of(events.begin(), events.end(), [](const Event& e) { return e.type == EventType::MovesTakenBack; });
  if (decided && !takes_back) {
    apply_decision(*state, *decided);
    return Status::ok();
  }
  Status first_failure = fold(state, line, state->seq + 1, game_id, position_after);
  for (const Event& e : events)
    if (Status s = fold(state, e, state->seq + 1, game_id, position_after); !s.is_ok() && first_failure.is_ok())
      first_failure = s;
  return first_failure;
}

namespace {

// The one place an event becomes a row: its type's name and its payload, encoded once.
NewEvent row_of(const std::string& actor, const std::string& at, const Event& e) {
  return NewEvent{at, actor, event_type_name(e.type), encode_payload(e)};
}

}  // namespace

std::vector<NewEvent> move_rows(const std::string& actor, const std::string& at, const Event& line,
                                const Events& events) {
  std::vector<NewEvent> rows;
  rows.reserve(events.size() + 1);
  rows.push_back(row_of(actor, at, line));
  for (const Event& e : events) rows.push_back(row_of(actor, at, e));
  return rows;
}

std::vector<NewEvent> opening_rows(const std::string& at, const Events& opening) {
  std::vector<NewEvent> rows;
  rows.reserve(opening.size());
  for (const Event& e : opening) rows.push_back(row_of("Referee", at, e));
  return rows;
}

Status GameLog::append(std::int64_t first, const std::string& actor, const std::string& at, const Event& line,
                       const Events& events, bool write, std::vector<LoggedEvent>* written) const {
  std::vector<NewEvent> rows = move_rows(actor, at, line, events);
  std::string head;  // the hash of the move's row: the game's head after it
  if (write)
    if (Status s = journal_.append(game_id_, first, rows, &head); !s.is_ok()) return s;
  written->clear();
  written->reserve(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    LoggedEvent r;
    r.seq = first + static_cast<std::int64_t>(i);
    r.at = std::move(rows[i].at);
    r.actor = std::move(rows[i].actor);
    r.type = std::move(rows[i].type);
    r.payload = std::move(rows[i].payload);
    r.hash = head;  // as the journal reads them back: every event of the move carries its hash
    r.event = i == 0 ? line : events[i - 1];
    written->push_back(std::move(r));
  }
  return Status::ok();
}

}  // namespace deedlog
