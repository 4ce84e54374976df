#pragma once
// What the exports of a tournament show (docs/tournaments.md, "Exports and the record"): every
// round's tables with their results, and the standings, gathered once from the journal for the
// CSV files and the open record (present/tournament_csv.h, present/tournament_record.h), and
// again by `tournament check` to compare a record with the journal.
//
// A duplicate round's tables are hidden until the round ends, as the server hides them from all
// but the Head Judge (serve/serve_tournament.h): its seats are public (seat printed them), its
// places, points and net worths are not, so an export gives none of them until then.
#include <optional>
#include <vector>

#include "deedlog/status.h"
#include "journal/journal.h"
#include "service/tournament.h"

namespace deedlog {

struct ExportedTable {
  int table = 0;
  std::int64_t game = 0;
  std::vector<std::string> players;  // by seat: the first throws first
  std::optional<TableResult> result;  // none while the round is hidden
};

struct ExportedRound {
  int round = 0;
  bool final = false;
  bool duplicate = false;
  std::string commitment;  // a duplicate round's ("" for none)
  bool dice_by_seat = false;  // a duplicate round dealt by seat: its players are scored against the field
  bool time_called = false;
  // ended: time called, or every game over or with time called. hidden: a duplicate round not
  // ended, whose results no export gives.
  bool ended = false;
  bool hidden = false;
  std::vector<ExportedTable> tables;
};

struct TournamentExport {
  std::vector<ExportedRound> rounds;
  std::vector<Standing> standings;  // as tournament_standings gives them
  int rounds_counted = 0;
};

// Whether round r has ended: time called in it, or every game over or with time called.
Status tournament_round_ended(Journal& journal, const TournamentRound& r, bool* ended);

// The rounds, their tables and results (none for a hidden round) and the standings of t.
Status gather_tournament_export(Journal& journal, const Tournament& t, TournamentExport* out);

}  // namespace deedlog
