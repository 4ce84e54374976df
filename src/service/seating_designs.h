#pragma once
// Schedules known to be perfect, built rather than searched for (docs/tournaments.md, "Seating"):
// the parallel classes of an affine geometry. For q a prime power and n = q^m players (16 or 64
// in fours, 9, 27 or 81 in threes, 25 or 125 in fives), the points of the geometry over the
// field of q elements are the players, its lines are tables of q and the lines of one direction
// split every player into one table each: a round. Two points lie on exactly one line, so no two
// players ever meet twice, over as many rounds as there are directions, (q^m - 1) / (q - 1):
// 16 in fours get 5 perfect rounds (every pair meets once: the most any schedule can give),
// 64 in fours 21. A local search finds these schedules slowly or not at all; the geometry gives
// them at once.
#include <vector>

namespace deedlog {

// The perfect rounds for `players` at tables of `table_size`, each round its tables, each table
// the players' numbers (0 .. players - 1); at most `rounds` of them. Empty when no geometry fits
// (players not a power of a table size of 3, 4, 5 or 7, or fewer than 2 rounds' worth).
std::vector<std::vector<std::vector<int>>> affine_rounds(int players, int table_size, int rounds);

// The same from designs found once rather than built line by line: the lines of the projective
// space of dimension 3 over the field of q (15 players in threes, 40 in fours) and
// the Hermitian unital of order 3 (28 players in fours), two players together in exactly one
// block, the blocks split into rounds by a short search with a fixed seed (the same split every
// time). 40 in fours get 13 perfect rounds, 28 in fours 9, 15 in threes 7 (Kirkman's schoolgirls).
// And 32 in fours 9, the cosets of planes of the space of 5 bits that share no vector (a 10th
// round without repeats exists, but not of this kind: the search goes on from these 9).
// And 52 in fours 17, every pair once: 51 players as 3 classes of the integers modulo 17, 4
// blocks moved along them and turned among the classes, the 52nd player seated each round with
// the three players of one number.
// Empty when none fits or the split is not found.
std::vector<std::vector<std::vector<int>>> resolved_design_rounds(int players, int table_size, int rounds);

}  // namespace deedlog
