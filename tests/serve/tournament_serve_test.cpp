// The tournament on referee serve (docs/serve.md, "Tournaments"), a real server over a journal
// the command line filled: the standings as the command gives them, the Head Judge's key for
// calling time and ruling appeals (401 without a key, 403 with a table's), the tables' keys
// playing their own games only, and a duplicate round's games shown to nobody but their table and
// the Head Judge until time is called in the round; the judge's day through the routes alone
// (entries, withdrawals, seating, the round's printed cards with their keys made again).
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/serve_process.h"
#include "support/stream_watcher.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::PipeProcess;

// Four players at two tables of two, two duplicate rounds, round 1 seated through the command
// line; a server over the journal on a free port.
class TournamentServe : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::temp_dir("tournament-serve-" +
                             std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    db_ = dir_ / "club.db";
    const testing::SeatedCup cup =
        testing::seat_first_round(db_, "--players 'Ann, Ben, Cat, Dan' --rounds 2 --table-size 2 --duplicate");
    ASSERT_FALSE(cup.round.is_null());
    tournament_ = cup.tournament;
    judge_ = cup.judge_key;
    for (const json& t : cup.round["tables"])
      tables_.push_back({t["game"].get<int>(), t["key"].get<std::string>(), t["players"][0].get<std::string>()});
    ASSERT_EQ(tables_.size(), 2u);
    server_ = std::make_unique<testing::ServeProcess>(db_.string(), std::vector<std::string>{"--rate", "1000"});
    port_ = server_->port();
    ASSERT_GT(port_, 0);
  }
  void TearDown() override {
    server_.reset();  // SIGTERM; its exit code must be 0 (support/serve_process.h)
    std::filesystem::remove_all(dir_);
  }

  struct Table {
    int game;
    std::string key;
    std::string first;  // who throws first
  };

  static httplib::Headers with_key(const std::string& key) {
    httplib::Headers h;
    if (!key.empty()) h.emplace("Authorization", "Bearer " + key);
    return h;
  }

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30, 0);
    return c;
  }

  // The status code of a GET with key (none: ""), and its body in *body.
  int get(const std::string& path, const std::string& key, json* body = nullptr) {
    auto r = client().Get(path.c_str(), with_key(key));
    EXPECT_TRUE(r) << path;
    if (!r) return 0;
    if (body) *body = json::parse(r->body, nullptr, false);
    return r->status;
  }

  int post(const std::string& path, const std::string& key, const json& doc, json* body = nullptr) {
    auto r = client().Post(path.c_str(), with_key(key), doc.dump(), "application/json");
    EXPECT_TRUE(r) << path;
    if (!r) return 0;
    if (body) *body = json::parse(r->body, nullptr, false);
    return r->status;
  }

  int move(int game, const std::string& key, const std::string& text, json* body = nullptr) {
    return post("/api/games/" + std::to_string(game) + "/moves", key, json{{"move", text}}, body);
  }

  std::string call_time_path(int round) const {
    return "/api/tournaments/" + std::to_string(tournament_) + "/rounds/" + std::to_string(round) + "/call-time";
  }

  std::filesystem::path dir_, db_;
  int tournament_ = 0;
  std::string judge_;
  std::vector<Table> tables_;
  std::unique_ptr<testing::ServeProcess> server_;
  int port_ = 0;
};

TEST_F(TournamentServe, TableKeyPlaysItsOwnGameOnly) {
  json answer;
  EXPECT_EQ(move(tables_[0].game, tables_[0].key, tables_[0].first + " rolls", &answer), 200) << answer.dump();
  EXPECT_TRUE(answer["accepted"].get<bool>());
  // Table 1's key opens nothing at table 2; table 2's own key does.
  EXPECT_EQ(move(tables_[1].game, tables_[0].key, tables_[1].first + " rolls"), 401);
  EXPECT_EQ(move(tables_[1].game, "", tables_[1].first + " rolls"), 401);
  EXPECT_EQ(move(tables_[1].game, tables_[1].key, tables_[1].first + " rolls", &answer), 200) << answer.dump();
  // A table's key makes the players' moves, not the referee's.
  EXPECT_EQ(move(tables_[1].game, tables_[1].key, "Referee calls time"), 403);
  // The Head Judge's key is every table's referee's.
  EXPECT_EQ(move(tables_[1].game, judge_, "Referee calls time", &answer), 200) << answer.dump();
}

