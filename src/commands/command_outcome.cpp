#include "commands/command_outcome.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <regex>
#include <sstream>
#include <streambuf>
#include <vector>

#include "core/exit_code.h"
#include "journal/journal.h"

namespace deedlog {

std::string error_json(const std::string& message, std::optional<int> line) {
  nlohmann::ordered_json doc{{"error", message}};
  if (line) doc["line"] = *line;
  return doc.dump() + "\n";
}

ErrorReport error_report(const std::string& stderr_text, const std::string& program) {
  ErrorReport report;
  std::istringstream lines(stderr_text);
  const std::string prefix = program + ": ";
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    if (line.rfind(prefix, 0) == 0) line.erase(0, prefix.size());
    if (!report.message.empty()) report.message += "\n";
    report.message += line;
  }
  // The wording every input error of the notation and of play - shares: "line 12: ...".
  static const std::regex line_named(R"(\bline ([0-9]+):)");
  std::smatch m;
  if (std::regex_search(report.message, m, line_named)) report.line = std::stoi(m[1].str());
  return report;
}

namespace {

// Passes characters on to another stream's buffer, counting them (stdout) or keeping a copy
// (stderr): the command writes as it goes, so a progress bar or a long log is not held back.
class PassingBuffer : public std::streambuf {
 public:
  PassingBuffer(std::streambuf* target, bool keep) : target_(target), keep_(keep) {}
  std::size_t count() const { return count_; }
  const std::string& kept() const { return kept_; }

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    ++count_;
    if (keep_) kept_ += static_cast<char>(c);
    return target_->sputc(static_cast<char>(c));
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    count_ += static_cast<std::size_t>(n);
    if (keep_) kept_.append(s, static_cast<std::size_t>(n));
    return target_->sputn(s, n);
  }
  int sync() override { return target_->pubsync(); }

 private:
  std::streambuf* target_;
  bool keep_;
  std::size_t count_ = 0;
  std::string kept_;
};

}  // namespace

int run_reporting_errors(bool json, const std::string& program, std::ostream& out, std::ostream& err,
                         const std::function<int(std::ostream& out, std::ostream& err)>& command) {
  PassingBuffer out_buffer(out.rdbuf(), false), err_buffer(err.rdbuf(), true);
  std::ostream passed_out(&out_buffer), passed_err(&err_buffer);
  const int code = command(passed_out, passed_err);
  passed_out.flush();
  passed_err.flush();
  const bool failed = code == kExitFailure || code == kExitUsage;
  if (json && failed && out_buffer.count() == 0) {
    ErrorReport report = error_report(err_buffer.kept(), program);
    if (report.message.empty()) report.message = code == kExitUsage ? "usage error" : "failed";
    out << error_json(report.message, report.line) << std::flush;
  }
  return code;
}

void remove_journal_left_empty(const std::filesystem::path& path, bool existed_before) {
  std::error_code ignored;
  if (existed_before || !std::filesystem::is_regular_file(path, ignored)) return;
  {
    std::unique_ptr<Journal> journal;
    if (!Journal::open(path.string(), &journal, true).is_ok()) return;
    std::vector<GameRow> games;
    if (!journal->games(&games).is_ok() || !games.empty()) return;
  }
  for (const char* companion : {"", "-wal", "-shm", "-journal"})
    std::filesystem::remove(path.string() + companion, ignored);
}

}  // namespace deedlog
