// The pages of a tournament on referee serve, in a real browser (headless Chromium through
// WebDriver, support/serve_browser.h), over a journal the command line filled (docs/serve.md,
// "Tournaments"):
//  * the judge's page (/tournaments/ID): the Head Judge's key typed once (kept in the tab, never in
//    an address nor in the page), time called in a round and appeals ruled through the page, each
//    checked in the journal (the API, referee status and value, the tournament's log); a wrong key
//    and a table's key are refused (401, 403) and change nothing;
//  * a table's page in a duplicate round: with the table's key the game's stream is read (fetch,
//    with the key in its header) and a move played elsewhere appears without a reload, and the
//    page's own move buttons send the key; a watcher's page without the key shows none of it.
// Every check reads data-* attributes and the journal, never wording or time.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/serve_browser.h"
#include "support/webdriver.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::Browser;

class TournamentPages : public testing::ServeWithBrowsers {
 protected:
  TournamentPages() : ServeWithBrowsers("tournament-pages") {}

  struct Table {
    int game;
    std::string key;
    std::string first;  // who throws first
  };

  std::filesystem::path db() const { return dir_ / "club.db"; }

  // Four players at two tables of two, two rounds, round 1 seated through the command line.
  void make(bool duplicate) {
    const auto made = testing::referee(db(), std::string("--json tournament new --name Cup --players 'Ann, Ben, Cat, Dan' "
                                                         "--rounds 2 --table-size 2") +
                                                 (duplicate ? " --duplicate" : ""));
    ASSERT_EQ(made.code, 0) << made.err;
    const json m = json::parse(made.out);
    tournament_ = m["tournament"].get<int>();
    judge_ = m["judge_key"].get<std::string>();
    const auto seated = testing::referee(db(), "--json tournament seat --round 1 " + testing::key_file_option(judge_));
    ASSERT_EQ(seated.code, 0) << seated.err;
    const json round = json::parse(seated.out);
    for (const json& t : round["tables"])
      tables_.push_back({t["game"].get<int>(), t["key"].get<std::string>(), t["players"][0].get<std::string>()});
    ASSERT_EQ(tables_.size(), 2u);
  }

  json cli(int game, const std::string& what) {
    const auto r = testing::referee(db(), "--game " + std::to_string(game) + " --json " + what);
    EXPECT_EQ(r.code, 0) << what << ": " << r.err;
    return json::parse(r.out, nullptr, false);
  }

  // What the journal holds of the event: each game's head and the tournament's log.
  json journal_now() {
    json heads = json::array();
    for (const Table& t : tables_) heads.push_back(cli(t.game, "status")["head"]);
    const auto log = testing::referee(db(), "--json tournament log");
    EXPECT_EQ(log.code, 0) << log.err;
    return json{{"heads", heads}, {"log", json::parse(log.out, nullptr, false)}};
  }

  // A GET with a key; the body, and the status in *code.
  json get_with(const std::string& path, const std::string& key, int* code = nullptr) {
    httplib::Headers h;
    if (!key.empty()) h.emplace("Authorization", "Bearer " + key);
    auto r = client().Get(path.c_str(), h);
    EXPECT_TRUE(r) << path;
    if (!r) return json();
    if (code) *code = r->status;
    return json::parse(r->body, nullptr, false);
  }

  std::string judge_page() const { return page("tournaments/" + std::to_string(tournament_)); }

  // The view's refreshes so far (each swaps #view whole, so an element found before is stale).
  static int refreshes(Browser& b) {
    const json n = b.script("return Number(document.getElementById('view').dataset.refreshed || 0);");
    return n.is_number() ? n.get<int>() : 0;
  }
  static void refreshed_since(Browser& b, int n) {
    b.wait_for("the view refreshed", "return Number(document.getElementById('view').dataset.refreshed || 0) > arguments[0];",
               json::array({n}));
  }
  // Types a key into the judge's page and uses it; waits until the tab holds it and the view is
  // refreshed with it.
  static void use_key(Browser& b, const std::string& key) {
    const int n = refreshes(b);
    b.type("#judge-key", key);
    b.click("#key-use");
    b.wait_for("the key held", "return document.getElementById('key-state').dataset.hasKey === 'true';");
    refreshed_since(b, n);
  }
  static void forget_key(Browser& b) {
    const int n = refreshes(b);
    b.click("#key-forget");
    b.wait_for("the key forgotten", "return document.getElementById('key-state').dataset.hasKey === 'false';");
    refreshed_since(b, n);
  }

