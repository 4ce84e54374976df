// The evaluation model's figures, measured by hand (docs/evaluation-model.md), not in CI:
//
//   model_bench horizon [--games N]   the spread of a paired luck-like difference (two outcomes of
//                                      one throw, the same play-out seeds) to the end and at
//                                      horizons 24, 48 and 96, and the moves a play-out costs
//   model_bench bias [--model-games N] [--plain-games M] [--horizon H] [--decided T] [--play-on K]
//                    [--calibration C] [--plain-cache FILE]
//                                      the reference positions' win shares by the horizon and model
//                                      against plain play-outs to the end: each difference, whether
//                                      it lies within the combined interval, the calibration error.
//                                      --decided/--play-on: the policy's (PlayOutPolicy) in place of
//                                      the analysis's; --calibration: added to the model's luck
//                                      half width, as the analysis adds it; --plain-cache: the plain
//                                      figures kept in (and read back from) FILE, for they do not
//                                      depend on the model
//   model_bench train --ruleset E [--short-game] [--games N] [--seed S] [--hidden H] [--epochs K] --out FILE
//                                      a model as `referee train-model` fits it, with H hidden
//                                      units (0: linear), to be compared by `bias --models DIR`
//                                      before it is shipped
//
// Both run from the source tree (the samples are read from DEEDLOG_SOURCE_DIR) on every core.
#include <algorithm>
#include <atomic>
#include <thread>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "analysis/chances.h"
#include "bots/evaluation_model.h"
#include "bots/model_file.h"
#include "bots/model_training.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "journal/journal.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

// The samples the reference positions come from: the longest games of each edition. Two
// positions of each, a third and two thirds of the way through its moves.
const char* const kReferenceGames[] = {
    "samples/uk-1972/long-game.game",
    "samples/corpus/uk-1972/club-night-bankruptcy.game",
    "samples/corpus/uk-1972/short-game-at-the-hour.game",
    "samples/corpus/military/garrison-night-bankruptcy.game",
    "samples/corpus/military/short-game-at-the-hour.game",
    "samples/corpus/bahamas/island-bankruptcy.game",
    "samples/corpus/bahamas/time-limit-called.game",
    "samples/corpus/computer/program-as-banker-insolvency.game",
    "samples/corpus/computer/program-as-banker-evening.game",
    "samples/corpus/us-short/dealt-to-the-first-bankruptcy.game",
    "samples/corpus/us-short/dealt-and-unfinished.game",
    "samples/corpus/us-standard/family-game-bankruptcy.game",
    "samples/corpus/us-standard/time-limit-called.game",
    "samples/corpus/regional-currency/conglomerate-bankruptcy.game",
    "samples/corpus/regional-currency/four-regions-evening.game",
};

struct Position {
  std::string name;  // "FILE after move K"
  Ruleset ruleset;
  State state;
  CardsSeen seen{};
  std::vector<std::string> players;
  PlayerId mover = kBank;  // the player whose throw comes next (positions before a throw)
};

// A sample game imported into a journal in memory, as `referee import` does (a take-back is
// folded as the journal folds it), with the seq after each of its moves.
struct Imported {
  std::unique_ptr<Journal> journal;
  std::int64_t id = 0;
  std::vector<std::int64_t> after_move;  // [k]: the seq after move k + 1
  std::vector<Command> moves;            // the moves played, in order
  std::vector<std::string> players;
};

