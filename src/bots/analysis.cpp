#include "bots/analysis.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <optional>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "bots/simulation.h"
#include "deedlog/decide.h"
#include "deedlog/event_fields.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/legal_moves.h"
#include "deedlog/seeded_chance.h"
#include "present/refusal_words.h"
#include "service/game_log.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

constexpr double kZ95 = 1.96;
constexpr std::size_t kMostAlternatives = 8;  // a decision's alternatives weighed, the move made among them

// A position some choice or chance leads to, with what the players have seen of the packs there.
struct Branch {
  State state;
  CardsSeen seen{};
};

// A choice (or what chance could bring): the branches it leads to, each with its weight.
struct Option {
  Command command;
  std::vector<std::pair<std::size_t, double>> branches;  // index into the move's branches, weight
  bool made = false;
};

// The play-outs of every branch of one move: winners[branch][i] (kBank: unfinished).
struct Played {
  std::vector<std::vector<PlayerId>> winners;
  std::int64_t moves = 0;
};

std::uint64_t play_out_seed(std::uint64_t seed, std::uint64_t key, int index) {
  return mix64(mix64(seed ^ 0xA5A5A5A5DEADBEEFull) ^ mix64(key * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index)));
}

// Plays every branch `games` times, play-out i of each branch from the same seed (common random
// numbers); each result lands in its own slot, so the threads do not change the answer.
Status play_branches(const Ruleset& r, const std::vector<Branch>& branches, const std::vector<std::string>& players,
                     const AnalysisOptions& o, std::uint64_t key, Played* out) {
  const std::size_t n = branches.size() * static_cast<std::size_t>(o.games);
  std::vector<PlayOut> results(n);
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t t = next++; t < n; t = next++) {
      const std::size_t b = t / static_cast<std::size_t>(o.games);
      const int i = static_cast<int>(t % static_cast<std::size_t>(o.games));
      results[t] = play_out(r, branches[b].state, branches[b].seen, play_out_seed(o.seed, key, i), o.max_moves);
    }
  };
  const int threads = simulation_threads(o.threads, static_cast<int>(std::min<std::size_t>(n, 1 << 20)));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  out->winners.assign(branches.size(), std::vector<PlayerId>(static_cast<std::size_t>(o.games), kBank));
  out->moves = 0;
  for (std::size_t t = 0; t < n; ++t) {
    const PlayOut& po = results[t];
    if (po.refused)
      return Status::corrupt(fmt::format("a play-out's built-in player proposed \"{}\", refused: {}",
                                         print_move(po.move, r, players), ruling_of(r, po.violation, players).message));
    out->moves += po.moves;
    out->winners[t / static_cast<std::size_t>(o.games)][t % static_cast<std::size_t>(o.games)] = po.winner;
  }
  return Status::ok();
}

int alive(const State& s) {
  int k = 0;
  for (PlayerId p = 0; p < s.player_count; ++p)
    if (!s.player(p).bankrupt) ++k;
  return std::max(k, 1);
}

// Each player's share of the finished play-outs of one branch.
WinChances chances_of(const std::vector<PlayerId>& winners, const State& s) {
  WinChances w;
  int finished = 0;
  std::vector<int> wins(s.player_count, 0);
  for (PlayerId x : winners)
    if (x != kBank && x < s.player_count) {
      ++finished;
      ++wins[static_cast<std::size_t>(x)];
    }
  w.unfinished = winners.empty() ? 0 : 1.0 - static_cast<double>(finished) / static_cast<double>(winners.size());
  for (PlayerId p = 0; p < s.player_count; ++p) {
    WinShare ws;
    if (finished > 0) {
      ws.share = static_cast<double>(wins[static_cast<std::size_t>(p)]) / finished;
      wilson_interval(wins[static_cast<std::size_t>(p)], finished, &ws.low, &ws.high);
    } else if (!s.player(p).bankrupt) {
      ws.share = 1.0 / alive(s);
      ws.high = 1;
    }
    w.players.push_back(ws);
  }
  return w;
}

// Play-out i's worth to p: 1 won, 0 lost, an equal part among the players left when unfinished.
double worth(PlayerId winner, PlayerId p, const State& s) {
  if (winner == kBank) return s.player(p).bankrupt ? 0.0 : 1.0 / alive(s);
  return winner == p ? 1.0 : 0.0;
}

