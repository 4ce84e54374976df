// journal/private_file.h and its users in the journal: files written 0600 whatever the umask and
// never through a planted name; a file or folder others may read or write refused as not
// private, one this account may not read as permission denied (the Status codes, not words);
// the seal store and a journal that holds sealed games held to the same.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "journal/journal.h"
#include "journal/private_file.h"
#include "journal/seal_store.h"
#include "journal/sha256.h"
#include "support/file_modes.h"

namespace deedlog {
namespace {
namespace fs = std::filesystem;

constexpr uid_t kOtherAccount = 65534;  // nobody

fs::path fresh_dir(const std::string& name) { return testing::fresh_dir("private", name); }
using testing::mode_of;
using testing::UmaskFor;
std::string slurp(const fs::path& p) { return testing::file_text(p); }

std::string a_seed() { return std::string(64, 'a'); }
std::string commitment_of(const std::string& seed) {
  Sha256 h;
  h.update(seed);
  return h.hex();
}

TEST(PrivateFile, AFileIsWritten0600WhateverTheUmaskAndNoTemporaryIsLeft) {
  const fs::path dir = fresh_dir("write");
  const UmaskFor umask(000);
  ASSERT_TRUE(write_private_file((dir / "secret").string(), "kept\n").is_ok());
  EXPECT_EQ(mode_of(dir / "secret"), 0600);
  EXPECT_EQ(slurp(dir / "secret"), "kept\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  // A link put at the name is replaced, not written through.
  std::ofstream(dir / "victim") << "victim\n";
  fs::remove(dir / "secret");
  fs::create_symlink(dir / "victim", dir / "secret");
  ASSERT_TRUE(write_private_file((dir / "secret").string(), "kept\n").is_ok());
  EXPECT_EQ(slurp(dir / "victim"), "victim\n");
  EXPECT_FALSE(fs::is_symlink(dir / "secret"));
  fs::remove_all(dir);
}

TEST(PrivateFile, ANewFileIsWritten0600AndNeverOverAnythingThere) {
  const fs::path dir = fresh_dir("create");
  const UmaskFor umask(000);
  ASSERT_TRUE(create_private_file((dir / "export").string(), "first\n").is_ok());
  EXPECT_EQ(mode_of(dir / "export"), 0600);
  EXPECT_EQ(slurp(dir / "export"), "first\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  // A file there is left as it was (Conflict), and no temporary is left beside it.
  EXPECT_TRUE(create_private_file((dir / "export").string(), "second\n").is_conflict());
  EXPECT_EQ(slurp(dir / "export"), "first\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  // A link there, even one to nothing, is neither followed nor replaced.
  fs::create_symlink(dir / "victim", dir / "link");
  EXPECT_TRUE(create_private_file((dir / "link").string(), "through\n").is_conflict());
  EXPECT_FALSE(fs::exists(dir / "victim"));
  EXPECT_TRUE(fs::is_symlink(dir / "link"));
  // A folder others may write is refused, as for write_private_file.
  fs::permissions(dir, static_cast<fs::perms>(0777));
  EXPECT_TRUE(create_private_file((dir / "other").string(), "x\n").is_not_private());
  fs::permissions(dir, static_cast<fs::perms>(0755));
  fs::remove_all(dir);
}

TEST(PrivateFile, AFileOthersMayReadALinkOrAnOpenFolderIsNotPrivate) {
  const fs::path dir = fresh_dir("checks");
  const std::string file = (dir / "secret").string();
  ASSERT_TRUE(write_private_file(file, "kept\n").is_ok());
  EXPECT_TRUE(check_private_file(file).is_ok());
  EXPECT_TRUE(check_private_file((dir / "absent").string()).is_ok());
  fs::permissions(file, static_cast<fs::perms>(0644));
  EXPECT_TRUE(check_private_file(file).is_not_private());
  std::string text;
  bool exists = false;
  EXPECT_TRUE(read_private_file(file, &text, &exists).is_not_private());
  EXPECT_TRUE(text.empty());
  fs::permissions(file, static_cast<fs::perms>(0600));
  fs::create_symlink(file, dir / "link");
  EXPECT_TRUE(check_private_file((dir / "link").string()).is_not_private());
  fs::permissions(dir, static_cast<fs::perms>(0777));
  EXPECT_TRUE(check_private_file(file).is_not_private());
  EXPECT_TRUE(write_private_file(file, "again\n").is_not_private());
  fs::permissions(dir, static_cast<fs::perms>(01777));  // sticky: others may not replace it
  EXPECT_TRUE(check_private_file(file).is_ok());
  fs::permissions(dir, static_cast<fs::perms>(0755));
  fs::remove_all(dir);
}

TEST(PrivateFile, AFolderIsMade0700AndOneLeftOpenIsClosed) {
  const fs::path dir = fresh_dir("folder");
  const UmaskFor umask(000);
  ASSERT_TRUE(make_private_folder((dir / "kept").string()).is_ok());
  EXPECT_EQ(mode_of(dir / "kept"), 0700);
  fs::permissions(dir / "kept", static_cast<fs::perms>(0777));
  ASSERT_TRUE(make_private_folder((dir / "kept").string()).is_ok());
  EXPECT_EQ(mode_of(dir / "kept"), 0700);
  fs::create_directory(dir / "elsewhere");
  fs::create_directory_symlink(dir / "elsewhere", dir / "linked");
  EXPECT_TRUE(make_private_folder((dir / "linked").string()).is_not_private());
  fs::remove_all(dir);
}

TEST(PrivateFile, ALockIsNeverTakenThroughALink) {
  const fs::path dir = fresh_dir("lock");
  fs::create_symlink(dir / "made-through-the-link", dir / "store.lock");
  int fd = -1;
  EXPECT_TRUE(open_private_lock((dir / "store.lock").string(), &fd).is_not_private());
  EXPECT_EQ(fd, -1);
  EXPECT_FALSE(fs::exists(dir / "made-through-the-link"));
  fs::remove_all(dir);
}

TEST(PrivateFile, TheSealStoreIsRefusedWhenOthersMayReadIt) {
  const fs::path dir = fresh_dir("store");
  const std::string path = (dir / "round.db.seals").string();
  auto store = file_seal_store(path);
  const std::string seed = a_seed();
  ASSERT_TRUE(store->keep(commitment_of(seed), seed).is_ok());
  EXPECT_EQ(mode_of(path), 0600);
  std::optional<StoredSeal> read;
  ASSERT_TRUE(store->read(commitment_of(seed), &read).is_ok());
  ASSERT_TRUE(read);
  fs::permissions(path, static_cast<fs::perms>(0644));
  EXPECT_TRUE(store->read(commitment_of(seed), &read).is_not_private());
  EXPECT_FALSE(read);
  fs::remove_all(dir);
}

// The store read by an account that may not read it: permission denied, not "no seed kept".
// As root, in a child under the account nobody (root reads anything); otherwise mode 000.
TEST(PrivateFile, TheSealStoreOfAnotherAccountIsPermissionDenied) {
  const fs::path dir = fresh_dir("store-other");
  const std::string path = (dir / "round.db.seals").string();
  const std::string seed = a_seed();
  ASSERT_TRUE(file_seal_store(path)->keep(commitment_of(seed), seed).is_ok());
  if (::geteuid() != 0) {
    fs::permissions(path, fs::perms::none);
    std::optional<StoredSeal> read;
    EXPECT_TRUE(file_seal_store(path)->read(commitment_of(seed), &read).is_permission_denied());
    fs::remove_all(dir);
    return;
  }
  ASSERT_EQ(::chown(dir.c_str(), kOtherAccount, kOtherAccount), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (::setgid(kOtherAccount) != 0 || ::setuid(kOtherAccount) != 0) ::_exit(2);
    std::optional<StoredSeal> read;
    const Status s = file_seal_store(path)->read(commitment_of(seed), &read);
    ::_exit(s.is_permission_denied() && !read ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  fs::remove_all(dir);
}

TEST(PrivateFile, AJournalMadePrivateIsClosedWithItsSideFilesAndCheckedAfter) {
  const fs::path dir = fresh_dir("journal");
  const std::string db = (dir / "round.db").string();
  const UmaskFor umask(000);
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(db, &j, false).is_ok());
  std::vector<GameRow> games;
  ASSERT_TRUE(j->games(&games).is_ok());  // a read: the -wal and -shm are there
  EXPECT_EQ(mode_of(db), 0644);  // SQLite makes a file 0644, less the umask
  EXPECT_TRUE(j->check_private().is_not_private());
  ASSERT_TRUE(j->make_private().is_ok());
  for (const std::string suffix : {"", "-wal", "-shm"}) EXPECT_EQ(mode_of(db + suffix), 0600) << suffix;
  EXPECT_TRUE(j->check_private().is_ok());
  fs::permissions(db, static_cast<fs::perms>(0644));
  EXPECT_TRUE(j->check_private().is_not_private());
  j.reset();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
