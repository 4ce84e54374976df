#pragma once
// referee's commands, declared once: each row is a command's help (summary, usage, options,
// words and examples: --help, help CMD, the man page and the shell completion are made from it)
// and the function that runs it. main.cpp reads the line against the table and calls the row's
// function; a new command is its help, its function and its row, all in command_table.cpp.
#include <boost/program_options.hpp>

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "cli/program_help.h"
#include "commands/referee_commands.h"

namespace deedlog {

using Args = std::vector<std::string>;

// What a command runs with: the line as read against its options, and where it answers.
struct CommandCall {
  const cli::ProgramHelp& program;
  const cli::CommandHelp& command;
  const boost::program_options::variables_map& vm;
  const Args& args;  // the words after the command
  const Args& line;  // the whole line, as typed
  const CommonOptions& o;
  std::ostream& out;
  std::ostream& err;

  std::string where() const;  // "referee COMMAND", as its messages begin
  // A usage error (exit 2): the message on err after where().
  int usage_error(const std::string& message) const;
  // Whether the command was given n words; if not, says it expected what (and returns false).
  bool want_args(std::size_t n, const char* what) const;
  std::int64_t at() const;  // --at SEQ, of a command that takes it
};

// Runs a command whose line was read against its options.
using CommandRun = int (*)(const CommandCall& call);
// Hands the whole line over, unread, to another program (replay; serve when this program has no
// server built in); word is the command word's place in the line.
using HandOver = int (*)(const Args& line, std::size_t word, std::ostream& out, std::ostream& err);

// A row: the command's help and what answers it. A row is made only with one of the two, so a
// command cannot be declared without the function that runs it.
struct RefereeCommand {
  RefereeCommand(cli::CommandHelp command, CommandRun runs) : help(std::move(command)), run(runs) {}
  RefereeCommand(cli::CommandHelp command, HandOver hands_over) : help(std::move(command)), hand_over(hands_over) {}

  cli::CommandHelp help;
  CommandRun run = nullptr;  // exactly one of run and hand_over
  HandOver hand_over = nullptr;
};

struct RefereeCommands {
  cli::ProgramHelp help;  // the program's, its commands the rows' help
  std::vector<RefereeCommand> rows;

  const RefereeCommand* find(const std::string& name) const;
};

RefereeCommands referee_commands();

// 'TYPED' is not a command (exit 2), naming the nearest ones.
int unknown_command(const cli::ProgramHelp& help, const std::string& typed, std::ostream& err);

}  // namespace deedlog