  // Clears the last answer, runs the action, and waits for its answer's HTTP status.
  static int act(Browser& b, const std::function<void()>& action) {
    b.script("const a = document.getElementById('answer'); a.dataset.status = ''; a.textContent = '';");
    action();
    const json status = b.wait_for("the answer", "return document.getElementById('answer').dataset.status;");
    return status.is_string() ? std::stoi(status.get<std::string>()) : 0;
  }
  // The round's button is in #view, which a refresh may swap at any moment: tapped by a script,
  // found and clicked at once (a disabled button does nothing, as under a finger).
  static void tap_call_time(Browser& b, int round) {
    b.script("const x = document.querySelector('button.call-time[data-round=\"' + arguments[0] + '\"]'); if (x) x.click();",
             json::array({round}));
  }
  static void call_time(Browser& b, int round) {
    tap_call_time(b, round);
    b.wait_for("the confirmation", "return !document.getElementById('confirm').hidden;");
    b.click("#confirm-yes");
  }
  static void appeal(Browser& b, int game, const std::string& claim, const std::string& correction) {
    b.script("document.getElementById('appeal-game').value = arguments[0];", json::array({std::to_string(game)}));
    b.clear("#appeal-claim");
    b.type("#appeal-claim", claim);
    b.click(correction.empty() ? "#appeal-rejected" : "#appeal-upheld");
    if (!correction.empty()) {
      b.clear("#appeal-correction");
      b.type("#appeal-correction", correction);
    }
    b.click("#appeal-send");
  }

  int tournament_ = 0;
  std::string judge_;
  std::vector<Table> tables_;
};

