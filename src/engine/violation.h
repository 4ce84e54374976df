#pragma once
// A refusal by the rules: which rule (a stable id from docs/rules.md), where the rule book
// says it (the section's name), and words telling the player what would be legal instead.
#include <string>

namespace deedlog {

struct Violation {
  std::string rule;     // "uk-1972/jail/fine-before-throw"
  std::string section;  // "JAIL"
  std::string message;  // what is wrong and what is legal instead
};

}  // namespace deedlog
