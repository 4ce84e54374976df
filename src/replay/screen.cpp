#include "replay/screen.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/code_point.h"
#include "core/printable_text.h"
#include "deedlog/clock_stamp.h"
#include "deedlog/event_fields.h"
#include "present/narration.h"
#include "replay/commentary.h"
#include "present/money_words.h"

namespace deedlog {

// ---------------------------------------------------------------------------------------------
// Canvas

Canvas::Canvas(int width, int height)
    : width_(std::max(width, 1)), height_(std::max(height, 1)),
      cells_(static_cast<std::size_t>(std::max(width, 1) * std::max(height, 1))) {}

int Canvas::put(int x, int y, const std::string& s, const CellStyle& style, int max_cols) {
  if (y < 0 || y >= height_) return 0;
  int written = 0;
  std::size_t i = 0;
  while (i < s.size() && written < max_cols) {
    std::size_t len = 1;
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0xF0) len = 4;
    else if (c >= 0xE0) len = 3;
    else if (c >= 0xC0) len = 2;
    const int col = x + written;
    if (col >= width_) break;
    if (col >= 0) {
      Cell* cell = at(col, y);
      // A control (ESC, C1) or a text-direction character shows as a blank, never reaches the terminal.
      std::size_t at = i;
      cell->glyph = acts_rather_than_shows(next_code_point(s, &at)) ? std::string(" ") : s.substr(i, len);
      cell->style = style;
    }
    ++written;
    i += len;
  }
  return written;
}


std::string Canvas::plain() const {
  std::string out;
  for (int y = 0; y < height_; ++y) {
    std::string row;
    for (int x = 0; x < width_; ++x) row += at(x, y).glyph;
    while (!row.empty() && row.back() == ' ') row.pop_back();
    out += row;
    if (y + 1 < height_) out += '\n';
  }
  return out;
}

std::string Canvas::ansi_row(int y, bool colour) const {
  std::string out;
  CellStyle current;
  for (int x = 0; x < width_; ++x) {
    const Cell& c = at(x, y);
    CellStyle want = c.style;
    if (!colour) {
      want.fg = -1;
      want.bg = -1;
      want.dim = false;
    }
    if (!(want == current)) {
      std::string sgr = "\x1b[0";
      if (want.bold) sgr += ";1";
      if (want.dim) sgr += ";2";
      if (want.underline) sgr += ";4";
      if (want.reverse) sgr += ";7";
      if (want.fg >= 0) sgr += fmt::format(";38;5;{}", want.fg);
      if (want.bg >= 0) sgr += fmt::format(";48;5;{}", want.bg);
      out += sgr + "m";
      current = want;
    }
    out += c.glyph;
  }
  if (!(current == CellStyle{})) out += "\x1b[0m";
  return out;
}

// ---------------------------------------------------------------------------------------------
// Keys

std::int64_t replay_start_position(const Timeline& t) {
  return t.turn_count() > 0 ? t.turn_first(1) : t.last();
}

ReplayController::ReplayController(const Timeline& timeline, std::int64_t start)
    : timeline_(&timeline), cursor_(timeline, start) {}

void ReplayController::go(std::int64_t p) {
  cursor_.seek(p);
}

void ReplayController::find(EventKind kind, bool forward) {
  const std::int64_t q = timeline_->find(position(), kind, forward);
  if (q == 0) {
    message_ = fmt::format("No {} event {} event {}.", kind_name(kind), forward ? "after" : "before", position());
    return;
  }
  go(q);
}

std::vector<std::string> replay_key_help() {
  return {
      "→ n space   next event          ← p   previous event",
      "↓ ] PgDn    next turn           ↑ [ PgUp   start of this turn / previous turn",
      "m / M       next / previous move",
      "Home <      the start           End >   the end",
      "g           go to an event (its sequence number)",
      "t           go to a turn (its number)",
      "r / R       next / previous rent",
      "b / B       next / previous debt, bankruptcy or win",
      "u / U       next / previous ruling (rent lost, jail, debts, time, ...)",
      "/           find words in the events (Enter alone: find again)",
      "?           this help (any key, q too, closes it)    q Esc   quit",
  };
}

