#pragma once
// The JSON of the tournament's answers, shared by `referee tournament ... --json`
// (commands/tournament_command.cpp) and the server's tournament routes
// (serve/serve_tournament.cpp), so both say the same figures in the same shape
// (docs/interface.md, section 5).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "deedlog/money.h"
#include "deedlog/status.h"
#include "service/tournament.h"
#include "service/tournament_clock.h"
#include "service/tournament_duplicate.h"

namespace deedlog {

class Journal;

// Points as the scale gives them: whole where they are whole, else to two places.
nlohmann::ordered_json points_json(double p);
// A standing: {"rank", "player", "points", "net_worth", "tables", "withdrawn"? (left the event),
// "no_show"? (left it by not showing up; withdrawn is then true as well), "tie_breaks": {name:
// figure, in the tournament's order}, "final"? (a finalist's table at the final)}.
nlohmann::ordered_json standing_json(const Standing& s);
// A tie-break's figure as shown: share to 4 places, head-to-head and opponents as points are,
// net-worth and entry whole.
nlohmann::ordered_json tie_break_json(const TieBreakValue& v);
// {"player", "decided_by": "final" (crowns) or "points"} once the final is counted, else null.
nlohmann::ordered_json champion_json(const Tournament& t, const std::vector<Standing>& standings);
nlohmann::ordered_json placing_json(const Placing& p);

// `tournament standings --json`: {"tournament", "name", "rounds", "tie_breaks" (their names, in
// order), "final_rule", "champion", "standings": [...], "head", "head_record"}: the tournament's
// current head (its last record's hash) and that record's seq.
Status standings_json(Journal& j, const Tournament& t, nlohmann::ordered_json* out);
nlohmann::ordered_json standings_json(const Tournament& t, const std::vector<Standing>& standings, int rounds_counted);

// `tournament seat --json`: {"round", "tables": [{"table", "game", "players", "key"}], "repeat_meetings",
// "final"?, "commitment"?}: the tables' keys in clear, as seat_round gives them once.
// gaps: what the seating could not have (tournament_seating.h): pairs to keep apart seated
// together, the repeat meetings left in the plan.
nlohmann::ordered_json seat_json(const TournamentRound& round, int repeat_meetings, const SeatingGaps& gaps);

// `tournament sheet --json`: the sheet recorded (its record's seq), the result it carries, and the
// sheet it supersedes, if any.
nlohmann::ordered_json sheet_json(const Tournament& t, const TableResult& r, const TournamentSheet& sheet,
                                  const TournamentSheet* replaced);

// `tournament enter|withdraw|no-show --json`: {"player", "entry" (the record's kind), "from_round"}.
nlohmann::ordered_json entry_json(const TournamentEntry& e);

// `tournament call-time --json`: {"round", "games": [{"game", "table", "called", "over"}]}.
nlohmann::ordered_json call_time_json(int round, const std::vector<CallTimeOutcome>& outcomes);

// The clock's warning to a table, the stream's `event: clock` (docs/serve.md, "Streams"):
// {"tournament", "round", "table", "game", "minutes", "seconds_left", "ends_at"} (ends_at: "2026-11-29
// 19:30:00 UTC").
nlohmann::ordered_json clock_warning_json(const ClockWarning& w);

// `tournament appeal --json`: the ruling recorded.
nlohmann::ordered_json appeal_json(const TournamentAppeal& a);

// `tournament reveal --json`: {"round", "seed", "commitment"}; before time is called in the round,
// {"accepted": false, "violation": {rule tournament/reveal-after-time, ...}} with the commitment
// in its words (the seed nowhere).
nlohmann::ordered_json reveal_json(const RoundReveal& r);
// The words of a reveal refused because time is not yet called in the round.
std::string reveal_refused_words(const RoundReveal& r);

// `tournament log --json`: rounds, appeals (with outcomes), sheets (each its round and table),
// entries (each {"player", "entry": its kind, "from_round", "record"}) and every record (its fields
// as stored, the Secret ones, the tables' key digests, left out), the first head and the current one.
nlohmann::ordered_json tournament_log_json(const Tournament& t);

// The judge's view of a tournament (the server's GET /api/tournaments/ID and the judge's page,
// serve/serve_tournament.cpp): the standings and every round's tables as they stand now.
struct TableView {
  int table = 0;
  std::int64_t game = 0;
  std::vector<std::string> players;
  bool over = false, time_called = false;
  std::optional<std::int64_t> seconds_left;  // none: no [TimeLimit], or the game is not running
  // A table of a duplicate round not yet ended, shown to someone without the Head Judge's key:
  // who leads is hidden, and the three fields below are empty.
  bool hidden = false;
  std::int64_t seq = 0;
  std::optional<std::string> leader;                         // the first placing now
  std::vector<std::pair<std::string, Money>> net_worth;    // by placing
};
struct RoundView {
  int round = 0;
  bool final = false;  // the final table, after the rounds
  bool time_called = false, duplicate = false, ended = true;
  std::string commitment;  // a duplicate round's
  std::vector<TableView> tables;
};
struct TournamentView {
  std::vector<Standing> standings;
  int rounds_counted = 0;
  std::vector<RoundView> rounds;
};
// Where a table's game is played on the server.
std::string table_page(std::int64_t game);
// GET /api/tournaments/ID: standings_json's document and "duplicate", "time_limit", "appeals" (how
// many) and "tables" (the rounds).
nlohmann::ordered_json tournament_view_json(const Tournament& t, const TournamentView& v);

}  // namespace deedlog
