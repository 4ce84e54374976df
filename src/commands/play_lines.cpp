#include "commands/play_lines.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <istream>
#include <sstream>

#include "commands/command_outcome.h"
#include "core/exit_code.h"
#include "core/text_line.h"
#include "core/plural.h"

namespace deedlog {
namespace {

// play --json's document with the input line it answers.
std::string with_line(const std::string& play_json, int line) {
  auto doc = nlohmann::ordered_json::parse(play_json, nullptr, false);
  if (!doc.is_object()) return play_json;
  doc["line"] = line;
  return doc.dump() + "\n";
}

}  // namespace

int run_play_lines(const CommonOptions& o, std::istream& in, std::ostream& out, std::ostream& err) {
  std::string text;
  int line = 0;
  int played = 0;
  while (std::getline(in, text)) {
    ++line;
    const std::string move = trimmed(text);
    if (move.empty() || move[0] == '#') continue;
    std::ostringstream ruling, problem;
    const int code = run_play(o, move, false, std::nullopt, ruling, problem);
    if (!o.json) out << fmt::format("line {}: {}\n", line, move);
    out << (o.json && !ruling.str().empty() ? with_line(ruling.str(), line) : ruling.str()) << std::flush;
    if (code == kExitOk) {
      ++played;
      continue;
    }
    const ErrorReport report = error_report(problem.str(), "referee");
    if (!report.message.empty()) err << fmt::format("referee: line {}: {}\n", line, report.message);
    if (o.json && code != kExitRefused) out << error_json(report.message, line);
    if (!o.json && code == kExitRefused)
      out << fmt::format("stopped at line {}: {} recorded before it\n", line, count_of(played, "move"));
    return code;
  }
  if (in.bad()) {
    err << "referee: cannot read standard input\n";
    if (o.json) out << error_json("cannot read standard input", std::nullopt);
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace deedlog
