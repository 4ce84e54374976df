#include "analysis/trade_price.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "deedlog/decide.h"
#include "deedlog/game_file.h"
#include "deedlog/position_queries.h"
#include "deedlog/seeded_chance.h"
#include "present/refusal_words.h"

namespace deedlog {
namespace {

// Adaptive sampling starts with this many play-outs a position and doubles them until the
// changes are as precise as asked (or the most allowed is reached).
constexpr int kFirstGames = 200;
// The cash tried while looking for the fair one: the search stops sooner once the bracket is
// narrower than the answer's own interval.
constexpr int kMostCashTries = 10;

// A play-out of a trade's price stops after this many moves, where the edition's model scores it:
// late enough for the trade's consequences to be played (docs/trade-price.md, "The horizon").
constexpr int kTradeHorizon = 400;

// Each play-out's worth to each seat (PlayOut::worth), play-out i in row i.
using Worths = std::vector<std::array<double, kMaxPlayers>>;

std::uint64_t play_out_seed(std::uint64_t seed, std::uint64_t key, int index) {
  return mix64(mix64(seed ^ 0x7A3D5E1F2C4B6A89ull) ^ mix64(key * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index)));
}

// Plays play-outs [from, to) of every position, play-out i of each from the same seed (common
// random numbers); each result lands in its own row, so the threads do not change the answer.
Status play_positions(const Ruleset& r, const std::vector<const State*>& positions, const CardsSeen& seen,
                      const std::vector<std::string>& players, const TradePriceOptions& o, std::uint64_t key, int from,
                      int to, std::vector<Worths*>& rows, std::int64_t* moves) {
  // The analysis's play-outs, but stopped much later: a trade's worth (a group to build on, rent
  // to come) shows over many turns, and a position scored 48 moves on valued a completed group at
  // less than half what the game played out gives (docs/trade-price.md, "The horizon").
  PlayOutPolicy policy = analysis_play_outs(r);
  if (policy.model != nullptr && policy.horizon > 0) policy.horizon = std::max(policy.horizon, kTradeHorizon);
  const std::size_t per = static_cast<std::size_t>(to - from);
  const std::size_t n = positions.size() * per;
  for (Worths* w : rows) w->resize(static_cast<std::size_t>(to));
  const std::vector<PlayOut> results = play_outs_on_threads(n, o.threads, [&](std::size_t t) {
    const int i = from + static_cast<int>(t % per);
    return play_out(r, *positions[t / per], seen, play_out_seed(o.seed, key, i), o.max_moves, policy);
  });
  for (std::size_t t = 0; t < n; ++t) {
    const PlayOut& po = results[t];
    if (po.refused)
      return Status::corrupt(fmt::format("a play-out's built-in player proposed \"{}\", refused: {}",
                                         print_move(po.move, r, players), ruling_of(r, po.violation, players).message));
    *moves += po.moves;
    (*rows[t / per])[static_cast<std::size_t>(from) + t % per] = po.worth;
  }
  return Status::ok();
}

double mean_of(const Worths& w, PlayerId p) {
  double s = 0;
  for (const auto& row : w) s += row[static_cast<std::size_t>(p)];
  return w.empty() ? 0.0 : s / static_cast<double>(w.size());
}

// The mean of the paired differences after - before for p, and its 95% half-width.
std::pair<double, double> paired(const Worths& after, const Worths& before, PlayerId p) {
  const std::size_t n = std::min(after.size(), before.size());
  if (n < 2) return {0, 1};
  double mean = 0;
  for (std::size_t i = 0; i < n; ++i) mean += after[i][static_cast<std::size_t>(p)] - before[i][static_cast<std::size_t>(p)];
  mean /= static_cast<double>(n);
  double ss = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = after[i][static_cast<std::size_t>(p)] - before[i][static_cast<std::size_t>(p)] - mean;
    ss += d * d;
  }
  return {mean, kAnalysisZ95 * std::sqrt(ss / static_cast<double>(n - 1)) / std::sqrt(static_cast<double>(n))};
}

// The position after `offer` is made and its recipient accepts it, or the ruling refusing either.
struct Ruled {
  std::optional<State> after;
  std::optional<Violation> refused;
};
Ruled offered_and_accepted(const Ruleset& r, const State& s, const Command& offer) {
  const Decision made = decide(r, s, offer);
  if (!made.accepted) return {std::nullopt, made.violation};
  State next = s;
  apply_decision(next, made);
  const Decision accepted = decide(r, next, make_command(Verb::Accept, offer.counterparty));
  if (!accepted.accepted) return {std::nullopt, accepted.violation};
  apply_decision(next, accepted);
  return {std::move(next), std::nullopt};
}

// The offer with `x` in place of its cash: x paid by the recipient to the offerer (negative: the
// offerer pays -x).
Command with_cash(Command c, std::int64_t x) {
  c.give.cash = Money{x < 0 ? -x : 0};
  c.get.cash = Money{x > 0 ? x : 0};
  return c;
}

