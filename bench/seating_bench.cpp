// The seating's figures (docs/tournaments.md, "Seating"), measured by hand, not in CI:
//
//   seating_bench [--seed S] [--players N]
//                              for 16 to 172 players in fours over up to 15 rounds (52 also over
//                              17, its perfect schedule's), the repeat meetings of an event seated
//                              round by round as a tournament seats it (each round from the plan,
//                              service/tournament_seating.h), of the earlier seating (one round at
//                              a time, greedily), the least any schedule can have by counting, the
//                              best published, and the seconds a round took, wall and CPU (the
//                              worst round and the mean); then the same events with a withdrawal
//                              and a late entry halfway; with --players, only the events of N
//                              players
//
// One thread: the seating uses one core, whatever the machine has.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "service/tournament_seating.h"

namespace deedlog {
namespace {

struct Case {
  int players;
  int rounds;
  const char* published;  // the best schedule published for these numbers, in repeats
};

// Repeats in the best published schedules (the social golfer problem's tables): 0 where a
// schedule meeting nobody twice is known for the rounds asked. Every number of players that is 4
// more than a multiple of 12 (16, 28, 40, 52, 64, ..., 172) has one for every round the counting
// allows ((N - 1) / 3: resolvable designs, known to exist since 1972); 32 for 10 rounds (found in
// 2004; 11 are impossible); 20 for 5 (the counting allows 6). "-" where we know of no figure.
constexpr Case kCases[] = {
    {16, 5, "0"},   {16, 15, "-"},  {20, 5, "0"},   {20, 6, "-"},   {20, 15, "-"},  {24, 7, "-"},
    {28, 9, "0"},   {28, 15, "-"},  {32, 10, "0"},  {32, 15, "-"},  {36, 11, "-"},  {40, 13, "0"},
    {40, 15, "-"},  {44, 14, "-"},  {48, 15, "-"},  {52, 15, "0"},  {52, 17, "0"},  {56, 15, "-"},
    {60, 15, "-"},  {64, 15, "0"},  {100, 15, "0"}, {172, 15, "0"},
};

std::vector<std::string> names(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(fmt::format("P{}", i + 1));
  return out;
}

// The fewest repeats any schedule can have: the meetings beyond the pairs there are (each pair
// can meet once without repeating), or 0.
int least_by_counting(int players, int rounds) {
  long meetings = 0;
  for (int size : table_sizes(players, 4)) meetings += static_cast<long>(size) * (size - 1) / 2;
  meetings *= rounds;
  const long pairs = static_cast<long>(players) * (players - 1) / 2;
  return static_cast<int>(std::max(0L, meetings - pairs));
}

int repeats_of(const std::vector<SeatedTables>& rounds) {
  int repeats = 0;
  for (std::size_t r = 0; r < rounds.size(); ++r)
    repeats += repeat_meetings(std::vector<SeatedTables>(rounds.begin(), rounds.begin() + static_cast<std::ptrdiff_t>(r)), rounds[r]);
  return repeats;
}

int run(int argc, char** argv) {
  std::uint64_t seed = 1;
  int only = 0;  // every number of players
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::strcmp(argv[i], "--players") == 0 && i + 1 < argc) {
      only = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: seating_bench [--seed S] [--players N]\n");
      return 2;
    }
  }
  std::printf("| players | rounds | repeats, planned | repeats, greedy | least by counting | best published | s a round, wall (worst, mean) | s a round, CPU (worst, mean) |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  for (const Case& c : kCases) {
    if (only != 0 && c.players != only) continue;
    const std::vector<std::string> players = names(c.players);
    SeatingOptions options;
    options.rounds_total = c.rounds;
    std::vector<SeatedTables> planned;
    double wall_worst = 0, wall_sum = 0, cpu_worst = 0, cpu_sum = 0;
    for (int r = 0; r < c.rounds; ++r) {
      const auto wall0 = std::chrono::steady_clock::now();
      const std::clock_t cpu0 = std::clock();
      planned.push_back(seat_players(players, 4, planned, seed, options));
      const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
      wall_worst = std::max(wall_worst, wall), wall_sum += wall;
      cpu_worst = std::max(cpu_worst, cpu), cpu_sum += cpu;
    }
    std::vector<SeatedTables> greedy;
    for (int r = 0; r < c.rounds; ++r) greedy.push_back(seat_players_greedily(players, 4, greedy, seed));
    std::printf("| %d | %d | %d | %d | %d | %s | %.2f, %.2f | %.2f, %.2f |\n", c.players, c.rounds, repeats_of(planned),
                repeats_of(greedy), least_by_counting(c.players, c.rounds), c.published, wall_worst, wall_sum / c.rounds,
                cpu_worst, cpu_sum / c.rounds);
    std::fflush(stdout);
  }
  // A late entry and a withdrawal halfway: P2 leaves and L1 enters before round R/2 + 1. The
  // rounds after it are planned again from the rounds played (two plans in that round).
  std::printf("\n| players | rounds | change before round | repeats, planned | of which after the change | s a round, wall (worst) | s a round, CPU (worst) |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  for (const Case& c : {Case{16, 5, ""}, Case{28, 9, ""}, Case{32, 10, ""}, Case{40, 13, ""}, Case{52, 15, ""}, Case{64, 15, ""}, Case{172, 15, ""}}) {
    if (only != 0 && c.players != only) continue;
    std::vector<std::string> players = names(c.players);
    SeatingOptions options;
    options.rounds_total = c.rounds;
    const int change = c.rounds / 2 + 1;
    std::vector<SeatedTables> planned;
    double wall_worst = 0, cpu_worst = 0;
    int before = 0;
    for (int r = 1; r <= c.rounds; ++r) {
      if (r == change) {
        before = repeats_of(planned);
        players.erase(std::find(players.begin(), players.end(), "P2"));
        players.push_back("L1");
      }
      const auto wall0 = std::chrono::steady_clock::now();
      const std::clock_t cpu0 = std::clock();
      planned.push_back(seat_players(players, 4, planned, seed, options));
      cpu_worst = std::max(cpu_worst, static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC);
      wall_worst = std::max(wall_worst, std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count());
    }
    const int total = repeats_of(planned);
    std::printf("| %d | %d | %d | %d | %d | %.2f | %.2f |\n", c.players, c.rounds, change, total, total - before, wall_worst, cpu_worst);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace
}  // namespace deedlog

int main(int argc, char** argv) { return deedlog::run(argc, argv); }