// What an option is worth to p: the weighted share, and its worth in each play-out (paired).
// An option of several branches (a throw's outcomes) is worth their average by weight.
double option_share(const Option& opt, const std::vector<WinChances>& chances, PlayerId p) {
  double v = 0, total = 0;
  for (const auto& [b, w] : opt.branches) {
    v += w * chances[b].players[static_cast<std::size_t>(p)].share;
    total += w;
  }
  return total > 0 ? v / total : 0.0;
}
double option_worth(const Option& opt, const Played& played, const std::vector<Branch>& branches, PlayerId p, int i) {
  double v = 0, total = 0;
  for (const auto& [b, w] : opt.branches) {
    v += w * worth(played.winners[b][static_cast<std::size_t>(i)], p, branches[b].state);
    total += w;
  }
  return total > 0 ? v / total : 0.0;
}
// What could have come, on average: each outcome's share weighted by its chance.
double average_share(const std::vector<Option>& outcomes, const std::vector<WinChances>& chances, PlayerId p) {
  double v = 0;
  for (const Option& o : outcomes)
    for (const auto& [b, w] : o.branches) v += w * chances[b].players[static_cast<std::size_t>(p)].share;
  return v;
}
double average_worth(const std::vector<Option>& outcomes, const Played& played, const std::vector<Branch>& branches,
                     PlayerId p, int i) {
  double v = 0;
  for (const Option& o : outcomes)
    for (const auto& [b, w] : o.branches) v += w * worth(played.winners[b][static_cast<std::size_t>(i)], p, branches[b].state);
  return v;
}

// The normal quantile of 1 - 0.025 / m: two-sided 95% for m comparisons at once (Bonferroni).
double simultaneous_z(std::size_t m) {
  static constexpr double kZ[] = {1.960, 1.960, 2.241, 2.394, 2.498, 2.576, 2.638, 2.690, 2.734, 2.773, 2.807};
  return kZ[std::min<std::size_t>(m, std::size(kZ) - 1)];
}

// The mean and the half-width of the 95% interval of paired differences.
std::pair<double, double> paired_half_width(const std::vector<double>& d) {
  if (d.size() < 2) return {0, 1};
  double mean = 0;
  for (double x : d) mean += x;
  mean /= static_cast<double>(d.size());
  double ss = 0;
  for (double x : d) ss += (x - mean) * (x - mean);
  const double sd = std::sqrt(ss / static_cast<double>(d.size() - 1));
  return {mean, kZ95 * sd / std::sqrt(static_cast<double>(d.size()))};
}

// The position after `c` at `s` (the move's MovePlayed and its events folded), or nothing when
// the rules refuse it; *seen gains the cards the move turned up.
std::optional<State> after_move(const Ruleset& r, const State& s, const Command& c, CardsSeen* seen) {
  const Decision d = decide(r, s, c);
  if (!d.accepted) return std::nullopt;
  State next = s;
  apply_decision(next, d);  // the position after the move, as decide left it: no second fold
  for (const Event& e : d.events) note_card_seen(e, seen);
  return next;
}

// The position as the players see it, for the alternatives to be played from: in a seeded game
// the cards nobody has seen are shuffled again, by `seed`, so that an alternative that turns up
// a card inside its move (a throw onto Chance, where the referee turns the card) draws one the
// players could not foresee, never the recorded one. A game recorded at a table knows no order
// of its unseen cards: its position is the players' view already.
State players_view(const Ruleset& r, const State& s, const CardsSeen& seen, std::uint64_t seed) {
  if (s.sealed) {
    // A sealed game (docs/trust.md, "Sealed chance"): the alternatives are weighed as at a
    // table, each throw's dice written in it and the unseen cards not known in any order; the
    // seed's dice are never thrown (nor asked for: the engine refuses a sealed throw without them).
    State view = s;
    view.sealed = false;
    return view;
  }
  if (!s.seeded) return s;
  State view = play_out_start(r, s, seen, seed);
  view.seed = s.seed;  // the alternatives throw dice of their own (written in each), never the seed's
  return view;
}