// The moves offered are the moves the key may make: a table's key is offered the players' moves
// alone (the referee's, which it is refused, left out), the Head Judge's key the referee's too;
// so is a game's own table key and referee key outside tournaments.
TEST_F(TournamentServe, AKeyIsOfferedOnlyTheMovesItMayMake) {
  auto referees_moves = [](const json& listed) {
    std::vector<std::string> found;
    for (const json& m : listed["moves"])
      if (m.get<std::string>().rfind("Referee", 0) == 0) found.push_back(m.get<std::string>());
    for (const json& f : listed["forms"])
      if (f.value("player", "") == "Referee") found.push_back(f["move"].get<std::string>());
    return found;
  };
  const std::string moves = "/api/games/" + std::to_string(tables_[0].game) + "/moves";
  json judge_list, table_list;
  ASSERT_EQ(get(moves, judge_, &judge_list), 200);
  const std::vector<std::string> judges = referees_moves(judge_list);
  EXPECT_NE(std::find(judges.begin(), judges.end(), "Referee calls time"), judges.end()) << judge_list.dump();
  ASSERT_EQ(get(moves, tables_[0].key, &table_list), 200);
  EXPECT_TRUE(referees_moves(table_list).empty()) << table_list.dump();
  ASSERT_FALSE(table_list["moves"].empty());
  // The players' moves are all still there, and the first of them is the key's to make.
  json players_moves = json::array();
  for (const json& m : judge_list["moves"])
    if (m.get<std::string>().rfind("Referee", 0) != 0) players_moves.push_back(m);
  EXPECT_EQ(table_list["moves"], players_moves);
  json answer;
  EXPECT_EQ(move(tables_[0].game, tables_[0].key, table_list["moves"][0].get<std::string>(), &answer), 200)
      << answer.dump();

  // A game outside the tournament, one time may be called in: its table key, its referee key,
  // and no key at all (watching).
  json made;
  ASSERT_EQ(post("/api/games", "",
                 json{{"ruleset", "uk-1972"}, {"players", {"Eve", "Fay"}}, {"variant", {"time-limit"}}, {"seed", 7}},
                 &made),
            201);
  const std::string game = "/api/games/" + std::to_string(made["game"].get<int>());
  json referee_list, plain_table_list, watched;
  ASSERT_EQ(get(game + "/moves", made["key"].get<std::string>(), &referee_list), 200);
  ASSERT_EQ(get(game + "/moves", made["table_key"].get<std::string>(), &plain_table_list), 200);
  ASSERT_EQ(get(game + "/moves", "", &watched), 200);
  const std::vector<std::string> referees = referees_moves(referee_list);
  EXPECT_NE(std::find(referees.begin(), referees.end(), "Referee calls time"), referees.end()) << referee_list.dump();
  EXPECT_TRUE(referees_moves(plain_table_list).empty()) << plain_table_list.dump();
  EXPECT_EQ(watched["moves"], referee_list["moves"]);
  json plain_players_moves = json::array();
  for (const json& m : referee_list["moves"])
    if (m.get<std::string>().rfind("Referee", 0) != 0) plain_players_moves.push_back(m);
  EXPECT_EQ(plain_table_list["moves"], plain_players_moves);
  EXPECT_EQ(move(made["game"].get<int>(), made["table_key"].get<std::string>(), "Referee calls time"), 403);
}

