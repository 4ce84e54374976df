// What referee serve takes in a POST (docs/serve.md, "The API"): every route refuses a field it
// does not know, 400 {"error", "field"}, so a "dry_run" is never a move recorded and a misspelt
// "expect_sequence" never a compare-and-set silently lost; a POST with no body at all (curl -X
// POST) reads as {} and its key is checked first; a move's text over the journal's limit is a
// 400, nothing written, never a 500; and a journal written before that limit, holding a longer
// note, still serves its game, its tournament and the judge's page.
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "deedlog/event_text.h"
#include "journal/hash_chain.h"
#include "support/cli.h"
#include "support/serve_process.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using nlohmann::json;

// A tournament of two at one table, round 1 seated through the command line; a server over its
// journal, started by each test once the journal is as it wants.
class ServeInputs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::temp_dir("serve-inputs-" +
                             std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    db_ = dir_ / "club.db";
    const testing::SeatedCup cup = testing::seat_first_round(db_, "--players 'Ann, Ben' --rounds 1 --table-size 2");
    ASSERT_FALSE(cup.round.is_null());
    tournament_ = cup.tournament;
    judge_ = cup.judge_key;
    const json table = cup.round["tables"][0];
    game_ = table["game"].get<int>();
    table_key_ = table["key"].get<std::string>();
  }
  void TearDown() override {
    server_.reset();  // SIGTERM; its exit code must be 0 (support/serve_process.h)
    std::filesystem::remove_all(dir_);
  }

  void start() {
    server_ = std::make_unique<testing::ServeProcess>(db_.string(), std::vector<std::string>{"--rate", "1000"});
    port_ = server_->port();
    ASSERT_GT(port_, 0);
  }

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

  int get(const std::string& path, const std::string& key = "") {
    auto r = client().Get(path.c_str(), with_key(key));
    EXPECT_TRUE(r) << path;
    return r ? r->status : 0;
  }

  int post(const std::string& path, const std::string& key, const std::string& body, json* answer = nullptr) {
    auto r = client().Post(path.c_str(), with_key(key), body, "application/json");
    EXPECT_TRUE(r) << path;
    if (!r) return 0;
    if (answer) *answer = json::parse(r->body, nullptr, false);
    return r->status;
  }

  // A POST as `curl -X POST` sends it: no body, no Content-Length. The status of the answer.
  int bare_post(const std::string& path, const std::string& key) const {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    EXPECT_GE(fd, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port_));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr), 0);
    std::string request = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n";
    if (!key.empty()) request += "Authorization: Bearer " + key + "\r\n";
    request += "\r\n";
    EXPECT_EQ(::send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
    std::string answer;
    char buf[512];
    while (answer.find("\r\n") == std::string::npos) {
      const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;
      answer.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    // "HTTP/1.1 200 OK"
    const std::size_t space = answer.find(' ');
    return space == std::string::npos ? 0 : std::stoi(answer.substr(space + 1, 3));
  }

  std::int64_t seq_now() {
    auto r = client().Get(("/api/games/" + std::to_string(game_)).c_str(), with_key(judge_));
    EXPECT_TRUE(r && r->status == 200);
    return r ? json::parse(r->body)["seq"].get<std::int64_t>() : -1;
  }

  std::string moves_path() const { return "/api/games/" + std::to_string(game_) + "/moves"; }
  std::string call_time_path() const { return fmt::format("/api/tournaments/{}/rounds/1/call-time", tournament_); }
  std::string appeals_path() const { return fmt::format("/api/tournaments/{}/appeals", tournament_); }

  std::filesystem::path dir_, db_;
  int tournament_ = 0, game_ = 0;
  std::string judge_, table_key_;
  std::unique_ptr<testing::ServeProcess> server_;
  int port_ = 0;
};

TEST_F(ServeInputs, EveryPostRouteRefusesAFieldItDoesNotKnow) {
  start();
  const std::int64_t before = seq_now();
  json answer;
  // No dry run over HTTP: the field is refused and nothing is recorded.
  EXPECT_EQ(post(moves_path(), judge_, json{{"move", "Referee calls time"}, {"dry_run", true}}.dump(), &answer), 400);
  EXPECT_EQ(answer["field"], "dry_run") << answer;
  EXPECT_EQ(post(moves_path(), judge_, json{{"move", "Referee calls time"}, {"expect_sequence", 0}}.dump(), &answer), 400);
  EXPECT_EQ(answer["field"], "expect_sequence") << answer;
  EXPECT_EQ(post(moves_path(), judge_, json{{"move", "Referee calls time"}, {"expect_seq", "7"}}.dump(), &answer), 400);
  EXPECT_EQ(answer["field"], "expect_seq") << answer;
  EXPECT_EQ(seq_now(), before);
  EXPECT_EQ(post("/api/games", "", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"], "colour": "red"})", &answer), 400);
  EXPECT_EQ(answer["field"], "colour") << answer;
  EXPECT_EQ(post(call_time_path(), judge_, R"({"round": 2})", &answer), 400);
  EXPECT_EQ(answer["field"], "round") << answer;
  EXPECT_EQ(post(appeals_path(), judge_, fmt::format(R"({{"game": {}, "claim": "x", "uphold": true}})", game_), &answer),
            400);
  EXPECT_EQ(answer["field"], "uphold") << answer;
  // A long name is echoed cut short, between characters: a 400 that is still JSON, never a 500.
  const std::string long_name = std::string(39, 'x') + "\xc3\xa9tail";
  EXPECT_EQ(post(moves_path(), judge_, json{{"move", "Referee calls time"}, {long_name, 1}}.dump(), &answer), 400);
  EXPECT_EQ(answer["field"], std::string(39, 'x')) << answer;
  EXPECT_EQ(seq_now(), before);
  // The fields each route knows still work.
  EXPECT_EQ(post(moves_path(), judge_, json{{"move", "Referee calls time"}, {"expect_seq", before}}.dump()), 200);
}