// The cards of `deck` that could come next as the players see it: those not turned up yet (at a
// table), or, in a seeded game, also those of the recorded order nobody has seen; the cards under
// them, turned up before, in their order.
void pack_as_seen(const Ruleset& r, const State& s, const CardsSeen& seen, DeckId deck, std::vector<CardIndex>* unseen,
                  std::vector<CardIndex>* under) {
  const PackState& pack = s.packs[static_cast<std::size_t>(deck)];
  const std::uint64_t known_here = seen[static_cast<std::size_t>(deck)];
  for (std::size_t i = 0; i < r.decks[static_cast<std::size_t>(deck)].cards.size(); ++i)
    if ((pack.unseen & (std::uint64_t{1} << i)) && !(pack.out & (std::uint64_t{1} << i)))
      unseen->push_back(static_cast<CardIndex>(i));
  bool reached_seen = false;
  for (int k = 0; k < pack.size; ++k) {
    const CardIndex c = pack.known_at(k);
    // Once a card the players saw lies in the known order, everything under it went back after it.
    if (!s.seeded || reached_seen || (known_here & (std::uint64_t{1} << c))) {
      reached_seen = reached_seen || s.seeded;
      under->push_back(c);
    } else {
      unseen->push_back(c);
    }
  }
  std::sort(unseen->begin(), unseen->end());
}

// The branches and options of one move: what chance could have brought (luck) and what the
// player could have done (skill).
struct MoveWork {
  std::vector<Branch> branches;  // [0]: the position after the move as recorded
  std::vector<Option> outcomes;  // throws or cards that could have come, each weighted by its chance
  std::size_t came = 0;          // the outcome that came
  std::vector<Option> options;   // the decision's alternatives, the move made among them
};

std::size_t add_branch(MoveWork* w, State s, const CardsSeen& seen) {
  w->branches.push_back(Branch{std::move(s), seen});
  return w->branches.size() - 1;
}

// Weights of outcomes that could not all be played (a throw the rules refuse) add up to one again.
void renormalise(std::vector<Option>* outcomes) {
  double total = 0;
  for (const Option& o : *outcomes)
    for (const auto& [b, wt] : o.branches) total += wt;
  if (total <= 0) return;
  for (Option& o : *outcomes)
    for (auto& [b, wt] : o.branches) wt /= total;
}

// The 21 distinct throws of two dice, each with its chance, as options.
void throw_outcomes(const Ruleset& r, const State& before, const CardsSeen& seen, const Command& roll, int came1,
                    int came2, MoveWork* w, std::vector<Option>* out, std::size_t* came_at) {
  for (int a = 1; a <= 6; ++a)
    for (int b = a; b <= 6; ++b) {
      Command c = roll;
      c.die1 = a;
      c.die2 = b;
      const double chance = (a == b ? 1.0 : 2.0) / 36.0;
      Option o;
      o.command = c;
      if (came_at && a == std::min(came1, came2) && b == std::max(came1, came2)) {
        // The throw that came is the position recorded, the move's own branch 0.
        o.command.die1 = came1;
        o.command.die2 = came2;
        o.branches.push_back({0, chance});
        *came_at = out->size();
        out->push_back(std::move(o));
        continue;
      }
      CardsSeen seen_here = seen;
      std::optional<State> s = after_move(r, before, c, &seen_here);
      if (!s) continue;
      o.branches.push_back({add_branch(w, std::move(*s), seen_here), chance});
      out->push_back(std::move(o));
    }
}

// The cards of `deck` that could have come at `before`, each equally likely, as options: the one
// that came (came_card; kNoCard: none came yet) is the move's own branch 0, each other one the
// position after it was turned up (laid on top of the pack as the players see it). Nothing when
// fewer than two could come.
void card_outcomes(const Ruleset& r, const State& before, const CardsSeen& seen_before, const Command& draw_move,
                   DeckId deck, CardIndex came_card, MoveWork* w, std::vector<Option>* out, std::size_t* came_at) {
  std::vector<CardIndex> unseen, under;
  pack_as_seen(r, before, seen_before, deck, &unseen, &under);
  if (unseen.size() < 2) return;
  if (came_card != kNoCard && std::find(unseen.begin(), unseen.end(), came_card) == unseen.end()) return;
  const double chance = 1.0 / static_cast<double>(unseen.size());
  for (CardIndex k : unseen) {
    Option o;
    o.command = draw_move;
    if (k == came_card) {
      *came_at = out->size();
      o.branches.push_back({0, chance});
      out->push_back(std::move(o));
      continue;
    }
    State s = before;
    Event shuffled;
    shuffled.type = EventType::DeckShuffled;
    shuffled.deck = deck;
    std::vector<CardIndex> order{k};
    for (CardIndex u : unseen)
      if (u != k) order.push_back(u);
    order.insert(order.end(), under.begin(), under.end());
    shuffled.order = std::move(order);
    evolve(s, shuffled);
    s.seeded = true;  // the order below the card is the play-out's to draw, not this one
    Command draw = draw_move;
    draw.card_query.clear();
    draw.card_in_pack = {kNoCard, kNoCard};
    CardsSeen seen = seen_before;
    seen[static_cast<std::size_t>(deck)] |= std::uint64_t{1} << k;
    std::optional<State> next = after_move(r, s, draw, &seen);
    if (!next) continue;
    o.branches.push_back({add_branch(w, std::move(*next), seen), chance});
    out->push_back(std::move(o));
  }
  renormalise(out);
}