bool import_sample(const std::string& file, Imported* out) {
  std::ifstream in(std::string(DEEDLOG_SOURCE_DIR) + "/" + file);
  std::stringstream text;
  text << in.rdbuf();
  GameHeader header;
  ParseError err;
  if (!parse_header(text.str(), &header, &err)) return false;
  Ruleset r;
  if (!load_ruleset(header.ruleset, &r).is_ok()) return false;
  GameFile gf;
  if (!parse_game(text.str(), r, &gf, &err)) return false;
  if (!Journal::open(":memory:", &out->journal).is_ok()) return false;
  std::optional<Violation> refused;
  if (!create_game(*out->journal, gf.header, gf.setup, &out->id, &refused).is_ok() || refused) return false;
  Game g;
  if (!load_game(*out->journal, out->id, 0, &g).is_ok()) return false;
  for (const MoveLine& m : gf.moves) {
    PlayOutcome po;
    if (!play_move(*out->journal, g, m.command, false, &po).is_ok() || !po.decision.accepted) break;
    out->after_move.push_back(g.state.seq);
    out->moves.push_back(m.command);
  }
  out->players = gf.header.players;
  return true;
}

// The position after move k (0: the opening) of an imported sample.
bool position_after(const Imported& game, const std::string& file, int k, Position* out) {
  Game g;
  const std::int64_t seq = k == 0 ? 0 : game.after_move[static_cast<std::size_t>(k - 1)];
  if (!load_game(*game.journal, game.id, seq, &g).is_ok()) return false;
  if (!cards_seen(*game.journal, g, &out->seen).is_ok()) return false;
  out->name = fmt::format("{} after move {}", file, k);
  out->ruleset = g.ruleset;
  out->state = g.state;
  out->players = game.players;
  return true;
}

// The first position at or after move k whose next recorded move is a throw of a player out of
// jail (at a table the next player's throw passes the turn, so the position is the last
// mover's TurnOver as often as an AwaitingRoll).
bool throw_at_or_after(const Imported& game, const std::string& file, int k, Position* out) {
  for (int j = k; j < static_cast<int>(game.moves.size()); ++j) {
    const Command& next = game.moves[static_cast<std::size_t>(j)];
    if (next.verb != Verb::Roll || next.actor < 0) continue;
    if (!position_after(game, file, j, out)) return false;
    if (out->state.player(next.actor).in_jail || out->state.time_called) continue;
    out->mover = next.actor;
    return true;
  }
  return false;
}

// Two positions of each reference game, before a throw a third and two thirds of the way through.
std::vector<Position> reference_positions() {
  std::vector<Position> out;
  for (const char* file : kReferenceGames) {
    Imported game;
    if (!import_sample(file, &game)) {
      fmt::print(stderr, "model_bench: {} cannot be read or imported\n", file);
      continue;
    }
    const int n = static_cast<int>(game.after_move.size());
    for (int k : {n / 3, 2 * n / 3}) {
      Position p;
      if (throw_at_or_after(game, file, k, &p)) out.push_back(std::move(p));
    }
  }
  return out;
}

// Two outcomes of the throw the mover is to make at p: 2+3 and 4+6 (false when refused).
bool two_outcomes(const Position& p, State out[2]) {
  const int dice[2][2] = {{2, 3}, {4, 6}};
  for (int o = 0; o < 2; ++o) {
    Command c = make_command(Verb::Roll, p.mover);
    c.die1 = dice[o][0];
    c.die2 = dice[o][1];
    Decision d = decide(p.ruleset, p.state, c);
    if (!d.accepted) return false;
    out[o] = p.state;
    apply_decision(out[o], d);
  }
  return true;
}

struct Paired {
  double mean = 0, sd = 0, se = 0;
  std::int64_t moves = 0;
};

