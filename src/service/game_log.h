#pragma once
// A game's events as the rules know them. GameLog is the shell's one reader of stored events:
// every event it hands out has passed the journal's chain check (its seq follows on, its hash
// links to the one before) and the codec's check against the game's edition (a seat, square,
// card or sum the game cannot have is refused). Nothing else above the journal decodes a
// payload; tests/layers_include_graph_test.cpp holds the shell to that.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "deedlog/decide.h"
#include "deedlog/event.h"
#include "deedlog/event_codec.h"
#include "deedlog/evolve.h"
#include "deedlog/state.h"
#include "deedlog/status.h"
#include "journal/journal.h"
#include "service/game.h"

namespace deedlog {

// One stored event, read, checked and decoded: what a reader that keeps a game's events keeps of
// each (replay's Timeline).
struct DecodedEvent {
  std::int64_t seq = 0;
  std::string at;       // the move's clock stamp, "" when it carried none
  std::string actor;    // "Ann", "Referee"
  std::string type;     // the stored type name, as the journal holds it
  std::string payload;  // the stored JSON fields, as the journal holds them
  Event event;
};

// The same as GameLog reads it: with where it stands in the chain and whether it still counts.
struct LoggedEvent : DecodedEvent {
  std::string hash;  // the hash of the row holding it (a move's events share one)
  // The seq of the take-back (MovesTakenBack) that voided it, 0 while it stands: set by
  // mark_voided, which sees the later events too.
  std::int64_t voided_by = 0;
};

// The move an event belongs to: its MovePlayed and the last of its consequences. An event of
// the opening (before any move) is a span of its own, with no move.
struct MoveSpan {
  std::int64_t first = 0;  // the MovePlayed's seq (the event itself in the opening)
  std::int64_t last = 0;   // the move's last event
  std::string move;        // the move's text, "" in the opening
};

// Marks the events a take-back among them voided (each with the first that did). events are
// read in order without a gap, from any seq; a take-back that reaches before the first is
// marked as far as it goes.
void mark_voided(std::vector<LoggedEvent>* events);

// The reason a take-back gave ("" when none), for the event it voided: the take-back is found
// among events by its seq.
const LoggedEvent* voiding_event(const std::vector<LoggedEvent>& events, const LoggedEvent& voided);

// The position after event seq of a game (0: before the first), however a reader keeps its
// positions: the journal read again, the replay's checkpoints, the audit's positions before each
// line. A take-back returns the game to one.
using PositionAfter = std::function<Status(std::int64_t seq, State* out)>;

// A move's rows as the journal stores them: its line (MovePlayed) first, then its events, each
// encoded once, all with the move's actor and clock stamp. The opening's rows have no line
// (opening_rows).
std::vector<NewEvent> move_rows(const std::string& actor, const std::string& at, const Event& line,
                                const Events& events);
// A game's opening as rows: the Referee's, stamped `at` (the game's start, "" for none).
std::vector<NewEvent> opening_rows(const std::string& at, const Events& opening);

class GameLog {
 public:
  // The one fold of a game's stored events: every reader that applies them to a position goes
  // through it (load_game, play_move after a take-back, verify, statistics, the replay timeline,
  // the audit, the analysis). Event e, the game's event seq, is applied to *state, the position after the
  // event before it: evolve, and after a take-back (MovesTakenBack) the position before the
  // moves it voids, which the event does not carry: position_after(its first voided - 1) gives
  // it, and the fold goes on from seq (evolve.h, after_take_back). A take-back that names no
  // events before it (only a damaged journal holds one) stops the fold: Corrupt, *state as
  // evolve left it.
  static Status fold(State* state, const Event& e, std::int64_t seq, std::int64_t game_id,
                     const PositionAfter& position_after) {
    evolve(*state, e);
    if (e.type != EventType::MovesTakenBack) return Status::ok();
    return return_from_take_back(state, e, seq, game_id, position_after);
  }
  // One move applied to the position before it: the decision's position when the rules gave
  // its events (apply_decision: nothing folded again), else its line and events folded by the
  // fold above (a take-back, whose earlier position the decision does not know, or a table's own
  // version of a refused move: decided null). Every event is folded even after one fails; the
  // first failure comes back.
  static Status apply_move(State* state, const Decision* decided, const Event& line, const Events& events,
                           std::int64_t game_id, const PositionAfter& position_after);
  // The earlier positions of this game read again from its journal (load_game up to one, from
  // a sound snapshot at or before it): how the readers of a journal go on after a take-back.
  PositionAfter positions() const;
  // fold, going on after a take-back from the position read again (positions()).
  Status fold(State* state, const LoggedEvent& e) const { return fold(state, e.event, e.seq, game_id_, positions()); }


  // The game gives its id and the bounds its events must keep (its edition and table).
  GameLog(Journal& journal, const Game& game);

  // Each event with from <= seq <= to (to 0: to the end), in order; fn returns false to stop.
  // The first event that fails a check stops the read with a Corrupt status naming it, after
  // fn has seen every event before it.
  Status read(std::int64_t from, std::int64_t to, const std::function<bool(const LoggedEvent&)>& fn) const;
  // The same, gathered.
  Status read_all(std::int64_t from, std::int64_t to, std::vector<LoggedEvent>* out) const;

  // verify's walk: the whole chain checked to its end into *report (Journal::verify_chain),
  // each sound event decoded and handed to fn. A payload that does not decode stops fn, and
  // comes back as *bad_seq and *problem (the chain is still checked to its end).
  Status read_verifying_chain(ChainReport* report, const std::function<bool(const LoggedEvent&)>& fn,
                              std::int64_t* bad_seq, std::string* problem) const;

  // The move holding event seq (which must exist: NotFound otherwise). A position is asked
  // for between moves, never halfway through one: the commands that take --at show the
  // position after the whole move holding it, as the table saw it.
  Status move_holding(std::int64_t seq, MoveSpan* out) const;

  // Decodes one stored row against this game's bounds (false, with the reason, when it fails).
  bool decode(const EventRow& row, LoggedEvent* out, std::string* problem) const;

  // Every write of a new move: its line (`line`, the MovePlayed move_line made) and the
  // decision's events become rows (move_rows, each encoded once) appended after event
  // first - 1, in one transaction, chained (Journal::append); *written gets them as the journal
  // reads them back: their seqs, and the move's hash on each. With write false (a dry run),
  // nothing is written and the hashes stay "". play_move (service/game_session.h) is its caller;
  // a game's opening is written by create_game. Two writers keep their own path
  // (docs/design.md, "The path of a move"): `copy`, which stores rows already verified as they
  // are, and self-play's group commit, which chains move_rows itself.
  Status append(std::int64_t first, const std::string& actor, const std::string& at, const Event& line,
                const Events& events, bool write, std::vector<LoggedEvent>* written) const;

 private:
  static Status return_from_take_back(State* state, const Event& take_back, std::int64_t seq, std::int64_t game_id,
                                      const PositionAfter& position_after);

  Journal& journal_;
  std::int64_t game_id_;
  EventBounds bounds_;
};

}  // namespace deedlog
