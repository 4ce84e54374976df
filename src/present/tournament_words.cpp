#include "present/tournament_words.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "core/plural.h"
#include "core/printable_text.h"
#include "present/tournament_json.h"
#include "service/game.h"

namespace deedlog {

namespace {

std::string entry_line(const char* kind, const EntryChange& e) {
  return fmt::format("{}: {} from round {}", kind, printable_text(e.player), e.from_round);
}

struct LineOf {
  std::string operator()(const RoundSeated& r) const {
    return fmt::format("round {} seated ({})", r.round, count_of(static_cast<std::int64_t>(r.tables.size()), "table"));
  }
  std::string operator()(const SheetWritten& r) const {
    return fmt::format("sheet of round {}, table {} (game {}){}", r.round, r.table, r.game,
                       r.supersedes ? fmt::format(", superseding record {}", r.supersedes) : "");
  }
  std::string operator()(const LateEntry& r) const { return entry_line("late entry", r); }
  std::string operator()(const Withdrawal& r) const { return entry_line("withdrawal", r); }
  std::string operator()(const NoShow& r) const { return entry_line("no-show", r); }
  std::string operator()(const RoundTimeCalled& r) const { return fmt::format("time called in round {}", r.round); }
  std::string operator()(const OtherKind& r) const { return r.kind; }
  // Any other kind by its name (an appeal: the log tells each in a line of its own below the
  // records). A new kind is listed so until it is given a sentence here.
  template <class Kind>
  std::string operator()(const Kind&) const {
    return std::string(Kind::kKind);
  }
};

}  // namespace

std::string record_words(const TournamentRecordPayload& record) { return std::visit(LineOf{}, record); }

std::string entry_words(const TournamentEntry& e) {
  return fmt::format("{}: {} from round {}.", e.player, e.kind == EntryKind::LateEntry ? "enters" : "leaves",
                     e.from_round);
}

std::string head_words(std::int64_t id, std::int64_t records, const std::string& head) {
  return fmt::format("Head of the tournament's records: record {}, hash {} (keep it: referee verify --tournament {} "
                     "--expect-head {})\n",
                     records, head.substr(0, kShortHash), id, head.substr(0, kShortHash));
}

namespace {

// The scale at every size of table the event has seated (the size it seats when none is yet),
// largest first: "a table of 4: 6, 4, 2, 0; of 3: 6, 3, 0".
std::string scale_words(const Tournament& t) {
  std::set<int, std::greater<>> sizes;
  for (const TournamentRound& r : t.rounds)
    for (const TournamentTable& table : r.tables) sizes.insert(static_cast<int>(table.players.size()));
  if (sizes.empty()) sizes.insert(t.settings.table_size);
  std::string out;
  for (int n : sizes) {
    std::string points;
    for (int place = 1; place <= n; ++place) (points += place == 1 ? "" : ", ") += points_json(place_points(place, n)).dump();
    out += fmt::format("{}{}: {}", out.empty() ? "a table of " : "; of ", n, points);
  }
  return out;
}

}  // namespace

std::string tie_break_list(const Tournament& t) {
  std::string ties;
  for (TieBreak tb : t.settings.tie_break_order()) (ties += ties.empty() ? "" : ", ") += tie_break_name(tb);
  const std::vector<TieBreak>& order = t.settings.tie_break_order();
  // The order of entry settles what the list leaves, named or not.
  if (std::find(order.begin(), order.end(), TieBreak::Entry) == order.end()) ties += ", then the order of entry";
  return ties;
}

std::string standings_words(const Tournament& t, const std::vector<Standing>& standings, int rounds_counted) {
  const std::string ties = tie_break_list(t);
  const bool crowns = t.settings.final_decides() == FinalRule::Crowns;
  std::string out = fmt::format("{}: standings after {}\n", t.settings.name, count_of(rounds_counted, "round"));
  out += fmt::format("Points by place: 6 to the first, 0 to the last, evenly between ({}).\n", scale_words(t));
  out += fmt::format("Ties: points, then {}.\n", ties);
  out += crowns ? "The final (--final crowns): its winner is champion, the finalists placed by it.\n"
                : "The final (--final points): a round of points like the others.\n";
  for (const Standing& s : standings) {
    std::string figures;
    for (const TieBreakValue& v : s.tie_breaks)
      figures += fmt::format("  {} {}", tie_break_name(v.tie_break), tie_break_json(v).dump());
    out += fmt::format("  {:>3}. {:<20} {:>6} points{}  net worth {:>7}{}{}{}\n", s.rank, printable_text(s.player),
                       points_json(s.points).dump(),
                       s.field ? fmt::format("  field {}%", points_json(*s.field).dump()) : "", s.net_worth.units, figures,
                       s.final ? fmt::format("  final: place {}", s.final->place) : "",
                       s.no_show ? "  (no-show)" : s.withdrawn ? "  (withdrawn)" : "");
  }
  if (!standings.empty() && standings.front().final)
    out += fmt::format("Champion: {}, {}.\n", printable_text(standings.front().player),
                       crowns ? "winner of the final (the final decides)" : "first on points with the final counted");
  out += head_words(t.id, t.last_seq, t.head);
  return out;
}

std::string tournament_log_words(const Tournament& t) {
  std::string out = fmt::format("Tournament {} ({}), created {}\n", t.id, t.settings.name, t.created);
  for (const TournamentLogLine& l : t.log) out += fmt::format("  {:>3} {} {}\n", l.seq, l.at, record_words(l.record));
  for (const TournamentAppeal& a : t.appeals)
    out += fmt::format("  appeal {} (game {}): \"{}\": {}{}\n", a.number, a.game, printable_text(a.claim),
                       a.upheld ? "upheld" : "rejected", a.upheld ? ", corrected by " + printable_text(a.correction) : "");
  for (const TournamentSheet& s : t.sheets)
    out += fmt::format("  sheet of round {}, table {} (head {}): {}\n", s.round, s.table, s.head.substr(0, kShortHash),
                       s.superseded_by ? "superseded (" + s.why_superseded + ")" : "current");
  out += head_words(t.id, t.last_seq, t.head);
  return out;
}

}  // namespace deedlog