// The mover's worth after outcome 0 less after outcome 1, play-out by play-out with the same
// seeds (common random numbers), over `games` pairs on every core.
Paired paired_difference(const Position& p, const State outcome[2], const PlayOutPolicy& policy, int games,
                         std::uint64_t seed) {
  std::vector<double> d(static_cast<std::size_t>(games));
  std::vector<std::int64_t> moves(static_cast<std::size_t>(games));
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i = next++; i < games; i = next++) {
      const std::uint64_t s = seed + static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull;
      const PlayOut a = play_out(p.ruleset, outcome[0], p.seen, s, 4000, policy);
      const PlayOut b = play_out(p.ruleset, outcome[1], p.seen, s, 4000, policy);
      const auto m = static_cast<std::size_t>(p.mover);
      d[static_cast<std::size_t>(i)] = a.worth[m] - b.worth[m];
      moves[static_cast<std::size_t>(i)] = a.moves + b.moves;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  Paired r;
  double sum = 0, sq = 0;
  for (int i = 0; i < games; ++i) {
    sum += d[static_cast<std::size_t>(i)];
    sq += d[static_cast<std::size_t>(i)] * d[static_cast<std::size_t>(i)];
    r.moves += moves[static_cast<std::size_t>(i)];
  }
  r.mean = sum / games;
  r.sd = std::sqrt(std::max(0.0, sq / games - r.mean * r.mean));
  r.se = r.sd / std::sqrt(static_cast<double>(games));
  return r;
}