bool in_jail_choice(const State& s, PlayerId p) {
  return s.phase == Phase::AwaitingRoll && s.turn == p && s.player(p).in_jail && !s.rolled_this_turn;
}

// A decision's alternatives at `before` for the move `made` (the made one flagged), grouped as
// the player sees them. Empty when the move is no decision the analysis weighs.
void decision_options(const Ruleset& r, const State& before, const CardsSeen& seen, const Command& made,
                      MoveWork* w) {
  const PlayerId p = made.actor;
  if (p == kReferee || p == kBank) return;
  std::vector<Command> alts;
  auto add = [&](Command c) {
    c.at.clear();
    c.clock = kNoTime;
    c.actor = p;
    for (const Command& a : alts)
      if (a == c) return;
    alts.push_back(std::move(c));
  };
  Command plain = made;
  plain.at.clear();
  plain.clock = kNoTime;
  bool jail_throw_option = false;
  switch (made.verb) {
    case Verb::Buy:
    case Verb::Decline:
      add(make_command(Verb::Buy, p));
      add(make_command(Verb::Decline, p));
      break;
    case Verb::Bid:
    case Verb::Pass: {
      add(plain);
      add(make_command(Verb::Pass, p));
      if (before.auction.lot == AuctionLot::Property && before.auction.square != kNoSquare) {
        const Money price = r.square(before.auction.square).price;
        for (int tenths : {1, 3, 5, 8, 10}) {
          Command b = make_command(Verb::Bid, p);
          b.amount = Money(std::max<std::int64_t>(price.units * tenths / 10, before.auction.high_bid.units + 1));
          if (b.amount <= before.player(p).cash) add(b);
        }
      }
      break;
    }
    case Verb::PayFine:
    case Verb::Draw:
      if (before.phase == Phase::CardChoice && before.turn == p) {
        // The card's choice: pay its fine, or take a card from the other pack (the average over
        // the cards that could come).
        Command pay = make_command(Verb::PayFine, p);
        CardsSeen seen_paid = seen;
        if (std::optional<State> paid = after_move(r, before, pay, &seen_paid)) {
          Option o;
          o.command = pay;
          o.made = made.verb == Verb::PayFine;
          o.branches.push_back({add_branch(w, std::move(*paid), seen_paid), 1.0});
          w->options.push_back(std::move(o));
        }
        Option take;
        take.command = make_command(Verb::Draw, p);
        take.made = made.verb == Verb::Draw;
        if (made.verb == Verb::Draw && !w->outcomes.empty()) {
          for (const Option& o : w->outcomes) take.branches.push_back(o.branches.front());
        } else {
          std::vector<Option> cards;
          std::size_t none = SIZE_MAX;
          card_outcomes(r, before, seen, take.command, before.pending_deck, kNoCard, w, &cards, &none);
          for (const Option& o : cards) take.branches.push_back(o.branches.front());
        }
        if (!take.branches.empty()) w->options.push_back(std::move(take));
        if (w->options.size() < 2 || !(w->options[0].made || w->options[1].made)) w->options.clear();
        return;
      }
      if (made.verb == Verb::Draw) return;
      [[fallthrough]];
    case Verb::UseCard:
    case Verb::Roll:
      if (!in_jail_choice(before, p)) return;
      add(make_command(Verb::PayFine, p));
      add(make_command(Verb::UseCard, p));
      jail_throw_option = true;
      break;
    case Verb::Build:
    case Verb::Sell:
    case Verb::Mortgage:
    case Verb::Unmortgage: {
      add(plain);
      for (const LegalMove& m : legal_moves(r, before))
        if (m.command.verb == made.verb && m.command.actor == p && alts.size() + 1 < kMostAlternatives) add(m.command);
      add(make_command(Verb::EndTurn, p));
      break;
    }
    case Verb::Offer:
    case Verb::Accept:
    case Verb::Reject:
      if (made.verb == Verb::Offer) {
        add(plain);
      } else {
        add(make_command(Verb::Accept, p));
        add(make_command(Verb::Reject, p));
      }
      break;
    case Verb::PayTax: {
      Command flat = make_command(Verb::PayTax, p);
      flat.tax = TaxChoice::Flat;
      Command percent = flat;
      percent.tax = TaxChoice::Percent;
      add(flat);
      add(percent);
      break;
    }
    default:
      return;
  }
  for (const Command& c : alts) {
    CardsSeen seen_here = seen;
    std::optional<State> s = after_move(r, before, c, &seen_here);
    if (!s) continue;
    Option o;
    o.command = c;
    o.made = (c == plain);
    o.branches.push_back({add_branch(w, std::move(*s), seen_here), 1.0});
    w->options.push_back(std::move(o));
    if (c.verb == Verb::Offer) {
      // No trade: the offer withdrawn at once, the position as it was but for the offer counted.
      Command withdraw = make_command(Verb::Reject, p);
      const State offered = w->branches[w->options.back().branches.front().first].state;
      std::optional<State> none = after_move(r, offered, withdraw, &seen_here);
      if (!none) continue;
      Option n;
      n.command = make_command(Verb::EndTurn, p);  // worded as "no trade" by the caller
      n.command.note = "no trade";
      n.branches.push_back({add_branch(w, std::move(*none), seen_here), 1.0});
      w->options.push_back(std::move(n));
    }
  }
  if (jail_throw_option) {
    Command roll = make_command(Verb::Roll, p);
    Option t;
    t.command = roll;
    t.made = made.verb == Verb::Roll;
    if (made.verb == Verb::Roll && !w->outcomes.empty()) {
      // The throws already weighed for the luck of the throw made.
      for (const Option& o : w->outcomes) t.branches.push_back(o.branches.front());
    } else {
      std::vector<Option> throws;
      throw_outcomes(r, before, seen, roll, 0, 0, w, &throws, nullptr);
      renormalise(&throws);
      for (const Option& o : throws) t.branches.push_back(o.branches.front());
    }
    if (!t.branches.empty()) w->options.push_back(std::move(t));
  }
  if (w->options.size() < 2) w->options.clear();
  bool any_made = false;
  for (const Option& o : w->options) any_made = any_made || o.made;
  if (!any_made) w->options.clear();
}