std::string ReplayController::prompt_line() const {
  switch (prompt_) {
    case Prompt::Seq: return fmt::format("Go to event (1-{}): {}_", timeline_->last(), input_);
    case Prompt::Turn: return fmt::format("Go to turn (1-{}): {}_", timeline_->turn_count(), input_);
    case Prompt::Find: return fmt::format("Find: {}_", input_);
    case Prompt::None: return {};
  }
  return {};
}

void ReplayController::submit() {
  const Prompt p = prompt_;
  prompt_ = Prompt::None;
  const std::string text = input_;
  input_.clear();
  if (p == Prompt::Find) {
    const std::string needle = text.empty() ? last_find_ : text;
    if (needle.empty()) return;
    last_find_ = needle;
    const std::int64_t q = timeline_->find_text(position(), needle);
    if (q == 0) {
      message_ = fmt::format("\"{}\" does not come up after event {}.", needle, position());
      return;
    }
    go(q);
    return;
  }
  if (text.empty()) return;
  std::int64_t n = 0;
  try {
    n = std::stoll(text);
  } catch (const std::exception&) {
    message_ = fmt::format("\"{}\" is not a number.", text);
    return;
  }
  if (p == Prompt::Seq) {
    if (n < 0 || n > timeline_->last()) {
      message_ = fmt::format("There is no event {}: the game has {}.", n, timeline_->last());
      return;
    }
    go(n);
  } else {
    if (n < 1 || n > timeline_->turn_count()) {
      message_ = fmt::format("There is no turn {}: the game has {}.", n, timeline_->turn_count());
      return;
    }
    go(timeline_->turn_first(static_cast<int>(n)));
  }
}

void ReplayController::on_key(const Key& key) {
  if (key.code == Key::Code::Interrupt) {
    quit_ = true;
    return;
  }
  if (prompt_ != Prompt::None) {
    switch (key.code) {
      case Key::Code::Enter: submit(); return;
      case Key::Code::Escape: prompt_ = Prompt::None; input_.clear(); return;
      case Key::Code::Backspace:
        if (!input_.empty()) input_.pop_back();
        return;
      case Key::Code::Char:
        if (prompt_ == Prompt::Find ? std::isprint(static_cast<unsigned char>(key.ch)) != 0
                                    : std::isdigit(static_cast<unsigned char>(key.ch)) != 0)
          input_ += key.ch;
        return;
      default: return;
    }
  }
  message_.clear();
  if (help_) {
    // Any key closes the help, q and Escape included: a reader who opened an overlay expects q
    // to close it, as in less and man, not to end the replay behind it. Ctrl-C still quits.
    help_ = false;
    if (key.code == Key::Code::Interrupt) quit_ = true;
    return;
  }
  const Timeline& t = *timeline_;
  const std::int64_t p = position();
  auto next_turn = [&] {
    const int turn = p > 0 ? t.turn_of(p) : 0;
    if (turn >= t.turn_count()) {
      go(t.last());
      message_ = "This is the last turn.";
    } else {
      go(t.turn_first(turn + 1));
    }
  };
  auto prev_turn = [&] {
    const int turn = p > 0 ? t.turn_of(p) : 0;
    if (turn <= 0) {
      go(0);
    } else if (p > t.turn_first(turn)) {
      go(t.turn_first(turn));
    } else if (turn > 1) {
      go(t.turn_first(turn - 1));
    } else {
      go(0);
    }
  };
  // By moves: to the end of the next move (the move and all it caused), or of the previous one.
  auto next_move = [&] {
    const std::int64_t current = t.move_of(p);
    if (current > 0 && t.move_last(current) > p) return go(t.move_last(current));
    const std::int64_t next = t.find(p, EventKind::Move, true);
    go(next ? t.move_last(next) : t.last());
  };
  auto prev_move = [&] {
    const std::int64_t current = t.move_of(p);
    if (current == 0) return go(0);
    const std::int64_t before = t.find(current, EventKind::Move, false);
    go(before ? t.move_last(before) : current - 1);
  };
  switch (key.code) {
    case Key::Code::Right: go(p + 1); return;
    case Key::Code::Left: go(p - 1); return;
    case Key::Code::Down:
    case Key::Code::PageDown: next_turn(); return;
    case Key::Code::Up:
    case Key::Code::PageUp: prev_turn(); return;
    case Key::Code::Home: go(0); return;
    case Key::Code::End: go(t.last()); return;
    case Key::Code::Enter: go(p + 1); return;
    case Key::Code::Backspace: go(p - 1); return;
    case Key::Code::Escape: quit_ = true; return;
    case Key::Code::Interrupt: quit_ = true; return;
    case Key::Code::Char: break;
  }
  switch (key.ch) {
    case 'n': case 'l': case ' ': go(p + 1); break;
    case 'p': case 'h': go(p - 1); break;
    case ']': case 'j': next_turn(); break;
    case '[': case 'k': prev_turn(); break;
    case 'm': next_move(); break;
    case 'M': prev_move(); break;
    case '<': go(0); break;
    case '>': go(t.last()); break;
    case 'g': prompt_ = Prompt::Seq; break;
    case 't': prompt_ = Prompt::Turn; break;
    case '/': prompt_ = Prompt::Find; break;
    case 'r': find(EventKind::Rent, true); break;
    case 'R': find(EventKind::Rent, false); break;
    case 'b': find(EventKind::Bankruptcy, true); break;
    case 'B': find(EventKind::Bankruptcy, false); break;
    case 'u': find(EventKind::Ruling, true); break;
    case 'U': find(EventKind::Ruling, false); break;
    case '?': help_ = true; break;
    case 'q': case 'Q': quit_ = true; break;
    default: message_ = fmt::format("Key '{}' does nothing here: ? lists the keys.", key.ch); break;
  }
}

