// The whole event of tests/tournament/tournament_event_test.cpp through the server (docs/serve.md,
// "Tournaments"): 16 players over 3 duplicate rounds of 4 tables of 4. The rounds are seated by
// the command line (the server seats nothing); every game is played through the HTTP API with its
// table's key, each move chosen from the legal moves the API lists; time is called and the appeal
// ruled with the Head Judge's key; a table of a round in play is hidden from a watcher and from the
// other tables until time is called, then shown; the seed revealed is the one committed; the
// server's standings are the command's and the hand's sum of each game's value.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/api_table.h"
#include "support/cli.h"
#include "support/serve_process.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using json = nlohmann::json;
using testing::Event;
using testing::json_of;
using testing::quote;
using testing::referee;

const char* const kSixteen = "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lee, Max, Ned, Oli, Pam";

std::string str(std::int64_t n) { return std::to_string(n); }

class TournamentEventServe : public ::testing::Test {
 protected:
  static httplib::Headers with_key(const std::string& key) {
    httplib::Headers h;
    if (!key.empty()) h.emplace("Authorization", "Bearer " + key);
    return h;
  }

  // The status of a GET with key (none: ""), its body in *body.
  int get(const std::string& path, const std::string& key, json* body = nullptr) {
    auto r = server_->client().Get(path.c_str(), with_key(key));
    EXPECT_TRUE(r) << path;
    if (!r) return 0;
    if (body) *body = json::parse(r->body, nullptr, false);
    return r->status;
  }

  int post(const std::string& path, const std::string& key, const json& doc, json* body = nullptr) {
    auto r = server_->client().Post(path.c_str(), with_key(key), doc.dump(), "application/json");
    EXPECT_TRUE(r) << path;
    if (!r) return 0;
    if (body) *body = json::parse(r->body, nullptr, false);
    return r->status;
  }

  // One move of a table, chosen from the moves the API lists (support/api_table.h).
  bool play_one(std::int64_t game, const std::string& key) {
    httplib::Client c = server_->client();
    return testing::play_one_through_api(c, game, key);
  }

  void SetUp() override {
    event_ = std::make_unique<Event>("tournament-event-serve", kSixteen, 3, 4, "--duplicate");
    server_ = std::make_unique<testing::ServeProcess>(event_->db.string());
    ASSERT_NE(server_->port(), 0);
  }
  void TearDown() override {
    server_.reset();  // before the journal's folder goes with the event
    event_.reset();
  }

  std::unique_ptr<Event> event_;
  std::unique_ptr<testing::ServeProcess> server_;
};

