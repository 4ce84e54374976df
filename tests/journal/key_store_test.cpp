// journal/key_store.h beside an SQLite journal and in memory: the digests of a game's keys kept
// and read back, by another store over the same file too; the files the first servers wrote read
// as they are; a file that is not a keys file refused, never taken for "no keys"; the file
// written 0600. (The table on PostgreSQL: tests/postgres/journal_postgres_test.cpp.)
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "journal/journal.h"
#include "journal/key_store.h"
#include "support/file_modes.h"

namespace deedlog {
namespace {
namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) { return testing::fresh_dir("keys", name); }
using testing::mode_of;
using testing::UmaskFor;
std::string slurp(const fs::path& p) { return testing::file_text(p); }

// A digest as a store holds it: 64 hex digits (the stores check the length, not the hash).
std::string digest(char c) { return std::string(64, c); }

std::unique_ptr<Journal> open_journal(const std::string& path) {
  std::unique_ptr<Journal> j;
  const Status s = Journal::open(path, &j);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return j;
}

std::optional<GameKeyDigests> read_back(KeyStore& store, std::int64_t game) {
  std::optional<GameKeyDigests> out;
  const Status s = store.read(game, &out);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return out;
}

TEST(KeyStore, AGamesDigestsAreKeptBesideTheSqliteJournal0600AndReadBack) {
  const fs::path dir = fresh_dir("kept");
  const std::string db = (dir / "club.db").string();
  const UmaskFor umask(000);
  auto store = open_journal(db)->open_key_store();
  ASSERT_TRUE(store->prepare().is_ok());
  EXPECT_FALSE(fs::exists(db + ".keys"));  // nothing kept, nothing written
  ASSERT_TRUE(store->keep(3, GameKeyDigests{digest('a'), digest('b')}).is_ok());
  EXPECT_EQ(mode_of(db + ".keys"), 0600u);
  const auto kept = read_back(*store, 3);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->referee, digest('a'));
  EXPECT_EQ(kept->table, digest('b'));
  EXPECT_FALSE(read_back(*store, 4));
  // The layout the server has always written.
  EXPECT_EQ(nlohmann::json::parse(slurp(db + ".keys")),
            nlohmann::json::parse(R"({"games": {"3": {"referee": ")" + digest('a') + R"(", "table": ")" + digest('b') + R"("}}})"));
  fs::remove_all(dir);
}

// Two servers over one SQLite journal: a key made through one is honoured by the other, and
// neither's write loses the other's keys.
TEST(KeyStore, KeysKeptByAnotherStoreOverTheSameFileAreReadAndKept) {
  const fs::path dir = fresh_dir("two");
  const std::string db = (dir / "club.db").string();
  auto one = open_journal(db)->open_key_store();
  auto two = open_journal(db)->open_key_store();
  ASSERT_TRUE(one->prepare().is_ok());
  ASSERT_TRUE(two->prepare().is_ok());
  ASSERT_TRUE(one->keep(1, GameKeyDigests{digest('1'), digest('2')}).is_ok());
  ASSERT_TRUE(two->keep(2, GameKeyDigests{digest('3'), digest('4')}).is_ok());
  ASSERT_TRUE(read_back(*one, 2));
  EXPECT_EQ(read_back(*one, 2)->referee, digest('3'));
  ASSERT_TRUE(read_back(*two, 1));
  EXPECT_EQ(read_back(*two, 1)->table, digest('2'));
  auto third = open_journal(db)->open_key_store();
  ASSERT_TRUE(third->prepare().is_ok());
  EXPECT_TRUE(read_back(*third, 1));
  EXPECT_TRUE(read_back(*third, 2));
  fs::remove_all(dir);
}

// The files the first servers wrote: a referee's key alone as a bare digest (before tables had
// keys), and the layout since. Both are read; the next write keeps them.
TEST(KeyStore, AFileOfTheEarlierLayoutsIsRead) {
  const fs::path dir = fresh_dir("old");
  const std::string db = (dir / "club.db").string();
  {
    std::ofstream(db + ".keys") << "{\n \"games\": {\n  \"1\": \"" << digest('a') << "\",\n  \"2\": {\n   \"referee\": \""
                                << digest('b') << "\",\n   \"table\": \"" << digest('c') << "\"\n  }\n }\n}\n";
  }
  fs::permissions(db + ".keys", static_cast<fs::perms>(0600));
  auto store = open_journal(db)->open_key_store();
  ASSERT_TRUE(store->prepare().is_ok());
  auto first = read_back(*store, 1);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->referee, digest('a'));
  EXPECT_EQ(first->table, "");
  auto second = read_back(*store, 2);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->referee, digest('b'));
  EXPECT_EQ(second->table, digest('c'));
  ASSERT_TRUE(store->keep(3, GameKeyDigests{digest('d'), digest('e')}).is_ok());
  auto again = open_journal(db)->open_key_store();
  ASSERT_TRUE(again->prepare().is_ok());
  ASSERT_TRUE(read_back(*again, 1));
  EXPECT_EQ(read_back(*again, 1)->referee, digest('a'));
  EXPECT_EQ(read_back(*again, 1)->table, "");
  EXPECT_EQ(read_back(*again, 2)->table, digest('c'));
  EXPECT_EQ(read_back(*again, 3)->referee, digest('d'));
  fs::remove_all(dir);
}

