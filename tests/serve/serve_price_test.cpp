// POST /api/games/ID/price (docs/trade-price.md, "On the server") against a real `referee serve`:
// the document `referee analyse --trade --json` gives at the game's head, with the table's key or
// the referee's; 401 without a key; unknown fields and a missing offer refused (400), as every
// POST route refuses them; an offer the rules refuse is 422 with the rule; a tournament's table
// is refused (403), whatever key; `referee table --server` answers `:price` through it. The
// queue's own rule (one at a time, four waiting, the next told 429) is checked on the queue.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/build_paths.h"
#include "commands/one_at_a_time.h"
#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/serve_process.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::PipeProcess;
using testing::quote;

constexpr int kPriceGames = 40;

class ServePrice : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::temp_dir("serve-price-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    db_ = dir_ / "club.db";
    server_ = std::make_unique<testing::ServeProcess>(
        db_.string(), std::vector<std::string>{"--rate", "100000", "--price-games", std::to_string(kPriceGames)});
    port_ = server_->port();
    ASSERT_GT(port_, 0);
  }
  void TearDown() override {
    server_.reset();  // SIGTERM; its exit code must be 0 (support/serve_process.h)
    std::filesystem::remove_all(dir_);
  }

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    return c;
  }
  static httplib::Headers with_key(const std::string& key) {
    httplib::Headers h;
    if (!key.empty()) h.emplace("Authorization", "Bearer " + key);
    return h;
  }
  int post(const std::string& path, const std::string& key, const std::string& body, json* answer = nullptr) {
    auto r = client().Post(path.c_str(), with_key(key), body, "application/json");
    EXPECT_TRUE(r) << path;
    if (!r) return 0;
    if (answer) *answer = json::parse(r->body, nullptr, false);
    return r->status;
  }

  // A game made through the server (so it has keys), Fay having bought Whitechapel Road.
  void new_game() {
    json made;
    ASSERT_EQ(post("/api/games", "", R"({"ruleset": "uk-1972", "players": ["Fay", "Gus"]})", &made), 201);
    game_ = made["game"].get<int>();
    key_ = made["key"].get<std::string>();
    table_key_ = made["table_key"].get<std::string>();
    for (const char* move : {"Fay rolls 1 2", "Fay buys"})
      ASSERT_EQ(post(path("/moves"), table_key_, json{{"move", move}}.dump()), 200) << move;
  }
  std::string path(const std::string& tail) const { return "/api/games/" + std::to_string(game_) + tail; }

  std::filesystem::path dir_, db_;
  std::unique_ptr<testing::ServeProcess> server_;
  int port_ = 0;
  int game_ = 0;
  std::string key_, table_key_;
};

const char* const kOffer = "Fay offers Gus: \"Whitechapel Road\" for 100";

TEST_F(ServePrice, AnswersAsTheCommandLineDoes) {
  new_game();
  json answer;
  ASSERT_EQ(post(path("/price"), table_key_, json{{"offer", kOffer}}.dump(), &answer), 200) << answer;
  const auto cli = testing::referee(db_, "--game " + std::to_string(game_) + " --json analyse --trade " + quote(kOffer) +
                                             " --games " + std::to_string(kPriceGames));
  ASSERT_EQ(cli.code, 0) << cli.err;
  json expected = json::parse(cli.out);
  expected.erase("seconds");
  answer.erase("seconds");
  EXPECT_EQ(answer, expected);
  EXPECT_EQ(answer["games"], kPriceGames);
  // The referee's key too.
  EXPECT_EQ(post(path("/price"), key_, json{{"offer", kOffer}}.dump()), 200);
}

