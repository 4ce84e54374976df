#pragma once
// The interactive replay's screen, apart from the terminal: a character canvas, the keys and
// what they do (ReplayController), and the frame drawn for a position at a terminal size
// (render_screen). replay_terminal.cpp only reads keys and writes frames.
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "replay/timeline.h"

namespace deedlog {

// How a character cell looks. Colours are xterm-256 indexes, -1 = the terminal's default.
struct CellStyle {
  int fg = -1;
  int bg = -1;
  bool bold = false;
  bool dim = false;
  bool underline = false;
  bool reverse = false;
  bool operator==(const CellStyle&) const = default;
};

class Canvas {
 public:
  Canvas(int width, int height);
  int width() const { return width_; }
  int height() const { return height_; }
  // Writes text at column x of row y, cut at max_cols columns and at the edge. Returns the
  // columns written.
  int put(int x, int y, const std::string& utf8, const CellStyle& style = {}, int max_cols = INT_MAX);
  // The text alone: rows joined by newlines, trailing blanks removed.
  std::string plain() const;
  // One row with SGR escapes (colour false: bold, underline and reverse only).
  std::string ansi_row(int y, bool colour) const;

 private:
  struct Cell {
    std::string glyph = " ";
    CellStyle style;
  };
  Cell* at(int x, int y) { return &cells_[static_cast<std::size_t>(y * width_ + x)]; }
  const Cell& at(int x, int y) const { return cells_[static_cast<std::size_t>(y * width_ + x)]; }
  int width_;
  int height_;
  std::vector<Cell> cells_;
};

// A key as the terminal sends it.
struct Key {
  enum class Code { Char, Left, Right, Up, Down, PageUp, PageDown, Home, End, Enter, Backspace, Escape, Interrupt };
  Code code = Code::Char;
  char ch = 0;  // Code::Char: the character (ASCII; other bytes are ignored)
  static Key of(char c) { return Key{Code::Char, c}; }
  static Key special(Code c) { return Key{c, 0}; }
};

// What the keys do. Pure: it holds the position looked at, an open prompt and a message.
class ReplayController {
 public:
  ReplayController(const Timeline& timeline, std::int64_t start);

  void on_key(const Key& key);

  const Timeline& timeline() const { return *timeline_; }
  std::int64_t position() const { return cursor_.position(); }
  const State& state() const { return cursor_.state(); }
  bool quit() const { return quit_; }
  bool help() const { return help_; }
  // The prompt being typed ("Go to event: 12"), "" when none.
  std::string prompt_line() const;
  const std::string& message() const { return message_; }

 private:
  enum class Prompt { None, Seq, Turn, Find };
  void go(std::int64_t p);
  void find(EventKind kind, bool forward);
  void submit();

  const Timeline* timeline_;
  ReplayCursor cursor_;
  bool quit_ = false;
  bool help_ = false;
  Prompt prompt_ = Prompt::None;
  std::string input_;
  std::string last_find_;
  std::string message_;
};

// The first position worth showing: the first turn's start (everyone placed), or the end.
std::int64_t replay_start_position(const Timeline& timeline);

// The frame for the controller's position at cols x rows. Works from 80x24 up, using the
// room there is: larger squares, and a panel per player beside the board from 120 columns.
Canvas render_screen(const ReplayController& controller, int cols, int rows);

// The key bindings, one line each (the help overlay and docs/replay.md).
std::vector<std::string> replay_key_help();

}  // namespace deedlog