TEST_F(TournamentPages, JudgeCallsTimeAndRulesAppealsFromThePage) {
  if (const std::string why = testing::browser_missing(); !why.empty()) GTEST_SKIP() << "no browser here: " << why;
  ASSERT_NO_FATAL_FAILURE(make(false));
  ASSERT_EQ(driver_.start(dir_), "") << "chromedriver is installed but does not start";
  for (const Table& t : tables_) {  // each table a few moves in
    const auto played = testing::referee(db(), "--game " + std::to_string(t.game) + " autoplay --moves 6");
    ASSERT_EQ(played.code, 0) << played.err;
  }
  const std::string tid = std::to_string(tournament_);

  Browser& judge = browser("judge");
  ASSERT_TRUE(judge.ok());
  judge.window(420, 900);  // a phone
  judge.go(judge_page());
  judge.wait_for("the judge's tools", "return !document.getElementById('judge').hidden;");
  // Without a key the page shows the event, and its buttons are shut.
  EXPECT_EQ(judge.script("return document.querySelectorAll('#view tr[data-game]').length;"), 2);
  EXPECT_EQ(judge.script("return document.querySelector('button.call-time[data-round=\"1\"]').disabled;"), true);
  EXPECT_EQ(judge.script("return document.getElementById('appeal-send').disabled;"), true);
  EXPECT_EQ(judge.script("return document.querySelectorAll('#appeal-game option').length;"), 2);

  // A key that opens nothing (401) and a table's key (403): refused, and the journal as it was.
  const json before = journal_now();
  use_key(judge, std::string(64, '0'));
  EXPECT_EQ(act(judge, [&] { call_time(judge, 1); }), 401);
  EXPECT_EQ(judge.script("return document.getElementById('answer').dataset.kind;"), "error");
  EXPECT_EQ(act(judge, [&] { appeal(judge, tables_[0].game, "Ben says the rent was short", ""); }), 401);
  forget_key(judge);
  use_key(judge, tables_[0].key);
  EXPECT_EQ(act(judge, [&] { call_time(judge, 1); }), 403);
  EXPECT_EQ(act(judge, [&] { appeal(judge, tables_[0].game, "Ben says the rent was short", ""); }), 403);
  EXPECT_EQ(journal_now(), before) << "a refused action writes nothing";
  for (const Table& t : tables_) EXPECT_FALSE(cli(t.game, "status")["time_called"].get<bool>());
  forget_key(judge);

  // The Head Judge's key: in the tab, never in the address or the page.
  use_key(judge, judge_);
  EXPECT_EQ(judge.script("return location.href.includes(arguments[0]) || "
                         "document.documentElement.outerHTML.includes(arguments[0]);",
                         json::array({judge_})),
            false);

  // An appeal rejected, then one upheld (its correction played into the game), each in the log.
  EXPECT_EQ(act(judge, [&] { appeal(judge, tables_[0].game, "Ben says the rent was short", ""); }), 201);
  EXPECT_EQ(judge.script("return document.getElementById('answer').dataset.kind;"), "appeal");
  judge.wait_for("the appeal listed", "return document.querySelector('#appeals li[data-appeal=\"1\"]') !== null;");
  EXPECT_EQ(judge.script("return document.querySelector('#appeals li[data-appeal=\"1\"]').dataset.outcome;"), "rejected");
  const std::string who = json::parse(testing::referee(db(), "--game " + std::to_string(tables_[1].game) + " --json status")
                                          .out)["players"][0]["name"];
  const int cash = cli(tables_[1].game, "status")["players"][0]["cash"].get<int>();
  EXPECT_EQ(act(judge, [&] {
              appeal(judge, tables_[1].game, who + " was not paid", "Referee awards " + who + " 50 for \"a payment missed\"");
            }),
            201);
  judge.wait_for("the upheld appeal listed", "return document.querySelector('#appeals li[data-appeal=\"2\"]') !== null;");
  EXPECT_EQ(judge.script("return document.querySelector('#appeals li[data-appeal=\"2\"]').dataset.outcome;"), "upheld");
  json log = get("/api/tournaments/" + tid + "/log");
  ASSERT_EQ(log["appeals"].size(), 2u) << log;
  EXPECT_EQ(log["appeals"][0]["game"], tables_[0].game);
  EXPECT_EQ(log["appeals"][0]["outcome"], "rejected");
  EXPECT_EQ(log["appeals"][0]["claim"], "Ben says the rent was short");
  EXPECT_EQ(log["appeals"][1]["game"], tables_[1].game);
  EXPECT_EQ(log["appeals"][1]["outcome"], "upheld");
  const json after_award = cli(tables_[1].game, "status");
  EXPECT_EQ(after_award["players"][0]["cash"], cash + 50);
  EXPECT_EQ(log["appeals"][1]["head"], after_award["head"]);
  // A correction that is no move: refused (400), shown, and nothing recorded.
  const json ruled = journal_now();
  EXPECT_EQ(act(judge, [&] { appeal(judge, tables_[0].game, "nonsense", "Referee awards Nobody 50"); }), 400);
  EXPECT_EQ(journal_now(), ruled);

  // Calling time asks first; "Cancel" calls nothing.
  tap_call_time(judge, 1);
  judge.wait_for("the confirmation", "return !document.getElementById('confirm').hidden;");
  judge.click("#confirm-no");
  EXPECT_EQ(judge.script("return document.getElementById('confirm').hidden;"), true);
  EXPECT_EQ(journal_now(), ruled);
  EXPECT_EQ(act(judge, [&] { call_time(judge, 1); }), 200);
  EXPECT_EQ(judge.script("return document.getElementById('answer').dataset.kind;"), "call-time");
  // The view refreshed: round 1's time is called, its button gone, each table time-called.
  judge.wait_for("round 1 shown time-called",
                 "return document.querySelector('#view section.round[data-round=\"1\"]').dataset.timeCalled === 'true';");
  EXPECT_EQ(judge.script("return document.querySelector('button.call-time[data-round=\"1\"]');"), nullptr);
  EXPECT_EQ(judge.script("return [...document.querySelectorAll('#view section.round[data-round=\"1\"] tr[data-game]')]"
                         ".map((r) => r.dataset.state);"),
            json::array({"time-called", "time-called"}));
  // The journal: each game's time called, as the API, referee status and referee value say.
  for (const Table& t : tables_) {
    const json api = get("/api/games/" + std::to_string(t.game));
    EXPECT_TRUE(api["time_called"].get<bool>());
    const json status = cli(t.game, "status");
    EXPECT_TRUE(status["time_called"].get<bool>());
    EXPECT_EQ(api["head"], status["head"]);
    const json value = cli(t.game, "value");
    EXPECT_EQ(value["seq"], status["seq"]);
    EXPECT_EQ(value["final"], status["over"]);
  }
  EXPECT_TRUE(get("/api/tournaments/" + tid + "/log")["rounds"][0]["time_called"].get<bool>());
  // The standings on the page are the command's.
  const json standings = json::parse(testing::referee(db(), "--json tournament standings").out);
  for (const json& s : standings["standings"])
    EXPECT_EQ(judge.script("const r = document.querySelector('#standings tr[data-player=\"' + arguments[0] + '\"]');"
                           "return r && [Number(r.dataset.rank), Number(r.dataset.points)];",
                           json::array({s["player"]})),
              json::array({s["rank"], s["points"]}))
        << s;
  // Round 2 seated; the judge asks to call time there, and before the judge confirms, time is
  // called there by another hand (the command line's judge): the page's call is 409, and shown.
  const auto seated = testing::referee(db(), "--json tournament seat --round 2 " + testing::key_file_option(judge_));
  ASSERT_EQ(seated.code, 0) << seated.err;
  use_key(judge, judge_);  // the view refreshed now, not in 30 s
  ASSERT_EQ(judge.script("return document.querySelector('button.call-time[data-round=\"2\"]') !== null;"), true);
  tap_call_time(judge, 2);
  judge.wait_for("the confirmation", "return !document.getElementById('confirm').hidden;");
  const auto elsewhere = testing::referee(db(), "--json tournament call-time --round 2 " + testing::key_file_option(judge_));
  ASSERT_EQ(elsewhere.code, 0) << elsewhere.err;
  const json called = journal_now();
  EXPECT_EQ(act(judge, [&] { judge.click("#confirm-yes"); }), 409);
  EXPECT_EQ(judge.script("return document.getElementById('answer').dataset.kind;"), "error");
  EXPECT_EQ(journal_now(), called);
  judge.wait_for("round 2 shown time-called",
                 "const r = document.querySelector('#view section.round[data-round=\"2\"]');"
                 "return r !== null && r.dataset.timeCalled === 'true';");

  // A phone's width: nothing to scroll sideways. The picture of it goes with the others.
  judge.script("window.scrollTo(0, document.getElementById('judge').offsetTop);");
  EXPECT_EQ(judge.script("return document.documentElement.scrollWidth <= window.innerWidth;"), true);
  const std::string png = judge.screenshot();
  ASSERT_TRUE(testing::png_size(png).has_value()) << "the screenshot is not a PNG";
  const std::filesystem::path shots = std::filesystem::path(deedlog::testing::referee_program()).parent_path() / "screenshots";
  std::filesystem::create_directories(shots);
  std::ofstream(shots / "tournament-judge-420.png", std::ios::binary) << png;
}

