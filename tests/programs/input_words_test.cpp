// Input that is not what a command reads gets words that say what is wrong: a folder given to
// import, a --ruleset-file that is not there, a header tag with its value unquoted. Each once
// answered with words about something else (a stream's underflow, an empty Ruleset tag, a
// missing Ruleset tag).
#include <gtest/gtest.h>

#include <fstream>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using testing::quote;
using testing::referee;
using testing::RunResult;

TEST(InputWords, ImportOfAFolderSaysItIsAFolder) {
  const auto dir = testing::temp_dir("words-folder");
  const RunResult r = referee(dir / "games.db", "import " + quote(std::string(deedlog::testing::source_dir()) + "/samples"));
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("is a folder"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("underflow"), std::string::npos) << r.err;
  std::filesystem::remove_all(dir);
}

TEST(InputWords, AMissingRulesetFileIsNamed) {
  const auto dir = testing::temp_dir("words-ruleset-file");
  const std::string missing = (dir / "no-such-edition.json").string();
  const RunResult r = referee(dir / "games.db", "--ruleset-file " + quote(missing) + " new --players 'Ann, Ben'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("Ruleset tag is empty"), std::string::npos) << r.err;
  std::filesystem::remove_all(dir);
}

TEST(InputWords, AnUnquotedTagValueIsNamed) {
  const auto dir = testing::temp_dir("words-unquoted");
  const auto game = dir / "u.game";
  std::ofstream(game) << "[Ruleset uk-1972]\n[Players \"Ann, Ben\"]\n[Moves]\nAnn rolls 3 4\n";
  const RunResult r = referee(dir / "games.db", "import " + quote(game.string()));
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("double quotes"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 1"), std::string::npos) << r.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