int arg_int(int argc, char** argv, const char* name, int fallback) {
  for (int i = 2; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return std::atoi(argv[i + 1]);
  return fallback;
}

double arg_double(int argc, char** argv, const char* name, double fallback) {
  for (int i = 2; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return std::atof(argv[i + 1]);
  return fallback;
}

bool has_flag(int argc, char** argv, const char* name) {
  for (int i = 2; i < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return true;
  return false;
}

std::string arg_text(int argc, char** argv, const char* name) {
  for (int i = 2; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return argv[i + 1];
  return "";
}

// What the plain play-outs to the end gave at one position (they do not depend on the model, so
// a run comparing models or policies may keep them in a file: --plain-cache).
struct PlainFigures {
  Chances shares;
  Paired luck;
  bool has_luck = false;
};

// The cache's line for a position: "NAME<TAB>GAMES<TAB>seats low share high ...<TAB>luck mean se".
std::string plain_line(const std::string& name, int games, const PlainFigures& f) {
  std::string line = fmt::format("{}\t{}\t{}", name, games, f.shares.players.size());
  for (const PlayerChance& c : f.shares.players) line += fmt::format(" {:.17g} {:.17g} {:.17g}", c.low, c.share, c.high);
  line += f.has_luck ? fmt::format("\t1 {:.17g} {:.17g}", f.luck.mean, f.luck.se) : std::string("\t0 0 0");
  return line;
}

bool read_plain(const std::string& cache, const std::string& name, int games, PlainFigures* out) {
  if (cache.empty()) return false;
  std::ifstream in(cache);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string n, g, seats, luck;
    if (!std::getline(fields, n, '\t') || n != name || !std::getline(fields, g, '\t') || std::atoi(g.c_str()) != games)
      continue;
    std::getline(fields, seats, '\t');
    std::getline(fields, luck, '\t');
    std::istringstream ss(seats), ls(luck);
    std::size_t count = 0;
    ss >> count;
    PlainFigures f;
    for (std::size_t i = 0; i < count; ++i) {
      PlayerChance c{static_cast<PlayerId>(i)};
      ss >> c.low >> c.share >> c.high;
      f.shares.players.push_back(c);
    }
    int has = 0;
    ls >> has >> f.luck.mean >> f.luck.se;
    f.has_luck = has != 0;
    if (!ss || !ls) return false;
    *out = std::move(f);
    return true;
  }
  return false;
}

int run_bias(int argc, char** argv) {
  const int model_games = arg_int(argc, argv, "--model-games", 4000);
  const int plain_games = arg_int(argc, argv, "--plain-games", 20000);
  const int horizon = arg_int(argc, argv, "--horizon", 0);  // 0: the analysis's own
  const double decided = arg_double(argc, argv, "--decided", -1);  // below 0: the analysis's own (off)
  const int play_on = arg_int(argc, argv, "--play-on", -1);
  const double calibration = arg_double(argc, argv, "--calibration", 0);  // added to the half width
  const std::string cache = arg_text(argc, argv, "--plain-cache");
  // Every weight times this (a temperature: above 1 sharpens the shares), to see how much of the
  // bias is the model's confidence alone.
  const double scale = arg_double(argc, argv, "--scale", 1);
  std::vector<std::unique_ptr<EvaluationModel>> scaled;
  // Models read from DIR/EDITION.model and DIR/EDITION.short-game.model in place of the shipped
  // ones (a model being tried before it is shipped).
  const std::string models = arg_text(argc, argv, "--models");
  const std::vector<Position> positions = reference_positions();
  int rows = 0, within = 0, positions_within = 0, compared = 0;
  double abs_sum = 0, worst = 0, bias_sq = 0;
  int luck_rows = 0, luck_within = 0;
  double luck_abs = 0, luck_worst = 0, luck_sq = 0, sd_sum = 0;
  std::int64_t model_moves = 0;
  fmt::print("{:<72} {:>4} {:>7} {:>7} {:>7} {:>6} {}\n", "position", "seat", "model", "to-end", "diff", "+-", "within");
  for (const Position& p : positions) {
    ChancesOptions m;
    m.games = model_games;
    m.seed = 11;
    m.policy = analysis_play_outs(p.ruleset);
    if (horizon > 0) m.policy.horizon = horizon;
    if (decided >= 0) m.policy.decided = decided;
    if (!models.empty()) {
      auto mine = std::make_unique<EvaluationModel>(p.ruleset);
      for (const char* variant : {"", ".short-game"}) {
        std::unique_ptr<EvaluationModel> one;
        if (!load_model_file(fmt::format("{}/{}{}.model", models, p.ruleset.id, variant), p.ruleset, &one).is_ok()) continue;
        for (ModelVariant v : {ModelVariant::Plain, ModelVariant::ShortGame})
          if (one->has(v)) mine->set_weights(v, one->weights(v), one->hidden(v));
      }
      m.policy.model = mine->empty() ? nullptr : mine.get();
      m.policy.horizon = horizon > 0 ? horizon : kAnalysisHorizon;
      m.policy.decided = decided >= 0 ? decided : 0;
      scaled.push_back(std::move(mine));
    }
    if (scale != 1 && m.policy.model) {
      auto copy = std::make_unique<EvaluationModel>(*m.policy.model);
      for (ModelVariant v : {ModelVariant::Plain, ModelVariant::ShortGame}) {
        if (!copy->has(v)) continue;
        Features w = copy->weights(v);
        for (double& x : w) x *= scale;
        HiddenLayer units = copy->hidden(v);
        for (HiddenUnit& u : units) u.output *= scale;
        copy->set_weights(v, w, std::move(units));
      }
      m.policy.model = copy.get();
      scaled.push_back(std::move(copy));
    }
    if (play_on >= 0) m.policy.play_on = play_on;
    if (!m.policy.model) {
      fmt::print("{:<72} no model (a user's edition, or house rules): skipped\n", p.name);
      continue;
    }
    ChancesOptions e = m;
    e.games = plain_games;
    e.seed = 12;
    e.policy.model = nullptr;
    e.policy.horizon = 0;
    State outcome[2];
    const bool outcomes = two_outcomes(p, outcome);
    PlainFigures plain;
    const bool cached = read_plain(cache, p.name, plain_games, &plain);
    if (!cached) {
      if (!estimate_chances(p.ruleset, p.state, p.seen, p.players, e, &plain.shares).is_ok()) {
        fmt::print("{:<72} a play-out went wrong: skipped\n", p.name);
        continue;
      }
      if (outcomes) plain.luck = paired_difference(p, outcome, e.policy, plain_games, 22);
      plain.has_luck = outcomes;
      if (!cache.empty()) std::ofstream(cache, std::ios::app) << plain_line(p.name, plain_games, plain) << "\n";
    }
    Chances a;
    const Chances& b = plain.shares;
    if (!estimate_chances(p.ruleset, p.state, p.seen, p.players, m, &a).is_ok()) {
      fmt::print("{:<72} a play-out went wrong: skipped\n", p.name);
      continue;
    }
    model_moves += a.moves;
    ++compared;
    bool all = true;
    for (std::size_t i = 0; i < a.players.size(); ++i) {
      if (p.state.player(static_cast<PlayerId>(i)).bankrupt) continue;
      const PlayerChance& x = a.players[i];
      const PlayerChance& y = b.players[i];
      const double diff = x.share - y.share;
      // The two 95% intervals' half widths combined as independent errors.
      const double half = std::sqrt(std::pow((x.high - x.low) / 2, 2) + std::pow((y.high - y.low) / 2, 2));
      const bool in = std::fabs(diff) <= half;
      all = all && in;
      ++rows;
      within += in;
      abs_sum += std::fabs(diff);
      bias_sq += diff * diff;
      worst = std::max(worst, std::fabs(diff));
      fmt::print("{:<72} {:>4} {:7.4f} {:7.4f} {:+7.4f} {:6.4f} {}\n", i == 0 ? p.name : "", p.players[i], x.share, y.share,
                 diff, half, in ? "yes" : "NO");
    }
    positions_within += all;
    // The luck-like difference of two outcomes of the mover's throw, by each way.
    if (outcomes && plain.has_luck) {
      const Paired dm = paired_difference(p, outcome, m.policy, model_games, 21);
      const Paired& dp = plain.luck;
      const double diff = dm.mean - dp.mean;
      // The analysis's interval (with the calibration term it adds, when asked) against the
      // plain play-outs' own.
      const double model_half = 1.959964 * dm.se + calibration;
      const double half = std::sqrt(model_half * model_half + std::pow(1.959964 * dp.se, 2));
      const bool in = std::fabs(diff) <= half;
      ++luck_rows;
      luck_within += in;
      luck_abs += std::fabs(diff);
      luck_sq += diff * diff;
      sd_sum += dm.sd;
      model_moves += dm.moves;
      luck_worst = std::max(luck_worst, std::fabs(diff));
      fmt::print("{:<72} luck {:+7.4f} {:+7.4f} {:+7.4f} {:6.4f} {}\n", "", dm.mean, dp.mean, diff, half, in ? "yes" : "NO");
    }
  }
  fmt::print("\npositions compared: {}; all seats within: {} ({:.0f}%)\n", compared, positions_within,
             compared ? 100.0 * positions_within / compared : 0.0);
  fmt::print("seats compared: {}; within the combined interval: {} ({:.1f}%)\n", rows, within, rows ? 100.0 * within / rows : 0.0);
  fmt::print("calibration error: mean |diff| {:.4f}, root mean square {:.4f}, largest {:.4f}\n", rows ? abs_sum / rows : 0.0,
             rows ? std::sqrt(bias_sq / rows) : 0.0, worst);
  fmt::print("luck (mover's worth after 2+3 less after 4+6) compared: {}; within: {} ({:.1f}%); mean |diff| {:.4f}, "
             "largest {:.4f}\n",
             luck_rows, luck_within, luck_rows ? 100.0 * luck_within / luck_rows : 0.0, luck_rows ? luck_abs / luck_rows : 0.0,
             luck_worst);
  fmt::print("luck: root mean square diff {:.4f}; SD of the model's paired difference (mean) {:.4f}; "
             "moves a model play-out {:.1f}\n",
             luck_rows ? std::sqrt(luck_sq / luck_rows) : 0.0, luck_rows ? sd_sum / luck_rows : 0.0,
             compared ? static_cast<double>(model_moves) / (3.0 * compared * model_games) : 0.0);
  return 0;
}

// The positions before a throw in the long game (a third, half, two thirds through), and two
// outcomes of that throw.
int run_horizon(int argc, char** argv) {
  const int games = arg_int(argc, argv, "--games", 2000);
  const char* file = "samples/uk-1972/long-game.game";
  Imported game;
  if (!import_sample(file, &game)) return 1;
  const int n = static_cast<int>(game.after_move.size());
  std::vector<Position> before;
  for (int k : {n / 4, n / 3, n / 2, 2 * n / 3, 3 * n / 4}) {
    Position p;
    if (throw_at_or_after(game, file, k, &p)) before.push_back(std::move(p));
  }
  struct Setting {
    const char* name;
    int horizon;
    double decided;  // PlayOutPolicy::decided
  };
  const Setting settings[] = {{"to the end", 0, 0},
                              {"96 moves", 96, 0},
                              {"48 moves", 48, 0},
                              {"24 moves", 24, 0},
                              {"48, 0.8 on", kAnalysisHorizon, 0.8}};
  fmt::print("{:<14} {:>8} {:>12}   (paired difference of the mover's worth: throw 2+3 against 4+6, {} play-outs a position)\n",
             "horizon", "SD", "moves/play", games);
  for (const Setting& setting : settings) {
    double sd_sum = 0;
    std::int64_t moves = 0;
    int counted = 0;
    for (const Position& p : before) {
      State outcome[2];
      if (!two_outcomes(p, outcome)) continue;
      PlayOutPolicy policy = analysis_play_outs(p.ruleset);
      policy.horizon = setting.horizon;
      policy.decided = setting.decided;
      if (setting.horizon == 0) policy.model = nullptr;
      const Paired d = paired_difference(p, outcome, policy, games, 1);
      sd_sum += d.sd;
      moves += d.moves;
      ++counted;
    }
    fmt::print("{:<14} {:8.3f} {:12.1f}\n", setting.name, counted ? sd_sum / counted : 0.0,
               counted ? static_cast<double>(moves) / (2.0 * games * counted) : 0.0);
  }
  fmt::print("(SD averaged over {} positions before a throw)\n", before.size());
  return 0;
}

// A model with hidden units (or none) fitted as train-model fits one, written to --out.
int run_train(int argc, char** argv) {
  TrainingOptions o;
  o.ruleset = arg_text(argc, argv, "--ruleset");
  o.short_game = has_flag(argc, argv, "--short-game");
  o.games = arg_int(argc, argv, "--games", 20000);
  o.seed = static_cast<std::uint64_t>(arg_int(argc, argv, "--seed", 1));
  o.hidden = arg_int(argc, argv, "--hidden", 16);
  o.epochs = arg_int(argc, argv, "--epochs", o.epochs);
  const std::string out = arg_text(argc, argv, "--out");
  if (o.ruleset.empty() || out.empty()) {
    std::fprintf(stderr, "model_bench train: --ruleset and --out are needed\n");
    return 2;
  }
  ModelFile m;
  if (Status s = train_model(o, &m); !s.is_ok()) {
    std::fprintf(stderr, "%s\n", s.message().c_str());
    return 1;
  }
  m.command += fmt::format(" (model_bench train --hidden {} --epochs {})", o.hidden, o.epochs);
  std::ofstream(out, std::ios::binary) << model_file_text(m);
  fmt::print("{} {}: {} games, {} positions, log-likelihood {:.6f}, {} units\n", m.edition, m.variant, m.games, m.positions,
             m.log_likelihood, m.hidden.size());
  return 0;
}

}  // namespace
}  // namespace deedlog

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "bias") == 0) return deedlog::run_bias(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "horizon") == 0) return deedlog::run_horizon(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "train") == 0) return deedlog::run_train(argc, argv);
  std::fprintf(stderr, "usage: model_bench horizon [--games N] | train --ruleset E --out FILE [--short-game] [--games N] [--seed S] [--hidden H] [--epochs K] | bias [--model-games N] [--plain-games M] [--horizon H] "
                       "[--decided T] [--play-on K] [--calibration C] [--plain-cache FILE]\n");
  return 2;
}
