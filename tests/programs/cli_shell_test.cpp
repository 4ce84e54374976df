// The programs' conventions as git and sqlite3 users expect them (the "shell" issue): --version,
// help per command, suggestions for a mistyped command, "-" for standard input, JSON for every
// outcome under --json, `games`, no file left behind by a failure, and the man page.
#include <gtest/gtest.h>

#include <cstdlib>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <fstream>
#include <regex>
#include <sstream>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::sample;
using testing::temp_dir;
using json = nlohmann::json;

RunResult referee_alone(const std::string& args) { return testing::run(deedlog::testing::referee_program(), args); }

// referee with standard input read from a file holding text.
RunResult referee_reading(const std::filesystem::path& db, const std::string& args, const std::string& input) {
  const auto in = db.parent_path() / "stdin.txt";
  std::ofstream(in) << input;
  return testing::run(deedlog::testing::referee_program(), "--db " + quote(db.string()) + " " + args, in.string());
}

std::vector<json> json_lines(const std::string& out) {
  std::vector<json> docs;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty()) docs.push_back(json::parse(line));
  return docs;
}

std::filesystem::path two_player_game(const std::string& name) {
  const auto db = temp_dir(name) / "g.db";
  EXPECT_EQ(referee(db, "new --ruleset uk-1972 --players " + quote("Ann, Ben")).code, 0);
  return db;
}

TEST(Shell, VersionOfBothPrograms) {
  const std::regex version(R"(^(referee|replay) \(deedlog\) [0-9]+\.[0-9]+\.[0-9]+\n$)");
  for (const RunResult& r : {referee_alone("--version"), testing::run(deedlog::testing::replay_program(), "--version")}) {
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(std::regex_match(r.out, version)) << r.out;
  }
}

TEST(Shell, EachCommandHasItsOwnOptions) {
  const RunResult play = referee_alone("play --help");
  ASSERT_EQ(play.code, 0) << play.err;
  EXPECT_EQ(referee_alone("help play").out, play.out);
  EXPECT_NE(play.out.find("--dry-run"), std::string::npos);
  EXPECT_NE(play.out.find("--db"), std::string::npos);              // the global ones too
  EXPECT_EQ(play.out.find("--max-moves"), std::string::npos);       // simulate's, not play's
  EXPECT_NE(play.out.find("Ann rolls 3 4"), std::string::npos);     // the notation, by example
  const RunResult status = referee_alone("help status");
  EXPECT_EQ(status.code, 0);
  EXPECT_EQ(status.out.find("--dry-run"), std::string::npos);
  EXPECT_NE(status.out.find("--at"), std::string::npos);
  // An option of another command is a usage error, not silently ignored.
  EXPECT_EQ(referee(two_player_game("own-options"), "status --dry-run").code, 2);
}

TEST(Shell, HelpListsEveryCommandOnALine) {
  const RunResult help = referee_alone("help");
  ASSERT_EQ(help.code, 0);
  const RunResult commands = referee_alone("__complete commands");
  std::istringstream names(commands.out);
  std::string name;
  int count = 0;
  while (std::getline(names, name)) {
    ++count;
    EXPECT_TRUE(std::regex_search(help.out, std::regex("\n  " + name + " +[a-z]"))) << name;
    EXPECT_EQ(referee_alone(name + " --help").code, 0) << name;
  }
  EXPECT_GE(count, 15);
  EXPECT_EQ(referee_alone("").code, 2);  // no command: the list, on stderr
}

TEST(Shell, UnknownCommandSuggestsTheNearest) {
  const RunResult r = referee_alone("stauts");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("status"), std::string::npos) << r.err;
  EXPECT_NE(referee_alone("verfy").err.find("verify"), std::string::npos);
  EXPECT_EQ(referee_alone("help stauts").code, 2);
  const RunResult j = referee_alone("--json stauts");
  EXPECT_EQ(j.code, 2);
  EXPECT_TRUE(json::parse(j.out).contains("error"));
  EXPECT_FALSE(j.err.empty());
}