// ---------------------------------------------------------------------------------------------
// The frame

namespace {

constexpr int kMinCell = 3;
constexpr int kMaxCell = 16;
constexpr int kSidePanelFrom = 120;  // columns from which the players get a panel beside the board

struct Layout {
  int cw = 6;        // a square's width in columns
  int ch = 2;        // a square's height in rows
  int per_side = 11; // squares along a side, corners included
  int board_w = 0;
  int board_h = 0;
  bool side_panel = false;
  int side_x = 0;
  int side_w = 0;
};

Layout layout_for(int cols, int rows, int board_size) {
  Layout l;
  l.per_side = std::max(2, board_size / 4 + 1);
  const int gaps = l.per_side - 1;
  l.ch = std::clamp((rows - 2) / l.per_side, 2, 5);
  int board_cols = cols;
  if (cols >= kSidePanelFrom) {
    l.side_panel = true;
    l.side_w = std::clamp(cols / 3, 36, 64);
    board_cols = cols - l.side_w - 1;
  }
  l.cw = std::clamp((board_cols - gaps) / l.per_side, kMinCell, kMaxCell);
  l.board_w = l.per_side * l.cw + gaps;
  l.board_h = l.per_side * l.ch;
  l.side_x = l.board_w + 2;
  if (l.side_panel) l.side_w = cols - l.side_x;
  return l;
}

// Grid cell (column, row) of square i, the start square in the bottom right corner.
std::pair<int, int> grid_cell(int i, int per_side) {
  const int k = per_side - 1;
  if (i <= k) return {k - i, k};
  if (i <= 2 * k) return {0, k - (i - k)};
  if (i <= 3 * k) return {i - 2 * k, 0};
  return {k, i - 3 * k};
}

CellStyle token_style(PlayerId p) {
  CellStyle s;
  s.bg = player_colour(p).xterm;
  s.fg = 15;
  s.bold = true;
  return s;
}

std::string building_mark(const Holding& h) {
  if (h.mortgaged) return "m";
  if (h.buildings == kHotel) return "H";
  if (h.buildings > 0) return std::to_string(h.buildings);
  return "";
}

SquareId event_square(const Timeline& t, std::int64_t p, const State& s) {
  if (p <= 0) return kNoSquare;
  const Event& e = t.event(p);
  SquareId sq = kNoSquare;
  if (fields::shared::square_if_any(e) != kNoSquare) sq = fields::shared::square_if_any(e);
  else if (e.player >= 0 && e.player < s.player_count && e.type != EventType::TurnStarted) sq = s.player(e.player).square;
  return sq < t.ruleset().squares.size() ? sq : kNoSquare;
}

void draw_board(Canvas& c, const Layout& l, const Timeline& t, const State& s, std::int64_t p) {
  const Ruleset& r = t.ruleset();
  const auto letters = token_letters(t.names());
  const SquareId mark = event_square(t, p, s);
  for (int i = 0; i < r.board_size(); ++i) {
    const auto [col, row] = grid_cell(i, l.per_side);
    const int x = col * (l.cw + 1);
    const int y = row * l.ch;
    const SquareId sq = static_cast<SquareId>(i);
    const Square& square = r.square(sq);
    const Holding& h = s.holdings[sq];
    std::vector<PlayerId> here, prisoners;
    for (PlayerId q = 0; q < s.player_count; ++q) {
      const PlayerState& ps = s.player(q);
      if (ps.bankrupt || ps.square != i) continue;
      (ps.in_jail ? prisoners : here).push_back(q);
    }
    // Row 0: the name, on the group's colour.
    const Colour gc = group_colour(r, square.group);
    CellStyle label;
    if (gc.xterm >= 0) {
      label.bg = gc.xterm;
      label.fg = gc.dark ? 15 : 16;
    } else {
      label.bold = square.kind == SquareKind::Go || square.kind == SquareKind::Jail ||
                   square.kind == SquareKind::FreeParking || square.kind == SquareKind::GoToJail;
    }
    if (sq == mark) {
      label.underline = true;
      label.bold = true;
    }
    std::string name = short_name(r, sq, l.cw);
    // The jail's prisoners follow its name: "Jail B".
    std::string jailed;
    for (PlayerId q : prisoners) jailed += letters[static_cast<std::size_t>(q)];
    if (!jailed.empty()) name = short_name(r, sq, std::max(1, l.cw - 1 - static_cast<int>(jailed.size())));
    c.put(x, y, std::string(static_cast<std::size_t>(l.cw), ' '), label);
    int used = 0;
    // Tall squares have room for the whole name over their first rows.
    const auto whole = wrap_words(square.name, l.cw);
    bool words_fit = true;
    for (const auto& word : wrap_words(square.name, 1000))
      for (std::size_t a = 0, b; a < word.size(); a = b + 1) {
        b = word.find(' ', a);
        if (b == std::string::npos) b = word.size();
        words_fit &= text_width(word.substr(a, b - a)) <= l.cw;
      }
    if (l.ch >= 4 && jailed.empty() && words_fit && static_cast<int>(whole.size()) <= l.ch - 2 && whole.size() > 1) {
      for (std::size_t k = 0; k < whole.size(); ++k) {
        c.put(x, y + static_cast<int>(k), std::string(static_cast<std::size_t>(l.cw), ' '), label);
        c.put(x, y + static_cast<int>(k), whole[k], label, l.cw);
      }
    } else {
      used = c.put(x, y, name, label, l.cw);
    }
    if (!jailed.empty()) {
      int jx = x + used + 1;
      for (PlayerId q : prisoners) {
        if (jx >= x + l.cw) break;
        CellStyle ts = token_style(q);
        ts.underline = true;
        c.put(jx++, y, letters[static_cast<std::size_t>(q)], ts);
      }
    }
    // Below: the owner and buildings on the left, the tokens on the right.
    const int ty = y + l.ch - 1;
    int owner_cols = 0;
    if (h.owner != kBank) {
      CellStyle os;
      os.fg = player_colour(h.owner).xterm;
      os.bold = true;
      const std::string who = l.ch >= 3 && l.cw >= 6 ? text_cut(t.names()[static_cast<std::size_t>(h.owner)], l.cw - 2)
                                                     : letters[static_cast<std::size_t>(h.owner)];
      const int oy = l.ch >= 3 ? y + l.ch - 2 : ty;
      owner_cols = c.put(x, oy, who, os, l.cw);
      CellStyle bs;
      bs.bold = true;
      bs.fg = h.mortgaged ? 244 : (h.buildings == kHotel ? 196 : 34);
      owner_cols += c.put(x + owner_cols, oy, building_mark(h), bs, l.cw - owner_cols);
      if (l.ch >= 3) owner_cols = 0;
    } else if (l.ch >= 3 && square.is_property()) {
      CellStyle dim;
      dim.dim = true;
      c.put(x, y + l.ch - 2, money_grouped(r, square.price), dim, l.cw);
    }
    const int room = l.cw - (owner_cols > 0 ? owner_cols + 1 : 0);
    if (!here.empty() && room > 0) {
      const int shown = static_cast<int>(here.size()) <= room ? static_cast<int>(here.size()) : room - 1;
      int tx = x + l.cw - (static_cast<int>(here.size()) <= room ? shown : room);
      for (int k = 0; k < shown; ++k)
        c.put(tx++, ty, letters[static_cast<std::size_t>(here[static_cast<std::size_t>(k)])], token_style(here[static_cast<std::size_t>(k)]));
      if (shown < static_cast<int>(here.size())) c.put(tx, ty, "+");
    }
  }
}

// Flows styled pieces into lines of width columns; a piece is never split unless longer than a line.
struct Piece {
  std::string text;
  CellStyle style;
  std::string marker;        // drawn before the text in its own style ("■" in the group's colour)
  CellStyle marker_style;
};
// When the pieces do not all fit in max_rows, the last row ends with "… +N more" so that a
// reader knows some were left out (a player's deeds cut off without a sign read as fewer deeds).
// `gap` columns separate pieces on a line.
int flow(Canvas& c, int x, int y, int width, int max_rows, const std::vector<Piece>& pieces, int indent = 0,
         int gap = 2) {
  const auto piece_width = [](const Piece& p) {
    return (p.marker.empty() ? 0 : text_width(p.marker) + 1) + text_width(p.text);
  };
  // Where the first `count` pieces go, followed by a piece of `tail` columns (0: none): the
  // rows used, or max_rows + 1 when they do not fit.
  const auto rows_for = [&](std::size_t count, int tail) {
    int col = indent, row = 0;
    for (std::size_t i = 0; i < count + (tail > 0 ? 1 : 0); ++i) {
      const int w = i < count ? piece_width(pieces[i]) : tail;
      if (col > indent && col + w > width) {
        ++row;
        col = indent;
      }
      col += w + gap;
    }
    return row + 1;
  };
  std::size_t shown = pieces.size();
  std::string more;
  if (rows_for(shown, 0) > max_rows) {
    shown = 0;
    for (std::size_t k = pieces.size(); k-- > 0;) {
      const std::string tail = fmt::format("… +{} more", pieces.size() - k);
      if (rows_for(k, text_width(tail)) <= max_rows) {
        shown = k;
        more = tail;
        break;
      }
    }
  }
  int col = indent, row = 0;
  for (std::size_t i = 0; i < shown + (more.empty() ? 0 : 1); ++i) {
    const Piece tail_piece{more, CellStyle{-1, -1, false, true}, "", CellStyle{}};
    const Piece& piece = i < shown ? pieces[i] : tail_piece;
    const int mw = piece.marker.empty() ? 0 : text_width(piece.marker) + 1;
    const int w = mw + text_width(piece.text);
    if (col > indent && col + w > width) {
      ++row;
      col = indent;
    }
    if (row >= max_rows) return row;
    if (mw) c.put(x + col, y + row, piece.marker, piece.marker_style, width - col);
    c.put(x + col + mw, y + row, piece.text, piece.style, width - col - mw);
    col += w + gap;
  }
  return row + 1;
}

std::string where_words(const Ruleset& r, const PlayerState& ps, int width) {
  if (ps.bankrupt) return "bankrupt";
  if (ps.in_jail) return fmt::format("in {} ({})", r.words.jail, ps.jail_turns);
  return short_name(r, ps.square, width);
}

// The compact player lines inside the board, one a player.
void draw_player_lines(Canvas& c, int x, int y, int width, const Timeline& t, const State& s) {
  const Ruleset& r = t.ruleset();
  const auto letters = token_letters(t.names());
  int name_w = 0;
  for (const auto& n : t.names()) name_w = std::max(name_w, std::min(text_width(n), 10));
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const PlayerState& ps = s.player(p);
    const int row = y + p;
    if (p == s.turn && s.phase != Phase::GameOver) c.put(x, row, "▶", CellStyle{-1, -1, true});
    c.put(x + 1, row, letters[static_cast<std::size_t>(p)], token_style(p));
    CellStyle ns;
    ns.bold = p == s.turn;
    ns.dim = ps.bankrupt;
    c.put(x + 3, row, text_cut(t.names()[static_cast<std::size_t>(p)], name_w), ns);
    int col = x + 3 + name_w + 1;
    const std::string cash = money_grouped(r, ps.cash);
    c.put(col + std::max(0, 8 - text_width(cash)), row, cash, CellStyle{-1, -1, true});
    col += 10;
    col += c.put(col, row, text_cut(where_words(r, ps, 13), 13)) + 1;
    col = std::max(col, x + 3 + name_w + 1 + 10 + 15);
    int deeds = 0, houses = 0, hotels = 0, mortgaged = 0;
    for (int i = 0; i < r.board_size(); ++i) {
      const Holding& h = s.holdings[static_cast<std::size_t>(i)];
      if (h.owner != p) continue;
      ++deeds;
      if (h.buildings == kHotel) ++hotels;
      else houses += h.buildings;
      if (h.mortgaged) ++mortgaged;
    }
    std::string extra = deeds ? fmt::format("{} deed{}", deeds, deeds == 1 ? "" : "s") : "";
    if (houses) extra += fmt::format(" {}h", houses);
    if (hotels) extra += fmt::format(" {}H", hotels);
    if (mortgaged) extra += fmt::format(" {}m", mortgaged);
    if (ps.jail_card_count()) extra += fmt::format(" {}card", ps.jail_card_count());
    if (ps.total_owed().units) extra += " owes " + money_grouped(r, ps.total_owed());
    c.put(col, row, extra, CellStyle{}, x + width - col);
  }
}

