#include "cli/program_help.h"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <sstream>

#include "deedlog/name_match.h"

namespace deedlog::cli {

const CommandHelp* find_command(const ProgramHelp& program, const std::string& name) {
  for (const CommandHelp& c : program.commands)
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<std::string> nearest_commands(const ProgramHelp& program, const std::string& typed) {
  // As git does: suggestions only when close (else a list of every command is noise), the
  // nearest first; a swap of two letters counts 2, so "stauts" offers stats and status.
  // A prefix counts as close ("ver" for verify) whatever its length.
  const int close = std::max(1, static_cast<int>(typed.size()) / 3 + 1);
  std::vector<std::pair<int, std::string>> scored;
  for (const CommandHelp& c : program.commands) {
    const int d = c.name.rfind(typed, 0) == 0 && !typed.empty() ? 0 : edit_distance(typed, c.name);
    if (d <= close) scored.emplace_back(d, c.name);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> names;
  for (const auto& [distance, name] : scored)
    if (names.size() < 3) names.push_back(name);
  return names;
}

namespace {

std::string options_text(const po::options_description& options) {
  std::ostringstream text;
  text << options;
  return text.str();
}

std::string examples_text(const std::string& program, const std::vector<std::string>& examples) {
  std::string text;
  for (const std::string& e : examples) text += fmt::format("  {} {}\n", program, e);
  return text;
}

std::string indented(const std::string& paragraphs) {
  std::string text = "  ";
  for (char c : paragraphs) {
    text += c;
    if (c == '\n') text += "  ";
  }
  return text + "\n";
}

}  // namespace

// Sections are appended with fmt::format rather than `"\n" + text`: GCC 12 at -O3 warns, falsely,
// that the string concatenation's copy may overlap itself (-Wrestrict), which stopped Release
// builds with warnings as errors.
std::string program_help_text(const ProgramHelp& program) {
  std::string text = fmt::format("usage: {} {}\n\n{}\n", program.name, program.usage, program.summary);
  if (!program.description.empty()) text += fmt::format("\n{}\n", program.description);
  if (program.global) text += fmt::format("\n{}", options_text(*program.global));
  if (!program.commands.empty()) {
    std::size_t width = 0;
    for (const CommandHelp& c : program.commands) width = std::max(width, c.name.size());
    text += "\nCommands:\n";
    for (const CommandHelp& c : program.commands)
      text += fmt::format("  {:<{}}  {}\n", c.name, width, c.summary);
    text += fmt::format("\n'{0} help COMMAND' or '{0} COMMAND --help' for a command's options and examples.\n",
                        program.name);
  }
  if (!program.examples.empty()) text += fmt::format("\nExamples:\n{}", examples_text(program.name, program.examples));
  text += fmt::format("\nExit codes:\n{}", indented(program.exit_codes));
  return text;
}

std::string command_help_text(const ProgramHelp& program, const CommandHelp& command) {
  std::string text = fmt::format("usage: {} [GLOBAL OPTIONS] {}\n\n{}\n", program.name, command.usage, command.summary);
  if (!command.description.empty()) text += fmt::format("\n{}\n", command.description);
  if (command.options && !command.options->options().empty()) text += fmt::format("\n{}", options_text(*command.options));
  if (program.global) text += fmt::format("\n{}", options_text(*program.global));
  if (!command.examples.empty()) text += fmt::format("\nExamples:\n{}", examples_text(program.name, command.examples));
  return text;
}

std::vector<std::string> option_names(const po::options_description& options) {
  std::vector<std::string> names;
  for (const auto& o : options.options())
    if (!o->long_name().empty()) names.push_back("--" + o->long_name());
  return names;
}

// ---- the man page ----
namespace {

// Text as roff reads it: a backslash is an escape, and a line starting with '.' or '\'' a request.
std::string roff(const std::string& text) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
    line_start = c == '\n';
  }
  return out;
}

// Paragraphs (blank-line separated) as roff paragraphs; lines indented by two spaces stay as
// they are (examples, tables), in a no-fill block.
std::string roff_paragraphs(const std::string& text) {
  std::string out;
  std::istringstream lines(text);
  std::string line;
  bool verbatim = false;
  while (std::getline(lines, line)) {
    const bool indented_line = line.rfind("  ", 0) == 0;
    if (indented_line != verbatim) {
      out += indented_line ? ".nf\n" : ".fi\n";
      verbatim = indented_line;
    }
    out += line.empty() ? ".PP\n" : roff(line) + "\n";
  }
  if (verbatim) out += ".fi\n";
  return out;
}

std::string roff_options(const po::options_description& options) {
  std::string out;
  for (const auto& o : options.options()) {
    const std::string shown = o->format_name();  // "-h [ --help ]" or "--db"
    std::string names = "\\fB\\-\\-" + roff(o->long_name()) + "\\fR";
    if (shown.rfind("--", 0) != 0 && shown.size() >= 2) names = "\\fB\\-" + roff(shown.substr(1, 1)) + "\\fR, " + names;
    const std::string parameter = o->format_parameter();
    out += ".TP\n" + names + (parameter.empty() ? "" : " \\fI" + roff(parameter) + "\\fR") + "\n";
    out += roff(o->description()) + "\n";
  }
  return out;
}

std::string roff_examples(const std::string& program, const std::vector<std::string>& examples) {
  std::string out = ".nf\n";
  for (const std::string& e : examples) out += roff(program + " " + e) + "\n";
  return out + ".fi\n";
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::string today_utc() {
  const std::time_t now = std::time(nullptr);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", std::gmtime(&now));
  return text;
}

std::string man_page(const ProgramHelp& program, const std::string& version, const std::string& date) {
  std::string out = fmt::format(".\\\" generated by {} --help-man from its help tables; do not edit\n", program.name);
  out += fmt::format(".TH {} 1 \"{}\" \"deedlog {}\" \"deedlog manual\"\n", upper(program.name), date, version);
  out += ".SH NAME\n" + program.name + " \\- " + roff(program.summary) + "\n";
  // The synopsis is one filled paragraph: the line breaks of --help's usage are for a terminal.
  std::string synopsis = program.usage;
  std::replace(synopsis.begin(), synopsis.end(), '\n', ' ');
  out += ".SH SYNOPSIS\n\\fB" + program.name + "\\fR " + roff(synopsis) + "\n";
  if (!program.description.empty()) out += ".SH DESCRIPTION\n" + roff_paragraphs(program.description);
  if (program.global) out += ".SH OPTIONS\n" + roff_options(*program.global);
  if (!program.commands.empty()) {
    out += ".SH COMMANDS\n";
    for (const CommandHelp& c : program.commands) {
      out += ".SS " + roff(c.name) + "\n\\fB" + program.name + "\\fR " + roff(c.usage) + "\n.PP\n" + roff(c.summary) + "\n";
      if (!c.description.empty()) out += ".PP\n" + roff_paragraphs(c.description);
      if (c.options && !c.options->options().empty()) out += ".PP\n" + roff_options(*c.options);
      if (!c.examples.empty()) out += ".PP\nExamples:\n" + roff_examples(program.name, c.examples);
    }
  }
  if (!program.examples.empty()) out += ".SH EXAMPLES\n" + roff_examples(program.name, program.examples);
  out += ".SH EXIT STATUS\n" + roff_paragraphs(indented(program.exit_codes));
  out += ".SH SEE ALSO\n\\fBreferee\\fR(1), \\fBreplay\\fR(1), \\fBsqlite3\\fR(1)\n";
  return out;
}

}  // namespace deedlog::cli
