#pragma once
// The part of an evaluation model's score that is not linear in the features: one hidden layer of
// units, each a smooth function (tanh) of its own weighted sum of the features, added to the
// linear score with a weight of its own (docs/evaluation-model.md, "The model"). The shares stay
// the softmax of the scores over the players still in, so a model with units is read, fitted and
// compared exactly as a linear one; an empty layer is the linear model.
#include <vector>

#include "bots/model_features.h"

namespace deedlog {

struct HiddenUnit {
  Features input{};   // the weight of each feature in the unit's sum
  double bias = 0;    // added to that sum
  double output = 0;  // the weight of the unit's tanh in the score
};

using HiddenLayer = std::vector<HiddenUnit>;

// The most units a model file may hold: far more than the games can fit, and a bound on the file.
inline constexpr int kMaxHiddenUnits = 64;

// What the units add to a player's score: Σ_h output_h · tanh(bias_h + input_h · f).
double hidden_score(const HiddenLayer& layer, const Features& f);

}  // namespace deedlog
