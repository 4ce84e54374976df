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

#include "deedlog/event.h"
#include "deedlog/event_codec.h"
#include "deedlog/status.h"
#include "journal/journal.h"
#include "service/game.h"

namespace deedlog {

// One stored event, read and checked.
struct LoggedEvent {
  std::int64_t seq = 0;
  std::string at;       // the move's clock stamp, "" when it carried none
  std::string actor;    // "Ann", "Referee"
  std::string type;     // the stored type name, as the journal holds it
  std::string payload;  // the stored JSON fields, as the journal holds them
  std::string hash;     // the hash of the row holding it (a move's events share one)
  Event event;
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

class GameLog {
 public:
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

  // The rows a game's events are stored as are made by play_move and create_game
  // (service/game_session.h), the one writer, through Journal::append and create_game.

 private:
  Journal& journal_;
  std::int64_t game_id_;
  EventBounds bounds_;
};

}  // namespace deedlog