std::string option_words(const Ruleset& r, const Option& o, const std::vector<std::string>& players) {
  if (o.command.note == "no trade") return players[static_cast<std::size_t>(o.command.actor)] + " makes no trade";
  return print_move(o.command, r, players);
}

// The error of the move made among `options`: the best option's share minus the made one's, for
// the player who decided, with its 95% interval from the paired play-outs, and the mark.
void weigh_decision(const Ruleset& r, const MoveWork& w, const Played& played, const std::vector<WinChances>& chances,
                    PlayerId p, int games, const std::vector<std::string>& players, MoveAnalysis* m) {
  std::size_t made = 0, best = 0;
  double best_share = -1;
  for (std::size_t k = 0; k < w.options.size(); ++k) {
    const double v = option_share(w.options[k], chances, p);
    if (w.options[k].made) made = k;
    if (v > best_share + 1e-12) {
      best_share = v;
      best = k;
    }
  }
  const double made_share = option_share(w.options[made], chances, p);
  if (best_share <= made_share + 1e-12) best = made;
  const double error = best == made ? 0.0 : best_share - made_share;
  std::vector<double> d;
  d.reserve(static_cast<std::size_t>(games));
  for (int i = 0; i < games; ++i)
    d.push_back(option_worth(w.options[best], played, w.branches, p, i) - option_worth(w.options[made], played, w.branches, p, i));
  // The best of several noisy estimates is picked: the interval is widened for the comparisons
  // made (Bonferroni: 95% for all k - 1 of them together), so that a mark is never the noise's.
  const double half = paired_half_width(d).second / kZ95 * simultaneous_z(w.options.size() - 1);
  m->error = error;
  m->error_low = error - half;
  m->error_high = error + half;
  m->best = option_words(r, w.options[best], players);
  m->alternatives = static_cast<int>(w.options.size());
  if (error < kDoubtfulError) m->mark = ErrorMark::None;
  else if (error - half <= 0) m->mark = ErrorMark::Uncertain;
  else if (error >= kVeryBadError) m->mark = ErrorMark::VeryBad;
  else if (error >= kBadError) m->mark = ErrorMark::Bad;
  else m->mark = ErrorMark::Doubtful;
}

