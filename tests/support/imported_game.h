#pragma once
// A game in a journal of its own, started from a game file's text as a scorekeeper types it
// (`referee import`) and played on through the real referee; its folder removed with it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/cli.h"

namespace deedlog::testing {

struct ImportedGame {
  std::filesystem::path dir;
  std::filesystem::path db;

  // name: the folder's, unique to the test; expect_code: the exit code import must give.
  ImportedGame(const std::string& name, const std::string& text, int expect_code = 0) {
    dir = temp_dir(name);
    db = dir / "g.db";
    std::ofstream(dir / "g.game") << text;
    const RunResult r = referee(db, "import " + quote((dir / "g.game").string()));
    EXPECT_EQ(r.code, expect_code) << r.out << r.err;
  }
  ~ImportedGame() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
  ImportedGame(const ImportedGame&) = delete;
  ImportedGame& operator=(const ImportedGame&) = delete;

  RunResult play(const std::string& move) const { return referee(db, "--json play " + quote(move)); }
  void played(const std::string& move) const {
    const RunResult r = play(move);
    ASSERT_EQ(r.code, 0) << move << ": " << r.out << r.err;
  }
  // The rule a refused move cites ("" when it was not refused).
  std::string refused(const std::string& move) const {
    const RunResult r = play(move);
    EXPECT_EQ(r.code, 3) << move << ": " << r.out << r.err;
    if (r.code != 3) return "";
    return nlohmann::json::parse(r.out)["violation"]["rule"].get<std::string>();
  }
  // `referee --json COMMAND`'s document (empty when it failed).
  nlohmann::json doc(const std::string& command) const {
    const RunResult r = referee(db, "--json " + command);
    EXPECT_EQ(r.code, 0) << command << ": " << r.out << r.err;
    return r.code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
  }
  // `referee COMMAND`'s words.
  std::string text(const std::string& command) const {
    const RunResult r = referee(db, command);
    EXPECT_EQ(r.code, 0) << command << ": " << r.out << r.err;
    return r.out;
  }
};

}  // namespace deedlog::testing
