// referee table --server (docs/tournaments.md, "Duplicate rounds from the command line"): a
// table's session played through a real `referee serve` over a journal where a duplicate round
// is seated, the table's key given in a file of mode 0600 or the environment, never on the
// command line. The moves typed are the journal's; a typed throw in the sealed game is refused
// with the rule; another table's game is refused; a key on the command line, or in a file others
// may read, is refused before anything is asked of the server; the key is never in the
// process's arguments; typed at the prompt, it is not shown.
#include <gtest/gtest.h>
#include <httplib.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/serve_process.h"
#include "support/tmux.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::PipeProcess;
using testing::quote;

constexpr int kOk = 0, kFailure = 1, kUsage = 2;

// A duplicate round of eight at two tables, seated through the command line, and a server over
// its journal.
class ServeTable : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::temp_dir("serve-table-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    db_ = dir_ / "club.db";
    round_ = testing::seat_eight_in_a_duplicate_round([&](const std::string& args) { return testing::referee(db_, args); });
    ASSERT_EQ(round_.games.size(), 2u);
    ASSERT_EQ(round_.table_keys.size(), 2u);
    server_ = std::make_unique<testing::ServeProcess>(db_.string());
    ASSERT_NE(server_->port(), 0);
    url_ = "http://127.0.0.1:" + std::to_string(server_->port());
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }

  // The game as the journal holds it, read by the command line (the judge's side).
  json journal_log(std::int64_t game) const {
    const auto r = testing::referee(db_, "--game " + std::to_string(game) + " --json log");
    EXPECT_EQ(r.code, kOk) << r.err;
    return json::parse(r.out, nullptr, false);
  }
  std::string journal_state() const { return testing::referee(db_, "--json games").out; }
  // Who throws first at a table, as the judge reads it.
  std::string first_player(std::int64_t game) const {
    const auto r = testing::referee(db_, "--game " + std::to_string(game) + " --json status");
    return json::parse(r.out, nullptr, false)["turn"]["player"].get<std::string>();
  }
  // A private file holding text (mode 0600 unless said), in the test's folder.
  std::filesystem::path key_file(const std::string& name, const std::string& key, mode_t mode = 0600) const {
    const std::filesystem::path p = dir_ / name;
    testing::write_private_file(p, key + "\n", mode);
    return p;
  }
  std::vector<std::string> table_argv(std::int64_t game, const std::vector<std::string>& more) const {
    std::vector<std::string> argv{deedlog::testing::referee_program(), "--json", "--game", std::to_string(game), "table", "--server", url_};
    argv.insert(argv.end(), more.begin(), more.end());
    return argv;
  }

  std::filesystem::path dir_, db_;
  testing::SeatedDuplicateRound round_;
  std::unique_ptr<testing::ServeProcess> server_;
  std::string url_;
};

// The arguments of a running process, as every account on the computer may read them.
std::string command_line_of(int pid) {
  std::string text = testing::slurp("/proc/" + std::to_string(pid) + "/cmdline");
  for (char& c : text)
    if (c == '\0') c = ' ';
  return text;
}

