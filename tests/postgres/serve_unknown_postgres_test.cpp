// A move whose COMMIT is cut off (docs/serve.md, "Unknown outcomes"), made to happen every time:
// the throw-away server is told to wait at every commit for a synchronous standby that does not
// exist, so the move's COMMIT is written locally and then waits; the backend is then terminated,
// which ends the connection with the commit made but unanswered. referee serve must answer 504
// outcome_unknown with the seq the move was decided at (not 500 "failed"); reading the game
// shows it kept, and a retry with the same expect_seq is refused 409 and writes nothing.
#include <libpq-fe.h>

#include <chrono>
#include <future>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <httplib.h>

#include "support/cli.h"
#include "support/postgres_server.h"
#include "support/serve_process.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing_pg::Server;
using testing_pg::database_of;

const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new testing_pg::Environment);

// A new database of the throw-away server and `referee serve` over it. Its clients wait two
// minutes for an answer: a move's commit is held here for a standby that never comes.
struct Served {
  std::string db = Server::get().new_database();
  std::string name = database_of(db);
  testing::ServeProcess serve{db};
  httplib::Client client() const {
    httplib::Client c = serve.client();
    c.set_read_timeout(120, 0);
    return c;
  }
};

// Every commit from now on waits for the synchronous standby named (none for ""); the server's
// error ("" when it took it).
std::string wait_for_standby(const std::string& name) {
  const std::string set = Server::get().run_sql("postgres", "ALTER SYSTEM SET synchronous_standby_names = '" + name + "'");
  return set.empty() ? Server::get().run_sql("postgres", "SELECT pg_reload_conf()") : set;
}

TEST(ServeOnPostgres, ACommitCutOffIsAnUnknownOutcomeNotAFailure) {
  DEEDLOG_REQUIRE_POSTGRES();
  const Served served;
  const std::string& name = served.name;
  ASSERT_GT(served.serve.port(), 0);
  httplib::Client c = served.client();
  auto made = c.Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 4})", "application/json");
  ASSERT_TRUE(made && made->status == 201);
  const json game = json::parse(made->body);
  const std::string path = "/api/games/" + std::to_string(game["game"].get<int>());
  const std::int64_t seq = json::parse(c.Get(path.c_str())->body)["seq"];

  // Every commit now waits for a standby named "ghost", which never comes.
  ASSERT_EQ(wait_for_standby("ghost"), "");
  const json body{{"move", "Ann rolls"}, {"expect_seq", seq}};
  const httplib::Headers headers{{"Authorization", "Bearer " + game["key"].get<std::string>()}};
  auto answer = std::async(std::launch::async, [&] {
    httplib::Client mover = served.client();
    return mover.Post((path + "/moves").c_str(), headers, body.dump(), "application/json");
  });
  // The move's backend waiting at its commit, terminated: a minute at most to find it.
  std::string terminated;
  for (int i = 0; i < 600 && terminated != "1"; ++i) {
    terminated = Server::get().query_value(
        name, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE wait_event = 'SyncRep' AND datname = '" +
                  name + "'");
    if (terminated != "1") std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(terminated, "1");
  const httplib::Result r = answer.get();
  ASSERT_EQ(wait_for_standby(""), "");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 504) << r->body;
  const json unknown = json::parse(r->body);
  EXPECT_EQ(unknown["outcome_unknown"], true);
  EXPECT_EQ(unknown["expect_seq"], seq);
  EXPECT_EQ(unknown["game"], game["game"]);
  EXPECT_EQ(r->body.find(name), std::string::npos) << "the URI is the server's business: " << r->body;

  // As the docs advise: read the game. It moved on (the commit was made locally before the cut).
  EXPECT_GT(json::parse(c.Get(path.c_str())->body)["seq"].get<std::int64_t>(), seq);
  auto again = c.Post((path + "/moves").c_str(), headers, body.dump(), "application/json");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 409) << again->body;
  const json events = json::parse(c.Get((path + "/events").c_str())->body)["events"];
  int played = 0;
  for (const json& e : events) played += e["type"] == "MovePlayed" ? 1 : 0;
  EXPECT_EQ(played, 1);
}

// Two games' moves at once, each commit held waiting for the (absent) standby: both reach that
// wait side by side. Before, a move notified inside its transaction, and the second commit
// waited on PostgreSQL's notification-queue lock (wait event "object") held by the first for as
// long as the first waited for the standby: all games' commits went one at a time
// (docs/scaling.md, "A standby and a failover").
TEST(ServeOnPostgres, CommitsOfTwoGamesWaitForTheStandbySideBySide) {
  DEEDLOG_REQUIRE_POSTGRES();
  const Served served;
  const std::string& name = served.name;
  ASSERT_GT(served.serve.port(), 0);
  httplib::Client c = served.client();
  std::vector<json> games;
  for (int i = 0; i < 2; ++i) {
    auto made = c.Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 4})", "application/json");
    ASSERT_TRUE(made && made->status == 201);
    games.push_back(json::parse(made->body));
  }
  ASSERT_EQ(wait_for_standby("ghost"), "");
  std::vector<std::future<httplib::Result>> answers;
  for (const json& g : games) {
    answers.push_back(std::async(std::launch::async, [&served, g] {
      httplib::Client mover = served.client();
      return mover.Post(("/api/games/" + std::to_string(g["game"].get<int>()) + "/moves").c_str(),
                        httplib::Headers{{"Authorization", "Bearer " + g["key"].get<std::string>()}},
                        R"({"move": "Ann rolls"})", "application/json");
    }));
  }
  // Both commits waiting for the standby at once: a minute at most to see it.
  const std::string waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep' AND datname = '" + name + "'";
  std::string both;
  for (int i = 0; i < 600 && both != "2"; ++i) {
    both = Server::get().query_value(name, waiting);
    if (both != "2") std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(both, "2") << "waiting on a lock instead: "
                       << Server::get().query_value(name, "SELECT string_agg(wait_event_type || '/' || wait_event, ', ') "
                                                          "FROM pg_stat_activity WHERE datname = '" + name + "'");
  // Let them go: the standby is no longer awaited (the waits end, the commits are answered).
  ASSERT_EQ(wait_for_standby(""), "");
  for (auto& a : answers) {
    const httplib::Result r = a.get();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << r->body;
  }
}

}  // namespace
}  // namespace deedlog