// A file that is not a keys file stops the store: Corrupt, and a read says so rather than
// answering "no keys" (which a server would take for a wrong key).
TEST(KeyStore, AFileThatIsNotAKeysFileIsRefusedNotTakenForNoKeys) {
  const fs::path dir = fresh_dir("corrupt");
  const std::string db = (dir / "club.db").string();
  const std::vector<std::string> texts = {"not json", R"({"keys": {}})", R"({"games": {"1": "short"}})",
                                          R"({"games": {"one": ")" + digest('a') + R"("}})"};
  for (const std::string& text : texts) {
    std::ofstream(db + ".keys", std::ios::trunc) << text;
    auto store = file_key_store(db + ".keys");
    EXPECT_TRUE(store->prepare().is_corrupt()) << text;
    std::optional<GameKeyDigests> out;
    EXPECT_TRUE(store->read(1, &out).is_corrupt()) << text;
    EXPECT_FALSE(out);
    EXPECT_TRUE(store->keep(2, GameKeyDigests{digest('a'), digest('b')}).is_corrupt()) << text;
    EXPECT_EQ(slurp(db + ".keys"), text);  // left as it was
  }
  fs::remove_all(dir);
}

TEST(KeyStore, AGamesKeysAreNeverReplaced) {
  const fs::path dir = fresh_dir("twice");
  const std::string db = (dir / "club.db").string();
  std::vector<std::unique_ptr<KeyStore>> stores;
  stores.push_back(file_key_store(db + ".keys"));
  stores.push_back(memory_key_store());
  for (const auto& store : stores) {
    ASSERT_TRUE(store->prepare().is_ok());
    ASSERT_TRUE(store->keep(1, GameKeyDigests{digest('a'), digest('b')}).is_ok());
    EXPECT_TRUE(store->keep(1, GameKeyDigests{digest('c'), digest('d')}).is_conflict());
    EXPECT_EQ(read_back(*store, 1)->referee, digest('a'));
  }
  fs::remove_all(dir);
}

// The rule the server has always kept for its keys file: written 0600, whatever the umask and
// whatever the file was before; read as it is (unlike the seals': a digest opens no game).
TEST(KeyStore, AFileOthersMayReadIsReadAndClosedByTheNextWrite) {
  const fs::path dir = fresh_dir("open");
  const std::string db = (dir / "club.db").string();
  std::ofstream(db + ".keys") << R"({"games": {"1": ")" << digest('a') << R"("}})";
  fs::permissions(db + ".keys", static_cast<fs::perms>(0644));
  auto store = file_key_store(db + ".keys");
  ASSERT_TRUE(store->prepare().is_ok());
  EXPECT_TRUE(read_back(*store, 1));
  ASSERT_TRUE(store->keep(2, GameKeyDigests{digest('b'), digest('c')}).is_ok());
  EXPECT_EQ(mode_of(db + ".keys"), 0600u);
  fs::remove_all(dir);
}

TEST(KeyStore, ALockPlantedAsALinkIsNotFollowed) {
  const fs::path dir = fresh_dir("link");
  const std::string db = (dir / "club.db").string();
  fs::create_symlink(dir / "made-through-the-link", db + ".keys.lock");
  auto store = file_key_store(db + ".keys");
  EXPECT_TRUE(store->keep(1, GameKeyDigests{digest('a'), digest('b')}).is_not_private());
  EXPECT_FALSE(fs::exists(dir / "made-through-the-link"));
  EXPECT_FALSE(fs::exists(db + ".keys"));
  fs::remove_all(dir);
}

// An in-memory journal's keys are the store's own: no file is written anywhere.
TEST(KeyStore, AnInMemoryJournalKeepsItsKeysInTheStore) {
  auto store = open_journal(":memory:")->open_key_store();
  ASSERT_TRUE(store->prepare().is_ok());
  ASSERT_TRUE(store->keep(1, GameKeyDigests{digest('a'), ""}).is_ok());
  ASSERT_TRUE(read_back(*store, 1));
  EXPECT_EQ(read_back(*store, 1)->table, "");
  EXPECT_FALSE(fs::exists(":memory:.keys"));
  EXPECT_FALSE(read_back(*open_journal(":memory:")->open_key_store(), 1));
}

// An SQLite file announces no appends: its readers poll (journal/append_listener.h).
TEST(AppendListener, AnSqliteJournalIsNotHeard) {
  const fs::path dir = fresh_dir("listen");
  auto journal = open_journal((dir / "club.db").string());
  EXPECT_EQ(journal->listen_for_appends(AppendHeard{[](std::int64_t) {}, [] {}}), nullptr);
  EXPECT_EQ(open_journal(":memory:")->listen_for_appends(AppendHeard{[](std::int64_t) {}, [] {}}), nullptr);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
