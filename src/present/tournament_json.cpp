#include "present/tournament_json.h"

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "deedlog/clock_stamp.h"
#include "deedlog/game_header.h"
#include "journal/journal.h"

namespace deedlog {

using ojson = nlohmann::ordered_json;

ojson points_json(double p) {
  const double r = static_cast<double>(static_cast<long long>(p * 100 + (p >= 0 ? 0.5 : -0.5))) / 100;
  if (r == static_cast<double>(static_cast<long long>(r))) return static_cast<long long>(r);
  return r;
}

namespace {

ojson standing_table_json(const StandingTable& t) {
  ojson j{{"round", t.round}, {"table", t.table}, {"game", t.game}, {"place", t.place},
          {"points", points_json(t.points)}, {"net_worth", t.net_worth.units}};
  if (t.field) j["field"] = points_json(*t.field);
  return j;
}

}  // namespace

ojson tie_break_json(const TieBreakValue& v) {
  switch (v.tie_break) {
    case TieBreak::Share: return static_cast<double>(std::llround(v.value * 10000)) / 10000;
    case TieBreak::NetWorth:
    case TieBreak::Entry: return static_cast<long long>(std::llround(v.value));
    case TieBreak::HeadToHead:
    case TieBreak::Opponents: break;
  }
  return points_json(v.value);
}

ojson standing_json(const Standing& s) {
  ojson tables = ojson::array();
  for (const StandingTable& t : s.tables) tables.push_back(standing_table_json(t));
  ojson j{{"rank", s.rank}, {"player", s.player}, {"points", points_json(s.points)}, {"net_worth", s.net_worth.units},
          {"tables", tables}};
  if (s.withdrawn) j["withdrawn"] = true;
  if (s.no_show) j["no_show"] = true;  // beside withdrawn, which keeps meaning "left the event"
  ojson tie_breaks = ojson::object();
  for (const TieBreakValue& v : s.tie_breaks) tie_breaks[std::string(tie_break_name(v.tie_break))] = tie_break_json(v);
  j["tie_breaks"] = tie_breaks;
  if (s.final) j["final"] = standing_table_json(*s.final);
  // The score against the field, a percentage to 2 places, after rounds dealt by seat only.
  if (s.field) j["field"] = points_json(*s.field);
  return j;
}

ojson placing_json(const Placing& p) {
  ojson j{{"player", p.player},       {"place", p.place},          {"points", points_json(p.points)},
          {"cash", p.cash.units},     {"sites", p.sites.units},    {"mortgaged", p.mortgaged.units},
          {"buildings", p.buildings.units}, {"debts", p.debts.units}, {"net_worth", p.net_worth.units},
          {"bankrupt", p.bankrupt}};
  if (p.bankrupt) j["out_order"] = p.out_order;
  return j;
}

ojson champion_json(const Tournament& t, const std::vector<Standing>& standings) {
  if (standings.empty() || !standings.front().final) return nullptr;
  const bool crowns = t.settings.final_decides() == FinalRule::Crowns;
  return ojson{{"player", standings.front().player}, {"decided_by", crowns ? "final" : "points"}};
}

ojson standings_json(const Tournament& t, const std::vector<Standing>& standings, int rounds_counted) {
  ojson list = ojson::array();
  for (const Standing& s : standings) list.push_back(standing_json(s));
  ojson tie_breaks = ojson::array();
  for (TieBreak tb : t.settings.tie_break_order()) tie_breaks.push_back(std::string(tie_break_name(tb)));
  return ojson{{"tournament", t.id},
               {"name", t.settings.name},
               {"rounds", rounds_counted},
               {"tie_breaks", tie_breaks},
               {"final_rule", std::string(final_rule_name(t.settings.final_decides()))},
               {"champion", champion_json(t, standings)},
               {"standings", list},
               {"head", t.head},
               {"head_record", t.last_seq}};
}

Status standings_json(Journal& j, const Tournament& t, ojson* out) {
  std::vector<Standing> standings;
  int counted = 0;
  if (Status s = tournament_standings(j, t, &standings, &counted); !s.is_ok()) return s;
  *out = standings_json(t, standings, counted);
  return Status::ok();
}

ojson seat_json(const TournamentRound& round, int repeat_meetings, const SeatingGaps& gaps) {
  ojson tables = ojson::array();
  for (const TournamentTable& table : round.tables)
    tables.push_back({{"table", table.table}, {"game", table.game}, {"players", table.players}, {"key", table.key}});
  ojson doc{{"round", round.round}, {"tables", tables}, {"repeat_meetings", repeat_meetings},
            {"planned_repeat_meetings", gaps.planned_repeat_meetings}};
  ojson together = ojson::array();
  for (const ApartPair& pair : gaps.apart_together) together.push_back({pair.a, pair.b});
  doc["apart_together"] = together;
  if (round.final) doc["final"] = true;
  if (!round.commitment.empty()) doc["commitment"] = round.commitment;
  if (round.dice_by_seat) doc["dice"] = std::string(kSealedDiceBySeat);
  return doc;
}

ojson sheet_json(const Tournament& t, const TableResult& r, const TournamentSheet& sheet, const TournamentSheet* replaced) {
  ojson placings = ojson::array();
  for (const Placing& p : r.placings) placings.push_back(placing_json(p));
  ojson doc{{"round", r.round}, {"table", r.table},     {"game", r.game},         {"seq", r.seq},
            {"head", r.head},   {"over", r.over},       {"file", sheet.file},     {"sheet", sheet.record_seq},
            {"placings", placings}, {"tournament_head", t.head}};
  if (replaced)
    doc["supersedes"] = {{"sheet", replaced->record_seq}, {"head", replaced->head}, {"why", replaced->why_superseded}};
  return doc;
}

ojson entry_json(const TournamentEntry& e) {
  const std::string_view kind = e.kind == EntryKind::LateEntry    ? LateEntry::kKind
                                : e.kind == EntryKind::Withdrawal ? Withdrawal::kKind
                                                                  : NoShow::kKind;
  return ojson{{"player", e.player}, {"entry", std::string(kind)}, {"from_round", e.from_round}};
}

ojson call_time_json(int round, const std::vector<CallTimeOutcome>& outcomes) {
  ojson games = ojson::array();
  for (const CallTimeOutcome& c : outcomes)
    games.push_back({{"game", c.game}, {"table", c.table}, {"called", c.called}, {"over", c.over}});
  return ojson{{"round", round}, {"games", games}};
}

ojson clock_warning_json(const ClockWarning& w) {
  return ojson{{"tournament", w.tournament}, {"round", w.round},          {"table", w.table},
               {"game", w.game},             {"minutes", w.minutes},      {"seconds_left", w.seconds_left},
               {"ends_at", clock_text(w.ends_at)}};
}

ojson appeal_json(const TournamentAppeal& a) {
  ojson doc{{"appeal", a.number}, {"game", a.game}, {"round", a.round}, {"table", a.table}, {"claim", a.claim},
            {"upheld", a.upheld}, {"game_seq", a.game_seq}, {"head", a.game_head}};
  if (a.upheld) doc["correction"] = a.correction;
  return doc;
}

ojson tournament_log_json(const Tournament& t) {
  ojson records = ojson::array();
  for (const TournamentLogLine& l : t.log) {
    ojson r{{"seq", l.seq}, {"at", l.at}, {"kind", record_kind(l.record)}};
    r.update(shown_record_fields(l.record));
    records.push_back(r);
  }
  ojson appeals = ojson::array();
  for (const TournamentAppeal& a : t.appeals) {
    ojson aj{{"appeal", a.number}, {"game", a.game}, {"round", a.round}, {"table", a.table}, {"claim", a.claim},
             {"outcome", a.upheld ? "upheld" : "rejected"}, {"game_seq", a.game_seq}, {"head", a.game_head}};
    if (a.upheld) aj["correction"] = a.correction;
    appeals.push_back(aj);
  }
  ojson sheets = ojson::array();
  for (const TournamentSheet& s : t.sheets) {
    ojson sj{{"sheet", s.record_seq}, {"round", s.round}, {"table", s.table}, {"game", s.game}, {"head", s.head},
             {"file", s.file}, {"superseded", s.superseded_by != 0}};
    if (s.superseded_by) {
      sj["superseded_by"] = s.superseded_by;
      sj["why"] = s.why_superseded;
    }
    sheets.push_back(sj);
  }
  // Who entered or left after the start, each by name and kind, with the record that says so.
  ojson entries = ojson::array();
  for (const TournamentEntry& e : t.entries) {
    ojson ej = entry_json(e);
    ej["record"] = e.record_seq;
    entries.push_back(ej);
  }
  ojson rounds = ojson::array();
  for (const TournamentRound& r : t.rounds) {
    ojson games = ojson::array();
    for (const TournamentTable& table : r.tables) games.push_back(table.game);
    ojson rj{{"round", r.round}, {"games", games}, {"time_called", r.time_called}};
    if (r.final) rj["final"] = true;
    if (!r.commitment.empty()) rj["commitment"] = r.commitment;
    rounds.push_back(rj);
  }
  return ojson{{"tournament", t.id}, {"name", t.settings.name}, {"rounds", rounds}, {"appeals", appeals},
               {"sheets", sheets}, {"entries", entries}, {"records", records}, {"first_head", t.first_head}, {"head", t.head},
               {"head_record", t.last_seq}};
}

std::string table_page(std::int64_t game) { return fmt::format("/?game={}", game); }

ojson tournament_view_json(const Tournament& t, const TournamentView& v) {
  ojson rounds = ojson::array();
  for (const RoundView& r : v.rounds) {
    ojson tables = ojson::array();
    for (const TableView& table : r.tables) {
      ojson tj{{"table", table.table},
               {"game", table.game},
               {"players", table.players},
               {"over", table.over},
               {"time_called", table.time_called},
               {"page", table_page(table.game)}};
      tj["seconds_left"] = table.seconds_left ? ojson(*table.seconds_left) : ojson(nullptr);
      if (table.hidden) {
        tj["hidden"] = true;
      } else {
        tj["seq"] = table.seq;
        tj["leader"] = table.leader ? ojson(*table.leader) : ojson(nullptr);
        ojson worth = ojson::object();
        for (const auto& [player, units] : table.net_worth) worth[player] = units.units;
        tj["net_worth"] = worth;
      }
      tables.push_back(tj);
    }
    ojson rj{{"round", r.round}, {"time_called", r.time_called}, {"duplicate", r.duplicate}, {"ended", r.ended},
             {"tables", tables}};
    if (r.duplicate) rj["commitment"] = r.commitment;
    if (r.final) rj["final"] = true;
    rounds.push_back(rj);
  }
  ojson out = standings_json(t, v.standings, v.rounds_counted);
  out["duplicate"] = t.settings.duplicate;
  out["time_limit"] = t.settings.time_limit;
  out["appeals"] = t.appeals.size();
  out["tables"] = rounds;
  return out;
}

std::string reveal_refused_words(const RoundReveal& r) {
  return fmt::format(
      "round {}'s seed is revealed only once time is called in the round (tournament call-time --round {}); "
      "its commitment is {}",
      r.round, r.round, r.commitment);
}

ojson reveal_json(const RoundReveal& r) {
  // rule tournament/reveal-after-time
  if (r.time_not_called)
    return ojson{{"accepted", false},
                        {"violation",
                         {{"rule", "tournament/reveal-after-time"}, {"section", "TOURNAMENTS"}, {"message", reveal_refused_words(r)}}}};
  return ojson{{"round", r.round}, {"seed", r.seed}, {"commitment", r.commitment}};
}

}  // namespace deedlog
