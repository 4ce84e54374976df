// The interactive replay: the frame drawn for a position (board, players, the move in words)
// at 80x24 and larger, the keys, and the real program under tmux (send-keys, capture-pane).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "support/build_paths.h"
#include "present/narration.h"
#include "present/money_words.h"
#include "replay/commentary.h"
#include "replay/screen.h"
#include "replay/timeline.h"
#include "support/cli.h"
#include "support/tmux.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::sample;
using testing::temp_dir;
using json = nlohmann::json;

using testing::RemovedAtExit;

const std::filesystem::path& long_game() {
  static const std::filesystem::path db = [] {
    const auto p = temp_dir("replay-terminal") / "long.db";
    static const RemovedAtExit cleanup{p.parent_path()};
    const RunResult r = referee(p, "import " + quote(sample("uk-1972/long-game.game")));
    EXPECT_EQ(r.code, 0) << r.err;
    return p;
  }();
  return db;
}

const Timeline& timeline() {
  static const Timeline t = [] {
    std::unique_ptr<Journal> j;
    EXPECT_TRUE(Journal::open(long_game().string(), &j, true).is_ok());
    Timeline x;
    EXPECT_TRUE(Timeline::load(*j, 1, &x).is_ok());
    return x;
  }();
  return t;
}

json status_at(std::int64_t seq) {
  const RunResult r = referee(long_game(), fmt::format("--json status --at {}", seq));
  EXPECT_EQ(r.code, 0) << r.err;
  return json::parse(r.out);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Each player's name and cash as the screen shows them at seq, from referee status.
void expect_cash_shown(const std::string& screen, std::int64_t seq) {
  // The status is kept: a range-for over a member of a temporary reads freed memory (C++20).
  const json status = status_at(seq);
  for (const auto& p : status["players"]) {
    const std::string cash = money_grouped(timeline().ruleset(), Money{p["cash"].get<std::int64_t>()});
    const std::string name = p["name"];
    bool found = false;
    for (const std::string& line : lines_of(screen)) {
      const auto at = line.find(" " + name + " ");
      if (at != std::string::npos && line.find(cash, at) != std::string::npos) found = true;
    }
    EXPECT_TRUE(found) << name << " " << cash << " at " << seq << "\n" << screen;
  }
}

TEST(ReplayScreen, At80x24TheBoardThePlayersAndTheMoveAllFit) {
  ReplayController ctl(timeline(), 400);
  const Canvas c = render_screen(ctl, 80, 24);
  const std::string screen = c.plain();
  const auto lines = lines_of(screen);
  ASSERT_EQ(lines.size(), 24u);
  for (const auto& l : lines) EXPECT_LE(text_width(l), 80) << l;
  EXPECT_NE(screen.find("Event 400 of 808 · turn 32 of 66: Dan"), std::string::npos) << screen;
  EXPECT_NE(screen.find("Dan draws \"Go to Jail\""), std::string::npos) << screen;
  EXPECT_NE(screen.find("▶ Dan turned up Chance: \"Go to Jail\"."), std::string::npos) << screen;
  EXPECT_NE(screen.find("Now: Dan to take a Chance card"), std::string::npos) << screen;
  // The four corners and squares of every side, in the edition's names.
  for (const char* label : {"GO", "Jail", "FreePk", "ToJail", "Mayfai", "Strand", "Vine", "OldKen", "Angel"})
    EXPECT_NE(screen.find(label), std::string::npos) << label << "\n" << screen;
  expect_cash_shown(screen, 400);
  // Ann is in jail (her token follows the Jail's name); Dan's token stands on Chance by the Strand.
  EXPECT_NE(screen.find("Jail A"), std::string::npos) << screen;
  EXPECT_NE(lines[0].find("Chance"), std::string::npos);
  EXPECT_NE(lines[1].find("D"), std::string::npos) << lines[1];
  // Owners: Cat's two stations show her letter with nothing built.
  EXPECT_NE(lines[1].find("B"), std::string::npos);
}

TEST(ReplayScreen, ALargerTerminalGivesEachPlayerAPanelWithTheDeeds) {
  ReplayController ctl(timeline(), 400);
  const std::string screen = render_screen(ctl, 160, 45).plain();
  const auto lines = lines_of(screen);
  ASSERT_EQ(lines.size(), 45u);
  for (const auto& l : lines) EXPECT_LE(text_width(l), 160);
  EXPECT_NE(screen.find("in Jail, 0 turns used"), std::string::npos) << screen;
  EXPECT_NE(screen.find("■ Old Kent Road  ■ Whitechapel Road  □ Water Works"), std::string::npos) << screen;
  EXPECT_NE(screen.find("Dan ◀ to play"), std::string::npos) << screen;
  EXPECT_NE(screen.find("on Free Parking · 1 Get Out of Jail Free card"), std::string::npos) << screen;
  // Squares are three rows high: names, owners (or prices), tokens.
  EXPECT_NE(screen.find("Mayfair"), std::string::npos);
  EXPECT_NE(screen.find("£400"), std::string::npos);
  // And the colours go to the terminal as 256-colour escapes.
  const Canvas c = render_screen(ctl, 160, 45);
  bool coloured = false;
  for (int y = 0; y < c.height(); ++y) coloured |= c.ansi_row(y, true).find("\x1b[0;38;5;") != std::string::npos;
  EXPECT_TRUE(coloured);
  EXPECT_EQ(c.ansi_row(0, false).find("38;5"), std::string::npos);
}

TEST(ReplayScreen, EverySizeDrawsWithinTheTerminal) {
  ReplayController ctl(timeline(), 576);
  for (int cols : {20, 40, 79, 80, 81, 100, 119, 120, 160, 240})
    for (int rows : {6, 12, 23, 24, 34, 35, 50, 70}) {
      const auto lines = lines_of(render_screen(ctl, cols, rows).plain());
      ASSERT_EQ(static_cast<int>(lines.size()), rows) << cols << "x" << rows;
      for (const auto& l : lines) ASSERT_LE(text_width(l), cols) << cols << "x" << rows;
      if (cols < 80 || rows < 24) {
        EXPECT_NE(lines[static_cast<std::size_t>(rows - 2)].find("80x24 needed"), std::string::npos) << cols << "x" << rows;
      }
    }
}

TEST(ReplayScreen, KeysStepTurnJumpAndFind) {
  const Timeline& t = timeline();
  ReplayController ctl(t, replay_start_position(t));
  EXPECT_EQ(ctl.position(), 5);
  ctl.on_key(Key::special(Key::Code::Right));
  ctl.on_key(Key::of('n'));
  ctl.on_key(Key::of(' '));
  EXPECT_EQ(ctl.position(), 8);
  ctl.on_key(Key::special(Key::Code::Left));
  EXPECT_EQ(ctl.position(), 7);
  ctl.on_key(Key::of(']'));
  EXPECT_EQ(ctl.position(), t.turn_first(2));
  ctl.on_key(Key::special(Key::Code::Down));
  EXPECT_EQ(ctl.position(), t.turn_first(3));
  ctl.on_key(Key::of('n'));
  ctl.on_key(Key::special(Key::Code::Up));  // to the start of this turn
  EXPECT_EQ(ctl.position(), t.turn_first(3));
  ctl.on_key(Key::special(Key::Code::PageUp));  // and to the one before
  EXPECT_EQ(ctl.position(), t.turn_first(2));
  ctl.on_key(Key::of('m'));  // to the end of the move: Ben's doubles and the throw again
  EXPECT_EQ(ctl.position(), 18);
  ctl.on_key(Key::of('M'));
  EXPECT_EQ(ctl.position(), 13);
  // Jump to an event and to a turn.
  ctl.on_key(Key::of('g'));
  for (char c : std::string("4x00")) ctl.on_key(Key::of(c));  // letters are ignored in a number
  EXPECT_EQ(ctl.prompt_line(), "Go to event (1-808): 400_");
  ctl.on_key(Key::special(Key::Code::Enter));
  EXPECT_EQ(ctl.position(), 400);
  ctl.on_key(Key::of('t'));
  ctl.on_key(Key::of('1'));
  ctl.on_key(Key::of('0'));
  ctl.on_key(Key::special(Key::Code::Enter));
  EXPECT_EQ(ctl.position(), t.turn_first(10));
  ctl.on_key(Key::of('t'));
  for (char c : std::string("999")) ctl.on_key(Key::of(c));
  ctl.on_key(Key::special(Key::Code::Enter));
  EXPECT_EQ(ctl.position(), t.turn_first(10));
  EXPECT_EQ(ctl.message(), "There is no turn 999: the game has 66.");
  // Find by kind, both ways.
  ctl.on_key(Key::of('r'));
  const std::int64_t rent = ctl.position();
  EXPECT_TRUE(is_kind(t.event(rent), EventKind::Rent));
  ctl.on_key(Key::of('r'));
  EXPECT_GT(ctl.position(), rent);
  ctl.on_key(Key::of('R'));
  EXPECT_EQ(ctl.position(), rent);
  ctl.on_key(Key::of('u'));
  EXPECT_TRUE(is_kind(t.event(ctl.position()), EventKind::Ruling));
  ctl.on_key(Key::of('b'));  // nobody went bankrupt that evening
  EXPECT_EQ(ctl.message().rfind("No bankruptcy event after event", 0), 0u) << ctl.message();
  // Find words; Enter alone finds them again.
  ctl.on_key(Key::special(Key::Code::Home));
  EXPECT_EQ(ctl.position(), 0);
  ctl.on_key(Key::of('/'));
  for (char c : std::string("mayfair")) ctl.on_key(Key::of(c));
  ctl.on_key(Key::special(Key::Code::Enter));
  const std::int64_t mayfair = ctl.position();
  EXPECT_NE(narrate(t.ruleset(), t.names(), t.event(mayfair)).find("Mayfair"), std::string::npos);
  ctl.on_key(Key::of('/'));
  ctl.on_key(Key::special(Key::Code::Enter));
  EXPECT_GT(ctl.position(), mayfair);
  ctl.on_key(Key::special(Key::Code::End));
  EXPECT_EQ(ctl.position(), 808);
  ctl.on_key(Key::of('?'));
  EXPECT_TRUE(ctl.help());
  EXPECT_NE(render_screen(ctl, 80, 24).plain().find("Keys (any key closes this)"), std::string::npos);
  ctl.on_key(Key::of('x'));
  EXPECT_FALSE(ctl.help());
  EXPECT_FALSE(ctl.quit());
  ctl.on_key(Key::of('q'));
  EXPECT_TRUE(ctl.quit());
}

// q in the key list closes the list, as in less and man; only a second q ends the replay.
TEST(ReplayTerminal, QClosesTheHelpBeforeItQuits) {
  ReplayController ctl(timeline(), 400);
  ctl.on_key(Key::of('?'));
  ASSERT_TRUE(ctl.help());
  ctl.on_key(Key::of('q'));
  EXPECT_FALSE(ctl.help());
  EXPECT_FALSE(ctl.quit());
  EXPECT_EQ(ctl.position(), 400);
  ctl.on_key(Key::of('q'));
  EXPECT_TRUE(ctl.quit());
}

// A player's deeds cut off for want of room end with "+N more": none is dropped without a sign.
TEST(ReplayTerminal, DeedsThatDoNotFitSayHowManyMore) {
  const Timeline& t = timeline();
  bool cut_seen = false;
  for (std::int64_t p : {std::int64_t{400}, std::int64_t{600}, t.last()}) {
    ReplayController ctl(t, p);
    const State& s = ctl.state();
    for (int rows : {24, 30, 36}) {
      const std::string screen = render_screen(ctl, 120, rows).plain();
      std::size_t shown = 0, owned = 0;
      for (int i = 0; i < t.ruleset().board_size(); ++i) {
        if (s.holdings[static_cast<std::size_t>(i)].owner < 0) continue;
        ++owned;
        if (screen.find(t.ruleset().square(static_cast<SquareId>(i)).name) != std::string::npos) ++shown;
      }
      int more = 0;
      for (std::size_t at = screen.find("… +"); at != std::string::npos; at = screen.find("… +", at + 1)) {
        more += std::atoi(screen.c_str() + at + std::string("… +").size());
        cut_seen = true;
      }
      EXPECT_GE(shown + static_cast<std::size_t>(more), owned) << "at " << p << ", 120x" << rows << ":\n" << screen;
    }
  }
  EXPECT_TRUE(cut_seen) << "no screen was short of room: the test shows nothing";
  // Where a player stands wraps between its facts instead of being cut at the panel's edge.
  ReplayController end(t, t.last());
  const std::string screen = render_screen(end, 120, 24).plain();
  EXPECT_NE(screen.find("1 Get Out of Jail Free card"), std::string::npos) << screen;
}

// ---------------------------------------------------------------------------------------------
// The program itself, in a terminal that tmux runs.

using testing::Tmux;

// A capture with its colours as an HTML page, for the README's picture of the terminal replay.
std::string xterm_rgb(int n) {
  static const int base[16][3] = {{0, 0, 0},       {205, 0, 0},   {0, 205, 0},   {205, 205, 0},   {0, 0, 238},    {205, 0, 205},
                                  {0, 205, 205},   {229, 229, 229}, {127, 127, 127}, {255, 0, 0},   {0, 255, 0},    {255, 255, 0},
                                  {92, 92, 255},   {255, 0, 255}, {0, 255, 255}, {255, 255, 255}};
  int r, g, b;
  if (n < 16) {
    r = base[n][0], g = base[n][1], b = base[n][2];
  } else if (n < 232) {
    const int i = n - 16;
    auto level = [](int v) { return v == 0 ? 0 : 55 + 40 * v; };
    r = level(i / 36), g = level((i / 6) % 6), b = level(i % 6);
  } else {
    r = g = b = 8 + 10 * (n - 232);
  }
  return fmt::format("#{:02x}{:02x}{:02x}", r, g, b);
}

std::string ansi_to_html(const std::string& capture, int cols) {
  std::string body;
  int fg = -1, bg = -1;
  bool bold = false, reverse = false, dim = false, underline = false, open = false;
  auto style = [&] {
    std::string f = fg >= 0 ? xterm_rgb(fg) : "#e8e8e8", b = bg >= 0 ? xterm_rgb(bg) : "#1e1f22";
    if (reverse) std::swap(f, b);
    return fmt::format("color:{};background:{};{}{}{}", f, b, bold ? "font-weight:bold;" : "", dim ? "opacity:0.6;" : "",
                       underline ? "text-decoration:underline;" : "");
  };
  for (std::size_t i = 0; i < capture.size(); ++i) {
    if (capture[i] == '\x1b' && i + 1 < capture.size() && capture[i + 1] == '[') {
      std::size_t j = i + 2;
      while (j < capture.size() && !std::isalpha(static_cast<unsigned char>(capture[j]))) ++j;
      if (j < capture.size() && capture[j] == 'm') {
        std::vector<int> params;
        std::stringstream ps(capture.substr(i + 2, j - i - 2));
        for (std::string p; std::getline(ps, p, ';');) params.push_back(p.empty() ? 0 : std::stoi(p));
        if (params.empty()) params.push_back(0);
        for (std::size_t k = 0; k < params.size(); ++k) {
          const int p = params[k];
          if (p == 0) fg = bg = -1, bold = reverse = dim = underline = false;
          else if (p == 1) bold = true;
          else if (p == 2) dim = true;
          else if (p == 4) underline = true;
          else if (p == 7) reverse = true;
          else if (p == 22) bold = dim = false;
          else if (p == 24) underline = false;
          else if (p == 27) reverse = false;
          else if (p == 39) fg = -1;
          else if (p == 49) bg = -1;
          else if (p >= 30 && p <= 37) fg = p - 30;
          else if (p >= 40 && p <= 47) bg = p - 40;
          else if (p >= 90 && p <= 97) fg = p - 90 + 8;
          else if (p >= 100 && p <= 107) bg = p - 100 + 8;
          else if ((p == 38 || p == 48) && k + 2 < params.size() && params[k + 1] == 5) {
            (p == 38 ? fg : bg) = params[k + 2];
            k += 2;
          }
        }
        if (open) body += "</span>";
        body += "<span style=\"" + style() + "\">";
        open = true;
      }
      i = j;
      continue;
    }
    const char c = capture[i];
    if (c == '<') body += "&lt;";
    else if (c == '>') body += "&gt;";
    else if (c == '&') body += "&amp;";
    else if (c == '\n') {
      if (open) body += "</span>";
      body += "\n";
      open = false;
      if (fg >= 0 || bg >= 0 || bold || reverse) {
        body += "<span style=\"" + style() + "\">";
        open = true;
      }
    } else body += c;
  }
  if (open) body += "</span>";
  return fmt::format(
      "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body{{margin:0;background:#1e1f22}}"
      "pre{{margin:0;padding:10px;font:15px/18px 'DejaVu Sans Mono',monospace;color:#e8e8e8;width:{}ch}}</style></head>"
      "<body><pre>{}</pre></body></html>",
      cols, body);
}

// Takes a PNG of an HTML file with headless Chromium, when it runs here.
bool screenshot(const std::filesystem::path& html, const std::filesystem::path& png, int width, int height) {
  const char* env = std::getenv("DEEDLOG_CHROMIUM");
  const std::string chromium = env ? env : "/usr/bin/chromium";
  if (!std::filesystem::exists(chromium)) return false;
  const auto profile = temp_dir("replay-terminal-chromium");
  const RunResult r = testing::run(
      chromium, fmt::format("--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking "
                            "--disable-component-update --disable-sync --hide-scrollbars --user-data-dir={} "
                            "--window-size={},{} --screenshot={} {}",
                            quote(profile.string()), width, height, quote(png.string()), quote("file://" + html.string())));
  std::filesystem::remove_all(profile);
  return r.code == 0 && std::filesystem::exists(png);
}

// With DEEDLOG_UPDATE_DOCS=1 the test writes the README's pictures of the terminal replay.
void picture(const Tmux& tmux, int cols, int rows, const std::string& name) {
  if (!std::getenv("DEEDLOG_UPDATE_DOCS")) return;
  const auto dir = temp_dir("replay-terminal-picture");
  const auto html = dir / "screen.html";
  std::ofstream(html) << ansi_to_html(tmux.screen(true), cols);
  const auto png = std::filesystem::path(deedlog::testing::source_dir()) / "docs" / name;
  EXPECT_TRUE(screenshot(html, png, cols * 9 + 30, rows * 18 + 24)) << "could not take " << png;
  std::filesystem::remove_all(dir);
}

TEST(ReplayTerminal, StepsJumpsAndFindsUnderTmux) {
  if (!Tmux::available()) GTEST_SKIP() << "tmux is not installed here (scripts/setup.sh installs it)";
  const Tmux tmux("replay");
  // A game named and a terminal: the replay is interactive without being asked.
  ASSERT_TRUE(tmux.start(80, 24, fmt::format("{} --db {} --game 1", deedlog::testing::replay_program(), quote(long_game().string()))));
  std::string s = tmux.wait_for("Event 5 of 808 · turn 1 of 66: Ann");
  EXPECT_NE(s.find("Now: Ann to throw"), std::string::npos) << s;
  tmux.keys("n n n");
  s = tmux.wait_for("Event 8 of 808");
  EXPECT_NE(s.find("▶ Ann moved 7 squares to Chance."), std::string::npos) << s;
  tmux.keys("Left");
  tmux.wait_for("Event 7 of 808");
  tmux.keys("]");
  tmux.wait_for("Event 14 of 808 · turn 2 of 66: Ben");
  tmux.keys("g 4 0 0 Enter");
  s = tmux.wait_for("Event 400 of 808 · turn 32 of 66: Dan");
  expect_cash_shown(s, 400);
  tmux.keys("t 1 0 Enter");
  s = tmux.wait_for(fmt::format("Event {} of 808 · turn 10 of 66", timeline().turn_first(10)));
  tmux.keys("r");
  const std::int64_t rent = timeline().find(timeline().turn_first(10), EventKind::Rent, true);
  s = tmux.wait_for(fmt::format("Event {} of 808", rent));
  EXPECT_NE(s.find("rent"), std::string::npos) << s;
  expect_cash_shown(s, rent);
  tmux.keys("Down Down Up");
  tmux.wait_for(fmt::format("Event {} of 808", timeline().turn_first(timeline().turn_of(rent) + 1)));
  tmux.keys("b");
  tmux.wait_for("No bankruptcy event after event");
  tmux.keys("?");
  tmux.wait_for("Keys (any key closes this)");
  tmux.keys("q");  // closes the key list; the replay goes on
  for (int i = 0; i < 100 && tmux.screen().find("Keys (any key closes this)") != std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(tmux.screen().find("Keys (any key closes this)"), std::string::npos) << "q did not close the key list";
  EXPECT_TRUE(tmux.running()) << "q in the key list ended the replay";
  tmux.keys("?");
  tmux.wait_for("Keys (any key closes this)");
  tmux.keys("Escape");
  tmux.keys("g 5 7 6 Enter");
  s = tmux.wait_for("Event 576 of 808");
  EXPECT_NE(s.find("(double rent: Ann holds the whole Dark"), std::string::npos) << s;
  picture(tmux, 80, 24, "replay-terminal.png");
  // More room: each player gets a panel with the deeds.
  ASSERT_EQ(tmux.cmd("resize-window -t replay -x 150 -y 42").code, 0);
  s = tmux.wait_for("◀ to play");
  EXPECT_NE(s.find("■ Park Lane  ■ Mayfair"), std::string::npos) << s;
  picture(tmux, 150, 42, "replay-terminal-wide.png");
  tmux.keys("q");
  for (int i = 0; i < 100 && tmux.running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(tmux.running()) << "q did not end the replay";
}

}  // namespace
}  // namespace deedlog
