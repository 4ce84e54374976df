// The Head Judge's whole day on the server (issue "The Head Judge's whole day", docs/tournaments.md):
// 40 players over 5 rounds at tables of 4, two pairs kept apart, a late entry and a withdrawal, a
// duplicate round and a final, every step after `tournament new` through the server's routes with
// the judge's key: each round seated, its cards printed (each carrying the key its seating gave),
// played by its tables through the API with their keys, and ended by the server's clock at the
// round's limit (a short one: seconds, not minutes); the final's winner crowned; the standings as
// CSV; the record exported and checked against the journal by `tournament check`.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
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

std::string forty() {
  std::string names;
  for (int i = 1; i <= 40; ++i) names += (i > 1 ? ", " : "") + std::string(i < 10 ? "P0" : "P") + std::to_string(i);
  return names;
}

class TournamentDay : public ::testing::Test {
 protected:
  void SetUp() override {
    event_ = std::make_unique<Event>("tournament-day", forty(), 5, 4, "--apart 'P01, P02' --apart 'P03, P04' --auto-call-time",
                                     "4s");
    ASSERT_GT(event_->id, 0);
    server_ = std::make_unique<testing::ServeProcess>(event_->db.string());
    ASSERT_NE(server_->port(), 0);
    base_ = "/api/tournaments/" + std::to_string(event_->id);
  }
  void TearDown() override {
    server_.reset();
    event_.reset();
  }

  httplib::Headers judge() const { return {{"Authorization", "Bearer " + event_->key}}; }

  int post(const std::string& path, const json& body, json* answer = nullptr) {
    auto r = server_->client().Post((base_ + path).c_str(), judge(), body.dump(), "application/json");
    EXPECT_TRUE(r) << path;
    if (!r) return 0;
    if (answer) *answer = json::parse(r->body, nullptr, false);
    return r->status;
  }
  json view() {
    auto r = server_->client().Get(base_.c_str(), judge());
    EXPECT_TRUE(r);
    return r ? json::parse(r->body, nullptr, false) : json();
  }

