// replay --html: one self-contained page. Headless Chromium opens it, steps through it with
// its own buttons, and the cash it shows at three points is what `referee status --at` says.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>
#include <fstream>
#include <thread>

#include "support/build_paths.h"
#include "present/narration.h"
#include "journal/journal.h"
#include "service/game_session.h"
#include "deedlog/decide.h"
#include "deedlog/ruleset_catalog.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::replay;
using testing::RunResult;
using testing::sample;
using testing::temp_dir;
using json = nlohmann::json;

using testing::RemovedAtExit;

struct Page {
  std::filesystem::path dir, db, html;
};

const Page& long_game_page() {
  static const Page page = [] {
    Page p;
    p.dir = temp_dir("replay-html");
    static const RemovedAtExit cleanup{p.dir};
    p.db = p.dir / "long.db";
    p.html = p.dir / "long game.html";  // a space in the name: the address must be quoted
    const RunResult r = referee(p.db, "import " + quote(sample("uk-1972/long-game.game")));
    EXPECT_EQ(r.code, 0) << r.err;
    const RunResult h = replay(p.db, "--html " + quote(p.html.string()));
    EXPECT_EQ(h.code, 0) << h.err;
    return p;
  }();
  return page;
}

std::string chromium_path() {
  const char* env = std::getenv("DEEDLOG_CHROMIUM");
  return env ? env : "/usr/bin/chromium";
}

// Chromium as the test runs it: headless, no network of its own, a fresh profile each time.
RunResult chromium(const std::string& args) {
  static int n = 0;
  const auto profile = temp_dir(fmt::format("replay-chromium-{}", n++));
  const RunResult r = testing::run(
      chromium_path(), fmt::format("--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
                                   "--disable-background-networking --disable-component-update --disable-sync "
                                   "--hide-scrollbars --user-data-dir={} {}",
                                   quote(profile.string()), args));
  std::filesystem::remove_all(profile);
  return r;
}

// Why Chromium cannot run here, judged from what it did with a page: "" when it ran.
std::string cannot_run(const RunResult& r) {
  if (!std::filesystem::exists(chromium_path()))
    return chromium_path() + " is not installed (scripts/setup.sh installs Debian's chromium package)";
  if (r.out.find("<html") == std::string::npos)
    return fmt::format("{} does not run headless here (exit {}): {}", chromium_path(), r.code, r.err.substr(0, 400));
  return {};
}

std::string file_url(const std::filesystem::path& p, const std::string& fragment) {
  std::string url = "file://";
  for (char c : p.string()) url += c == ' ' ? std::string("%20") : std::string(1, c);
  return url + "#" + fragment;
}

// The value of attribute `attr` in the element with id `id`, from a DOM dump.
std::string attribute(const std::string& dom, const std::string& id, const std::string& attr) {
  const auto at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return {};
  const auto tag_start = dom.rfind('<', at);
  const auto tag_end = dom.find('>', at);
  const std::string tag = dom.substr(tag_start, tag_end - tag_start);
  const auto a = tag.find(attr + "=\"");
  if (a == std::string::npos) return {};
  const auto v = a + attr.size() + 2;
  return tag.substr(v, tag.find('"', v) - v);
}

TEST(ReplayHtml, ThePageIsOneSelfContainedFile) {
  const std::string html = testing::slurp(long_game_page().html);
  ASSERT_FALSE(html.empty());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  // Nothing fetched: no external script, style sheet, font, image or frame.
  for (const char* banned : {"<script src", "<link", "@import", "@font-face", "<img", "<iframe", "url(http", "src=\"http",
                             "href=\"http", "//fonts.", "fetch(", "XMLHttpRequest"})
    EXPECT_EQ(html.find(banned), std::string::npos) << banned;
  // The only web address in it is the SVG namespace's name.
  for (std::size_t at = html.find("http"); at != std::string::npos; at = html.find("http", at + 1))
    EXPECT_EQ(html.compare(at, 26, "http://www.w3.org/2000/svg"), 0) << html.substr(at, 60);
  // The parts: the board in SVG, the step buttons, the slider, the move list, a panel per
  // player, the chart.
  for (const char* part : {"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 732 732\"", "id=\"board\"",
                           "id=\"next\"", "id=\"prev\"", "id=\"nextturn\"", "id=\"prevturn\"", "id=\"slider\"",
                           "id=\"movelist\"", "id=\"player-3\"", "id=\"worth\"", "id=\"worth-cursor\"", "id=\"replay-data\""})
    EXPECT_NE(html.find(part), std::string::npos) << part;
  EXPECT_EQ(html.find("id=\"player-4\""), std::string::npos);
}

