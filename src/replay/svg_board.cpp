#include "replay/svg_board.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "present/narration.h"
#include "replay/commentary.h"
#include "deedlog/event_fields.h"
#include "deedlog/evolve.h"
#include "deedlog/valuation.h"
#include "present/money_words.h"
#include "present/html_text.h"

namespace deedlog {
namespace {

// Board proportions: an ordinary square is kUnit wide and kCorner deep; corners are kCorner square.
constexpr double kUnit = 60;
constexpr double kCorner = 96;
constexpr double kBandShare = 0.24;     // the colour band's depth, as a share of kCorner
constexpr double kOwnerStrip = 6;       // the owner's strip on the outer edge
constexpr const char* kBoardGreen = "#d7ecd9";
constexpr const char* kHouseGreen = "#1a8f2e";
constexpr const char* kHotelRed = "#c8102e";

std::vector<std::pair<double, double>> token_slots(const Rect& a, int n) {
  std::vector<std::pair<double, double>> out;
  if (n <= 0) return out;
  const int cols = std::max(1, static_cast<int>((a.w - 2) / kBoardTokenPitch));
  const int rows = (n + cols - 1) / cols;
  const int used_cols = std::min(n, cols);
  const double x0 = a.x + a.w / 2 - (used_cols - 1) * kBoardTokenPitch / 2;
  const double y0 = a.y + a.h / 2 - (rows - 1) * kBoardTokenPitch / 2;
  for (int i = 0; i < n; ++i) out.emplace_back(x0 + (i % cols) * kBoardTokenPitch, y0 + (i / cols) * kBoardTokenPitch);
  return out;
}

void token(std::string& out, double x, double y, PlayerId p, const std::string& letter) {
  out += fmt::format(
      "<g class=\"token\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#fff\" stroke-width=\"1.5\"/>"
      "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" font-weight=\"bold\" fill=\"#fff\">{}</text></g>",
      svg_number(x), svg_number(y), svg_number(kBoardTokenRadius), player_colour(p).web, svg_number(x), svg_number(y + 3.5), xml_escape(letter));
}

std::string rect_attrs(const Rect& r) {
  return fmt::format("x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", svg_number(r.x), svg_number(r.y), svg_number(r.w), svg_number(r.h));
}

// The parts of the board that change: owners, buildings, mortgages, tokens, the square of the
// last event. The HTML page draws the same from the same parts (replay_html.cpp's script).
std::string dynamic_layer(const Timeline& t, const BoardGeometry& g, const State& s, SquareId highlight) {
  const Ruleset& r = t.ruleset();
  const auto letters = token_letters(t.names());
  const auto parts = square_parts(r, g);
  std::string out;
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareParts& sp = parts[static_cast<std::size_t>(i)];
    const Holding& h = s.holdings[static_cast<std::size_t>(i)];
    if (h.owner == kBank || sp.corner) continue;
    out += fmt::format("<rect class=\"owner\" {} fill=\"{}\"/>", rect_attrs(sp.owner), player_colour(h.owner).web);
    if (h.mortgaged)
      out += fmt::format("<rect class=\"mortgaged\" {} fill=\"url(#hatch)\"/>"
                         "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"8\" font-weight=\"bold\" fill=\"#700\">"
                         "MORTGAGED</text>",
                         rect_attrs(sp.box), svg_number(sp.box.x + sp.box.w / 2), svg_number(sp.box.y + sp.box.h / 2 + 3));
    if (h.buildings > 0) {
      const Rect& b = sp.band;
      if (h.buildings == kHotel) {
        const double w = sp.across ? 26 : 14, hh = sp.across ? 14 : 26;
        out += fmt::format("<rect class=\"hotel\" {} fill=\"{}\" stroke=\"#fff\"/>",
                           rect_attrs(Rect{b.x + b.w / 2 - w / 2, b.y + b.h / 2 - hh / 2, w, hh}), kHotelRed);
      } else {
        const double size = 11, gap = 2.5;
        const double span = h.buildings * size + (h.buildings - 1) * gap;
        for (int k = 0; k < h.buildings; ++k) {
          const double x = sp.across ? b.x + b.w / 2 - span / 2 + k * (size + gap) : b.x + b.w / 2 - size / 2;
          const double y = sp.across ? b.y + b.h / 2 - size / 2 : b.y + b.h / 2 - span / 2 + k * (size + gap);
          out += fmt::format("<rect class=\"house\" {} fill=\"{}\" stroke=\"#fff\"/>", rect_attrs(Rect{x, y, size, size}),
                             kHouseGreen);
        }
      }
    }
  }
  if (highlight != kNoSquare && highlight < parts.size()) {
    const Rect& b = parts[highlight].box;
    out += fmt::format("<rect class=\"highlight\" {} fill=\"none\" stroke=\"#ffb000\" stroke-width=\"4\"/>",
                       rect_attrs(Rect{b.x + 2, b.y + 2, b.w - 4, b.h - 4}));
  }
  // Tokens, square by square; on the jail square the prisoners sit in its inner cell.
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareParts& sp = parts[static_cast<std::size_t>(i)];
    std::vector<PlayerId> visitors, prisoners;
    for (PlayerId p = 0; p < s.player_count; ++p) {
      const PlayerState& ps = s.player(p);
      if (ps.bankrupt || ps.square != i) continue;
      (ps.in_jail && sp.prisoners.w > 0 ? prisoners : visitors).push_back(p);
    }
    auto slots = token_slots(sp.prisoners, static_cast<int>(prisoners.size()));
    for (std::size_t k = 0; k < prisoners.size(); ++k)
      token(out, slots[k].first, slots[k].second, prisoners[k], letters[static_cast<std::size_t>(prisoners[k])]);
    slots = token_slots(sp.tokens, static_cast<int>(visitors.size()));
    for (std::size_t k = 0; k < visitors.size(); ++k)
      token(out, slots[k].first, slots[k].second, visitors[k], letters[static_cast<std::size_t>(visitors[k])]);
  }
  return out;
}

