#pragma once
// What Tab makes of a line being typed in `referee table`: the whole line, completed at its end.
// Kept apart from the line editor so that it can be tested as a function.
#include <string>
#include <vector>

#include "deedlog/ruleset.h"

namespace deedlog {

// The lines that complete `typed` (the text before the cursor), each the whole line: what was
// typed before the word being completed, kept as typed, then the word. Where the word stands
// decides what it may be: the first word a player's name (or `Referee`), the second a verb, the
// rest the words that verb takes (`rent` after `claims`, `house` and `on` after `builds`) and
// the names of squares and players. Words match without regard to case, and a completed name is
// written as the game writes it, capitals included, in quotes when it has spaces (`Ann
// mortgages pa` offers `Ann mortgages "Pall Mall"` and `... "Park Lane"`); a name of several
// words completes from its first words typed with or without the opening quote (`Park L`,
// `"Park L`). Sorted, without repeats; empty when nothing fits.
std::vector<std::string> line_completions(const Ruleset& ruleset, const std::vector<std::string>& players,
                                          const std::string& typed);

// What every line of `lines` begins with (byte for byte): what Tab puts in when several fit.
std::string common_start(const std::vector<std::string>& lines);

}  // namespace deedlog
