#pragma once
// referee train-model: fits an evaluation model from self-play and writes its file
// (docs/evaluation-model.md, "Training"); outside CI, scripts/train-models.sh retrains them all.
#include <cstdint>
#include <iosfwd>
#include <string>

#include "commands/referee_commands.h"

namespace deedlog {

struct TrainModelCommandOptions {
  std::string ruleset;
  std::string variant;      // "", "plain", "short-game" or "time-limit" (fitted as the short game)
  int games = 2000;
  std::uint64_t seed = 1;
  int threads = 0;          // 0: one a core; the file is the same for any number
  std::string out;          // the model file written
};

int run_train_model(const CommonOptions& o, const TrainModelCommandOptions& t, std::ostream& out, std::ostream& err);

}  // namespace deedlog
