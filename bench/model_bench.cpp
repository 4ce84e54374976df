// The evaluation model's figures, measured by hand (docs/evaluation-model.md), not in CI:
//
//   model_bench horizon [--games N]   the spread of a paired luck-like difference (two outcomes of
//                                      one throw, the same play-out seeds) to the end and at
//                                      horizons 24, 48 and 96, and the moves a play-out costs
//   model_bench bias [--model-games N] [--plain-games M]
//                                      the reference positions' win shares by the horizon and model
//                                      against plain play-outs to the end: each difference, whether
//                                      it lies within the combined interval, the calibration error
//
// Both run from the source tree (the samples are read from DEEDLOG_SOURCE_DIR) on every core.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bots/chances.h"
#include "bots/evaluation_model.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

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
};

// The game of `file` played to its `moves`-th move (all of them for -1); false when it cannot be.
bool position_of(const std::string& file, int moves, Position* out, int* total_moves = nullptr) {
  std::ifstream in(std::string(DEEDLOG_SOURCE_DIR) + "/" + file);
  std::stringstream text;
  text << in.rdbuf();
  GameHeader header;
  ParseError err;
  if (!parse_header(text.str(), &header, &err)) return false;
  Ruleset r;
  if (!load_ruleset(header.ruleset, &r).is_ok()) return false;
  if (!header.house_rules.empty() && !turn_on_house_rules(header.house_rules, &r).is_ok()) return false;
  GameFile gf;
  if (!parse_game(text.str(), r, &gf, &err)) return false;
  Decision start = decide_start(r, gf.header, gf.setup);
  if (!start.accepted) return false;
  State s = initial_state(r, gf.header);
  CardsSeen seen{};
  for (const Event& e : start.events) {
    evolve(s, e);
    note_card_seen(e, &seen);
  }
  int played = 0;
  for (const MoveLine& m : gf.moves) {
    if (moves >= 0 && played == moves) break;
    Decision d = decide(r, s, m.command);
    if (!d.accepted) break;
    for (const Event& e : d.events) note_card_seen(e, &seen);
    apply_decision(s, d);
    ++played;
  }
  if (total_moves) *total_moves = played;
  out->name = fmt::format("{} after move {}", file, played);
  out->ruleset = std::move(r);
  out->state = s;
  out->seen = seen;
  out->players = gf.header.players;
  return true;
}

std::vector<Position> reference_positions() {
  std::vector<Position> out;
  for (const char* file : kReferenceGames) {
    Position whole;
    int n = 0;
    if (!position_of(file, -1, &whole, &n)) {
      fmt::print(stderr, "model_bench: {} cannot be read or played\n", file);
      continue;
    }
    for (int k : {n / 3, 2 * n / 3}) {
      Position p;
      if (position_of(file, k, &p)) out.push_back(std::move(p));
    }
  }
  return out;
}

