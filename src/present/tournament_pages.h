#pragma once
// The tournament's printed pages, HTML with print styles: a table's score sheet (`tournament
// sheet`) and a round's table cards with their sheets, one page a table (`tournament print`,
// GET /api/tournaments/ID/rounds/N/print). docs/tournaments.md shows them.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "service/game.h"
#include "service/round_print.h"
#include "service/tournament.h"

namespace deedlog {

// The score sheet of one table, to print and sign: its placings with the short game's
// valuation broken down, and the game's and the tournament's heads to check it by. journal: the
// journal the check commands name (--db), as the command was given it (a PostgreSQL URI without
// its password); "" for the placeholder JOURNAL, where the journal's name is not to be shown
// (the server's pages: a client is never told where the server keeps its files).
std::string sheet_html(const Tournament& t, const TableResult& r, const Game& g, const std::string& journal);

// A round's page: for each table, on a page of its own, the card to stand on it (event, round,
// table, game, the seats in throwing order, the time limit, the table's key and how to play with
// it) and its sheet as the figures stand. journal: as sheet_html's.
std::string round_print_html(const Tournament& t, const PrintedRound& printed, const std::string& journal);

// The standings as a wall chart (`tournament print --standings`, GET
// /api/tournaments/ID/standings/print): rank, player, points, the tie-breaks by name, net worth,
// tables played, a withdrawal marked, the champion named once the final is counted; large type,
// one page when it fits. Nothing secret: it goes on the wall.
std::string standings_wall_html(const Tournament& t, const std::vector<Standing>& standings, int rounds_counted);

// What `tournament print` says of the page it wrote to file: {"round", "file", "tables":
// [{"table", "game", "key_printed"}]} (key_printed false where the round's keys were drawn at
// random), and the same in words. Never the keys themselves: they are in the file alone.
nlohmann::ordered_json round_print_json(const PrintedRound& printed, const std::string& file);
std::string round_print_words(const PrintedRound& printed, const std::string& file);

}  // namespace deedlog