// The panel beside the board: each player, with every deed.
void draw_side_panel(Canvas& c, const Layout& l, int rows, const Timeline& t, const State& s) {
  const Ruleset& r = t.ruleset();
  const auto letters = token_letters(t.names());
  const int x = l.side_x, w = l.side_w;
  int y = 0;
  const int per_player = std::max(3, (rows - 2) / std::max<int>(1, s.player_count));
  for (PlayerId p = 0; p < s.player_count && y < rows - 2; ++p) {
    const PlayerState& ps = s.player(p);
    const int top = y;
    c.put(x, y, letters[static_cast<std::size_t>(p)], token_style(p));
    CellStyle ns;
    ns.bold = true;
    ns.dim = ps.bankrupt;
    int col = x + 2 + c.put(x + 2, y, t.names()[static_cast<std::size_t>(p)], ns, w - 14);
    if (p == s.turn && s.phase != Phase::GameOver) c.put(col + 1, y, "◀ to play", CellStyle{-1, -1, false, true});
    const std::string cash = money_grouped(r, ps.cash);
    c.put(x + w - text_width(cash), y, cash, CellStyle{-1, -1, true});
    ++y;
    std::string where = ps.bankrupt ? std::string("bankrupt, out of the game")
                        : ps.in_jail ? fmt::format("in {}, {} turn{} used", r.words.jail, ps.jail_turns, ps.jail_turns == 1 ? "" : "s")
                                     : ps.square < r.squares.size() ? "on " + r.square(ps.square).name
                                                                       : std::string("off the board");
    if (ps.jail_card_count())
      where += fmt::format(" · {} Get Out of {} Free card{}", ps.jail_card_count(), r.words.jail,
                           ps.jail_card_count() == 1 ? "" : "s");
    if (ps.total_owed().units) where += " · owes " + money_grouped(r, ps.total_owed());
    // Each fact its own piece, so a long line (jail, cards, a debt) wraps between facts rather
    // than being cut off mid-word at the panel's edge.
    std::vector<Piece> facts;
    for (std::size_t from = 0;;) {
      const std::size_t dot = where.find(" · ", from);
      facts.push_back({where.substr(from, dot == std::string::npos ? std::string::npos : dot - from) +
                           (dot == std::string::npos ? "" : " ·"),
                       CellStyle{}, "", CellStyle{}});
      if (dot == std::string::npos) break;
      from = dot + std::string(" · ").size();
    }
    y += flow(c, x + 2, y, w - 2, 2, facts, 0, 1);
    std::vector<Piece> deeds;
    for (int i = 0; i < r.board_size(); ++i) {
      const Holding& h = s.holdings[static_cast<std::size_t>(i)];
      if (h.owner != p) continue;
      const SquareId sq = static_cast<SquareId>(i);
      const Colour gc = group_colour(r, r.square(sq).group);
      CellStyle st, mark;
      mark.fg = gc.xterm >= 0 ? gc.xterm : 250;
      st.dim = h.mortgaged;
      std::string text = r.square(sq).name;
      const std::string b = h.mortgaged ? " (mortgaged)"
                            : h.buildings == kHotel ? " (" + r.words.hotel + ")"
                            : h.buildings == 1 ? " (1 " + r.words.house + ")"
                            : h.buildings > 1 ? fmt::format(" ({} {})", h.buildings, r.words.houses) : "";
      deeds.push_back({text + b, st, gc.xterm >= 0 ? "■" : "□", mark});
    }
    const int room = std::max(1, std::min(per_player - (y - top) - 1, rows - 2 - y));
    if (!deeds.empty()) y += flow(c, x + 2, y, w - 2, room, deeds);
    ++y;
  }
}

}  // namespace

