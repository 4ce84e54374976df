#pragma once
// Pictures of a game in SVG: the board at a point (replay --svg, and the HTML replay's board)
// and each player's net worth over the game (replay --plot, and the HTML replay's chart).
#include <cstdint>
#include <string>
#include <vector>

#include "replay/timeline.h"
#include "deedlog/state.h"

namespace deedlog {

// Where each square is drawn: the board is a square of side `size`, the start square in the
// bottom right corner, travel going left along the bottom, up the left, right along the top.
struct SquareBox {
  double x = 0, y = 0, w = 0, h = 0;
  int side = 0;         // 0 bottom row, 1 left column, 2 top row, 3 right column; -1 a corner
  bool corner = false;
};
struct BoardGeometry {
  double size = 0;
  double unit = 0;      // width of an ordinary square
  double corner = 0;    // side of a corner square (and depth of every square)
  double band = 0;      // depth of the group's colour band on the inner edge
  std::vector<SquareBox> boxes;  // by square
};
BoardGeometry board_geometry(int board_size);

// The parts of a square the changing picture is drawn in: the owner's strip on the outer
// edge, the colour band on the inner edge (where buildings stand), where tokens stand, and
// in the jail corner the cell where prisoners sit. The HTML page draws from these too.
struct Rect {
  double x = 0, y = 0, w = 0, h = 0;
};
struct SquareParts {
  Rect box, owner, band, tokens, prisoners;  // prisoners: w == 0 except on the jail square
  bool across = true;                        // the band runs across (bottom and top rows)
  bool corner = false;
};
std::vector<SquareParts> square_parts(const Ruleset& ruleset, const BoardGeometry& geometry);
inline constexpr double kBoardTokenPitch = 19;   // distance between token centres
inline constexpr double kBoardTokenRadius = 8.5;

struct BoardSvgOptions {
  bool caption = true;   // the centre tells the position: the move, the players' cash
  bool for_html = false; // ids on the parts the HTML page redraws, no caption
};

// The board after event seq (0..last()).
std::string board_svg(const Timeline& timeline, std::int64_t seq, const BoardSvgOptions& options);

// Each player's net worth (value_estates: cash, deeds at price or half when mortgaged,
// buildings at cost, less debts) at sampled points of the game.
struct WorthSeries {
  std::vector<std::int64_t> seqs;                  // the points, ascending, the last one included
  std::vector<std::vector<std::int64_t>> totals;   // [player][point]
};
WorthSeries net_worth_series(const Timeline& timeline, int max_points);
// The most points a chart draws, whatever the game's length: more than a chart's pixels.
inline constexpr int kWorthChartPoints = 1200;

struct ChartOptions {
  int width = 760;
  int height = 300;
  bool cursor = false;   // a vertical line the HTML page moves (id "worth-cursor")
};
std::string worth_chart_svg(const Timeline& timeline, const WorthSeries& series, const ChartOptions& options);

// Text for XML and HTML: present/html_text.h's html_escape (what acts rather than shows written
// out, then & < > " escaped).
std::string xml_escape(const std::string& text);

// A length or a coordinate as the SVG is written: to a tenth, a whole one without its point.
std::string svg_number(double v);

// Where a chart over a game's events draws (the net worth, the win chances): its size, the plot's
// left edge, width, top and height, and the events its x axis spans.
struct ChartFrame {
  double width = 0, height = 0;
  double left = 0, plot_width = 0;
  double top = 0, plot_height = 0;
  std::int64_t x_from = 0, x_to = 1;
};
// A chart's opening: the <svg> element named id, with the plot's bounds for the page's script
// (data-x0, data-x1, data-seq0, data-seq1), its title, and its white ground.
std::string chart_svg_open(const char* id, const std::string& title, const ChartFrame& frame);
// A chart's end: the cursor the HTML page moves (a dashed line, id "ID-cursor") when asked for,
// and the </svg>.
std::string chart_svg_close(const char* id, const ChartFrame& frame, bool cursor);

}  // namespace deedlog