TEST_F(TournamentEventServe, SixteenPlayersThreeDuplicateRoundsPlayedThroughTheApi) {
  const Event& ev = *event_;
  const std::string tournament = "/api/tournaments/" + str(ev.id);
  std::set<std::pair<std::string, std::string>> met;
  std::vector<std::int64_t> all_games;
  std::int64_t appealed_game = 0;
  std::string appealed_player;

  for (int round = 1; round <= 3; ++round) {
    SCOPED_TRACE("round " + str(round));
    const json seat = json_of(ev.judge("--json tournament seat --round " + str(round)));
    ASSERT_EQ(seat["tables"].size(), 4u);
    EXPECT_EQ(seat["repeat_meetings"], 0);
    for (const json& t : seat["tables"]) {
      ASSERT_EQ(t["players"].size(), 4u);
      for (std::size_t a = 0; a < 4; ++a)
        for (std::size_t b = a + 1; b < 4; ++b)
          EXPECT_TRUE(met.insert(std::minmax(t["players"][a].get<std::string>(), t["players"][b].get<std::string>())).second);
    }
    const std::string commitment = seat["commitment"];
    const auto& tables = seat["tables"];

    // Nobody types a sealed game's dice, through the API either: the referee throws them.
    {
      json refused;
      const std::string who = tables[0]["players"][0];
      EXPECT_EQ(post("/api/games/" + str(tables[0]["game"].get<std::int64_t>()) + "/moves", tables[0]["key"].get<std::string>(),
                     json{{"move", who + " rolls 3 4"}}, &refused),
                422);
      EXPECT_EQ(refused["violation"]["rule"], "uk-1972/referee/sealed-dice") << refused;
    }
    // Every table plays through the API with its own key, each at its own pace.
    for (const json& t : tables) {
      const std::int64_t game = t["game"].get<std::int64_t>();
      all_games.push_back(game);
      for (int i = 0; i < 10 + 4 * t["table"].get<int>(); ++i) ASSERT_TRUE(play_one(game, t["key"].get<std::string>()));
    }

    // While the round is in play a table is hidden from a watcher and from the other tables; its
    // own key and the Head Judge's read it. The view names no leader to a watcher.
    const std::string g1 = "/api/games/" + str(tables[0]["game"].get<std::int64_t>());
    EXPECT_EQ(get(g1 + "/events", ""), 401);
    EXPECT_EQ(get(g1 + "/value", ""), 401);
    EXPECT_EQ(get(g1, tables[1]["key"].get<std::string>()), 403);
    EXPECT_EQ(get(g1 + "/moves", tables[2]["key"].get<std::string>()), 403);
    EXPECT_EQ(get(g1 + "/events", tables[0]["key"].get<std::string>()), 200);
    EXPECT_EQ(get(g1 + "/events", ev.key), 200);
    json view;
    ASSERT_EQ(get(tournament, "", &view), 200);
    ASSERT_EQ(view["tables"].size(), static_cast<std::size_t>(round));
    const json& open_round = view["tables"][round - 1];
    EXPECT_EQ(open_round["commitment"], commitment);
    EXPECT_FALSE(open_round["ended"].get<bool>());
    for (const json& t : open_round["tables"]) {
      EXPECT_TRUE(t.value("hidden", false)) << t;
      EXPECT_FALSE(t.contains("leader")) << t;
      EXPECT_FALSE(t.contains("net_worth")) << t;
      EXPECT_FALSE(t.contains("seq")) << t;
    }
    ASSERT_EQ(get(tournament, ev.key, &view), 200);
    for (const json& t : view["tables"][round - 1]["tables"]) EXPECT_TRUE(t.contains("leader")) << t;
    // The judge's page shows the round's commitment before the round ends, as seat printed it.
    {
      auto page = server_->client().Get(("/tournaments/" + str(ev.id)).c_str());
      ASSERT_TRUE(page);
      EXPECT_EQ(page->status, 200);
      EXPECT_NE(page->body.find("<code>" + commitment + "</code>"), std::string::npos) << page->body;
    }
    EXPECT_EQ(view["rounds"], round - 1);  // the round counts when its time is called
    // The seed is nobody's before time is called, the Head Judge's key or not: 409 and the rule.
    const std::string reveal = tournament + "/rounds/" + str(round) + "/reveal";
    json early;
    EXPECT_EQ(get(reveal, ev.key, &early), 409);
    EXPECT_EQ(early["violation"]["rule"], "tournament/reveal-after-time") << early;
    EXPECT_FALSE(early.contains("seed")) << early;

    // Time called with the Head Judge's key (a table's key may not); each game completes its move
    // through the API, then is shown to anyone.
    const std::string call = tournament + "/rounds/" + str(round) + "/call-time";
    EXPECT_EQ(post(call, tables[0]["key"].get<std::string>(), json::object()), 403);
    json called;
    ASSERT_EQ(post(call, ev.key, json::object(), &called), 200) << called;
    ASSERT_EQ(called["games"].size(), 4u);
    for (const json& t : tables) {
      const std::int64_t game = t["game"].get<std::int64_t>();
      for (int i = 0; i < 50 && play_one(game, t["key"].get<std::string>()); ++i) {
      }
      json status;
      ASSERT_EQ(get("/api/games/" + str(game), "", &status), 200);
      EXPECT_TRUE(status["over"].get<bool>()) << status;
      // The value the server gives is the command's.
      json value;
      ASSERT_EQ(get("/api/games/" + str(game) + "/value", "", &value), 200);
      EXPECT_TRUE(value["final"].get<bool>());
      EXPECT_EQ(value, json_of(referee(ev.db, "--game " + str(game) + " --json value")));
    }
    // The judge's view once time is called: every table shown, time called, its clock stopped,
    // each player's net worth value's, the leader value's highest.
    ASSERT_EQ(get(tournament, "", &view), 200);
    EXPECT_TRUE(view["tables"][round - 1]["ended"].get<bool>());
    EXPECT_TRUE(view["tables"][round - 1]["time_called"].get<bool>());
    for (const json& t : view["tables"][round - 1]["tables"]) {
      EXPECT_FALSE(t.value("hidden", false)) << t;
      EXPECT_TRUE(t["time_called"].get<bool>()) << t;
      EXPECT_TRUE(t["over"].get<bool>()) << t;
      EXPECT_TRUE(t["seconds_left"].is_null()) << t;
      json value;
      ASSERT_EQ(get("/api/games/" + str(t["game"].get<std::int64_t>()) + "/value", "", &value), 200);
      long long best = -1;
      for (const json& p : value["players"]) {
        EXPECT_EQ(t["net_worth"][p["name"].get<std::string>()], p["total"]) << t;
        best = std::max(best, p["total"].get<long long>());
      }
      for (const json& p : value["players"])
        if (p["name"] == t["leader"]) {
          EXPECT_EQ(p["total"].get<long long>(), best) << t;
        }
    }

    // The seed revealed is the one committed; every table's dice check against it and the k-th
    // throw is the same at every table.
    json revealed;
    ASSERT_EQ(get(reveal, "", &revealed), 200) << revealed;  // everyone's now: no key asked
    EXPECT_EQ(revealed, json_of(referee(ev.db, "--json tournament reveal --round " + str(round))));
    EXPECT_EQ(revealed["round"], round);
    EXPECT_EQ(revealed["commitment"], commitment);
    const std::string seed = revealed["seed"];
    EXPECT_EQ(testing::sha256_hex(seed), commitment);
    std::vector<testing::SeatThrows> throws;
    for (const json& t : tables) {
      const std::int64_t game = t["game"].get<std::int64_t>();
      EXPECT_EQ(referee(ev.db, "--game " + str(game) + " verify --seed " + quote(seed)).code, 0);
      json events;
      ASSERT_EQ(get("/api/games/" + str(game) + "/events", "", &events), 200);
      throws.push_back(testing::throws_by_seat_in(events));
    }
    EXPECT_GE(testing::expect_same_throws_by_seat(throws), 3u);

    if (round == 2) {
      // The appeal, upheld through the API: the last at table 2 was not paid.
      appealed_game = tables[1]["game"].get<std::int64_t>();
      json value;
      ASSERT_EQ(get("/api/games/" + str(appealed_game) + "/value", "", &value), 200);
      long long lowest = 0;
      for (const json& p : value["players"])  // the lowest still in (an award to a bankrupt player is refused)
        if (p["in_game"].get<bool>() && (appealed_player.empty() || p["total"].get<long long>() < lowest))
          appealed_player = p["name"].get<std::string>(), lowest = p["total"].get<long long>();
      const json appeal{{"game", appealed_game},
                        {"claim", appealed_player + " was not paid"},
                        {"upheld", true},
                        {"correction", "Referee awards " + appealed_player + " 5000 for \"a payment the table missed\""}};
      EXPECT_EQ(post(tournament + "/appeals", tables[1]["key"].get<std::string>(), appeal), 403);
      json ruled;
      ASSERT_EQ(post(tournament + "/appeals", ev.key, appeal, &ruled), 201) << ruled;
      EXPECT_TRUE(ruled["upheld"].get<bool>());
      EXPECT_EQ(ruled["appeal"], 1);
      json status;
      ASSERT_EQ(get("/api/games/" + str(appealed_game), "", &status), 200);
      EXPECT_EQ(ruled["head"], status["head"]);
      // The correction is the game's last move, its line naming the appeal.
      json events;
      ASSERT_EQ(get("/api/games/" + str(appealed_game) + "/events?from=" + str(ruled["game_seq"].get<std::int64_t>()), "", &events),
                200);
      ASSERT_FALSE(events["events"].empty());
      EXPECT_EQ(events["events"][0]["type"], "MovePlayed");
      EXPECT_NE(events["events"][0]["text"].get<std::string>().find("# appeal 1 upheld by the Head Judge"), std::string::npos)
          << events["events"][0];
      ASSERT_EQ(get("/api/games/" + str(appealed_game) + "/value", "", &value), 200);
      for (const json& p : value["players"])
        if (p["name"] == appealed_player) {
          EXPECT_EQ(p["total"].get<long long>(), lowest + 5000);
        }
    }
  }
  EXPECT_EQ(met.size(), 3u * 4u * 6u);
  ASSERT_NE(appealed_game, 0);

  // The standings: the server's are the command's, and the hand's sum of each game's value.
  testing::HandStandings hand;
  for (std::int64_t game : all_games) {
    json value;
    ASSERT_EQ(get("/api/games/" + str(game) + "/value", "", &value), 200);
    hand.add(value);
  }
  json view;
  ASSERT_EQ(get(tournament, "", &view), 200);
  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  EXPECT_EQ(standings["rounds"], 3);
  for (const char* field : {"tournament", "name", "rounds", "standings"}) EXPECT_EQ(view[field], standings[field]) << field;
  hand.check(view["standings"]);
  // The log: the appeal upheld, time called in every round; the server's is the command's.
  json log;
  ASSERT_EQ(get(tournament + "/log", "", &log), 200);
  EXPECT_EQ(log, json_of(referee(ev.db, "--json tournament log")));
  ASSERT_EQ(log["appeals"].size(), 1u);
  EXPECT_EQ(log["appeals"][0]["outcome"], "upheld");
  EXPECT_EQ(log["appeals"][0]["game"], appealed_game);
  for (const json& r : log["rounds"]) EXPECT_TRUE(r["time_called"].get<bool>()) << r;
  // The judge's page links every table's game.
  auto page = server_->client().Get(("/tournaments/" + str(ev.id)).c_str());
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  for (std::int64_t game : all_games)
    EXPECT_NE(page->body.find("href=\"/?game=" + str(game) + "\""), std::string::npos) << game;
}

}  // namespace
}  // namespace deedlog
