// The analyst player of a match is given by the caller (bots/match.h, AnalystMove): the players'
// layer knows no analysis. A match without one refuses a bot named analyst before any game; with
// one, the analyst is asked for its moves and its answer is the one played.
#include <gtest/gtest.h>

#include "bots/match.h"
#include "deedlog/legal_moves.h"

namespace deedlog {
namespace {

MatchOptions two_bots(const std::string& first) {
  MatchOptions o;
  o.bots = {MatchBot{"A", first}, MatchBot{"B", "builtin"}};
  o.games = 1;
  o.max_moves = 40;
  o.seed = 3;
  return o;
}

TEST(MatchAnalyst, WithoutTheAnalysisAnAnalystIsRefused) {
  const Status s = check_match_options(two_bots("analyst"));
  EXPECT_EQ(s.code(), Status::Code::InvalidArgument);
  EXPECT_TRUE(check_match_options(two_bots("builtin")).is_ok());
}

TEST(MatchAnalyst, TheGivenAnalystIsAskedAndItsMovePlayed) {
  MatchOptions o = two_bots("analyst");
  int asked = 0;
  o.analyst = [&](const Ruleset&, const State&, const CardsSeen&, const Command& proposed,
                  const std::vector<std::string>& players, std::uint64_t, std::uint64_t, Command* best) {
    ++asked;
    EXPECT_EQ(players.size(), 2u);
    *best = proposed;  // the built-in player's own move
    return Status::ok();
  };
  ASSERT_TRUE(check_match_options(o).is_ok());
  MatchResult result;
  ASSERT_TRUE(play_match(o, nullptr, &result, [](int, int) {}).is_ok());
  EXPECT_GT(asked, 0);
  ASSERT_EQ(result.games.size(), 1u);
  EXPECT_FALSE(result.games[0].forfeit.has_value());
}

}  // namespace
}  // namespace deedlog
