#pragma once
// A command's input file, where "-" is standard input (as for cat, git and sqlite3).
#include <istream>
#include <memory>
#include <string>

#include "deedlog/status.h"

namespace deedlog {

inline constexpr const char* kStandardInput = "-";

// The whole text of path, or of standard input for "-".
Status read_input_text(const std::string& path, std::string* text);

// path as a stream that may be read more than once (rewound with clear() and seekg(0)): import
// reads a file of several games twice, every game checked before any is recorded, and holds one
// game at a time. A file is opened as it is; standard input is first copied to a temporary file
// of the user's alone, removed at once (the open stream keeps it until it is closed).
Status open_input_stream(const std::string& path, std::unique_ptr<std::istream>* in);

}  // namespace deedlog
