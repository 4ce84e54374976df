// referee match --player NAME=analyst (docs/analysis-views.md): a player that plays the
// analysis's best move at each decision it weighs. Through the real program: the games it plays
// are legal (journalled and verified), the same seed gives the same games, and it is not the
// built-in player under another name (its games differ from the built-in player's on the same
// seed). Whether it wins more is the benchmark's to measure, not a test's.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/cli.h"

namespace deedlog {
namespace {

using testing::quote;
using testing::referee;
using testing::replay;

std::string match(const std::filesystem::path& db, const std::string& a) {
  const auto r = referee(db, "--json match --player A=" + a + " --player B=builtin --games 2 --seed 5 --max-moves 30");
  EXPECT_EQ(r.code, 0) << r.err;
  return r.out;
}

TEST(AnalysisViewsAnalyst, PlaysLegalRepeatableGamesOfItsOwn) {
  testing::RemovedAtExit dir{testing::temp_dir("views-analyst")};
  const auto one = dir.dir / "one.db", two = dir.dir / "two.db", builtin = dir.dir / "builtin.db";
  const auto doc = nlohmann::json::parse(match(one, "analyst"));
  EXPECT_EQ(doc.at("players").at(0).at("program"), "analyst");
  EXPECT_EQ(doc.at("players").at(0).at("forfeits"), 0);
  EXPECT_EQ(doc.at("players").at(1).at("forfeits"), 0);
  const auto verified = referee(one, "verify");
  EXPECT_EQ(verified.code, 0) << verified.out << verified.err;
  match(two, "analyst");
  match(builtin, "builtin");
  const std::string game_one = replay(one, "--game 1 --format notation").out;
  EXPECT_EQ(game_one, replay(two, "--game 1 --format notation").out);
  EXPECT_NE(game_one, replay(builtin, "--game 1 --format notation").out);
}

}  // namespace
}  // namespace deedlog
