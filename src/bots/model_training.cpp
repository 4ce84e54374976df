#include "bots/model_training.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <numbers>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "bots/bot_player.h"
#include "bots/simulation.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/game_header.h"
#include "deedlog/ruleset_catalog.h"
#include "deedlog/seeded_chance.h"
#include "deedlog/valuation.h"

namespace deedlog {

namespace {

// Seats' names for the self-play games' headers (never shown).
const char* const kSeatNames[] = {"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
// The table sizes the games cycle through: the model serves any table, and these are the usual.
constexpr int kFewestPlayers = 2;
constexpr int kMostPlayers = 6;
// The fit: the ridge that keeps the weights bounded where the games say little of a feature
// (in units of the log-likelihood summed over the positions), Newton steps until none moves a
// weight by more than the tolerance.
constexpr double kRidge = 1.0;
constexpr int kMaxNewtonSteps = 60;
constexpr double kStepTolerance = 1e-10;

// One sampled position: the features of the players still in, and which of them won.
struct Sample {
  std::uint32_t first = 0;   // its rows' index in the table of features
  std::uint8_t count = 0;    // players still in
  std::uint8_t winner = 0;   // the winner's row, of count
  double weight = 1;         // 1 / the positions kept of its game: each game counts once
};

struct GameSamples {
  std::vector<Features> rows;
  std::vector<Sample> samples;   // first: index into rows
  bool finished = false;
};

GameSamples play_one(const Ruleset& r, const FeatureReader& reader, const TrainingOptions& o, int index) {
  GameSamples out;
  GameHeader header;
  header.ruleset = r.id;
  const int players = std::min(kFewestPlayers + index % (kMostPlayers - kFewestPlayers + 1), r.max_players);
  for (int p = 0; p < players; ++p) header.players.emplace_back(kSeatNames[p]);
  if (o.short_game && !r.short_game.always) header.variants.emplace_back("short-game");
  header.seed = mix64(o.seed + static_cast<std::uint64_t>(index) * 0x9E3779B97F4A7C15ull);
  Decision start = decide_start(r, header, std::nullopt);
  if (!start.accepted) return out;
  State opening = initial_state(r, header);
  for (const Event& e : start.events) evolve(opening, e);
  HeldState held(opening);
  BotTable bots(r, mix64(*header.seed ^ 0x5DEECE66Dull), JailStrategy::Mixed, Bidding::Sound);
  // The positions kept, with each seat's row; the winner is known only at the end.
  struct Kept {
    std::uint32_t first;
    std::array<std::int8_t, kMaxPlayers> row_of;  // seat -> row, -1 when out
    std::uint8_t count;
  };
  std::vector<Kept> kept;
  const int offset = index % o.sample_every;
  std::int64_t moves = 0;
  while (moves < o.max_moves) {
    if (moves % o.sample_every == offset) {
      const State& s = *held;
      Kept k{static_cast<std::uint32_t>(out.rows.size()), {}, 0};
      k.row_of.fill(-1);
      for (PlayerId p = 0; p < s.player_count; ++p) {
        if (s.player(p).bankrupt) continue;
        k.row_of[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(k.count++);
        out.rows.push_back(reader.read(r, s, p));
      }
      if (k.count >= 2) kept.push_back(k);
      else out.rows.resize(k.first);
    }
    const std::optional<Command> c = bots.next_move(*held);
    if (!c) break;
    std::optional<Decision> asked = bots.take_decision(*c);
    Decision d = asked ? std::move(*asked) : decide(r, *held, *c);
    if (!d.accepted) return GameSamples{};  // a bot's fault: the game tells nothing
    apply_decision(held, std::move(d));
    ++moves;
  }
  const State& s = *held;
  PlayerId winner = kBank;
  if (s.phase == Phase::GameOver) {
    winner = s.winner;
  } else if (s.time_called) {
    const Valuation v = value_estates(r, s);
    if (!v.leaders.empty()) winner = v.leaders.front();
  }
  if (winner == kBank || winner >= s.player_count) return GameSamples{};  // unfinished: no label
  out.finished = true;
  for (const Kept& k : kept) {
    const std::int8_t w = k.row_of[static_cast<std::size_t>(winner)];
    if (w < 0) continue;  // cannot happen (the winner was in), but a label must be one of the rows
    out.samples.push_back(Sample{k.first, k.count, static_cast<std::uint8_t>(w), 1.0});
  }
  // A long game would otherwise weigh as many short ones: its undecided positions would teach
  // the model to doubt the decided positions of short games.
  for (Sample& sm : out.samples) sm.weight = 1.0 / static_cast<double>(out.samples.size());
  return out;
}

using Matrix = std::array<std::array<double, kFeatureCount>, kFeatureCount>;

// Solves a * x = b for a symmetric positive definite a (Cholesky); false when it is not.
bool solve(Matrix a, Features b, Features* x) {
  const int n = kFeatureCount;
  for (int j = 0; j < n; ++j) {
    double d = a[j][j];
    for (int k = 0; k < j; ++k) d -= a[j][k] * a[j][k];
    if (!(d > 0)) return false;
    a[j][j] = std::sqrt(d);
    for (int i = j + 1; i < n; ++i) {
      double v = a[i][j];
      for (int k = 0; k < j; ++k) v -= a[i][k] * a[j][k];
      a[i][j] = v / a[j][j];
    }
  }
  for (int i = 0; i < n; ++i) {
    double v = b[i];
    for (int k = 0; k < i; ++k) v -= a[i][k] * b[k];
    b[i] = v / a[i][i];
  }
  for (int i = n - 1; i >= 0; --i) {
    double v = b[i];
    for (int k = i + 1; k < n; ++k) v -= a[k][i] * b[k];
    b[i] = v / a[i][i];
  }
  *x = b;
  return true;
}

struct Fit {
  double log_likelihood = 0;  // summed, less the ridge's penalty
  Features gradient{};
  Matrix hessian{};           // of the negative log-likelihood (positive definite)
};

// The penalised log-likelihood of weights w over the samples, its gradient and (negated) Hessian.
Fit evaluate(const std::vector<Features>& rows, const std::vector<Sample>& samples, const Features& w) {
  Fit f;
  std::array<double, kMaxPlayers> score{}, prob{};
  for (const Sample& s : samples) {
    double top = -INFINITY;
    for (int j = 0; j < s.count; ++j) {
      const Features& x = rows[s.first + static_cast<std::uint32_t>(j)];
      double v = 0;
      for (int k = 0; k < kFeatureCount; ++k) v += w[k] * x[k];
      score[j] = v;
      top = std::max(top, v);
    }
    double sum = 0;
    for (int j = 0; j < s.count; ++j) sum += (prob[j] = std::exp(score[j] - top));
    for (int j = 0; j < s.count; ++j) prob[j] /= sum;
    const double c = s.weight;
    f.log_likelihood += c * (score[s.winner] - top - std::log(sum));
    Features mean{};
    for (int j = 0; j < s.count; ++j) {
      const Features& x = rows[s.first + static_cast<std::uint32_t>(j)];
      for (int k = 0; k < kFeatureCount; ++k) mean[k] += prob[j] * x[k];
    }
    const Features& won = rows[s.first + s.winner];
    for (int k = 0; k < kFeatureCount; ++k) f.gradient[k] += c * (won[k] - mean[k]);
    for (int j = 0; j < s.count; ++j) {
      const Features& x = rows[s.first + static_cast<std::uint32_t>(j)];
      for (int a = 0; a < kFeatureCount; ++a) {
        const double da = x[a] - mean[a];
        if (da == 0) continue;
        for (int b = 0; b <= a; ++b) f.hessian[a][b] += c * prob[j] * da * (x[b] - mean[b]);
      }
    }
  }
  for (int a = 0; a < kFeatureCount; ++a) {
    for (int b = 0; b < a; ++b) f.hessian[b][a] = f.hessian[a][b];
    f.hessian[a][a] += kRidge;
    f.gradient[a] -= kRidge * w[a];
    f.log_likelihood -= 0.5 * kRidge * w[a] * w[a];
  }
  return f;
}

// The hidden units' fit: Adam over minibatches of positions, every weight (the linear ones too,
// from Newton's fit) moved together. In a space where each feature has mean 0 and SD 1 over the
// rows, so one step size serves every feature; folded back into the features' own units at the
// end, so the file and the score read the features as they are.
constexpr int kBatchSamples = 1024;
constexpr double kLearningRate = 0.003;  // at the first step, falling to 0 at the last (a cosine)
constexpr double kAdamBeta1 = 0.9;
constexpr double kAdamBeta2 = 0.999;
constexpr double kAdamEpsilon = 1e-8;
constexpr double kUnitDecay = 1e-4;      // a ridge on the units' weights, per unit of game weight
constexpr double kSmallestSpread = 0.1;  // a feature's SD is taken as at least this when scaled

// A number in [-1, 1) drawn from the seed and a counter.
double draw(std::uint64_t seed, std::uint64_t i) {
  return static_cast<double>(mix64(seed ^ mix64(i + 0x2545F4914F6CDD1Dull)) >> 11) * 0x1.0p-52 - 1.0;
}

struct UnitFit {
  Features linear{};
  HiddenLayer hidden;
};

// Fits `units` hidden units and the linear weights (starting from Newton's `linear`). Reads the
// rows and samples in one fixed order on one thread, so the same data give the same bytes.
UnitFit fit_units(const std::vector<Features>& rows, const std::vector<Sample>& samples, const Features& linear, int units,
                  int epochs, std::uint64_t seed) {
  constexpr int F = kFeatureCount;
  const auto n_rows = static_cast<double>(rows.size());
  Features mean{}, spread{};
  for (const Features& x : rows)
    for (int k = 0; k < F; ++k) mean[k] += x[k];
  for (double& m : mean) m /= n_rows;
  for (const Features& x : rows)
    for (int k = 0; k < F; ++k) spread[k] += (x[k] - mean[k]) * (x[k] - mean[k]);
  for (double& sd : spread) sd = std::max(std::sqrt(sd / n_rows), kSmallestSpread);
  // The parameters, scaled: the linear weights, then each unit's inputs, bias and output.
  const std::size_t per_unit = F + 2;
  const std::size_t n = F + static_cast<std::size_t>(units) * per_unit;
  std::vector<double> theta(n, 0.0), grad(n), m1(n, 0.0), m2(n, 0.0);
  for (int k = 0; k < F; ++k) theta[k] = linear[k] * spread[k];
  const std::uint64_t init_seed = mix64(seed ^ 0x6E6574776F726Bull);
  for (int h = 0; h < units; ++h) {
    double* u = &theta[F + static_cast<std::size_t>(h) * per_unit];
    for (int k = 0; k < F; ++k) u[k] = draw(init_seed, static_cast<std::uint64_t>(h * F + k)) / std::sqrt(double{F});
    u[F + 1] = 0.05 * draw(init_seed, static_cast<std::uint64_t>(1000000 + h));
  }
  std::vector<std::uint32_t> order(samples.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
  const std::size_t batches_per_epoch = (samples.size() + kBatchSamples - 1) / kBatchSamples;
  const double total_steps = static_cast<double>(batches_per_epoch) * epochs;
  std::vector<Features> x(kMaxPlayers);
  std::vector<double> t(static_cast<std::size_t>(units) * kMaxPlayers);
  std::array<double, kMaxPlayers> score{}, prob{};
  long long step = 0;
  for (int epoch = 0; epoch < epochs; ++epoch) {
    // A new order each pass (Fisher-Yates from the seed), the same on every run.
    for (std::size_t i = order.size(); i > 1; --i) {
      const std::uint64_t r = mix64(seed ^ mix64(static_cast<std::uint64_t>(epoch) * 0x9E3779B97F4A7C15ull + i));
      std::swap(order[i - 1], order[r % i]);
    }
    for (std::size_t begin = 0; begin < order.size(); begin += kBatchSamples) {
      const std::size_t end = std::min(order.size(), begin + kBatchSamples);
      std::fill(grad.begin(), grad.end(), 0.0);
      double batch_weight = 0;
      for (std::size_t b = begin; b < end; ++b) {
        const Sample& sm = samples[order[b]];
        double top = -INFINITY;
        for (int j = 0; j < sm.count; ++j) {
          const Features& raw = rows[sm.first + static_cast<std::uint32_t>(j)];
          for (int k = 0; k < F; ++k) x[j][k] = (raw[k] - mean[k]) / spread[k];
          double v = 0;
          for (int k = 0; k < F; ++k) v += theta[k] * x[j][k];
          for (int h = 0; h < units; ++h) {
            const double* u = &theta[F + static_cast<std::size_t>(h) * per_unit];
            double z = u[F];
            for (int k = 0; k < F; ++k) z += u[k] * x[j][k];
            const double th = std::tanh(z);
            t[static_cast<std::size_t>(j * units + h)] = th;
            v += u[F + 1] * th;
          }
          score[j] = v;
          top = std::max(top, v);
        }
        double sum = 0;
        for (int j = 0; j < sm.count; ++j) sum += (prob[j] = std::exp(score[j] - top));
        // The gradient of the negative log-likelihood, row by row.
        for (int j = 0; j < sm.count; ++j) {
          const double d = sm.weight * (prob[j] / sum - (j == sm.winner ? 1.0 : 0.0));
          for (int k = 0; k < F; ++k) grad[k] += d * x[j][k];
          for (int h = 0; h < units; ++h) {
            const std::size_t base = F + static_cast<std::size_t>(h) * per_unit;
            const double th = t[static_cast<std::size_t>(j * units + h)];
            grad[base + F + 1] += d * th;
            const double dz = d * theta[base + F + 1] * (1 - th * th);
            grad[base + F] += dz;
            for (int k = 0; k < F; ++k) grad[base + k] += dz * x[j][k];
          }
        }
        batch_weight += sm.weight;
      }
      ++step;
      const double rate = kLearningRate * 0.5 * (1 + std::cos(std::numbers::pi * static_cast<double>(step - 1) / total_steps));
      const double c1 = 1 - std::pow(kAdamBeta1, static_cast<double>(step));
      const double c2 = 1 - std::pow(kAdamBeta2, static_cast<double>(step));
      for (std::size_t i = 0; i < n; ++i) {
        double g = grad[i] / batch_weight;
        const bool unit_weight = i >= static_cast<std::size_t>(F) && (i - F) % per_unit != static_cast<std::size_t>(F);
        if (unit_weight) g += kUnitDecay * theta[i];
        m1[i] = kAdamBeta1 * m1[i] + (1 - kAdamBeta1) * g;
        m2[i] = kAdamBeta2 * m2[i] + (1 - kAdamBeta2) * g * g;
        theta[i] -= rate * (m1[i] / c1) / (std::sqrt(m2[i] / c2) + kAdamEpsilon);
      }
    }
  }
  // Back to the features' own units: a constant added to every player's score changes no share,
  // so the linear part's shift by the means is dropped, and each unit's goes into its bias.
  UnitFit out;
  for (int k = 0; k < F; ++k) out.linear[k] = theta[k] / spread[k];
  out.hidden.resize(static_cast<std::size_t>(units));
  for (int h = 0; h < units; ++h) {
    const double* u = &theta[F + static_cast<std::size_t>(h) * per_unit];
    HiddenUnit& unit = out.hidden[static_cast<std::size_t>(h)];
    unit.bias = u[F];
    unit.output = u[F + 1];
    for (int k = 0; k < F; ++k) {
      unit.input[k] = u[k] / spread[k];
      unit.bias -= u[k] * mean[k] / spread[k];
    }
  }
  return out;
}

// The mean log-likelihood of the winners (each game counting once) under a model with units.
double mean_log_likelihood(const std::vector<Features>& rows, const std::vector<Sample>& samples, const UnitFit& fit) {
  double total = 0, weight = 0;
  std::array<double, kMaxPlayers> score{};
  for (const Sample& s : samples) {
    double top = -INFINITY;
    for (int j = 0; j < s.count; ++j) {
      const Features& x = rows[s.first + static_cast<std::uint32_t>(j)];
      double v = hidden_score(fit.hidden, x);
      for (int k = 0; k < kFeatureCount; ++k) v += fit.linear[k] * x[k];
      score[j] = v;
      top = std::max(top, v);
    }
    double sum = 0;
    for (int j = 0; j < s.count; ++j) sum += std::exp(score[j] - top);
    total += s.weight * (score[s.winner] - top - std::log(sum));
    weight += s.weight;
  }
  return total / weight;
}

}  // namespace

std::string training_command(const TrainingOptions& o) {
  std::string c = fmt::format("referee train-model --ruleset {}", o.ruleset);
  if (o.short_game) c += " --variant short-game";
  return c + fmt::format(" --games {} --seed {}", o.games, o.seed);
}

Status train_model(const TrainingOptions& o, ModelFile* out, const std::function<void(int, int)>& progress) {
  if (o.games < 1) return Status::invalid_argument("train-model: --games must be at least 1");
  if (o.sample_every < 1 || o.max_moves < 1) return Status::invalid_argument("train-model: bad sampling");
  if (o.hidden < 0 || o.hidden > kMaxHiddenUnits || o.epochs < 1)
    return Status::invalid_argument(fmt::format("train-model: hidden units must be 0 to {}, epochs at least 1", kMaxHiddenUnits));
  Ruleset r;
  if (Status s = load_ruleset(o.ruleset, &r); !s.is_ok()) return Status::invalid_argument(s.message());
  const FeatureReader reader(r);
  std::vector<GameSamples> games(static_cast<std::size_t>(o.games));
  std::atomic<int> next{0}, done{0};
  std::mutex progress_lock;
  auto worker = [&] {
    for (int i = next++; i < o.games; i = next++) {
      games[static_cast<std::size_t>(i)] = play_one(r, reader, o, i);
      const int d = ++done;
      if (progress) {
        std::lock_guard<std::mutex> lock(progress_lock);
        progress(d, o.games);
      }
    }
  };
  const int threads = simulation_threads(o.threads, o.games);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  // One table of rows, in the games' order, whatever thread played them.
  std::vector<Features> rows;
  std::vector<Sample> samples;
  long long finished = 0;
  for (GameSamples& g : games) {
    if (!g.finished) continue;
    ++finished;
    const auto base = static_cast<std::uint32_t>(rows.size());
    rows.insert(rows.end(), g.rows.begin(), g.rows.end());
    for (Sample s : g.samples) {
      s.first += base;
      samples.push_back(s);
    }
    g = GameSamples{};
  }
  if (samples.empty()) return Status::invalid_argument("train-model: no game was finished: no position to fit");
  Features w{};
  Fit f = evaluate(rows, samples, w);
  for (int step = 0; step < kMaxNewtonSteps; ++step) {
    Features delta{};
    if (!solve(f.hessian, f.gradient, &delta)) break;
    // Newton's step, halved while it does not improve the likelihood.
    double t = 1;
    Features tried{};
    Fit g;
    for (int halvings = 0; halvings < 30; ++halvings, t /= 2) {
      for (int k = 0; k < kFeatureCount; ++k) tried[k] = w[k] + t * delta[k];
      g = evaluate(rows, samples, tried);
      if (g.log_likelihood >= f.log_likelihood) break;
    }
    if (!(g.log_likelihood >= f.log_likelihood)) break;
    double moved = 0;
    for (int k = 0; k < kFeatureCount; ++k) moved = std::max(moved, std::fabs(tried[k] - w[k]));
    w = tried;
    f = g;
    if (moved < kStepTolerance) break;
  }
  ModelFile m;
  m.edition = r.id;
  m.variant = o.short_game || r.short_game.always ? "short-game" : "plain";
  m.command = training_command(o);
  m.games = finished;
  m.positions = static_cast<long long>(samples.size());
  double penalty = 0;
  for (double x : w) penalty += 0.5 * kRidge * x * x;
  double total_weight = 0;
  for (const Sample& sm : samples) total_weight += sm.weight;
  m.log_likelihood = (f.log_likelihood + penalty) / total_weight;
  m.weights = w;
  if (o.hidden > 0) {
    UnitFit fit = fit_units(rows, samples, w, o.hidden, o.epochs, o.seed);
    m.log_likelihood = mean_log_likelihood(rows, samples, fit);
    m.weights = fit.linear;
    m.hidden = std::move(fit.hidden);
  }
  std::vector<double> all(m.weights.begin(), m.weights.end());
  for (const HiddenUnit& u : m.hidden) {
    all.insert(all.end(), u.input.begin(), u.input.end());
    all.push_back(u.bias);
    all.push_back(u.output);
  }
  for (double x : all)
    if (!std::isfinite(x) || std::fabs(x) > kMaxModelWeight)
      return Status::invalid_argument(fmt::format("train-model: the fit gave a weight of {} (beyond {}): more games?", x, kMaxModelWeight));
  *out = std::move(m);
  return Status::ok();
}

}  // namespace deedlog
