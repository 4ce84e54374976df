#pragma once
// The tournament's clock on the server (docs/tournaments.md, "The clock"): a round's time runs
// from its seating (the time of its `seated` record) for the tournament's time limit. Ten minutes
// and one minute before the end its tables are warned; at the end, when the event says so
// (`tournament new --auto-call-time`), time is called in the round, recorded as the Head Judge's
// call would be. The warnings are the server's words to the tables, never journal events; the
// call is a record, written once however many servers tick (the tournament's chain refuses a
// second writer) and made up after a restart.
//
// clock_tick is the whole rule, given the time: the server's thread (serve/) calls it every
// second with the clock's time, and the tests with the times they choose.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "deedlog/status.h"

namespace deedlog {

class Journal;

// The minutes before a round's end at which its tables are warned, the latest first.
inline constexpr int kClockWarnings[] = {10, 1};

// A warning to one table: so many minutes (or fewer) left in its round.
struct ClockWarning {
  std::int64_t tournament = 0;
  int round = 0, table = 0;
  std::int64_t game = 0;
  int minutes = 0;               // one of kClockWarnings
  std::int64_t seconds_left = 0;  // at the tick that warned
  std::int64_t ends_at = 0;       // the round's end, seconds since the epoch
};

// What one server remembers between ticks: the warnings given (tournament, round, minutes), so
// that each is given once by this server (a restarted server gives the one that stands again);
// and, so that a tick reads no tournament in which nothing can be due, each tournament's last
// record as of the tick that read it and the next time anything of its clock falls due (a
// warning or the end of a round). A new record (a seating, a call of time, an entry: by this
// server, another or the command line) or that time coming makes the next tick read it again.
struct ClockMemory {
  struct Quiet {
    std::int64_t last_seq = 0;  // the tournament's last record when it was read
    std::int64_t read_at = 0;   // the tick's time
    std::int64_t next_due = 0;  // nothing falls due before this (INT64_MAX: nothing until a new record)
  };
  std::set<std::pair<std::int64_t, std::pair<int, int>>> warned;
  std::map<std::int64_t, Quiet> quiet;        // by tournament
  std::set<std::int64_t> without_clock;       // tournaments with no time limit (settings never change)
};

struct ClockTick {
  std::vector<ClockWarning> warnings;  // new this tick
  std::vector<std::int64_t> called;    // games time was called in by this tick
  std::vector<std::string> problems;   // a tournament that could not be read or called (kept going)
  int tournaments_read = 0;            // how many tournaments this tick read (the rest were quiet)
};

// One tick at `now` (seconds since the epoch) over every tournament of the journal with a time
// limit: the warnings due and, where the tournament calls time itself, the calls due. A call
// another server recorded first is no problem: the round is then called.
Status clock_tick(Journal& journal, std::int64_t now, ClockMemory* memory, ClockTick* out);

}  // namespace deedlog