// The rest of the judge's day from the page: a late entry and a withdrawal (from the next round
// seated), the next round seated duplicate (the round box offers it), and its cards printed in a window of
// their own; a table's key is refused each of them (403) and writes nothing.
TEST_F(TournamentPages, JudgeEntersWithdrawsSeatsAndPrintsFromThePage) {
  if (const std::string why = testing::browser_missing(); !why.empty()) GTEST_SKIP() << "no browser here: " << why;
  ASSERT_NO_FATAL_FAILURE(make(false));
  ASSERT_EQ(driver_.start(dir_), "") << "chromedriver is installed but does not start";
  const auto called = testing::referee(db(), "--json tournament call-time --round 1 " + testing::key_file_option(judge_));
  ASSERT_EQ(called.code, 0) << called.err;
  const std::string tid = std::to_string(tournament_);

  Browser& judge = browser("judge");
  ASSERT_TRUE(judge.ok());
  judge.window(420, 900);
  judge.go(judge_page());
  judge.wait_for("the judge's tools", "return !document.getElementById('judge').hidden;");
  EXPECT_EQ(judge.script("return document.getElementById('seat-send').disabled;"), true);
  EXPECT_EQ(judge.script("return document.getElementById('seat-round').value;"), "2");  // the next round

  const auto enter = [&](const std::string& name, const std::string& route) {
    return act(judge, [&] {
      judge.clear("#entry-name");
      judge.type("#entry-name", name);
      judge.script("document.querySelector('button.entry[data-route=\"' + arguments[0] + '\"]').click();",
                   json::array({route}));
    });
  };
  const json before = journal_now();
  use_key(judge, tables_[0].key);
  EXPECT_EQ(enter("Eve", "entries"), 403);
  EXPECT_EQ(act(judge, [&] { judge.click("#seat-send"); }), 403);
  EXPECT_EQ(act(judge, [&] { judge.click("#print-send"); }), 403);
  EXPECT_EQ(journal_now(), before) << "a refused action writes nothing";
  forget_key(judge);

  use_key(judge, judge_);
  EXPECT_EQ(enter("Eve", "entries"), 201);
  EXPECT_EQ(judge.script("return document.getElementById('answer').dataset.kind;"), "entry");
  EXPECT_EQ(enter("Ben", "withdrawals"), 201);
  EXPECT_EQ(enter("Nobody", "no-shows"), 400);  // no such entrant
  judge.wait_for("Ben shown withdrawn",
                 "const r = document.querySelector('#standings tr[data-player=\"Ben\"]');"
                 "return r !== null && r.dataset.withdrawn === 'true';");
  judge.click("#seat-duplicate");  // round 2 dealt by seat: its commitment is in the log
  EXPECT_EQ(act(judge, [&] { judge.click("#seat-send"); }), 201);
  EXPECT_EQ(judge.script("return document.getElementById('answer').dataset.kind;"), "seat");
  judge.wait_for("round 2 shown", "return document.querySelector('#view section.round[data-round=\"2\"]') !== null;");
  const json log = get("/api/tournaments/" + tid + "/log");
  ASSERT_EQ(log["rounds"].size(), 2u) << log;
  EXPECT_EQ(log["rounds"][1].value("commitment", std::string()).size(), 64u) << "the box asked for a duplicate round";
  EXPECT_FALSE(log["rounds"][0].contains("commitment"));
  std::vector<std::string> seated;
  const json view = get("/api/tournaments/" + tid);
  for (const json& t : view["tables"][1]["tables"])
    for (const json& p : t["players"]) seated.push_back(p.get<std::string>());
  std::sort(seated.begin(), seated.end());
  EXPECT_EQ(seated, (std::vector<std::string>{"Ann", "Cat", "Dan", "Eve"}));
  // The round's cards: asked with the key, shown in a window of their own.
  EXPECT_EQ(judge.script("return document.getElementById('print-round').value;"), "2");
  EXPECT_EQ(act(judge, [&] { judge.click("#print-send"); }), 200);
  EXPECT_EQ(judge.script("return document.getElementById('answer').dataset.kind;"), "print");
  EXPECT_EQ(get("/api/tournaments/" + tid + "/log")["records"].size(), log["records"].size()) << "printing records nothing";
  // A table's sheet recorded from the page, and shown to print; the exports linked for anyone.
  judge.script("document.getElementById('sheet-round').value = '1'; document.getElementById('sheet-table').value = '1';");
  EXPECT_EQ(act(judge, [&] { judge.click("#sheet-send"); }), 201);
  EXPECT_EQ(judge.script("return document.getElementById('answer').dataset.kind;"), "sheet");
  EXPECT_EQ(get("/api/tournaments/" + tid + "/log")["sheets"].size(), 1u);
  EXPECT_EQ(judge.script("return document.querySelectorAll('#exports a').length;"), 4);
}

