// referee serve run as a program on 127.0.0.1 and spoken to over HTTP: keys, moves and their
// answers (the codes and the rule ids, as play --json), the reads, the limits, and a move seen
// on the stream of server-sent events.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <fstream>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/cli.h"
#include "support/serve_process.h"
#include "support/stream_watcher.h"

namespace deedlog {
namespace {

using nlohmann::json;

// A server on a free port of 127.0.0.1 over a journal of its own; stopped with SIGTERM.
class Serve : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::temp_dir("serve-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    start("1000");
  }
  void TearDown() override {
    server_.reset();  // SIGTERM; its exit code must be 0 (support/serve_process.h)
    std::filesystem::remove_all(dir_);
  }

  void start(const std::string& rate) {
    server_.reset();  // the one running first, if any
    server_ = std::make_unique<testing::ServeProcess>((dir_ / "club.db").string(), std::vector<std::string>{"--rate", rate});
    port_ = server_->port();
    ASSERT_GT(port_, 0);
  }

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30, 0);
    return c;
  }

  // A new game of two; its id and key.
  std::pair<int, std::string> create() {
    auto r = client().Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 7})", "application/json");
    EXPECT_TRUE(r);
    if (!r) return {0, ""};
    EXPECT_EQ(r->status, 201) << r->body;
    const json doc = json::parse(r->body);
    return {doc["game"].get<int>(), doc["key"].get<std::string>()};
  }

  httplib::Result move(int game, const std::string& key, const std::string& body) {
    httplib::Headers headers;
    if (!key.empty()) headers.emplace("Authorization", "Bearer " + key);
    return client().Post(("/api/games/" + std::to_string(game) + "/moves").c_str(), headers, body, "application/json");
  }

  json get(const std::string& path, int code = 200) {
    auto r = client().Get(path.c_str());
    EXPECT_TRUE(r) << path;
    if (!r) return json();
    EXPECT_EQ(r->status, code) << path << ": " << r->body;
    return json::parse(r->body);
  }

  std::filesystem::path dir_;
  std::unique_ptr<testing::ServeProcess> server_;
  int port_ = 0;
};

TEST_F(Serve, KeysMovesAndTheirAnswers) {
  const auto [game, key] = create();
  ASSERT_EQ(game, 1);
  EXPECT_EQ(key.size(), 64u);
  const std::string path = "/api/games/" + std::to_string(game);
  const std::int64_t seq = get(path)["seq"];

  auto r = move(game, "", R"({"move": "Ann rolls"})");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 401);
  r = move(game, std::string(64, '0'), R"({"move": "Ann rolls"})");
  EXPECT_EQ(r->status, 401);
  r = move(game, key, R"({"move": )");
  EXPECT_EQ(r->status, 400);
  r = move(game, key, R"({"move": "Ann flies"})");
  EXPECT_EQ(r->status, 400);
  r = move(game, key, R"({"move": "Ann rolls", "expect_seq": 1})");
  EXPECT_EQ(r->status, 409);
  EXPECT_EQ(json::parse(r->body)["conflict"], true);
  r = move(game, key, json{{"move", std::string(70 * 1024, 'a')}}.dump());
  EXPECT_EQ(r->status, 413);
  r = move(99, key, R"({"move": "Ann rolls"})");
  EXPECT_EQ(r->status, 404);
  EXPECT_EQ(get("/api/games/99", 404).contains("error"), true);
  // None of the bad requests wrote anything.
  EXPECT_EQ(get(path)["seq"], seq);

  r = move(game, key, R"({"move": "Ben rolls"})");
  EXPECT_EQ(r->status, 422);
  const json refused = json::parse(r->body);
  EXPECT_EQ(refused["accepted"], false);
  EXPECT_EQ(refused["violation"]["rule"], "uk-1972/turn/order");
  EXPECT_EQ(get(path)["seq"], seq);

  r = move(game, key, json{{"move", "Ann rolls"}, {"expect_seq", seq}}.dump());
  EXPECT_EQ(r->status, 200) << r->body;
  const json played = json::parse(r->body);
  EXPECT_EQ(played["accepted"], true);
  EXPECT_EQ(played["events"][0]["type"], "MovePlayed");

  const json status = get(path);
  EXPECT_EQ(status["seq"], played["seq"]);
  EXPECT_EQ(status["head"], played["head"]);
  const json moves = get(path + "/moves");
  EXPECT_EQ(moves["player"], "Ann");
  EXPECT_FALSE(moves["moves"].empty());
  const json events = get(path + "/events?from=" + std::to_string(seq + 1));
  ASSERT_FALSE(events["events"].empty());
  EXPECT_EQ(events["events"][0]["seq"], seq + 1);
  EXPECT_EQ(events["events"][0]["type"], "MovePlayed");
  EXPECT_EQ(events["events"].back()["seq"], played["seq"]);
  get(path + "/events?from=x", 400);

  // A game's key opens only that game.
  const auto [other, other_key] = create();
  EXPECT_EQ(move(other, key, R"({"move": "Ann rolls"})")->status, 401);
  EXPECT_EQ(move(other, other_key, R"({"move": "Ann rolls"})")->status, 200);
}