// The square an event is about, to be marked on the board.
SquareId event_square(const Timeline& t, std::int64_t seq, const State& s) {
  if (seq <= 0) return kNoSquare;
  const Event& e = t.event(seq);
  SquareId sq = kNoSquare;
  if (fields::shared::square_if_any(e) != kNoSquare) sq = fields::shared::square_if_any(e);
  else if (e.player >= 0 && e.player < s.player_count) sq = s.player(e.player).square;
  return sq < t.ruleset().squares.size() ? sq : kNoSquare;
}

std::string name_lines(const std::string& name, double x, double y, int chars, double size, bool bold) {
  const auto lines = wrap_words(name, chars);
  std::string out = fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\"{}>", svg_number(x), svg_number(y),
                                svg_number(size), bold ? " font-weight=\"bold\"" : "");
  for (std::size_t k = 0; k < lines.size() && k < 4; ++k)
    out += fmt::format("<tspan x=\"{}\" dy=\"{}\">{}</tspan>", svg_number(x), k == 0 ? "0" : svg_number(size * 1.15),
                       xml_escape(lines[k]));
  return out + "</text>";
}

std::string static_board(const Timeline& t, const BoardGeometry& g) {
  const Ruleset& r = t.ruleset();
  std::string out;
  out += fmt::format("<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{0}\" fill=\"{1}\" stroke=\"#222\" stroke-width=\"2\"/>",
                     svg_number(g.size), kBoardGreen);
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareBox& b = g.boxes[static_cast<std::size_t>(i)];
    const Square& sq = r.square(static_cast<SquareId>(i));
    out += fmt::format("<g class=\"square\" data-index=\"{}\"><title>{}</title>", i, xml_escape(sq.name));
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"#222\"/>", svg_number(b.x), svg_number(b.y),
                       svg_number(b.w), svg_number(b.h), kBoardGreen);
    const Colour c = group_colour(r, sq.group);
    double tx = b.x + b.w / 2, ty = b.y + 14, chars = 11, price_y = b.y + b.h - 10;
    if (b.corner) {
      if (sq.kind == SquareKind::Jail) {
        const Rect cell = square_parts(r, g)[static_cast<std::size_t>(i)].prisoners;
        out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f4a261\" stroke=\"#222\"/>", svg_number(cell.x),
                           svg_number(cell.y), svg_number(cell.w), svg_number(cell.h));
        for (int k = 1; k < 4; ++k)
          out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#555\" stroke-width=\"1.5\"/>",
                             svg_number(cell.x + cell.w * k / 4), svg_number(cell.y), svg_number(cell.y + cell.h));
        out += name_lines(sq.name, cell.x + cell.w / 2, cell.y + 12, 10, 10, true);
      } else {
        out += name_lines(sq.name, b.x + b.w / 2, b.y + (sq.kind == SquareKind::Go ? 38 : 26), 10,
                          sq.kind == SquareKind::Go ? 22 : 11, true);
      }
      out += "</g>";
      continue;
    }
    if (!c.web.empty())
      out += fmt::format("<rect {} fill=\"{}\" stroke=\"#222\"/>", rect_attrs(square_parts(r, g)[static_cast<std::size_t>(i)].band),
                         c.web);
    switch (b.side) {
      case 0: ty = b.y + g.band + 11; break;
      case 1: tx = b.x + (b.w - g.band) / 2 + 3; ty = b.y + 12; chars = 15; price_y = b.y + b.h - 5; break;
      case 2: ty = b.y + 16; price_y = b.y + b.h - g.band - 4; break;
      case 3: tx = b.x + g.band + (b.w - g.band) / 2 - 3; ty = b.y + 12; chars = 15; price_y = b.y + b.h - 5; break;
      default: break;
    }
    out += name_lines(sq.name, tx, ty, static_cast<int>(chars), 8, false);
    Money value = sq.is_property() ? sq.price : sq.tax;
    if (value.units > 0)
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"8\">{}</text>", svg_number(tx), svg_number(price_y),
                         xml_escape(money_grouped(r, value)));
    out += "</g>";
  }
  return out;
}

