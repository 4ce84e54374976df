// The evaluation model and play-outs stopped at a horizon (docs/evaluation-model.md): a play-out
// with a model stops at the horizon and is scored, shares sum to 1 over the players still in, a
// game over gives its winner everything, and a user's own edition has no model.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/chances.h"
#include "bots/evaluation_model.h"
#include "bots/model_features.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/ruleset_catalog.h"
#include "service/game_session.h"
#include "support/cli.h"

namespace deedlog {
namespace {

State opening(const Ruleset& r, int players) {
  GameHeader h;
  h.ruleset = r.id;
  const std::vector<std::string> names = {"Ann", "Ben", "Cat", "Dan"};
  h.players.assign(names.begin(), names.begin() + players);
  // The game as it starts: the seats dealt their starting cash by the game's first events (the
  // position before them has no cash, and its play-outs end in a few bankruptcies).
  State s = initial_state(r, h);
  for (const Event& e : decide_start(r, h, std::nullopt).events) evolve(s, e);
  return s;
}

TEST(EvaluationModel, EveryBuiltInEditionHasAModelAndItsAnalysisStopsAtTheHorizon) {
  for (const std::string& id : builtin_ruleset_ids()) {
    Ruleset r;
    ASSERT_TRUE(load_ruleset(id, &r).is_ok());
    const PlayOutPolicy p = analysis_play_outs(r);
    EXPECT_NE(p.model, nullptr) << id;
    EXPECT_GT(p.horizon, 0) << id;
    EXPECT_TRUE(p.sound_bids) << id;
  }
}

TEST(EvaluationModel, EveryShippedModelFileIsSoundAndEachGameOfEachEditionHasItsWeights) {
  EXPECT_TRUE(shipped_models_status().is_ok()) << shipped_models_status().message();
  for (const std::string& id : builtin_ruleset_ids()) {
    Ruleset r;
    ASSERT_TRUE(load_ruleset(id, &r).is_ok());
    const EvaluationModel* m = shipped_model(r);
    ASSERT_NE(m, nullptr) << id;
    EXPECT_TRUE(m->has(ModelVariant::ShortGame)) << id;
    // us-short is itself a short game: it has no other.
    EXPECT_EQ(m->has(ModelVariant::Plain), !r.short_game.always) << id;
  }
}

TEST(EvaluationModel, AUsersOwnEditionHasNoModelAndPlaysOutToTheEnd) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  Ruleset dearer = r;
  dearer.squares[39].price = Money{500};  // same id, another game
  EXPECT_EQ(shipped_model(dearer), nullptr);
  Ruleset house = r;
  house.house.no_auctions = true;
  EXPECT_EQ(shipped_model(house), nullptr);
  Ruleset renamed = r;
  renamed.id = "my-london";
  const PlayOutPolicy p = analysis_play_outs(renamed);
  EXPECT_EQ(p.model, nullptr);
  EXPECT_EQ(p.horizon, 0);
}

TEST(EvaluationModel, SharesSumToOneAndFollowWealth) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  const EvaluationModel* m = shipped_model(r);
  ASSERT_NE(m, nullptr);
  State s = opening(r, 3);
  WinShares w = m->shares(r, s);
  EXPECT_NEAR(w[0] + w[1] + w[2], 1.0, 1e-12);
  EXPECT_NEAR(w[0], 1.0 / 3, 1e-12);  // equal positions, equal shares
  EXPECT_EQ(w[3], 0.0);
  s.player(1).cash += Money{1000};
  s.player(2).bankrupt = true;
  w = m->shares(r, s);
  EXPECT_GT(w[1], w[0]);
  EXPECT_EQ(w[2], 0.0);  // out of the game
  EXPECT_NEAR(w[0] + w[1], 1.0, 1e-12);
  s.phase = Phase::GameOver;
  s.winner = 0;
  w = m->shares(r, s);
  EXPECT_EQ(w[0], 1.0);
  EXPECT_EQ(w[1], 0.0);
}

