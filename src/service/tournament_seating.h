#pragma once
// Seating a tournament's round (docs/tournaments.md, "Seating"): tables of the size asked, smaller
// ones only where the numbers force it (17 in fours: 4, 4, 3, 3, 3), as few repeat meetings as a
// search finds, and who throws first rotated. Pure and deterministic: the same players, history
// and seed give the same tables.
#include <cstdint>
#include <string>
#include <vector>

namespace deedlog {

// The sizes of the tables for n players at tables of size k: ceil(n / k) tables, as equal as
// they can be, the larger first (17, 4 -> 4 4 3 3 3; 16, 4 -> 4 4 4 4; 5, 4 -> 3 2).
std::vector<int> table_sizes(int players, int table_size);

// One earlier round as the seating weighs it: its tables, each in seating order (first throws first).
using SeatedTables = std::vector<std::vector<std::string>>;

// The round's tables, each in seating order. Repeat meetings (a pair at one table that met at
// an earlier one) are minimised first, weighted by how often the pair met (1, then 4, then 9 ...);
// then every table has a player who has thrown first as seldom as anyone at it, and the first
// seat goes to the player at the table who has thrown first least often (ties by the seed).
SeatedTables seat_players(const std::vector<std::string>& players, int table_size,
                          const std::vector<SeatedTables>& earlier, std::uint64_t seed);

// The pairs seated together in `round` that had already met in earlier rounds (each pair once).
int repeat_meetings(const std::vector<SeatedTables>& earlier, const SeatedTables& round);

}  // namespace deedlog
