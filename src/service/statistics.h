#pragma once
// referee stats: figures over every game in a journal: where tokens end their throws, how long
// games last, which seat wins.
#include <cstdint>
#include <vector>

#include <string>

#include "core/status.h"
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
};

Status journal_statistics(Journal& journal, JournalStatistics* out);

}  // namespace deedlog