int arg_int(int argc, char** argv, const char* name, int fallback) {
  for (int i = 2; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return std::atoi(argv[i + 1]);
  return fallback;
}

int run_bias(int argc, char** argv) {
  const int model_games = arg_int(argc, argv, "--model-games", 4000);
  const int plain_games = arg_int(argc, argv, "--plain-games", 20000);
  const std::vector<Position> positions = reference_positions();
  int rows = 0, within = 0, positions_within = 0, compared = 0;
  double abs_sum = 0, worst = 0, bias_sq = 0;
  fmt::print("{:<72} {:>4} {:>7} {:>7} {:>7} {:>6} {}\n", "position", "seat", "model", "to-end", "diff", "+-", "within");
  for (const Position& p : positions) {
    ChancesOptions m;
    m.games = model_games;
    m.seed = 11;
    m.policy = analysis_play_outs(p.ruleset);
    if (!m.policy.model) {
      fmt::print("{:<72} no model (a user's edition, or house rules): skipped\n", p.name);
      continue;
    }
    ChancesOptions e = m;
    e.games = plain_games;
    e.seed = 12;
    e.policy.model = nullptr;
    e.policy.horizon = 0;
    Chances a, b;
    if (!estimate_chances(p.ruleset, p.state, p.seen, p.players, m, &a).is_ok() ||
        !estimate_chances(p.ruleset, p.state, p.seen, p.players, e, &b).is_ok()) {
      fmt::print("{:<72} a play-out went wrong: skipped\n", p.name);
      continue;
    }
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
  }
  fmt::print("\npositions compared: {}; all seats within: {} ({:.0f}%)\n", compared, positions_within,
             compared ? 100.0 * positions_within / compared : 0.0);
  fmt::print("seats compared: {}; within the combined interval: {} ({:.1f}%)\n", rows, within, rows ? 100.0 * within / rows : 0.0);
  fmt::print("calibration error: mean |diff| {:.4f}, root mean square {:.4f}, largest {:.4f}\n", rows ? abs_sum / rows : 0.0,
             rows ? std::sqrt(bias_sq / rows) : 0.0, worst);
  return 0;
}

// The positions before a throw in the long game (a third, half, two thirds through), and two
// outcomes of that throw.
int run_horizon(int argc, char** argv) {
  const int games = arg_int(argc, argv, "--games", 2000);
  const char* file = "samples/uk-1972/long-game.game";
  Position whole;
  int n = 0;
  if (!position_of(file, -1, &whole, &n)) return 1;
  std::vector<Position> before;
  for (int k : {n / 4, n / 3, n / 2, 2 * n / 3, 3 * n / 4}) {
    // The first position from move k on where the mover is to throw.
    for (int j = k; j < n; ++j) {
      Position p;
      if (!position_of(file, j, &p)) break;
      if (p.state.phase == Phase::AwaitingRoll && !p.state.player(p.state.turn).in_jail) {
        before.push_back(std::move(p));
        break;
      }
    }
  }
  struct Setting {
    const char* name;
    int horizon;
  };
  const Setting settings[] = {{"to the end", 0}, {"96 moves", 96}, {"48 moves", 48}, {"24 moves", 24}};
  fmt::print("{:<12} {:>8} {:>12}   (paired difference of the mover's worth: throw 2+3 against 4+6, {} play-outs a position)\n",
             "horizon", "SD", "moves/play", games);
  for (const Setting& setting : settings) {
    double sd_sum = 0;
    std::int64_t moves = 0;
    int counted = 0;
    for (const Position& p : before) {
      const PlayerId mover = p.state.turn;
      State outcome[2];
      const int dice[2][2] = {{2, 3}, {4, 6}};
      bool ok = true;
      for (int o = 0; o < 2; ++o) {
        Command c = make_command(Verb::Roll, mover);
        c.die1 = dice[o][0];
        c.die2 = dice[o][1];
        Decision d = decide(p.ruleset, p.state, c);
        if (!d.accepted) {
          ok = false;
          break;
        }
        outcome[o] = p.state;
        apply_decision(outcome[o], d);
      }
      if (!ok) continue;
      PlayOutPolicy policy = analysis_play_outs(p.ruleset);
      policy.horizon = setting.horizon;
      if (setting.horizon == 0) policy.model = nullptr;
      double sum = 0, sq = 0;
      for (int i = 0; i < games; ++i) {
        const std::uint64_t seed = 1 + static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull;
        const PlayOut a = play_out(p.ruleset, outcome[0], p.seen, seed, 4000, policy);
        const PlayOut b = play_out(p.ruleset, outcome[1], p.seen, seed, 4000, policy);
        const double d = a.worth[static_cast<std::size_t>(mover)] - b.worth[static_cast<std::size_t>(mover)];
        sum += d;
        sq += d * d;
        moves += a.moves + b.moves;
      }
      const double mean = sum / games;
      sd_sum += std::sqrt(std::max(0.0, sq / games - mean * mean));
      ++counted;
    }
    fmt::print("{:<12} {:8.3f} {:12.1f}\n", setting.name, counted ? sd_sum / counted : 0.0,
               counted ? static_cast<double>(moves) / (2.0 * games * counted) : 0.0);
  }
  fmt::print("(SD averaged over {} positions before a throw)\n", before.size());
  return 0;
}

}  // namespace
}  // namespace deedlog

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "bias") == 0) return deedlog::run_bias(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "horizon") == 0) return deedlog::run_horizon(argc, argv);
  std::fprintf(stderr, "usage: model_bench horizon [--games N] | bias [--model-games N] [--plain-games M]\n");
  return 2;
}
