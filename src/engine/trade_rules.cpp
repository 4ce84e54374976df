// SELLING PROPERTY between players: sites, stations, utilities, cash and Get Out of Jail Free
// cards at any price agreed; never a site of a group with buildings; no borrowing.
#include "deedlog/building_group.h"
#include "deedlog/currency.h"
#include "engine/decide_support.h"
#include "engine/effects.h"

namespace deedlog {
namespace {

std::uint64_t mask_of(const std::vector<SquareId>& squares) {
  std::uint64_t m = 0;
  for (SquareId s : squares) m |= std::uint64_t{1} << s;
  return m;
}

template <class Fn>
void for_each_square(std::uint64_t mask, Fn fn) {
  while (mask) {
    const int s = __builtin_ctzll(mask);
    fn(static_cast<SquareId>(s));
    mask &= mask - 1;
  }
}

// Can `owner` hand over these squares, cash and cards? (Both sides of an offer are checked alike.)
std::optional<Violation> can_hand_over(const Ruleset& r, const State& s, PlayerId owner, PlayerId receiver,
                                       std::uint64_t squares, Money cash, int cards) {
  std::optional<Violation> problem;
  for_each_square(squares, [&](SquareId sq) {
    if (problem) return;
    const Square& square = r.square(sq);
    if (!square.is_property() || s.holdings[sq].owner != owner) {
      problem = violation(r, rule::kTradeHoldings, RefusalCode::NotOwner, {arg::player(owner), arg::square(sq)});
      return;
    }
    // rule trade/no-site-of-a-built-group
    for (SquareId m : building_group(r, s, sq))
      if (s.holdings[m].buildings > 0 && !problem)
        problem = violation(r, rule::kTradeNoBuildings, RefusalCode::GroupBuiltCannotTrade,
                            {arg::square(sq), arg::square(m)});
  });
  if (problem) return problem;
  const Money bid = committed_cash(s, owner);
  const Money free_cash = s.player(owner).cash - bid;
  // rule currency/trade-cash: the sum written is what the receiver gets in his own currency.
  // The standing bid is a fact of its own: the words speak of it only when there is one.
  if (cash.units < 0 || free_cash < cost_to_player(r, s, owner, receiver, cash))
    return violation(r, rule::kTradeNoBorrowing, RefusalCode::CannotBorrow,
                     {arg::player(owner), arg::money(free_cash), arg::money(cash), arg::money(bid)});
  if (s.player(owner).jail_card_count() < cards)
    return violation(r, rule::kTradeHoldings, RefusalCode::JailCardsShort,
                     {arg::player(owner), arg::count(s.player(owner).jail_card_count()), arg::count(cards)});
  return std::nullopt;
}

// cash: what `to` receives; paid: what `from` gives for it in his own currency (worked out at
// the rates before the trade, since the deeds changing hands move the rates).
void hand_over(Outcome& out, PlayerId from, PlayerId to, std::uint64_t squares, Money cash, Money paid, int cards,
               std::vector<SquareId>* mortgaged_received) {
  for_each_square(squares, [&](SquareId sq) {
    if (out.state.holdings[sq].mortgaged) mortgaged_received->push_back(sq);
    effect::transfer_deed(out, from, to, sq);
  });
  effect::hand_over_cash(out, from, to, paid, cash);
  for (int k = 0; k < cards; ++k) effect::transfer_jail_card(out, from, to);
}

// rule debt/part-in-property: a player who owes his creditor more than he can pay in cash may pay
// part in property, at whatever value the creditor accepts it. In a trade where the creditor
// hands cash to his debtor and takes property or cards from him, that cash is set against the
// debt instead of changing hands (up to what is owed): "Ann offers Ben: Mayfair for 300" from a
// debtor settles 300 of the debt, and the creditor needs no cash for it. `cash` is what the
// debtor would receive, in his currency, as the debt is.
Money settled_in_kind(const State& s, PlayerId creditor, PlayerId debtor, Money cash, bool creditor_takes_property) {
  if (!creditor_takes_property || cash.units <= 0) return Money{0};
  const Money owed = s.player(debtor).owes[static_cast<std::size_t>(creditor + 1)];
  return owed < cash ? owed : cash;
}

// rule jail/no-trading: where jailed players may not trade, neither side of an offer may be in jail.
std::optional<Violation> jail_bars_trade(const Ruleset& r, const State& s, PlayerId a, PlayerId b) {
  if (r.jail.jailed_may_trade) return std::nullopt;
  for (PlayerId p : {a, b})
    if (s.player(p).in_jail)
      return violation(r, rule::kJailNoTrade, RefusalCode::JailedMayNotTrade, {arg::player(p)});
  return std::nullopt;
}

}  // namespace

// Once time is called no offer is made or accepted: the gate refuses both as new dealings.
Decision decide_offer(const Ruleset& r, const State& s, const Command& c) {
  if (!is_active(s, c.counterparty) || c.counterparty == c.actor)
    return Decision::refuse(violation(r, rule::kTradeHoldings, RefusalCode::OfferToOtherPlayer));
  if (s.offer.open)
    return Decision::refuse(violation(r, rule::kTradeOpen, RefusalCode::OfferAlreadyOpen,
                                      {arg::player(s.offer.from), arg::player(s.offer.to)}));
  if (auto v = jail_bars_trade(r, s, c.actor, c.counterparty)) return Decision::refuse(std::move(*v));
  Outcome out(r, s);
  if (r.trade.only_before_own_throw) {
    // rule trade/one-offer-before-the-throw
    if (auto v = before_own_throw(out, c.actor, rule::kTradeBeforeThrow, Verb::Offer))
      return Decision::refuse(std::move(*v));
  }
  if (r.trade.offers_per_turn > 0 && out.state.offers_this_turn >= r.trade.offers_per_turn)
    return Decision::refuse(violation(r, rule::kTradeBeforeThrow, RefusalCode::OfferLimitReached, {arg::player(c.actor)}));
  const std::uint64_t give = mask_of(c.give.properties);
  const std::uint64_t get = mask_of(c.get.properties);
  if (give == 0 && get == 0 && c.give.cash.is_zero() && c.get.cash.is_zero() && c.give.jail_cards == 0 &&
      c.get.jail_cards == 0)
    return Decision::refuse(violation(r, rule::kTradeHoldings, RefusalCode::OfferHandsNothing));
  const Money give_in_kind = settled_in_kind(s, c.actor, c.counterparty, c.give.cash, get != 0 || c.get.jail_cards > 0);
  if (auto v = can_hand_over(r, s, c.actor, c.counterparty, give, c.give.cash - give_in_kind, c.give.jail_cards))
    return Decision::refuse(std::move(*v));
  // What is asked for must be the other player's now, though his cash is checked when he answers.
  if (auto v = can_hand_over(r, s, c.counterparty, c.actor, get, Money{0}, c.get.jail_cards)) return Decision::refuse(std::move(*v));
  effect::offer_trade(out, c.actor, c.counterparty,
                     effect::TradeTerms{give, get, c.give.cash, c.get.cash, c.give.jail_cards, c.get.jail_cards});
  return accepted(out);
}

Decision decide_accept(const Ruleset& r, const State& s, const Command& c) {
  const TradeOffer& o = s.offer;
  if (!o.open || o.to != c.actor)
    return Decision::refuse(o.open ? violation(r, rule::kTradeOpen, RefusalCode::OfferIsOthersToAnswer, {arg::player(o.to)})
                                   : violation(r, rule::kTradeOpen, RefusalCode::NoOfferOpen));
  if (auto v = jail_bars_trade(r, s, o.from, o.to)) return Decision::refuse(std::move(*v));
  // Both sides again: the position may have moved since the offer.
  const Money give_in_kind = settled_in_kind(s, o.from, o.to, o.give_cash, o.get != 0 || o.get_cards > 0);
  const Money get_in_kind = settled_in_kind(s, o.to, o.from, o.get_cash, o.give != 0 || o.give_cards > 0);
  const Money give_cash = o.give_cash - give_in_kind;
  const Money get_cash = o.get_cash - get_in_kind;
  if (auto v = can_hand_over(r, s, o.from, o.to, o.give, give_cash, o.give_cards)) return Decision::refuse(std::move(*v));
  if (auto v = can_hand_over(r, s, o.to, o.from, o.get, get_cash, o.get_cards)) return Decision::refuse(std::move(*v));
  Outcome out(r, s);
  effect::accept_trade(out, o.to, o.from);
  std::vector<SquareId> to_receiver, to_offerer;
  const Money give_paid = cost_to_player(r, s, o.from, o.to, give_cash);
  const Money get_paid = cost_to_player(r, s, o.to, o.from, get_cash);
  hand_over(out, o.from, o.to, o.give, give_cash, give_paid, o.give_cards, &to_receiver);
  hand_over(out, o.to, o.from, o.get, get_cash, get_paid, o.get_cards, &to_offerer);
  effect::settle_debt_in_kind(out, o.to, o.from, give_in_kind);
  effect::settle_debt_in_kind(out, o.from, o.to, get_in_kind);
  for (SquareId sq : to_receiver) effect::charge_transfer_interest(out, o.to, sq);
  for (SquareId sq : to_offerer) effect::charge_transfer_interest(out, o.from, sq);
  effect::settle_debts(out, o.from);
  effect::settle_debts(out, o.to);
  return accepted(out);
}

Decision decide_reject(const Ruleset& r, const State& s, const Command& c) {
  const TradeOffer& o = s.offer;
  if (!o.open || (o.to != c.actor && o.from != c.actor))
    return Decision::refuse(violation(r, rule::kTradeOpen, RefusalCode::NoOfferForPlayer));
  Outcome out(r, s);
  effect::reject_trade(out, c.actor);
  return accepted(out);
}

}  // namespace deedlog
