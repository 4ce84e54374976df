#include "commands/train_model_command.h"

#include <chrono>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bots/model_training.h"
#include "core/exit_code.h"
#include "core/plural.h"
#include "deedlog/game_header.h"
#include "deedlog/ruleset_catalog.h"
#include "journal/private_file.h"

namespace deedlog {

int run_train_model(const CommonOptions& o, const TrainModelCommandOptions& t, std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) {
    err << "referee: " << s.message() << "\n";
    return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
  };
  if (t.out.empty()) return fail(Status::invalid_argument("train-model: --out FILE is required"));
  if (t.games < 1 || t.threads < 0)
    return fail(Status::invalid_argument("train-model: --games must be at least 1, --threads 0 or more"));
  TrainingOptions opts;
  opts.ruleset = t.ruleset;
  opts.games = t.games;
  opts.seed = t.seed;
  opts.threads = t.threads;
  // The short game and the time-limit game end alike (time called, the richest wins): one model.
  const std::string_view v = known_variant(t.variant);
  if (!t.variant.empty() && t.variant != "plain" && v != "short-game" && v != "time-limit")
    return fail(Status::invalid_argument(
        fmt::format("train-model: --variant is plain, short-game or time-limit, not '{}'", t.variant.substr(0, 60))));
  opts.short_game = v == "short-game" || v == "time-limit";
  Ruleset r;
  if (Status s = load_ruleset(t.ruleset, &r); !s.is_ok()) return fail(Status::invalid_argument(s.message()));
  if (r.short_game.always) opts.short_game = false;  // the edition is a short game: one model, named by it
  const auto started = std::chrono::steady_clock::now();
  ModelFile model;
  if (Status s = train_model(opts, &model); !s.is_ok()) return fail(s);
  const std::string text = model_file_text(model);
  // Whole or not at all: a reader (or the build that embeds it) never sees half a file.
  if (Status s = write_private_file(t.out, text); !s.is_ok()) return fail(s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (o.json) {
    nlohmann::ordered_json doc{{"file", t.out},          {"edition", model.edition},     {"variant", model.variant},
                               {"command", model.command}, {"games", t.games},           {"finished", model.games},
                               {"positions", model.positions}, {"log_likelihood", model.log_likelihood},
                               {"seconds", seconds}};
    nlohmann::ordered_json w = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < model.weights.size(); ++i) w[std::string(feature_names()[i])] = model.weights[i];
    doc["weights"] = w;
    out << doc.dump() << "\n";
    return kExitOk;
  }
  out << fmt::format("Wrote {}: the {} model of {}, from {} of {} of {} (mean log-likelihood {:.4f}), in {:.1f} s\n",
                     t.out, model.variant, model.edition, count_of(model.positions, "position"),
                     count_of(model.games, "finished game"), t.games, model.log_likelihood, seconds);
  for (std::size_t i = 0; i < model.weights.size(); ++i)
    out << fmt::format("  {:<14} {:+.4f}\n", feature_names()[i], model.weights[i]);
  return kExitOk;
}

}  // namespace deedlog
