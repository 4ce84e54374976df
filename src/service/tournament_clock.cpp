#include "service/tournament_clock.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
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

constexpr std::int64_t kNothingDue = std::numeric_limits<std::int64_t>::max();

// The next time after `now` at which round r's clock has something to do: a warning's minute, or
// its end where the event calls time itself.
std::int64_t next_due_in_round(std::int64_t ends_at, bool auto_call_time, std::int64_t now) {
  std::int64_t next = kNothingDue;
  for (int minutes : kClockWarnings)
    if (const std::int64_t at = ends_at - minutes * 60; at > now) next = std::min(next, at);
  if (auto_call_time && ends_at > now) next = std::min(next, ends_at);
  return next;
}

// Ticks one tournament; *next_due is when its clock has something to do next (kNothingDue:
// nothing until a new record).
Status tick_tournament(Journal& journal, Tournament& t, std::int64_t now, ClockMemory* memory, ClockTick* out,
                       std::int64_t* next_due) {
  *next_due = kNothingDue;
  const std::optional<std::int64_t> limit = duration_seconds(t.settings.time_limit);
  if (!limit) return Status::ok();
  for (const TournamentRound& r : t.rounds) {
    if (r.time_called) continue;
    const std::optional<std::int64_t> start = seated_at(t, r);
    if (!start) continue;
    const std::int64_t ends_at = *start + *limit;
    const std::int64_t left = ends_at - now;
    *next_due = std::min(*next_due, next_due_in_round(ends_at, t.settings.auto_call_time, now));
    if (left <= 0 && t.settings.auto_call_time) {
      std::vector<CallTimeOutcome> outcomes;
      const Status called = call_time_in_round(journal, t, r.round, &outcomes);
      if (called.is_conflict()) {  // another server, or the judge, called it first
        *next_due = now + 1;
        return Status::ok();
      }
      if (!called.is_ok()) return called;
      for (const CallTimeOutcome& o : outcomes)
        if (o.called) out->called.push_back(o.game);
      *next_due = now + 1;  // t was reloaded: its rounds are read again next tick
      return Status::ok();
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
    const std::int64_t id = row.tournament_id;
    if (memory->without_clock.count(id)) continue;
    // Quiet since it was last read: no new record, and nothing of its clock due yet.
    if (const auto q = memory->quiet.find(id); q != memory->quiet.end() && q->second.last_seq == row.last_seq &&
                                               now >= q->second.read_at && now < q->second.next_due)
      continue;
    memory->quiet.erase(id);
    // Its settings first: most tournaments have no clock, and their records need no reading.
    TournamentSettings settings;
    if (Status s = settings_from_json(row.settings, &settings); !s.is_ok()) {
      out->problems.push_back(fmt::format("tournament {}: {}", id, s.message()));
      continue;
    }
    if (settings.time_limit.empty()) {
      memory->without_clock.insert(id);
      continue;
    }
    Tournament t;
    ++out->tournaments_read;
    if (Status s = load_tournament(journal, id, &t); !s.is_ok()) {
      out->problems.push_back(fmt::format("tournament {}: {}", id, s.message()));
      continue;
    }
    std::int64_t next_due = kNothingDue;
    if (Status s = tick_tournament(journal, t, now, memory, out, &next_due); !s.is_ok()) {
      out->problems.push_back(fmt::format("tournament {}: {}", id, s.message()));
      continue;  // not remembered as quiet: read again next tick
    }
    // Remembered by the record it was read at: a call of time this tick wrote a record, so
    // the next tick reads it again.
    memory->quiet[id] = ClockMemory::Quiet{t.last_seq, now, next_due};
  }
  return Status::ok();
}

}  // namespace deedlog