void weigh_luck(const MoveWork& w, const Played& played, const std::vector<WinChances>& chances, PlayerId p, int games,
                MoveAnalysis* m) {
  const double average = average_share(w.outcomes, chances, p);
  const double luck = option_share(w.outcomes[w.came], chances, p) - average;
  std::vector<double> d;
  for (int i = 0; i < games; ++i)
    d.push_back(option_worth(w.outcomes[w.came], played, w.branches, p, i) - average_worth(w.outcomes, played, w.branches, p, i));
  const double half = paired_half_width(d).second;
  m->luck = luck;
  m->luck_low = luck - half;
  m->luck_high = luck + half;
  m->outcomes = static_cast<int>(w.outcomes.size());
}

// The cards seen at the position after event `seq`: turned up by then, in moves that stood then.
CardsSeen seen_at(const std::vector<LoggedEvent>& events, std::int64_t seq) {
  CardsSeen seen{};
  for (const LoggedEvent& le : events) {
    if (le.seq > seq) break;
    if (le.voided_by != 0 && le.voided_by <= seq) continue;
    const Event& e = le.event;
    note_card_seen(e, &seen);
  }
  return seen;
}

struct RecordedMove {
  std::int64_t first = 0, last = 0;
  std::string text;
  std::int64_t voided_by = 0;
  State before, after;
  std::vector<Event> events;  // the move's consequences, as recorded
};

}  // namespace

std::string rating_band(double error_rate) {
  if (error_rate < 0.002) return "world class";
  if (error_rate < 0.005) return "expert";
  if (error_rate < 0.010) return "advanced";
  if (error_rate < 0.020) return "intermediate";
  if (error_rate < 0.035) return "casual";
  return "beginner";
}

namespace {

// Builds the branches of one move: the position after it, the luck's outcomes and the
// decision's options.
void build_move_work(const Ruleset& r, const State& recorded_before, const CardsSeen& seen_before, const State& after,
                     const CardsSeen& seen_after, const Command& c, const std::vector<Event>& recorded,
                     std::uint64_t view_seed, MoveWork* w) {
  add_branch(w, after, seen_after);
  const State before = players_view(r, recorded_before, seen_before, view_seed);
  if (c.verb == Verb::Roll && c.actor != kReferee) {
    int d1 = c.die1, d2 = c.die2;
    for (const Event& e : recorded)
      if (e.type == EventType::DiceThrown || e.type == EventType::CardDiceThrown) {
        d1 = fields::shared::die1(e);
        d2 = fields::shared::die2(e);
        break;
      }
    if (d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6) {
      std::size_t came = SIZE_MAX;
      throw_outcomes(r, before, seen_before, c, d1, d2, w, &w->outcomes, &came);
      if (came == SIZE_MAX || w->outcomes.size() < 2) {
        w->outcomes.clear();
      } else {
        // The throw that came is the position recorded: played out as the move's own branch.
        w->outcomes[came].branches.front().first = 0;
        w->came = came;
        renormalise(&w->outcomes);
      }
    }
  } else if (c.verb == Verb::Draw) {
    CardIndex came_card = kNoCard;
    DeckId deck = before.pending_deck;
    for (const Event& e : recorded)
      if (e.type == EventType::CardDrawn) {
        came_card = fields::CardDrawn::card(e);
        deck = fields::CardDrawn::deck(e);
        break;
      }
    std::size_t came = SIZE_MAX;
    card_outcomes(r, before, seen_before, c, deck, came_card, w, &w->outcomes, &came);
    if (came == SIZE_MAX || w->outcomes.size() < 2) w->outcomes.clear();
    else w->came = came;
  }
  decision_options(r, before, seen_before, c, w);
  // The move made is the position recorded: its option is played out as the move's own branch.
  for (Option& o : w->options)
    if (o.made && o.branches.size() == 1) o.branches.front().first = 0;
}

Status evaluate_move(const Ruleset& r, const MoveWork& w, const std::vector<std::string>& players,
                     const AnalysisOptions& o, std::uint64_t key, Played* played, std::vector<WinChances>* chances) {
  if (Status s = play_branches(r, w.branches, players, o, key, played); !s.is_ok()) return s;
  chances->clear();
  for (std::size_t b = 0; b < w.branches.size(); ++b) chances->push_back(chances_of(played->winners[b], w.branches[b].state));
  return Status::ok();
}

}  // namespace