TEST_F(ServePrice, RefusesWhatEveryPostRouteRefuses) {
  new_game();
  json answer;
  EXPECT_EQ(post(path("/price"), "", json{{"offer", kOffer}}.dump()), 401);
  EXPECT_EQ(post(path("/price"), "not-a-key", json{{"offer", kOffer}}.dump()), 401);
  // An unknown field, a misspelt one, the wrong type, no offer: 400 naming the field.
  ASSERT_EQ(post(path("/price"), table_key_, json{{"offer", kOffer}, {"games", 5}}.dump(), &answer), 400);
  EXPECT_EQ(answer["field"], "games");
  ASSERT_EQ(post(path("/price"), table_key_, json{{"offfer", kOffer}}.dump(), &answer), 400);
  EXPECT_EQ(answer["field"], "offfer");
  ASSERT_EQ(post(path("/price"), table_key_, json{{"offer", 12}}.dump(), &answer), 400);
  EXPECT_EQ(answer["field"], "offer");
  ASSERT_EQ(post(path("/price"), table_key_, "{}", &answer), 400);
  EXPECT_EQ(answer["field"], "offer");
  EXPECT_EQ(post(path("/price"), table_key_, "not json"), 400);
  // No offer, or one that does not parse: 400; one the rules refuse: 422 with the rule.
  EXPECT_EQ(post(path("/price"), table_key_, json{{"offer", "Fay buys"}}.dump()), 400);
  ASSERT_EQ(post(path("/price"), table_key_, json{{"offer", "Fay offers Gus: 9000 for card"}}.dump(), &answer), 422);
  EXPECT_EQ(answer["accepted"], false);
  EXPECT_FALSE(answer["violation"]["rule"].get<std::string>().empty());
  EXPECT_EQ(post("/api/games/999/price", table_key_, json{{"offer", kOffer}}.dump()), 404);
  // Nothing was recorded by any of it.
  auto status = client().Get(path("").c_str());
  ASSERT_TRUE(status);
  EXPECT_EQ(json::parse(status->body)["seq"], json::parse(testing::referee(db_, "--game " + std::to_string(game_) +
                                                                                    " --json status").out)["seq"]);
}

TEST_F(ServePrice, RefusedAtATournamentsTables) {
  const auto made = testing::referee(db_, "--json tournament new --name Cup --players 'Ann, Ben' --rounds 1 --table-size 2");
  ASSERT_EQ(made.code, 0) << made.err;
  const std::string judge = json::parse(made.out)["judge_key"];
  const auto seated = testing::referee(db_, "--json tournament seat --round 1 " + testing::key_file_option(judge));
  ASSERT_EQ(seated.code, 0) << seated.err;
  const json table = json::parse(seated.out)["tables"][0];
  const std::string offer = table["players"][0].get<std::string>() + " offers " + table["players"][1].get<std::string>() + ": 10 for card";
  const std::string at = "/api/games/" + std::to_string(table["game"].get<int>()) + "/price";
  for (const std::string& key : {table["key"].get<std::string>(), judge, std::string()})
    EXPECT_EQ(post(at, key, json{{"offer", offer}}.dump()), 403) << key;
}

TEST_F(ServePrice, TheTableAsksThroughTheServer) {
  new_game();
  const std::filesystem::path key = dir_ / "table.key";
  testing::write_private_file(key, table_key_ + "\n");
  PipeProcess table(std::vector<std::string>{deedlog::testing::referee_program(), "--json", "--game", std::to_string(game_), "table", "--server",
                                             "http://127.0.0.1:" + std::to_string(port_), "--key-file", key.string()});
  table.write_line(std::string(":price ") + kOffer);
  const json doc = json::parse(table.read_line(), nullptr, false);
  EXPECT_EQ(doc["offerer"], "Fay") << doc;
  EXPECT_EQ(doc["games"], kPriceGames);
  table.write_line(":price Fay offers Gus: 9000 for card");
  EXPECT_EQ(json::parse(table.read_line(), nullptr, false)["accepted"], false);
  table.close_input();
  EXPECT_EQ(table.wait(), 0);
}

TEST_F(ServePrice, PriceGamesOutOfRangeIsAUsageError) {
  for (const char* n : {"1", "-3", "100001"}) {
    const auto r = testing::run(deedlog::testing::referee_program(), "--db " + quote((dir_ / "other.db").string()) +
                                                     " serve --listen 127.0.0.1:0 --price-games " + n);
    EXPECT_EQ(r.code, 2) << n << ": " << r.err;
  }
}

// The queue: one runs, four wait, the next is told at once; each waiter gets its turn in time.
TEST(PriceQueue, OneRunsFourWaitTheNextIsTurnedAway) {
  OneAtATime queue(4);
  std::atomic<int> done{0};
  std::vector<std::thread> waiters;
  {
    const OneAtATime::Turn first = queue.enter();
    ASSERT_TRUE(static_cast<bool>(first));
    for (int i = 0; i < 4; ++i)
      waiters.emplace_back([&] {
        const OneAtATime::Turn t = queue.enter();
        EXPECT_TRUE(static_cast<bool>(t));
        ++done;
      });
    while (queue.waiting() < 4) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_FALSE(static_cast<bool>(queue.enter())) << "a fifth waiter is turned away";
    EXPECT_EQ(done.load(), 0) << "nobody runs while the first does";
  }
  for (std::thread& t : waiters) t.join();
  EXPECT_EQ(done.load(), 4);
  EXPECT_FALSE(queue.running());
  EXPECT_TRUE(static_cast<bool>(queue.enter())) << "free again";
}

}  // namespace
}  // namespace deedlog