// A no-show is shown as one on the Head Judge's page and in the standings the server gives,
// apart from a withdrawal; both have left (withdrawn, as before). The printed round's check
// commands name the journal JOURNAL: the page never says where the server keeps it.
TEST_F(TournamentServe, TheJudgesPageTellsANoShowFromAWithdrawalAndThePrintHidesTheJournal) {
  const std::string base = "/api/tournaments/" + std::to_string(tournament_);
  json answer;
  ASSERT_EQ(post(call_time_path(1), judge_, json::object(), &answer), 200) << answer.dump();
  ASSERT_EQ(post(base + "/withdrawals", judge_, json{{"name", "Ann"}}, &answer), 201) << answer.dump();
  ASSERT_EQ(post(base + "/no-shows", judge_, json{{"name", "Ben"}}, &answer), 201) << answer.dump();
  json view;
  ASSERT_EQ(get(base, "", &view), 200);
  for (const json& s : view["standings"]) {
    const std::string p = s["player"];
    EXPECT_EQ(s.value("withdrawn", false), p == "Ann" || p == "Ben") << s;
    EXPECT_EQ(s.value("no_show", false), p == "Ben") << s;
  }
  auto page = client().Get(("/tournaments/" + std::to_string(tournament_)).c_str());
  ASSERT_TRUE(page);
  ASSERT_EQ(page->status, 200);
  auto row = [&](const std::string& player) {
    std::smatch m;
    const std::regex tr("<tr data-player=\"" + player + "\"[^>]*>");
    return std::regex_search(page->body, m, tr) ? m.str() : std::string();
  };
  EXPECT_NE(row("Ben").find("data-withdrawn=\"true\" data-no-show=\"true\""), std::string::npos) << page->body;
  EXPECT_NE(row("Ann").find("data-withdrawn=\"true\" data-no-show=\"false\""), std::string::npos) << page->body;
  EXPECT_NE(row("Cat").find("data-withdrawn=\"false\" data-no-show=\"false\""), std::string::npos) << page->body;

  auto printed = client().Get((base + "/rounds/1/print").c_str(), with_key(judge_));
  ASSERT_TRUE(printed);
  ASSERT_EQ(printed->status, 200);
  EXPECT_NE(printed->body.find("referee --db JOURNAL --game " + std::to_string(tables_[0].game) + " verify"),
            std::string::npos);
  EXPECT_EQ(printed->body.find(db_.filename().string()), std::string::npos);
}

// Entries, withdrawals, no-shows and the seating of a round through the routes, each the Head
// Judge's only (401 without a key, 403 with a table's); the round's printed page gives every
// table's key again, the very keys the seating handed out, which then play their games.
TEST_F(TournamentServe, TheJudgesDayRunsThroughTheRoutes) {
  const std::string base = "/api/tournaments/" + std::to_string(tournament_);
  json answer;
  ASSERT_EQ(post(call_time_path(1), judge_, json::object(), &answer), 200) << answer.dump();
  EXPECT_EQ(post(base + "/entries", "", json{{"name", "Eve"}}), 401);
  EXPECT_EQ(post(base + "/entries", tables_[0].key, json{{"name", "Eve"}}), 403);
  EXPECT_EQ(post(base + "/entries", judge_, json::object(), &answer), 400);  // whose entry?
  EXPECT_EQ(answer["field"], "name");
  EXPECT_EQ(post(base + "/entries", judge_, json{{"name", 7}}), 400);  // a name is text
  ASSERT_EQ(post(base + "/entries", judge_, json{{"name", "Eve"}}, &answer), 201) << answer.dump();
  EXPECT_EQ(answer["player"], "Eve");
  ASSERT_EQ(post(base + "/withdrawals", judge_, json{{"name", "Ben"}}, &answer), 201) << answer.dump();
  EXPECT_EQ(answer["player"], "Ben");
  EXPECT_NE(post(base + "/no-shows", judge_, json{{"name", "Zed"}}), 201);  // no such entrant

  EXPECT_EQ(post(base + "/rounds/2/seat", "", json::object()), 401);
  EXPECT_EQ(post(base + "/rounds/2/seat", tables_[1].key, json::object()), 403);
  EXPECT_EQ(post(base + "/rounds/3/seat", judge_, json::object()), 400);  // round 2 comes first
  ASSERT_EQ(post(base + "/rounds/2/seat", judge_, json::object(), &answer), 201) << answer.dump();
  EXPECT_EQ(answer["round"], 2);
  ASSERT_EQ(answer["tables"].size(), 2u);
  std::vector<std::string> seated, keys;
  for (const json& t : answer["tables"]) {
    for (const json& p : t["players"]) seated.push_back(p.get<std::string>());
    keys.push_back(t["key"].get<std::string>());
  }
  std::sort(seated.begin(), seated.end());
  EXPECT_EQ(seated, (std::vector<std::string>{"Ann", "Cat", "Dan", "Eve"}));  // Eve in, Ben out
  EXPECT_EQ(post(base + "/rounds/2/seat", judge_, json::object()), 409);  // seated already
  // The routes wrote what the command line would have: the log agrees.
  const auto cli = testing::referee(db_, "--json tournament log");
  ASSERT_EQ(cli.code, 0) << cli.err;
  json log;
  ASSERT_EQ(get(base + "/log", "", &log), 200);
  EXPECT_EQ(log, json::parse(cli.out));
  EXPECT_EQ(log["rounds"].size(), 2u);

  // The printed round: the Head Judge's alone; its cards carry the keys the seating gave.
  EXPECT_EQ(get(base + "/rounds/2/print", ""), 401);
  EXPECT_EQ(get(base + "/rounds/2/print", keys[0]), 403);
  EXPECT_EQ(get(base + "/rounds/9/print", judge_), 400);
  auto page = client().Get((base + "/rounds/2/print").c_str(), with_key(judge_));
  ASSERT_TRUE(page);
  ASSERT_EQ(page->status, 200);
  std::vector<std::string> printed;
  const std::regex key_cell("class=key>([0-9a-f]{64})<");
  for (auto m = std::sregex_iterator(page->body.begin(), page->body.end(), key_cell); m != std::sregex_iterator(); ++m)
    printed.push_back((*m)[1].str());
  EXPECT_EQ(printed, keys);
  // A key the seating handed out plays its table's game.
  const json first = answer["tables"][0];
  EXPECT_EQ(move(first["game"].get<int>(), keys[0], first["players"][0].get<std::string>() + " rolls", &answer), 200)
      << answer.dump();
}

