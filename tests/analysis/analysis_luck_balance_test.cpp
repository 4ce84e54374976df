// Statistical (a minute or two; left out of the sanitizer run): over games between equal
// built-in players, each player's mean luck is zero within its interval (95% for both at once). Luck is what came
// minus the average of what could have come, so over many throws and cards it must average out;
// a bias here would mean the play-outs of the outcome that came differ from the others' (the
// recorded future leaking in, or the outcomes weighted wrongly).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;

TEST(AnalysisLuckBalance, MeanLuckOfEqualPlayersIsZero) {
  const auto dir = testing::temp_dir("analysis-luck-balance");
  testing::RemovedAtExit cleanup{dir};
  const auto db = dir / "games.db";
  constexpr int kGames = 6;
  ASSERT_EQ(testing::referee(db, "simulate --ruleset uk-1972 --games " + std::to_string(kGames) + " --seed 21 --players 2").code, 0);
  std::map<std::string, std::vector<double>> luck;  // each player's luck, throw by throw, card by card
  for (int g = 1; g <= kGames; ++g) {
    const auto r = testing::referee(db, "--game " + std::to_string(g) + " --json analyse --games 24 --seed 5 --to 160");
    ASSERT_EQ(r.code, 0) << r.err;
    const json doc = json::parse(r.out);
    for (const json& m : doc["moves"])
      if (m.contains("luck")) luck[m["player"]].push_back(m["luck"].get<double>());
  }
  ASSERT_EQ(luck.size(), 2u);
  for (const auto& [name, values] : luck) {
    ASSERT_GE(values.size(), 30u) << name;
    double mean = 0;
    for (double v : values) mean += v;
    mean /= static_cast<double>(values.size());
    double ss = 0;
    for (double v : values) ss += (v - mean) * (v - mean);
    const double se = std::sqrt(ss / static_cast<double>(values.size() - 1) / static_cast<double>(values.size()));
    // Two players' means at once: each at 97.5% (2.24 standard errors), 95% for the pair.
    EXPECT_LE(std::fabs(mean), 2.24 * se) << name << ": mean luck " << mean << " over " << values.size()
                                           << " events, standard error " << se;
    EXPECT_GT(se, 0.0) << name;
    std::printf("%s: mean luck %+.4f over %zu throws and cards, 95%% interval half-width %.4f\n", name.c_str(), mean,
                values.size(), 1.96 * se);
  }
}

}  // namespace
}  // namespace deedlog
