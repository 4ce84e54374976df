#include "present/tournament_record.h"

#include <fmt/format.h>

#include <algorithm>

#include "present/tournament_json.h"
#include "present/tournament_words.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

ojson round_or_null(int round) { return round > 0 ? ojson(round) : ojson(nullptr); }

ojson tournament_json(const Tournament& t) {
  const TournamentSettings& s = t.settings;
  ojson apart = ojson::array();
  for (const ApartPair& p : s.apart) apart.push_back({p.a, p.b});
  // The seating's seed is left out: with the players it tells the seating of rounds not yet seated.
  return ojson{{"id", t.id},
               {"name", s.name},
               {"edition", s.ruleset},
               {"variants", s.variants},
               {"rounds", s.rounds},
               {"table_size", s.table_size},
               {"time_limit", s.time_limit},
               {"duplicate", s.duplicate},
               {"seating", s.planned ? "planned" : "round-by-round"},
               {"apart", apart},
               {"created", t.created},
               {"first_head", t.first_head}};
}

// Every entrant in order of entry: those entered at `new`, then the late entries.
ojson players_json(const Tournament& t) {
  std::vector<std::string> order = t.settings.players;
  for (const TournamentEntry& e : t.entries)
    if (e.kind == EntryKind::LateEntry && std::find(order.begin(), order.end(), e.player) == order.end())
      order.push_back(e.player);
  ojson list = ojson::array();
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::string& name = order[i];
    int entered = 1, withdrawn = 0, no_show = 0;
    for (const TournamentEntry& e : t.entries) {
      if (e.player != name) continue;
      if (e.kind == EntryKind::LateEntry) entered = e.from_round;
      else if (e.kind == EntryKind::Withdrawal && withdrawn == 0) withdrawn = e.from_round;
      else if (e.kind == EntryKind::NoShow && no_show == 0) no_show = e.from_round;
    }
    ojson seated = ojson::array();
    for (const TournamentRound& r : t.rounds)
      for (const TournamentTable& table : r.tables)
        if (std::find(table.players.begin(), table.players.end(), name) != table.players.end()) seated.push_back(r.round);
    list.push_back({{"name", name},
                    {"entry", static_cast<int>(i) + 1},
                    {"entered_round", entered},
                    {"withdrawn_round", round_or_null(withdrawn)},
                    {"no_show_round", round_or_null(no_show)},
                    {"rounds_seated", seated}});
  }
  return list;
}

ojson table_json(const ExportedTable& table) {
  ojson j{{"table", table.table}, {"game", table.game}, {"players", table.players}};
  if (!table.result) return j;
  const TableResult& r = *table.result;
  j["head"] = r.head;
  j["head_seq"] = r.seq;
  j["over"] = r.over;
  j["provisional"] = r.provisional;
  ojson seats = ojson::array();
  for (std::size_t seat = 0; seat < table.players.size(); ++seat)
    for (const Placing& p : r.placings)
      if (p.player == table.players[seat])
        seats.push_back({{"seat", static_cast<int>(seat) + 1},
                         {"player", p.player},
                         {"place", p.place},
                         {"points", points_json(p.points)},
                         {"net_worth", p.net_worth.units},
                         {"bankrupt", p.bankrupt},
                         {"out_order", p.out_order}});
  j["seats"] = seats;
  return j;
}

ojson rounds_json(const TournamentExport& e) {
  ojson list = ojson::array();
  for (const ExportedRound& r : e.rounds) {
    ojson tables = ojson::array();
    for (const ExportedTable& table : r.tables) tables.push_back(table_json(table));
    list.push_back({{"round", r.round},
                    {"final", r.final},
                    {"duplicate", r.duplicate},
                    {"commitment", r.commitment},
                    {"time_called", r.time_called},
                    {"ended", r.ended},
                    {"hidden", r.hidden},
                    {"tables", tables}});
  }
  return list;
}

ojson appeals_json(const Tournament& t) {
  ojson list = ojson::array();
  for (const TournamentAppeal& a : t.appeals)
    list.push_back({{"number", a.number},
                    {"round", a.round},
                    {"table", a.table},
                    {"game", a.game},
                    {"claim", a.claim},
                    {"outcome", a.upheld ? "upheld" : "rejected"},
                    {"correction", a.correction},
                    {"game_seq", a.game_seq},
                    {"game_head", a.game_head}});
  return list;
}

ojson standings_record_json(const TournamentExport& e) {
  ojson list = ojson::array();
  for (const Standing& s : e.standings) list.push_back(standing_json(s));
  return ojson{{"rounds_counted", e.rounds_counted}, {"list", list}};
}

// A key as a JSON Pointer's token (RFC 6901): "~" as "~0", "/" as "~1".
std::string pointer_token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

// Walks the journal's record (whose depth is ours) and the one given side by side; where their
// kinds differ the whole value differs, so the walk never goes deeper than the journal's.
void compare(const ojson& record, const ojson& journal, const std::string& path, std::vector<RecordDifference>* out) {
  if (record.is_object() && journal.is_object()) {
    for (const auto& [key, value] : journal.items()) {
      const std::string at = path + "/" + pointer_token(key);
      if (record.contains(key)) compare(record.at(key), value, at, out);
      else out->push_back({at, nullptr, value});
    }
    for (const auto& [key, value] : record.items())
      if (!journal.contains(key)) out->push_back({path + "/" + pointer_token(key), value, nullptr});
    return;
  }
  if (record.is_array() && journal.is_array()) {
    for (std::size_t i = 0; i < std::max(record.size(), journal.size()); ++i) {
      const std::string at = path + "/" + std::to_string(i);
      if (i >= record.size()) out->push_back({at, nullptr, journal[i]});
      else if (i >= journal.size()) out->push_back({at, record[i], nullptr});
      else compare(record[i], journal[i], at, out);
    }
    return;
  }
  // Numbers compare by value (6 and 6.0 agree); anything else by kind and value.
  if (record != journal) out->push_back({path.empty() ? "/" : path, record, journal});
}

}  // namespace

