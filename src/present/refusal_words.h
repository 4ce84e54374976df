#pragma once
// Every word a refusal says, in the edition's words (its square names, currency, the words for
// houses, hotels and jail). The engine returns a refusal as a code and facts (engine/violation.h);
// this is the one place they become a sentence. Players are still written {P0}, {P1}: the shell
// puts in the names (render_players), as it does for every ruling.
#include <string>
#include <vector>

#include "deedlog/ruleset.h"
#include "deedlog/violation.h"

namespace deedlog {

// What is wrong and what is legal instead, as the referee says it.
std::string refusal_text(const Ruleset& ruleset, const Violation& violation);

// What the game waits on, as a sentence ("Ann must first buy Mayfair for £400 or decline it").
std::string waiting_words(const Ruleset& ruleset, const Waiting& waiting);

// A ruling as the shell keeps and shows it: the rule, the section and the words, the players
// named.
struct Ruling {
  std::string rule;
  std::string section;
  std::string message;
};

Ruling ruling_of(const Ruleset& ruleset, const Violation& violation, const std::vector<std::string>& players);



}  // namespace deedlog
