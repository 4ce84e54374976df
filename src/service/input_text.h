#pragma once
// A command's input file, where "-" is standard input (as for cat, git and sqlite3).
#include <string>

#include "deedlog/status.h"

namespace deedlog {

inline constexpr const char* kStandardInput = "-";

// The whole text of path, or of standard input for "-".
Status read_input_text(const std::string& path, std::string* text);

}  // namespace deedlog