ojson tournament_record_json(const Tournament& t, const TournamentExport& e) {
  return ojson{{"format", std::string(kTournamentRecordFormat)},
               {"version", kTournamentRecordVersion},
               {"tournament", tournament_json(t)},
               {"players", players_json(t)},
               {"rounds", rounds_json(e)},
               {"appeals", appeals_json(t)},
               {"standings", standings_record_json(e)},
               {"head", {{"record", t.last_seq}, {"hash", t.head}}}};
}

Status read_tournament_record(std::string_view text, ojson* out, std::int64_t* tournament) {
  if (text.size() > kTournamentRecordMostBytes)
    return Status::invalid_argument(
        fmt::format("the file is larger than any tournament record ({} bytes at most)", kTournamentRecordMostBytes));
  // The parser builds no value deeper than a record's own: a crafted nesting is refused, not walked.
  bool too_deep = false;
  const ojson::parser_callback_t depth_limit = [&](int depth, ojson::parse_event_t, ojson&) {
    if (depth > kTournamentRecordMostDepth) too_deep = true;
    return !too_deep;
  };
  ojson doc = ojson::parse(text.begin(), text.end(), depth_limit, false);
  if (too_deep)
    return Status::invalid_argument(
        fmt::format("the file nests deeper than any tournament record ({} levels at most)", kTournamentRecordMostDepth));
  if (doc.is_discarded()) return Status::invalid_argument("the file is not JSON (cut short, or not a tournament record)");
  if (!doc.is_object() || !doc.contains("format") || !doc.at("format").is_string() ||
      doc.at("format").get<std::string>() != kTournamentRecordFormat)
    return Status::invalid_argument(fmt::format("the file is not a tournament record (its \"format\" is not \"{}\")",
                                                kTournamentRecordFormat));
  if (!doc.contains("version") || !doc.at("version").is_number_integer())
    return Status::invalid_argument("the record has no \"version\" (a whole number)");
  if (doc.at("version") != kTournamentRecordVersion)
    return Status::invalid_argument(fmt::format("the record is of version {}; this referee reads version {}",
                                                doc.at("version").dump(), kTournamentRecordVersion));
  if (!doc.contains("tournament") || !doc.at("tournament").is_object() || !doc.at("tournament").contains("id") ||
      !doc.at("tournament").at("id").is_number_integer() || doc.at("tournament").at("id").get<std::int64_t>() < 1)
    return Status::invalid_argument("the record names no tournament (\"tournament\": {\"id\": a whole number from 1})");
  *tournament = doc.at("tournament").at("id").get<std::int64_t>();
  *out = std::move(doc);
  return Status::ok();
}

std::vector<RecordDifference> compare_tournament_records(const ojson& record, const ojson& journal) {
  std::vector<RecordDifference> out;
  compare(record, journal, "", &out);
  return out;
}

ojson record_check_json(std::int64_t tournament, const std::vector<RecordDifference>& differences) {
  ojson list = ojson::array();
  for (const RecordDifference& d : differences)
    list.push_back({{"path", d.path}, {"record", d.record}, {"journal", d.journal}});
  return ojson{{"ok", differences.empty()}, {"tournament", tournament}, {"differences", list}};
}

std::string record_check_words(std::int64_t tournament, const std::vector<RecordDifference>& differences) {
  if (differences.empty())
    return fmt::format("tournament {}: the record agrees with the journal: every figure made again from it is the same\n",
                       tournament);
  auto shown = [](const ojson& v) { return v.is_null() ? std::string("(none)") : v.dump(); };
  std::string out = fmt::format("tournament {}: the record DIFFERS from the journal in {} place{}:\n", tournament,
                                differences.size(), differences.size() == 1 ? "" : "s");
  for (const RecordDifference& d : differences)
    out += fmt::format("  {}: the record says {}, the journal {}\n", d.path, shown(d.record), shown(d.journal));
  return out;
}

ojson export_written_json(const Tournament& t, const std::string& file, int hidden_rounds) {
  return ojson{{"tournament", t.id}, {"file", file}, {"head", t.head}, {"head_record", t.last_seq},
               {"hidden_rounds", hidden_rounds}};
}

std::string export_written_words(const Tournament& t, const std::string& what, const std::string& file, int hidden_rounds) {
  std::string out = fmt::format("{} of tournament {} ({}) written to {} (readable by you alone).\n", what, t.id,
                                t.settings.name, file);
  if (hidden_rounds > 0)
    out += fmt::format("{} duplicate round{} still in play {} left out: {} results are hidden until {} ends.\n",
                       hidden_rounds, hidden_rounds == 1 ? "" : "s", hidden_rounds == 1 ? "is" : "are",
                       hidden_rounds == 1 ? "its" : "their", hidden_rounds == 1 ? "it" : "each");
  return out + head_words(t.id, t.last_seq, t.head);
}

}  // namespace deedlog
