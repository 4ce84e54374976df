// A journal file of no bytes is a journal not yet begun: an import killed before it made the
// journal's tables leaves one (SQLite creates the file when it opens it). It was called broken
// ("not a deedlog journal: it is empty") by every reader, verify included, though it had lost
// nothing. Now it reads as a journal that holds no game (verify: nothing to verify, exit 0), is
// left as it is by readers, and takes an import as a new file does. docs/trust.md records the
// decision. The same holds of a file of SQLite's first page alone (4 KB, no tables), which an
// import killed a little later leaves: verify called it "empty" and failed.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

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

constexpr int kExitOk = 0, kExitFailure = 1;

// What every reader must make of a journal file not yet begun, which must stay as it is.
void expect_read_as_holding_no_game(const std::filesystem::path& db) {
  const std::string before = testing::slurp(db);
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
  EXPECT_EQ(testing::slurp(db), before) << "a reader wrote to the file";
}

// The tables a journal file's copy holds (the file itself and its log, copied so that SQLite,
// which may write when it opens a file, leaves the original as the kill left it); -1 when SQLite
// cannot read it.
int tables_in_copy(const std::filesystem::path& db) {
  const auto copy = db.parent_path() / "copy";
  std::filesystem::remove_all(copy);
  std::filesystem::create_directories(copy);
  for (const char* suffix : {"", "-wal"})
    if (std::filesystem::exists(db.string() + suffix))
      std::filesystem::copy_file(db.string() + suffix, (copy / "club.db").string() + suffix);
  sqlite3* h = nullptr;
  int tables = -1;
  if (sqlite3_open((copy / "club.db").string().c_str(), &h) == SQLITE_OK) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(h, "SELECT count(*) FROM sqlite_master", -1, &st, nullptr) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
      tables = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
  }
  sqlite3_close(h);
  std::filesystem::remove_all(copy);
  return tables;
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
                            deedlog::testing::referee_program(), quote(db.string()),
                            quote(sample("uk-1972/mortgage-traded-lifted-at-once.game"))));
  ASSERT_NE(killed.code, kExitOk) << "the import was not killed";
  if (std::filesystem::exists(db)) {
    ASSERT_EQ(std::filesystem::file_size(db), 0u);
    expect_read_as_holding_no_game(db);
  }
  expect_takes_an_import(db);
}

// Killed at each of the import's first writes (strace's fault injection, kill -9) until the game
// is in: a kill after SQLite wrote the file's first page (the switch to WAL) and before the
// tables were committed leaves a file of 4 KB with no table in it. verify called it "empty" and
// failed (exit 1); it is a journal not yet begun, as the file of no bytes is.
TEST(EmptyJournal, AnImportKilledAfterTheFirstPageLeavesAJournalNotYetBegun) {
  if (testing::run("strace", "-V").code != 0) GTEST_SKIP() << "strace is not installed";
  const auto db = temp_dir("empty-journal-first-page") / "club.db";
  const std::string game = quote(sample("uk-1972/mortgage-traded-lifted-at-once.game"));
  int unbegun = 0;
  for (int n = 1; n < 200; ++n) {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
    const RunResult killed = testing::run(
        "strace", fmt::format("-f -o /dev/null -e trace=pwrite64 -e inject=pwrite64:signal=SIGKILL:when={} {} --db {} import {}",
                              n, deedlog::testing::referee_program(), quote(db.string()), game));
    if (killed.code == kExitOk) break;  // the Nth write never came: the import went through
    if (!std::filesystem::exists(db) || std::filesystem::file_size(db) == 0) continue;
    const int tables = tables_in_copy(db);
    if (tables > 0) {
      // Past the tables: whatever the kill left verifies (Crash.* in trust_test.cpp).
      EXPECT_EQ(referee(db, "verify").code, kExitOk) << "kill " << n;
      continue;
    }
    ASSERT_EQ(tables, 0) << "kill " << n << ": SQLite cannot read what the kill left";
    ++unbegun;
    SCOPED_TRACE(fmt::format("kill at write {}: a file of {} bytes and no table", n, std::filesystem::file_size(db)));
    expect_read_as_holding_no_game(db);
    expect_takes_an_import(db);
  }
  EXPECT_GT(unbegun, 0) << "no kill left a file of SQLite's first page alone";
}

}  // namespace
}  // namespace deedlog
