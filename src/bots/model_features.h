#pragma once
// The features an evaluation model reads of each player (docs/evaluation-model.md, "Features"):
// his money, his deeds and buildings, the rent he may expect from the others and owes them, his
// complete groups, the jail. Money is scaled by the edition's starting cash, so one weight serves
// every edition's money. A model file names the features in this order; one naming others (more,
// fewer, renamed, reordered) is refused, since its weights would be read against other figures.
#include <array>
#include <string_view>

#include "deedlog/ids.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// The base features, then the first kLateFeatureCount of them again times `late` (1 once every
// deed is sold, else 0): a game whose deeds are all out is weighed by weights of its own, not by
// a compromise with the opening's (docs/evaluation-model.md, "Features"). The last two base
// features are 0 once every deed is sold, so they have no late twin.
inline constexpr int kBaseFeatureCount = 15;
inline constexpr int kLateFeatureCount = 13;
inline constexpr int kFeatureCount = kBaseFeatureCount + kLateFeatureCount;
using Features = std::array<double, kFeatureCount>;

// The names, in the order of Features (what each is: docs/evaluation-model.md).
const std::array<std::string_view, kFeatureCount>& feature_names();

// Reads the features of an edition's positions. Made once per edition (it works out how often a
// token lands on each square); reading a position allocates nothing.
class FeatureReader {
 public:
  explicit FeatureReader(const Ruleset& ruleset);

  // Player p's features in s (p still in the game).
  Features read(const Ruleset& ruleset, const State& s, PlayerId p) const;

  // How often a throw ends on square q, in the long run (the board's dice, the jail corner and
  // the cards that move a token; doubles and the stay in jail left out): sums to 1.
  double landing(SquareId q) const { return landing_[q]; }

 private:
  std::array<double, kMaxSquares> landing_{};
};

}  // namespace deedlog