// The clock's warning on a table's page: shown in its box (data-minutes), never in the game's
// events; then the limit runs out and the server's call of time is in the page's log.
TEST_F(TournamentPages, ATablesPageShowsTheClocksWarningApartFromTheGamesEvents) {
  if (const std::string why = testing::browser_missing(); !why.empty()) GTEST_SKIP() << "no browser here: " << why;
  ASSERT_EQ(driver_.start(dir_), "") << "chromedriver is installed but does not start";
  const auto made = testing::referee(db(), "--json tournament new --name Blitz --players 'Ann, Ben' --rounds 1 "
                                           "--table-size 2 --time-limit 10s --auto-call-time");
  ASSERT_EQ(made.code, 0) << made.err;
  const auto seated = testing::referee(
      db(), "--json tournament seat --round 1 " + testing::key_file_option(json::parse(made.out)["judge_key"].get<std::string>()));
  ASSERT_EQ(seated.code, 0) << seated.err;
  const json table = json::parse(seated.out)["tables"][0];
  Browser& b = browser("table");
  ASSERT_TRUE(b.ok());
  b.go(page());
  b.type("#game", std::to_string(table["game"].get<int>()));
  b.type("#key", table["key"].get<std::string>());
  b.click("#open");
  b.wait_for("the warning shown", "const c = document.getElementById('clock'); return !c.hidden && c.dataset.minutes === '1';");
  // Every line of the log is one of the game's events, the warning none of them.
  const json events = get_with("/api/games/" + std::to_string(table["game"].get<int>()) + "/events", table["key"]);
  b.wait_for("time called in the log", "return document.querySelector('#log li[data-type=\"TimeCalled\"]') !== null;");
  EXPECT_EQ(b.script("return [...document.querySelectorAll('#log li')].every((li) => Number(li.dataset.seq) > 0 && li.dataset.type);"),
            true);
  EXPECT_LE(events["events"].size(), b.script("return document.querySelectorAll('#log li').length;").get<std::size_t>());
}