// The clock (docs/tournaments.md, "The clock"), with a short limit rather than real minutes: a
// table's stream carries the warning as an event of its own (`event: clock`, never a journal
// event), then, the limit run out, the referee's call of time; two servers on one journal call
// it once between them.
TEST_F(TournamentServe, TheClockWarnsTheTablesAndCallsTimeOnceAtTheLimit) {
  const auto made = testing::referee(db_, "--json tournament new --name Blitz --players 'Eve, Fay, Gus, Hal' --rounds 1 "
                                          "--table-size 2 --time-limit 8s --auto-call-time");
  ASSERT_EQ(made.code, 0) << made.err;
  const std::string id = std::to_string(json::parse(made.out)["tournament"].get<int>());
  const std::string judge = json::parse(made.out)["judge_key"].get<std::string>();
  // A second server on the same journal, ticking too.
  PipeProcess other(std::vector<std::string>{deedlog::testing::referee_program(), "--db", db_.string(), "serve", "--listen", "127.0.0.1:0"});
  ASSERT_NE(other.read_line().find("listening"), std::string::npos);
  const auto seated =
      testing::referee(db_, "--json --tournament " + id + " tournament seat --round 1 " + testing::key_file_option(judge));
  ASSERT_EQ(seated.code, 0) << seated.err;
  const json tables = json::parse(seated.out)["tables"];
  ASSERT_EQ(tables.size(), 2u);
  const int game = tables[0]["game"].get<int>();
  testing::StreamWatcher watcher(port_, game, "\"TimeCalled\"");
  const std::string& got = watcher.received();
  (void)watcher.events();  // waits for the call of time (or the stream's end)
  // The warning: a named event, its data the table's, before the call.
  const std::size_t warned = got.find("event: clock\ndata: ");
  ASSERT_NE(warned, std::string::npos) << got;
  const std::size_t end = got.find("\n\n", warned);
  const json warning = json::parse(got.substr(warned + 19, end - warned - 19));
  EXPECT_EQ(warning["game"], game);
  EXPECT_EQ(warning["round"], 1);
  EXPECT_EQ(warning["minutes"], 1);
  EXPECT_LE(warning["seconds_left"].get<int>(), 8);
  EXPECT_LT(warned, got.find("\"TimeCalled\"")) << got;
  // No journal event is a clock event: every "data:" line but the warning's is one of the game's.
  for (const std::string& data : watcher.events())
    if (data.find("\"minutes\"") == std::string::npos) {
      EXPECT_TRUE(json::parse(data).contains("seq")) << data;
    }
  // Called once, in every game of the round, by whichever server came first.
  const auto log = testing::referee(db_, "--json --tournament " + id + " tournament log");
  ASSERT_EQ(log.code, 0) << log.err;
  const json records = json::parse(log.out)["records"];
  int calls = 0;
  for (const json& r : records) calls += r["kind"] == "time_called" ? 1 : 0;
  EXPECT_EQ(calls, 1) << records;
  for (const json& t : tables)
    EXPECT_TRUE(json::parse(testing::referee(db_, "--game " + std::to_string(t["game"].get<int>()) + " --json status").out)
                    ["time_called"]
                        .get<bool>());
  other.send_signal(SIGTERM);
  EXPECT_EQ(other.wait(), 0);
}