TEST_F(ServeTable, MovesTypedAtTheTableAreTheJournalsAndTheSealedDiceAreTheReferees) {
  const std::int64_t game = round_.games[0];
  const std::string ann = first_player(game);
  PipeProcess table(table_argv(game, {"--key-file", key_file("table1.key", round_.table_keys[0]).string()}));

  // Dice typed in a sealed game are refused with the rule, nothing written.
  const std::string before = journal_state();
  const json typed = json::parse(table.ask(ann + " rolls 3 4"), nullptr, false);
  EXPECT_EQ(typed.value("accepted", true), false) << typed.dump();
  EXPECT_EQ(typed["violation"]["rule"], "uk-1972/referee/sealed-dice") << typed.dump();
  EXPECT_EQ(journal_state(), before);

  // The throw is the referee's, from the sealed seed: the move is recorded, and the journal's
  // last event is the one the table was told of.
  const json thrown = json::parse(table.ask(ann + " rolls"), nullptr, false);
  ASSERT_TRUE(thrown.is_object());
  ASSERT_EQ(thrown.value("accepted", false), true) << thrown.dump();
  json log = journal_log(game);
  ASSERT_FALSE(log["events"].empty());
  EXPECT_EQ(thrown["seq"], log["events"].back()["seq"]);
  EXPECT_EQ(thrown["head"], log["events"].back()["hash"]);
  ASSERT_FALSE(thrown["events"].empty());
  const json& first_event = thrown["events"][0];
  bool recorded = false;
  for (const json& e : log["events"])
    if (e["type"] == "MovePlayed" && e["seq"] == first_event["seq"]) recorded = true;
  EXPECT_TRUE(recorded) << log.dump();

  // The legal moves are the server's, for this game.
  const json moves = json::parse(table.ask("?"), nullptr, false);
  ASSERT_TRUE(moves.contains("moves")) << moves.dump();
  EXPECT_EQ(moves["player"], first_player(game)) << moves.dump();
  // One of them that is the players' (not the referee's) and not a form to fill in (a form's
  // move holds example values).
  std::string legal;
  for (const json& m : moves["moves"]) {
    bool form = m.get<std::string>().rfind("Referee", 0) == 0;
    for (const json& f : moves["forms"]) form = form || f.value("move", std::string()) == m.get<std::string>();
    if (!form && legal.empty()) legal = m.get<std::string>();
  }
  ASSERT_FALSE(legal.empty()) << moves.dump();

  // A take-back is the judge's: asked, refused by the server's route (403), nothing written.
  const std::string after_throw = journal_state();
  const json undo = json::parse(table.ask("undo"), nullptr, false);
  EXPECT_EQ(undo["status"], 403) << undo.dump();
  EXPECT_EQ(journal_state(), after_throw);

  // A line that does not parse is said and the session goes on.
  const json garbled = json::parse(table.ask("Ann juggles"), nullptr, false);
  EXPECT_TRUE(garbled.contains("error")) << garbled.dump();
  const json next = json::parse(table.ask(legal), nullptr, false);
  EXPECT_EQ(next.value("accepted", false), true) << legal << ": " << next.dump();
  log = journal_log(game);
  EXPECT_EQ(next["seq"], log["events"].back()["seq"]);

  table.close_input();
  EXPECT_EQ(table.wait(), kOk);
}

TEST_F(ServeTable, AnotherTablesGameIsRefused) {
  const std::string before = journal_state();
  const auto r = testing::run(deedlog::testing::referee_program(), "--game " + std::to_string(round_.games[1]) + " table --server " + url_ +
                                                   " --key-file " +
                                                   quote(key_file("table1.key", round_.table_keys[0]).string()));
  EXPECT_EQ(r.code, kFailure) << r.out << r.err;
  EXPECT_EQ(r.out.find("Now:"), std::string::npos) << r.out;  // nothing of the game is shown
  EXPECT_EQ(journal_state(), before);
}

TEST_F(ServeTable, AKeyOnTheCommandLineIsRefused) {
  const std::string before = journal_state();
  const auto r = testing::run(deedlog::testing::referee_program(), "--json --game " + std::to_string(round_.games[0]) + " table --server " +
                                                   url_ + " --key " + round_.table_keys[0]);
  EXPECT_EQ(r.code, kUsage) << r.out << r.err;
  EXPECT_TRUE(json::parse(r.out, nullptr, false).contains("error")) << r.out;
  // Nor the Head Judge's, for a tournament command.
  const auto judge = testing::referee(db_, "tournament call-time --round 1 --key " + round_.judge_key);
  EXPECT_EQ(judge.code, kUsage) << judge.out << judge.err;
  EXPECT_EQ(journal_state(), before);
}

