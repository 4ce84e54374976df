// A journal file of no bytes is a journal not yet begun: an import killed before it made the
// journal's tables leaves one (SQLite creates the file when it opens it). It was called broken
// ("not a deedlog journal: it is empty") by every reader, verify included, though it had lost
// nothing. Now it reads as a journal that holds no game (verify: nothing to verify, exit 0), is
// left as it is by readers, and takes an import as a new file does. docs/trust.md records the
// decision.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::sample;
using testing::temp_dir;
using json = nlohmann::json;

constexpr int kExitOk = 0, kExitFailure = 1;

// What every reader must make of a journal file of no bytes, which must stay as it is.
void expect_read_as_holding_no_game(const std::filesystem::path& db) {
  const RunResult v = referee(db, "--json verify");
  EXPECT_EQ(v.code, kExitOk) << v.out << v.err;
  const json j = json::parse(v.out);
  EXPECT_TRUE(j["ok"].get<bool>());
  EXPECT_TRUE(j["games"].empty());
  EXPECT_EQ(referee(db, "verify").code, kExitOk);
  EXPECT_EQ(referee(db, "games").code, kExitOk);
  // A command that needs a game finds none: exit 1, as in a new journal with no game.
  const RunResult s = referee(db, "status");
  EXPECT_EQ(s.code, kExitFailure) << s.err;
  EXPECT_EQ(s.err.find("not a deedlog journal"), std::string::npos) << s.err;
  EXPECT_EQ(std::filesystem::file_size(db), 0u) << "a reader wrote to the file";
}

void expect_takes_an_import(const std::filesystem::path& db) {
  const RunResult r = referee(db, "import " + quote(sample("uk-1972/mortgage-traded-lifted-at-once.game")));
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  const RunResult v = referee(db, "--json verify");
  EXPECT_EQ(v.code, kExitOk) << v.out << v.err;
  EXPECT_EQ(json::parse(v.out)["games"].size(), 1u);
}

TEST(EmptyJournal, AFileOfNoBytesHoldsNoGameAndTakesAnImport) {
  const auto db = temp_dir("empty-journal") / "club.db";
  std::ofstream(db, std::ios::binary).close();
  ASSERT_EQ(std::filesystem::file_size(db), 0u);
  expect_read_as_holding_no_game(db);
  expect_takes_an_import(db);
}

// The case as met: kill -9 at the import's first write (strace's fault injection), before the
// tables exist. The file is left with no bytes, or not at all; either way nothing is broken.
TEST(EmptyJournal, AnImportKilledBeforeTheTablesExistLeavesNothingBroken) {
  if (testing::run("strace", "-V").code != 0) GTEST_SKIP() << "strace is not installed";
  const auto db = temp_dir("empty-journal-killed") / "club.db";
  const RunResult killed = testing::run(
      "strace", fmt::format("-f -o /dev/null -e trace=pwrite64 -e inject=pwrite64:signal=SIGKILL:when=1 {} --db {} import {}",
                            DEEDLOG_REFEREE, quote(db.string()),
                            quote(sample("uk-1972/mortgage-traded-lifted-at-once.game"))));
  ASSERT_NE(killed.code, kExitOk) << "the import was not killed";
  if (std::filesystem::exists(db)) {
    ASSERT_EQ(std::filesystem::file_size(db), 0u);
    expect_read_as_holding_no_game(db);
  }
  expect_takes_an_import(db);
}

}  // namespace
}  // namespace deedlog