// --auto-call-time without a limit is refused, and nothing is made.
TEST_F(TournamentServe, AutoCallTimeNeedsATimeLimit) {
  const auto made = testing::referee(db_, "--json tournament new --name NoClock --players 'Eve, Fay' --rounds 1 "
                                          "--table-size 2 --auto-call-time");
  EXPECT_EQ(made.code, 2) << made.err;
  const auto listed = testing::referee(db_, "--json tournament log --tournament 2");
  EXPECT_NE(listed.code, 0);
}

// The exports on the server are the command's, byte for byte, and open to all; a duplicate
// round's results are in neither until it ends.
TEST_F(TournamentServe, TheStandingsCsvAndTheRecordAreTheCommandsOnes) {
  const std::string base = "/api/tournaments/" + std::to_string(tournament_);
  const auto same = [&](bool ended) {
    auto csv = client().Get((base + "/standings.csv").c_str());
    ASSERT_TRUE(csv);
    EXPECT_EQ(csv->status, 200);
    EXPECT_EQ(csv->get_header_value("Content-Type").rfind("text/csv", 0), 0u);
    const auto cli_csv = testing::referee(db_, "tournament export --csv standings");
    ASSERT_EQ(cli_csv.code, 0) << cli_csv.err;
    EXPECT_EQ(csv->body, cli_csv.out);
    json record;
    ASSERT_EQ(get(base + "/record", "", &record), 200);
    const auto file = dir_ / (ended ? "after.json" : "before.json");
    const auto cli_record = testing::referee(db_, "tournament export --record " + file.string());
    ASSERT_EQ(cli_record.code, 0) << cli_record.err;
    EXPECT_EQ(record, json::parse(testing::slurp(file.string())));
    EXPECT_EQ(record["rounds"][0].value("hidden", false), !ended) << record["rounds"][0];
    // The record checks against the journal it came from.
    std::ofstream(dir_ / "served.json") << record.dump();
    EXPECT_EQ(testing::referee(db_, "tournament check " + (dir_ / "served.json").string()).code, 0);
  };
  same(false);
  ASSERT_EQ(post(call_time_path(1), judge_, json::object()), 200);
  same(true);
  EXPECT_EQ(get("/api/tournaments/99/record", ""), 404);
  // The results as CSV and the standings as a wall chart: the command's, for anyone.
  auto results = client().Get((base + "/results.csv").c_str());
  ASSERT_TRUE(results);
  EXPECT_EQ(results->status, 200);
  EXPECT_EQ(results->body, testing::referee(db_, "tournament export --csv results").out);
  auto wall = client().Get((base + "/standings/print").c_str());
  ASSERT_TRUE(wall);
  EXPECT_EQ(wall->status, 200);
  const json standings = json::parse(testing::referee(db_, "--json tournament standings").out)["standings"];
  for (const json& st : standings)
    EXPECT_NE(wall->body.find("data-player=\"" + st["player"].get<std::string>() + "\" data-rank=\"" +
                              std::to_string(st["rank"].get<int>()) + "\""),
              std::string::npos)
        << st;
}

// A table's sheet recorded through the server, as `tournament sheet` records it: the judge's
// only; its head the game's; in the log; a second supersedes the first.
TEST_F(TournamentServe, ASheetIsRecordedThroughTheServer) {
  const std::string path = "/api/tournaments/" + std::to_string(tournament_) + "/rounds/1/tables/1/sheet";
  EXPECT_EQ(post(path, "", json::object()), 401);
  EXPECT_EQ(post(path, tables_[0].key, json::object()), 403);
  json sheet;
  ASSERT_EQ(post(path, judge_, json::object(), &sheet), 201) << sheet;
  EXPECT_EQ(sheet["round"], 1);
  EXPECT_EQ(sheet["table"], 1);
  EXPECT_EQ(sheet["game"], tables_[0].game);
  EXPECT_NE(sheet["html"].get<std::string>().find("<table>"), std::string::npos);
  const auto status = testing::referee(db_, "--game " + std::to_string(tables_[0].game) + " --json status");
  EXPECT_EQ(sheet["head"], json::parse(status.out)["head"]);
  ASSERT_EQ(post(path, judge_, json::object(), &sheet), 201) << sheet;
  json log;
  ASSERT_EQ(get("/api/tournaments/" + std::to_string(tournament_) + "/log", "", &log), 200);
  ASSERT_EQ(log["sheets"].size(), 2u) << log;
  EXPECT_TRUE(log["sheets"][0]["superseded"].get<bool>());
  EXPECT_EQ(post("/api/tournaments/" + std::to_string(tournament_) + "/rounds/1/tables/9/sheet", judge_, json::object()), 400);
}

