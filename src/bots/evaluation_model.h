#pragma once
// An evaluation of a position without playing it to the end: each player's share of the win as
// a score of the features of his position (bots/model_features.h): linear, plus what a hidden
// layer of units adds when the model has one (bots/model_network.h), turned into shares by a
// softmax over the players still in (a conditional logit). A play-out stopped at a horizon is
// scored by it (analysis/chances.h, PlayOutPolicy). docs/evaluation-model.md says what each feature
// is, how the weights were fitted and how the horizon was chosen.
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "bots/model_features.h"
#include "bots/model_network.h"
#include "deedlog/ids.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "deedlog/status.h"

namespace deedlog {

// Each seat's share of the win, by seat (0 for seats past the player count); sums to 1.
using WinShares = std::array<double, kMaxPlayers>;

// The game a set of weights was fitted for: the edition played to its end, or its short game
// (`short-game`, `time-limit`: time called makes the richest the winner).
enum class ModelVariant { Plain = 0, ShortGame = 1 };
inline constexpr int kModelVariants = 2;
std::string_view variant_name(ModelVariant v);  // "plain", "short-game"

// An edition's evaluation: a set of weights for each of its games (a position's short_game says
// which is read).
class EvaluationModel {
 public:
  // For positions of `ruleset` (its board sets the landing chances the features read).
  explicit EvaluationModel(const Ruleset& ruleset) : edition_(ruleset.id), reader_(ruleset) {}
  // The linear weights of game v, and the hidden units added to the score (none: linear).
  void set_weights(ModelVariant v, const Features& weights, HiddenLayer hidden = {});
  bool has(ModelVariant v) const { return has_[static_cast<std::size_t>(v)]; }
  bool empty() const { return !has_[0] && !has_[1]; }

  // Each seat's share of the win from s: a game over gives its winner 1; otherwise the softmax
  // of the players' scores among those still in (a bankrupt player gets 0). Read with the
  // weights of s's game (the other game's when the edition has none for it).
  WinShares shares(const Ruleset& ruleset, const State& s) const;

  // The score of player p in s (the softmax's argument) with the weights of game v.
  double score(const Ruleset& ruleset, const State& s, PlayerId p, ModelVariant v) const;

  const Features& weights(ModelVariant v) const { return weights_[static_cast<std::size_t>(v)]; }
  const HiddenLayer& hidden(ModelVariant v) const { return hidden_[static_cast<std::size_t>(v)]; }
  const std::string& edition() const { return edition_; }
  const FeatureReader& reader() const { return reader_; }

 private:
  std::string edition_;
  FeatureReader reader_;
  std::array<Features, kModelVariants> weights_{};
  std::array<HiddenLayer, kModelVariants> hidden_{};
  std::array<bool, kModelVariants> has_{};
};

// The model shipped for a built-in edition played as the edition itself (its own board and
// money, no house rules), or null: a user's own edition, or one whose model file was refused.
// Made once, on first use, from the model files embedded in the program (data/models/), each
// checked (parse_model_file); safe from any thread.
const EvaluationModel* shipped_model(const Ruleset& ruleset);

// How the check of the embedded model files went: ok, or corrupt naming the file refused (whose
// edition then has no model). A command that plays out reports it rather than quietly playing
// to the end.
Status shipped_models_status();

// A user's own model file (`--model FILE`) for positions of `ruleset`: read, checked as the
// shipped ones are (and refused when fitted for another edition).
Status load_model_file(const std::string& path, const Ruleset& ruleset, std::unique_ptr<EvaluationModel>* out);

}  // namespace deedlog
