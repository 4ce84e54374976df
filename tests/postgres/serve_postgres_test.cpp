// Two referee serve processes over one PostgreSQL journal, as a club's servers behind a proxy
// would run (docs/scaling.md): a key made through one opens the game on the other, eight writers
// racing through both lose nothing and duplicate nothing, a watcher on one server sees a move
// written through the other (woken by the journal's NOTIFY), and serve_load's small run on
// both stores records every move. A throw-away server (tests/support/postgres_server.h) runs for
// the program; without one the PostgreSQL cases say they skip.
#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <httplib.h>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/postgres_server.h"
#include "support/serve_process.h"
#include "support/stream_watcher.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::quote;
using testing_pg::Server;
using testing_pg::database_of;

const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new testing_pg::Environment);

// One `referee serve` over db (support/serve_process.h), with what these tests ask of it.
class Serving : public testing::ServeProcess {
 public:
  using ServeProcess::ServeProcess;
  json get(const std::string& path) const {
    auto r = client().Get(path.c_str());
    EXPECT_TRUE(r && r->status == 200) << path;
    return r ? json::parse(r->body) : json();
  }
  // A new game of three; its id and key.
  std::pair<int, std::string> create() const {
    auto r = client().Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben", "Cat"], "seed": 11})",
                           "application/json");
    EXPECT_TRUE(r && r->status == 201);
    if (!r || r->status != 201) return {0, ""};
    const json doc = json::parse(r->body);
    return {doc["game"].get<int>(), doc["key"].get<std::string>()};
  }
  httplib::Result move(httplib::Client& c, int game, const std::string& key, const json& body) const {
    const httplib::Headers headers{{"Authorization", "Bearer " + key}};
    return c.Post(("/api/games/" + std::to_string(game) + "/moves").c_str(), headers, body.dump(), "application/json");
  }
};

TEST(ServeOnPostgres, AKeyMadeThroughOneServerOpensTheGameOnTheOther) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  Serving a(db), b(db);
  ASSERT_GT(a.port(), 0);
  ASSERT_GT(b.port(), 0);
  const auto [game, key] = a.create();
  ASSERT_GT(game, 0);
  httplib::Client cb = b.client();
  auto r = b.move(cb, game, std::string(64, '0'), json{{"move", "Ann rolls"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 401);
  r = b.move(cb, game, key, json{{"move", "Ann rolls"}});
  EXPECT_EQ(r->status, 200) << r->body;
  // And the other way: a game made through B, played through A.
  const auto [other, other_key] = b.create();
  httplib::Client ca = a.client();
  EXPECT_EQ(a.move(ca, other, key, json{{"move", "Ann rolls"}})->status, 401);
  EXPECT_EQ(a.move(ca, other, other_key, json{{"move", "Ann rolls"}})->status, 200);
  // Only digests are kept, in the database beside the journal.
  const std::string name = database_of(db);
  EXPECT_EQ(Server::get().query_value(name, "SELECT count(*) FROM deedlog_serve_keys"), "2");
  EXPECT_EQ(Server::get().query_value(name, "SELECT count(*) FROM deedlog_serve_keys WHERE key_sha256 = '" + key + "'"),
            "0");
}

// The table's key, made through A, plays through B but cannot make the referee's moves there:
// the role is kept with the digests in the database, not in the server that made it.
TEST(ServeOnPostgres, TheTablesKeyIsATablesKeyOnEveryServer) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  Serving a(db), b(db);
  httplib::Client ca = a.client();
  auto r = ca.Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 3})", "application/json");
  ASSERT_TRUE(r && r->status == 201);
  const json made = json::parse(r->body);
  const int game = made["game"].get<int>();
  httplib::Client cb = b.client();
  EXPECT_EQ(b.move(cb, game, made["table_key"], json{{"move", "Ann rolls"}})->status, 200);
  EXPECT_EQ(b.move(cb, game, made["table_key"], json{{"move", "Referee takes back"}})->status, 403);
  EXPECT_EQ(b.move(cb, game, made["key"], json{{"move", "Referee takes back"}})->status, 200);
}

