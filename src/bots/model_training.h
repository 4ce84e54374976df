#pragma once
// Fitting an evaluation model (docs/evaluation-model.md, "Training"): whole games of self-play by
// the play-outs' own players (sound bids), positions sampled along each game, each labelled with
// the game's eventual winner, and the weights of a conditional logit fitted to them by maximum
// likelihood (Newton's method), then, when asked, hidden units with the linear weights (Adam).
// The same options give the same model, byte for byte, on any number of threads.
#include <cstdint>
#include <functional>
#include <string>

#include "bots/model_file.h"
#include "deedlog/status.h"

namespace deedlog {

struct TrainingOptions {
  std::string ruleset;               // a built-in edition's id
  bool short_game = false;           // fitted on its short game (us-short always is one)
  int games = 2000;                  // self-play games
  std::uint64_t seed = 1;
  int threads = 0;                   // 0: one a core; the model is the same for any number
  int max_moves = 4000;              // a game still going after this many moves is left out (no winner)
  int sample_every = 16;             // a position every this many moves of a game
  // Hidden units added to the linear score (bots/model_network.h), 0 for a linear model; fitted
  // after the linear weights, by Adam over minibatches in an order drawn from `seed`.
  int hidden = 0;
  int epochs = 12;                   // passes over the positions fitting the units
};

// The command that makes this model, as a model file records it.
std::string training_command(const TrainingOptions& options);

// Plays the games and fits the model. invalid_argument for options out of range or an edition
// that is not built in. progress(done, total) after each game, from any thread.
Status train_model(const TrainingOptions& options, ModelFile* out,
                   const std::function<void(int, int)>& progress = {});

}  // namespace deedlog