TEST_F(TournamentServe, CallTimeNeedsTheHeadJudgesKey) {
  json answer;
  EXPECT_EQ(post(call_time_path(1), "", json::object()), 401);
  EXPECT_EQ(post(call_time_path(1), tables_[0].key, json::object()), 403);
  EXPECT_EQ(post(call_time_path(1), "not-a-key", json::object()), 401);
  ASSERT_EQ(post(call_time_path(1), judge_, json::object(), &answer), 200) << answer.dump();
  EXPECT_EQ(answer["round"], 1);
  ASSERT_EQ(answer["games"].size(), 2u);
  for (const json& g : answer["games"]) EXPECT_TRUE(g["called"].get<bool>());
  EXPECT_EQ(post(call_time_path(1), judge_, json::object()), 409);  // called already
  // The call is in the tournament's log, as the command line lists it.
  json log;
  ASSERT_EQ(get("/api/tournaments/" + std::to_string(tournament_) + "/log", "", &log), 200);
  EXPECT_TRUE(log["rounds"][0]["time_called"].get<bool>());
  const auto cli = testing::referee(db_, "--json tournament log");
  ASSERT_EQ(cli.code, 0) << cli.err;
  EXPECT_EQ(log, json::parse(cli.out));
}

TEST_F(TournamentServe, StandingsAreTheCommandsOnes) {
  ASSERT_EQ(move(tables_[0].game, tables_[0].key, tables_[0].first + " rolls"), 200);
  ASSERT_EQ(move(tables_[1].game, tables_[1].key, tables_[1].first + " rolls"), 200);
  ASSERT_EQ(post(call_time_path(1), judge_, json::object()), 200);
  json view;
  ASSERT_EQ(get("/api/tournaments/" + std::to_string(tournament_), "", &view), 200);
  const auto cli = testing::referee(db_, "--json tournament standings");
  ASSERT_EQ(cli.code, 0) << cli.err;
  const json standings = json::parse(cli.out);
  EXPECT_EQ(standings["rounds"], 1);
  for (const char* field : {"tournament", "name", "rounds", "standings"}) EXPECT_EQ(view[field], standings[field]) << field;
  // Each table: its game, its players, time called, and who leads by net worth (as the sheet's placings).
  ASSERT_EQ(view["tables"].size(), 1u);
  const json& round = view["tables"][0];
  EXPECT_TRUE(round["ended"].get<bool>());
  ASSERT_EQ(round["tables"].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const json& t = round["tables"][i];
    EXPECT_EQ(t["game"], tables_[i].game);
    EXPECT_TRUE(t["time_called"].get<bool>());
    EXPECT_TRUE(t["seconds_left"].is_null());  // time called
    const auto sheet = testing::referee(db_, "--json tournament sheet --round 1 --table " + std::to_string(i + 1) +
                                                 " --html " + (dir_ / "sheet.html").string() + " " + testing::key_file_option(judge_));
    ASSERT_EQ(sheet.code, 0) << sheet.err;
    const json s = json::parse(sheet.out);
    EXPECT_EQ(t["leader"], s["placings"][0]["player"]);
    for (const json& p : s["placings"]) EXPECT_EQ(t["net_worth"][p["player"].get<std::string>()], p["net_worth"]);
  }
  // The judge's page links each table's game.
  auto page = client().Get(("/tournaments/" + std::to_string(tournament_)).c_str());
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  for (const Table& t : tables_)
    EXPECT_NE(page->body.find("href=\"/?game=" + std::to_string(t.game) + "\""), std::string::npos);
}