TEST(EvaluationModel, APlayOutStopsAtTheHorizonAndIsScored) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  const State s = opening(r, 4);
  const PlayOutPolicy p = analysis_play_outs(r);
  ASSERT_NE(p.model, nullptr);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const PlayOut po = play_out(r, s, CardsSeen{}, seed, 4000, p);
    ASSERT_FALSE(po.refused);
    EXPECT_EQ(po.moves, p.horizon);
    EXPECT_TRUE(po.scored);
    EXPECT_EQ(po.winner, kBank);
    double sum = 0;
    for (double x : po.worth) {
      EXPECT_TRUE(std::isfinite(x));
      EXPECT_GE(x, 0.0);
      sum += x;
    }
    EXPECT_NEAR(sum, 1.0, 1e-9);
    // The same seed, the same play-out.
    const PlayOut again = play_out(r, s, CardsSeen{}, seed, 4000, p);
    EXPECT_EQ(again.worth, po.worth);
  }
  // Without a model, to the end as before.
  const PlayOut plain = play_out(r, s, CardsSeen{}, 3, 4000, PlayOutPolicy{});
  EXPECT_FALSE(plain.scored);
  EXPECT_GT(plain.moves, p.horizon);
}

// A position the model reads as decided is played on past the horizon, and read again after each
// `play_on` moves; at max_moves it is scored as it stands.
TEST(EvaluationModel, ADecidedPositionIsPlayedOnPastTheHorizon) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  const State s = opening(r, 4);
  PlayOutPolicy p = analysis_play_outs(r);
  ASSERT_NE(p.model, nullptr);
  EXPECT_EQ(p.decided, 0.0);  // the analysis scores every play-out at the horizon
  p.decided = 1e-9;           // every position counts as decided
  p.play_on = 48;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    // Read again at 48, 96, 144 and 192 moves, then played to max_moves (200) and scored there.
    const PlayOut on = play_out(r, s, CardsSeen{}, seed, 200, p);
    ASSERT_FALSE(on.refused);
    EXPECT_TRUE(on.scored);
    EXPECT_EQ(on.moves, 200);
    // To the end (play_on 0): never scored before max_moves.
    PlayOutPolicy to_end = p;
    to_end.play_on = 0;
    const PlayOut ended = play_out(r, s, CardsSeen{}, seed, 4000, to_end);
    ASSERT_FALSE(ended.refused);
    EXPECT_GT(ended.moves, 200);
    EXPECT_TRUE(ended.winner != kBank || ended.moves == 4000);
    EXPECT_EQ(ended.scored, ended.winner == kBank);
  }
  // A position below the threshold is scored at the horizon as before.
  p.decided = 0.99;
  const PlayOut scored = play_out(r, s, CardsSeen{}, 7, 4000, p);
  EXPECT_TRUE(scored.scored);
  EXPECT_EQ(scored.moves, p.horizon);
}

// The late twins of the features read nothing until every deed is sold, then the base features.
TEST(EvaluationModel, TheLateFeaturesReadAPositionOnceEveryDeedIsSold) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  const FeatureReader reader(r);
  State s = opening(r, 2);
  Features f = reader.read(r, s, 0);
  for (int k = 0; k < kLateFeatureCount; ++k) EXPECT_EQ(f[static_cast<std::size_t>(kBaseFeatureCount + k)], 0.0) << k;
  EXPECT_GT(f[0], 0.0);  // his cash
  // Every deed out: the first seat's sites, the second's the rest.
  int i = 0;
  for (int q = 0; q < r.board_size(); ++q)
    if (r.square(static_cast<SquareId>(q)).is_property()) s.holdings[static_cast<SquareId>(q)].owner = static_cast<PlayerId>(i++ % 2);
  f = reader.read(r, s, 0);
  for (int k = 0; k < kLateFeatureCount; ++k)
    EXPECT_EQ(f[static_cast<std::size_t>(kBaseFeatureCount + k)], f[static_cast<std::size_t>(k)]) << k;
  EXPECT_GT(f[kBaseFeatureCount + 1], 0.0);  // late_deeds
  EXPECT_EQ(f[13], 0.0);                     // cash_early: no deed left to buy
}

}  // namespace
}  // namespace deedlog
