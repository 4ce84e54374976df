#include "commands/chances_command.h"

#include <chrono>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/chances.h"
#include "bots/evaluation_model.h"
#include "core/exit_code.h"
#include "core/plural.h"
#include "deedlog/valuation.h"
#include "present/money_words.h"
#include "present/narration.h"
#include "service/game_session.h"

namespace deedlog {

int run_chances(const CommonOptions& o, const ChancesCommandOptions& c, std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) {
    err << "referee: " << s.message() << "\n";
    return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
  };
  if (c.games < 1 || c.max_moves < 1 || c.threads < 0 || c.horizon < 0)
    return fail(Status::invalid_argument(
        "chances: --games and --max-moves must be at least 1, --threads and --horizon 0 or more"));
  if (c.to_end && (c.horizon > 0 || !c.model_file.empty()))
    return fail(Status::invalid_argument("chances: --to-end plays every play-out to the end: no --horizon or --model with it"));
  // The shipped models are checked before any is used: one refused is reported, not skipped
  // (with --model FILE none is used).
  if (Status s = shipped_models_status(); !s.is_ok() && c.model_file.empty()) return fail(s);
  std::unique_ptr<Journal> j;
  if (Status s = Journal::open(o.db, &j, true); !s.is_ok()) return fail(s);
  std::int64_t id = 0;
  if (Status s = resolve_game_id(*j, o.game, &id); !s.is_ok()) return fail(s);
  Game g;
  if (Status s = load_game(*j, id, c.at, &g); !s.is_ok()) return fail(s);
  // An event inside a move stands for the position after that whole move, as in every command
  // that takes --at: play-outs begin where the table stood, never halfway through a move (a
  // bankruptcy ruled before the next player's turn began).
  std::optional<MoveSpan> inside;
  if (c.at > 0) {
    MoveSpan span;
    if (Status s = GameLog(*j, g).move_holding(c.at, &span); !s.is_ok()) return fail(s);
    if (span.last != c.at) {
      inside = span;
      if (Status s = load_game(*j, id, span.last, &g); !s.is_ok()) return fail(s);
    }
  }
  CardsSeen seen{};
  if (Status s = cards_seen(*j, g, &seen); !s.is_ok()) return fail(s);
  ChancesOptions co;
  co.policy = analysis_play_outs(g.ruleset);
  std::unique_ptr<EvaluationModel> own;
  if (!c.model_file.empty()) {
    if (Status s = load_model_file(c.model_file, g.ruleset, &own); !s.is_ok()) return fail(s);
    co.policy.model = own.get();
    co.policy.horizon = kAnalysisHorizon;
  }
  if (c.to_end) {
    co.policy.model = nullptr;
    co.policy.horizon = 0;
  } else if (c.horizon > 0) {
    if (!co.policy.model)
      return fail(Status::invalid_argument(fmt::format(
          "chances: --horizon needs a model, and the edition {} has none shipped (give one with --model FILE)", g.ruleset.id)));
    co.policy.horizon = c.horizon;
  }
  const int horizon = co.policy.model ? co.policy.horizon : 0;
  co.games = c.games;
  co.seed = c.seed;
  co.max_moves = c.max_moves;
  co.threads = c.threads;
  const auto started = std::chrono::steady_clock::now();
  Chances ch;
  if (Status s = estimate_chances(g.ruleset, g.state, seen, g.header.players, co, &ch); !s.is_ok()) return fail(s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const auto& names = g.header.players;
  // A time-limit game: who would win were time called now (the estates valued as they stand).
  std::optional<Valuation> now;
  if (g.state.short_game) now = value_estates(g.ruleset, g.state);
  const double unfinished_share = static_cast<double>(ch.unfinished) / ch.games;
  if (o.json) {
    nlohmann::ordered_json doc{{"game", g.id}, {"seq", g.state.seq}, {"games", ch.games}, {"seed", c.seed}};
    if (inside) {
      doc["asked_at"] = c.at;
      doc["note"] = between_moves_note(c.at, *inside);
    }
    doc["players"] = nlohmann::ordered_json::array();
    for (const PlayerChance& p : ch.players)
      doc["players"].push_back({{"name", names[static_cast<std::size_t>(p.player)]},
                                {"wins", p.wins},
                                {"win", p.share},
                                {"low", p.low},
                                {"high", p.high}});
    doc["horizon"] = horizon;
    if (co.policy.model) doc["model"] = own ? c.model_file : std::string("shipped");
    else doc["model"] = nullptr;
    doc["scored"] = ch.scored;
    doc["unfinished"] = ch.unfinished;
    doc["unfinished_share"] = unfinished_share;
    doc["max_moves"] = c.max_moves;
    doc["moves"] = ch.moves;
    doc["seconds"] = seconds;
    if (now) {
      nlohmann::ordered_json v{{"leaders", nlohmann::ordered_json::array()}, {"estates", nlohmann::ordered_json::array()}};
      for (PlayerId p : now->leaders) v["leaders"].push_back(names[static_cast<std::size_t>(p)]);
      for (const EstateValue& e : now->estates)
        v["estates"].push_back({{"name", names[static_cast<std::size_t>(e.player)]}, {"total", e.total.units}, {"in_game", e.in_game}});
      doc["time_called_now"] = v;
    }
    out << doc.dump() << "\n";
    return kExitOk;
  }
  if (inside) out << "Note: " << between_moves_note(c.at, *inside) << "\n";
  out << fmt::format("Chances after event {}, from {} (seed {}):\n", g.state.seq, count_of(ch.games, "play-out"), c.seed);
  for (const PlayerChance& p : ch.players)
    out << fmt::format("  {:<12} {:5.1f}%  (95% interval {:.1f}% to {:.1f}%)\n", names[static_cast<std::size_t>(p.player)],
                       100 * p.share, 100 * p.low, 100 * p.high);
  if (horizon > 0)
    out << fmt::format("Stopped after {} and scored by the {} model: {} of {}\n", count_of(horizon, "move"),
                       own ? "given" : "edition's", ch.scored, count_of(ch.games, "play-out"));
  else
    out << "Every play-out played to the end\n";
  out << fmt::format("Unfinished (still going after {}): {:.1f}% ({} of {})\n", count_of(c.max_moves, "move"), 100 * unfinished_share,
                     ch.unfinished, ch.games);
  if (now) {
    std::string leaders;
    for (PlayerId p : now->leaders) leaders += (leaders.empty() ? "" : ", ") + names[static_cast<std::size_t>(p)];
    out << "Were time called now: ";
    for (std::size_t i = 0; i < now->estates.size(); ++i)
      out << (i ? ", " : "") << names[static_cast<std::size_t>(now->estates[i].player)] << " "
          << money_words(g.ruleset, now->estates[i].total);
    out << "; " << (now->leaders.size() > 1 ? "tied: " : "leading: ") << leaders << "\n";
  }
  out << fmt::format("{} played in {:.2f} s\n", count_of(ch.moves, "move"), seconds);
  return kExitOk;
}

}  // namespace deedlog