const char* kDefs =
    "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    "<rect width=\"6\" height=\"6\" fill=\"#9a9a9a\" fill-opacity=\"0.35\"/>"
    "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#555\" stroke-width=\"2\" stroke-opacity=\"0.6\"/></pattern></defs>";

}  // namespace

std::string xml_escape(const std::string& text) { return html_escape(text); }

BoardGeometry board_geometry(int n) {
  BoardGeometry g;
  const int k = std::max(1, n / 4);
  g.unit = kUnit;
  g.corner = kCorner;
  g.band = kCorner * kBandShare;
  g.size = 2 * kCorner + (k - 1) * kUnit;
  const double S = g.size, C = kCorner, u = kUnit;
  for (int i = 0; i < n; ++i) {
    SquareBox b;
    if (i % k == 0) {
      b.corner = true;
      b.side = -1;
      b.w = b.h = C;
      const int c = i / k;
      b.x = (c == 0 || c == 3) ? S - C : 0;
      b.y = (c == 0 || c == 1) ? S - C : 0;
    } else if (i < k) {
      b = {S - C - i * u, S - C, u, C, 0, false};
    } else if (i < 2 * k) {
      b = {0, S - C - (i - k) * u, C, u, 1, false};
    } else if (i < 3 * k) {
      b = {C + (i - 2 * k - 1) * u, 0, u, C, 2, false};
    } else {
      b = {S - C, C + (i - 3 * k - 1) * u, C, u, 3, false};
    }
    g.boxes.push_back(b);
  }
  return g;
}

