#pragma once
// Planning a tournament's seating over all its remaining rounds at once (docs/tournaments.md,
// "Seating"). Seating one round at a time, each as well as it can be, paints itself into corners:
// 16 players in fours meet again 8 times in 5 rounds that a planned schedule fills with none.
// The planner is given what it knows (the players, the rounds already played, the pairs to keep
// apart) and returns every remaining round; the tournament seats the first of them and plans
// again before the next, from the rounds really played, so a late entry or a withdrawal changes
// the plan only as much as it must. Pure and deterministic: no clock, and a budget of work
// counted in moves tried, not seconds, so that any machine gives the same plan for the same
// request.
#include <cstdint>
#include <string>
#include <vector>

namespace deedlog {

// One round's tables, each in seating order (the first throws first).
using SeatedTables = std::vector<std::vector<std::string>>;

// Two players who must never share a table (siblings, partners).
struct ApartPair {
  std::string a;
  std::string b;
  bool operator==(const ApartPair&) const = default;
};

// The moves tried by default: under a second of one core where the search runs its course (32
// players over 10 rounds), the tournament's 2 s a round with room for a second plan after a late
// entry (bench/seating_bench.cpp). A plan that cannot be bettered stops sooner.
inline constexpr std::int64_t kSeatingBudget = 12'000'000;

// The sizes of the tables for n players at tables of size k: ceil(n / k) tables, as equal as
// they can be, the larger first (17, 4 -> 4 4 3 3 3; 16, 4 -> 4 4 4 4; 5, 4 -> 3 2).
std::vector<int> table_sizes(int players, int table_size);

struct SeatingRequest {
  std::vector<std::string> players;  // those to seat in every planned round (their order is not used)
  int table_size = 4;                // tables of this size; smaller ones where the numbers force it
  int rounds = 1;                    // how many rounds to plan, from the next one
  std::vector<SeatedTables> played;  // the rounds already played, in order (players gone since count for nothing)
  std::vector<ApartPair> apart;      // pairs never to seat together while any seating avoids it
  std::vector<SeatedTables> start;   // a schedule to start from (the plan made before a late entry
                                     // or a withdrawal): kept where it still fits, else empty
  std::uint64_t seed = 0;
  std::int64_t budget = kSeatingBudget;  // moves tried, at most
};

// A pair seated together in a planned round although asked to be kept apart: reported, since no
// seating the search found (given the rounds played) avoided it.
struct ApartBroken {
  int round = 0;  // from 1, within the plan
  ApartPair pair;
};

struct SeatingPlan {
  std::vector<SeatedTables> rounds;           // each planned round, each table in seating order
  std::vector<int> repeat_meetings;           // per planned round: pairs at its tables who met before
                                              // (in a played round or an earlier planned one)
  std::vector<ApartBroken> apart_broken;      // empty unless no seating found kept them apart
  int total_repeat_meetings() const;
};

// The plan for `request`: repeat meetings as few as the search finds (a pair meeting for the
// (m+1)th time costs m^2, so repeats are spread rather than piled on one pair), pairs to keep
// apart never together where the search finds a way, and the first seat shared out evenly (each
// player throws first as often as any other, give or take one, counting the rounds played).
// No rounds when there are no players, no rounds to plan or the table size is below 1.
SeatingPlan plan_seating(const SeatingRequest& request);

}  // namespace deedlog
