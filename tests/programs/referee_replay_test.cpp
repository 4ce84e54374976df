// `referee replay ...` runs the replay program with the rest of the line, so a game found with
// referee's own --db and --game is shown the same way (the serve page's users are told to find
// their game afterwards with `referee --db ... replay`).
#include <gtest/gtest.h>

#include <filesystem>

#include "support/cli.h"

namespace deedlog {
namespace {

TEST(RefereeReplay, RunsTheReplayProgramWithTheSameDbAndGame) {
  const auto dir = testing::temp_dir("referee-replay");
  const auto db = dir / "g.db";
  ASSERT_EQ(testing::referee(db, "new --ruleset uk-1972 --players 'Ann, Ben' --seed 3").code, 0);
  ASSERT_EQ(testing::referee(db, "new --ruleset uk-1972 --players 'Cat, Dan' --seed 4").code, 0);
  ASSERT_EQ(testing::referee(db, "--game 2 play 'Cat rolls'").code, 0);
  const auto direct = testing::replay(db, "--game 2 --format notation");
  ASSERT_EQ(direct.code, 0) << direct.err;
  const auto through = testing::referee(db, "--game 2 replay --format notation");
  EXPECT_EQ(through.code, 0) << through.err;
  EXPECT_EQ(through.out, direct.out);
  EXPECT_NE(through.out.find("Cat rolls"), std::string::npos);
  // The replay program's own refusals come back as its exit code.
  const int missing = testing::replay(db, "--game 9 --format notation").code;
  EXPECT_NE(missing, 0);
  EXPECT_EQ(testing::referee(db, "--game 9 replay --format notation").code, missing);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
