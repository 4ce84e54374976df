#pragma once
// replay --html: the whole game in one self-contained HTML file (no network, no external
// scripts or fonts): the board in SVG, step buttons, a slider, keys, the move list, a panel
// per player and the net-worth chart. The page opens at the point its address names
// ("#seq=120", "#turn=14"; "&step=K" then presses the step button K times, back when K < 0).
#include <cstdint>
#include <string>

#include "replay/timeline.h"
#include "replay/win_chart.h"

namespace deedlog {

// The page. start: the position it shows when its address names none. win: the win-chance graph
// of a kept analysis, drawn under the board (clicking a point goes to its move), or none.
std::string replay_html(const Timeline& timeline, std::int64_t start, const WinSeries* win = nullptr);

}  // namespace deedlog
