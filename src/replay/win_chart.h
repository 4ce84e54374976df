#pragma once
// The win-chance graph of an analysed game (docs/analysis-views.md): one line a player, a point a
// move, from a kept analysis (the document of `referee analyse --json`, service/kept_analysis.h),
// the big swings marked. Drawn under the board by replay --html (clicking a point goes to its
// move) and beside the net worth by replay --plot; the notation with the analysis in comments
// (`replay --format notation --analysis`, `referee analyse --annotate`).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/status.h"
#include "replay/svg_board.h"
#include "replay/timeline.h"

namespace deedlog {

// A swing is a move after which some player's win chance moved by this much or more; the graph
// marks the kMaxSwings largest.
inline constexpr double kSwing = 0.15;
inline constexpr std::size_t kMaxSwings = 5;

struct WinPoint {
  std::int64_t seq = 0;       // the move's MovePlayed event (0: the start, before the first move analysed)
  std::int64_t last = 0;      // the last event the move caused: where clicking its point goes
  std::vector<double> share;  // each player's win chance after the move, seat order
  std::string move;           // the move as recorded
  std::string mark;           // doubtful, bad, very_bad, uncertain, or ""
  double swing = 0;           // the largest change of a player's share from the point before
  bool marked_swing = false;  // one of the big swings the graph marks
};

struct WinSeries {
  std::vector<WinPoint> points;
  int games = 0;  // the play-outs a position the analysis ran, when it says
};

// The series of an analysis document, checked against the game before it is believed: the same
// players in the same seats, every move's seq a MovePlayed event of this game whose recorded text
// (without its comment) is the document's `move`, and the game's head where the document names
// one. InvalidArgument saying what does not match.
Status win_series(const Timeline& timeline, const nlohmann::json& doc, WinSeries* out);

// The graph as SVG (id "win", data-x0/x1/seq0/seq1 as the net-worth chart's; each point a circle
// of class "win-point" with data-seq, the move's last event). cursor: a line the HTML page moves.
std::string win_chart_svg(const Timeline& timeline, const WinSeries& series, const ChartOptions& options);

// replay --plot with an analysis: the net-worth chart and the win-chance graph side by side, one SVG.
std::string worth_and_win_svg(const Timeline& timeline, const WorthSeries& worth, const WinSeries& win);

// "PGN" marks for comments: ?! doubtful, ? bad, ?? very bad, (?) uncertain; "" for none.
std::string mark_symbol(const std::string& mark);

// The game as notation (replay --format notation) with the analysis in comment lines after the
// moves it covers: the mark, the error and the best move of a decision, the luck of a throw or a
// card, each player's chance after it; a summary per player at the top. Comment lines are not
// moves, so the text imports to the same head as the game.
std::string annotated_notation(const Timeline& timeline, const nlohmann::json& doc);

}  // namespace deedlog
