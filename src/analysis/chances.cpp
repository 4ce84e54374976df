#include "analysis/chances.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>

#include <fmt/format.h>

#include "bots/bot_player.h"
#include "bots/evaluation_model.h"
#include "bots/simulation.h"
#include "deedlog/cards_to_come.h"
#include "deedlog/event_fields.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/seeded_chance.h"
#include "deedlog/valuation.h"
#include "service/game_log.h"
#include "deedlog/game_file.h"
#include "present/refusal_words.h"

namespace deedlog {

PlayOutPolicy analysis_play_outs(const Ruleset& ruleset) {
  PlayOutPolicy p;
  p.sound_bids = true;
  p.model = shipped_model(ruleset);
  if (p.model) p.horizon = kAnalysisHorizon;
  return p;
}

namespace {

// The normal distribution's 97.5% point: a 95% interval is the mean +- this many standard errors.
constexpr double kZ95 = 1.959963984540054;

// The worth of a play-out that ended or stopped at max_moves: 1 to the winner; equal parts
// among the players still in when nobody won.
void share_out(const State& s, PlayOut* result) {
  result->worth.fill(0.0);
  if (result->winner != kBank && result->winner < s.player_count) {
    result->worth[static_cast<std::size_t>(result->winner)] = 1.0;
    return;
  }
  int alive = 0;
  for (PlayerId p = 0; p < s.player_count; ++p)
    if (!s.player(p).bankrupt) ++alive;
  for (PlayerId p = 0; p < s.player_count; ++p)
    if (!s.player(p).bankrupt) result->worth[static_cast<std::size_t>(p)] = 1.0 / alive;
}

}  // namespace

PlayOut play_out(const Ruleset& r, const State& position, const CardsSeen& seen, std::uint64_t seed, int max_moves,
                 const PlayOutPolicy& policy) {
  PlayOut result;
  // Held as decide holds its own position, so each move's position is taken over, not copied.
  HeldState held(play_out_start(r, position, seen, seed));
  BotTable bots(r, mix64(seed ^ 0x5DEECE66Dull), JailStrategy::Mixed, policy.sound_bids ? Bidding::Sound : Bidding::Spread);
  // Stopped at the horizon (when there is a model to score it) or at max_moves, whichever first.
  const bool to_horizon = policy.model != nullptr && policy.horizon > 0 && policy.horizon < max_moves;
  int limit = to_horizon ? policy.horizon : max_moves;
  for (;;) {
    bool no_move = false;  // the bots had no move left: the game is over
    while (result.moves < limit) {
      const std::optional<Command> c = bots.next_move(*held);
      if (!c) {
        no_move = true;
        break;
      }
      std::optional<Decision> asked = bots.take_decision(*c);
      Decision d = asked ? std::move(*asked) : decide(r, *held, *c);
      if (!d.accepted) {
        result.refused = true;
        result.move = *c;
        result.violation = d.violation;
        return result;
      }
      apply_decision(held, std::move(d));
      ++result.moves;
    }
    // Won when one player is left, or, in a short game, by the richest once time was called.
    const State& s = *held;
    if (s.phase == Phase::GameOver) {
      result.winner = s.winner;
    } else if (s.time_called) {
      const Valuation v = value_estates(r, s);
      if (!v.leaders.empty()) result.winner = v.leaders.front();
    } else if (to_horizon && !no_move) {
      result.worth = policy.model->shares(r, s);
      // Nearly decided: played on, where the model is least to be trusted (under-confident),
      // and read again; at max_moves the model's reading is the best there is.
      const double top = *std::max_element(result.worth.begin(), result.worth.end());
      if (policy.decided > 0 && top > policy.decided && limit < max_moves) {
        limit = policy.play_on > 0 && policy.play_on < max_moves - limit ? limit + policy.play_on : max_moves;
        continue;
      }
      result.scored = true;
      return result;
    }
    share_out(s, &result);
    return result;
  }
}

CardsSeen cards_seen_at(const std::vector<LoggedEvent>& events, std::int64_t seq) {
  CardsSeen seen{};
  for (const LoggedEvent& le : events) {
    if (le.seq > seq) break;
    if (le.voided_by != 0 && le.voided_by <= seq) continue;  // taken back by then
    note_card_seen(le.event, &seen);
  }
  return seen;
}

Status cards_seen(Journal& journal, const Game& game, CardsSeen* out) {
  std::vector<LoggedEvent> events;
  if (Status s = GameLog(journal, game).read_all(1, game.state.seq, &events); !s.is_ok()) return s;
  mark_voided(&events);
  *out = cards_seen_at(events, game.state.seq);
  return Status::ok();
}

State play_out_start(const Ruleset& r, const State& position, const CardsSeen& seen, std::uint64_t seed) {
  State s = position;
  // The play-out's own dice: a game whose dice are written as thrown has no seed, and a seeded
  // one would throw the same dice in every play-out.
  s.seeded = true;
  s.sealed = false;  // a sealed game's play-outs throw their own dice too, never the sealed seed's
  s.seed = mix64(seed);
  // Its own order of the cards nobody has seen: those still unseen at the table (a game
  // recorded at a table), or, in a seeded game, those of the recorded order never turned up
  // (the engine's one rule: deedlog/cards_to_come.h).
  for (int d = 0; d < kDeckCount; ++d) {
    const DeckId deck = static_cast<DeckId>(d);
    PackAsSeen pack = pack_as_seen(r, position, deck, seen[static_cast<std::size_t>(d)]);
    if (pack.can_come.empty()) continue;  // every card seen: the order is the table's
    std::vector<CardIndex> order = seeded_shuffle(s.seed, d, std::move(pack.can_come));
    order.insert(order.end(), pack.under.begin(), pack.under.end());
    evolve(s, deck_shuffled(deck, std::move(order)));
  }
  return s;
}

std::vector<PlayOut> play_outs_on_threads(std::size_t count, int threads,
                                          const std::function<PlayOut(std::size_t)>& play) {
  std::vector<PlayOut> results(count);
  // Each thread takes the next play-out; each result lands in its own slot.
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t t = next++; t < count; t = next++) results[t] = play(t);
  };
  const int used = simulation_threads(threads, static_cast<int>(std::min<std::size_t>(count, 1 << 20)));
  std::vector<std::thread> pool;
  for (int t = 1; t < used; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return results;
}

