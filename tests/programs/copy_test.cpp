// referee copy between two SQLite files: a copy that fails writes nothing, and leaves no new
// file behind (it used to leave an empty journal where the destination was named).
#include <gtest/gtest.h>

#include <filesystem>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {

namespace fs = std::filesystem;

TEST(Copy, AFailedCopyLeavesNoNewFileBehind) {
  const auto dir = testing::temp_dir("copy-fails");
  const auto from = dir / "from.db";
  ASSERT_EQ(testing::referee(from, "new --ruleset uk-1972 --players 'Ann, Ben' --seed 3").code, 0);
  const auto to = dir / "to.db";
  // No game 9 in the source: nothing to copy, and no to.db afterwards.
  const auto r = testing::run(deedlog::testing::referee_program(), "--game 9 copy --from " + testing::quote(from.string()) + " --to " +
                                                   testing::quote(to.string()));
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_FALSE(fs::exists(to));
  EXPECT_FALSE(fs::exists(dir / "to.db-wal"));
  // A destination that was there before stays, with what it held.
  ASSERT_EQ(testing::run(deedlog::testing::referee_program(), "copy --from " + testing::quote(from.string()) + " --to " +
                                              testing::quote(to.string()))
                .code,
            0);
  const auto again = testing::run(deedlog::testing::referee_program(), "copy --from " + testing::quote(from.string()) + " --to " +
                                                       testing::quote(to.string()));
  EXPECT_NE(again.code, 0);  // game 1 is there already: refused
  ASSERT_TRUE(fs::exists(to));
  EXPECT_EQ(testing::referee(to, "--game 1 verify").code, 0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
