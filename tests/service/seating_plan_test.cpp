// Planning a tournament's seating over all its rounds (service/seating_plan.h,
// service/seating_designs.h, docs/tournaments.md "Seating"): perfect schedules where they exist,
// pairs kept apart, first seats shared out, the same plan for the same request, and a plan kept
// valid through a late entry and a withdrawal.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "service/seating_designs.h"
#include "service/seating_plan.h"
#include "service/tournament_seating.h"

namespace deedlog {
namespace {

std::vector<std::string> names(int n, int from = 1) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) {
    std::string name = "P";
    name.append(std::to_string(i + from));  // appended: GCC 12 warns falsely of "P" + a string
    out.push_back(name);
  }
  return out;
}

// Every player of `players` seated exactly once, at tables of the sizes table_sizes gives.
void expect_whole_round(const SeatedTables& round, const std::vector<std::string>& players, int table_size) {
  std::vector<int> sizes;
  std::multiset<std::string> seated;
  for (const auto& t : round) {
    sizes.push_back(static_cast<int>(t.size()));
    seated.insert(t.begin(), t.end());
  }
  EXPECT_EQ(sizes, table_sizes(static_cast<int>(players.size()), table_size));
  EXPECT_EQ(seated, std::multiset<std::string>(players.begin(), players.end()));
}

// Pairs seated together more than once over `rounds` (a pair meeting 3 times counts 2).
int repeats_over(const std::vector<SeatedTables>& rounds) {
  int repeats = 0;
  for (std::size_t r = 0; r < rounds.size(); ++r)
    repeats += repeat_meetings(std::vector<SeatedTables>(rounds.begin(), rounds.begin() + static_cast<std::ptrdiff_t>(r)), rounds[r]);
  return repeats;
}

bool together(const SeatedTables& round, const std::string& a, const std::string& b) {
  for (const auto& t : round)
    if (std::count(t.begin(), t.end(), a) && std::count(t.begin(), t.end(), b)) return true;
  return false;
}

// Each design round seats every point once; no pair of points is seated together twice.
void expect_perfect_design(const std::vector<std::vector<std::vector<int>>>& design, int players, std::size_t rounds) {
  ASSERT_EQ(design.size(), rounds);
  std::set<std::pair<int, int>> met;
  for (const auto& round : design) {
    std::set<int> seated;
    for (const auto& table : round) {
      for (int p : table) EXPECT_TRUE(seated.insert(p).second) << p;
      for (int a : table)
        for (int b : table) {
          if (a < b) {
            EXPECT_TRUE(met.insert({a, b}).second) << a << " and " << b << " meet twice";
          }
        }
    }
    EXPECT_EQ(static_cast<int>(seated.size()), players);
  }
}

TEST(SeatingDesigns, AffinePlanesAndSpacesGiveEveryRoundTheyHave) {
  expect_perfect_design(affine_rounds(16, 4, 99), 16, 5);   // every pair of 16 meets exactly once
  expect_perfect_design(affine_rounds(64, 4, 99), 64, 21);
  expect_perfect_design(affine_rounds(9, 3, 99), 9, 4);
  expect_perfect_design(affine_rounds(25, 5, 99), 25, 6);
  EXPECT_EQ(affine_rounds(16, 4, 3).size(), 3u);
  EXPECT_TRUE(affine_rounds(20, 4, 5).empty());
  EXPECT_TRUE(affine_rounds(36, 6, 5).empty());  // no field of 6
}

TEST(SeatingDesigns, ProjectiveSpacesAndTheUnitalAreSplitIntoRounds) {
  expect_perfect_design(resolved_design_rounds(28, 4, 99), 28, 9);   // 63 blocks, 9 rounds of 7
  expect_perfect_design(resolved_design_rounds(40, 4, 99), 40, 13);  // 130 lines, 13 rounds of 10
  expect_perfect_design(resolved_design_rounds(15, 3, 99), 15, 7);   // Kirkman's schoolgirls
  expect_perfect_design(resolved_design_rounds(32, 4, 99), 32, 9);   // planes of 5 bits sharing no vector
  EXPECT_TRUE(resolved_design_rounds(36, 4, 10).empty());
}

