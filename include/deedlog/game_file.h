#pragma once
// The .game notation (docs/notation.md, INTERFACE.md section 1): parsing text into a header,
// an optional setup position and move lines, and printing them back.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "deedlog/command.h"
#include "deedlog/game_header.h"
#include "deedlog/name_match.h"
#include "deedlog/ruleset.h"
#include "deedlog/setup_position.h"

namespace deedlog {

struct ParseError {
  int line = 0;          // 1-based line of the file, 0 when not from a file
  std::string message;   // for the user: what is wrong and, for names, the nearest ones
};

struct MoveLine {
  int line = 0;          // 1-based line in the file
  std::string text;      // the line as written, comment stripped
  Command command;       // a line naming several properties gives one MoveLine for each
  std::string comment;   // the table's comment on the line, without the '#' (kept by import)
};

struct GameFile {
  GameHeader header;
  std::optional<SetupPosition> setup;
  std::vector<MoveLine> moves;
};

// Parses only the header tags of a game file (enough to pick the ruleset).
// Errors: a malformed tag, a missing Ruleset or Players tag, fewer than 2 or more than 8
// players, duplicate player names, a player named "Referee", a Seed that is not a number.
// first_line: the file's line the text's first line is (a game of a file of several,
// deedlog/game_reader.h), so that errors name the file's lines.
bool parse_header(const std::string& text, GameHeader* header, ParseError* error, int first_line = 1);

// Why name cannot be a player's (a game's, or a tournament's, whose games carry it), or "": too
// long, "Referee", a character the notation reads (" # : @ [ ]), or one a person cannot read and
// type (name_characters_problem: a control, ESC, a text-direction override, ...). The name is
// shown in the reason with such characters written out.
std::string player_name_problem(const std::string& name);

// Parses a whole game file against its edition. Setup and moves have names resolved.
bool parse_game(const std::string& text, const Ruleset& ruleset, GameFile* out, ParseError* error);
// The same, handing each move line to on_move as it is read instead of keeping it in
// out->moves (an import of a file of millions of moves holds one at a time). on_move sees the
// header and setup read so far; returning false stops the reading (parse_game then returns
// true with what it has). first_line as for parse_header: MoveLine::line and errors count from it.
bool parse_game(const std::string& text, const Ruleset& ruleset, GameFile* out, ParseError* error,
                const std::function<bool(const GameFile&, MoveLine&&)>& on_move, int first_line = 1);

// The same for an audit: a move line that does not parse is put in *bad_lines (with its line)
// and skipped, and the reading goes on; only the header, the setup and the sections stop it.
bool parse_game_skipping(const std::string& text, const Ruleset& ruleset, GameFile* out, ParseError* error,
                         std::vector<ParseError>* bad_lines);

namespace notation {
struct Context;
}

// Reads the move lines of one game: its edition and players, with the tables of names a line is
// matched against built once, when it is made (verify and replay read thousands of lines). The
// parser keeps the players' names and refers to the ruleset, which must outlive it. Reading
// changes nothing in it, so one parser may serve several threads. A parser moved from is not read.
//
//   MoveParser parser(ruleset, players);
//   Command c;
//   ParseError e;
//   if (parser.parse("Ann rolls 3 4", &c, &e)) ...
class MoveParser {
 public:
  MoveParser(const Ruleset& ruleset, const std::vector<std::string>& players);
  ~MoveParser();
  MoveParser(MoveParser&&) noexcept;
  MoveParser& operator=(MoveParser&&) noexcept;
  MoveParser(const MoveParser&) = delete;
  MoveParser& operator=(const MoveParser&) = delete;

  // One move line ("[@TIME] ACTOR VERB ..."); a line naming several properties is refused.
  bool parse(const std::string& line, Command* out, ParseError* error) const;
  // A line that may hold several moves, one for each property it names (parse_moves).
  bool parse_all(const std::string& line, std::vector<Command>* out, ParseError* error) const;
  // The canonical text of a move (print_move).
  std::string print(const Command& command) const;

  const Ruleset& ruleset() const;
  const std::vector<std::string>& players() const;

 private:
  std::unique_ptr<const notation::Context> names_;
};

// Parses one move line ("[@TIME] ACTOR VERB ...") for a game with these players: a MoveParser
// made for the one line (a reader of many lines of one game keeps a MoveParser).
bool parse_move(const std::string& line, const Ruleset& ruleset,
                const std::vector<std::string>& players, Command* out, ParseError* error);

// The same for a line that may hold several moves, one for each property it names ("Ann
// builds houses on Angel, Euston, Pentonville", "Ann mortgages "Park Lane" and Mayfair"),
// in the order written. parse_move refuses such a line.
bool parse_moves(const std::string& line, const Ruleset& ruleset, const std::vector<std::string>& players,
                 std::vector<Command>* out, ParseError* error);

// The canonical text of a move: full names, quoted where they contain spaces or commas,
// @TIME first when present. parse_move(print_move(c)) == c.
std::string print_move(const Command& command, const Ruleset& ruleset,
                       const std::vector<std::string>& players);

// Writes a whole game back as notation: header tags, [Setup] if any, [Moves] and move lines.
// comments, when given, holds one comment per move ("" for none), written after its line.
std::string print_game(const GameHeader& header, const std::optional<SetupPosition>& setup,
                       const std::vector<Command>& moves, const Ruleset& ruleset,
                       const std::vector<std::string>* comments = nullptr);

// The `#` comment of a line (outside double quotes), without the '#', trimmed; "" if none.
std::string comment_of(const std::string& line);

// A file of several games: deedlog/game_reader.h reads it one game at a time.

// A [Setup] section's lines as text (without the [Setup] line itself), and back: the game's
// header keeps the setup so that the opening is decided from what the hashed header states.
std::string setup_text(const SetupPosition& setup, const Ruleset& ruleset, const std::vector<std::string>& players);
bool parse_setup_text(const std::string& text, const Ruleset& ruleset, const std::vector<std::string>& players,
                      SetupPosition* out, ParseError* error);

// "line 3: message", or the message alone when the error has no line.
std::string format_error(const ParseError& error);

// The name a square goes by in the notation: its printed name, numbered in board order where
// the board has several squares of that name ("Chance 2", "Community Chest 1").
std::string square_notation_name(const Ruleset& ruleset, SquareId square);

// Resolves a square name as typed (docs/notation.md, "Names"). With properties_first, a
// property is looked for first and the other squares only when no property fits, as the
// property verbs do ("Park" is Park Lane, not Free Parking).
NameMatch match_square(const std::string& query, const Ruleset& ruleset, bool properties_first);

}  // namespace deedlog
