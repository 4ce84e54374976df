// referee table, from a pipe and in a terminal that tmux runs (the prompt, completion, ?, undo);
// and status --setup, whose .game text imports to the same position.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/tmux.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;
using testing::quote;

fs::path new_game(const std::string& name) {
  const fs::path db = testing::temp_dir("table-" + name) / "g.db";
  EXPECT_EQ(testing::referee(db, "new --ruleset uk-1972 --players 'Ann, Ben'").code, 0);
  return db;
}

TEST(TableSession, FromAPipeEachLineIsAnsweredAndARefusalDoesNotStopIt) {
  const fs::path db = new_game("pipe");
  const fs::path moves = db.parent_path() / "moves.txt";
  std::ofstream(moves) << "Ann rolls 3 4\nAnn buys\n?\nundo\nAnn rolls 2 3\nAnn buys\nAnn flies\n";
  const auto r = testing::run(deedlog::testing::referee_program(), "--db " + quote(db.string()) + " --json table", moves.string());
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  std::vector<json> answers;
  std::stringstream in(r.out);
  for (std::string line; std::getline(in, line);) answers.push_back(json::parse(line));
  ASSERT_EQ(answers.size(), 7u) << r.out;
  EXPECT_TRUE(answers[0]["accepted"].get<bool>());
  EXPECT_FALSE(answers[1]["accepted"].get<bool>());  // refused: Ann must take a card first
  EXPECT_TRUE(answers[2].contains("moves")) << answers[2];
  EXPECT_TRUE(answers[3]["accepted"].get<bool>());   // undo: the throw taken back
  EXPECT_TRUE(answers[4]["accepted"].get<bool>());
  EXPECT_TRUE(answers[5]["accepted"].get<bool>());   // King's Cross Station bought
  EXPECT_TRUE(answers[6].contains("error")) << answers[6];
  const json status = json::parse(testing::referee(db, "--json status").out);
  EXPECT_EQ(status["players"][0]["properties"].size(), 1u);
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

using testing::Tmux;

TEST(TableSession, InATerminalThePromptCompletionAndUndo) {
  if (!Tmux::available()) GTEST_SKIP() << "tmux is not installed here (scripts/setup.sh installs it)";
  if (!DEEDLOG_WITH_LINE_EDITING) GTEST_SKIP() << "built without line editing (DEEDLOG_LINE_EDITING=OFF): no completion";
  const fs::path db = new_game("tmux");
  const Tmux tmux("table");
  ASSERT_TRUE(tmux.start(120, 40, fmt::format("{} --db {} table", deedlog::testing::referee_program(), quote(db.string()))));
  tmux.wait_for("Now: Ann to throw>");
  // Tab completes a player's name: "Be" + Tab is "Ben" (no other word starts so).
  tmux.keys("Be Tab");
  tmux.wait_for("Now: Ann to throw> Ben");
  tmux.keys("C-u 'Ann rolls 3 4' Enter");
  tmux.wait_for("Now: Ann to take a Chance card>");
  tmux.keys("'?' Enter");
  tmux.wait_for("Advance to GO");
  tmux.keys("undo Enter");
  tmux.wait_for("Taken back");
  tmux.keys("'Ann rolls 2 3' Enter");
  tmux.wait_for("Now: Ann to buy");
  // History: Up brings back the last line.
  tmux.keys("Up");
  tmux.wait_for("> Ann rolls 2 3");
  tmux.keys("C-u 'quit' Enter");
  for (int i = 0; i < 250 && tmux.running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const json status = json::parse(testing::referee(db, "--json status").out);
  EXPECT_EQ(status["players"][0]["square"], 5) << status;
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

// status --setup at every position of sample games a [Setup] can state exactly: the text imports
// to the same position (who is where with what, the Bank's buildings, who throws next).
TEST(StatusSetup, ImportsToTheSamePosition) {
  int compared = 0;
  for (const char* game : {"uk-1972/long-game.game", "uk-1972/house-shortage-auction.game",
                           "military/prison.game", "regional-currency/conglomerate-double-rent-and-trade.game"}) {
    const fs::path dir = testing::temp_dir("setup");
    const fs::path db = dir / "g.db";
    ASSERT_EQ(testing::referee(db, "import " + quote(testing::sample(game))).code, 0) << game;
    const std::int64_t last = json::parse(testing::referee(db, "--json status").out)["seq"];
    for (std::int64_t at = 1; at <= last; at += std::max<std::int64_t>(1, last / 40)) {
      const auto setup = testing::referee(db, fmt::format("--json status --setup --at {}", at));
      ASSERT_EQ(setup.code, 0) << setup.err;
      const json s = json::parse(setup.out);
      if (!s["exact"].get<bool>()) continue;
      const fs::path file = dir / fmt::format("at-{}.game", at);
      std::ofstream(file) << s["setup"].get<std::string>();
      const fs::path db2 = dir / fmt::format("at-{}.db", at);
      const auto imported = testing::referee(db2, "import " + quote(file.string()));
      ASSERT_EQ(imported.code, 0) << game << " at " << at << ": " << imported.out << imported.err << s["setup"];
      json a = json::parse(testing::referee(db, fmt::format("--json status --at {}", at)).out);
      json b = json::parse(testing::referee(db2, "--json status").out);
      EXPECT_EQ(a["players"], b["players"]) << game << " at " << at;
      EXPECT_EQ(a["bank"], b["bank"]) << game << " at " << at;
      // Who throws next: the game from the setup starts that player's turn.
      const std::string next = b["turn"]["player"];
      if (a["turn"]["phase"] == "awaiting-roll") {
        EXPECT_EQ(a["turn"]["player"], next) << game << " at " << at;
      }
      ++compared;
    }
    fs::remove_all(dir);
  }
  EXPECT_GE(compared, 20);
}

// While the Bank auctions a bankrupt's deeds the turn is still the bankrupt's: status --setup
// named him in Turn, and the text did not import (a Turn of a player out of the game). It names
// the player who throws once the auctions are over, states the unsold deeds as the Bank's, and
// imports to that position. The game (tests/data/bankrupt-mid-auction.game) is typed as a table
// types: Ben goes bankrupt to the Bank and the record stops mid-auction.
TEST(StatusSetup, MidwayThroughTheBanksAuctionOfABankruptsDeedsItImportsToThePosition) {
  const fs::path dir = testing::temp_dir("setup-bank-auction");
  const fs::path db = dir / "g.db";
  const auto imported = testing::referee(
      db, "import " + quote(std::string(deedlog::testing::source_dir()) + "/tests/data/bankrupt-mid-auction.game"));
  ASSERT_EQ(imported.code, 0) << imported.out << imported.err;
  json before = json::parse(testing::referee(db, "--json status").out);
  ASSERT_EQ(before["turn"]["player"], "Ben") << before;  // the auctions run in Ben's turn
  const auto setup = testing::referee(db, "--json status --setup");
  ASSERT_EQ(setup.code, 0) << setup.err;
  const json s = json::parse(setup.out);
  EXPECT_FALSE(s["exact"].get<bool>());  // the auction itself is not stated
  const std::string text = s["setup"].get<std::string>();
  EXPECT_NE(text.find("Turn: Cat"), std::string::npos) << text;
  const fs::path file = dir / "setup.game";
  std::ofstream(file) << text;
  const fs::path db2 = dir / "again.db";
  const auto again = testing::referee(db2, "import " + quote(file.string()));
  ASSERT_EQ(again.code, 0) << again.out << again.err << text;
  // The same position: the players (Ben out, Cat with Old Kent Road), the Bank's buildings, and
  // the setup of the game made from it is the same text.
  json after = json::parse(testing::referee(db2, "--json status").out);
  // A bankrupt's token is off the board: where it last stood is no part of the position.
  for (json* status : {&before, &after})
    for (json& p : (*status)["players"])
      if (p["bankrupt"].get<bool>()) p.erase("square"), p.erase("square_name");
  EXPECT_EQ(before["players"], after["players"]);
  EXPECT_EQ(before["bank"], after["bank"]);
  EXPECT_EQ(after["turn"]["player"], "Cat");
  EXPECT_EQ(json::parse(testing::referee(db2, "--json status --setup").out)["setup"], text);
  fs::remove_all(dir);
}

TEST(StatusSetup, SaysWhatASetupCannotState) {
  const fs::path db = new_game("limits");
  ASSERT_EQ(testing::referee(db, "play 'Ann rolls 3 4'").code, 0);
  const json s = json::parse(testing::referee(db, "--json status --setup").out);
  EXPECT_FALSE(s["exact"].get<bool>());
  EXPECT_FALSE(s["limits"].empty());
  const auto text = testing::referee(db, "status --setup");
  EXPECT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("[Setup]"), std::string::npos);
  EXPECT_NE(text.err.find("not stated"), std::string::npos);
}

}  // namespace
}  // namespace deedlog