// Rounds of eight writers, four through each server, each proposing one of the legal moves for
// the same event (the same expect_seq) at the same moment: one wins each round, seven get 409,
// and the journal afterwards holds exactly the winners' moves, in order, on a chain that verifies.
TEST(ServeOnPostgres, EightWritersThroughTwoServersLoseNothingAndDuplicateNothing) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  Serving a(db), b(db);
  const auto [game, key] = a.create();
  ASSERT_GT(game, 0);
  const std::string path = "/api/games/" + std::to_string(game);
  const std::int64_t opening = a.get(path)["seq"];

  constexpr int kWriters = 8;
  constexpr int kRounds = 12;
  std::vector<httplib::Client> clients;
  for (int i = 0; i < kWriters; ++i) clients.push_back(i % 2 == 0 ? a.client() : b.client());
  std::vector<std::string> winners;            // the winning move of each round
  std::vector<std::int64_t> accepted_seqs;     // the seqs of the events the winners' answers gave
  int losers = 0;
  for (int round = 0; round < kRounds; ++round) {
    const std::int64_t seq = a.get(path)["seq"];
    const json moves = b.get(path + "/moves")["moves"];
    ASSERT_FALSE(moves.empty());
    std::vector<int> codes(kWriters, 0);
    std::vector<std::string> bodies(kWriters);
    std::mutex m;
    std::condition_variable cv;
    bool go = false;
    std::vector<std::thread> writers;
    for (int i = 0; i < kWriters; ++i)
      // game and key copied in: clang before 16 cannot capture a structured binding.
      writers.emplace_back([&, i, the_game = game, the_key = key] {
        const json body{{"move", moves[static_cast<std::size_t>(i) % moves.size()]}, {"expect_seq", seq}};
        {
          std::unique_lock<std::mutex> lock(m);
          cv.wait(lock, [&] { return go; });
        }
        auto r = (i % 2 == 0 ? a : b).move(clients[static_cast<std::size_t>(i)], the_game, the_key, body);
        codes[static_cast<std::size_t>(i)] = r ? r->status : -1;
        if (r) bodies[static_cast<std::size_t>(i)] = r->body;
      });
    {
      std::lock_guard<std::mutex> lock(m);
      go = true;
    }
    cv.notify_all();
    for (std::thread& t : writers) t.join();
    ASSERT_EQ(std::count(codes.begin(), codes.end(), 200), 1) << "round " << round;
    for (int i = 0; i < kWriters; ++i) {
      if (codes[static_cast<std::size_t>(i)] == 200) {
        winners.push_back(moves[static_cast<std::size_t>(i) % moves.size()]);
        const json answer = json::parse(bodies[static_cast<std::size_t>(i)]);
        for (const json& e : answer["events"]) accepted_seqs.push_back(e["seq"]);
      } else {
        EXPECT_EQ(codes[static_cast<std::size_t>(i)], 409) << bodies[static_cast<std::size_t>(i)];
        EXPECT_EQ(json::parse(bodies[static_cast<std::size_t>(i)])["conflict"], true);
        ++losers;
      }
    }
  }
  EXPECT_EQ(losers, kRounds * (kWriters - 1));

  // The journal, read through the other server: seq 1, 2, 3, ... with no gap; after the opening,
  // exactly the winners' events, each once, and one MovePlayed per winning move, in order.
  const json events = b.get(path + "/events")["events"];
  std::vector<std::int64_t> after_opening;
  std::vector<std::string> played;
  for (std::size_t i = 0; i < events.size(); ++i) {
    EXPECT_EQ(events[i]["seq"], static_cast<std::int64_t>(i) + 1);
    if (events[i]["seq"].get<std::int64_t>() > opening) after_opening.push_back(events[i]["seq"]);
    if (events[i]["type"] == "MovePlayed") played.push_back(events[i]["text"]);
  }
  EXPECT_EQ(after_opening, accepted_seqs);
  EXPECT_EQ(played, winners);
  const auto verified = testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " verify");
  EXPECT_EQ(verified.code, 0) << verified.out << verified.err;
}

// A watcher on server B, a move made through server A: the watcher is sent the move's events.
// (B learns of the move from the journal's notification; its slow poll would find it too, later:
// no time is asserted, only what arrives.)
TEST(ServeOnPostgres, AWatcherOnOneServerSeesAMoveMadeThroughTheOther) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  Serving a(db), b(db);
  const auto [game, key] = a.create();
  ASSERT_GT(game, 0);
  testing::StreamWatcher watcher(b.port(), game);
  httplib::Client ca = a.client();
  auto r = a.move(ca, game, key, json{{"move", "Ann rolls"}});
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const json played = json::parse(r->body);
  const std::string data = watcher.first_event();  // bounded by the client's read timeout
  ASSERT_FALSE(data.empty()) << watcher.received();
  const json event = json::parse(data);
  EXPECT_EQ(event["type"], "MovePlayed");
  EXPECT_EQ(event["seq"], played["events"][0]["seq"]);
  EXPECT_EQ(event["text"], "Ann rolls");
}

// The journal's hook itself: an append by the command line is announced on the channel, with
// its game's id, to a connection that listens (as each server's does).
TEST(ServeOnPostgres, AnAppendIsAnnouncedWithItsGame) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  ASSERT_EQ(testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " new --ruleset uk-1972 --players " + quote("Ann, Ben")).code, 0);
  PGconn* listener = PQconnectdb(db.c_str());
  ASSERT_EQ(PQstatus(listener), CONNECTION_OK);
  PQclear(PQexec(listener, "LISTEN deedlog_events"));
  ASSERT_EQ(testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " play " + quote("Ann rolls 3 4")).code, 0);
  std::string payload;
  for (int tries = 0; tries < 120 && payload.empty(); ++tries) {  // up to a minute: a generous bound, not a timing
    pollfd p{PQsocket(listener), POLLIN, 0};
    ::poll(&p, 1, 500);
    PQconsumeInput(listener);
    if (PGnotify* n = PQnotifies(listener)) {
      payload = n->extra;
      PQfreemem(n);
    }
  }
  PQfinish(listener);
  EXPECT_EQ(payload, "1");
}

// serve_load, small: ten games of ten moves each at once, on each store; no errors, and the
// journal holds every move (the chain verifies).
void small_load(const std::string& db) {
  const auto r = testing::run(deedlog::testing::serve_load_program(), "--referee " + quote(deedlog::testing::referee_program()) + " --db " + quote(db) +
                                                      " --games 10 --moves-per-game 10 --threads 4");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const json figures = json::parse(r.out);
  EXPECT_EQ(figures["errors"], 0);
  EXPECT_EQ(figures["games"], 10);
  EXPECT_EQ(figures["moves"], 100);
  EXPECT_EQ(figures["recorded"], 100);
  const auto verified = testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " verify");
  EXPECT_EQ(verified.code, 0) << verified.out << verified.err;
}

TEST(ServeLoad, SmallRunOnSqlite) {
  const auto dir = testing::temp_dir("serve-load");
  small_load((dir / "club.db").string());
  std::filesystem::remove_all(dir);
}

TEST(ServeLoad, SmallRunOnPostgres) {
  DEEDLOG_REQUIRE_POSTGRES();
  small_load(Server::get().new_database());
}

}  // namespace
}  // namespace deedlog
