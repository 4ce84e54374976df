#pragma once
// referee tournament export and referee tournament check (docs/tournaments.md, "Exports and the
// record"; the record's format: docs/tournament-record.md): the standings and the results as CSV,
// the whole event as one open record, and a record compared with the journal.
#include <iosfwd>

#include "commands/tournament_command.h"
#include "journal/journal.h"
#include "service/tournament.h"

namespace deedlog {

// export --csv standings|results [--out FILE] | export --record FILE. A file named is created
// private (0600) and never over one already there (exit 2, nothing written).
int run_tournament_export(Journal& j, const Tournament& t, const CommonOptions& o, const TournamentOptions& opt,
                          std::ostream& out, std::ostream& err);

// check FILE: 0 when every figure of the record is the journal's, 1 naming each that differs,
// 2 for a file that is not a record this program reads (1 when it cannot be read at all).
int run_tournament_check(Journal& j, const CommonOptions& o, const TournamentOptions& opt, std::ostream& out,
                         std::ostream& err);

}  // namespace deedlog
