#include "present/tournament_csv.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

#include "present/tournament_json.h"

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

// The columns standings --json gives beside the fixed ones: each scalar field under its name,
// each member of an object field (a set of tie-break figures) under the member's name.
const std::vector<std::string> kFixedStandingFields = {"rank", "player", "points", "net_worth", "tables", "withdrawn"};

void extra_columns(const ojson& standing, std::vector<std::string>* names) {
  auto add = [&](const std::string& name) {
    if (std::find(names->begin(), names->end(), name) == names->end()) names->push_back(name);
  };
  for (const auto& [key, value] : standing.items()) {
    if (std::find(kFixedStandingFields.begin(), kFixedStandingFields.end(), key) != kFixedStandingFields.end()) continue;
    if (value.is_object()) {
      for (const auto& [member, figure] : value.items())
        if (!figure.is_structured()) add(key + "." + member);
    } else if (!value.is_array()) {
      add(key);
    }
  }
}

ojson extra_value(const ojson& standing, const std::string& column) {
  if (standing.contains(column)) return standing.at(column);
  const auto dot = column.find('.');
  if (dot == std::string::npos) return nullptr;
  const std::string key = column.substr(0, dot), member = column.substr(dot + 1);
  if (!standing.contains(key) || !standing.at(key).is_object() || !standing.at(key).contains(member)) return nullptr;
  return standing.at(key).at(member);
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
  std::vector<ojson> rows;
  std::vector<std::string> extras;
  for (const Standing& s : e.standings) {
    rows.push_back(standing_json(s));
    extra_columns(rows.back(), &extras);
  }
  std::vector<std::string> header = {"rank", "player", "points"};
  for (const std::string& x : extras) header.push_back(csv_text_cell(x));
  for (const char* name : {"net_worth", "tables", "withdrawn"}) header.emplace_back(name);
  std::string out = csv_line(header);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ojson& row = rows[i];
    std::vector<std::string> cells = {csv_value(row.at("rank")), csv_value(row.at("player")), csv_value(row.at("points"))};
    for (const std::string& x : extras) cells.push_back(csv_value(extra_value(row, x)));
    cells.push_back(csv_value(row.at("net_worth")));
    cells.push_back(std::to_string(e.standings[i].tables.size()));
    cells.push_back(e.standings[i].withdrawn ? "true" : "false");
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