TEST_F(ServeInputs, APostWithoutABodyReadsAsEmptyAndItsKeyIsCheckedFirst) {
  start();
  EXPECT_EQ(bare_post(call_time_path(), ""), 401);
  EXPECT_EQ(bare_post(call_time_path(), "not-a-key"), 401);
  EXPECT_EQ(bare_post(call_time_path(), table_key_), 403);
  EXPECT_EQ(bare_post(moves_path(), ""), 401);
  EXPECT_EQ(bare_post(appeals_path(), table_key_), 403);
  // The key first, then the body: a wrong key with a bad body is still 401.
  EXPECT_EQ(post(moves_path(), "", R"({"dry_run": true})"), 401);
  EXPECT_EQ(post(call_time_path(), table_key_, "not json"), 403);
  // The Head Judge's key with no body calls time.
  EXPECT_EQ(bare_post(call_time_path(), judge_), 200);
  json status;
  auto r = client().Get(("/api/games/" + std::to_string(game_)).c_str(), with_key(judge_));
  ASSERT_TRUE(r);
  EXPECT_TRUE(json::parse(r->body)["time_called"].get<bool>()) << r->body;
  // A move with no body is told what it lacks.
  EXPECT_EQ(bare_post(moves_path(), table_key_), 400);
}

TEST_F(ServeInputs, TextOverTheLimitIsA400AndNothingIsWritten) {
  start();
  const std::int64_t before = seq_now();
  const std::string long_text(kMaxEventTextBytes + 100, 'x');
  json answer;
  EXPECT_EQ(post(moves_path(), judge_, json{{"move", "Referee notes \"" + long_text + "\""}}.dump(), &answer), 400);
  EXPECT_TRUE(answer.contains("error")) << answer;
  EXPECT_EQ(post(appeals_path(), judge_, json{{"game", game_}, {"claim", long_text}}.dump(), &answer), 400);
  EXPECT_TRUE(answer.contains("error")) << answer;
  EXPECT_EQ(seq_now(), before);
  EXPECT_EQ(get(fmt::format("/api/tournaments/{}", tournament_)), 200);
  EXPECT_EQ(get(fmt::format("/tournaments/{}", tournament_)), 200);
}

// A note of 5,000 bytes in the tournament's game, its chain true, as a writer before the limit
// left it: the game, the tournament and the judge's page are served (they were 500).
TEST_F(ServeInputs, AJournalHoldingLongerTextIsStillServed) {
  ASSERT_EQ(testing::referee(db_, fmt::format("--game {} play 'Referee notes \"PLACEHOLDER\"'", game_)).code, 0);
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db_.string().c_str(), &h), SQLITE_OK);
    const auto exec = [&](const std::string& sql) {
      EXPECT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(h);
    };
    exec("DROP TRIGGER moves_refuse_update");
    exec(fmt::format("UPDATE moves SET events = replace(events, 'PLACEHOLDER', '{}') WHERE game_id = {}",
                     std::string(5000, 'z'), game_));
    std::vector<MoveRow> rows;
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(h, fmt::format("SELECT seq, count, at, actor, events FROM moves WHERE game_id = {} "
                                                "ORDER BY seq", game_).c_str(), -1, &st, nullptr), SQLITE_OK);
    const auto text = [&](int c) { return std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, c))); };
    while (sqlite3_step(st) == SQLITE_ROW)
      rows.push_back(MoveRow{game_, sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), text(2), text(3), text(4), "", ""});
    sqlite3_finalize(st);
    ASSERT_EQ(sqlite3_prepare_v2(h, fmt::format("SELECT genesis FROM games WHERE game_id = {}", game_).c_str(), -1, &st,
                                 nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
    std::string prev = text(0);
    sqlite3_finalize(st);
    for (MoveRow& m : rows) {
      m.prev_hash = prev;
      m.hash = move_hash(m);
      exec(fmt::format("UPDATE moves SET prev_hash = '{}', hash = '{}' WHERE game_id = {} AND seq = {}", prev, m.hash,
                       game_, m.seq));
      prev = m.hash;
    }
    sqlite3_close(h);
  }
  const auto verified = testing::referee(db_, fmt::format("--game {} --json verify", game_));
  ASSERT_EQ(verified.code, 0) << verified.out << verified.err;
  start();
  EXPECT_EQ(get("/api/games/" + std::to_string(game_), judge_), 200);
  EXPECT_EQ(get("/api/games/" + std::to_string(game_) + "/events", judge_), 200);
  EXPECT_EQ(get(fmt::format("/api/tournaments/{}", tournament_)), 200);
  EXPECT_EQ(get(fmt::format("/tournaments/{}", tournament_)), 200);
  EXPECT_EQ(post(moves_path(), judge_, json{{"move", "Referee calls time"}}.dump()), 200);
}

}  // namespace
}  // namespace deedlog
