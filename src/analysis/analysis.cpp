#include "analysis/analysis.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "bots/site_worth.h"
#include "deedlog/building_group.h"
#include "deedlog/cards_to_come.h"
#include "deedlog/decide.h"
#include "deedlog/event_fields.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/legal_moves.h"
#include "deedlog/seeded_chance.h"
#include "present/analysis_words.h"
#include "present/refusal_words.h"
#include "service/game_log.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

constexpr std::size_t kMostAlternatives = 8;  // a decision's alternatives weighed, the move made among them
constexpr int kFewestBelieved = 30;           // play-outs a branch before an interval reached is believed

// A position some choice or chance leads to, with what the players have seen of the packs there.
struct Branch {
  State state;
  CardsSeen seen{};
};

// A choice (or what chance could bring): the branches it leads to, each with its weight.
struct Option {
  Command command;  // the move; for NoTrade and BuildsNothing, the turn's end that stands for it
  AlternativeKind kind = AlternativeKind::Move;
  std::vector<std::pair<std::size_t, double>> branches;  // index into the move's branches, weight
  bool made = false;
};

using Worth = std::array<double, kMaxPlayers>;

// The play-outs of every branch of one move: worth[branch][i], each seat's part of play-out i's
// win (analysis/chances.h, PlayOut::worth: 1 or 0 to the end, the model's shares at the horizon).
struct Played {
  int n = 0;  // play-outs of each branch so far
  std::vector<std::vector<Worth>> worth;
  std::vector<int> unfinished;  // play-outs still going at max_moves, a branch
  std::int64_t moves = 0;
  std::int64_t playouts = 0;
};

std::uint64_t play_out_seed(std::uint64_t seed, std::uint64_t key, int index) {
  return mix64(mix64(seed ^ 0xA5A5A5A5DEADBEEFull) ^ mix64(key * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(index)));
}

// Plays play-outs played->n .. upto - 1 of every branch, play-out i of each branch from the same
// seed (common random numbers); each result lands in its own slot, so the threads do not change
// the answer. The play-outs are the analysis's (analysis/chances.h, analysis_play_outs).
Status play_more(const Ruleset& r, const std::vector<Branch>& branches, const std::vector<std::string>& players,
                 const AnalysisOptions& o, const PlayOutPolicy& policy, std::uint64_t key, int upto, Played* out) {
  const int from = out->n;
  if (upto <= from) return Status::ok();
  const std::size_t per = static_cast<std::size_t>(upto - from);
  const std::size_t n = branches.size() * per;
  const std::vector<PlayOut> results = play_outs_on_threads(n, o.threads, [&](std::size_t t) {
    const std::size_t b = t / per;
    const int i = from + static_cast<int>(t % per);
    return play_out(r, branches[b].state, branches[b].seen, play_out_seed(o.seed, key, i), o.max_moves, policy);
  });
  out->worth.resize(branches.size());
  out->unfinished.resize(branches.size(), 0);
  for (std::size_t t = 0; t < n; ++t) {
    const PlayOut& po = results[t];
    if (po.refused)
      return Status::corrupt(fmt::format("a play-out's built-in player proposed \"{}\", refused: {}",
                                         print_move(po.move, r, players), ruling_of(r, po.violation, players).message));
    out->moves += po.moves;
    const std::size_t b = t / per;
    out->worth[b].push_back(po.worth);
    if (po.winner == kBank && !po.scored) ++out->unfinished[b];
  }
  out->n = upto;
  out->playouts += static_cast<std::int64_t>(n);
  return Status::ok();
}

// The mean and the half-width of the 95% interval of values (paired differences, or one share).
struct Estimate {
  double value = 0;
  double half = 1;
};
Estimate estimate(const std::vector<double>& d, double z = kAnalysisZ95) {
  Estimate e;
  if (d.empty()) return e;
  double mean = 0;
  for (double x : d) mean += x;
  mean /= static_cast<double>(d.size());
  e.value = mean;
  if (d.size() < 2) return e;
  double ss = 0;
  for (double x : d) ss += (x - mean) * (x - mean);
  e.half = z * std::sqrt(ss / static_cast<double>(d.size() - 1)) / std::sqrt(static_cast<double>(d.size()));
  return e;
}

