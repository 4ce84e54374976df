// Duplicate rounds dealt by seat (docs/tournaments.md, "Duplicate rounds"): seat s's k-th throw
// is the same at every table of the round, tables of 4 and of 3 alike (re-throws after doubles,
// jail throws and a card's rent throws included); the score against the field compares each
// seat's net worth with the same seat's at the round's other tables of the same size; and
// `seat --round N --duplicate` makes one round duplicate in a tournament made without --duplicate.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli.h"
#include "support/tournament.h"

namespace deedlog {
namespace {
using testing::Event;
using testing::json_of;
using testing::kTournamentOk;
using testing::kTournamentUsage;
using testing::referee;
using testing::RunResult;
using testing::SeatThrows;
using json = nlohmann::json;

std::string str(std::int64_t n) { return std::to_string(n); }

// Eleven players at tables of 4: two tables of 4 and one of 3, dealt by seat.
struct ElevenInADuplicateRound : ::testing::Test {
  Event ev{"tournament-by-seat", "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim", 1, 4, "--duplicate"};
  json seat;

  void SetUp() override {
    seat = json_of(ev.judge("--json tournament seat --round 1"));
    ASSERT_EQ(seat["tables"].size(), 3u) << seat;
    EXPECT_EQ(seat["dice"], "by-seat") << seat;
    // The built-in players play every table on, each its own moves.
    int n = 0;
    for (const json& t : seat["tables"])
      ASSERT_EQ(referee(ev.db, "--game " + str(t["game"].get<std::int64_t>()) + " autoplay --moves 200 --seed " + str(++n)).code,
                kTournamentOk);
  }
};

TEST_F(ElevenInADuplicateRound, EachSeatThrowsTheSameDiceAtEveryTableOfFourAndOfThree) {
  std::vector<SeatThrows> tables;
  std::vector<std::size_t> sizes;
  for (const json& t : seat["tables"]) {
    const std::int64_t game = t["game"].get<std::int64_t>();
    // The header names the scheme, so the game verifies by it (and older ones by theirs).
    const RunResult shown = referee(ev.db, "--game " + str(game) + " status --setup");
    EXPECT_NE(shown.out.find("[SealedDice \"by-seat\"]"), std::string::npos) << shown.out;
    tables.push_back(testing::throws_by_seat_of(ev.db, game));
    sizes.push_back(t["players"].size());
  }
  std::vector<std::size_t> sorted = sizes;
  std::sort(sorted.begin(), sorted.end());
  ASSERT_EQ(sorted, (std::vector<std::size_t>{3, 4, 4}));
  const std::size_t of_three = static_cast<std::size_t>(std::find(sizes.begin(), sizes.end(), 3u) - sizes.begin());
  const std::size_t of_four = static_cast<std::size_t>(std::find(sizes.begin(), sizes.end(), 4u) - sizes.begin());
  // Every seat of every table against the first table's same seat (the table of 3's seats 1 to 3).
  const std::size_t compared = testing::expect_same_throws_by_seat(tables);
  EXPECT_GE(compared, 60u);
  // The table of 3 against a table of 4 alone, seat by seat (its first seats throw more often than a
  // table of 4's do, so its k-th throw of a seat comes at another throw of the table).
  std::size_t doubles_then_more = 0;
  for (std::size_t s = 0; s < 3; ++s) {
    const auto& a = tables[of_four][s];
    const auto& b = tables[of_three][s];
    ASSERT_GE(std::min(a.size(), b.size()), 5u) << "seat " << s + 1;
    for (std::size_t k = 0; k + 1 < std::min(a.size(), b.size()); ++k)
      if (a[k].first == a[k].second) ++doubles_then_more;  // the re-throw after it compared too
  }
  EXPECT_GT(doubles_then_more, 0u);
  // A jail throw is a seat's throw like any other: each one counted is among those compared.
  std::size_t jail_throws = 0;
  for (const json& t : seat["tables"]) {
    const json log = json_of(referee(ev.db, "--game " + str(t["game"].get<std::int64_t>()) + " --json log"));
    for (const json& e : log["events"])
      if (e["type"] == "JailTurnFailed" || e["type"] == "LeftJail") ++jail_throws;
  }
  RecordProperty("jail_events", static_cast<int>(jail_throws));

  // Time called, the seed revealed: every table checks against it, by seat.
  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, kTournamentOk);
  const json revealed = json_of(referee(ev.db, "--json tournament reveal --round 1"));
  const std::string seed = revealed["seed"];
  for (const json& t : seat["tables"])
    EXPECT_EQ(referee(ev.db, "--game " + str(t["game"].get<std::int64_t>()) + " verify --seed " + testing::quote(seed)).code,
              kTournamentOk);
  const json verified = json_of(referee(ev.db, "--json verify"));
  for (const json& g : verified["games"]) EXPECT_TRUE(g["chance_checked"].get<bool>()) << g;
  EXPECT_EQ(referee(ev.db, "verify --tournament " + str(ev.id)).code, kTournamentOk);
}

TEST_F(ElevenInADuplicateRound, ScoresEachSeatAgainstTheSameSeatAtTablesOfItsSize) {
  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, kTournamentOk);
  // By hand: each seat's net worth (a bankrupt player's 0) from value, by the seat order.
  struct SeatWorth {
    std::string player;
    std::size_t size = 0, seat = 0;
    long long worth = 0;
  };
  std::vector<SeatWorth> seats;
  for (const json& t : seat["tables"]) {
    const json value = json_of(referee(ev.db, "--game " + str(t["game"].get<std::int64_t>()) + " --json value"));
    for (std::size_t s = 0; s < t["players"].size(); ++s)
      for (const json& p : value["players"])
        if (p["name"] == t["players"][s])
          seats.push_back({p["name"], t["players"].size(), s, p["in_game"].get<bool>() ? p["total"].get<long long>() : 0});
  }
  ASSERT_EQ(seats.size(), 11u);
  std::map<std::string, double> expected;  // only the players whose seat had a counterpart
  for (const SeatWorth& a : seats) {
    int compared = 0, won = 0;
    for (const SeatWorth& b : seats)
      if (b.player != a.player && b.size == a.size && b.seat == a.seat) {
        ++compared;
        won += a.worth > b.worth ? 2 : a.worth == b.worth ? 1 : 0;
      }
    if (compared > 0) expected[a.player] = 100.0 * won / (2.0 * compared);
  }
  ASSERT_EQ(expected.size(), 8u);  // the two tables of 4; the table of 3 has no counterpart

  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  int scored = 0;
  for (const json& s : standings["standings"]) {
    const std::string player = s["player"];
    if (expected.count(player) == 0) {
      EXPECT_FALSE(s.contains("field")) << s;
      continue;
    }
    ASSERT_TRUE(s.contains("field")) << s;
    EXPECT_NEAR(s["field"].get<double>(), expected[player], 0.005) << s;
    EXPECT_NEAR(s["tables"][0]["field"].get<double>(), expected[player], 0.005) << s;
    ++scored;
  }
  EXPECT_EQ(scored, 8);
  // Seat against seat, the two tables' scores are complementary: 100 between them.
  for (const SeatWorth& a : seats)
    for (const SeatWorth& b : seats)
      if (a.size == 4 && b.size == 4 && a.seat == b.seat && a.player < b.player) {
        EXPECT_NEAR(expected[a.player] + expected[b.player], 100.0, 1e-9);
      }