TEST(ReplayHtml, ChromiumShowsTheCashThatStatusGivesAtFourPoints) {
  if (!std::filesystem::exists(chromium_path())) GTEST_SKIP() << "Chromium cannot run here: " << cannot_run({});
  const Page& page = long_game_page();
  // Each point reached a different way: the step button from the start, the address then the
  // back button, a turn then the next-turn button.
  struct Point {
    std::string fragment;
    std::int64_t seq = 0;
    RunResult dom;
  };
  std::vector<Point> points = {{"seq=1&step=49", 50, {}}, {"seq=420&step=-20", 400, {}}, {"turn=40&turnstep=1", 0, {}},
                               {"turn=30", 0, {}}};
  {
    // Turn 41's first event, from the journal.
    const json j = json::parse(replay(page.db, "--json --turns --from t41 --to t41").out);
    points[2].seq = j["turns"][0]["first"];
    // #turn=30 opens after that turn's first move (its throw and all the throw caused): the
    // event before the turn's second move line, or the turn's last event.
    const json t30 = json::parse(replay(page.db, "--json --turns --from t30 --to t30").out)["turns"][0];
    const std::int64_t first = t30["first"], last = t30["last"];
    const json events = json::parse(replay(page.db, fmt::format("--json --from {} --to {}", first, last)).out)["events"];
    points[3].seq = last;
    for (const json& e : events)
      if (e["type"] == "MovePlayed" && e["seq"].get<std::int64_t>() > first) {
        points[3].seq = e["seq"].get<std::int64_t>() - 1;
        break;
      }
    EXPECT_GT(points[3].seq, first) << "turn 30 begins with its throw, which causes events";
  }
  std::vector<std::thread> runs;
  for (Point& p : points)
    runs.emplace_back([&p, &page] {
      p.dom = chromium("--virtual-time-budget=5000 --dump-dom " + quote(file_url(page.html, p.fragment)));
    });
  for (auto& t : runs) t.join();
  bool ran = false;
  for (const Point& p : points) ran |= cannot_run(p.dom).empty();
  if (!ran) GTEST_SKIP() << "Chromium cannot run here, so the page is not opened: " << cannot_run(points[0].dom);
  for (const Point& p : points) {
    SCOPED_TRACE(p.fragment);
    ASSERT_NE(p.dom.out.find("data-ready=\"1\""), std::string::npos) << "the page's script did not finish:\n" << p.dom.err;
    EXPECT_EQ(attribute(p.dom.out, "pos", "data-seq"), std::to_string(p.seq));
    // The position after exactly this event, as the service folds it (status --at rounds an
    // event inside a move to the move's end; the page steps through each event).
    std::unique_ptr<Journal> journal;
    ASSERT_TRUE(Journal::open(page.db.string(), &journal, true).is_ok());
    Game folded;
    ASSERT_TRUE(load_game(*journal, 1, p.seq, &folded).is_ok());
    ASSERT_EQ(folded.header.players.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i)
      EXPECT_EQ(attribute(p.dom.out, fmt::format("cash-{}", i), "data-cash"),
                std::to_string(folded.state.player(static_cast<PlayerId>(i)).cash.units))
          << folded.header.players[i];
    // The commentary marks this event's words (or the move's line) as the current one.
    const json event = json::parse(replay(page.db, fmt::format("--json --from {} --to {}", p.seq, p.seq)).out)["events"][0];
    const std::string words = event["type"] == "MovePlayed" ? event["text"].get<std::string>() : event["words"].get<std::string>();
    const auto box = p.dom.out.find("<div id=\"commentary\">");
    ASSERT_NE(box, std::string::npos);
    const std::string commentary = p.dom.out.substr(box, p.dom.out.find("<div id=\"now\"", box) - box);
    const auto current = commentary.find("current\">");
    ASSERT_NE(current, std::string::npos) << commentary;
    EXPECT_NE(commentary.find(words.substr(0, 16), current), std::string::npos) << words << "\n" << commentary;
  }
}

// The page laid out for a phone (420 px) and for a desktop (1400 px). Headless Chromium keeps
// its window at least 500 px wide, so the page is opened in a frame of the width wanted, inside
// a probe page beside it whose script writes where the page's parts stand into the DOM (the
// page itself stays untouched); Chromium dumps it, and takes a screenshot of the probe too.
// Layout facts, not pixels: nothing wider than the frame, the board as wide as the screen
// allows and square, the step buttons on screen; on a phone the controls under the board, at
// 1400 px beside it.
struct Layout {
  double viewport = 0, scroll_width = 0;
  double board_left = 0, board_width = 0, board_height = 0;
  double side_left = 0, side_top = 0, next_right = 0, next_bottom = 0, board_bottom = 0;
};

