#include "engine/decide_support.h"
#include "engine/effects.h"

#include "deedlog/currency.h"

#include <algorithm>

#include "deedlog/money_raising.h"
#include "engine/move_resolution.h"

namespace deedlog {

PlayerId next_player(const State& s) {
  for (int k = 1; k <= s.player_count; ++k) {
    const PlayerId q = static_cast<PlayerId>((s.turn + k) % s.player_count);
    if (!s.player(q).bankrupt) return q;
  }
  return s.turn;
}

int active_players(const State& s) {
  int n = 0;
  for (PlayerId p = 0; p < s.player_count; ++p) n += is_active(s, p) ? 1 : 0;
  return n;
}

Money committed_cash(const State& s, PlayerId p) {
  return s.phase == Phase::Auction && s.auction.high_bidder == p ? s.auction.high_bid : Money{0};
}

std::optional<Violation> debts_block(const Ruleset& r, const State& s) {
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const PlayerState& ps = s.player(p);
    // Almost always nobody owes (decide asks on nearly every move: this was 6% of self-play).
    if (!ps.owes_any()) continue;
    for (std::size_t c = 0; c < ps.owes.size(); ++c) {
      if (ps.owes[c].units <= 0) continue;
      const PlayerId creditor = c == 0 ? kBank : static_cast<PlayerId>(c - 1);
      return violation(r, rule::kDebtBlocks, RefusalCode::DebtBlocksGame,
                       {arg::player(p), arg::money(ps.owes[c]), arg::player(creditor), arg::money(ps.cash)});
    }
  }
  return std::nullopt;
}

Waiting waiting_on(const State& s) {
  Waiting w;
  w.phase = s.phase;
  w.player = s.phase == Phase::Placing ? s.placing_player : s.phase == Phase::GameOver ? s.winner : s.turn;
  w.next = next_player(s);
  w.square = s.phase == Phase::Auction ? s.auction.square : s.pending_square;
  w.deck = s.pending_deck;
  w.lot = s.auction.lot;
  w.fine = s.pending_fine;
  return w;
}

Money mortgage_interest(const Ruleset& r, Money principal) {
  const std::int64_t scaled = principal.units * r.mortgage_interest_percent;
  switch (r.interest_rounding) {
    case Rounding::Up: return Money{(scaled + 99) / 100};
    case Rounding::Down: return Money{scaled / 100};
    case Rounding::Nearest: return Money{(scaled + 50) / 100};
  }
  return Money{scaled / 100};
}

void close_auction_if_done(Outcome& out) {
  const State& s = out.state;
  const AuctionState a = s.auction;
  int still_in = 0;
  for (PlayerId q = 0; q < s.player_count; ++q)
    if (is_active(s, q) && !(a.passed & (1u << q)) && q != a.high_bidder) ++still_in;
  if (still_in > 0) return;
  const bool from_bankruptcy =
      a.lot == AuctionLot::Property && (s.bank_auction_queue & (std::uint64_t{1} << a.square)) != 0;
  // rule auction/closes-when-others-pass
  // rule auction/bid-stays-payable: a bid its bidder can no longer pay in cash (a rent claimed
  // from him while the auction ran took the money) does not stand; the lot stays with the Bank,
  // as when nobody bids.
  if (a.high_bidder != kBank && s.player(a.high_bidder).cash >= a.high_bid) {
    effect::auction_won(out, a.high_bidder, a.square, a.high_bid, a.lot);
  } else {
    effect::auction_unsold(out, s.turn, a.square, a.lot);
  }
  if (a.lot != AuctionLot::Property) return;  // the buyer places his building next (or the game resumes)
  if (!from_bankruptcy) {
    effect::finish_move(out, out.state.turn);
    return;
  }
  // rule bankruptcy/to-the-bank: the Bank auctions the bankrupt's properties one after another.
  const std::uint64_t queue = out.state.bank_auction_queue;
  if (queue != 0) {
    effect::open_auction(out, out.state.turn, static_cast<SquareId>(__builtin_ctzll(queue)));
    return;
  }
  effect::queue_bank_auctions(out, kBank, 0);  // the queue is empty: the auctions are over
  if (out.state.player(out.state.turn).bankrupt) effect::start_turn(out, next_player(out.state));
}


std::optional<Violation> missed_go_block(const Ruleset& r, const State& s, PlayerId actor) {
  const PlayerState& ps = s.player(actor);
  if (!r.jail.last_failure_may_miss_go || !ps.in_jail || ps.jail_turns < r.jail.max_turns) return std::nullopt;
  return violation(r, rule::kJailPayOrMiss, RefusalCode::MissedGoChosen, {arg::player(actor)});
}

Money lowest_bid(const Ruleset& r, const State& s) {
  const AuctionState& a = s.auction;
  Money least = a.high_bid + Money{1};
  if (a.high_bidder == kBank && a.lot == AuctionLot::Property && r.auction.opening_percent > 0)
    least = std::max(least, Money{(r.square(a.square).price.units * r.auction.opening_percent + 99) / 100});
  if (a.high_bidder != kBank && r.auction.step.units > 0) least = std::max(least, a.high_bid + r.auction.step);
  return least;
}

void bar_jailed_bidders(Outcome& out) {
  if (out.ruleset.jail.jailed_may_bid) return;
  // rule jail/no-bidding
  for (PlayerId p = 0; p < out.state.player_count; ++p) {
    if (!is_active(out.state, p) || !out.state.player(p).in_jail) continue;
    if (out.state.auction.passed & (1u << p)) continue;
    effect::pass_bid(out, p, out.state.auction.square);
  }
}

std::optional<Violation> before_own_throw(Outcome& out, PlayerId actor, const RuleRef& rule, Verb what) {
  const State& s = out.state;
  if (s.phase == Phase::TurnOver && actor != s.turn && actor == next_player(s)) {
    effect::start_turn(out, actor);
    return std::nullopt;
  }
  if (actor == s.turn && s.phase == Phase::AwaitingRoll && !s.rolled_this_turn) return std::nullopt;
  return violation(out.ruleset, rule, RefusalCode::OnlyBeforeOwnThrow,
                   {arg::player(actor), arg::act(what), arg::player(s.turn)});
}

}  // namespace deedlog
