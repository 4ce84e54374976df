#pragma once
// An evaluation of a position without playing it to the end: each player's share of the win as
// a linear score of a few features of his holdings, turned into shares by a softmax over the
// players still in (a conditional logit). A play-out stopped at a horizon is scored by it
// (bots/chances.h, PlayOutPolicy); docs/evaluation-model.md says what each feature is, how the
// weights are fitted and how the horizon was chosen.
#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "deedlog/ids.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// The features read of each player, in the order of the weights. A model file names them in
// this order, and one naming others is refused.
inline constexpr int kFeatureCount = 4;
using Features = std::array<double, kFeatureCount>;
const std::array<std::string_view, kFeatureCount>& feature_names();

// Each seat's share of the win, by seat (0 for seats past the player count); sums to 1.
using WinShares = std::array<double, kMaxPlayers>;

// The game a set of weights was fitted for: the edition played to its end, or its short game
// (`short-game`, `time-limit`: time called makes the richest the winner).
enum class ModelVariant { Plain = 0, ShortGame = 1 };
inline constexpr int kModelVariants = 2;
std::string_view variant_name(ModelVariant v);  // "", "short-game"

// An edition's evaluation: a set of weights for each of its games (a position's short_game says
// which is read).
class EvaluationModel {
 public:
  explicit EvaluationModel(std::string edition) : edition_(std::move(edition)) {}
  void set_weights(ModelVariant v, const Features& weights);
  bool has(ModelVariant v) const { return has_[static_cast<std::size_t>(v)]; }

  // Player p's features in s, each scaled by the edition's starting cash so one weight serves
  // every edition's money.
  static Features features(const Ruleset& ruleset, const State& s, PlayerId p);

  // Each seat's share of the win from s: a game over gives its winner 1; otherwise the softmax
  // of the players' scores among those still in (a bankrupt player gets 0). Read with the
  // weights of s's game (the other game's when the edition has none for it).
  WinShares shares(const Ruleset& ruleset, const State& s) const;

  // The score of features f with the weights of game v (the softmax's argument).
  double score(const Features& f, ModelVariant v) const;

  const Features& weights(ModelVariant v) const { return weights_[static_cast<std::size_t>(v)]; }
  const std::string& edition() const { return edition_; }

 private:
  std::string edition_;
  std::array<Features, kModelVariants> weights_{};
  std::array<bool, kModelVariants> has_{};
};

// The model shipped for a built-in edition played as the edition itself (no house rules), in
// either of its games, or null (a user's own edition). Made once, on first use, from
// the data embedded in the program; safe from any thread.
const EvaluationModel* shipped_model(const Ruleset& ruleset);

}  // namespace deedlog
