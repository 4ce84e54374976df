// Seating a tournament's rounds (service/tournament_seating.h, docs/tournaments.md "Seating"):
// table sizes, repeat meetings, who throws first, and that the same seed seats the same way.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "service/tournament.h"
#include "service/tournament_seating.h"

namespace deedlog {
namespace {

std::vector<std::string> names(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) {
    std::string name = "P";
    name.append(std::to_string(i + 1));  // appended: GCC 12 warns falsely of "P" + a string
    out.push_back(name);
  }
  return out;
}

std::vector<SeatedTables> seat_rounds(int players, int size, int rounds, std::uint64_t seed) {
  std::vector<SeatedTables> done;
  for (int r = 0; r < rounds; ++r) done.push_back(seat_players(names(players), size, done, seed));
  return done;
}

TEST(TournamentSeating, TableSizesAreSmallerOnlyWhereTheNumbersForceIt) {
  EXPECT_EQ(table_sizes(17, 4), (std::vector<int>{4, 4, 3, 3, 3}));
  EXPECT_EQ(table_sizes(16, 4), (std::vector<int>{4, 4, 4, 4}));
  EXPECT_EQ(table_sizes(13, 4), (std::vector<int>{4, 3, 3, 3}));
  EXPECT_EQ(table_sizes(8, 3), (std::vector<int>{3, 3, 2}));
  EXPECT_EQ(table_sizes(4, 4), (std::vector<int>{4}));
  EXPECT_EQ(table_sizes(5, 4), (std::vector<int>{3, 2}));
}

TEST(TournamentSeating, SeventeenPlayersSitAtFourFourThreeThreeThreeEveryoneOnce) {
  const SeatedTables round = seat_players(names(17), 4, {}, 99);
  std::vector<int> sizes;
  std::multiset<std::string> seated;
  for (const auto& t : round) {
    sizes.push_back(static_cast<int>(t.size()));
    seated.insert(t.begin(), t.end());
  }
  EXPECT_EQ(sizes, (std::vector<int>{4, 4, 3, 3, 3}));
  const auto all = names(17);
  EXPECT_EQ(seated, std::multiset<std::string>(all.begin(), all.end()));
}

TEST(TournamentSeating, SixteenInFoursMeetNobodyTwiceInThreeRounds) {
  for (std::uint64_t seed : {1ULL, 7ULL, 12345ULL, 0xDEADBEEFULL}) {
    const auto rounds = seat_rounds(16, 4, 3, seed);
    std::vector<SeatedTables> before;
    for (const SeatedTables& r : rounds) {
      EXPECT_EQ(repeat_meetings(before, r), 0) << "seed " << seed << " round " << before.size() + 1;
      before.push_back(r);
    }
  }
}

// What the seating minimises: each pair seated together costs the square of the times it met
// before (a third meeting counts as 4 second meetings).
int weighted_repeats(const std::vector<SeatedTables>& earlier, const SeatedTables& round) {
  std::map<std::pair<std::string, std::string>, int> met;
  for (const SeatedTables& r : earlier)
    for (const auto& t : r)
      for (std::size_t a = 0; a < t.size(); ++a)
        for (std::size_t b = a + 1; b < t.size(); ++b) ++met[std::minmax(t[a], t[b])];
  int cost = 0;
  for (const auto& t : round)
    for (std::size_t a = 0; a < t.size(); ++a)
      for (std::size_t b = a + 1; b < t.size(); ++b) {
        const int m = met[std::minmax(t[a], t[b])];
        cost += m * m;
      }
  return cost;
}

// The least any split of 8 players into two tables of 4 costs after `earlier`: all 35 tried.
int least_of_eight(const std::vector<SeatedTables>& earlier) {
  const auto all = names(8);
  int least = 1 << 20;
  for (unsigned mask = 0; mask < 256; ++mask) {
    if (__builtin_popcount(mask) != 4 || (mask & 1u) == 0) continue;
    SeatedTables split(2);
    for (int i = 0; i < 8; ++i) split[(mask >> i) & 1u ? 0 : 1].push_back(all[static_cast<std::size_t>(i)]);
    least = std::min(least, weighted_repeats(earlier, split));
  }
  return least;
}

TEST(TournamentSeating, RepeatsAreAsFewAsTheNumbersAllowWhereTheyCannotBeAvoided) {
  // 8 players in fours: round 2 must seat two of each round-1 table together (4 repeats at least);
  // round 3 spreads its repeats rather than seat a pair a third time.
  for (std::uint64_t seed : {1ULL, 5ULL, 77ULL}) {
    const auto rounds = seat_rounds(8, 4, 3, seed);
    EXPECT_EQ(least_of_eight({rounds[0]}), 4);
    EXPECT_EQ(repeat_meetings({rounds[0]}, rounds[1]), 4) << seed;
    EXPECT_EQ(weighted_repeats({rounds[0]}, rounds[1]), least_of_eight({rounds[0]})) << seed;
    EXPECT_EQ(weighted_repeats({rounds[0], rounds[1]}, rounds[2]), least_of_eight({rounds[0], rounds[1]})) << seed;
    EXPECT_EQ(weighted_repeats({rounds[0], rounds[1]}, rounds[2]), repeat_meetings({rounds[0], rounds[1]}, rounds[2]))
        << "a pair seated a third time, seed " << seed;
  }
}

TEST(TournamentSeating, WhoThrowsFirstRotates) {
  // 16 players, 4 tables, 4 rounds: 16 first seats, and nobody takes a second before all have had one.
  const auto rounds = seat_rounds(16, 4, 4, 3);
  std::map<std::string, int> first;
  for (const SeatedTables& r : rounds)
    for (const auto& t : r) ++first[t.front()];
  EXPECT_EQ(first.size(), 16u);
  for (const auto& [p, n] : first) EXPECT_EQ(n, 1) << p;
}

TEST(TournamentSeating, TheSameSeedSeatsTheSameWayAndAnotherOtherwise) {
  EXPECT_EQ(seat_rounds(17, 4, 3, 42), seat_rounds(17, 4, 3, 42));
  EXPECT_NE(seat_rounds(17, 4, 1, 42), seat_rounds(17, 4, 1, 43));
}

TEST(TournamentPoints, EveryTablesPlacesAverageThreePoints) {
  EXPECT_EQ(place_points(1, 4), 6);
  EXPECT_EQ(place_points(2, 4), 4);
  EXPECT_EQ(place_points(3, 4), 2);
  EXPECT_EQ(place_points(4, 4), 0);
  EXPECT_EQ(place_points(1, 3), 6);
  EXPECT_EQ(place_points(2, 3), 3);
  EXPECT_EQ(place_points(3, 3), 0);
  for (int n = 2; n <= 8; ++n) {
    double sum = 0;
    for (int p = 1; p <= n; ++p) sum += place_points(p, n);
    EXPECT_DOUBLE_EQ(sum / n, 3.0) << n;
  }
}

}  // namespace
}  // namespace deedlog