TEST_F(ServeTable, AKeyFileOthersMayReadIsRefused) {
  const std::string before = journal_state();
  for (const mode_t mode : {0644, 0640, 0604, 0660}) {
    const auto path = key_file("open-" + std::to_string(mode) + ".key", round_.table_keys[0], mode);
    const auto r = testing::run(deedlog::testing::referee_program(), "--game " + std::to_string(round_.games[0]) + " table --server " + url_ +
                                                     " --key-file " + quote(path.string()),
                                "/dev/null");
    EXPECT_EQ(r.code, kUsage) << std::oct << mode << ": " << r.out << r.err;
    const auto judge = testing::referee(db_, "tournament call-time --round 1 --key-file " +
                                                 quote(key_file("judge-" + std::to_string(mode), round_.judge_key, mode).string()));
    EXPECT_EQ(judge.code, kUsage) << std::oct << mode << ": " << judge.err;
  }
  // A key file that is no file, holds nothing, or is not there.
  for (const std::string& bad : {dir_.string(), key_file("empty.key", "").string(), (dir_ / "missing.key").string()}) {
    const auto r = testing::run(deedlog::testing::referee_program(), "--game " + std::to_string(round_.games[0]) + " table --server " + url_ +
                                                     " --key-file " + quote(bad));
    EXPECT_EQ(r.code, kUsage) << bad << ": " << r.err;
  }
  // No key at all, and no terminal to ask on.
  const auto none = testing::run(deedlog::testing::referee_program(), "--game " + std::to_string(round_.games[0]) + " table --server " + url_);
  EXPECT_EQ(none.code, kUsage) << none.err;
  EXPECT_EQ(journal_state(), before);
}

TEST_F(ServeTable, TheKeyIsNeverInTheProcesssArguments) {
  const std::int64_t game = round_.games[0];
  const std::string& key = round_.table_keys[0];
  // From a file, and from the environment: either way the session runs (it answers), and its
  // command line, which `ps` shows every account, holds no key.
  {
    PipeProcess table(table_argv(game, {"--key-file", key_file("table1.key", key).string()}));
    const json moves = json::parse(table.ask("?"), nullptr, false);
    ASSERT_TRUE(moves.contains("moves")) << moves.dump();
    const std::string args = command_line_of(table.pid());
    EXPECT_NE(args.find("table --server"), std::string::npos) << args;
    EXPECT_EQ(args.find(key), std::string::npos) << args;
    table.close_input();
    EXPECT_EQ(table.wait(), kOk);
  }
  ::setenv("DEEDLOG_TABLE_KEY", key.c_str(), 1);
  PipeProcess table(table_argv(game, {}));
  ::unsetenv("DEEDLOG_TABLE_KEY");
  const json thrown = json::parse(table.ask(first_player(game) + " rolls"), nullptr, false);
  EXPECT_EQ(thrown.value("accepted", false), true) << thrown.dump();
  const std::string args = command_line_of(table.pid());
  EXPECT_NE(args.find("table --server"), std::string::npos) << args;
  EXPECT_EQ(args.find(key), std::string::npos) << args;
  table.close_input();
  EXPECT_EQ(table.wait(), kOk);
}

TEST_F(ServeTable, TheKeyTypedAtThePromptIsNotShown) {
  if (!testing::Tmux::available()) GTEST_SKIP() << "tmux is not installed";
  const std::int64_t game = round_.games[0];
  const std::string& key = round_.table_keys[0];
  const std::string ann = first_player(game);
  testing::Tmux tmux("serve-table");
  ASSERT_TRUE(tmux.start(160, 30,
                         std::string("env -u DEEDLOG_TABLE_KEY ") + deedlog::testing::referee_program() + " --game " + std::to_string(game) +
                             " table --server " + url_ + "; sleep 60"));
  tmux.wait_for("Table's key");
  tmux.keys(key);
  tmux.keys("Enter");
  std::string screen = tmux.wait_for("Now: ");
  EXPECT_EQ(screen.find(key), std::string::npos) << screen;
  tmux.keys(quote(ann + " rolls"));
  tmux.keys("Enter");
  screen = tmux.wait_for("Head: event");
  EXPECT_EQ(screen.find(key), std::string::npos) << screen;
  // The throw is the journal's.
  const json log = journal_log(game);
  bool played = false;
  for (const json& e : log["events"])
    if (e["type"] == "MovePlayed") played = true;
  EXPECT_TRUE(played) << screen << log.dump();
}

}  // namespace
}  // namespace deedlog
