#pragma once
// How a command's failure reaches a program that reads only stdout: under --json every outcome
// is JSON on stdout, errors too, so nobody has to parse stderr (INTERFACE.md section 4).
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

namespace deedlog {

// {"error": "...", "line": N} (line only when a line of an input file is at fault).
std::string error_json(const std::string& message, std::optional<int> line);

// The error a command wrote on stderr as one message: each line without the program's
// "referee: " prefix, and the input line it names ("line 12: ..."), if any.
struct ErrorReport {
  std::string message;
  std::optional<int> line;
};
ErrorReport error_report(const std::string& stderr_text, const std::string& program);

// Runs command with out and err passed through. Under json, a failure (exit 1 or 2) that
// printed nothing on stdout also prints error_json of what it wrote on stderr.
int run_reporting_errors(bool json, const std::string& program, std::ostream& out, std::ostream& err,
                         const std::function<int(std::ostream& out, std::ostream& err)>& command);

// A command that failed must not leave behind a journal it created: when path did not exist
// before it ran (existed_before) and now holds no game, the file and its SQLite companions go.
void remove_journal_left_empty(const std::filesystem::path& path, bool existed_before);

}  // namespace deedlog