std::optional<Layout> layout_at(const Page& page, int width, const std::filesystem::path& png) {
  const auto dir = png.parent_path();
  std::filesystem::copy_file(page.html, dir / "page.html", std::filesystem::copy_options::overwrite_existing);
  const std::string probe = fmt::format(R"(<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="page.html#seq=1" style="width:{}px;height:900px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", function () {{
  setTimeout(function () {{
    var f = document.getElementById("f"), d = f.contentDocument, w = f.contentWindow;
    function box(id) {{ return d.getElementById(id).getBoundingClientRect(); }}
    var b = box("board"), s = box("side"), n = box("next");
    var out = document.createElement("pre");
    out.id = "layout";
    out.setAttribute("data-layout", [w.innerWidth, d.documentElement.scrollWidth, b.left, b.width, b.height,
      s.left, s.top, n.right, n.bottom, b.bottom].join(","));
    document.body.appendChild(out);
  }}, 100);
}});
</script></body></html>
)", width);
  const auto file = dir / fmt::format("probe-{}.html", width);
  std::ofstream(file) << probe;
  const std::string window = fmt::format("--window-size={},900 --allow-file-access-from-files", std::max(width, 600));
  const RunResult dom = chromium(fmt::format("--virtual-time-budget=5000 {} --dump-dom {}", window, quote(file_url(file, ""))));
  (void)chromium(fmt::format("--virtual-time-budget=5000 {} --screenshot={} {}", window, quote(png.string()),
                             quote(file_url(file, ""))));
  const std::string facts = attribute(dom.out, "layout", "data-layout");
  if (facts.empty()) return std::nullopt;
  std::vector<double> v;
  std::stringstream in(facts);
  for (std::string item; std::getline(in, item, ',');) v.push_back(std::stod(item));
  if (v.size() != 10) return std::nullopt;
  return Layout{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]};
}

TEST(ReplayHtml, LaidOutForAPhoneAndForADesktop) {
  if (!std::filesystem::exists(chromium_path())) GTEST_SKIP() << "Chromium cannot run here: " << cannot_run({});
  const Page& page = long_game_page();
  const auto dir = temp_dir("replay-layout");
  const auto phone = layout_at(page, 420, dir / "phone.png");
  if (!phone) GTEST_SKIP() << "Chromium cannot run here, so the page is not laid out: " << cannot_run({});
  EXPECT_TRUE(std::filesystem::exists(dir / "phone.png"));
  EXPECT_EQ(phone->viewport, 420);
  EXPECT_LE(phone->scroll_width, phone->viewport) << "the page is wider than the phone";
  EXPECT_GE(phone->board_left, 0);
  EXPECT_LE(phone->board_left + phone->board_width, phone->viewport);
  EXPECT_GE(phone->board_width, 0.9 * phone->viewport - 24) << "the board does not use the phone's width";
  EXPECT_NEAR(phone->board_height, phone->board_width, 2) << "the board keeps its shape";
  EXPECT_LE(phone->next_right, phone->viewport) << "the step buttons run off the screen";
  EXPECT_GE(phone->side_top, phone->board_bottom - 1) << "on a phone the controls come under the board";

  const auto desk = layout_at(page, 1400, dir / "desktop.png");
  ASSERT_TRUE(desk.has_value());
  EXPECT_TRUE(std::filesystem::exists(dir / "desktop.png"));
  EXPECT_LE(desk->scroll_width, desk->viewport);
  EXPECT_GE(desk->side_left, desk->board_left + desk->board_width) << "on a desktop the panel stands beside the board";
  EXPECT_LT(desk->side_top, desk->board_bottom);
  EXPECT_LE(desk->next_right, desk->viewport);
}

// With DEEDLOG_UPDATE_DOCS=1 the test writes the README's picture of the HTML replay.
TEST(ReplayHtml, ScreenshotForTheReadme) {
  if (!std::getenv("DEEDLOG_UPDATE_DOCS")) GTEST_SKIP() << "set DEEDLOG_UPDATE_DOCS=1 to write docs/replay-html.png";
  if (!std::filesystem::exists(chromium_path())) GTEST_SKIP() << "Chromium cannot run here: " << cannot_run({});
  const auto png = std::filesystem::path(deedlog::testing::source_dir()) / "docs" / "replay-html.png";
  const RunResult r = chromium("--virtual-time-budget=5000 --window-size=1400,1000 --screenshot=" + quote(png.string()) + " " +
                               quote(file_url(long_game_page().html, "seq=576")));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(png));
}

bool has_unknown_name(const std::string& words) {
  // "?" standing alone as a name: "to buy ? for", "(?)", "on ?."
  for (std::size_t i = words.find('?'); i != std::string::npos; i = words.find('?', i + 1)) {
    const bool open = i == 0 || words[i - 1] == ' ' || words[i - 1] == '(';
    const bool close = i + 1 == words.size() || std::string(" ).,:;").find(words[i + 1]) != std::string::npos;
    if (open && close) return true;
  }
  return false;
}