TEST_F(TournamentServe, DuplicateTableIsHiddenUntilTheRoundEnds) {
  // Table 1 plays on fast; table 2 has not begun.
  ASSERT_EQ(move(tables_[0].game, tables_[0].key, tables_[0].first + " rolls"), 200);
  const std::string g1 = "/api/games/" + std::to_string(tables_[0].game);
  for (const std::string& path : {g1 + "/events", g1 + "/moves", g1, g1 + "/board", g1 + "/value", g1 + "/stream?from=1"}) {
    EXPECT_EQ(get(path, ""), 401) << path;               // a watcher
    EXPECT_EQ(get(path, tables_[1].key), 403) << path;  // the other table
  }
  json events;
  EXPECT_EQ(get(g1 + "/events", tables_[0].key, &events), 200);
  const std::size_t seen = events["events"].size();
  EXPECT_GT(seen, 1u);
  EXPECT_EQ(get(g1 + "/events", judge_, &events), 200);
  // The tournament's view names no leader at a hidden table, except to the Head Judge.
  json view;
  ASSERT_EQ(get("/api/tournaments/" + std::to_string(tournament_), "", &view), 200);
  EXPECT_TRUE(view["tables"][0]["tables"][0]["hidden"].get<bool>());
  EXPECT_FALSE(view["tables"][0]["tables"][0].contains("leader"));
  ASSERT_EQ(get("/api/tournaments/" + std::to_string(tournament_), judge_, &view), 200);
  EXPECT_TRUE(view["tables"][0]["tables"][0].contains("leader"));

  ASSERT_EQ(post(call_time_path(1), judge_, json::object()), 200);
  EXPECT_EQ(get(g1 + "/events", "", &events), 200);
  EXPECT_GE(events["events"].size(), seen);
  EXPECT_EQ(get(g1 + "/moves", ""), 200);
  EXPECT_EQ(get(g1, tables_[1].key), 200);
}

TEST_F(TournamentServe, AppealsNeedTheHeadJudgesKeyAndAreLogged) {
  const json appeal{{"game", tables_[0].game}, {"claim", "Cat says the rent was short"}};
  const std::string path = "/api/tournaments/" + std::to_string(tournament_) + "/appeals";
  EXPECT_EQ(post(path, "", appeal), 401);
  EXPECT_EQ(post(path, tables_[0].key, appeal), 403);
  json answer;
  ASSERT_EQ(post(path, judge_, appeal, &answer), 201) << answer.dump();
  EXPECT_EQ(answer["appeal"], 1);
  EXPECT_FALSE(answer["upheld"].get<bool>());
  json log;
  ASSERT_EQ(get(path.substr(0, path.size() - 8) + "/log", "", &log), 200);
  ASSERT_EQ(log["appeals"].size(), 1u);
  EXPECT_EQ(log["appeals"][0]["outcome"], "rejected");
  EXPECT_EQ(log["appeals"][0]["game"], tables_[0].game);

  // Upheld: the correction is played into the game as the referee's move, and the game's head is
  // the one the ruling gives.
  const std::string who = tables_[0].first;
  const json upheld{{"game", tables_[0].game},
                    {"claim", who + " was not paid"},
                    {"upheld", true},
                    {"correction", "Referee awards " + who + " 50 for \"a payment the table missed\""}};
  ASSERT_EQ(post(path, judge_, upheld, &answer), 201) << answer.dump();
  EXPECT_TRUE(answer["upheld"].get<bool>());
  EXPECT_EQ(answer["appeal"], 2);
  const auto status = testing::referee(db_, "--game " + std::to_string(tables_[0].game) + " --json status");
  ASSERT_EQ(status.code, 0) << status.err;
  EXPECT_EQ(answer["head"], json::parse(status.out)["head"]);
  // A correction that is no move of the game records nothing: 400.
  const json refused{{"game", tables_[0].game}, {"claim", "nonsense"}, {"upheld", true}, {"correction", "Referee awards Nobody 50"}};
  EXPECT_EQ(post(path, judge_, refused, &answer), 400) << answer.dump();
  // Nor an appeal about a game outside the tournament.
  EXPECT_EQ(post(path, judge_, json{{"game", 999}, {"claim", "x"}}), 400);
  ASSERT_EQ(get(path.substr(0, path.size() - 8) + "/log", "", &log), 200);
  EXPECT_EQ(log["appeals"].size(), 2u);
  EXPECT_EQ(get("/api/tournaments/999", "", &log), 404);
}

