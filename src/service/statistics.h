#pragma once
// referee stats: figures over every game in a journal: where tokens end their throws, how long
// games last, which seat wins.
#include <cstdint>
#include <vector>

#include <string>
#include <utility>

#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

struct JournalStatistics {
  std::int64_t games = 0;
  std::int64_t throws = 0;
  std::vector<std::int64_t> landings;       // by square: where a token ended a throw and all it caused
  std::int64_t landings_in_jail = 0;        // of the Jail square's landings, those in Jail (not visiting)
  std::vector<std::int64_t> game_moves;     // moves per game
  std::vector<std::int64_t> wins_by_seat;
  std::int64_t unfinished = 0;
  std::vector<std::string> square_names;
  int jail_square = -1;
  // The published long-run tables assume a token already in play; every game here starts its
  // tokens on GO. skip_throws leaves out each token's first throws of each game (throws and
  // landings alike), so the two can be compared on the same assumptions.
  int skip_throws = 0;
  // How the games' players left jail (the JailStrategy tag simulate writes: "short" or "long";
  // "mixed" for games without one, the built-in players' own choice), with the games of each.
  std::vector<std::pair<std::string, std::int64_t>> jail_strategies;
};

// skip_throws: each token's first throws of each game that are not counted (0: all are).
Status journal_statistics(Journal& journal, JournalStatistics* out, int skip_throws = 0);

}  // namespace deedlog
