#pragma once
// The built-in editions, loaded from the data files embedded in the binary.
#include <string>
#include <vector>

#include "core/status.h"
#include "rules/ruleset.h"

namespace deedlog {

// Loads the built-in edition with this id ("uk-1972"). NotFound names the editions there are.
Status load_ruleset(const std::string& id, Ruleset* out);
// Parses an edition from the text of a data file (the format of src/rules/data/*.json).
Status parse_ruleset(const std::string& json_text, Ruleset* out);
// Turns on the house rules named (a game's [HouseRules] tag, an edition file's "house_rules"),
// with what each implies for the edition's data; invalid_argument naming an unknown one.
Status turn_on_house_rules(const std::vector<std::string>& names, Ruleset* ruleset);
std::vector<std::string> builtin_ruleset_ids();

}  // namespace deedlog
