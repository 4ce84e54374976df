#pragma once
// What a program says about itself: its commands, their usage lines, options and examples.
// One table feeds `--help`, `help CMD`, the man page (`--help-man`, written into the build at
// build time) and the shell completion (`__complete`), so they cannot drift apart.
#include <boost/program_options.hpp>
#include <memory>
#include <string>
#include <vector>

namespace deedlog::cli {

namespace po = boost::program_options;

struct CommandHelp {
  std::string name;
  std::string summary;                // one line, for the list of commands
  std::string usage;                  // "play [--dry-run] [--expect-seq N] MOVE|-" (without the program)
  std::string description;            // paragraphs separated by blank lines
  std::vector<std::string> examples;  // command lines, without the program's name
  std::shared_ptr<po::options_description> options;  // the command's own options (may be empty)
};

struct ProgramHelp {
  std::string name;         // "referee"
  std::string summary;      // one line: what the program is
  std::string usage;        // the synopsis line, without the program's name
  std::string description;  // paragraphs
  std::vector<std::string> examples;
  std::shared_ptr<po::options_description> global;  // options every command takes
  std::vector<CommandHelp> commands;                // empty for a program without commands
  std::string exit_codes;   // one line per code: "0  done"
};

const CommandHelp* find_command(const ProgramHelp& program, const std::string& name);

// The known commands nearest to a mistyped one (by edit distance, at most a few), best first.
std::vector<std::string> nearest_commands(const ProgramHelp& program, const std::string& typed);

// `referee help`: the usage line, the global options and one line per command.
std::string program_help_text(const ProgramHelp& program);
// `referee help CMD` / `referee CMD --help`.
std::string command_help_text(const ProgramHelp& program, const CommandHelp& command);
// The man page (roff, man(7) macros) from the same table.
std::string man_page(const ProgramHelp& program, const std::string& version, const std::string& date);
// Today's date in UTC, YYYY-MM-DD: the date a man page made now carries (--help-man).
std::string today_utc();

// The long names of a description's options ("--db"), for completion.
std::vector<std::string> option_names(const po::options_description& options);

}  // namespace deedlog::cli