  // The CSV: a column named field after the tie-breaks, the same figures.
  const RunResult csv = referee(ev.db, "tournament export --csv standings");
  ASSERT_EQ(csv.code, kTournamentOk) << csv.err;
  std::istringstream lines(csv.out);
  std::string header;
  std::getline(lines, header);
  if (!header.empty() && header.back() == '\r') header.pop_back();
  EXPECT_EQ(header, "rank,player,points,share,head-to-head,opponents,entry,field,net_worth,tables,withdrawn");
  std::string line;
  int rows = 0;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    std::vector<std::string> cells;
    std::stringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    if (line.back() == ',') cells.emplace_back();
    ASSERT_EQ(cells.size(), 11u) << line;
    const std::string& player = cells[1];
    if (expected.count(player) == 0) {
      EXPECT_EQ(cells[7], "") << line;
    } else {
      EXPECT_NEAR(std::stod(cells[7]), expected[player], 0.005) << line;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 11);
  // The words show it beside the points.
  const RunResult words = referee(ev.db, "tournament standings");
  EXPECT_NE(words.out.find("% "), std::string::npos) << words.out;
}

TEST(TournamentDuplicateOneRound, SeatDuplicateMakesThatRoundDuplicateAndRefusesBadCombinations) {
  Event ev("tournament-seat-duplicate", "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal", 2, 4);
  // Round 1 as the tournament was made: not duplicate.
  const json first = json_of(ev.judge("--json tournament seat --round 1"));
  EXPECT_FALSE(first.contains("commitment")) << first;
  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, kTournamentOk);

  // Refused, exit 2, nothing written: --duplicate on an action that seats nothing, and on a final.
  const std::string before = ev.state();
  RunResult r = ev.judge("tournament call-time --round 1 --duplicate");
  EXPECT_EQ(r.code, kTournamentUsage) << r.out << r.err;
  r = ev.judge("tournament seat --round 2 --final --duplicate");
  EXPECT_EQ(r.code, kTournamentUsage) << r.out << r.err;
  EXPECT_EQ(ev.state(), before);

  // Round 2 chosen duplicate: its tables sealed with one commitment, dealt by seat, and the
  // round's record says so.
  const json second = json_of(ev.judge("--json tournament seat --round 2 --duplicate"));
  ASSERT_TRUE(second.contains("commitment")) << second;
  EXPECT_EQ(second["dice"], "by-seat");
  const std::string commitment = second["commitment"];
  for (const json& t : second["tables"]) {
    const RunResult shown = referee(ev.db, "--game " + str(t["game"].get<std::int64_t>()) + " status --setup");
    EXPECT_NE(shown.out.find(commitment), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("[SealedDice \"by-seat\"]"), std::string::npos) << shown.out;
  }
  const json log = json_of(referee(ev.db, "--json tournament log"));
  bool recorded = false;
  for (const json& rec : log["records"])
    if (rec.value("kind", "") == "seated" && rec.contains("round") && rec["round"] == 2) {
      EXPECT_EQ(rec["commitment"], commitment) << rec;
      EXPECT_EQ(rec["duplicate"]["dice"], "by-seat") << rec;
      recorded = true;
    }
  EXPECT_TRUE(recorded) << log;
  int n = 0;
  for (const json& t : second["tables"])
    ASSERT_EQ(referee(ev.db, "--game " + str(t["game"].get<std::int64_t>()) + " autoplay --moves 60 --seed " + str(++n)).code,
              kTournamentOk);
  std::vector<SeatThrows> tables;
  for (const json& t : second["tables"]) tables.push_back(testing::throws_by_seat_of(ev.db, t["game"].get<std::int64_t>()));
  EXPECT_GE(testing::expect_same_throws_by_seat(tables), 8u);
  ASSERT_EQ(ev.judge("tournament call-time --round 2").code, kTournamentOk);
  // Only round 2 is scored against the field: every player has one round's score.
  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  for (const json& s : standings["standings"]) {
    ASSERT_TRUE(s.contains("field")) << s;
    EXPECT_FALSE(s["tables"][0].contains("field")) << s;
    EXPECT_TRUE(s["tables"][1].contains("field")) << s;
  }
  EXPECT_EQ(referee(ev.db, "verify --tournament " + str(ev.id)).code, kTournamentOk);
}

}  // namespace
}  // namespace deedlog
