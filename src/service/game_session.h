#pragma once
// The shell around the rules: a game in a journal, its edition, and the position folded from
// its events. Commands go through decide(); accepted events are appended in one transaction.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "deedlog/status.h"
#include "deedlog/command.h"
#include "deedlog/decide.h"
#include "deedlog/event_codec.h"
#include "deedlog/game_header.h"
#include "deedlog/setup_position.h"
#include "deedlog/state.h"
#include "service/game.h"
#include "service/game_log.h"
#include "journal/journal.h"
#include "deedlog/ruleset.h"

namespace deedlog {

std::string header_to_json(const GameHeader& h);
Status header_from_json(const std::string& text, GameHeader* h);

// The edition a game is played under: its own data when it carries some, else the built-in one.
Status ruleset_for(const GameHeader& header, Ruleset* out);

// A game's id, header and edition, from its row in the journal (*row, when given, for its
// genesis and last seq); nothing folded: game->state is left as it is.
Status read_game_header(Journal& journal, std::int64_t id, Game* game, GameRow* row = nullptr);

// Picks the game: the one given, or the only one in the file.
Status resolve_game_id(Journal& journal, std::optional<std::int64_t> wanted, std::int64_t* id);

// Loads a game's header and edition and folds its events up to to_seq (0 = all). Nothing is
// folded unchecked: the events' hash chain (Journal::scan), each field against the edition
// (decode_event with the game's bounds), and a snapshot it starts from (read_snapshot). A
// damaged or crafted event stops the load with a Corrupt status naming it.
Status load_game(Journal& journal, std::int64_t id, std::int64_t to_seq, Game* game);

// The snapshot stored at or before max_seq, if one is sound: it parses, it is a position this
// edition and table can hold, and it is the position after the event it says. Anything else
// is ignored (nullopt), and the caller folds from the events: a snapshot never changes an answer.
std::optional<State> read_snapshot(Journal& journal, const Game& game, std::int64_t max_seq);

// The position after a take-back (MovesTakenBack, read as take_back): the position before the
// first event it voids, read again from the journal, going on from its seq (evolve.h).
Status position_after_take_back(Journal& journal, const Game& game, const LoggedEvent& take_back, State* state);

// The game's events as the edition allows them (decode_event's bounds).
EventBounds game_bounds(const Game& game);

// Creates a game and records its opening events. A setup that breaks a rule creates nothing:
// *refused is set and the status is ok.
Status create_game(Journal& journal, const GameHeader& header, const std::optional<SetupPosition>& setup,
                   std::int64_t* id, std::optional<Violation>* refused);


struct PlayOutcome {
  Decision decision;             // the ruling (a refusal is worded by present/refusal_words)
  std::vector<LoggedEvent> events;  // what was appended (or would be, on a dry run), MovePlayed first
  // A dry run of a move dealt a sealed game's chance before the reveal (deals_sealed_chance): it
  // is ruled on legality alone, and neither its events nor the position after it are given.
  bool withheld = false;
};

// Rules on one move and, when legal and not a dry run, appends its events. game.state moves on,
// except on a dry run whose outcome is withheld (PlayOutcome::withheld), which leaves it as it was.
// comment: the table's comment on the line (import), kept in the MovePlayed text after "  # ".
Status play_move(Journal& journal, Game& game, const Command& command, bool dry_run, PlayOutcome* outcome,
                 const std::string& comment = {});

// Who a move's rows name as its actor: the player's name, or "Referee".
std::string actor_name(const Game& game, PlayerId p);

// The MovePlayed text of a move: its canonical notation, then "  # " and the table's comment
// when it had one (verify, reading it back, drops the comment as the notation does).
std::string move_played_text(const Game& game, const Command& command, const std::string& comment);

// Names for messages: the players' names, in seat order.
std::string render(const Game& game, const std::string& text);

}  // namespace deedlog