TEST(Shell, UnderJsonEveryFailureIsJsonOnStdout) {
  const auto db = two_player_game("json-errors");
  const RunResult notation = referee(db, "--json play " + quote("Ann rols 3 4"));
  EXPECT_EQ(notation.code, 2);
  EXPECT_TRUE(json::parse(notation.out)["error"].is_string()) << notation.out;
  EXPECT_FALSE(notation.err.empty());
  const auto bad = db.parent_path() / "bad.game";
  std::ofstream(bad) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\nAnn rolls 3 4\nAnn flies\n";
  const RunResult line = referee(db, "--json import " + quote(bad.string()));
  EXPECT_EQ(line.code, 2);
  EXPECT_EQ(json::parse(line.out)["line"], 5) << line.out;
  const RunResult missing = referee(db.parent_path() / "none.db", "status --json");
  EXPECT_EQ(missing.code, 1);
  EXPECT_TRUE(json::parse(missing.out)["error"].is_string());
  const RunResult option = referee(db, "--json status --frobnicate");
  EXPECT_EQ(option.code, 2);
  EXPECT_TRUE(json::parse(option.out).contains("error"));
  const RunResult replay = testing::replay(db.parent_path() / "none.db", "--json");
  EXPECT_EQ(replay.code, 1);
  EXPECT_TRUE(json::parse(replay.out).contains("error")) << replay.out;
  // A refusal is not an error: its JSON is the ruling, as before.
  const RunResult refused = referee(db, "--json play " + quote("Ben rolls 3 4"));
  EXPECT_EQ(refused.code, 3);
  EXPECT_FALSE(json::parse(refused.out).contains("error"));
}

TEST(Shell, PlayFromStandardInputRecordsEachLineAndStopsAtTheFirstRefusal) {
  const auto db = two_player_game("play-stdin");
  const RunResult r = referee_reading(db, "--json play -", "Ann rolls 1 2\n\n# a comment\nAnn buys\nAnn buys\nBen rolls 3 4\n");
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  const std::vector<json> docs = json_lines(r.out);
  ASSERT_EQ(docs.size(), 3u) << r.out;
  EXPECT_TRUE(docs[0]["accepted"].get<bool>());
  EXPECT_EQ(docs[1]["line"], 4);
  EXPECT_FALSE(docs[2]["accepted"].get<bool>());
  EXPECT_EQ(docs[2]["line"], 5);
  // The two legal moves are recorded; the line after the refusal was not tried.
  EXPECT_EQ(json::parse(referee(db, "--json games").out)["games"][0]["moves"], 2);
  const RunResult garbled = referee_reading(db, "--json play -", "Ben rolls 3 4\nBen rols\n");
  EXPECT_EQ(garbled.code, 2);
  const std::vector<json> out = json_lines(garbled.out);
  ASSERT_EQ(out.size(), 2u) << garbled.out;
  EXPECT_EQ(out[1]["line"], 2);
  EXPECT_TRUE(out[1].contains("error"));
  EXPECT_EQ(referee_reading(db, "play --dry-run -", "Ann buys\n").code, 2);
  EXPECT_EQ(referee_reading(db, "play -", "").code, 0);
}

TEST(Shell, ImportAndAuditReadStandardInput) {
  const auto db = temp_dir("import-stdin") / "g.db";
  std::ifstream in(sample("uk-1972/long-game.game"));
  const std::string game{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const RunResult imported = referee_reading(db, "--json import -", game);
  ASSERT_EQ(imported.code, 0) << imported.err;
  EXPECT_GT(json::parse(imported.out)["moves_recorded"].get<int>(), 100);
  const RunResult audit = referee_reading(db, "--json audit -", game);
  EXPECT_EQ(audit.code, 0) << audit.err;
  EXPECT_TRUE(json::parse(audit.out)["breaches"].empty());
}

TEST(Shell, GamesListsEveryGameOfTheJournal) {
  const auto db = two_player_game("games");
  ASSERT_EQ(referee(db, "--game 1 play " + quote("Ann rolls 1 2")).code, 0);
  const RunResult sim = referee(db, "--json simulate --games 1 --seed 7 --players 3");
  ASSERT_EQ(sim.code, 0) << sim.err;
  const json played = json::parse(sim.out)["results"][0];
  const RunResult r = referee(db, "--json games");
  ASSERT_EQ(r.code, 0) << r.err;
  const json games = json::parse(r.out)["games"];
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0]["game"], 1);
  EXPECT_EQ(games[0]["ruleset"], "uk-1972");
  EXPECT_EQ(games[0]["players"], json::array({"Ann", "Ben"}));
  EXPECT_EQ(games[0]["moves"], 1);
  EXPECT_FALSE(games[0]["over"].get<bool>());
  EXPECT_EQ(games[1]["moves"], played["moves"]);
  EXPECT_EQ(games[1]["events"], played["events"]);
  EXPECT_EQ(games[1]["over"], played["finished"]);
  if (played["finished"].get<bool>()) {
    EXPECT_EQ(games[1]["winner"], played["winner"]);
  }
  EXPECT_EQ(referee(db, "games").code, 0);
  EXPECT_EQ(referee(db.parent_path() / "none.db", "games").code, 1);
}

