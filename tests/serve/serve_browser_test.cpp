// The page referee serve gives at /, in headless Chromium driven through WebDriver
// (support/webdriver.h): a table opens a game with its key, taps legal moves, types one with
// completion and one the rules refuse; a watcher's window, opened without a key, sees each move
// arrive. Every check reads values from the page's DOM (seq, the players' cash and squares, the
// rule id) and compares them with the journal through the API; none reads wording or time.
// Screenshots at 420 and 1400 pixels wide go to <build>/screenshots/.
#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/serve_browser.h"
#include "support/webdriver.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::Browser;

class ServePage : public testing::ServeWithBrowsers {
 protected:
  ServePage() : ServeWithBrowsers("serve-browser") {}
};

// Waits until the page shows event `seq` and answers what it shows: seq, whose turn, and each
// player's [name, cash, square].
json shown_at(Browser& b, const std::string& who, std::int64_t seq) {
  b.wait_for(who + " showing event " + std::to_string(seq),
             "const s = document.getElementById('seq'); return s !== null && s.dataset.seq === arguments[0];",
             json::array({std::to_string(seq)}));
  return b.script(
      "const t = document.getElementById('turn');"
      "return {seq: Number(document.getElementById('seq').dataset.seq), player: t.dataset.player,"
      "  players: [...document.querySelectorAll('#players_table tr[data-name]')]"
      "    .map((r) => [r.dataset.name, Number(r.dataset.cash), Number(r.dataset.square)])};");
}

// The same from the journal.
json position_of(const json& status) {
  json players = json::array();
  for (const json& p : status["players"]) players.push_back(json::array({p["name"], p["cash"], p["square"]}));
  return {{"seq", status["seq"]}, {"player", status["turn"]["player"]}, {"players", players}};
}

std::string css_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void save(const std::filesystem::path& file, const std::string& bytes) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << bytes;
}

TEST_F(ServePage, TheBoardIsAPictureOfAnyPosition) {
  auto created = client().Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"]})", "application/json");
  ASSERT_TRUE(created);
  ASSERT_EQ(created->status, 201) << created->body;
  const std::string board = "/api/games/" + json::parse(created->body)["game"].dump() + "/board";
  const std::int64_t last = get("/api/games/1")["seq"];
  for (const std::string& query : std::vector<std::string>{"", "?at=0", "?at=" + std::to_string(last)}) {
    auto r = client().Get((board + query).c_str());
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << query;
    EXPECT_EQ(r->get_header_value("Content-Type"), "image/svg+xml") << query;
    EXPECT_EQ(r->body.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u) << query;
  }
  EXPECT_TRUE(get(board + "?at=x", 400).contains("error"));
  EXPECT_TRUE(get(board + "?at=" + std::to_string(last + 1), 404).contains("error"));
  EXPECT_TRUE(get("/api/games/99/board", 404).contains("error"));
}