TEST_F(Serve, OfWritersRacingForTheSameEventOneWins) {
  const auto [game, key] = create();
  const std::int64_t seq = get("/api/games/" + std::to_string(game))["seq"];
  const std::string body = json{{"move", "Ann rolls"}, {"expect_seq", seq}}.dump();
  std::vector<int> codes(8, 0);
  std::vector<std::thread> writers;
  for (std::size_t i = 0; i < codes.size(); ++i)
    // game and key copied in: clang before 16 cannot capture a structured binding.
    writers.emplace_back([&, i, the_game = game, the_key = key] {
      auto r = move(the_game, the_key, body);
      codes[i] = r ? r->status : -1;
    });
  for (std::thread& t : writers) t.join();
  EXPECT_EQ(std::count(codes.begin(), codes.end(), 200), 1);
  EXPECT_EQ(std::count(codes.begin(), codes.end(), 409), static_cast<long>(codes.size()) - 1);
  const auto check = testing::referee(dir_ / "club.db", "verify");
  EXPECT_EQ(check.code, 0);
}

TEST_F(Serve, AMoveIsSeenOnTheStream) {
  const auto [game, key] = create();
  testing::StreamWatcher watcher(port_, game);  // open before the move is made
  ASSERT_EQ(move(game, key, R"({"move": "Ann rolls"})")->status, 200);
  const std::string data = watcher.first_event();  // bounded: the client gives up after its read timeout
  ASSERT_FALSE(data.empty()) << watcher.received();
  const json event = json::parse(data);
  EXPECT_EQ(event["type"], "MovePlayed");
  EXPECT_EQ(event["text"], "Ann rolls");
}

// The events route and the stream say each event as `log` says it: an offer ended by its maker
// is a withdrawal, which the event alone cannot tell (the narrator remembers the open offer).
TEST_F(Serve, TheEventsAndTheStreamSayAnOffersEndAsLogSaysIt) {
  const auto [game, key] = create();
  ASSERT_EQ(move(game, key, R"({"move": "Ann offers Ben: 50 for nothing"})")->status, 200);
  testing::StreamWatcher watcher(port_, game, "\"TradeRejected\"");  // opened with the offer open
  ASSERT_EQ(move(game, key, R"({"move": "Ann rejects"})")->status, 200);
  const auto log = testing::referee(dir_ / "club.db", "--json log");
  ASSERT_EQ(log.code, 0) << log.err;
  const json logged = json::parse(log.out);
  const json served = get("/api/games/" + std::to_string(game) + "/events");
  ASSERT_EQ(served["events"].size(), logged["events"].size());
  for (std::size_t i = 0; i < logged["events"].size(); ++i)
    EXPECT_EQ(served["events"][i]["words"], logged["events"][i]["words"]) << i;
  const std::vector<std::string> streamed = watcher.events();
  ASSERT_FALSE(streamed.empty()) << watcher.received();
  const json last = json::parse(streamed.back());
  EXPECT_EQ(last["type"], "TradeRejected") << watcher.received();
  for (const std::string& data : streamed) {
    const json e = json::parse(data);
    EXPECT_EQ(e["words"], logged["events"][e["seq"].get<std::size_t>() - 1]["words"]) << data;
  }
}