std::vector<SquareParts> square_parts(const Ruleset& r, const BoardGeometry& g) {
  std::vector<SquareParts> parts;
  for (int i = 0; i < r.board_size() && i < static_cast<int>(g.boxes.size()); ++i) {
    const SquareBox& b = g.boxes[static_cast<std::size_t>(i)];
    SquareParts p;
    p.box = {b.x, b.y, b.w, b.h};
    p.corner = b.corner;
    p.tokens = p.box;
    p.owner = p.box;
    p.band = p.box;
    switch (b.side) {
      case 0:  // bottom row: band on top, owner's strip at the bottom
        p.band.h = g.band;
        p.owner = {b.x, b.y + b.h - kOwnerStrip, b.w, kOwnerStrip};
        p.tokens = {b.x, b.y + g.band, b.w, b.h - g.band - kOwnerStrip};
        break;
      case 1:  // left column: band on the right, strip on the left
        p.band = {b.x + b.w - g.band, b.y, g.band, b.h};
        p.owner.w = kOwnerStrip;
        p.tokens = {b.x + kOwnerStrip, b.y, b.w - g.band - kOwnerStrip, b.h};
        p.across = false;
        break;
      case 2:  // top row: band at the bottom, strip on top
        p.band = {b.x, b.y + b.h - g.band, b.w, g.band};
        p.owner.h = kOwnerStrip;
        p.tokens = {b.x, b.y + kOwnerStrip, b.w, b.h - g.band - kOwnerStrip};
        break;
      case 3:  // right column: band on the left, strip on the right
        p.band.w = g.band;
        p.owner = {b.x + b.w - kOwnerStrip, b.y, kOwnerStrip, b.h};
        p.tokens = {b.x + g.band, b.y, b.w - g.band - kOwnerStrip, b.h};
        p.across = false;
        break;
      default:  // a corner: its name above, tokens below
        p.tokens = {b.x + 4, b.y + b.h * 0.45, b.w - 8, b.h * 0.5};
        break;
    }
    if (b.corner && r.square(static_cast<SquareId>(i)).kind == SquareKind::Jail) {
      // The cell nearest the board's centre holds the prisoners; visitors stand beside it.
      const double side = b.w * 0.62;
      const bool cell_right = b.x + b.w / 2 < g.size / 2;
      const double cx = cell_right ? b.x + b.w - side : b.x;
      const double cy = b.y + b.h / 2 < g.size / 2 ? b.y + b.h - side : b.y;
      p.prisoners = {cx, cy, side, side};
      p.tokens = cell_right ? Rect{b.x, b.y, b.w - side, b.h} : Rect{b.x + side, b.y, b.w - side, b.h};
    }
    parts.push_back(p);
  }
  return parts;
}

std::string board_svg(const Timeline& t, std::int64_t seq, const BoardSvgOptions& o) {
  seq = std::clamp<std::int64_t>(seq, 0, t.last());
  const Ruleset& r = t.ruleset();
  const BoardGeometry g = board_geometry(r.board_size());
  const State s = t.state_at(seq);
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {0}\" width=\"{0}\" height=\"{0}\" "
      "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\"{1}>",
      svg_number(g.size), o.for_html ? " id=\"board\"" : "");
  out += fmt::format("<title>{} after event {}</title>", xml_escape(t.title()), seq);
  out += kDefs;
  out += static_board(t, g);
  const double mid = g.size / 2;
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"26\" font-weight=\"bold\" fill=\"#1b4d2b\">{}</text>",
                     svg_number(mid), svg_number(g.corner + 48), xml_escape(t.title()));
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" fill=\"#1b4d2b\">{}</text>", svg_number(mid),
                     svg_number(g.corner + 70), xml_escape(r.title));
  if (o.for_html) {
    out += fmt::format("<text id=\"centre-words\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\" fill=\"#222\"></text>",
                       svg_number(mid), svg_number(mid - 30));
    out += "<g id=\"dynamic\">" + dynamic_layer(t, g, s, event_square(t, seq, s)) + "</g>";
  } else {
    out += dynamic_layer(t, g, s, event_square(t, seq, s));
  }
  if (o.caption && !o.for_html) {
    double y = mid - 60;
    const int turn = seq > 0 ? t.turn_of(seq) : 0;
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">{}</text>", svg_number(mid),
                       svg_number(y), xml_escape(fmt::format("After event {} of {}{}", seq, t.last(),
                                                      turn > 0 ? fmt::format(" · turn {}", turn) : std::string())));
    y += 20;
    const MoveWords w = move_words(t, seq);
    std::vector<std::string> lines = wrap_words(w.line, 60);
    if (!w.sentences.empty())
      for (const auto& l : wrap_words(w.sentences.back(), 60)) lines.push_back(l);
    for (const auto& l : lines) {
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>", svg_number(mid), svg_number(y),
                         xml_escape(l));
      y += 16;
    }
    y += 10;
    const auto letters = token_letters(t.names());
    for (PlayerId p = 0; p < s.player_count; ++p) {
      const PlayerState& ps = s.player(p);
      token(out, mid - 120, y - 4, p, letters[static_cast<std::size_t>(p)]);
      std::string status = ps.bankrupt ? "bankrupt" : ps.square < r.squares.size() ? fmt::format("on {}", r.square(ps.square).name)
                                                                                 : std::string("off the board");
      if (ps.in_jail) status = fmt::format("in {}", r.words.jail);
      out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\"><tspan font-weight=\"bold\">{}</tspan> {} · {}</text>",
                         svg_number(mid - 105), svg_number(y), xml_escape(t.names()[static_cast<std::size_t>(p)]),
                         xml_escape(money_grouped(r, ps.cash)), xml_escape(status));
      y += 20;
    }
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\" fill=\"#333\">Now: {}</text>", svg_number(mid),
                       svg_number(y + 6), xml_escape(phase_words(r, t.names(), s)));
  }
  out += "</svg>\n";
  return out;
}

