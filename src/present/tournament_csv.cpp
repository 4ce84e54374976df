#include "present/tournament_csv.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

#include "present/tournament_json.h"
#include "service/tournament_tie_breaks.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

constexpr std::string_view kLineEnd = "\r\n";  // RFC 4180

// A figure we write: numbers and true/false as JSON writes them, a string as text.
std::string csv_value(const ojson& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return csv_text_cell(v.get<std::string>());
  return v.dump();
}

std::string csv_line(const std::vector<std::string>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ',';
    out += cells[i];
  }
  out += kLineEnd;
  return out;
}

}  // namespace

std::string csv_text_cell(std::string_view text) {
  const bool formula = !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
  const bool quote = formula || text.find_first_of(",\"\r\n") != std::string_view::npos;
  if (!quote) return std::string(text);
  std::string out = "\"";
  if (formula) out += '\'';
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string standings_csv(const TournamentExport& e) {
  // The tie-breaks' columns, named as the tie-breaks are (docs/tournaments.md), in the
  // tournament's order: every standing carries the same ones.
  std::vector<std::string> tie_breaks;
  if (!e.standings.empty())
    for (const TieBreakValue& v : e.standings.front().tie_breaks) tie_breaks.emplace_back(tie_break_name(v.tie_break));
  std::vector<std::string> header = {"rank", "player", "points"};
  header.insert(header.end(), tie_breaks.begin(), tie_breaks.end());
  // The score against the field, after the tie-breaks, in a tournament with a round dealt by
  // seat (one without any has no such score, and its file keeps the columns it always had).
  const bool field = std::any_of(e.rounds.begin(), e.rounds.end(), [](const ExportedRound& r) { return r.dice_by_seat; });
  if (field) header.emplace_back("field");
  for (const char* name : {"net_worth", "tables", "withdrawn"}) header.emplace_back(name);
  std::string out = csv_line(header);
  for (const Standing& s : e.standings) {
    const ojson row = standing_json(s);  // the figures as standings --json writes them
    std::vector<std::string> cells = {csv_value(row.at("rank")), csv_value(row.at("player")), csv_value(row.at("points"))};
    for (const std::string& name : tie_breaks)
      cells.push_back(row.contains("tie_breaks") && row.at("tie_breaks").contains(name)
                          ? csv_value(row.at("tie_breaks").at(name))
                          : std::string());
    if (field) cells.push_back(row.contains("field") ? csv_value(row.at("field")) : std::string());
    cells.push_back(csv_value(row.at("net_worth")));
    cells.push_back(std::to_string(s.tables.size()));
    cells.push_back(s.withdrawn ? "true" : "false");
    out += csv_line(cells);
  }
  return out;
}

std::string results_csv(const TournamentExport& e) {
  std::string out = csv_line({"round", "table", "game", "seat", "player", "place", "points", "net_worth", "bankrupt",
                              "out_order", "provisional"});
  for (const ExportedRound& round : e.rounds) {
    if (round.hidden) continue;
    for (const ExportedTable& table : round.tables) {
      if (!table.result) continue;
      for (std::size_t seat = 0; seat < table.players.size(); ++seat) {
        const auto p = std::find_if(table.result->placings.begin(), table.result->placings.end(),
                                    [&](const Placing& x) { return x.player == table.players[seat]; });
        if (p == table.result->placings.end()) continue;
        out += csv_line({std::to_string(round.round), std::to_string(table.table), std::to_string(table.game),
                         std::to_string(seat + 1), csv_text_cell(p->player), std::to_string(p->place),
                         points_json(p->points).dump(), std::to_string(p->net_worth.units), p->bankrupt ? "true" : "false",
                         std::to_string(p->out_order), table.result->provisional ? "true" : "false"});
      }
    }
  }
  return out;
}

}  // namespace deedlog
