#pragma once
// replay without a terminal: the game event by event or turn by turn, in words or JSON, or
// printed back as a .game file that imports to the same journal.
#include <cstdint>
#include <iosfwd>
#include <string>

#include "deedlog/status.h"
#include "replay/timeline.h"

namespace deedlog {

enum class ReplayFormat { Text, Json, Notation };

struct ReplayReportOptions {
  ReplayFormat format = ReplayFormat::Text;
  std::int64_t from = 1;  // the first event narrated
  std::int64_t to = 0;    // the last event narrated, and the position shown after; 0 = the end
  bool turns = false;     // turn by turn: a heading per turn, the moves, the cash after it
};

// Writes the report. Text without turns is exactly what replay always printed: each event
// numbered (the move lines set apart), then the position.
Status write_replay_report(const Timeline& timeline, const ReplayReportOptions& options, std::ostream& out);

// The game as notation: its header, a [Setup] when the opening was not the rule book's, and
// every move line whose event is at most to (0 = all). Importing it gives the same events.
std::string game_notation(const Timeline& timeline, std::int64_t to);

// Reads a point in the game as the options give it: a sequence number ("57"), or a turn
// ("t12": its first event, or its last when end is set), or "end". Clamped to the game's events; an
// unknown turn or text that is not a point is an InvalidArgument.
Status parse_point(const Timeline& timeline, const std::string& text, bool end, std::int64_t* seq);

}  // namespace deedlog
