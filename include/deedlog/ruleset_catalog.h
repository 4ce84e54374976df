#pragma once
// The built-in editions, loaded from the data files embedded in the binary.
#include <string>
#include <vector>

#include "deedlog/ruleset.h"
#include "deedlog/status.h"

namespace deedlog {

// Loads the built-in edition with this id ("uk-1972"). NotFound names the editions there are.
Status load_ruleset(const std::string& id, Ruleset* out);
// Parses an edition from the text of a data file (the format of src/rules/data/*.json). A file
// with "extends" builds on that built-in edition (docs/editions.md, "Overlays: extends").
Status parse_ruleset(const std::string& json_text, Ruleset* out);
// Parses the edition a game's header keeps: whole, so refused if it extends anything (a game
// must read the same under any later program, whatever its built-in editions say then).
Status parse_stored_ruleset(const std::string& json_text, Ruleset* out);
// The text a game keeps of a user's edition file: the file itself when it extends nothing, else
// the whole edition it resolves to, so the game does not depend on the built-in editions later.
Status resolve_edition_text(const std::string& json_text, std::string* whole_text);
// Turns on the house rules named (a game's [HouseRules] tag, an edition file's "house_rules"),
// with what each implies for the edition's data; invalid_argument naming an unknown one.
Status turn_on_house_rules(const std::vector<std::string>& names, Ruleset* ruleset);
std::vector<std::string> builtin_ruleset_ids();

}  // namespace deedlog
