#pragma once
// The words and the JSON of `referee analyse` (INTERFACE.md, section 5; docs/analysis.md).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/command.h"
#include "deedlog/ruleset.h"
#include "service/analysis_report.h"

namespace deedlog {

// "doubtful", "bad", "very_bad", "uncertain"; "" for none.
std::string mark_name(ErrorMark mark);
// PGN's marks, for comments: "?!", "?", "??", "(?)" for uncertain; "" for none.
std::string mark_symbol(ErrorMark mark);

// An alternative to a decision as the report names it (MoveAnalysis::best): a move in notation,
// or "Ann makes no trade", "Ann builds nothing" for the player who acts (command.actor).
std::string alternative_words(AlternativeKind kind, const Command& command, const Ruleset& ruleset,
                              const std::vector<std::string>& players);

// {"game", "ruleset", "players": [...], "moves": [...], "games", "seed", ...}: every figure a
// share of 0 to 1 (INTERFACE.md section 5, with the intervals and the precision beside).
nlohmann::ordered_json analysis_json(const Analysis& analysis);

// The report a person reads: each player's luck and skill, then the moves that matter.
std::string analysis_text(const Analysis& analysis);

}  // namespace deedlog