TEST(SeatingDesigns, FiftyTwoPlayersMeetEveryOtherExactlyOnceOver17Rounds) {
  const auto design = resolved_design_rounds(52, 4, 99);
  expect_perfect_design(design, 52, 17);
  std::set<std::pair<int, int>> met;
  for (const auto& round : design) {
    EXPECT_EQ(round.size(), 13u);
    for (const auto& table : round) {
      EXPECT_EQ(table.size(), 4u);
      for (int a : table)
        for (int b : table)
          if (a < b) met.insert({a, b});
    }
  }
  EXPECT_EQ(met.size(), 52u * 51u / 2u);  // every pair, none left for an 18th round
  EXPECT_EQ(resolved_design_rounds(52, 4, 15).size(), 15u);
  EXPECT_TRUE(resolved_design_rounds(52, 3, 17).empty());
}

TEST(SeatingPlan, PerfectSchedulesWhereTheyExist) {
  for (const auto& [players, rounds] : std::vector<std::pair<int, int>>{{16, 5}, {20, 5}, {28, 9}, {30, 9}, {32, 10}, {40, 13}, {52, 17}, {64, 15}, {100, 15}, {172, 15}}) {
    SeatingRequest request;
    request.players = names(players);
    request.rounds = rounds;
    request.seed = 11;
    const SeatingPlan plan = plan_seating(request);
    ASSERT_EQ(static_cast<int>(plan.rounds.size()), rounds) << players;
    for (const SeatedTables& round : plan.rounds) expect_whole_round(round, request.players, 4);
    EXPECT_EQ(repeats_over(plan.rounds), 0) << players << " over " << rounds;
    EXPECT_EQ(plan.total_repeat_meetings(), 0) << players;
  }
}

TEST(SeatingPlan, RepeatsPastThePerfectRoundsAreTheFewestPossible) {
  // 16 in fours over 10 rounds: 240 meetings among 120 pairs, so 120 repeats at least, and no
  // pair need meet a third time: the 5 perfect rounds twice.
  SeatingRequest request;
  request.players = names(16);
  request.rounds = 10;
  const SeatingPlan plan = plan_seating(request);
  EXPECT_EQ(plan.total_repeat_meetings(), 120);
  std::map<std::pair<std::string, std::string>, int> met;
  for (const SeatedTables& round : plan.rounds)
    for (const auto& t : round)
      for (std::size_t a = 0; a < t.size(); ++a)
        for (std::size_t b = a + 1; b < t.size(); ++b) ++met[std::minmax(t[a], t[b])];
  for (const auto& [pair, times] : met) EXPECT_EQ(times, 2) << pair.first << " and " << pair.second;
}

TEST(SeatingPlan, PairsKeptApartNeverShareATable) {
  for (std::uint64_t seed : {1ULL, 2ULL}) {
    SeatingRequest request;
    request.players = names(40);
    request.rounds = 13;
    request.apart = {{"P1", "P2"}, {"P3", "P4"}, {"P5", "P1"}};
    request.seed = seed;
    const SeatingPlan plan = plan_seating(request);
    EXPECT_TRUE(plan.apart_broken.empty());
    for (const SeatedTables& round : plan.rounds) {
      EXPECT_FALSE(together(round, "P1", "P2"));
      EXPECT_FALSE(together(round, "P3", "P4"));
      EXPECT_FALSE(together(round, "P1", "P5"));
    }
  }
  // 16 over 5 rounds: each pair meets exactly once in a perfect schedule, so one pair kept apart
  // costs repeats; apart comes first.
  SeatingRequest request;
  request.players = names(16);
  request.rounds = 5;
  request.apart = {{"P7", "P9"}};
  const SeatingPlan plan = plan_seating(request);
  EXPECT_TRUE(plan.apart_broken.empty());
  for (const SeatedTables& round : plan.rounds) EXPECT_FALSE(together(round, "P7", "P9"));
  EXPECT_GT(plan.total_repeat_meetings(), 0);
}

