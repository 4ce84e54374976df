// referee: rules on moves of a property-trading game and keeps the game's journal.
// A thin shell: the command line read against the command table (referee/command_table.cpp), the
// command's row run, its exit code out.
#include <boost/program_options.hpp>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "cli/program_help.h"
#include "command_table.h"
#include "commands/command_outcome.h"
#include "commands/games_listing.h"
#include "commands/referee_commands.h"
#include "core/exit_code.h"
#include "deedlog/ruleset_catalog.h"
#include "deedlog_version.h"
#include "journal/journal.h"
#include "service/game_session.h"

namespace po = boost::program_options;
using namespace deedlog;

namespace {

bool has(const Args& args, const std::string& word) {
  for (const std::string& a : args)
    if (a == word) return true;
  return false;
}

// The words a shell completes (completions/): commands, a command's options, the players of
// the game at hand, the editions. Never an error: a completion that fails offers nothing.
int complete(const cli::ProgramHelp& help, const Args& words, const CommonOptions& o, std::ostream& out) {
  const std::string what = words.empty() ? "" : words[0];
  if (what == "commands")
    for (const cli::CommandHelp& c : help.commands) out << c.name << "\n";
  if (what == "options") {
    for (const std::string& name : cli::option_names(*help.global)) out << name << "\n";
    // --key is known only to be refused (a key on the command line is every account's): not offered.
    if (const cli::CommandHelp* c = words.size() > 1 ? cli::find_command(help, words[1]) : nullptr)
      for (const std::string& name : cli::option_names(*c->options))
        if (name != "--key") out << name << "\n";
  }
  if (what == "rulesets")
    for (const std::string& id : builtin_ruleset_ids()) out << id << "\n";
  if (what == "games") write_game_ids(o.db, out);
  if (what == "players") {
    std::unique_ptr<Journal> journal;
    std::int64_t id = 0;
    GameRow row;
    GameHeader header;
    if (journal_may_exist(o.db) && Journal::open(o.db, &journal, true).is_ok() &&
        resolve_game_id(*journal, o.game, &id).is_ok() && journal->game(id, &row).is_ok() &&
        header_from_json(row.header, &header).is_ok())
      for (const std::string& name : header.players) out << name << "\n";
  }
  return kExitOk;
}

// Runs the command's row, after the checks of options every command shares.
int dispatch(const RefereeCommand& command, const CommandCall& call) {
  if (call.vm.count("at") && call.at() < 0) return call.usage_error("--at takes an event number (1 or more; 0: the last)");
  if (call.vm.count("snapshot-every") && call.o.snapshot_every < 0)
    return call.usage_error("--snapshot-every takes 0 (none) or a positive number of events");
  return command.run(call);
}

// Reads the line against the global options and those of cmd ("" for none).
bool parse(const cli::ProgramHelp& help, const cli::CommandHelp* command, const Args& line, po::variables_map* vm,
           std::ostream& err) {
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())("args", po::value<Args>());
  po::positional_options_description positional;
  positional.add("command", 1).add("args", -1);
  po::options_description all;
  all.add(*help.global).add(hidden);
  if (command) all.add(*command->options);
  try {
    po::store(po::command_line_parser(line).options(all).positional(positional).run(), *vm);
    po::notify(*vm);
    return true;
  } catch (const std::exception& e) {
    const std::string name = command ? command->name : "";
    err << "referee" << (name.empty() ? "" : " " + name) << ": " << e.what() << " (see 'referee "
        << (name.empty() ? "" : name + " ") << "--help')\n";
    return false;
  }
}

int run(const RefereeCommands& commands, const Args& line, std::ostream& out, std::ostream& err) {
  const cli::ProgramHelp& help = commands.help;
  if (has(line, "--help-man")) {
    out << cli::man_page(help, DEEDLOG_VERSION, cli::today_utc());
    return kExitOk;
  }
  const std::optional<std::size_t> word = cli::command_word(line, help);
  const std::string cmd = word ? line[*word] : "";
  const bool completing = cmd == "__complete";
  const RefereeCommand* command = commands.find(cmd);
  if (command && command->hand_over) return command->hand_over(line, *word, out, err);
  if (!cmd.empty() && !command && !completing) return unknown_command(help, cmd, err);
  po::variables_map vm;
  // help's line is read against the global options alone: its errors point at 'referee --help'.
  if (!parse(help, command && cmd != "help" ? &command->help : nullptr, line, &vm, err)) return kExitUsage;
  if (vm.count("version")) {
    out << "referee (deedlog) " << DEEDLOG_VERSION << "\n";
    return kExitOk;
  }
  const Args args = vm.count("args") ? vm["args"].as<Args>() : Args{};
  if (cmd.empty()) {
    (vm.count("help") ? out : err) << cli::program_help_text(help);
    return vm.count("help") ? kExitOk : kExitUsage;
  }
  // help --help is help's own: the list of commands.
  if (vm.count("help") && cmd != "help") return out << cli::command_help_text(help, command->help), kExitOk;
  CommonOptions o;
  o.db = vm["db"].as<std::string>();
  if (vm.count("game")) o.game = vm["game"].as<std::int64_t>();
  o.json = vm.count("json") > 0;
  if (vm.count("ruleset-file")) o.ruleset_file = vm["ruleset-file"].as<std::string>();
  if (vm.count("snapshot-every")) o.snapshot_every = vm["snapshot-every"].as<std::int64_t>();
  if (completing) return complete(help, args, o, out);
  std::error_code ignored;
  const bool journal_existed = std::filesystem::exists(o.db, ignored);
  int code = kExitFailure;
  try {
    code = dispatch(*command, {help, command->help, vm, args, line, o, out, err});
  } catch (const std::exception& e) {
    err << "referee: " << e.what() << "\n";
  }
  if (code != kExitOk) remove_journal_left_empty(o.db, journal_existed);
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  const RefereeCommands commands = referee_commands();
  const Args line(argv + 1, argv + argc);
  return run_reporting_errors(has(line, "--json"), "referee", std::cout, std::cerr,
                              [&](std::ostream& out, std::ostream& err) { return run(commands, line, out, err); });
}
