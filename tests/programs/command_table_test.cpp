// The command table (referee/command_table.cpp) is the one place a command is declared: its help
// and the function that runs it are one row, and main.cpp dispatches by looking the row up. The
// tournament's actions are one table likewise (src/commands/tournament_command.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "commands/tournament_command.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::RunResult;

RunResult referee_alone(const std::string& args) { return testing::run(deedlog::testing::referee_program(), args); }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// The string literals a piece of source compares a name with (`name == "x"`, `name != "x"`).
std::set<std::string> compared_with(const std::string& file, const std::string& name) {
  std::ifstream in(std::string(deedlog::testing::source_dir()) + "/" + file);
  std::stringstream text;
  text << in.rdbuf();
  const std::string source = text.str();
  EXPECT_FALSE(source.empty()) << file;
  std::set<std::string> words;
  const std::regex compare(name + R"re(\s*[!=]=\s*"([^"]*)")re");
  for (auto m = std::sregex_iterator(source.begin(), source.end(), compare); m != std::sregex_iterator(); ++m)
    words.insert((*m)[1].str());
  return words;
}

// Every row of the table is dispatched to its own function: given more words than any command
// takes, against a journal that is not there, each answers with its own usage error (exit 2),
// which only its function gives; none is left unanswered, none crashes. The commands another
// program answers are handed over whole: replay's --version is the replay program's.
TEST(CommandTable, EveryCommandInTheTableIsDispatchedToItsFunction) {
  const auto dir = testing::temp_dir("command-table");
  const std::vector<std::string> commands = lines_of(referee_alone("__complete commands").out);
  ASSERT_GE(commands.size(), 25u);
  for (const std::string& name : commands) {
    const RunResult help = referee_alone(name + " --help");
    EXPECT_EQ(help.code, 0) << name << ": " << help.err;
    if (name == "replay") continue;  // the replay program's own help and words
    if (name != "help") {  // help --help is the list of commands
      EXPECT_EQ(referee_alone("help " + name).out, help.out) << name;
    }
    const RunResult ran = testing::referee(dir / "none.db", name + " one two three four five");
    EXPECT_EQ(ran.code, 2) << name << ": " << ran.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "none.db")) << name;
  }
  const RunResult replay = referee_alone("replay --version");
  EXPECT_EQ(replay.code, 0) << replay.err;
  EXPECT_EQ(replay.out.rfind("replay ", 0), 0u) << replay.out;
  std::filesystem::remove_all(dir);
}

// No command is dispatched outside the table: main.cpp compares the command word with no name
// but help's (whose line is read against the global options alone) and the shell completion's
// hidden __complete. A command word that is not a row is refused as unknown.
TEST(CommandTable, NoCommandIsDispatchedOutsideTheTable) {
  EXPECT_EQ(compared_with("referee/main.cpp", "cmd"), (std::set<std::string>{"__complete", "help"}));
  const RunResult unknown = referee_alone("--db none.db tournaments");
  EXPECT_EQ(unknown.code, 2);
  EXPECT_TRUE(unknown.out.empty());
}

// Nor a tournament action outside its table: the dispatch compares the action with no name but
// those --duplicate is for (new and seat), and every name the table lists is taken as an action.
TEST(CommandTable, EveryTournamentActionIsDeclaredOnceAndDispatched) {
  EXPECT_EQ(compared_with("src/commands/tournament_command.cpp", "action"), (std::set<std::string>{"new", "seat"}));
  const auto dir = testing::temp_dir("tournament-table");
  std::vector<std::string> actions;
  std::istringstream names(tournament_action_names("\n"));
  for (std::string a; std::getline(names, a);) actions.push_back(a);
  ASSERT_EQ(actions.size(), 14u);
  const RunResult help = referee_alone("help tournament");
  ASSERT_EQ(help.code, 0);
  for (const std::string& action : actions) {
    // In the help's list of actions, at the start of a line or after another on its line.
    EXPECT_TRUE(std::regex_search(help.out, std::regex("(\n  |/ )" + action + " "))) << action;
    // Taken as an action: refused for what it lacks (no journal here), never as an unknown action.
    const RunResult ran = testing::referee(dir / "none.db", "tournament " + action);
    EXPECT_NE(ran.code, 0) << action;
    const RunResult not_one = testing::referee(dir / "none.db", "tournament " + action + "s");
    EXPECT_EQ(not_one.code, 2) << action;
    EXPECT_NE(ran.err, not_one.err) << action;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
