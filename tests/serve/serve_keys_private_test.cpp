// The server's keys file is written through a private temporary with a random name
// (journal/private_file.h): a link planted at the name an older deedlog wrote through,
// `<db>.keys.tmp.<pid>`, is not followed, and the file the link names is left as it was.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "serve/serve_keys.h"
#include "support/cli.h"

namespace deedlog {
namespace {

TEST(ServeKeysFile, ALinkPlantedAtTheOldTemporaryNameIsNotFollowed) {
  const auto dir = testing::temp_dir("serve-keys-planted");
  const auto db = dir / "club.db";
  const auto victim = dir / "judges-notes.txt";
  std::ofstream(victim) << "the Head Judge's own file\n";
  // This process writes the keys here, so the pid in the old name is this test's own.
  const std::string planted = db.string() + ".keys.tmp." + std::to_string(::getpid());
  std::filesystem::create_symlink(victim, planted);
  std::unique_ptr<Journal> journal;
  ASSERT_TRUE(Journal::open(db.string(), &journal).is_ok());
  auto keys = open_serve_keys(*journal, "");
  ASSERT_TRUE(keys->load().is_ok());
  GameKeys made;
  ASSERT_TRUE(keys->add(1, &made).is_ok());
  EXPECT_EQ(testing::slurp(victim), "the Head Judge's own file\n");
  EXPECT_TRUE(std::filesystem::is_symlink(planted));
  struct stat st {};
  ASSERT_EQ(::lstat((db.string() + ".keys").c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(keys->check(1, made.referee), KeyRole::Referee);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