// Two keys a game: the referee's (to whoever creates it) may make every move; the table's only
// the players' moves, so the referee's corrections cannot come from the table.
TEST_F(Serve, TheTablesKeyPlaysButOnlyTheRefereesKeyCorrects) {
  auto r = client().Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 7})", "application/json");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 201) << r->body;
  const json made = json::parse(r->body);
  const int game = made["game"].get<int>();
  const std::string referee_key = made["key"].get<std::string>(), table_key = made["table_key"].get<std::string>();
  ASSERT_EQ(table_key.size(), 64u);
  EXPECT_NE(table_key, referee_key);
  auto played = move(game, table_key, R"({"move": "Ann rolls"})");
  ASSERT_TRUE(played);
  EXPECT_EQ(played->status, 200) << played->body;
  const std::int64_t seq = get("/api/games/" + std::to_string(game))["seq"].get<std::int64_t>();
  auto refused = move(game, table_key, R"({"move": "Referee takes back"})");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 403) << refused->body;
  refused = move(game, table_key, R"({"move": "Referee awards Ann 500"})");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 403) << refused->body;
  EXPECT_EQ(get("/api/games/" + std::to_string(game))["seq"], seq);  // nothing written
  auto corrected = move(game, referee_key, R"({"move": "Referee takes back"})");
  ASSERT_TRUE(corrected);
  EXPECT_EQ(corrected->status, 200) << corrected->body;
  EXPECT_GT(get("/api/games/" + std::to_string(game))["seq"].get<std::int64_t>(), seq);
  // The keys file holds digests only: neither key in clear.
  const std::string stored = testing::slurp(dir_ / "club.db.keys");
  EXPECT_EQ(stored.find(referee_key), std::string::npos);
  EXPECT_EQ(stored.find(table_key), std::string::npos);
}

// A keys file written before the table's key ({"ID": "<digest>"}) is still read: its key is the
// referee's.
TEST_F(Serve, AKeysFileOfOneKeyAGameIsReadAsTheRefereesKeys) {
  const auto [game, key] = create();
  json doc = json::parse(testing::slurp(dir_ / "club.db.keys"));
  doc["games"][std::to_string(game)] = doc["games"][std::to_string(game)]["referee"];
  std::ofstream(dir_ / "club.db.keys", std::ios::trunc) << doc.dump();
  start("1000");
  auto played = move(game, key, R"({"move": "Referee awards Ann 5"})");
  ASSERT_TRUE(played);
  EXPECT_EQ(played->status, 200) << played->body;
}

TEST_F(Serve, TooManyRequestsFromOneAddressGet429) {
  start("0.01");  // one request, then one each 100 s
  EXPECT_EQ(get("/api/games/1", 404).contains("error"), true);
  auto r = client().Get("/api/games/1");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 429);
}

TEST_F(Serve, ThePageAndABadListen) {
  auto r = client().Get("/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  // The page follows the game on its stream (read with fetch(), so a key can go with it).
  EXPECT_NE(r->body.find("/stream?from="), std::string::npos);
  const auto bad = testing::referee(dir_ / "x.db", "serve --listen nowhere");
  EXPECT_EQ(bad.code, 2);
}

}  // namespace
}  // namespace deedlog