// What a set of weighted branches is worth to each seat, play-out by play-out: their average by
// weight (a throw's outcomes, or a single branch with weight 1).
std::vector<Worth> weighted_worth(const std::vector<std::pair<std::size_t, double>>& branches, const Played& played) {
  std::vector<Worth> v(static_cast<std::size_t>(played.n), Worth{});
  double total = 0;
  for (const auto& [b, w] : branches) total += w;
  if (total <= 0) return v;
  for (const auto& [b, w] : branches)
    for (int i = 0; i < played.n; ++i)
      for (std::size_t p = 0; p < kMaxPlayers; ++p) v[static_cast<std::size_t>(i)][p] += w / total * played.worth[b][static_cast<std::size_t>(i)][p];
  return v;
}
std::vector<std::pair<std::size_t, double>> all_branches(const std::vector<Option>& options) {
  std::vector<std::pair<std::size_t, double>> all;
  for (const Option& o : options) all.insert(all.end(), o.branches.begin(), o.branches.end());
  return all;
}
std::vector<double> seat_of(const std::vector<Worth>& v, PlayerId p) {
  std::vector<double> d;
  d.reserve(v.size());
  for (const Worth& w : v) d.push_back(w[static_cast<std::size_t>(p)]);
  return d;
}

// Each player's win share of weighted branches, with its 95% interval, and the share of
// play-outs unfinished at max_moves (counted as equal parts among the players still in).
WinChances chances_of(const std::vector<std::pair<std::size_t, double>>& branches, const Played& played, const State& s) {
  WinChances c;
  const std::vector<Worth> v = weighted_worth(branches, played);
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const Estimate e = estimate(seat_of(v, p));
    WinShare ws;
    ws.share = e.value;
    ws.low = std::clamp(e.value - e.half, 0.0, 1.0);
    ws.high = std::clamp(e.value + e.half, 0.0, 1.0);
    c.players.push_back(ws);
  }
  double total = 0, unfinished = 0;
  for (const auto& [b, w] : branches) {
    total += w;
    unfinished += w * (played.n > 0 ? static_cast<double>(played.unfinished[b]) / played.n : 0.0);
  }
  c.unfinished = total > 0 ? unfinished / total : 0.0;
  return c;
}

// The normal quantile of 1 - 0.025 / m: two-sided 95% for m comparisons at once (Bonferroni).
double simultaneous_z(std::size_t m) {
  static constexpr double kZ[] = {1.960, 1.960, 2.241, 2.394, 2.498, 2.576, 2.638, 2.690, 2.734, 2.773, 2.807};
  return kZ[std::min<std::size_t>(m, std::size(kZ) - 1)];
}

// The luck of the outcome that came: the mover's worth after it minus the average over what
// could have come, paired play-out by play-out.
Estimate luck_of(const std::vector<Option>& outcomes, std::size_t came, const Played& played, PlayerId p) {
  const std::vector<double> after = seat_of(weighted_worth(outcomes[came].branches, played), p);
  const std::vector<double> average = seat_of(weighted_worth(all_branches(outcomes), played), p);
  std::vector<double> d(after.size());
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = after[i] - average[i];
  return estimate(d);
}

// The error of the move made among `options` for its maker p: the best option's worth minus the
// made one's, paired, its interval widened for the k - 1 comparisons the best was picked from.
struct DecisionEstimate {
  std::size_t made = 0, best = 0;
  Estimate error;
  double low = 0, high = 0;  // the error's interval
};
DecisionEstimate error_of(const std::vector<Option>& options, const Played& played, PlayerId p) {
  DecisionEstimate d;
  std::vector<std::vector<double>> worth;
  std::vector<double> share;
  for (std::size_t k = 0; k < options.size(); ++k) {
    worth.push_back(seat_of(weighted_worth(options[k].branches, played), p));
    share.push_back(estimate(worth.back()).value);
    if (options[k].made) d.made = k;
  }
  d.best = d.made;
  for (std::size_t k = 0; k < options.size(); ++k)
    if (share[k] > share[d.best] + 1e-12) d.best = k;
  // Against the best alternative; when the move made looks best, against the runner-up: the
  // error is then 0, but the play-outs may not have told the two apart, and the interval of the
  // true error (max(0, runner-up - made)) says how far they did.
  std::size_t other = d.best;
  if (other == d.made) {
    other = d.made == 0 ? 1 : 0;
    for (std::size_t k = 0; k < options.size(); ++k)
      if (k != d.made && share[k] > share[other]) other = k;
  }
  std::vector<double> diff(worth[d.made].size());
  for (std::size_t i = 0; i < diff.size(); ++i) diff[i] = worth[other][i] - worth[d.made][i];
  d.error = estimate(diff, simultaneous_z(options.size() - 1));
  d.low = d.error.value - d.error.half;
  d.high = d.error.value + d.error.half;
  if (d.best == d.made) {
    d.error.value = 0;
    d.low = 0;
    d.high = std::max(0.0, d.high);
  }
  return d;
}

