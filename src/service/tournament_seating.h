#pragma once
// Seating a tournament's round (docs/tournaments.md, "Seating"): tables of the size asked, smaller
// ones only where the numbers force it (17 in fours: 4, 4, 3, 3, 3), as few repeat meetings as a
// search finds, pairs kept apart, and who throws first rotated. When the event's number of rounds
// is known, the round is the next one of a plan for all of them (service/seating_plan.h). Pure and
// deterministic: the same players, history, options and seed give the same tables.
#include <cstdint>
#include <string>
#include <vector>

#include "service/seating_plan.h"

namespace deedlog {

// What the seating is told beyond the players and the rounds played.
struct SeatingOptions {
  // The event's rounds (TournamentSettings::rounds), 0 when not known. Known, and the round being
  // seated among them, the round is taken from a plan of the whole event: the plan made before
  // round 1 (made again, the same every time) while the rounds played are its own and the players
  // the same; else a plan of the rounds left, from the rounds played, started from the first plan
  // (so a late entry or a withdrawal changes it only as far as it must). Not known, or a round
  // past them, the round is seated on its own.
  int rounds_total = 0;
  std::vector<ApartPair> apart;          // pairs never at one table while any seating found avoids it
  std::int64_t budget = kSeatingBudget;  // moves tried by each plan (seating_plan.h)
};

// What the seating of a round could not give, to report.
struct SeatingGaps {
  std::vector<ApartPair> apart_together;  // pairs to keep apart seated together this round
  int repeat_meetings = 0;                // pairs at this round's tables who had met before
  int planned_repeat_meetings = 0;        // the same over this round and the rest of the plan
};

// The round's tables, each in seating order. Pairs to keep apart are kept apart first; then repeat
// meetings (a pair at one table that met at an earlier one) are minimised, weighted by how often
// the pair met (1, then 4, then 9 ...), over the rounds planned; then every table has a player
// who has thrown first as seldom as anyone at it, and who throws first is shared out evenly over
// the plan. `gaps`, when given, says what could not be had.
SeatedTables seat_players(const std::vector<std::string>& players, int table_size,
                          const std::vector<SeatedTables>& earlier, std::uint64_t seed,
                          const SeatingOptions& options, SeatingGaps* gaps = nullptr);

// The same with no options: the round seated on its own.
SeatedTables seat_players(const std::vector<std::string>& players, int table_size,
                          const std::vector<SeatedTables>& earlier, std::uint64_t seed);

// The seating used before plans, one round at a time: 60 shuffles, each improved by swaps while
// a swap helps, the cheapest kept. Not used to seat; kept as the yardstick the plans are measured
// against (bench/seating_bench.cpp).
SeatedTables seat_players_greedily(const std::vector<std::string>& players, int table_size,
                                   const std::vector<SeatedTables>& earlier, std::uint64_t seed);

// The pairs seated together in `round` that had already met in earlier rounds (each pair once).
int repeat_meetings(const std::vector<SeatedTables>& earlier, const SeatedTables& round);

}  // namespace deedlog
