#pragma once
// A line of text as typed: without the spaces, tabs and carriage return around it.
#include <string>

namespace deedlog {

inline std::string trimmed(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
}

}  // namespace deedlog
