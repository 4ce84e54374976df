#include "replay/timeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "service/game_session.h"
#include "present/narration.h"
#include "deedlog/event_fields.h"
#include "deedlog/decide.h"
#include "service/game_log.h"
#include "deedlog/evolve.h"
#include "deedlog/state_check.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {

bool is_kind(const Event& e, EventKind kind) {
  switch (kind) {
    case EventKind::Rent:
      return e.type == EventType::RentDue || e.type == EventType::RentClaimed || e.type == EventType::RentPaid ||
             e.type == EventType::RentForfeited;
    case EventKind::Bankruptcy:
      return e.type == EventType::DebtIncurred || e.type == EventType::PlayerBankrupted ||
             e.type == EventType::GameWon;
    case EventKind::Ruling:
      // A ruling recorded after a dispute (the referee's award), and what the referee decides
      // on its own, beyond carrying out the move as said: rent lost for not asking, jail (sent,
      // kept, let out after the last turn), debts that stop the game, a lot nobody bid for,
      // interest on a deed that changed hands mortgaged, time, bankruptcy and its auctions,
      // the winner.
      switch (e.type) {
        case EventType::RulingRecorded:
        case EventType::NoteRecorded:
        case EventType::RentForfeited:
        case EventType::SentToJail:
        case EventType::JailTurnFailed:
        case EventType::DebtIncurred:
        case EventType::AuctionUnsold:
        case EventType::TimeCalled:
        case EventType::PlayerBankrupted:
        case EventType::BankAuctionsQueued:
        case EventType::GameWon:
          return true;
        case EventType::LeftJail:
          return fields::LeftJail::how(e) == JailExit::ThirdTurnFine;
        case EventType::InterestPaid:
          return fields::InterestPaid::on_transfer(e);
        default:
          return false;
      }
    case EventKind::Move:
      return e.type == EventType::MovePlayed;
  }
  return false;
}

const char* kind_name(EventKind kind) {
  switch (kind) {
    case EventKind::Rent: return "rent";
    case EventKind::Bankruptcy: return "bankruptcy";
    case EventKind::Ruling: return "ruling";
    case EventKind::Move: return "move";
  }
  return "?";
}

Status Timeline::load(Journal& journal, std::int64_t game_id, Timeline* out) {
  GameRow row;
  Game g;
  if (Status s = read_game_header(journal, game_id, &g, &row); !s.is_ok()) return s;
  std::vector<TimelineEvent> events;
  events.reserve(static_cast<std::size_t>(std::max<std::int64_t>(row.last_seq, 0)));
  std::string problem;
  std::string head = row.genesis;
  Status scan = GameLog(journal, g).read(1, 0, [&](const LoggedEvent& r) {
    if (r.seq != static_cast<std::int64_t>(events.size()) + 1) {
      problem = fmt::format("event {} of game {} follows event {}", r.seq, game_id, events.size());
      return false;
    }
    head = r.hash;
    events.push_back(r);  // the decoded event, without its place in the chain
    return true;
  });
  if (!scan.is_ok()) return scan;
  if (!problem.empty()) return Status::corrupt(problem);
  *out = from_events(game_id, std::move(g.header), std::move(g.ruleset), std::move(events));
  out->head_hash_ = std::move(head);
  // Every position shown is one the game can hold: the pages and the terminal read squares,
  // rents and seats from it as from any position (the events decoded each in range; this
  // is the check of what they make together).
  if (out->unsound_at_ != 0) {
    return Status::corrupt(fmt::format("event {} of game {} leaves a position the game cannot hold: {}",
                                       out->unsound_at_, game_id, out->unsound_why_));
  }
  return Status::ok();
}

Timeline Timeline::from_events(std::int64_t game_id, GameHeader header, Ruleset ruleset,
                               std::vector<TimelineEvent> events) {
  Timeline t;
  t.game_id_ = game_id;
  t.header_ = std::move(header);
  t.ruleset_ = std::move(ruleset);
  t.events_ = std::move(events);
  t.index();
  return t;
}

