// Fuzz target: stored events folded into real positions, through the checks every reader
// applies (service/game_log.cpp, service/game_session.cpp): each event decoded against the
// game's bounds (decode_event with event_bounds), folded (evolve), and the position it leaves
// checked (check_state). What passes is then read as the readers read a position: its legal
// moves listed (referee moves) and its estates valued (referee value).
// Input: two bytes choosing a position of the sample games (fuzz_positions.h), then events,
// one a line: an event type name, a tab, its JSON payload (the journal's type and payload).
// The first event refused, by the codec or by check_state, ends the input, as it stops a reader.
#include <cstddef>
#include <cstdint>
#include <string>

#include "deedlog/event_codec.h"
#include "deedlog/legal_moves.h"
#include "deedlog/state_check.h"
#include "deedlog/valuation.h"
#include "fuzz_positions.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace deedlog;
  const auto& all = fuzzing::positions().all;
  if (size < 2 || all.empty()) return 0;
  const fuzzing::Position& start = all[(std::size_t{data[0]} << 8 | data[1]) % all.size()];
  const Ruleset& ruleset = *start.ruleset;
  const EventBounds bounds = event_bounds(ruleset, start.players);
  State s = start.state;
  const std::string input(reinterpret_cast<const char*>(data + 2), size - 2);
  std::size_t at = 0;
  bool folded = false;
  while (at < input.size()) {
    std::size_t end = input.find('\n', at);
    if (end == std::string::npos) end = input.size();
    const std::string line = input.substr(at, end - at);
    at = end + 1;
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos) break;
    Event e;
    std::string error;
    if (!decode_event(line.substr(0, tab), line.substr(tab + 1), bounds, &e, &error)) break;
    if (e.type == EventType::MovesTakenBack) break;  // the reader reads an earlier position: not here
    State next = s;
    evolve(next, e);
    if (!check_state(ruleset, start.players, next).empty()) break;
    s = next;
    folded = true;
  }
  if (!folded) return 0;
  // The last position of a journal is one between moves, and checked as such before `moves`
  // and `value` read it (service/game_session.cpp).
  if (!check_between_moves(ruleset, start.players, s).empty()) return 0;
  // A position the checks let through is read as any other.
  (void)legal_moves(ruleset, s);
  (void)value_estates(ruleset, s);
  return 0;
}