Canvas render_screen(const ReplayController& ctl, int cols, int rows) {
  cols = std::max(cols, 20);
  rows = std::max(rows, 6);
  Canvas c(cols, rows);
  const Timeline& t = ctl.timeline();
  const Ruleset& r = t.ruleset();
  const State& s = ctl.state();
  const std::int64_t p = ctl.position();
  const Layout l = layout_for(cols, rows, r.board_size());
  draw_board(c, l, t, s, p);

  // Inside the board: where we are, the move in words, what is awaited, the players.
  const int ix = l.cw + 1 + 1;
  const int iy = l.ch;
  const int iw = (l.per_side - 2) * (l.cw + 1) - 3;
  const int ih = (l.per_side - 2) * l.ch;
  int y = iy;
  c.put(ix, y++, t.title() + " · " + r.id, CellStyle{-1, -1, true}, iw);
  const int turn = p > 0 ? t.turn_of(p) : 0;
  std::string where = fmt::format("Event {} of {}", p, t.last());
  if (turn > 0)
    where += fmt::format(" · turn {} of {}: {}", turn, t.turn_count(),
                         t.names()[static_cast<std::size_t>(t.turn_player(turn))]);
  else if (p > 0)
    where += " · the opening";
  if (p > 0 && !t.at(p).at.empty()) where += " · " + readable_stamp(t.at(p).at);
  c.put(ix, y++, where, CellStyle{}, iw);
  std::string rule;
  for (int k = 0; k < iw; ++k) rule += "─";
  c.put(ix, y++, rule, CellStyle{-1, -1, false, true});

  const int player_rows = l.side_panel ? 0 : s.player_count;
  const int now_rows = 1;
  const int comment_rows = std::max(1, ih - 3 - player_rows - now_rows - (player_rows ? 1 : 0) - 1);
  // The move line, then its events up to this one (the latest when they do not all fit); above
  // it, dimmed, as many of the moves before it as there is room for.
  struct Line {
    std::string text;
    CellStyle style;
    int indent;
  };
  auto block = [&](std::int64_t upto, bool current_move) {
    const MoveWords w = move_words(t, upto);
    std::vector<Line> lines;
    for (const auto& piece : wrap_words(w.line, iw))
      lines.push_back({piece, CellStyle{-1, -1, true, !current_move}, 0});
    for (std::size_t k = 0; k < w.sentences.size(); ++k) {
      const bool current = current_move && k + 1 == w.sentences.size();
      CellStyle st;
      st.bold = current;
      st.dim = !current;
      bool first = true;
      for (const auto& piece : wrap_words(w.sentences[k], iw - 4)) {
        lines.push_back({(first ? (current ? "▶ " : "· ") : "  ") + piece, st, 2});
        first = false;
      }
    }
    return std::make_pair(w.move_seq, lines);
  };
  auto [move_seq, lines] = block(p, true);
  if (static_cast<int>(lines.size()) > comment_rows) {
    // Keep the move line; drop the oldest sentences.
    const std::size_t drop = lines.size() - static_cast<std::size_t>(comment_rows);
    lines.erase(lines.begin() + 1, lines.begin() + 1 + static_cast<std::ptrdiff_t>(std::min(drop, lines.size() - 1)));
  }
  for (int earlier = 0; earlier < 12 && move_seq > 1; ++earlier) {
    auto [seq, before] = block(move_seq - 1, false);
    if (static_cast<int>(before.size() + lines.size()) > comment_rows) break;
    lines.insert(lines.begin(), before.begin(), before.end());
    move_seq = seq;
  }
  for (std::size_t k = 0; k < lines.size() && static_cast<int>(k) < comment_rows; ++k)
    c.put(ix + lines[k].indent, y + static_cast<int>(k), lines[k].text, lines[k].style, iw - lines[k].indent);
  y = iy + 3 + comment_rows + 1;
  c.put(ix, y++, "Now: " + phase_words(r, t.names(), s), CellStyle{-1, -1, false, false, true}, iw);
  if (player_rows) {
    ++y;
    draw_player_lines(c, ix, y, iw, t, s);
  }
  if (l.side_panel) draw_side_panel(c, l, rows, t, s);

  // The two lines below: a prompt, a message or the legend; then the keys.
  const int status_y = rows - 2;
  std::string status = ctl.prompt_line();
  CellStyle status_style{-1, -1, true};
  if (status.empty()) status = ctl.message();
  if (status.empty()) {
    status = "Squares: A2 = Ann's, 2 houses; AH a hotel; Am mortgaged; tokens on the right";
    status_style = CellStyle{-1, -1, false, true};
    if (cols < 80 || rows < 24) {
      status = fmt::format("80x24 needed: the terminal is {}x{}.", cols, rows);
      status_style = CellStyle{-1, -1, true};
    }
  }
  c.put(0, status_y, status, status_style, cols);
  const std::string keys =
      cols >= 100 ? "→/← event  ↓/↑ turn  m move  g event no.  t turn no.  r rent  b bankruptcy  u ruling  / find  ? help  q quit"
                  : "→← event ↓↑ turn m move g event t turn r rent b bankrupt u ruling / find ? q";
  CellStyle ks;
  ks.reverse = true;
  c.put(0, rows - 1, std::string(static_cast<std::size_t>(cols), ' '), ks);
  c.put(0, rows - 1, keys, ks, cols);

  if (ctl.help()) {
    const auto help = replay_key_help();
    int hw = 0;
    for (const auto& h : help) hw = std::max(hw, text_width(h));
    hw = std::min(hw + 4, cols);
    const int hh = static_cast<int>(help.size()) + 4;
    const int hx = std::max(0, (cols - hw) / 2), hy = std::max(0, (rows - hh) / 2);
    CellStyle box;
    box.reverse = true;
    for (int k = 0; k < hh; ++k) c.put(hx, hy + k, std::string(static_cast<std::size_t>(hw), ' '), box);
    c.put(hx + 2, hy + 1, "Keys (any key closes this)", CellStyle{-1, -1, true, false, false, true}, hw - 4);
    for (std::size_t k = 0; k < help.size(); ++k) c.put(hx + 2, hy + 3 + static_cast<int>(k), help[k], box, hw - 4);
  }
  return c;
}

}  // namespace deedlog