bool has_absurd_number(const std::string& words) {
  // No sum in any game comes near 10 digits (cash is capped at 1,000,000,000).
  std::size_t run = 0;
  for (char c : words) {
    run = c >= '0' && c <= '9' ? run + 1 : 0;
    if (run > 10) return true;
  }
  return false;
}

// The words for a phase whose square is not (or no longer) on the board name no square and no
// price read from past the end of the board: after "Ann buys", before the move completes, the
// phase is still BuyDecision with the pending square cleared.
TEST(PhaseWords, NoSquareOffTheBoard) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  const std::vector<std::string> names = {"Ann", "Ben"};
  GameHeader header;
  header.ruleset = "uk-1972";
  header.players = names;
  State s = initial_state(r, header);
  for (Phase phase : {Phase::BuyDecision, Phase::TaxChoice, Phase::CardDice, Phase::Auction}) {
    for (SquareId square : {kNoSquare, static_cast<SquareId>(r.board_size()), static_cast<SquareId>(63)}) {
      s.phase = phase;
      s.pending_square = square;
      s.auction = AuctionState{};
      s.auction.square = square;
      const std::string words = phase_words(r, names, s);
      EXPECT_FALSE(has_unknown_name(words)) << words;
      EXPECT_EQ(words.find("for " + r.words.currency), std::string::npos) << words;
      EXPECT_FALSE(words.empty());
    }
  }
  // A building auction sells a house, not a square.
  s.phase = Phase::Auction;
  s.auction = AuctionState{};
  s.auction.lot = AuctionLot::House;
  EXPECT_NE(phase_words(r, names, s).find(r.words.house), std::string::npos) << phase_words(r, names, s);
  EXPECT_FALSE(has_unknown_name(phase_words(r, names, s)));
  // A square on the board is still named, with its price.
  s.phase = Phase::BuyDecision;
  s.pending_square = 39;
  EXPECT_NE(phase_words(r, names, s).find(r.square(39).name), std::string::npos);
  EXPECT_NE(phase_words(r, names, s).find(fmt::format("{}{}", r.words.currency, r.square(39).price.units)), std::string::npos);
}

// The page's data for every sample game: the words of each phase (computed after every event,
// also inside a move whose square is already cleared) and of each event name only squares on the
// board and only sane sums; each event's marked square is on the board.
class SamplePage : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(SamplePage, NamesOnlySquaresOnTheBoardAndSaneSums) {
  const auto dir = temp_dir("replay-html-" + testing::sample_test_name(GetParam()));
  const RemovedAtExit cleanup{dir};
  const auto db = dir / "x.db";
  const RunResult imported = referee(db, "import " + quote(GetParam().string()));
  ASSERT_TRUE(imported.code == 0 || imported.code == 3) << imported.err;  // a disputed game stops at its breach
  if (imported.code == 3 && referee(db, "status").code != 0) GTEST_SKIP() << "the setup is refused: no game";
  const auto html_path = dir / "page.html";
  const RunResult h = replay(db, "--html " + quote(html_path.string()));
  ASSERT_EQ(h.code, 0) << h.err;
  std::ifstream in(html_path);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string open = "<script type=\"application/json\" id=\"replay-data\">";
  const auto from = html.find(open);
  ASSERT_NE(from, std::string::npos);
  const auto to = html.find("</script>", from);
  const json d = json::parse(html.substr(from + open.size(), to - from - open.size()));
  const std::size_t squares = d["squares"].size();
  ASSERT_GT(squares, 0u);
  ASSERT_FALSE(d["phases"].empty());
  for (const auto& phase : d["phases"]) {
    const std::string words = phase[1].get<std::string>();
    EXPECT_FALSE(has_unknown_name(words)) << "after event " << phase[0] << ": " << words;
    EXPECT_FALSE(has_absurd_number(words)) << "after event " << phase[0] << ": " << words;
  }
  for (std::size_t i = 0; i < d["events"].size(); ++i) {
    const auto& e = d["events"][i];
    const std::string words = e[1].get<std::string>();
    EXPECT_FALSE(has_unknown_name(words)) << "event " << i + 1 << ": " << words;
    EXPECT_FALSE(has_absurd_number(words)) << "event " << i + 1 << ": " << words;
    const int mark = e[2].get<int>();
    EXPECT_TRUE(mark == -1 || (mark >= 0 && static_cast<std::size_t>(mark) < squares)) << "event " << i + 1;
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, SamplePage, ::testing::ValuesIn(testing::all_sample_games()),
                         [](const auto& p) { return testing::sample_test_name(p.param); });

}  // namespace
}  // namespace deedlog