TEST_F(ServePage, ATablePlaysThroughThePageAndAWatcherSeesEachMoveArrive) {
  if (const std::string why = testing::browser_missing(); !why.empty()) GTEST_SKIP() << "no browser here: " << why;
  ASSERT_EQ(driver_.start(dir_), "") << "chromedriver is installed but does not start";
  auto created = client().Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 7})",
                               "application/json");
  ASSERT_TRUE(created);
  ASSERT_EQ(created->status, 201) << created->body;
  const json doc = json::parse(created->body);
  const int id = doc["game"];
  const std::string key = doc["key"];
  const std::string api = "/api/games/" + std::to_string(id);
  const std::int64_t start = get(api)["seq"];

  // The watcher: the game's address, no key.
  Browser& watcher = browser("watcher");
  ASSERT_TRUE(watcher.ok());
  watcher.go(page("?game=" + std::to_string(id)));
  EXPECT_EQ(shown_at(watcher, "the watcher", start), position_of(get(api)));
  EXPECT_EQ(watcher.wait_for("the watcher's move buttons", "return document.querySelectorAll('#moves button').length;"), 1);
  EXPECT_EQ(watcher.script("return [...document.querySelectorAll('#moves button')].every((b) => b.disabled);"), true)
      << "without the key no move can be made";

  // The table: the game's number and its key typed in, as a table opens its game (docs/serve.md).
  Browser& table = browser("table");
  ASSERT_TRUE(table.ok());
  table.go(page());
  table.type("#game", std::to_string(id));
  table.type("#key", key);
  table.click("#open");
  EXPECT_EQ(shown_at(table, "the table", start), position_of(get(api)));

  // After something the table did: the move is the journal's next, the table's page and the
  // watcher's both show the position the journal holds, and the watcher's list of what happened
  // ends with the move's last event.
  std::int64_t seq = start;
  auto recorded = [&](const std::string& move) {
    table.wait_for("the table to show what " + move + " did",
                   "const s = document.getElementById('seq'); return s !== null && Number(s.dataset.seq) > arguments[0];",
                   json::array({seq}));
    const json events = get(api + "/events?from=" + std::to_string(seq + 1))["events"];
    ASSERT_FALSE(events.empty()) << move << " was not recorded";
    EXPECT_EQ(events[0]["type"], "MovePlayed");
    EXPECT_EQ(events[0]["text"], move);
    seq = events.back()["seq"];
    const json journal = position_of(get(api));
    EXPECT_EQ(journal["seq"], seq);
    EXPECT_EQ(shown_at(table, "the table", seq), journal);
    EXPECT_EQ(shown_at(watcher, "the watcher", seq), journal);
    EXPECT_EQ(watcher.wait_for("the watcher's log to reach " + std::to_string(seq),
                               "const l = document.querySelector('#log li:last-child');"
                               "return l !== null && Number(l.dataset.seq) === arguments[0] && l.dataset.seq;",
                               json::array({seq})),
              std::to_string(seq));
  };

  // Two taps on legal moves: the throw, then the first of what it leaves (a buy, with seed 7).
  for (int tap = 0; tap < 2; ++tap) {
    const json moves = get(api + "/moves");
    ASSERT_FALSE(moves["moves"].empty());
    const std::string move = moves["moves"][0];
    if (tap == 0) {
      EXPECT_EQ(move, "Ann rolls");
    }
    const std::string button = "#moves button[data-move=" + css_string(move) + "]";
    table.wait_for("a button for " + move, "const b = document.querySelector(arguments[0]); return b !== null && !b.disabled;",
                   json::array({button}));
    table.click(button);
    recorded(move);
  }

  // A move typed with completion: the player's name and the first letter of a legal move that
  // no other legal move shares, then Tab fills in the rest, Enter plays it.
  {
    const json moves = get(api + "/moves");
    std::string move, typed;
    for (const json& m : moves["moves"]) {
      const std::string text = m;
      const std::size_t space = text.find(' ');
      if (space == std::string::npos || space + 1 >= text.size()) continue;
      const std::string prefix = text.substr(0, space + 2);
      int sharing = 0;
      for (const json& o : moves["moves"]) sharing += o.get<std::string>().rfind(prefix, 0) == 0;
      if (sharing == 1) {
        move = text;
        typed = prefix;
        break;
      }
    }
    ASSERT_FALSE(move.empty()) << moves.dump();
    table.type("#move", typed);
    table.wait_for("the completion " + move, "return document.querySelector(arguments[0]) !== null;",
                   json::array({"#completions button[data-move=" + css_string(move) + "]"}));
    table.type("#move", Browser::kTab);
    EXPECT_EQ(table.wait_for("Tab to complete " + typed,
                             "const v = document.getElementById('move').value; return v === arguments[0] && v;",
                             json::array({move})),
              move);
    table.type("#move", Browser::kEnter);
    recorded(move);
  }

  // A move out of turn, typed: refused, the rule it breaks shown, nothing written.
  {
    const json status = get(api);
    std::string other;
    for (const json& p : status["players"]) {
      if (p["name"] != status["turn"]["player"]) other = p["name"];
    }
    const std::string move = other + " rolls";
    table.type("#move", move + Browser::kEnter);
    const json rule = table.wait_for("the refusal of " + move,
                                     "const r = document.getElementById('refusal-rule'); return r && r.textContent;");
    EXPECT_EQ(rule, "uk-1972/turn/order");
    EXPECT_EQ(table.script("return document.getElementById('refusal').dataset.rule;"), rule);
    httplib::Headers auth{{"Authorization", "Bearer " + key}};
    auto again = client().Post((api + "/moves").c_str(), auth, json{{"move", move}}.dump(), "application/json");
    ASSERT_TRUE(again);
    EXPECT_EQ(again->status, 422);
    EXPECT_EQ(json::parse(again->body)["violation"]["rule"], rule) << "the page shows the rule the API gives";
    EXPECT_EQ(get(api)["seq"], seq) << "a refused move writes nothing";
    EXPECT_EQ(shown_at(table, "the table", seq)["seq"], seq);
  }

  // Nothing came from anywhere but the server.
  for (Browser* b : {&table, &watcher})
    EXPECT_EQ(b->script("return performance.getEntriesByType('resource').map((e) => e.name)"
                        ".filter((n) => !n.startsWith(location.origin + '/'));"),
              json::array());

  // A phone and a wide screen: the page fits the width (nothing to scroll sideways), and the
  // board picture has loaded before the screenshot.
  const std::filesystem::path shots = std::filesystem::path(deedlog::testing::referee_program()).parent_path() / "screenshots";
  for (const auto& [width, height] : {std::pair{420, 1500}, std::pair{1400, 1150}}) {
    table.window(width, height);
    table.script("window.scrollTo(0, 0);");
    EXPECT_EQ(table.wait_for("the layout at " + std::to_string(width) + " px",
                             "return window.innerWidth === arguments[0] && document.getElementById('board').complete"
                             " && document.getElementById('board').naturalWidth > 0 && window.innerWidth;",
                             json::array({width})),
              width);
    EXPECT_LE(table.script("return document.documentElement.scrollWidth;"), width) << "the page is wider than the screen";
    const std::string png = table.screenshot();
    const auto size = testing::png_size(png);
    ASSERT_TRUE(size.has_value()) << "the screenshot is not a PNG";
    EXPECT_EQ(size->first, static_cast<std::uint32_t>(width));
    save(shots / ("serve-" + std::to_string(width) + ".png"), png);
  }
}

}  // namespace
}  // namespace deedlog
