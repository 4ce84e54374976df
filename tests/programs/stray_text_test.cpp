// Stray text after a move, through the real command line: `import` and `play` refuse a mark
// outside a comment (exit 2, the journal as it was), and a mark in a comment is kept and
// written back by `replay --format notation` (docs/notation.md, "Marks and stray text").
#include <gtest/gtest.h>

#include <fstream>

#include "support/cli.h"

namespace deedlog {
namespace {

using testing::referee;
using testing::replay;

void write(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

const std::string kHeader = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n";

TEST(StrayTextCli, ImportRefusesAMarkAfterAMoveAndWritesNothing) {
  testing::RemovedAtExit dir{testing::temp_dir("stray-import")};
  const auto game = dir.dir / "g.game";
  write(game, kHeader + "Ann rolls 1 2\nAnn buys\nAnn mortgages Whitechapel ?\?\n");
  const auto db = dir.dir / "j.db";
  const auto r = referee(db, "import " + testing::quote(game.string()));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("line 6"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("stray text '?\?' at column 27"), std::string::npos) << r.err;
  EXPECT_EQ(referee(db, "games").out.find("1"), std::string::npos);
}

TEST(StrayTextCli, PlayRefusesAMarkAndLeavesTheJournal) {
  testing::RemovedAtExit dir{testing::temp_dir("stray-play")};
  const auto db = dir.dir / "j.db";
  ASSERT_EQ(referee(db, "new --ruleset uk-1972 --players 'Ann, Ben'").code, 0);
  ASSERT_EQ(referee(db, "play 'Ann rolls 3 4'").code, 0);
  const std::string before = referee(db, "log --json").out;
  const auto r = referee(db, "play 'Ann draws Advance to Mayfair ?!'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("stray text '?!'"), std::string::npos) << r.err;
  EXPECT_EQ(referee(db, "log --json").out, before);
}

TEST(StrayTextCli, MarksInCommentsImportAndComeBack) {
  testing::RemovedAtExit dir{testing::temp_dir("stray-comment")};
  const auto game = dir.dir / "g.game";
  write(game, kHeader + "Ann rolls 3 4  # ?\? to Chance\nAnn draws \"Advance to Mayfair\"  # !\nAnn declines\n");
  const auto db = dir.dir / "j.db";
  const auto r = referee(db, "import " + testing::quote(game.string()));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string text = replay(db, "--format notation").out;
  EXPECT_NE(text.find("Ann rolls 3 4  # ?\? to Chance\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Ann draws \"Advance to Mayfair\"  # !\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace deedlog