// The last cash from `from` towards `toward` (one way or the other) at which the offer is still
// accepted, the rules being monotone in it: the more cash asked of a player, the less he can pay.
std::int64_t last_payable(const Ruleset& r, const State& s, const Command& offer, std::int64_t from, std::int64_t toward) {
  auto payable = [&](std::int64_t x) { return offered_and_accepted(r, s, with_cash(offer, x)).after.has_value(); };
  if (payable(toward)) return toward;
  std::int64_t good = from, bad = toward;  // good payable, bad not
  while (std::llabs(bad - good) > 1) {
    const std::int64_t mid = good + (bad - good) / 2;
    (payable(mid) ? good : bad) = mid;
  }
  return good;
}

// One cash tried: the offerer's mean change against the position before, and its half-width.
struct Tried {
  std::int64_t x = 0;
  double change = 0, half = 0;
};

}  // namespace

Status price_trade(const Ruleset& r, const State& position, const CardsSeen& seen, const Command& offer_made,
                   const std::vector<std::string>& players, const TradePriceOptions& o, std::uint64_t key,
                   TradePrice* out, std::optional<Violation>* refused) {
  refused->reset();
  if (offer_made.verb != Verb::Offer) return Status::invalid_argument("the trade to price is an offer (\"Ann offers Ben: ...\")");
  if (o.games < 0 || o.games == 1) return Status::invalid_argument("the play-outs of a trade's price are 2 or more (0: as precise as asked)");
  if (o.max_moves < 1) return Status::invalid_argument("--max-moves must be at least 1");
  if (o.threads < 0) return Status::invalid_argument("--threads must be 0 (one a core) or more");
  if (!(o.precision > 0) || o.most_games < 2) return Status::invalid_argument("the precision asked must be above 0");
  const Command& offer = offer_made;  // a stamp typed with it is ruled as the referee rules it
  Ruled ruled = offered_and_accepted(r, position, offer);
  if (!ruled.after) {
    *refused = std::move(ruled.refused);
    return Status::ok();
  }
  const PlayerId from = offer.actor, to = offer.counterparty;
  TradePrice price;
  price.offerer = from;
  price.recipient = to;

  // Before and after, sampled together until every change is as precise as asked.
  Worths before, after;
  std::vector<const State*> both{&position, &*ruled.after};
  std::vector<Worths*> both_rows{&before, &after};
  int n = 0;
  const int fixed = o.games;
  for (int want = fixed > 0 ? fixed : std::min(kFirstGames, o.most_games);;) {
    if (Status s = play_positions(r, both, seen, players, o, key, n, want, both_rows, &price.moves); !s.is_ok()) return s;
    n = want;
    if (fixed > 0 || n >= o.most_games) break;
    double widest = 0;
    for (PlayerId p = 0; p < position.player_count; ++p) widest = std::max(widest, paired(after, before, p).second);
    if (widest <= o.precision) break;
    want = std::min(2 * n, o.most_games);
  }
  price.games = n;
  price.positions = 2;
  for (PlayerId p = 0; p < position.player_count; ++p) {
    TradeShare t;
    t.player = p;
    t.before = mean_of(before, p);
    t.after = mean_of(after, p);
    const auto [change, half] = paired(after, before, p);
    t.change = change;
    t.change_low = change - half;
    t.change_high = change + half;
    price.players.push_back(t);
  }

  // The fair cash: the offerer's change is zero. It grows with the cash she is paid (more cash is
  // never worse), so it is bracketed between the offer's own cash and the most either can pay,
  // and found by regula falsi (the Illinois variant) on the paired estimates, every cash tried
  // played out from the same seeds as before.
  if (offer.give.properties.empty() && offer.get.properties.empty() && offer.give.jail_cards == 0 &&
      offer.get.jail_cards == 0) {
    price.why_none = NoFairCash::CashOnly;
    *out = std::move(price);
    return Status::ok();
  }
  const std::int64_t own = offer.get.cash.units - offer.give.cash.units;
  // Beyond what either holds (four times it, for a regional currency's rates), kept far from
  // the integer's limits so that no sum below can overflow.
  auto beyond = [](Money cash) { return 4 * std::clamp<std::int64_t>(cash.units, 0, INT64_MAX / 16) + 1; };
  const std::int64_t reach_up = std::max<std::int64_t>(own, beyond(position.player(to).cash));
  const std::int64_t reach_down = std::min<std::int64_t>(own, -beyond(position.player(from).cash));
  const bool own_payable = offered_and_accepted(r, position, with_cash(offer, own)).after.has_value();
  const std::int64_t highest = own_payable ? last_payable(r, position, offer, own, reach_up) : own;
  const std::int64_t lowest = own_payable ? last_payable(r, position, offer, own, reach_down) : own;
  Status failed = Status::ok();
  auto try_cash = [&](std::int64_t x) {
    Tried t;
    t.x = x;
    Ruled at = offered_and_accepted(r, position, with_cash(offer, x));
    if (!at.after) return t;  // not reached: the range is payable by construction
    Worths rows;
    std::vector<const State*> one{&*at.after};
    std::vector<Worths*> one_rows{&rows};
    if (Status s = play_positions(r, one, seen, players, o, key, 0, n, one_rows, &price.moves); !s.is_ok()) failed = s;
    ++price.positions;
    std::tie(t.change, t.half) = paired(rows, before, from);
    return t;
  };
  const auto own_change = paired(after, before, from);
  Tried at_own{own, own_change.first, own_change.second};
  Tried low = at_own, high = at_own;
  if (at_own.change > 0) {
    low = try_cash(lowest);
    if (!failed.is_ok()) return failed;
    if (low.change > 0) {
      price.why_none = NoFairCash::OffererGainsPayingAll;
      price.limit = Money{lowest};
    }
  } else if (at_own.change < 0) {
    high = try_cash(highest);
    if (!failed.is_ok()) return failed;
    if (high.change < 0) {
      price.why_none = NoFairCash::RecipientCannotPayEnough;
      price.limit = Money{highest};
    }
  }
  if (price.why_none == NoFairCash::None) {
    Tried a = low, b = high;         // a.change <= 0 <= b.change
    // The slope over the first bracket: the cash a share of the win is worth, roughly (the
    // change flattens towards the ends, so this errs on the wide side).
    const double first_slope = b.x > a.x ? (b.change - a.change) / static_cast<double>(b.x - a.x) : 0.0;
    const double noise = std::max(a.half, b.half);
    // The search stops once the bracket is well inside the answer's interval: the noise, not
    // the search, limits it then.
    const double enough = first_slope > 0 ? noise / first_slope / 4 : 1.0;
    double ga = a.change, gb = b.change;  // as regula falsi weighs them (Illinois halves a stale end)
    int side = 0;
    for (int k = 0; k < kMostCashTries && static_cast<double>(b.x - a.x) > std::max(1.0, enough) && a.change < 0 &&
                    b.change > 0;
         ++k) {
      std::int64_t x = a.x + static_cast<std::int64_t>(std::llround(-ga * static_cast<double>(b.x - a.x) / (gb - ga)));
      x = std::clamp(x, a.x + 1, b.x - 1);
      const Tried t = try_cash(x);
      if (!failed.is_ok()) return failed;
      if (t.change == 0) {
        a = b = t;
        break;
      }
      if (t.change > 0) {
        b = t;
        gb = t.change;
        if (side == 1) ga /= 2;
        side = 1;
      } else {
        a = t;
        ga = t.change;
        if (side == -1) gb /= 2;
        side = -1;
      }
    }
    // Where the line through the bracket's ends crosses zero.
    const double span = static_cast<double>(b.x - a.x);
    double fair = static_cast<double>(a.x);
    if (span > 0 && b.change > a.change) fair = static_cast<double>(a.x) - a.change * span / (b.change - a.change);
    const std::int64_t x = std::clamp<std::int64_t>(std::llround(fair), lowest, highest);
    // The interval: the cash over which the change stays within its own 95% interval of zero,
    // read off the slope there (the delta method). The slope is measured across that width
    // itself, since close to the root the paired play-outs change in steps, not smoothly.
    const double half = std::abs(fair - static_cast<double>(a.x)) <= std::abs(static_cast<double>(b.x) - fair) ? a.half : b.half;
    double reach = first_slope > 0 ? half / first_slope : static_cast<double>(highest - lowest);
    const std::int64_t d = std::max<std::int64_t>(1, std::llround(std::min(reach, static_cast<double>(highest - lowest))));
    const std::int64_t left = std::max(lowest, x - d), right = std::min(highest, x + d);
    if (right > left) {
      const Tried l = try_cash(left);
      if (!failed.is_ok()) return failed;
      const Tried r2 = try_cash(right);
      if (!failed.is_ok()) return failed;
      const double local = (r2.change - l.change) / static_cast<double>(right - left);
      if (local > 0) reach = half / local;
    }
    price.fair_cash = Money{x};
    // Clamped as numbers first: a flat slope makes the reach any size.
    const double low_end = static_cast<double>(lowest), high_end = static_cast<double>(highest);
    price.fair_low = Money{std::clamp<std::int64_t>(std::llround(std::clamp(std::floor(fair - reach), low_end, high_end)), lowest, highest)};
    price.fair_high = Money{std::clamp<std::int64_t>(std::llround(std::clamp(std::ceil(fair + reach), low_end, high_end)), lowest, highest)};
  }
  *out = std::move(price);
  return Status::ok();
}

}  // namespace deedlog