Status analyse_game(Journal& journal, std::int64_t game_id, const AnalysisOptions& o, Analysis* out) {
  if (o.games < 2) return Status::invalid_argument("analyse: --games must be at least 2");
  if (o.max_moves < 1) return Status::invalid_argument("analyse: --max-moves must be at least 1");
  if (o.threads < 0) return Status::invalid_argument("analyse: --threads must be 0 (one a core) or more");
  if (o.from < 0 || o.to < 0) return Status::invalid_argument("analyse: --from and --to take an event's seq");
  const auto started = std::chrono::steady_clock::now();
  Game g;
  if (Status s = load_game(journal, game_id, 0, &g); !s.is_ok()) return s;
  const std::int64_t last_seq = g.state.seq;
  if (o.from > last_seq)
    return Status::invalid_argument(fmt::format("analyse: --from {} is beyond the game's last event ({})", o.from, last_seq));
  if (o.to > 0 && o.to < o.from)
    return Status::invalid_argument(fmt::format("analyse: --to {} comes before --from {}", o.to, o.from));
  std::vector<LoggedEvent> events;
  if (Status s = GameLog(journal, g).read_all(1, 0, &events); !s.is_ok()) return s;
  mark_voided(&events);
  const Ruleset& r = g.ruleset;
  const std::vector<std::string>& players = g.header.players;

  // The moves, each with the positions before and after it (a take-back's return folded as
  // verify folds it).
  std::vector<RecordedMove> moves;
  std::size_t i = 0;
  while (i < events.size() && events[i].event.type != EventType::MovePlayed) ++i;
  Game cur;
  if (Status s = load_game(journal, game_id, i < events.size() ? events[i].seq - 1 : last_seq, &cur); !s.is_ok()) return s;
  State state = cur.state;
  for (; i < events.size(); ++i) {
    const LoggedEvent& le = events[i];
    if (le.event.type == EventType::MovePlayed) {
      if (!moves.empty()) moves.back().after = state;
      RecordedMove m;
      m.first = le.seq;
      m.text = fields::MovePlayed::line(le.event);
      m.voided_by = le.voided_by;
      m.before = state;
      moves.push_back(std::move(m));
    } else if (!moves.empty()) {
      moves.back().events.push_back(le.event);
    }
    evolve(state, le.event);
    if (!moves.empty()) moves.back().last = le.seq;
    if (le.event.type == EventType::MovesTakenBack) {
      if (Status s = position_after_take_back(journal, g, le, &state); !s.is_ok()) return s;
    }
  }
  if (!moves.empty()) moves.back().after = state;

  Analysis a;
  a.game = g.id;
  a.ruleset = g.header.ruleset;
  a.games = o.games;
  a.seed = o.seed;
  a.max_moves = o.max_moves;
  a.from = o.from;
  a.to = o.to > 0 ? std::min(o.to, last_seq) : last_seq;
  for (const std::string& name : players) {
    PlayerAnalysis pa;
    pa.name = name;
    a.players.push_back(std::move(pa));
  }

  bool started_win = false;
  for (const RecordedMove& rm : moves) {
    if (rm.first < o.from || rm.first > a.to || rm.voided_by != 0) continue;
    Command c;
    ParseError perr;
    if (!parse_move(rm.text, r, players, &c, &perr))
      return Status::corrupt(fmt::format("event {}: the recorded move \"{}\" does not parse: {}", rm.first, rm.text, perr.message));
    const CardsSeen seen_before = seen_at(events, rm.first - 1);
    const CardsSeen seen_after = seen_at(events, rm.last);
    if (!started_win) {
      MoveWork start;
      add_branch(&start, rm.before, seen_before);
      Played played;
      std::vector<WinChances> chances;
      if (Status s = evaluate_move(r, start, players, o, static_cast<std::uint64_t>(rm.first) << 1, &played, &chances); !s.is_ok())
        return s;
      a.start = chances[0];
      a.positions += 1;
      a.playout_moves += played.moves;
      started_win = true;
    }
    MoveWork w;
    build_move_work(r, rm.before, seen_before, rm.after, seen_after, c, rm.events,
                    mix64(o.seed ^ mix64(static_cast<std::uint64_t>(rm.first) + 0x51ED270B2A6C5B1Full)), &w);
    Played played;
    std::vector<WinChances> chances;
    if (Status s = evaluate_move(r, w, players, o, (static_cast<std::uint64_t>(rm.first) << 1) | 1, &played, &chances); !s.is_ok())
      return s;
    a.positions += static_cast<std::int64_t>(w.branches.size());
    a.playout_moves += played.moves;
    MoveAnalysis m;
    m.seq = rm.first;
    m.move = rm.text;
    m.player = (c.actor == kReferee || c.actor == kBank) ? -1 : static_cast<int>(c.actor);
    m.win = chances[0];
    if (m.player >= 0) {
      const PlayerId p = c.actor;
      PlayerAnalysis& pa = a.players[static_cast<std::size_t>(p)];
      if (!w.outcomes.empty()) {
        weigh_luck(w, played, chances, p, o.games, &m);
        pa.luck += *m.luck;
        ++pa.chance_events;
        if (!pa.luckiest || *m.luck > pa.luckiest->luck) pa.luckiest = LuckMoment{m.seq, *m.luck};
        if (!pa.unluckiest || *m.luck < pa.unluckiest->luck) pa.unluckiest = LuckMoment{m.seq, *m.luck};
      }
      if (!w.options.empty()) {
        weigh_decision(r, w, played, chances, p, o.games, players, &m);
        ++pa.decisions;
        pa.total_error += *m.error;
        switch (m.mark) {
          case ErrorMark::Doubtful: ++pa.doubtful; break;
          case ErrorMark::Bad: ++pa.bad; break;
          case ErrorMark::VeryBad: ++pa.very_bad; break;
          case ErrorMark::Uncertain: ++pa.uncertain; break;
          case ErrorMark::None: break;
        }
      }
    }
    a.moves.push_back(std::move(m));
  }
  if (!started_win) {
    MoveWork start;
    add_branch(&start, state, seen_at(events, last_seq));
    Played played;
    std::vector<WinChances> chances;
    if (Status s = evaluate_move(r, start, players, o, 0, &played, &chances); !s.is_ok()) return s;
    a.start = chances[0];
    a.positions += 1;
    a.playout_moves += played.moves;
  }
  for (PlayerAnalysis& pa : a.players) {
    pa.error_rate = pa.decisions > 0 ? pa.total_error / pa.decisions : 0.0;
    pa.rating = pa.decisions > 0 ? rating_band(pa.error_rate) : "";
  }
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  *out = std::move(a);
  return Status::ok();
}