TEST_F(TournamentPages, DuplicateTableStreamsWithItsKeyAndAWatcherSeesNothing) {
  if (const std::string why = testing::browser_missing(); !why.empty()) GTEST_SKIP() << "no browser here: " << why;
  ASSERT_NO_FATAL_FAILURE(make(true));
  ASSERT_EQ(driver_.start(dir_), "") << "chromedriver is installed but does not start";
  const Table& t = tables_[0];
  const std::string api = "/api/games/" + std::to_string(t.game);
  int code = 0;
  get_with(api + "/events", "", &code);
  ASSERT_EQ(code, 401) << "a duplicate round's game is hidden from a watcher";

  Browser& table = browser("table");
  Browser& watcher = browser("watcher");
  ASSERT_TRUE(table.ok());
  ASSERT_TRUE(watcher.ok());
  watcher.go(page("?game=" + std::to_string(t.game)));
  table.go(page());
  table.type("#game", std::to_string(t.game));
  table.type("#key", t.key);
  table.click("#open");
  table.wait_for("the table's stream open", "return document.getElementById('log').dataset.stream === 'open';");
  const int seq0 = get_with(api, t.key)["seq"].get<int>();
  table.wait_for("the table's position",
                 "const s = document.getElementById('seq'); return s && Number(s.dataset.seq) === arguments[0];",
                 json::array({seq0}));
  watcher.wait_for("the watcher's stream refused", "return document.getElementById('log').dataset.stream === 'refused';");
  table.script("window.notReloaded = true;");

  // A move played elsewhere (through the API, with the table's key) reaches the table's page live.
  auto r = client().Post((api + "/moves").c_str(), httplib::Headers{{"Authorization", "Bearer " + t.key}},
                         json{{"move", t.first + " rolls"}}.dump(), "application/json");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const json played = json::parse(r->body);
  const int seq1 = played["seq"].get<int>();
  ASSERT_GT(seq1, seq0);
  table.wait_for("the move in the table's log",
                 "return document.querySelector('#log li[data-seq=\"' + arguments[0] + '\"]') !== null;",
                 json::array({seq1}));
  EXPECT_EQ(table.script("return window.notReloaded === true;"), true) << "streamed, not reloaded";
  EXPECT_EQ(table.script("return document.querySelector('#log li[data-seq=\"' + arguments[0] + '\"]').dataset.type;",
                         json::array({played["events"][0]["seq"].get<int>()})),
            played["events"][0]["type"]);
  table.wait_for("the table's position after the move",
                 "const s = document.getElementById('seq'); return s && Number(s.dataset.seq) === arguments[0];",
                 json::array({seq1}));
  EXPECT_EQ(table.script("return location.href.includes(arguments[0]);", json::array({t.key})), false);

  // The page's own move sends the key too: a legal move tapped there is the journal's next event.
  const json legal = get_with(api + "/moves", t.key);
  ASSERT_FALSE(legal["moves"].empty()) << legal;
  table.wait_for("a move button enabled", "const b = document.querySelector('#moves button[data-move]'); return b && !b.disabled;");
  table.click("#moves button[data-move]");
  table.wait_for("the tapped move in the log",
                 "return document.querySelector('#log li[data-seq=\"' + arguments[0] + '\"]') !== null;",
                 json::array({seq1 + 1}));
  const json events = get_with(api + "/events?from=" + std::to_string(seq1 + 1), t.key);
  ASSERT_FALSE(events["events"].empty()) << events;
  EXPECT_EQ(events["events"][0]["type"], "MovePlayed");
  EXPECT_EQ(table.script("return window.notReloaded === true;"), true);

  // The watcher has seen nothing of the game: no event, no position, no board; still refused.
  EXPECT_EQ(watcher.script("return document.querySelectorAll('#log li').length;"), 0);
  EXPECT_EQ(watcher.script("return document.querySelectorAll('#players_table tr').length;"), 0);
  EXPECT_EQ(watcher.script("return document.getElementById('seq');"), nullptr);
  EXPECT_EQ(watcher.script("return document.getElementById('board').hidden;"), true);
  EXPECT_EQ(watcher.script("return document.getElementById('log').dataset.stream;"), "refused");
  get_with(api + "/stream?from=1", "", &code);
  EXPECT_EQ(code, 401);

  // The key is the tab's: the page opened again in it reads the game with no key typed.
  table.go(page("?game=" + std::to_string(t.game)));
  table.wait_for("the table's stream open again", "return document.getElementById('log').dataset.stream === 'open';");
  table.wait_for("the game's events again",
                 "return document.querySelector('#log li[data-seq=\"' + arguments[0] + '\"]') !== null;",
                 json::array({seq1 + 1}));
  EXPECT_EQ(table.script("return document.getElementById('key').value;"), t.key);

  // Once the round's time is called, the game is everyone's: the watcher's page shows it all.
  auto called = client().Post(("/api/tournaments/" + std::to_string(tournament_) + "/rounds/1/call-time").c_str(),
                              httplib::Headers{{"Authorization", "Bearer " + judge_}}, "{}", "application/json");
  ASSERT_TRUE(called);
  ASSERT_EQ(called->status, 200) << called->body;
  const int last = get(api)["seq"].get<int>();
  watcher.go(page("?game=" + std::to_string(t.game)));
  watcher.wait_for("the whole game for the watcher",
                   "return document.querySelector('#log li[data-seq=\"' + arguments[0] + '\"]') !== null;",
                   json::array({last}));
  EXPECT_EQ(watcher.script("return document.getElementById('log').dataset.stream;"), "open");
}

}  // namespace
}  // namespace deedlog
