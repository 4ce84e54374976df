#pragma once
// A file of several games, like PGN (docs/notation.md, "Several games in one file"), read one
// game at a time: an import of ten thousand games holds one game's lines, never the file.
#include <cstddef>
#include <istream>
#include <string>

namespace deedlog {

// One game of a file as read from it: its lines, and the file's line its first line is, so that
// parse_header and parse_game (deedlog/game_file.h) name the file's lines in their errors.
struct GameText {
  std::string text;
  int first_line = 1;
};

// Reads the games of a stream in file order. Each game starts with its own tags, and a run of
// tag lines after a line of a game's body (a move, a section) starts the next game when it holds
// a Ruleset tag; a stray tag among the moves starts none and stays the error it is. Lines before
// the first game's tags (comments) are the first game's. A stream of one game, or of none (an
// empty file), gives one text.
//
//   std::ifstream in(path, std::ios::binary);
//   GameReader games(in);
//   GameText g;
//   while (games.next(&g)) parse_game(g.text, ruleset, &file, &error, on_move, g.first_line);
class GameReader {
 public:
  explicit GameReader(std::istream& in) : in_(in) {}

  // The next game; false once every game has been given (*out is then left as it was).
  bool next(GameText* out);
  // Games given so far.
  std::size_t games() const { return given_; }
  // Whether the stream could not be read (as against ended).
  bool failed() const { return in_.bad(); }

 private:
  // The next line of the stream into *line, numbered; false at its end.
  bool read_line(std::string* line);

  std::istream& in_;
  int line_number_ = 0;
  std::size_t given_ = 0;
  bool ended_ = false;
  // Lines read past the end of the game given last: the tag lines (and the blank lines among
  // them) that start the next game, and the line that ended their run.
  std::string carried_;
  int carried_first_line_ = 0;
  bool carried_any_ = false;
  bool carried_in_body_ = false;  // the line that ended the run is a line of the game's body
};

}  // namespace deedlog