Status best_move(const Ruleset& r, const State& position, const CardsSeen& seen, const Command& proposed,
                 const std::vector<std::string>& players, const AnalysisOptions& o, std::uint64_t key, Command* best) {
  *best = proposed;
  if (o.games < 1) return Status::invalid_argument("best_move: games must be at least 1");
  MoveWork w;
  CardsSeen seen_after = seen;
  std::optional<State> after = after_move(r, position, proposed, &seen_after);
  if (!after) return Status::ok();
  add_branch(&w, *after, seen_after);
  decision_options(r, players_view(r, position, seen, mix64(o.seed ^ mix64(key + 0x51ED270B2A6C5B1Full))), seen, proposed, &w);
  if (w.options.empty()) return Status::ok();
  for (Option& opt : w.options)
    if (opt.made && opt.branches.size() == 1) opt.branches.front().first = 0;
  Played played;
  std::vector<WinChances> chances;
  if (Status s = evaluate_move(r, w, players, o, key, &played, &chances); !s.is_ok()) return s;
  const Option* chosen = nullptr;
  double made_share = 0;
  for (const Option& opt : w.options)
    if (opt.made) {
      chosen = &opt;
      made_share = option_share(opt, chances, proposed.actor);
    }
  double best_share = made_share;
  for (const Option& opt : w.options) {
    const double v = option_share(opt, chances, proposed.actor);
    if (v > best_share + 1e-12) {
      best_share = v;
      chosen = &opt;
    }
  }
  if (!chosen) return Status::ok();
  if (chosen->command.note == "no trade") {
    // Not offering: the built-in player's next move other than the offer is the caller's to find.
    *best = make_command(Verb::EndTurn, proposed.actor);
    if (!decide(r, position, *best).accepted) *best = proposed;
    return Status::ok();
  }
  *best = chosen->command;
  return Status::ok();
}

}  // namespace deedlog