WorthSeries net_worth_series(const Timeline& t, int max_points) {
  WorthSeries w;
  const std::int64_t n = t.last();
  const std::int64_t step = std::max<std::int64_t>(1, (n + std::max(max_points, 2) - 2) / std::max(max_points - 1, 1));
  const std::size_t players = t.names().size();
  w.totals.assign(players, {});
  State s = t.state_at(0);
  auto sample = [&](std::int64_t seq) {
    const Valuation v = value_estates(t.ruleset(), s);
    w.seqs.push_back(seq);
    for (std::size_t p = 0; p < players; ++p)
      w.totals[p].push_back(p < v.estates.size() ? v.estates[p].total.units : 0);
  };
  // Points only where a move is complete: inside a move the state is half-applied (a trade's
  // deeds handed over before its cash, a purchase paid before the deed is counted), and would
  // draw a spike that never stood at the table. The opening places the players: the first point
  // worth drawing is the end of the first turn's first move.
  const auto move_ends_at = [&](std::int64_t q) { return q == n || t.event(q + 1).type == EventType::MovePlayed; };
  std::int64_t start = t.turn_count() > 0 ? t.turn_first(1) : 0;
  std::int64_t next_due = start;
  for (std::int64_t q = 1; q <= n; ++q) {
    t.step(s, q);
    if (!move_ends_at(q) || (q < next_due && q != n)) continue;
    sample(q);
    next_due = std::max(q + 1, next_due + step);
  }
  if (w.seqs.empty()) sample(n);
  return w;
}

