#pragma once
// Events and positions in words (and in JSON), in the edition's vocabulary.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/event.h"
#include "deedlog/state.h"
#include "rules/ruleset.h"

namespace deedlog {

struct Game;

// One event as a sentence: "Ann threw 3 and 4.", "Ben paid Ann £22 rent for Piccadilly."
std::string narrate(const Ruleset& ruleset, const std::vector<std::string>& names, const Event& e);

// The position as the text `referee status` prints.
std::string position_text(const Game& game);
// The position as INTERFACE.md's status JSON.
nlohmann::ordered_json position_json(const Game& game);

std::string phase_words(const Ruleset& ruleset, const std::vector<std::string>& names, const State& s);
std::string phase_name(Phase p);

}  // namespace deedlog
