// The page referee serve gives, at a table that throws its own dice (a game without a seed):
// no example of a move's values ("Ann rolls 1 2" in the forms of GET .../moves) is ever a button
// or a completion, the dice pad records exactly the faces tapped, and each player's net worth
// stands beside the cash. Headless Chromium through
// WebDriver (support/webdriver.h), as tests/serve/serve_browser_test.cpp; every check reads the
// DOM's data-* attributes and the journal through the API, none reads wording or time.
#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/serve_browser.h"
#include "support/webdriver.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::Browser;

class ServeDicePad : public testing::ServeWithBrowsers {
 protected:
  ServeDicePad() : ServeWithBrowsers("serve-dice-pad") {}
};

// The data-move of every button the page offers to tap or to complete with.
json offered(Browser& b) {
  return b.script("return [...document.querySelectorAll('#moves button, #completions button')].map((x) => x.dataset.move);");
}

TEST_F(ServeDicePad, NoExampleIsAMoveAndThePadRecordsTheThrowEntered) {
  if (const std::string why = testing::browser_missing(); !why.empty()) GTEST_SKIP() << "no browser here: " << why;
  ASSERT_EQ(driver_.start(dir_), "") << "chromedriver is installed but does not start";
  auto created = client().Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben", "Cat"]})",
                               "application/json");
  ASSERT_TRUE(created);
  ASSERT_EQ(created->status, 201) << created->body;
  const json doc = json::parse(created->body);
  const int id = doc["game"];
  const std::string api = "/api/games/" + std::to_string(id);

  // The API's form: a throw is a move with values to fill in, given with an example.
  const json moves = get(api + "/moves");
  std::vector<std::string> examples;
  for (const json& f : moves["forms"])
    if (f.contains("verb")) examples.push_back(f["move"]);
  ASSERT_FALSE(examples.empty()) << moves;
  EXPECT_EQ(moves["forms"][0]["verb"], "rolls");
  EXPECT_EQ(moves["forms"][0]["player"], "Ann");

  Browser& table = browser("table");
  ASSERT_TRUE(table.ok());
  table.go(page());
  table.type("#game", std::to_string(id));
  table.type("#key", doc["table_key"].get<std::string>());
  table.click("#open");
  const std::string pad = "#pads fieldset[data-player=\"Ann\"][data-verb=\"rolls\"]";
  table.wait_for("Ann's dice pad", "return document.querySelector(arguments[0]) !== null;", json::array({pad}));

  // No example is a button: not the form's, and no throw with faces in it at all.
  const std::regex thrown(R"(rolls [0-9]+ [0-9]+$)");
  for (const json& m : offered(table)) {
    EXPECT_FALSE(std::regex_search(m.get<std::string>(), thrown)) << m;
    for (const std::string& e : examples) EXPECT_NE(m, e);
  }

  // Tab completes the throw's words and leaves the dice to the table.
  table.type("#move", "Ann r");
  table.wait_for("a completion of Ann r", "return document.querySelectorAll('#completions button').length > 0;");
  for (const json& m : offered(table)) EXPECT_FALSE(std::regex_search(m.get<std::string>(), thrown)) << m;
  table.type("#move", Browser::kTab);
  EXPECT_EQ(table.wait_for("Tab to complete Ann r",
                           "const v = document.getElementById('move').value; return v !== 'Ann r' && v;"),
            "Ann rolls ");
  table.clear("#move");
  const std::int64_t before = get(api)["seq"];

  // One die tapped records nothing: the throw waits for both.
  const std::string record = pad + " button.record";
  table.click(pad + " button[data-die=\"1\"][data-face=\"5\"]");
  EXPECT_EQ(table.script("return document.querySelector(arguments[0]).disabled;", json::array({record})), true);
  table.click(pad + " button[data-die=\"2\"][data-face=\"3\"]");
  table.wait_for("the throw to be ready", "return !document.querySelector(arguments[0]).disabled;", json::array({record}));
  EXPECT_EQ(get(api)["seq"], before) << "choosing the faces writes nothing";
  table.click(record);
  table.wait_for("the throw to be recorded",
                 "const s = document.getElementById('seq'); return s !== null && Number(s.dataset.seq) > arguments[0];",
                 json::array({before}));
  const json events = get(api + "/events?from=" + std::to_string(before + 1))["events"];
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0]["type"], "MovePlayed");
  EXPECT_EQ(events[0]["text"], "Ann rolls 5 3");
  EXPECT_EQ(get(api)["players"][0]["square"], 8);

  // Ann buys (a plain move, a button), then Ben throws a double through his pad.
  std::int64_t seq = get(api)["seq"];
  table.wait_for("a button for Ann buys",
                 "const b = document.querySelector('#moves button[data-move=\"Ann buys\"]'); return b !== null && !b.disabled;");
  table.click("#moves button[data-move=\"Ann buys\"]");
  const std::string ben = "#pads fieldset[data-player=\"Ben\"][data-verb=\"rolls\"]";
  table.wait_for("Ben's dice pad", "return document.querySelector(arguments[0]) !== null;", json::array({ben}));
  EXPECT_GT(get(api)["seq"].get<std::int64_t>(), seq);
  seq = get(api)["seq"];
  table.click(ben + " button[data-die=\"1\"][data-face=\"6\"]");
  table.click(ben + " button[data-die=\"2\"][data-face=\"6\"]");
  table.wait_for("Ben's throw to be ready", "return !document.querySelector(arguments[0]).disabled;",
                 json::array({ben + " button.record"}));
  table.click(ben + " button.record");
  table.wait_for("Ben's throw to be recorded",
                 "const s = document.getElementById('seq'); return s !== null && Number(s.dataset.seq) > arguments[0];",
                 json::array({seq}));
  const json after = get(api + "/events?from=" + std::to_string(seq + 1))["events"];
  ASSERT_FALSE(after.empty());
  EXPECT_EQ(after[0]["text"], "Ben rolls 6 6");
  EXPECT_EQ(get(api)["players"][1]["square"], 12);

  // Each player's net worth beside the cash: the totals GET .../value gives (referee value --json).
  const json value = get(api + "/value");
  json worth = json::array();
  for (const json& p : value["players"]) worth.push_back(json::array({p["name"], p["total"].dump()}));
  ASSERT_EQ(worth.size(), 3u) << value;
  EXPECT_NE(worth[0][1], get(api)["players"][0]["cash"].dump()) << "Ann owns Euston Road: her worth is not her cash";
  EXPECT_EQ(table.wait_for("the net worth of each player",
                           "const rows = [...document.querySelectorAll('#players_table tr[data-name]')]"
                           "  .map((r) => [r.dataset.name, r.dataset.worth]);"
                           "return JSON.stringify(rows) === JSON.stringify(arguments[0]) && rows;",
                           json::array({worth})),
            worth);
}

}  // namespace
}  // namespace deedlog