TEST(SeatingPlan, APairThatCannotBeKeptApartIsReported) {
  SeatingRequest request;
  request.players = names(4);
  request.rounds = 2;
  request.apart = {{"P2", "P3"}};
  const SeatingPlan plan = plan_seating(request);
  ASSERT_EQ(plan.apart_broken.size(), 2u);  // one table of 4: together in both rounds
  EXPECT_EQ(plan.apart_broken[0].round, 1);
  EXPECT_EQ(plan.apart_broken[1].round, 2);
  EXPECT_EQ(plan.apart_broken[0].pair, (ApartPair{"P2", "P3"}));
}

TEST(SeatingPlan, SeatingARoundReportsWhatItCouldNotGive) {
  // 5 players in fours: tables of 3 and 2. Three pairs kept apart among P1, P2, P3 cannot all be
  // kept apart with 2 tables: one is reported, for a planned round and a round on its own alike.
  for (int rounds_total : {0, 3}) {
    SeatingOptions options;
    options.rounds_total = rounds_total;
    options.apart = {{"P1", "P2"}, {"P2", "P3"}, {"P1", "P3"}};
    SeatingGaps gaps;
    const SeatedTables round = seat_players(names(5), 4, {}, 3, options, &gaps);
    expect_whole_round(round, names(5), 4);
    ASSERT_EQ(gaps.apart_together.size(), 1u) << rounds_total;
    EXPECT_TRUE(together(round, gaps.apart_together[0].a, gaps.apart_together[0].b));
    EXPECT_EQ(gaps.repeat_meetings, 0);
  }
}

TEST(SeatingPlan, SmallNumbersSeatWhatCanBeSeated) {
  SeatingRequest nobody;
  nobody.rounds = 3;
  EXPECT_TRUE(plan_seating(nobody).rounds.empty());
  SeatingOptions options;
  options.rounds_total = 3;
  EXPECT_TRUE(seat_players({}, 4, {}, 1, options).empty());
  std::vector<SeatedTables> done;
  for (int r = 0; r < 3; ++r) {
    done.push_back(seat_players(names(3), 4, done, 1, options));  // fewer than a table: one table
    expect_whole_round(done.back(), names(3), 4);
  }
  expect_whole_round(seat_players(names(3), 1, {}, 1, options), names(3), 1);  // tables of 1
}

TEST(SeatingPlan, FirstSeatsAreSharedOutEvenly) {
  for (const auto& [players, rounds] : std::vector<std::pair<int, int>>{{16, 5}, {17, 6}, {40, 13}}) {
    SeatingRequest request;
    request.players = names(players);
    request.rounds = rounds;
    const SeatingPlan plan = plan_seating(request);
    std::map<std::string, int> first;
    for (const std::string& p : request.players) first[p] = 0;
    for (const SeatedTables& round : plan.rounds)
      for (const auto& t : round) ++first[t.front()];
    int least = 1 << 20, most = 0;
    for (const auto& [p, n] : first) least = std::min(least, n), most = std::max(most, n);
    EXPECT_LE(most - least, 1) << players << " over " << rounds;
  }
}

TEST(SeatingPlan, TheSameRequestGivesTheSamePlanWhateverTheOrderOfPlayers) {
  SeatingRequest request;
  request.players = names(23);
  request.rounds = 6;
  request.apart = {{"P1", "P2"}};
  request.seed = 5;
  const SeatingPlan plan = plan_seating(request);
  std::reverse(request.players.begin(), request.players.end());
  EXPECT_EQ(plan_seating(request).rounds, plan.rounds);
  request.seed = 6;
  EXPECT_NE(plan_seating(request).rounds, plan.rounds);
}