  // Waits until the server's clock has called time in round n (it ticks each second; the limit
  // is 4 s): every table of the round time-called or over.
  bool called_by_the_clock(int n) {
    for (int tries = 0; tries < 240; ++tries) {
      const json v = view();
      for (const json& r : v["tables"])
        if (r["round"] == n && r["time_called"].get<bool>()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    return false;
  }

  std::unique_ptr<Event> event_;
  std::unique_ptr<testing::ServeProcess> server_;
  std::string base_;
};

TEST_F(TournamentDay, FortyPlayersFromSeatingToChampionThroughTheRoutes) {
  std::set<std::string> seated_ever;
  std::vector<std::int64_t> duplicate_games;
  for (int round = 1; round <= 6; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const bool final = round == 6;
    if (round == 3) {
      ASSERT_EQ(post("/entries", json{{"name", "P41"}}), 201);  // a late entry
    }
    if (round == 4) {
      ASSERT_EQ(post("/withdrawals", json{{"name", "P05"}}), 201);  // a withdrawal
    }
    json seat;
    json body = json::object();
    if (final) body["final"] = true;
    if (round == 2) body["duplicate"] = true;  // this round alone duplicate
    ASSERT_EQ(post("/rounds/" + std::to_string(round) + "/seat", body, &seat), 201) << seat;
    const json& tables = seat["tables"];
    if (!final) {
      std::size_t players = 0;
      for (const json& t : tables) {
        std::set<std::string> at;
        for (const json& p : t["players"]) at.insert(p.get<std::string>());
        players += at.size();
        seated_ever.insert(at.begin(), at.end());
        EXPECT_FALSE(at.count("P01") && at.count("P02")) << t;  // kept apart
        EXPECT_FALSE(at.count("P03") && at.count("P04")) << t;
        EXPECT_FALSE(round >= 4 && at.count("P05")) << t;  // withdrawn
      }
      EXPECT_EQ(players, round >= 4 ? 40u : round == 3 ? 41u : 40u);
      EXPECT_EQ(round == 2, !seat.value("commitment", std::string()).empty()) << seat;
      if (round == 2) {
        EXPECT_EQ(seat.value("dice", std::string()), "by-seat") << seat;
        for (const json& t : tables) duplicate_games.push_back(t["game"].get<std::int64_t>());
      }
    } else {
      ASSERT_EQ(tables.size(), 1u);
      EXPECT_EQ(tables[0]["players"].size(), 4u);
    }
    // The round's cards and sheets: each card carries the key its seating handed out.
    auto page = server_->client().Get((base_ + "/rounds/" + std::to_string(round) + "/print").c_str(), judge());
    ASSERT_TRUE(page);
    ASSERT_EQ(page->status, 200);
    for (const json& t : tables)
      EXPECT_NE(page->body.find("class=key>" + t["key"].get<std::string>() + "<"), std::string::npos) << t["table"];
    // The tables play through the API with their keys until the clock calls time.
    httplib::Client c = server_->client();
    for (const json& t : tables)
      for (int i = 0; i < 6; ++i)
        if (!testing::play_one_through_api(c, t["game"].get<std::int64_t>(), t["key"].get<std::string>(), false)) break;
    ASSERT_TRUE(called_by_the_clock(round));
  }
  EXPECT_TRUE(seated_ever.count("P41"));
  // The duplicate round was dealt by seat: each seat's throws the same at every table.
  ASSERT_EQ(duplicate_games.size(), 10u);
  std::vector<testing::SeatThrows> by_seat;
  for (const std::int64_t g : duplicate_games) by_seat.push_back(testing::throws_by_seat_of(event_->db, g));
  EXPECT_GE(testing::expect_same_throws_by_seat(by_seat), 9u);

  // The champion: the final's winner.
  const json standings = view();
  ASSERT_TRUE(standings["champion"].is_object()) << standings["champion"];
  EXPECT_EQ(standings["champion"]["decided_by"], "final");
  EXPECT_EQ(standings["standings"][0]["player"], standings["champion"]["player"]);
  // The score against the field, from the duplicate round: every player of round 2 has one.
  int with_field = 0;
  for (const json& st : standings["standings"])
    if (st.contains("field") && !st["field"].is_null()) {
      ++with_field;
      EXPECT_GE(st["field"].get<double>(), 0.0) << st;
      EXPECT_LE(st["field"].get<double>(), 100.0) << st;
    }
  EXPECT_EQ(with_field, 40);
  // The standings as CSV: a header and a line a player (41 entered).
  auto csv = server_->client().Get((base_ + "/standings.csv").c_str());
  ASSERT_TRUE(csv);
  EXPECT_EQ(csv->status, 200);
  EXPECT_EQ(std::count(csv->body.begin(), csv->body.end(), '\n'), 42);
  // The record, exported by the server, checks against the journal.
  auto record = server_->client().Get((base_ + "/record").c_str());
  ASSERT_TRUE(record);
  ASSERT_EQ(record->status, 200);
  const auto file = event_->dir / "record.json";
  std::ofstream(file) << record->body;
  const auto checked = testing::referee(event_->db, "--json tournament check " + file.string());
  EXPECT_EQ(checked.code, 0) << checked.out << checked.err;
  // Six rounds' calls of time, each written once, by the clock.
  int calls = 0;
  const json log = json_of(testing::referee(event_->db, "--json tournament log"));  // kept whole for the loop
  for (const json& r : log["records"]) calls += r["kind"] == "time_called" ? 1 : 0;
  EXPECT_EQ(calls, 6);
  // And the tournament's records verify, the by-seat round among them.
  const auto verified = testing::referee(event_->db, "--json verify --tournament " + std::to_string(event_->id));
  EXPECT_EQ(verified.code, 0) << verified.out << verified.err;
}

}  // namespace
}  // namespace deedlog
