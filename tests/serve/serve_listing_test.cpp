// GET /api/games (the club's games, a page at a time, never a key) and GET /api/games/ID/value
// (the document `referee value --json` gives) on an SQLite journal and on PostgreSQL: a short
// game typed as a table records it, time called and the game over, beside games in play.
#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/serve_process.h"
#if DEEDLOG_WITH_POSTGRES  // a server may be built without PostgreSQL journals
#include "support/postgres_server.h"
#endif

namespace deedlog {
namespace {

using nlohmann::json;
using testing::quote;

#if DEEDLOG_WITH_POSTGRES
const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new testing_pg::Environment);
#endif

// The short game of samples/uk-1972/short-game-time-called.game without its refused last line:
// time called, Ann's move completed, the game over and Ben the richest.
constexpr const char* kShortGame = R"(# A short game, time called (uk-1972)
[Ruleset "uk-1972"]
[Players "Ann, Ben, Cat"]
[Variant "short-game"]
[Moves]
Referee deals Ann: "Pall Mall", Whitehall
Referee deals Ben: Strand, "Bond Street"
Referee deals Cat: "Water Works", "Marlborough Street"
Ann rolls 3 3          # The Angel, Islington
Referee calls time
Ann declines           # her move is completed: the auction
Ben bids 80
Cat passes
Ann passes             # to Ben for £80
)";

class Serving : public testing::ServeProcess {
 public:
  using ServeProcess::ServeProcess;
  // The answer's code and its body, parsed.
  std::pair<int, json> get(const std::string& path) const {
    auto r = client().Get(path.c_str());
    EXPECT_TRUE(r) << path;
    if (!r) return {0, json()};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  std::string raw(const std::string& path) const {
    auto r = client().Get(path.c_str());
    return r ? r->body : "";
  }
};

std::vector<int> ids(const json& listing) {
  std::vector<int> out;
  for (const json& g : listing["games"]) out.push_back(g["game"]);
  return out;
}

// The same checks on either store: db is a file or a PostgreSQL URI.
void lists_games_and_values(const std::string& db, const std::filesystem::path& dir) {
  const std::filesystem::path file = dir / "short.game";
  std::ofstream(file) << kShortGame;
  const auto imported = testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " import " + quote(file.string()));
  ASSERT_EQ(imported.code, 0) << imported.out << imported.err;
  ASSERT_EQ(testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " new --ruleset us-standard --players 'Dee, Eve'").code, 0);
  Serving server(db);
  ASSERT_GT(server.port(), 0);
  auto made = server.client().Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Fay", "Gus", "Hal"]})",
                                   "application/json");
  ASSERT_TRUE(made && made->status == 201);
  const json keys = json::parse(made->body);

  // Every game, in order of id, with what it is.
  const auto [code, all] = server.get("/api/games");
  ASSERT_EQ(code, 200) << all;
  ASSERT_EQ(ids(all), (std::vector<int>{1, 2, 3})) << all;
  EXPECT_FALSE(all.contains("next"));
  const json& over = all["games"][0];
  EXPECT_EQ(over["ruleset"], "uk-1972");
  EXPECT_EQ(over["players"], json::array({"Ann", "Ben", "Cat"}));
  EXPECT_EQ(over["moves"], 9);
  EXPECT_EQ(over["state"], "over");
  EXPECT_EQ(over["winner"], "Ben");
  for (int i : {1, 2}) {
    EXPECT_EQ(all["games"][i]["state"], "in-play");
    EXPECT_FALSE(all["games"][i].contains("winner"));
    EXPECT_EQ(all["games"][i]["moves"], 0);
  }
  EXPECT_EQ(all["games"][1]["ruleset"], "us-standard");
  // Never a key: neither of the new game's keys, nor any field named so.
  const std::string body = server.raw("/api/games");
  EXPECT_EQ(body.find(keys["key"].get<std::string>()), std::string::npos);
  EXPECT_EQ(body.find(keys["table_key"].get<std::string>()), std::string::npos);
  EXPECT_EQ(body.find("key"), std::string::npos);

  // By state.
  EXPECT_EQ(ids(server.get("/api/games?state=over").second), std::vector<int>{1});
  EXPECT_EQ(ids(server.get("/api/games?state=in-play").second), (std::vector<int>{2, 3}));

  // A page at a time: `next` says where the next page starts, and the last page has none.
  std::vector<int> paged;
  std::string path = "/api/games?limit=2";
  for (int pages = 0; pages < 5; ++pages) {
    const auto [c, page] = server.get(path);
    ASSERT_EQ(c, 200) << path;
    EXPECT_LE(page["games"].size(), 2u);
    for (int id : ids(page)) paged.push_back(id);
    if (!page.contains("next")) break;
    path = "/api/games?limit=2&after=" + page["next"].dump();
  }
  EXPECT_EQ(paged, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(ids(server.get("/api/games?after=3").second), std::vector<int>{});
  EXPECT_EQ(ids(server.get("/api/games?state=in-play&limit=1&after=2").second), std::vector<int>{3});

  // What is not a page: 400, with words.
  for (const char* bad : {"?limit=0", "?limit=1001", "?limit=x", "?after=-1", "?after=1.5", "?state=won"}) {
    const auto [c, doc] = server.get(std::string("/api/games") + bad);
    EXPECT_EQ(c, 400) << bad;
    EXPECT_TRUE(doc.contains("error")) << bad;
  }

  // The valuation: the very document referee value --json gives, for a game over and one in play.
  for (int game : {1, 2, 3}) {
    const auto cli = testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " --game " + std::to_string(game) + " --json value");
    ASSERT_EQ(cli.code, 0) << cli.err;
    const auto [c, doc] = server.get("/api/games/" + std::to_string(game) + "/value");
    EXPECT_EQ(c, 200);
    EXPECT_EQ(doc, json::parse(cli.out)) << game;
  }
  EXPECT_EQ(server.get("/api/games/1/value").second["winner"], "Ben");
  EXPECT_EQ(server.get("/api/games/99/value").first, 404);
  // A path number past any id (more digits than an int64 holds) is no game either, on every
  // route that reads one (serve/serve_reply.h), never a 500.
  for (const char* far : {"/api/games/0/value", "/api/games/99999999999999999999/value",
                           "/api/games/99999999999999999999", "/api/games/99999999999999999999/events"})
    EXPECT_EQ(server.get(far).first, 404) << far;
}

TEST(ServeListing, OnSQLite) {
  const std::filesystem::path dir = testing::temp_dir("serve-listing");
  lists_games_and_values((dir / "club.db").string(), dir);
  std::filesystem::remove_all(dir);
}

#if DEEDLOG_WITH_POSTGRES
TEST(ServeListing, OnPostgres) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::filesystem::path dir = testing::temp_dir("serve-listing-pg");
  lists_games_and_values(testing_pg::Server::get().new_database(), dir);
  std::filesystem::remove_all(dir);
}
#endif

}  // namespace
}  // namespace deedlog