Status estimate_chances(const Ruleset& r, const State& position, const CardsSeen& seen,
                        const std::vector<std::string>& players, const ChancesOptions& o, Chances* out) {
  if (o.games < 1) return Status::invalid_argument("--games must be at least 1");
  if (o.max_moves < 1) return Status::invalid_argument("--max-moves must be at least 1");
  const std::vector<PlayOut> results =
      play_outs_on_threads(static_cast<std::size_t>(o.games), o.threads, [&](std::size_t i) {
        return play_out(r, position, seen, o.seed + static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull, o.max_moves,
                        o.policy);
      });
  Chances c;
  c.games = o.games;
  for (PlayerId p = 0; p < position.player_count; ++p) c.players.push_back(PlayerChance{p});
  // Each seat's worth summed over the play-outs, and its square (for the interval); in the
  // play-outs' order, so the sums are the same whichever thread played what.
  std::vector<double> sum(c.players.size()), squares(c.players.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    const PlayOut& po = results[i];
    if (po.refused)
      return Status::corrupt(fmt::format("play-out {}: a built-in player proposed \"{}\", refused: {}", i + 1,
                                         print_move(po.move, r, players), ruling_of(r, po.violation, players).message));
    c.moves += po.moves;
    if (po.scored) ++c.scored;
    else if (po.winner == kBank) ++c.unfinished;
    else ++c.players[static_cast<std::size_t>(po.winner)].wins;
    // A play-out still going at the move limit is a win for nobody.
    if (!po.scored && po.winner == kBank) continue;
    for (std::size_t p = 0; p < c.players.size(); ++p) {
      sum[p] += po.worth[p];
      squares[p] += po.worth[p] * po.worth[p];
    }
  }
  const double n = c.games;
  for (std::size_t p = 0; p < c.players.size(); ++p) {
    PlayerChance& pc = c.players[p];
    if (c.scored == 0) {
      pc.share = static_cast<double>(pc.wins) / n;
      wilson_interval(pc.wins, c.games, &pc.low, &pc.high);
      continue;
    }
    pc.share = sum[p] / n;
    const double variance = n > 1 ? std::max(0.0, (squares[p] - n * pc.share * pc.share) / (n - 1)) : 0.25;
    const double half = kZ95 * std::sqrt(variance / n);
    pc.low = std::max(0.0, pc.share - half);
    pc.high = std::min(1.0, pc.share + half);
  }
  *out = std::move(c);
  return Status::ok();
}

}  // namespace deedlog