std::string worth_chart_svg(const Timeline& t, const WorthSeries& series, const ChartOptions& o) {
  const Ruleset& r = t.ruleset();
  const double left = 70, right = 16, top = 34, bottom = 34;
  const double W = o.width, H = o.height;
  const double pw = W - left - right, ph = H - top - bottom;
  // The value axis spans the values drawn, on round steps: 1, 2 or 5 times a power of ten,
  // four to seven grid lines.
  std::int64_t lo_v = INT64_MAX, hi_v = INT64_MIN;
  for (const auto& row : series.totals)
    for (std::int64_t v : row) {
      lo_v = std::min(lo_v, v);
      hi_v = std::max(hi_v, v);
    }
  if (lo_v > hi_v) lo_v = hi_v = 0;
  const double span = std::max<double>(static_cast<double>(hi_v - lo_v), 10.0);
  double step = std::pow(10.0, std::floor(std::log10(span / 4)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (span / (step * m) <= 6) {
      step *= m;
      break;
    }
  const double bottom_value = std::floor(static_cast<double>(lo_v) / step) * step;
  const double top_value = std::max(std::ceil(static_cast<double>(hi_v) / step) * step, bottom_value + step);
  const std::int64_t x_from = series.seqs.empty() ? 0 : series.seqs.front();
  const std::int64_t x_to = series.seqs.empty() ? 1 : std::max(series.seqs.back(), x_from + 1);
  auto X = [&](double seq) { return left + (seq - static_cast<double>(x_from)) / static_cast<double>(x_to - x_from) * pw; };
  auto Y = [&](double v) { return top + ph - (v - bottom_value) / (top_value - bottom_value) * ph; };
  const ChartFrame frame{W, H, left, pw, top, ph, x_from, x_to};
  std::string out = chart_svg_open("worth", "Net worth over the game: " + t.title(), frame);
  for (double v = bottom_value; v <= top_value + 0.5; v += step) {
    out += fmt::format("<line x1=\"{0}\" y1=\"{2}\" x2=\"{1}\" y2=\"{2}\" stroke=\"#ddd\"/>", svg_number(left), svg_number(left + pw), svg_number(Y(v)));
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"11\" fill=\"#444\">{}</text>", svg_number(left - 6),
                       svg_number(Y(v) + 4), xml_escape(money_grouped(r, Money{static_cast<std::int64_t>(v)})));
  }
  // Turn marks along the bottom: about eight of them.
  const int turns = t.turn_count();
  if (turns > 0) {
    const int every = std::max(1, (turns + 7) / 8);
    for (int turn = 1; turn <= turns; turn += every) {
      const double x = X(static_cast<double>(std::max(t.turn_first(turn), x_from)));
      out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#999\"/>", svg_number(x), svg_number(top + ph),
                         svg_number(top + ph + 4));
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#444\">turn {}</text>", svg_number(x),
                         svg_number(top + ph + 16), turn);
    }
  }
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#444\"/>", svg_number(left), svg_number(top), svg_number(top + ph));
  out += fmt::format("<line x1=\"{0}\" y1=\"{2}\" x2=\"{1}\" y2=\"{2}\" stroke=\"#444\"/>", svg_number(left), svg_number(left + pw), svg_number(top + ph));
  for (std::size_t p = 0; p < series.totals.size(); ++p) {
    std::string points;
    for (std::size_t k = 0; k < series.seqs.size(); ++k)
      points += fmt::format("{}{},{}", k ? " " : "", svg_number(X(static_cast<double>(series.seqs[k]))),
                            svg_number(Y(static_cast<double>(series.totals[p][k]))));
    out += fmt::format("<polyline class=\"worth-line\" data-player=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" "
                       "stroke-linejoin=\"round\" points=\"{}\"><title>{}</title></polyline>",
                       p, player_colour(static_cast<PlayerId>(p)).web, points, xml_escape(t.names()[p]));
  }
  // The legend, across the top.
  double lx = left;
  for (std::size_t p = 0; p < series.totals.size(); ++p) {
    const std::string& name = t.names()[p];
    const std::int64_t last = series.totals[p].empty() ? 0 : series.totals[p].back();
    const std::string label = fmt::format("{} {}", name, money_grouped(r, Money{last}));
    out += fmt::format("<line x1=\"{}\" y1=\"16\" x2=\"{}\" y2=\"16\" stroke=\"{}\" stroke-width=\"3\"/>", svg_number(lx), svg_number(lx + 16),
                       player_colour(static_cast<PlayerId>(p)).web);
    out += fmt::format("<text x=\"{}\" y=\"20\" font-size=\"11\" fill=\"#222\">{}</text>", svg_number(lx + 20), xml_escape(label));
    lx += 28 + 7.0 * text_width(label);
  }
  out += fmt::format("<text x=\"{}\" y=\"20\" text-anchor=\"end\" font-size=\"11\" fill=\"#666\">net worth</text>", svg_number(left + pw));
  out += chart_svg_close("worth", frame, o.cursor);
  return out;
}

std::string svg_number(double v) {
  const double r = std::round(v * 10) / 10;
  if (r == std::floor(r)) return fmt::format("{}", static_cast<long long>(r));
  return fmt::format("{:.1f}", r);
}

std::string chart_svg_open(const char* id, const std::string& title, const ChartFrame& f) {
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" id=\"{6}\" "
      "data-x0=\"{2}\" data-x1=\"{3}\" data-seq0=\"{4}\" data-seq1=\"{5}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">",
      svg_number(f.width), svg_number(f.height), svg_number(f.left), svg_number(f.left + f.plot_width), f.x_from, f.x_to,
      id);
  out += fmt::format("<title>{}</title>", xml_escape(title));
  out += fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#fff\"/>", svg_number(f.width),
                     svg_number(f.height));
  return out;
}

std::string chart_svg_close(const char* id, const ChartFrame& f, bool cursor) {
  std::string out;
  if (cursor)
    out += fmt::format("<line id=\"{3}-cursor\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#111\" "
                       "stroke-dasharray=\"4 3\"/>",
                       svg_number(f.left), svg_number(f.top), svg_number(f.top + f.plot_height), id);
  return out + "</svg>\n";
}

}  // namespace deedlog
