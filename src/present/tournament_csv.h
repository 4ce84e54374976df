#pragma once
// `tournament export --csv standings|results` (docs/tournaments.md, "Exports and the record"):
// the standings and the tables' results as CSV, RFC 4180 (cells with a comma, a double quote or a
// line break quoted, quotes doubled; lines end CRLF), a header line first.
//
// A text cell is one a spreadsheet must never run: one that begins with =, +, -, @, a tab or a
// carriage return is written quoted with a single quote before it ('=SUM(A1) shows as =SUM(A1),
// text), as OWASP advises against CSV injection. A player's name is the only text a user types
// into these files; the figures are numbers this program writes, never changed (a negative net
// worth stays -50, a number).
#include <string>
#include <string_view>

#include "service/tournament_export.h"

namespace deedlog {

// One text cell, neutralised and quoted as above.
std::string csv_text_cell(std::string_view text);

// rank, player, points, then every figure the standings give beside these (the tie-breaks, each
// under its JSON name, in the order standings --json gives them), net_worth, tables (how many
// played), withdrawn.
std::string standings_csv(const TournamentExport& e);

// One line a player a table, by round, table and seat: round, table, game, seat, player, place,
// points, net_worth, bankrupt, out_order, provisional. A hidden round's tables are left out.
std::string results_csv(const TournamentExport& e);

}  // namespace deedlog