TEST(SeatingPlan, AStartIsKeptWhereItStillFits) {
  // Planning 4 rounds of 16 from the plan's own last 4 rounds, after its first: nothing to mend.
  SeatingRequest whole;
  whole.players = names(16);
  whole.rounds = 5;
  const SeatingPlan plan = plan_seating(whole);
  SeatingRequest rest = whole;
  rest.rounds = 4;
  rest.played = {plan.rounds[0]};
  rest.start.assign(plan.rounds.begin() + 1, plan.rounds.end());
  const SeatingPlan again = plan_seating(rest);
  EXPECT_EQ(again.total_repeat_meetings(), 0);
  for (std::size_t r = 0; r < 4; ++r) {
    std::set<std::set<std::string>> a, b;
    for (const auto& t : again.rounds[r]) a.insert({t.begin(), t.end()});
    for (const auto& t : plan.rounds[r + 1]) b.insert({t.begin(), t.end()});
    EXPECT_EQ(a, b) << "round " << r + 2;
  }
}

TEST(SeatingPlan, SeatingAPlannedEventFollowsThePlan) {
  SeatingOptions options;
  options.rounds_total = 9;
  SeatingRequest request;
  request.players = names(28);
  request.rounds = 9;
  request.seed = 77;
  const SeatingPlan plan = plan_seating(request);
  std::vector<SeatedTables> done;
  for (int r = 0; r < 9; ++r) {
    SeatingGaps gaps;
    done.push_back(seat_players(names(28), 4, done, 77, options, &gaps));
    EXPECT_EQ(done.back(), plan.rounds[static_cast<std::size_t>(r)]) << "round " << r + 1;
    EXPECT_EQ(gaps.repeat_meetings, 0);
    EXPECT_EQ(gaps.planned_repeat_meetings, 0);
  }
  EXPECT_EQ(repeats_over(done), 0);
}

TEST(SeatingPlan, ALateEntryAndAWithdrawalMidEventKeepTheScheduleValid) {
  // 40 players, 5 rounds, 2 pairs kept apart; after round 2 one withdraws and one enters, after
  // round 3 another enters: every round seats everyone once, the pairs apart, and (40 players
  // being far from their 13 perfect rounds) nobody meets anyone twice.
  SeatingOptions options;
  options.rounds_total = 5;
  options.apart = {{"P1", "P2"}, {"P10", "P20"}};
  std::vector<std::string> players = names(40);
  std::vector<SeatedTables> done;
  for (int r = 1; r <= 5; ++r) {
    if (r == 3) {
      players.erase(std::find(players.begin(), players.end(), "P17"));
      players.push_back("P41");
    }
    if (r == 4) players.push_back("P42");
    SeatingGaps gaps;
    const SeatedTables round = seat_players(players, 4, done, 2024, options, &gaps);
    expect_whole_round(round, players, 4);
    EXPECT_FALSE(together(round, "P1", "P2")) << r;
    EXPECT_FALSE(together(round, "P10", "P20")) << r;
    EXPECT_TRUE(gaps.apart_together.empty()) << r;
    EXPECT_EQ(repeat_meetings(done, round), 0) << "round " << r;
    EXPECT_EQ(gaps.repeat_meetings, 0) << r;
    done.push_back(round);
  }
  // The same entries and withdrawals seat the same rounds.
  std::vector<std::string> again = names(40);
  std::vector<SeatedTables> replay;
  for (int r = 1; r <= 5; ++r) {
    if (r == 3) {
      again.erase(std::find(again.begin(), again.end(), "P17"));
      again.push_back("P41");
    }
    if (r == 4) again.push_back("P42");
    replay.push_back(seat_players(again, 4, replay, 2024, options));
  }
  EXPECT_EQ(replay, done);
}

TEST(SeatingPlan, ARoundPastThePlannedOnesIsSeatedOnItsOwn) {
  SeatingOptions options;
  options.rounds_total = 2;
  std::vector<SeatedTables> done;
  for (int r = 0; r < 4; ++r) done.push_back(seat_players(names(16), 4, done, 9, options));
  for (const SeatedTables& round : done) expect_whole_round(round, names(16), 4);
  // A third round without repeats is always there to find; a fourth may not be, seated one round
  // at a time (three rounds of 16 can leave no fourth that meets nobody again).
  EXPECT_EQ(repeats_over({done[0], done[1], done[2]}), 0);
}

}  // namespace
}  // namespace deedlog
