#pragma once
// A saved game held in memory for replaying: every event decoded once, the position after
// any event on demand, and the turns and moves the events fall into.
//
// Positions are numbered like the journal: position p is the position after event seq p
// (0: before the first event). The position after any event is a checkpoint (one State every
// kCheckpointEvery events, kept in memory) folded forward by at most kCheckpointEvery - 1
// events, so stepping back costs microseconds however long the game (docs/replay.md).
#include <cstdint>
#include <string>
#include <vector>

#include "deedlog/event.h"
#include "deedlog/game_header.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "deedlog/status.h"
#include "journal/journal.h"
#include "service/game_log.h"

namespace deedlog {

// An event of the game: seq, the move's clock stamp, who made the move ("Ann", "Referee"), the
// stored type name ("RentPaid") and JSON payload, and the event decoded.
using TimelineEvent = DecodedEvent;

// Kinds of event a viewer looks for ("find the next rent").
enum class EventKind : std::uint8_t {
  Rent,        // rent falls due, is asked for, paid or lost
  Bankruptcy,  // a debt the player cannot pay in cash, a bankruptcy, the game won
  Ruling,      // a ruling recorded after a dispute, or the referee applying a rule on its own (is_kind)
  Move,        // a move line (MovePlayed)
};

bool is_kind(const Event& e, EventKind kind);
// "rent", "bankruptcy", "ruling", "move".
const char* kind_name(EventKind kind);

class Timeline {
 public:
  // One State kept in memory per this many events.
  static constexpr std::int64_t kCheckpointEvery = 64;

  // Reads and decodes a whole game.
  static Status load(Journal& journal, std::int64_t game_id, Timeline* out);
  // From events already in memory (seq must run 1, 2, 3, ...).
  static Timeline from_events(std::int64_t game_id, GameHeader header, Ruleset ruleset,
                              std::vector<TimelineEvent> events);

  std::int64_t game_id() const { return game_id_; }
  // The hash of the game's last event (the genesis before any), when loaded from a journal; ""
  // for a timeline made from events alone. A kept analysis is of this head (service/kept_analysis.h).
  const std::string& head_hash() const { return head_hash_; }
  const GameHeader& header() const { return header_; }
  const Ruleset& ruleset() const { return ruleset_; }
  const std::vector<std::string>& names() const { return header_.players; }
  // The game's Title tag, or "Game N".
  std::string title() const;

  // The last position (= the number of events).
  std::int64_t last() const { return static_cast<std::int64_t>(events_.size()); }
  // Event seq (1..last()).
  const TimelineEvent& at(std::int64_t seq) const { return events_[static_cast<std::size_t>(seq - 1)]; }
  const Event& event(std::int64_t seq) const { return at(seq).event; }

  // The position after event p (0..last()).
  State state_at(std::int64_t p) const;
  // Folds event q into s, the position after event q - 1, by the one fold of stored events
  // (GameLog::fold, service/game_log.h): evolve, and after a take-back the position before the
  // moves it voided, from the checkpoints. Every fold of the timeline's events goes through
  // here. A take-back that names no events before it (a damaged journal, which load refuses)
  // leaves s as evolve left it.
  void step(State& s, std::int64_t q) const;
  // The seq of the take-back that voided event q (1..last()), 0 while it stands.
  std::int64_t voided_by(std::int64_t q) const { return voided_by_[static_cast<std::size_t>(q - 1)]; }

  // Turns, numbered from 1; turn 0 is the opening, before the first turn. A turn begins with
  // the move that started it (the first throw), or with its TurnStarted event in the opening.
  int turn_count() const { return static_cast<int>(turn_starts_.size()); }
  int turn_of(std::int64_t p) const;               // the turn event p belongs to (p >= 1)
  std::int64_t turn_first(int turn) const;         // its first event (turn 1..turn_count())
  std::int64_t turn_last(int turn) const;          // its last event
  PlayerId turn_player(int turn) const;

  // Moves: each MovePlayed event and the consequences recorded after it.
  // The MovePlayed seq of the move event p belongs to; 0 for the opening events.
  std::int64_t move_of(std::int64_t p) const;
  // The last event of the move starting at move_seq.
  std::int64_t move_last(std::int64_t move_seq) const;
  const std::vector<std::int64_t>& moves() const { return move_starts_; }

  // The first event after p (or the last before p, when !forward) of the kind; 0 when none.
  std::int64_t find(std::int64_t p, EventKind kind, bool forward) const;
  // The first event after p whose words (or type name) contain text, case-insensitively; 0 when none.
  std::int64_t find_text(std::int64_t p, const std::string& text) const;

 private:
  // step, saying when a take-back names no events before it (index() refuses the game then).
  Status fold(State& s, std::int64_t q) const;
  void index();
  // The first event after which the position is not one the game can hold (a crafted event
  // whose fields are each in range may still leave one): 0 when there is none.
  std::int64_t unsound_at_ = 0;
  std::string unsound_why_;

  std::int64_t game_id_ = 0;
  std::string head_hash_;
  GameHeader header_;
  Ruleset ruleset_;
  std::vector<TimelineEvent> events_;
  std::vector<State> checkpoints_;          // [k]: the position after event k * kCheckpointEvery
  std::vector<std::int64_t> turn_starts_;   // first event of turn t at [t - 1]
  std::vector<PlayerId> turn_players_;
  std::vector<std::int64_t> move_starts_;   // MovePlayed seqs, in order
  std::vector<std::int64_t> voided_by_;     // [q - 1]: the take-back that voided event q, or 0
};

// A position being looked at: steps forward by folding one event, jumps anywhere through the
// timeline's checkpoints.
class ReplayCursor {
 public:
  ReplayCursor(const Timeline& timeline, std::int64_t p);
  std::int64_t position() const { return pos_; }
  const State& state() const { return state_; }
  // Moves to p (clamped to 0..last()).
  void seek(std::int64_t p);

 private:
  const Timeline* timeline_;
  std::int64_t pos_ = 0;
  State state_;
};

}  // namespace deedlog