TEST(Shell, AFailingCommandLeavesNoFileBehind) {
  const auto dir = temp_dir("no-empty-file");
  const auto db = dir / "new.db";
  for (const std::string& args : {std::string("status"), std::string("games"), std::string("verify"),
                                  std::string("play ") + quote("Ann rolls 3 4"), std::string("log"),
                                  std::string("new --ruleset uk-1972 --players Ann"),
                                  std::string("new --ruleset uk-1999 --players ") + quote("Ann, Ben"),
                                  std::string("new --ruleset uk-1972 --players ") + quote("Ann, Ben") + " --variant x",
                                  std::string("import ") + quote((dir / "missing.game").string()),
                                  std::string("simulate --games 1 --jail-strategy sometimes")}) {
    const RunResult r = referee(db, args);
    EXPECT_NE(r.code, 0) << args;
    EXPECT_FALSE(std::filesystem::exists(db)) << args << " left " << db;
  }
  // An import whose setup breaks a rule creates no game, and so leaves no file.
  const auto setup = dir / "setup.game";
  std::ofstream(setup) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Setup]\n"
                          "Ann: owns \"Park Lane\" (4 houses), Mayfair\n[Moves]\n";
  EXPECT_EQ(referee(db, "import " + quote(setup.string())).code, 3);
  EXPECT_FALSE(std::filesystem::exists(db));
  // A journal that existed stays, even empty.
  ASSERT_EQ(referee(db, "simulate --games 0").code, 0);
  EXPECT_EQ(referee(db, "play " + quote("Ann rolls 3 4")).code, 1);
  EXPECT_TRUE(std::filesystem::exists(db));
}

TEST(Shell, ManPageIsWrittenFromTheHelpTables) {
  const RunResult man = referee_alone("--help-man");
  ASSERT_EQ(man.code, 0);
  EXPECT_NE(man.out.find("\n.TH REFEREE 1 "), std::string::npos);
  for (const char* section : {"NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "EXIT STATUS"})
    EXPECT_NE(man.out.find(std::string("\n.SH ") + section + "\n"), std::string::npos) << section;
  EXPECT_NE(man.out.find("\n.SS play\n"), std::string::npos);
  EXPECT_NE(man.out.find("\\-\\-dry\\-run"), std::string::npos);
  const RunResult replay = testing::run(deedlog::testing::replay_program(), "--help-man");
  EXPECT_EQ(replay.code, 0);
  EXPECT_NE(replay.out.find("\n.TH REPLAY 1 "), std::string::npos);
}

TEST(Shell, CompletionOffersCommandsOptionsAndPlayers) {
  const auto db = two_player_game("complete");
  EXPECT_NE(referee_alone("__complete options play").out.find("--dry-run\n"), std::string::npos);
  EXPECT_EQ(referee_alone("__complete options status").out.find("--dry-run"), std::string::npos);
  EXPECT_EQ(referee(db, "__complete players").out, "Ann\nBen\n");
  EXPECT_NE(referee_alone("__complete rulesets").out.find("uk-1972\n"), std::string::npos);
}

// --game completes to the ids of the games in the journal named by --db, in both programs and
// through the bash completion scripts themselves.
TEST(Shell, CompletionOffersTheGameIdsOfTheJournal) {
  const auto db = two_player_game("complete-games");
  ASSERT_EQ(referee(db, "new --ruleset us-standard --players " + quote("Cat, Dan")).code, 0);
  EXPECT_EQ(referee(db, "__complete games").out, "1\n2\n");
  EXPECT_EQ(testing::run(deedlog::testing::replay_program(), "__complete games --db " + quote(db.string())).out, "1\n2\n");
  // Not a journal: nothing offered, nothing created.
  const auto none = temp_dir("complete-none") / "absent.db";
  EXPECT_EQ(testing::run(deedlog::testing::replay_program(), "__complete games --db " + quote(none.string())).out, "");
  EXPECT_FALSE(std::filesystem::exists(none));
  if (std::system("command -v bash > /dev/null 2>&1") != 0) GTEST_SKIP() << "no bash to run the completion scripts";
  const std::string source_dir = deedlog::testing::source_dir();
  for (const auto& [script, program, function] :
       {std::tuple{"replay.bash", std::string(deedlog::testing::replay_program()), "_replay"},
        std::tuple{"referee.bash", std::string(deedlog::testing::referee_program()), "_referee"}}) {
    const std::string words = quote(program) + " --db " + quote(db.string()) + " status --game ''";
    const std::string line = fmt::format(
        "source {}; COMP_WORDS=({}); COMP_CWORD=5; {}; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        quote(source_dir + "/completions/" + script), words, function);
    const RunResult r = testing::run("bash", "-c " + quote(line));
    EXPECT_EQ(r.out, "1\n2\n") << script << ": " << r.err;
  }
}

}  // namespace
}  // namespace deedlog
