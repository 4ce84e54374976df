// journal/analysis_store.h beside an SQLite journal and in memory: a game's analysis kept in a
// private folder (0700) as a private file (0600) and read back, replaced by the next; a document
// kept by an earlier deedlog read where it was; a folder planted as a link refused. (The table on
// PostgreSQL: tests/postgres/journal_postgres_test.cpp.)
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "journal/analysis_store.h"
#include "journal/journal.h"
#include "support/file_modes.h"

namespace deedlog {
namespace {
namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) { return testing::fresh_dir("analyses", name); }
using testing::mode_of;
using testing::UmaskFor;

std::unique_ptr<Journal> open_journal(const std::string& path) {
  std::unique_ptr<Journal> j;
  const Status s = Journal::open(path, &j);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return j;
}

std::optional<std::string> read_back(AnalysisStore& store, std::int64_t game) {
  std::optional<std::string> out;
  const Status s = store.read(game, &out);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return out;
}

TEST(AnalysisStore, ADocumentIsKeptPrivatelyBesideTheSqliteJournalReadBackAndReplaced) {
  const fs::path dir = fresh_dir("kept");
  const std::string db = (dir / "club.db").string();
  const UmaskFor umask(000);
  auto store = open_journal(db)->open_analysis_store();
  EXPECT_FALSE(read_back(*store, 3));
  ASSERT_TRUE(store->keep(3, R"({"head": "first"})").is_ok());
  EXPECT_EQ(store->where(3), db + ".analysis/game-3.json");
  EXPECT_EQ(mode_of(db + ".analysis"), 0700u);
  EXPECT_EQ(mode_of(db + ".analysis/game-3.json"), 0600u);
  EXPECT_EQ(read_back(*store, 3), R"({"head": "first"})");
  EXPECT_FALSE(read_back(*store, 4));
  ASSERT_TRUE(store->keep(3, R"({"head": "second"})").is_ok());
  EXPECT_EQ(read_back(*open_journal(db)->open_analysis_store(), 3), R"({"head": "second"})");
  fs::remove_all(dir);
}

// The layout referee analyse has always written: <journal>.analysis/game-ID.json.
TEST(AnalysisStore, ADocumentKeptByAnEarlierDeedlogIsRead) {
  const fs::path dir = fresh_dir("old");
  const std::string db = (dir / "club.db").string();
  fs::create_directories(db + ".analysis");
  std::ofstream(db + ".analysis/game-2.json") << "{\"players\": []}\n";
  EXPECT_EQ(read_back(*open_journal(db)->open_analysis_store(), 2), "{\"players\": []}\n");
  fs::remove_all(dir);
}

TEST(AnalysisStore, AFolderPlantedAsALinkIsNotFollowed) {
  const fs::path dir = fresh_dir("link");
  const std::string db = (dir / "club.db").string();
  fs::create_directories(dir / "elsewhere");
  fs::create_directory_symlink(dir / "elsewhere", db + ".analysis");
  auto store = open_journal(db)->open_analysis_store();
  EXPECT_TRUE(store->keep(1, "{}").is_not_private());
  EXPECT_FALSE(fs::exists(dir / "elsewhere" / "game-1.json"));
  fs::remove_all(dir);
}

// An in-memory journal's analyses are the store's own: no folder is made anywhere.
TEST(AnalysisStore, AnInMemoryJournalKeepsItsAnalysesInTheStore) {
  auto store = open_journal(":memory:")->open_analysis_store();
  ASSERT_TRUE(store->keep(1, "{}").is_ok());
  EXPECT_EQ(read_back(*store, 1), "{}");
  EXPECT_FALSE(fs::exists(":memory:.analysis"));
}

}  // namespace
}  // namespace deedlog