// The mark of an error by its interval (docs/analysis.md, "Thresholds"): the highest threshold
// the interval's lower end clears; uncertain when only the point estimate clears one.
ErrorMark mark_of(double error, double low) {
  if (low >= kVeryBadError) return ErrorMark::VeryBad;
  if (low >= kBadError) return ErrorMark::Bad;
  if (low >= kDoubtfulError) return ErrorMark::Doubtful;
  if (error >= kDoubtfulError) return ErrorMark::Uncertain;
  return ErrorMark::None;
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
  const PackAsSeen pack = pack_as_seen(r, before, deck, seen_before[static_cast<std::size_t>(deck)]);
  const std::vector<CardIndex>& unseen = pack.can_come;
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
    std::vector<CardIndex> order{k};
    for (CardIndex u : unseen)
      if (u != k) order.push_back(u);
    order.insert(order.end(), pack.under.begin(), pack.under.end());
    evolve(s, deck_shuffled(deck, std::move(order)));
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

// The choice `made` answers at `before`, of those its verb answers (deedlog/verbs.h): a card's
// fine in the card's choice and a jailed player's way out at the start of his go where the
// position puts them; any other wherever the rules let the move be made. Nothing for a move that
// answers none (the throw of a player not in jail, a card turned up by chance).
std::optional<Choice> choice_answered(const State& before, const Command& made) {
  const ChoiceSet answers = verb_choices(made.verb);
  for (unsigned b = 0; b < 8 * sizeof(ChoiceSet); ++b) {
    if (!(answers & (1u << b))) continue;
    const auto c = static_cast<Choice>(b);
    if (c == Choice::FineOrCard && !(before.phase == Phase::CardChoice && before.turn == made.actor)) continue;
    if (c == Choice::JailExit && !in_jail_choice(before, made.actor)) continue;
    return c;
  }
  return std::nullopt;
}

// A decision's alternatives at `before` for the move `made` (the made one flagged), grouped as
// the player sees them: those of the choice it answers (choice_answered). Empty when the move is
// no decision the analysis weighs.
void decision_options(const Ruleset& r, const State& before, const CardsSeen& seen, const Command& made,
                      MoveWork* w) {
  const PlayerId p = made.actor;
  if (p == kReferee || p == kBank) return;
  const std::optional<Choice> choice = choice_answered(before, made);
  if (!choice || !weighs_answer(*choice, made.verb)) return;
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
  switch (*choice) {
    case Choice::Purchase:
      add(make_command(Verb::Buy, p));
      add(make_command(Verb::Decline, p));
      break;
    case Choice::Auction: {
      add(plain);
      add(make_command(Verb::Pass, p));
      if (before.auction.lot == AuctionLot::Property && before.auction.square != kNoSquare) {
        // An open auction (docs/analysis.md, "Bids"): the play-outs go on bidding as sound bidders,
        // the bidder among them, so a low opening bid may still be raised later; the alternatives
        // are the bid made, passing, raising at once to the site's worth to the bidder (the sound
        // bidder's ceiling: bots/site_worth.h), and to half, the whole and one and a half times
        // the printed price (a site that completes a group is worth more than its price).
        //
        // A bid made is weighed against passing and against lower bids only: in an open auction
        // a bid of X followed by raising when outbid (as the play-outs' bidder does) can do
        // whatever a higher bid now would, and never pays more, so a higher bid now is no better
        // in the game, only in the noise. A winning opening bid is then never an error unless
        // passing was better. A pass is weighed against every bid.
        const bool bid_made = made.verb == Verb::Bid;
        auto offer = [&](Money amount) {
          if (bid_made && amount >= made.amount) return;
          Command b = make_command(Verb::Bid, p);
          b.amount = amount;
          if (b.amount <= before.player(p).cash) add(b);
        };
        const Money ceiling = sound_bid_ceiling(r, before, p);
        if (ceiling.units > before.auction.high_bid.units) offer(ceiling);
        const Money price = r.square(before.auction.square).price;
        for (int tenths : {5, 10, 15})
          offer(Money(std::max<std::int64_t>(price.units * tenths / 10, before.auction.high_bid.units + 1)));
      }
      break;
    }
    case Choice::FineOrCard: {
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
    case Choice::JailExit:
      add(make_command(Verb::PayFine, p));
      add(make_command(Verb::UseCard, p));
      jail_throw_option = true;
      break;
    case Choice::Holdings: {
      add(plain);
      for (const LegalMove& m : legal_moves(r, before))
        if (m.command.verb == made.verb && m.command.actor == p && alts.size() + 1 < kMostAlternatives) add(m.command);
      add(make_command(Verb::EndTurn, p));
      break;
    }
    case Choice::TradeOffer:
      add(plain);
      break;
    case Choice::TradeAnswer:
      add(make_command(Verb::Accept, p));
      add(make_command(Verb::Reject, p));
      break;
    case Choice::IncomeTax: {
      Command flat = make_command(Verb::PayTax, p);
      flat.tax = TaxChoice::Flat;
      Command percent = flat;
      percent.tax = TaxChoice::Percent;
      add(flat);
      add(percent);
      break;
    }
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
    if (*choice == Choice::TradeOffer) {
      // No trade: the offer withdrawn at once, the position as it was but for the offer counted.
      Command withdraw = make_command(Verb::Reject, p);
      const State offered = w->branches[w->options.back().branches.front().first].state;
      std::optional<State> none = after_move(r, offered, withdraw, &seen_here);
      if (!none) continue;
      Option n;
      n.command = make_command(Verb::EndTurn, p);
      n.kind = AlternativeKind::NoTrade;
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

struct RecordedMove {
  std::int64_t first = 0, last = 0;
  std::string text;
  std::int64_t voided_by = 0;
  State before, after;
  std::vector<Event> events;  // the move's consequences, as recorded
};

}  // namespace

bool weighs_answer(Choice c, Verb v) {
  switch (c) {
    case Choice::Purchase: return v == Verb::Buy || v == Verb::Decline;
    case Choice::FineOrCard: return v == Verb::PayFine || v == Verb::Draw;
    // Sitting out the go instead (the computer edition) is not among the ways out weighed.
    case Choice::JailExit: return v == Verb::PayFine || v == Verb::UseCard || v == Verb::Roll;
    case Choice::TradeAnswer: return v == Verb::Accept || v == Verb::Reject;
    case Choice::IncomeTax: return v == Verb::PayTax;
    // The move made is among the alternatives itself (a bid, a building, a mortgage, an offer).
    case Choice::Auction:
    case Choice::Holdings:
    case Choice::TradeOffer: return true;
  }
  return false;
}

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



// Samples the branches of one move in batches until each interval of the move reaches its
// target (docs/analysis.md, "Precision"): the luck's within luck_target, the error's (widened)
// within options.precision, or the cap on play-outs a branch is reached (*short_of_target).
// How many play-outs follows from the play-outs' values alone, never from timing or threads.
Status sample_move(const Ruleset& r, const MoveWork& w, const std::vector<std::string>& players, const AnalysisOptions& o,
                   const PlayOutPolicy& policy, std::uint64_t key, PlayerId p, double luck_target, Played* played,
                   bool* short_of_target) {
  *short_of_target = false;
  const int cap = std::max(o.games, o.max_games);
  int upto = o.games;
  for (;;) {
    if (Status s = play_more(r, w.branches, players, o, policy, key, upto, played); !s.is_ok()) return s;
    if (o.precision <= 0 || p == kReferee || p == kBank) return Status::ok();
    // The play-outs a branch the widest interval asks for, by its spread so far (the half-width
    // shrinks as 1/sqrt(n)), with a little to spare so that one more batch mostly suffices.
    double need = 0;
    auto ask = [&](double half, double target) {
      if (half > target && target > 0) need = std::max(need, played->n * (half / target) * (half / target) * 1.1);
    };
    if (!w.outcomes.empty()) ask(luck_of(w.outcomes, w.came, *played, p).half, luck_target);
    if (!w.options.empty()) ask(error_of(w.options, *played, p).error.half, o.precision);
    // The spread of a few play-outs may look like none: an interval is believed from 30 on.
    if (need <= 0 && played->n >= kFewestBelieved) return Status::ok();
    need = std::max(need, static_cast<double>(kFewestBelieved));
    if (played->n >= cap) {
      *short_of_target = true;
      return Status::ok();
    }
    // The need is capped before it is made a whole number: a target far below the spread (say
    // --precision 1e-9) asks for more play-outs than an int holds.
    const auto wanted = static_cast<std::int64_t>(std::ceil(std::min(need, static_cast<double>(cap))));
    upto = static_cast<int>(std::min<std::int64_t>(cap, std::max<std::int64_t>(played->n + 10LL, (wanted + 9) / 10 * 10)));
  }
}

// Returns the half-width of the error's estimate (before the widening for the comparisons), for
// the document's widest interval.
double weigh_decision(const Ruleset& r, const std::vector<Option>& options, const Played& played, PlayerId p,
                      const std::vector<std::string>& players, MoveAnalysis* m) {
  const DecisionEstimate d = error_of(options, played, p);
  m->error = d.error.value;
  m->error_low = d.low;
  m->error_high = d.high;
  m->best = alternative_words(options[d.best].kind, options[d.best].command, r, players);
  m->alternatives = static_cast<int>(options.size());
  m->mark = mark_of(d.error.value, m->error_low);
  return d.error.half;
}

void weigh_luck(const MoveWork& w, const Played& played, PlayerId p, MoveAnalysis* m) {
  const Estimate e = luck_of(w.outcomes, w.came, played, p);
  m->luck = e.value;
  m->luck_low = e.value - e.half;
  m->luck_high = e.value + e.half;
  m->outcomes = static_cast<int>(w.outcomes.size());
}

// The chance events (throws and cards of the players) among the moves analysed, counted before
// analysing, for the luck target of each (a player's total is their sum: docs/analysis.md).
bool is_chance_move(const Command& c) {
  return (c.verb == Verb::Roll || c.verb == Verb::Draw) && c.actor != kReferee && c.actor != kBank;
}

// The build plans at `at` for player p (docs/analysis.md, "Decisions not taken"): for each group
// p may build on, one, two and three houses a site evenly, each keeping the edition's salary in
// hand as a reserve; each plan then ends the turn, as does building nothing (the made option).
void build_plans(const Ruleset& r, const State& at, const CardsSeen& seen, PlayerId p, MoveWork* w) {
  const Command end = make_command(Verb::EndTurn, p);
  CardsSeen seen_end = seen;
  std::optional<State> nothing = after_move(r, at, end, &seen_end);
  if (!nothing) return;
  std::vector<SquareId> firsts;  // one square a group, the group's lowest
  for (const LegalMove& m : legal_moves(r, at)) {
    if (m.command.verb != Verb::Build || m.command.actor != p || m.command.hotel || m.command.square == kNoSquare) continue;
    const SquareSet group = building_group(r, at, m.command.square);
    if (group.empty()) continue;
    SquareId first = group.front();
    for (SquareId s : group) first = std::min(first, s);
    if (std::find(firsts.begin(), firsts.end(), first) == firsts.end()) firsts.push_back(first);
  }
  if (firsts.empty()) return;
  Option none;
  none.command = end;
  none.kind = AlternativeKind::BuildsNothing;
  none.made = true;
  none.branches.push_back({add_branch(w, std::move(*nothing), seen_end), 1.0});
  w->options.push_back(std::move(none));
  for (SquareId first : firsts) {
    const SquareSet group = building_group(r, at, first);
    std::vector<SquareId> sites(group.begin(), group.end());
    std::sort(sites.begin(), sites.end());
    for (int houses = 1; houses <= 3 && w->options.size() < kMostAlternatives; ++houses) {
      Command plan = make_command(Verb::Build, p);
      plan.square = sites.front();
      plan.more_sites.assign(sites.begin() + 1, sites.end());
      plan.count = houses;
      std::int64_t cost = 0;
      for (SquareId s : sites) cost += terms_of(r, at, s).house_cost.units * houses;
      if (at.player(p).cash.units - cost < r.salary.units) break;
      CardsSeen seen_plan = seen;
      std::optional<State> built = after_move(r, at, plan, &seen_plan);
      if (!built) continue;
      std::optional<State> ended = after_move(r, *built, end, &seen_plan);
      Option o;
      o.command = plan;
      o.branches.push_back({add_branch(w, ended ? std::move(*ended) : std::move(*built), seen_plan), 1.0});
      w->options.push_back(std::move(o));
    }
  }
  if (w->options.size() < 2) w->options.clear();
}

// Each player's share before a chance event, as the average of its outcomes by their chances,
// so that the graph agrees with the luck (after - luck = before).
WinChances average_of_outcomes(const MoveWork& w, const Played& played, const State& s) {
  return chances_of(all_branches(w.outcomes), played, s);
}

}  // namespace

Status analyse_game(Journal& journal, std::int64_t game_id, const AnalysisOptions& o, Analysis* out) {
  if (o.games < 2) return Status::invalid_argument("analyse: --games must be at least 2");
  if (o.max_moves < 1) return Status::invalid_argument("analyse: --max-moves must be at least 1");
  if (o.threads < 0) return Status::invalid_argument("analyse: --threads must be 0 (one a core) or more");
  if (o.from < 0 || o.to < 0) return Status::invalid_argument("analyse: --from and --to take an event's seq");
  if (o.precision < 0 || o.total_precision < 0 || o.max_games < 0)
    return Status::invalid_argument("analyse: --precision, --total-precision and --max-games take 0 or more");
  const auto started = std::chrono::steady_clock::now();
  Game g;
  if (Status s = load_game(journal, game_id, 0, &g); !s.is_ok()) return s;
  const std::int64_t last_seq = g.state.seq;
  if (o.from > last_seq)
    return Status::invalid_argument(fmt::format("analyse: --from {} is beyond the game's last event ({})", o.from, last_seq));
  if (o.to > 0 && o.to < o.from)
    return Status::invalid_argument(fmt::format("analyse: --to {} comes before --from {}", o.to, o.from));
  const GameLog log(journal, g);
  std::vector<LoggedEvent> events;
  if (Status s = log.read_all(1, 0, &events); !s.is_ok()) return s;
  mark_voided(&events);
  const Ruleset& r = g.ruleset;
  const std::vector<std::string>& players = g.header.players;
  const PlayOutPolicy policy = analysis_play_outs(r);

  // The moves, each with the positions before and after it, by the one fold of stored events
  // (GameLog::fold: a take-back returns to the position before the moves it voids).
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
    if (Status s = log.fold(&state, le); !s.is_ok()) return s;
    if (!moves.empty()) moves.back().last = le.seq;
  }
  if (!moves.empty()) moves.back().after = state;

  Analysis a;
  a.game = g.id;
  a.ruleset = g.header.ruleset;
  a.games = o.games;
  a.precision = o.precision;
  a.total_precision = o.total_precision;
  a.max_games = std::max(o.games, o.max_games);
  a.horizon = policy.model ? policy.horizon : 0;
  a.seed = o.seed;
  a.max_moves = o.max_moves;
  a.from = o.from;
  a.to = o.to > 0 ? std::min(o.to, last_seq) : last_seq;
  for (const std::string& name : players) {
    PlayerAnalysis pa;
    pa.name = name;
    a.players.push_back(std::move(pa));
  }

  // The moves analysed, parsed, and each player's chance events among them.
  std::vector<std::size_t> analysed;
  std::vector<Command> commands(moves.size());
  std::vector<int> chance_events(players.size(), 0);
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const RecordedMove& rm = moves[k];
    if (rm.first < o.from || rm.first > a.to || rm.voided_by != 0) continue;
    ParseError perr;
    if (!parse_move(rm.text, r, players, &commands[k], &perr))
      return Status::corrupt(fmt::format("event {}: the recorded move \"{}\" does not parse: {}", rm.first, rm.text, perr.message));
    analysed.push_back(k);
    if (is_chance_move(commands[k]) && static_cast<std::size_t>(commands[k].actor) < chance_events.size())
      ++chance_events[static_cast<std::size_t>(commands[k].actor)];
  }
  // A player's total luck is the sum of independent estimates: each gets an equal part of the
  // total's target (its variance adds up to the target's square).
  auto luck_target = [&](PlayerId p) {
    const int k = chance_events[static_cast<std::size_t>(p)];
    double t = o.precision;
    if (o.total_precision > 0 && k > 0) t = std::min(t > 0 ? t : 1.0, o.total_precision / std::sqrt(static_cast<double>(k)));
    return t;
  };
  auto note_short = [&](bool short_of) { a.short_of_target += short_of ? 1 : 0; };
  auto widen = [&](double half) { a.widest = std::max(a.widest, half); };
  // The cost of one move's work, in the document's totals.
  auto count = [&](const MoveWork& work, const Played& done) {
    a.positions += static_cast<std::int64_t>(work.branches.size());
    a.playout_moves += done.moves;
    a.playouts += done.playouts;
  };

  bool started_win = false;
  PlayerId turn_of = kBank;
  bool built_this_turn = false;
  for (std::size_t idx = 0; idx < analysed.size(); ++idx) {
    const std::size_t k = analysed[idx];
    const RecordedMove& rm = moves[k];
    const Command& c = commands[k];
    const CardsSeen seen_before = cards_seen_at(events, rm.first - 1);
    const CardsSeen seen_after = cards_seen_at(events, rm.last);
    if (!started_win) {
      MoveWork start;
      add_branch(&start, rm.before, seen_before);
      Played played;
      bool short_of = false;
      if (Status s = sample_move(r, start, players, o, policy, static_cast<std::uint64_t>(rm.first) << 1, kReferee, 0,
                                 &played, &short_of);
          !s.is_ok())
        return s;
      a.start = chances_of({{0, 1.0}}, played, start.branches[0].state);
      count(start, played);
      started_win = true;
    }
    MoveWork w;
    build_move_work(r, rm.before, seen_before, rm.after, seen_after, c, rm.events,
                    mix64(o.seed ^ mix64(static_cast<std::uint64_t>(rm.first) + 0x51ED270B2A6C5B1Full)), &w);
    const PlayerId mover = (c.actor == kReferee || c.actor == kBank) ? kReferee : c.actor;
    Played played;
    bool short_of = false;
    if (Status s = sample_move(r, w, players, o, policy, (static_cast<std::uint64_t>(rm.first) << 1) | 1, mover,
                               mover == kReferee ? 0 : luck_target(mover), &played, &short_of);
        !s.is_ok())
      return s;
    note_short(short_of);
    count(w, played);
    MoveAnalysis m;
    m.seq = rm.first;
    m.move = rm.text;
    m.player = mover == kReferee ? -1 : static_cast<int>(mover);
    m.win = chances_of({{0, 1.0}}, played, w.branches[0].state);
    m.playouts = played.n;
    m.short_of_target = short_of;
    if (!w.outcomes.empty()) {
      // The graph agrees with the luck: the share before the event is the average of its
      // outcomes, computed here with the luck (the previous move's, or the start's).
      WinChances before = average_of_outcomes(w, played, w.branches[0].state);
      if (!a.moves.empty()) a.moves.back().win = std::move(before);
      else a.start = std::move(before);
    }
    if (m.player >= 0) {
      const PlayerId p = c.actor;
      PlayerAnalysis& pa = a.players[static_cast<std::size_t>(p)];
      if (!w.outcomes.empty()) {
        weigh_luck(w, played, p, &m);
        const double half = (m.luck_high - m.luck_low) / 2;
        widen(half);
        pa.luck += *m.luck;
        pa.luck_variance += (half / kAnalysisZ95) * (half / kAnalysisZ95);
        ++pa.chance_events;
        if (!pa.luckiest || *m.luck > pa.luckiest->luck) pa.luckiest = LuckMoment{m.seq, *m.luck};
        if (!pa.unluckiest || *m.luck < pa.unluckiest->luck) pa.unluckiest = LuckMoment{m.seq, *m.luck};
      }
      if (!w.options.empty()) {
        widen(weigh_decision(r, w.options, played, p, players, &m));
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

    // A turn let pass (docs/analysis.md, "Decisions not taken"): the turn's last move, no build
    // in the turn, and a legal build left at the position after it.
    const PlayerId turn = rm.before.turn;
    if (turn != turn_of) {
      turn_of = turn;
      built_this_turn = false;
    }
    if (c.verb == Verb::Build && c.actor == turn) built_this_turn = true;
    const PlayerId p = rm.after.turn;
    bool next_ends = false;
    if (k + 1 < moves.size() && moves[k + 1].voided_by == 0) {
      Command next;
      ParseError perr;
      next_ends = moves[k + 1].after.turn != p ||
                  (parse_move(moves[k + 1].text, r, players, &next, &perr) && next.verb == Verb::EndTurn && next.actor == p);
    }
    if (p != turn || built_this_turn || !next_ends || p == kBank || p == kReferee || p >= rm.after.player_count ||
        rm.after.player(p).bankrupt)
      continue;
    MoveWork mw;
    const State at = players_view(r, rm.after, seen_after, mix64(o.seed ^ mix64(static_cast<std::uint64_t>(rm.last) + 0x3C6EF372FE94F82Bull)));
    build_plans(r, at, seen_after, p, &mw);
    if (mw.options.empty()) continue;
    Played mp;
    bool missed_short = false;
    if (Status s = sample_move(r, mw, players, o, policy, mix64(static_cast<std::uint64_t>(rm.last) ^ 0x6D15D3C15EEDull), p,
                               0, &mp, &missed_short);
        !s.is_ok())
      return s;
    note_short(missed_short);
    count(mw, mp);
    MoveAnalysis judged;
    widen(weigh_decision(r, mw.options, mp, p, players, &judged));
    MissedDecision md;
    md.seq = rm.last;
    md.player = static_cast<int>(p);
    md.win = chances_of(mw.options.front().branches, mp, mw.branches[0].state);
    md.error = *judged.error;
    md.error_low = judged.error_low;
    md.error_high = judged.error_high;
    md.mark = judged.mark;
    md.best = judged.best;
    md.alternatives = judged.alternatives;
    md.playouts = mp.n;
    md.short_of_target = missed_short;
    a.missed.push_back(std::move(md));
  }
  if (!started_win) {
    MoveWork start;
    add_branch(&start, state, cards_seen_at(events, last_seq));
    Played played;
    bool short_of = false;
    if (Status s = sample_move(r, start, players, o, policy, 0, kReferee, 0, &played, &short_of); !s.is_ok()) return s;
    a.start = chances_of({{0, 1.0}}, played, start.branches[0].state);
    count(start, played);
  }
  for (PlayerAnalysis& pa : a.players) {
    pa.error_rate = pa.decisions > 0 ? pa.total_error / pa.decisions : 0.0;
    pa.rating = pa.decisions > 0 ? rating_band(pa.error_rate) : "";
    const double half = kAnalysisZ95 * std::sqrt(pa.luck_variance);
    pa.luck_low = pa.luck - half;
    pa.luck_high = pa.luck + half;
  }
  // Plain play-outs a position that would give one win share an interval as narrow as the
  // widest here: a share's 95% interval is at most 0.98 / sqrt(N) wide either side.
  // A decided position gives intervals of a rounding error's width: the figure is capped far
  // below the integer's limit rather than converted out of its range.
  constexpr double kMostEquivalent = 1e15;
  a.equivalent_games =
      a.widest > 0 ? static_cast<std::int64_t>(std::ceil(std::min((0.98 / a.widest) * (0.98 / a.widest), kMostEquivalent))) : 0;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  *out = std::move(a);
  return Status::ok();
}

PlayOutPolicy analyst_play_outs(const Ruleset& r) {
  PlayOutPolicy p = analysis_play_outs(r);
  p.sound_bids = false;
  return p;
}

Status best_move(const Ruleset& r, const State& position, const CardsSeen& seen, const Command& proposed,
                 const std::vector<std::string>& players, const AnalysisOptions& o, const PlayOutPolicy& play_outs,
                 std::uint64_t key, Command* best) {
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
  bool short_of = false;
  if (Status s = sample_move(r, w, players, o, play_outs, key, proposed.actor, o.precision, &played, &short_of);
      !s.is_ok())
    return s;
  const DecisionEstimate d = error_of(w.options, played, proposed.actor);
  const Option& chosen = w.options[d.best];
  if (chosen.kind == AlternativeKind::NoTrade) {
    // Not offering: the built-in player's next move other than the offer is the caller's to find.
    *best = make_command(Verb::EndTurn, proposed.actor);
    if (!decide(r, position, *best).accepted) *best = proposed;
    return Status::ok();
  }
  *best = chosen.command;
  return Status::ok();
}

Status analyst_move(const Ruleset& r, const State& position, const CardsSeen& seen, const Command& proposed,
                    const std::vector<std::string>& players, std::uint64_t game_seed, std::uint64_t key, Command* best) {
  AnalysisOptions o;
  o.games = kAnalystGames;
  o.seed = game_seed;
  o.threads = 1;
  return best_move(r, position, seen, proposed, players, o, analyst_play_outs(r), key, best);
}

}  // namespace deedlog