// A tournament played to a time limit: each table's clock runs from the round's seating, and
// stops when time is called.
TEST_F(TournamentServe, TimeLeftRunsFromTheSeating) {
  const auto made = testing::referee(
      db_, "--json tournament new --name Open --players 'Eve, Fay' --rounds 1 --table-size 2 --time-limit 90m");
  ASSERT_EQ(made.code, 0) << made.err;
  const json m = json::parse(made.out);
  const std::string id = std::to_string(m["tournament"].get<int>());
  const std::string key = m["judge_key"].get<std::string>();
  ASSERT_EQ(testing::referee(db_, "--tournament " + id + " tournament seat --round 1 " + testing::key_file_option(key)).code, 0);
  json view;
  ASSERT_EQ(get("/api/tournaments/" + id, "", &view), 200);
  const json& table = view["tables"][0]["tables"][0];
  ASSERT_TRUE(table["seconds_left"].is_number()) << table.dump();
  EXPECT_GT(table["seconds_left"].get<int>(), 0);
  EXPECT_LE(table["seconds_left"].get<int>(), 90 * 60);
  EXPECT_FALSE(table.contains("hidden"));  // not a duplicate round: open to all
  ASSERT_EQ(post("/api/tournaments/" + id + "/rounds/1/call-time", key, json::object()), 200);
  ASSERT_EQ(get("/api/tournaments/" + id, "", &view), 200);
  EXPECT_TRUE(view["tables"][0]["tables"][0]["seconds_left"].is_null());
}

TEST_F(TournamentServe, GamesOutsideTournamentsStayOpen) {
  json made;
  ASSERT_EQ(post("/api/games", "", json{{"ruleset", "uk-1972"}, {"players", {"Eve", "Fay"}}, {"seed", 7}}, &made), 201);
  EXPECT_EQ(get("/api/games/" + std::to_string(made["game"].get<int>()) + "/events", ""), 200);
  // And the Head Judge's key opens no game outside the tournament.
  EXPECT_EQ(move(made["game"].get<int>(), judge_, "Eve rolls"), 401);
}

// A tournament's game has a time limit, so a move that comes to the server without a stamp is
// stamped with the clock, as `play` and `table` stamp it: the agreed hour is ruled on the stamps
// recorded (docs/rules.md, short-game/agreed-hour). A move with its own stamp keeps it.
TEST_F(TournamentServe, AMoveToATimedGameIsStampedWithTheClock) {
  // rule uk-1972/short-game/agreed-hour
  const auto made = testing::referee(
      db_, "--json tournament new --name Timed --players 'Eve, Fay' --rounds 1 --table-size 2 --time-limit 90m");
  ASSERT_EQ(made.code, 0) << made.err;
  const json m = json::parse(made.out);
  const std::string id = std::to_string(m["tournament"].get<int>());
  const auto seated = testing::referee(
      db_, "--json --tournament " + id + " tournament seat --round 1 " + testing::key_file_option(m["judge_key"].get<std::string>()));
  ASSERT_EQ(seated.code, 0) << seated.err;
  const json t = json::parse(seated.out)["tables"][0];
  const int game = t["game"].get<int>();
  // The short game waits for the deal, the Head Judge's (the referee's) move; a note is one too.
  json body;
  ASSERT_EQ(move(game, m["judge_key"].get<std::string>(), "Referee notes \"seated late\"", &body), 200) << body.dump();
  ASSERT_EQ(move(game, m["judge_key"].get<std::string>(), "@19:00:00 Referee notes \"as written\"", &body), 200) << body.dump();
  const auto log = testing::referee(db_, "--game " + std::to_string(game) + " --json log");
  ASSERT_EQ(log.code, 0) << log.err;
  std::vector<std::string> lines;
  const json events = json::parse(log.out);  // kept whole: a loop over a temporary's member reads freed memory
  for (const json& e : events["events"])
    if (e["type"] == "MovePlayed") lines.push_back(e["text"].get<std::string>());
  ASSERT_EQ(lines.size(), 2u) << log.out;
  EXPECT_EQ(lines[0].rfind('@', 0), 0u) << lines[0];  // "@2026-11-27T08:59:01Z Referee notes ..."
  EXPECT_NE(lines[0].find("Z Referee notes"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1].rfind("@19:00:00 Referee notes", 0), 0u) << lines[1];
}

}  // namespace
}  // namespace deedlog
