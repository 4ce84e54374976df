#pragma once
// Rulings name players by seat as {P0}, {P1}, ...: the engine knows seats, not names.
// The shell renders the names (render_players), keeping presentation out of the rules.
#include <string>
#include <vector>

#include "deedlog/ids.h"

namespace deedlog {

inline std::string player_ref(PlayerId p) { return "{P" + std::to_string(static_cast<int>(p)) + "}"; }

// Replaces every {Pn} in text by the n-th name.
std::string render_players(const std::string& text, const std::vector<std::string>& names);

}  // namespace deedlog