void Timeline::index() {
  State s = initial_state(ruleset_, header_);
  checkpoints_.clear();
  checkpoints_.reserve(events_.size() / static_cast<std::size_t>(kCheckpointEvery) + 1);
  checkpoints_.push_back(s);
  turn_starts_.clear();
  turn_players_.clear();
  move_starts_.clear();
  for (const TimelineEvent& te : events_) {
    const Event& e = te.event;
    if (e.type == EventType::MovePlayed) move_starts_.push_back(te.seq);
    if (e.type == EventType::TurnStarted) {
      // The move that started the turn opens it when its own player made it (the first throw);
      // "Ann ends turn" stays in Ann's turn, and the opening's TurnStarted opens turn 1 itself.
      std::int64_t first = te.seq;
      if (!move_starts_.empty()) {
        const TimelineEvent& played = at(move_starts_.back());
        if (played.event.player == e.player && (turn_starts_.empty() || played.seq > turn_starts_.back()))
          first = played.seq;
      }
      turn_starts_.push_back(first);
      turn_players_.push_back(e.player);
    }
    Status folded = fold(s, te.seq);
    if (unsound_at_ == 0 && !folded.is_ok()) {
      unsound_at_ = te.seq;
      unsound_why_ = folded.message();
    }
    if (unsound_at_ == 0) {
      if (std::string why = check_state(ruleset_, static_cast<int>(header_.players.size()), s); !why.empty()) {
        unsound_at_ = te.seq;
        unsound_why_ = std::move(why);
      }
    }
    if (te.seq % kCheckpointEvery == 0) checkpoints_.push_back(s);
  }
  voided_by_.assign(events_.size(), 0);
  for (const TimelineEvent& te : events_) {
    if (te.event.type != EventType::MovesTakenBack) continue;
    for (std::int64_t q = std::max<std::int64_t>(first_voided(te.event, te.seq), 1); q < te.seq - 1; ++q)
      if (voided_by_[static_cast<std::size_t>(q - 1)] == 0) voided_by_[static_cast<std::size_t>(q - 1)] = te.seq;
  }
}

void Timeline::step(State& s, std::int64_t q) const { (void)fold(s, q); }

Status Timeline::fold(State& s, std::int64_t q) const {
  // The one fold of stored events (service/game_log.h), going on after a take-back from the
  // position the checkpoints give.
  return GameLog::fold(&s, event(q), q, game_id_, [this](std::int64_t p, State* out) {
    *out = state_at(p);
    return Status::ok();
  });
}

std::string Timeline::title() const {
  for (const auto& [name, value] : header_.tags)
    if (name == "Title" && !value.empty()) return value;
  return fmt::format("Game {}", game_id_);
}

State Timeline::state_at(std::int64_t p) const {
  p = std::clamp<std::int64_t>(p, 0, last());
  const std::int64_t k = p / kCheckpointEvery;
  State s = checkpoints_[static_cast<std::size_t>(k)];
  for (std::int64_t q = k * kCheckpointEvery + 1; q <= p; ++q) step(s, q);
  return s;
}

int Timeline::turn_of(std::int64_t p) const {
  auto it = std::upper_bound(turn_starts_.begin(), turn_starts_.end(), p);
  return static_cast<int>(it - turn_starts_.begin());
}

std::int64_t Timeline::turn_first(int turn) const {
  if (turn <= 0) return std::min<std::int64_t>(1, last());
  return turn_starts_[static_cast<std::size_t>(std::min(turn, turn_count()) - 1)];
}

std::int64_t Timeline::turn_last(int turn) const {
  if (turn >= turn_count()) return last();
  return turn_starts_[static_cast<std::size_t>(std::max(turn, 0))] - 1;
}

PlayerId Timeline::turn_player(int turn) const {
  if (turn <= 0 || turn > turn_count()) return kBank;
  return turn_players_[static_cast<std::size_t>(turn - 1)];
}

std::int64_t Timeline::move_of(std::int64_t p) const {
  auto it = std::upper_bound(move_starts_.begin(), move_starts_.end(), p);
  return it == move_starts_.begin() ? 0 : *(it - 1);
}

std::int64_t Timeline::move_last(std::int64_t move_seq) const {
  auto it = std::upper_bound(move_starts_.begin(), move_starts_.end(), move_seq);
  return it == move_starts_.end() ? last() : *it - 1;
}

std::int64_t Timeline::find(std::int64_t p, EventKind kind, bool forward) const {
  if (forward) {
    for (std::int64_t q = std::max<std::int64_t>(p + 1, 1); q <= last(); ++q)
      if (is_kind(event(q), kind)) return q;
  } else {
    for (std::int64_t q = std::min(p - 1, last()); q >= 1; --q)
      if (is_kind(event(q), kind)) return q;
  }
  return 0;
}

namespace {
std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

std::int64_t Timeline::find_text(std::int64_t p, const std::string& text) const {
  const std::string needle = lower(text);
  if (needle.empty()) return 0;
  for (std::int64_t q = std::max<std::int64_t>(p + 1, 1); q <= last(); ++q) {
    const TimelineEvent& te = at(q);
    if (lower(te.type).find(needle) != std::string::npos) return q;
    if (lower(narrate(ruleset_, header_.players, te.event)).find(needle) != std::string::npos) return q;
  }
  return 0;
}

ReplayCursor::ReplayCursor(const Timeline& timeline, std::int64_t p) : timeline_(&timeline) {
  pos_ = std::clamp<std::int64_t>(p, 0, timeline.last());
  state_ = timeline.state_at(pos_);
}

void ReplayCursor::seek(std::int64_t p) {
  p = std::clamp<std::int64_t>(p, 0, timeline_->last());
  if (p == pos_) return;
  if (p == pos_ + 1) {
    timeline_->step(state_, p);
  } else {
    state_ = timeline_->state_at(p);
  }
  pos_ = p;
}

}  // namespace deedlog
