#pragma once
// What a round's printed page holds (`tournament print`, GET /api/tournaments/ID/rounds/N/print,
// docs/tournaments.md "Printing a round"): for each table its seats, its key made again from the
// Head Judge's (service/table_keys.h), and its figures as they stand. Gathering them reads the
// journal and records nothing: a page can be printed as often as cards get lost.
#include <string>
#include <vector>

#include "deedlog/status.h"
#include "service/tournament.h"

namespace deedlog {

class Journal;

struct PrintedTable {
  TournamentTable table;  // its key in clear when derived; empty when the round's keys were drawn
  TableResult result;     // the figures now (provisional until time is called and the move done)
};

struct PrintedRound {
  TournamentRound round;
  std::vector<PrintedTable> tables;
};

// Round n of t, for the judge whose key is judge_key (checked here too: the page carries every
// table's key). InvalidArgument when the round is not seated or the key is not the judge's.
Status print_round(Journal& journal, const Tournament& t, int n, const std::string& judge_key, PrintedRound* out);

}  // namespace deedlog
