// A duplicate round through the command line: `tournament seat` seals every table with the
// round's one seed and prints its commitment; the built-in players play the tables on (each
// table its own moves, each seat the same k-th throw); `tournament reveal` is refused until time is
// called, and then gives the seed whose SHA-256 is the commitment, which verify checks every
// table's dice and cards against.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "support/cli.h"
#include "support/tournament.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::temp_dir;
using testing::throws_by_seat_of;
using json = nlohmann::json;

constexpr int kExitOk = 0, kExitRefused = 3;

TEST(TournamentDuplicate, SeatSealsEveryTableWithOneSeedRevealedOnlyAfterTimeIsCalled) {
  const auto db = temp_dir("tournament-duplicate") / "club.db";
  const auto round = testing::seat_eight_in_a_duplicate_round([&](const std::string& args) { return referee(db, args); });
  const std::string& key = round.judge_key;
  const std::string& commitment = round.commitment;
  ASSERT_EQ(commitment.size(), 64u);
  ASSERT_EQ(round.games.size(), 2u);
  const std::vector<std::int64_t>& games = round.games;
  RunResult r;

  // Each table's header carries the commitment, not the seed; nobody may type the dice.
  for (std::int64_t g : games) {
    const RunResult status = referee(db, "--game " + std::to_string(g) + " status --setup");
    EXPECT_NE(status.out.find(commitment), std::string::npos) << status.out;
  }
  // The tables play on by the built-in players, different numbers of moves.
  ASSERT_EQ(referee(db, "--game " + std::to_string(games[0]) + " autoplay --moves 60 --seed 1").code, kExitOk);
  ASSERT_EQ(referee(db, "--game " + std::to_string(games[1]) + " autoplay --moves 35 --seed 2").code, kExitOk);
  // The round's seed is new each run, so 35 moves hold fewer throws now and then (a run of
  // purchases and auctions): the second table plays on, a few moves at a time, until the
  // comparison below has eight throws to compare.
  const auto thrown = [&](std::int64_t g) {
    std::size_t n = 0;
    for (const auto& seat : throws_by_seat_of(db, g)) n += seat.size();
    return n;
  };
  for (int more = 0; more < 20 && thrown(games[1]) < 12; ++more)
    ASSERT_EQ(referee(db, "--game " + std::to_string(games[1]) + " autoplay --moves 5 --seed 3").code, kExitOk);
  // Dealt by seat: each seat's k-th throw is the same at both tables.
  EXPECT_GE(testing::expect_same_throws_by_seat({throws_by_seat_of(db, games[0]), throws_by_seat_of(db, games[1])}), 8u);

  // Before time is called the seed stays sealed, for the Head Judge too.
  r = referee(db, "--json tournament reveal --round 1");
  EXPECT_EQ(r.code, kExitRefused) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out).at("violation").at("rule"), "tournament/reveal-after-time");
  // A round that does not exist is an error, not a refusal by the rules.
  EXPECT_NE(referee(db, "--json tournament reveal --round 2").code, kExitOk);

  ASSERT_EQ(referee(db, "tournament call-time --round 1 " + testing::key_file_option(key)).code, kExitOk);
  r = referee(db, "--json tournament reveal --round 1");
  ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  const json revealed = json::parse(r.out);
  EXPECT_EQ(revealed.at("round"), 1);
  EXPECT_EQ(revealed.at("commitment"), commitment);
  const std::string seed = revealed.at("seed");
  EXPECT_GE(seed.size(), 32u);
  EXPECT_EQ(testing::sha256_hex(seed), commitment);
  // Every table's dice and cards check against the seed revealed.
  r = referee(db, "--json verify");
  ASSERT_EQ(r.code, kExitOk) << r.out;
  const json verified = json::parse(r.out);  // held: the loop reads into it
  for (const auto& g : verified.at("games")) EXPECT_TRUE(g.at("chance_checked").get<bool>()) << g;
  r = referee(db, "--game " + std::to_string(games[1]) + " --json verify --seed " + quote(seed));
  EXPECT_EQ(r.code, kExitOk) << r.out;
}

}  // namespace
}  // namespace deedlog
