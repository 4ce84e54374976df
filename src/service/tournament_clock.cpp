#include "service/tournament_clock.h"

#include <fmt/format.h>

#include <optional>

#include "deedlog/clock_stamp.h"
#include "deedlog/valuation.h"
#include "journal/journal.h"
#include "service/game_session.h"
#include "service/tournament.h"

namespace deedlog {
namespace {

// When round r began: the time of the record that seated it.
std::optional<std::int64_t> seated_at(const Tournament& t, const TournamentRound& r) {
  for (const TournamentLogLine& l : t.log)
    if (l.seq == r.record_seq && is_dated(l.at)) return clock_seconds(l.at);
  return std::nullopt;
}

// The tightest warning the time left has come to (0: none yet).
int warning_due(std::int64_t seconds_left) {
  int due = 0;
  for (int minutes : kClockWarnings)
    if (seconds_left <= minutes * 60) due = minutes;
  return due;
}

Status tick_tournament(Journal& journal, Tournament& t, std::int64_t now, ClockMemory* memory, ClockTick* out) {
  const std::optional<std::int64_t> limit = duration_seconds(t.settings.time_limit);
  if (!limit) return Status::ok();
  for (const TournamentRound& r : t.rounds) {
    if (r.time_called) continue;
    const std::optional<std::int64_t> start = seated_at(t, r);
    if (!start) continue;
    const std::int64_t ends_at = *start + *limit;
    const std::int64_t left = ends_at - now;
    if (left <= 0 && t.settings.auto_call_time) {
      std::vector<CallTimeOutcome> outcomes;
      const Status called = call_time_in_round(journal, t, r.round, &outcomes);
      if (called.is_conflict()) return Status::ok();  // another server, or the judge, called it first
      if (!called.is_ok()) return called;
      for (const CallTimeOutcome& o : outcomes)
        if (o.called) out->called.push_back(o.game);
      return Status::ok();  // t was reloaded: its rounds are read again next tick
    }
    const int minutes = warning_due(left);
    if (minutes == 0 || left < 0) continue;
    if (!memory->warned.insert({t.id, {r.round, minutes}}).second) continue;
    for (const TournamentTable& table : r.tables) {
      Game g;
      if (Status s = load_game(journal, table.game, 0, &g); !s.is_ok()) return s;
      if (g.state.time_called || game_is_over(g.ruleset, g.state)) continue;
      out->warnings.push_back(ClockWarning{t.id, r.round, table.table, table.game, minutes, left, ends_at});
    }
  }
  return Status::ok();
}

}  // namespace

Status clock_tick(Journal& journal, std::int64_t now, ClockMemory* memory, ClockTick* out) {
  *out = ClockTick();
  std::vector<TournamentRow> rows;
  if (Status s = journal.tournaments(&rows); !s.is_ok()) return s;
  for (const TournamentRow& row : rows) {
    // Its settings first: most tournaments have no clock, and their records need no reading.
    TournamentSettings settings;
    if (Status s = settings_from_json(row.settings, &settings); !s.is_ok()) {
      out->problems.push_back(fmt::format("tournament {}: {}", row.tournament_id, s.message()));
      continue;
    }
    if (settings.time_limit.empty()) continue;
    Tournament t;
    if (Status s = load_tournament(journal, row.tournament_id, &t); !s.is_ok()) {
      out->problems.push_back(fmt::format("tournament {}: {}", row.tournament_id, s.message()));
      continue;
    }
    if (Status s = tick_tournament(journal, t, now, memory, out); !s.is_ok())
      out->problems.push_back(fmt::format("tournament {}: {}", row.tournament_id, s.message()));
  }
  return Status::ok();
}

}  // namespace deedlog
