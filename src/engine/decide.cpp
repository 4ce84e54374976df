#include "deedlog/decide.h"

#include <cassert>
#include <cctype>
#include <cstring>

#include "deedlog/name_match.h"
#include "deedlog/currency.h"
#include "engine/decide_support.h"
#include "engine/effects.h"
#include "engine/gate.h"
#include "engine/move_resolution.h"
#include "deedlog/policies.h"
#include "deedlog/rent.h"
#include "deedlog/seeded_chance.h"
#include "deedlog/valuation.h"
#include "engine/windows.h"

namespace deedlog {
namespace {

// A move that starts a turn (a throw, or a jailed player's fine or card before his throw)
// may come once the last player's move is over: it passes the turn on by itself. (The gate
// checked that the actor is the player to move, or the next one.)
void take_turn(Outcome& out, PlayerId actor) {
  if (out.state.phase == Phase::TurnOver) effect::start_turn(out, actor);
}

// Rent windows close at a throw of the dice: unclaimed rent is then lost. uk-1972: any throw;
// US: the turn's first throw of the second player following the payer.
void close_rent_windows(Outcome& out, PlayerId thrower) {
  // rule rent/claim-within-the-window (computer): only the clock closes a timed window.
  if (!policy::throws_close_rent_windows(out.ruleset)) return;
  const bool starts_turn = !out.state.rolled_this_turn;
  for (const RentClaim& c : out.state.rents) {
    if (!c.open) continue;
    if (c.closes_on != kBank && !(c.closes_on == thrower && starts_turn)) continue;
    effect::forfeit_rent(out, c);  // evolve closes this slot; the loop goes on to the next
  }
}

std::optional<Violation> auction_open_for(const Ruleset& r, const State& s, PlayerId p) {
  if (s.phase != Phase::Auction && policy::auctions_lifted_by_house_rule(r))
    return violation(r, rule::kHouseNoAuctions, RefusalCode::NoAuctionHouseRule);
  if (s.phase != Phase::Auction && !policy::declined_property_auctioned(r))
    return violation(r, rule::kBuyDeclinedWaits, RefusalCode::NoAuctionInEdition);
  if (s.phase != Phase::Auction)
    return violation(r, rule::kDeclineAuction, RefusalCode::NoAuctionOpen, waiting_on(s));
  if (s.auction.passed & (1u << p))
    return violation(r, rule::kAuctionPassIsFinal, RefusalCode::PassedOutOfAuction, {arg::player(p)});
  return std::nullopt;
}

// Which card of the pack the player says he turned up, checked against what the table knows
// of the pack's order.
std::optional<Violation> identify_card(const Ruleset& r, const State& s, DeckId deck, const Command& c,
                                       CardIndex* card) {
  const Deck& d = r.decks[static_cast<int>(deck)];
  const PackState& pack = s.packs[static_cast<int>(deck)];
  const auto top = known_top_card(pack);
  if (c.card_query.empty()) {
    if (!top)
      return violation(r, rule::kCardDraw, RefusalCode::PackOrderUnknown, {arg::deck(deck)});
    *card = *top;
    return std::nullopt;
  }
  // The card the player's words name in this pack, as the notation read them.
  *card = c.card_in_pack[static_cast<std::size_t>(deck)];
  if (*card == kNoCard || *card >= d.cards.size()) {
    // The lookup's own words (the nearest cards) are said again from the words by the shell.
    Violation v = violation(r, rule::kCardDraw, RefusalCode::NoSuchCard, {arg::deck(deck)});
    v.quoted = c.card_query;
    return v;
  }
  // rule cards/pack-order: copies of one card (us-standard's two "nearest Railroad" cards) are
  // the same card to the players: the copy taken is one the pack can give now (the top when the
  // order is known, else one not yet seen, never one a player holds).
  const auto fits = [&](CardIndex i) {
    const std::uint64_t b = std::uint64_t{1} << i;
    if (pack.out & b) return false;
    if (top) return *top == i;
    return pack.unseen == 0 || (pack.unseen & b) != 0;
  };
  if (!fits(*card))
    for (std::size_t i = 0; i < d.cards.size(); ++i)
      if (d.cards[i].text == d.cards[*card].text && fits(static_cast<CardIndex>(i))) {
        *card = static_cast<CardIndex>(i);
        break;
      }
  const std::uint64_t bit = std::uint64_t{1} << *card;
  if (pack.out & bit) return violation(r, rule::kCardJailKept, RefusalCode::CardHeldByPlayer, {arg::card(deck, *card)});
  if (pack.unseen != 0 && !(pack.unseen & bit))
    return violation(r, rule::kCardOrder, RefusalCode::CardSeenBefore, {arg::card(deck, *card)});
  if (top && *top != *card)
    return violation(r, rule::kCardOrder, RefusalCode::CardOrderKnown, {arg::card(deck, *top), arg::card(deck, *card)});
  return std::nullopt;
}

// rule jail/last-failure-pay-or-miss: the fine paid after the last failed throw frees the player,
// who moves by that throw.
// The fine and a card are ways out of jail in the turn, before its throw: the turn is taken (a
// go missed blocks it), the player must be in jail, and `thrown` is the refusal once he has thrown.
std::optional<Violation> out_of_jail_before_throw(Outcome& out, PlayerId p, const RuleRef& rule, RefusalCode thrown) {
  take_turn(out, p);
  if (auto v = missed_go_block(out.ruleset, out.state, p)) return v;
  if (!out.state.player(p).in_jail) return violation(out.ruleset, rule, RefusalCode::NotInJail, {arg::player(p)});
  if (out.state.rolled_this_turn) return violation(out.ruleset, rule, thrown);
  return std::nullopt;
}

Decision decide_pay_and_move(const Ruleset& r, const State& s, const Command& c) {
  if (s.player(c.actor).cash < s.pending_fine)
    return Decision::refuse(violation(r, rule::kJailPayOrMiss, RefusalCode::CannotPayFineMissGo,
                                      {arg::player(c.actor), arg::money(s.player(c.actor).cash), arg::money(s.pending_fine)}));
  Outcome out(r, s);
  // A sealed game: a card where the throw lands is turned up from the order dealt with the move.
  if (s.sealed && c.chance) out.chance = &*c.chance;
  effect::pay_jail_fine(out, c.actor, s.pending_fine);
  effect::leave_jail(out, c.actor, JailExit::ThirdTurnFine);
  effect::move_forward(out, c.actor, s.last_die1 + s.last_die2);
  resolve_landing(out, c.actor);
  return accepted(out);
}

}  // namespace

// The rules of the verbs this file holds (declared from deedlog/verbs.h in decide_support.h).

Decision decide_roll(const Ruleset& r, const State& s, const Command& c) {
  Outcome out(r, s);
  if (s.sealed) {
    // rule referee/sealed-dice: in a sealed game the referee throws, from the seed it keeps
    // apart; a throw written with its dice would let a table choose its luck.
    if (c.die1 != 0 || c.die2 != 0)
      return Decision::refuse(violation(r, rule::kSealedDice, RefusalCode::SealedDiceByReferee));
    if (!sealed_throw(c.chance ? &*c.chance : nullptr, s.throws))
      return Decision::refuse(violation(r, rule::kSealedDice, RefusalCode::SealedSeedNotAtHand));
    out.chance = &*c.chance;
  }
  if (s.phase == Phase::CardDice) {
    // rule cards/advance-to-nearest: the throw the card asks for, its rent times the dice.
    if (c.die1 == 0 && c.die2 == 0 && !s.seeded && !s.sealed)
      return Decision::refuse(violation(r, rule::kSeededDice, RefusalCode::WriteDiceAsThrown));
    if ((c.die1 != 0 || c.die2 != 0) && (c.die1 < 1 || c.die1 > 6 || c.die2 < 1 || c.die2 > 6))
      return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::DiceOutOfRange, {arg::count(c.die1), arg::count(c.die2)}));
    throw_for_card_rent(out, c.actor, c.die1, c.die2);
    return accepted(out);
  }
  take_turn(out, c.actor);
  if (auto v = missed_go_block(r, out.state, c.actor)) return Decision::refuse(std::move(*v));
  int d1 = c.die1, d2 = c.die2;
  if (d1 == 0 && d2 == 0) {
    if (s.sealed) {
      std::tie(d1, d2) = *sealed_throw(out.chance, s.throws);
    } else {
      if (!s.seeded)
        return Decision::refuse(violation(r, rule::kSeededDice, RefusalCode::NoSeedToThrow));
      std::tie(d1, d2) = seeded_dice(s.seed, s.throws);
    }
  }
  if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
    return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::DiceOutOfRange, {arg::count(d1), arg::count(d2)}));
  close_rent_windows(out, c.actor);

  const PlayerId p = c.actor;
  const bool doubles = d1 == d2;
  const PlayerState& ps = out.state.player(p);

  if (ps.in_jail) {
    const int turn_number = ps.jail_turns + 1;
    if (doubles) {
      // rule jail/doubles-leave: out at once, moving by the throw (and, in this edition, throwing again).
      effect::throw_dice(out, p, d1, d2, r.jail.doubles_count_toward_three ? 1 : 0, r.jail.doubles_throw_again);
      effect::leave_jail(out, p, JailExit::Doubles);
    } else if (turn_number >= r.jail.max_turns && r.jail.last_failure_may_miss_go) {
      // rule jail/last-failure-pay-or-miss: pay the fine and move by this throw, or miss the next go.
      effect::throw_dice(out, p, d1, d2, 0, false);
      effect::fail_jail_throw(out, p, turn_number);
      effect::offer_jail_choice(out, p, r.jail.fine);
      return accepted(out);
    } else if (turn_number >= r.jail.max_turns) {
      // rule jail/third-turn-fine: the last allowed throw failed: pay the fine, come out, move.
      effect::throw_dice(out, p, d1, d2, 0, false);
      effect::pay_jail_fine(out, p, r.jail.fine);
      effect::leave_jail(out, p, JailExit::ThirdTurnFine);
    } else {
      effect::throw_dice(out, p, d1, d2, 0, false);
      effect::fail_jail_throw(out, p, turn_number);
      effect::finish_move(out, p);
      return accepted(out);
    }
    effect::move_forward(out, p, d1 + d2);
    resolve_landing(out, p);
    return accepted(out);
  }

  const int run = doubles ? out.state.doubles + 1 : 0;
  effect::throw_dice(out, p, d1, d2, run, doubles);
  if (doubles && run >= r.doubles_to_jail) {
    // rule turn/three-doubles-jail: the third double in a row does not move the token.
    effect::send_to_jail_ending_move(out, p, JailReason::ThreeDoubles);
    return accepted(out);
  }
  effect::move_forward(out, p, d1 + d2);
  resolve_landing(out, p);
  return accepted(out);
}

Decision decide_buy(const Ruleset& r, const State& s, const Command& c) {
  // rule buy/printed-price: a buyer who names what he buys ("buys Mayfair") names the site he
  // landed on, which the Bank offers him.
  if (c.square != kNoSquare && c.square != s.pending_square)
    return Decision::refuse(violation(r, rule::kBuyAtPrintedPrice, RefusalCode::BuyNamesOtherSquare,
                                      {arg::player(c.actor), arg::square(c.square), arg::square(s.pending_square)}));
  const Square& sq = r.square(s.pending_square);
  // rule buy/within-the-window: the "for sale" notice stands for so many seconds.
  if (auto late = policy::seconds_late_to_buy(r, s.offered_at, c.clock))
    return Decision::refuse(violation(r, rule::kBuyInTime, RefusalCode::BuyTooLate,
                                      {arg::player(c.actor), arg::square(s.pending_square), arg::count(*late)}));
  // rule currency/purchase-in-region-currency: the printed price is in the currency of the
  // property's region; the buyer pays it converted into his own.
  const Money price = cost_for(r, s, c.actor, s.pending_square, sq.price);
  if (s.player(c.actor).cash < price)
    return Decision::refuse(violation(r, rule::kBuyNeedsCash, RefusalCode::CannotAffordPurchase,
                                      {arg::square(s.pending_square), arg::money(price), arg::player(c.actor),
                                       arg::money(s.player(c.actor).cash)}));
  Outcome out(r, s);
  effect::buy_property(out, c.actor, s.pending_square, price, sq.price);
  effect::finish_move(out, c.actor);
  return accepted(out);
}

Decision decide_decline(const Ruleset& r, const State& s, const Command& c) {
  Outcome out(r, s);
  effect::decline_property(out, c.actor, s.pending_square);
  if (policy::declined_property_auctioned(r)) {
    // rule auction/declined-goes-to-auction: the Bank auctions it at once.
    effect::open_auction(out, c.actor, s.pending_square);
    bar_jailed_bidders(out);
  } else {
    // rule buy/declined-waits: no auction; it stays with the Bank for the next lander.
    effect::finish_move(out, c.actor);
  }
  return accepted(out);
}

// rule auction/any-player: every player still in the game may bid, the one who declined too.
Decision decide_bid(const Ruleset& r, const State& s, const Command& c) {
  // rule jail/no-bidding
  if (s.phase == Phase::Auction && !r.jail.jailed_may_bid && s.player(c.actor).in_jail)
    return Decision::refuse(violation(r, rule::kJailNoBid, RefusalCode::JailedMayNotBid, {arg::player(c.actor)}));
  if (auto v = auction_open_for(r, s, c.actor)) return Decision::refuse(std::move(*v));
  const AuctionState& a = s.auction;
  if (a.lot != AuctionLot::Property && !can_place_building(r, s, c.actor, a.lot == AuctionLot::Hotel))
    return Decision::refuse(violation(r, rule::kShortageAuction, RefusalCode::NowhereToPlaceBuilding,
                                      {arg::player(c.actor), arg::building(a.lot == AuctionLot::Hotel)}));
  // rule auction/closes-after-silence: no bid for so many seconds and the auction is over.
  if (auto late = policy::seconds_late_to_bid(r, a.since, c.clock))
    return Decision::refuse(violation(r, rule::kAuctionSilence, RefusalCode::AuctionClosedBySilence,
                                      {arg::count(*late), arg::count(a.high_bidder == kBank ? 0 : 1)}));
  const Money least = lowest_bid(r, s);
  if (c.amount < least && a.high_bidder == kBank && least.units > 1)
    // rule auction/opens-at-half-price
    return Decision::refuse(violation(r, rule::kAuctionOpening, RefusalCode::BidBelowOpening,
                                      {arg::square(a.square), arg::money(least)}));
  if (c.amount < least && a.high_bidder != kBank && r.auction.step.units > 1)
    // rule auction/small-steps
    return Decision::refuse(violation(r, rule::kAuctionStep, RefusalCode::BidBelowStep, {arg::money(least)}));
  if (c.amount <= a.high_bid || c.amount.units <= 0)
    return Decision::refuse(a.high_bidder == kBank
                                ? violation(r, rule::kBidsRise, RefusalCode::BidNotPositive)
                                : violation(r, rule::kBidsRise, RefusalCode::BidTooLow,
                                            {arg::money(a.high_bid), arg::player(a.high_bidder)}));
  if (c.amount > s.player(c.actor).cash)
    return Decision::refuse(violation(r, rule::kBidWithinCash, RefusalCode::BidBeyondCash,
                                      {arg::player(c.actor), arg::money(s.player(c.actor).cash), arg::money(c.amount)}));
  Outcome out(r, s);
  effect::bid(out, c.actor, a.square, c.amount);
  close_auction_if_done(out);
  return accepted(out);
}

Decision decide_pass(const Ruleset& r, const State& s, const Command& c) {
  if (auto v = auction_open_for(r, s, c.actor)) return Decision::refuse(std::move(*v));
  if (s.auction.high_bidder == c.actor)
    return Decision::refuse(violation(r, rule::kAuctionCloses, RefusalCode::HighBidderCannotPass,
                                      {arg::player(c.actor), arg::money(s.auction.high_bid)}));
  Outcome out(r, s);
  effect::pass_bid(out, c.actor, s.auction.square);
  close_auction_if_done(out);
  return accepted(out);
}

Decision decide_claim_rent(const Ruleset& r, const State& s, const Command& c) {
  // rule rent/owner-asks: the owner asks, and every rent still owed to him is paid.
  Outcome out(r, s);
  bool any_open = false;
  std::optional<Violation> too_late;
  for (const RentClaim& claim : s.rents) {
    if (!claim.open) continue;
    any_open = true;
    if (claim.owner != c.actor) continue;
    // rule rent/claim-within-the-window: the Collect Rent button is lit for so many seconds.
    if (auto late = policy::seconds_late_to_claim(r, claim.since, c.clock)) {
      too_late = violation(r, rule::kRentInTime, RefusalCode::RentClaimTooLate,
                           {arg::player(c.actor), arg::square(claim.square), arg::count(*late)});
      continue;
    }
    effect::collect_rent(out, claim);
  }
  if (!out.events.empty()) return accepted(out);
  if (too_late) return Decision::refuse(*too_late);
  // An owner in jail where a prisoner collects no rent: that is why nothing is owed to him, not
  // the time to ask (rule jail/privileges of the computer edition; rule house/no-rent-while-owner-in-jail).
  if (!policy::owner_collects_rent(r, s, c.actor))
    return Decision::refuse(violation(r, policy::jailed_owner_barred_by_house_rule(r) ? rule::kHouseNoRentInJail : rule::kJailPrivileges,
                                      RefusalCode::JailedCollectsNoRent, {arg::player(c.actor)}));
  if (any_open) {
    for (const RentClaim& claim : s.rents)
      if (claim.open)
        return Decision::refuse(violation(r, rule::kRentOwnerAsks, RefusalCode::RentOwedToOther,
                                          {arg::square(claim.square), arg::player(claim.owner), arg::player(c.actor)}));
  }
  if (!policy::throws_close_rent_windows(r))
    return Decision::refuse(violation(r, rule::kRentInTime, RefusalCode::NoRentOwedTimed, {arg::player(c.actor)}));
  return Decision::refuse(violation(r, rule::kRentAskInTime, RefusalCode::NoRentOwed, {arg::player(c.actor)}));
}

Decision decide_draw(const Ruleset& r, const State& s, const Command& c) {
  CardIndex card = kNoCard;
  Outcome out(r, s);
  if (s.sealed && c.chance) {
    // rule referee/sealed-dice: in a sealed game the referee turns the card up from the order
    // dealt with the move, as a throw's card (the fine-or-Chance card's Chance, a jail fine's
    // landing): a table that named it could choose its luck, or, refused, learn the pack's top.
    if (!c.card_query.empty() && !c.chance->as_recorded)
      return Decision::refuse(violation(r, rule::kSealedDice, RefusalCode::SealedCardByReferee));
    out.chance = &*c.chance;
    const PackState& pack = s.packs[static_cast<int>(s.pending_deck)];
    if (auto top = sealed_top_card(pack, c.chance->packs[static_cast<std::size_t>(s.pending_deck)])) {
      // A recorded line that names its card names this one (copies of a card are the same card).
      if (!c.card_query.empty()) {
        if (auto v = identify_card(r, s, s.pending_deck, c, &card)) return Decision::refuse(std::move(*v));
        const auto& cards = r.decks[static_cast<std::size_t>(s.pending_deck)].cards;
        if (card >= cards.size() || *top >= cards.size() || cards[card].text != cards[*top].text)
          return Decision::refuse(violation(r, rule::kCardOrder, RefusalCode::CardOrderKnown,
                                            {arg::card(s.pending_deck, *top), arg::card(s.pending_deck, card)}));
      }
      follow_card(out, c.actor, s.pending_deck, *top);
      return accepted(out);
    }
  }
  if (auto v = identify_card(r, s, s.pending_deck, c, &card)) return Decision::refuse(std::move(*v));
  follow_card(out, c.actor, s.pending_deck, card);
  return accepted(out);
}

// rule jail/skip-a-go: a jailed player may sit out a go instead of throwing, and is then free
// (he moves on his next go). After the last failed throw, skipping is the choice to miss the
// next go: he stays in until that go, which he then sits out.
Decision decide_skip_go(const Ruleset& r, const State& s, const Command& c) {
  if (s.phase == Phase::JailChoice) {
    Outcome out(r, s);
    effect::skip_go(out, c.actor, /*stays_in=*/true);
    return accepted(out);
  }
  Outcome out(r, s);
  take_turn(out, c.actor);
  const PlayerState& ps = out.state.player(c.actor);
  if (!r.jail.may_skip_go)
    return Decision::refuse(violation(r, rule::kJailSkipGo, RefusalCode::NoSkippingInEdition, {arg::player(c.actor)}));
  if (!ps.in_jail)
    return Decision::refuse(violation(r, rule::kJailSkipGo, RefusalCode::OnlyJailedSkip, {arg::player(c.actor)}));
  if (out.state.rolled_this_turn)
    return Decision::refuse(violation(r, rule::kJailSkipGo, RefusalCode::SkipBeforeThrow));
  effect::leave_jail(out, c.actor, JailExit::SkippedGo);
  effect::skip_go(out, c.actor, /*stays_in=*/false);
  return accepted(out);
}

Decision decide_pay_fine(const Ruleset& r, const State& s, const Command& c) {
  if (s.phase == Phase::CardChoice) {
    if (s.player(c.actor).cash < s.pending_fine)
      return Decision::refuse(violation(r, rule::kCardChoice, RefusalCode::CannotPayFineTakeCard,
                                        {arg::player(c.actor), arg::money(s.player(c.actor).cash),
                                         arg::money(s.pending_fine), arg::deck(s.pending_deck)}));
    Outcome out(r, s);
    // rule cards/fine-or-chance: the fine goes to the Bank like any card's payment (and so to
    // the Free Parking jackpot where that house rule holds).
    effect::pay(out, effect::PaymentKind::CardToBank, c.actor, kBank, s.pending_fine);
    effect::finish_move(out, c.actor);
    return accepted(out);
  }
  if (s.phase == Phase::JailChoice) return decide_pay_and_move(r, s, c);
  Outcome out(r, s);
  if (auto v = out_of_jail_before_throw(out, c.actor, rule::kJailFine, RefusalCode::FineBeforeThrow))
    return Decision::refuse(std::move(*v));
  const PlayerState& ps = out.state.player(c.actor);
  if (ps.jail_turns >= r.jail.fine_before_throw_turns)
    return Decision::refuse(violation(r, rule::kJailThirdTurn, RefusalCode::LastJailTurnThrowFirst, {arg::player(c.actor)}));
  if (ps.cash < r.jail.fine)
    return Decision::refuse(violation(r, rule::kJailFine, RefusalCode::CannotPayFineThrow,
                                      {arg::player(c.actor), arg::money(ps.cash), arg::money(r.jail.fine)}));
  effect::pay_jail_fine(out, c.actor, r.jail.fine);
  effect::leave_jail(out, c.actor, JailExit::Fine);
  return accepted(out);
}

Decision decide_use_card(const Ruleset& r, const State& s, const Command& c) {
  Outcome out(r, s);
  if (auto v = out_of_jail_before_throw(out, c.actor, rule::kJailCard, RefusalCode::CardBeforeThrow))
    return Decision::refuse(std::move(*v));
  const PlayerState& ps = out.state.player(c.actor);
  if (ps.jail_card_count() == 0)
    return Decision::refuse(violation(r, rule::kJailCard, RefusalCode::NoJailCard, {arg::player(c.actor)}));
  // With a card from each pack, the Chance card is used first (docs/rules.md).
  const DeckId deck = ps.jail_cards[0] > 0 ? DeckId::Chance : DeckId::CommunityChest;
  const PackState& pack = out.state.packs[static_cast<int>(deck)];
  const Deck& d = r.decks[static_cast<int>(deck)];
  CardIndex card = kNoCard;
  for (std::size_t i = 0; i < d.cards.size(); ++i)
    if (d.cards[i].action == CardAction::GetOutOfJailFree && (pack.out & (std::uint64_t{1} << i)))
      card = static_cast<CardIndex>(i);
  effect::return_jail_card(out, c.actor, deck, card);
  effect::leave_jail(out, c.actor, JailExit::Card);
  return accepted(out);
}

Decision decide_pay_tax(const Ruleset& r, const State& s, const Command& c) {
  const Square& sq = r.square(s.pending_square);
  Outcome out(r, s);
  // The worth is reckoned as it stands when he chooses, before anything is sold to pay.
  const Money due = c.tax == TaxChoice::Percent ? Money{total_worth(r, s, c.actor).units * sq.tax_percent / 100} : sq.tax;
  effect::pay(out, effect::PaymentKind::Tax, c.actor, kBank, due, s.pending_square);
  effect::finish_move(out, c.actor);
  return accepted(out);
}

Decision decide_end_turn(const Ruleset& r, const State& s, const Command& c) {
  // Mid-move, the refusal cites what the move waits on: the throw again after doubles, or the
  // rest of the move; so this phase check stays here rather than in the gate's table.
  if (s.phase != Phase::TurnOver && !(s.time_called && s.phase == Phase::AwaitingRoll)) {
    const bool doubles = s.phase == Phase::AwaitingRoll && s.rolled_this_turn;
    return Decision::refuse(violation(r, doubles ? rule::kDoublesThrowAgain : rule::kFinishTheMove,
                                      RefusalCode::CannotEndTurnYet, waiting_on(s),
                                      {arg::player(c.actor), arg::count(doubles ? 1 : 0)}));
  }
  Outcome out(r, s);
  if (s.time_called && time_called_waits_on(r, s) != TimeCalledWait::Round) {
    // rule short-game/time-called: time is called and the move is done; ending it closes the move
    // and its transactions: rent not asked for by now is lost, as the next throw would lose it.
    for (const RentClaim& claim : s.rents)
      if (claim.open) effect::forfeit_rent(out, claim);
    return accepted(out);
  }
  effect::start_turn(out, next_player(s));
  return accepted(out);
}

// "Ann claims salary": only in disputes; the referee pays salary itself.
Decision decide_claim_salary(const Ruleset& r, const State&, const Command&) {
  return Decision::refuse(violation(r, rule::kSalaryByReferee, RefusalCode::SalaryPaidByReferee));
}

namespace {

Decision decide_move(const Ruleset& r, const State& s, const Command& c) {
  // A square a command names is on the board: the notation resolves only names it has, but a
  // program calling decide may name any number (the rules index the board by it).
  const bool names_a_site = c.verb == Verb::Mortgage || c.verb == Verb::Unmortgage || c.verb == Verb::Build ||
                            c.verb == Verb::Sell;
  if ((c.square != kNoSquare || names_a_site) && c.square >= r.board_size())
    return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::SquareNotOnBoard, {arg::count(c.square)}));
  for (const TradeSide* side : {&c.give, &c.get})
    for (SquareId sq : side->properties)
      if (sq >= r.board_size())
        return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::SquareNotOnBoard, {arg::count(sq)}));
  if (auto v = gate(r, s, c)) return Decision::refuse(std::move(*v));
  // The rule of each verb, from the verb list (deedlog/verbs.h, "rule").
  switch (c.verb) {
#define DEEDLOG_VERB_RULE(Name, code, rule, ...) \
  case Verb::Name: return rule(r, s, c);
    DEEDLOG_VERBS(DEEDLOG_VERB_RULE)
#undef DEEDLOG_VERB_RULE
  }
  return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::UnknownMove));
}

}  // namespace

namespace {

// Timed editions: the events that start a clock carry the move's @TIME, so that the window can
// be checked against the stamp of the answer. (Events already stamped keep their time.)
// True when it stamped one (the working copy's position then holds the time unstamped).
bool stamp_clocks(const Ruleset& r, const Command& c, Events& events) {
  if (!policy::timed(r) || c.clock == kNoTime) return false;
  const std::int64_t now = c.clock;
  bool stamped = false;
  for (Event& e : events)
    if ((e.type == EventType::PropertyOffered || e.type == EventType::RentDue || e.type == EventType::AuctionOpened ||
         e.type == EventType::BidMade) &&
        e.clock == kNoTime) {
      e.clock = now;
      stamped = true;
    }
  return stamped;
}

// The computer's clock runs out by itself: a move stamped after a window closed finds it closed.
// rule buy/within-the-window: the site not bought in time goes to auction (opened when the time
// ran out); rule auction/closes-after-silence: an auction with no bid for so many seconds ends,
// the high bid winning. A late `buys` or bid is left to its own refusal, which says why.
void lapse_windows(Outcome& out, const Command& c) {
  const Ruleset& r = out.ruleset;
  if (!policy::timed(r) || c.clock == kNoTime) return;
  const std::int64_t now = c.clock;
  const State& s = out.state;
  if (s.phase == Phase::BuyDecision && c.verb != Verb::Buy && c.verb != Verb::Decline &&
      policy::seconds_late_to_buy(r, s.offered_at, c.clock)) {
    const std::int64_t ran_out = policy::buy_window_end(r, s.offered_at);
    const SquareId declined = s.pending_square;
    effect::decline_property(out, s.turn, declined);
    if (!policy::declined_property_auctioned(r)) {
      effect::finish_move(out, out.state.turn);
      return;
    }
    effect::open_auction(out, out.state.turn, declined, AuctionLot::Property, ran_out);
    bar_jailed_bidders(out);
  }
  // rule rent/claim-within-the-window: a rent not claimed in its seconds is lost; the owner's own
  // late claim is left to its refusal, which says how late it was.
  if (!policy::throws_close_rent_windows(r) && c.verb != Verb::ClaimRent)
    for (const RentClaim& claim : std::array<RentClaim, kMaxRentClaims>(out.state.rents))
      if (claim.open && policy::seconds_late_to_claim(r, claim.since, c.clock)) effect::forfeit_rent(out, claim);
  const State& now_state = out.state;
  if (now_state.phase == Phase::Auction && c.verb != Verb::Bid && now_state.auction.since != kNoTime) {
    if (!policy::seconds_late_to_bid(r, now_state.auction.since, now)) return;
    for (PlayerId p = 0; p < now_state.player_count; ++p) {
      const AuctionState& a = out.state.auction;
      if (!is_active(out.state, p) || (a.passed & (1u << p)) || p == a.high_bidder) continue;
      effect::pass_bid(out, p, a.square);
    }
    close_auction_if_done(out);
  }
}

}  // namespace

namespace {

// The move decided on `before` (the position, or the one its lapsed windows left), then the
// debts it lets be paid. lapsed_events come first in the answer.
// rule shortage/auction: the high bidder for a building must still have a site to put it on
// when the auction closes. A move made while the auction runs (a mortgage of the group, a trade
// of one of its sites) that would leave him none is refused: he would win a building with
// nowhere to go, and the game would wait for ever on its placing. Most moves skip this.
std::optional<Violation> strands_building_bid(const Ruleset& r, const State& s, const Decision& d) {
  if (s.phase != Phase::Auction || s.auction.lot == AuctionLot::Property || s.auction.high_bidder == kBank) return std::nullopt;
  const State& after = *d.after;
  if (after.phase != Phase::Auction || after.auction.high_bidder != s.auction.high_bidder) return std::nullopt;
  const bool hotel = s.auction.lot == AuctionLot::Hotel;
  if (can_place_building(r, after, after.auction.high_bidder, hotel)) return std::nullopt;
  return violation(r, rule::kShortageAuction, RefusalCode::HighBidderKeepsAPlace,
                   {arg::player(after.auction.high_bidder), arg::building(hotel)});
}

Decision decide_and_settle(const Ruleset& r, const State& s, const State& before, const Command& c,
                           Events* lapsed_events) {
  Decision d = decide_move(r, before, c);
  if (!d.accepted) return d;
  if (auto v = strands_building_bid(r, s, d)) return Decision::refuse(std::move(*v));
  // The position after the move (d.after) was worked out from `before`, so it holds the lapsed
  // events too; a time stamped on an event after it was applied is not in it, and it is worked
  // out again below (timed editions only).
  const bool stamped = stamp_clocks(r, c, d.events);
  if (lapsed_events && !lapsed_events->empty())
    d.events.insert(d.events.begin(), lapsed_events->begin(), lapsed_events->end());
  // rule debt/paid-when-able: whoever the move brought cash to pays what he owes at once.
  // Only a debt owed before the move, or one it incurred, can be settled; most moves skip this.
  bool owing = false;
  for (PlayerId p = 0; p < s.player_count && !owing; ++p)
    owing = s.player(p).owes_any() && s.player(p).total_owed().units > 0;
  for (const Event& e : d.events) owing = owing || e.type == EventType::DebtIncurred;
  if (!owing && !stamped) return d;
  Outcome out(r, s);
  out.adopt(d.events);
  if (owing)
    for (PlayerId p = 0; p < out.state.player_count; ++p)
      if (out.state.player(p).total_owed().units > 0) effect::settle_debts(out, p);
  return accepted(out);
}

}  // namespace

namespace {
// One spare vector a thread: a decision takes it, its caller may give it back.
thread_local Events spare;
}  // namespace

Events spare_events() {
  Events e;
  if (spare.capacity() >= 8) {
    e.swap(spare);
  } else {
    e.reserve(8);
  }
  return e;
}

void recycle_events(Events&& spent) {
  spent.clear();
  if (spent.capacity() > spare.capacity()) spare.swap(spent);
}

namespace {
// The buffers of positions a thread holds (HeldState): a decision's working copy is taken from
// here and goes back when the decision is done with, so deciding allocates nothing. Plain
// thread-locals, read without a guard on every decision; the one with a destructor (which
// frees the buffers when the thread ends) is touched only when a buffer is first made.
constexpr std::size_t kPoolKept = 8;
thread_local State* pool_kept[kPoolKept] = {};
thread_local std::size_t pool_size = 0;
// Set once this thread's buffers are freed (a position released while the thread ends is freed).
thread_local bool pool_gone = false;

struct PoolEnd {
  bool made = false;
  ~PoolEnd() {
    pool_gone = true;
    for (std::size_t i = 0; i < pool_size; ++i) delete pool_kept[i];
    pool_size = 0;
  }
};
thread_local PoolEnd pool_end;

State* hold(const State& s) {
  if (pool_size > 0) {
    State* p = pool_kept[--pool_size];
    // A plain copy of the bytes (State is trivially copyable).
    std::memcpy(static_cast<void*>(p), &s, sizeof(State));
    return p;
  }
  pool_end.made = true;  // its destructor frees the buffers kept when the thread ends
  return new State(s);
}

}  // namespace

void release_held_state(State* p) {
  if (!pool_gone && pool_size < kPoolKept) {
    pool_kept[pool_size++] = p;
    return;
  }
  delete p;
}

HeldState::HeldState(const State& s) : p_(hold(s)) {}
HeldState::HeldState(const HeldState& other) : p_(other.p_ ? hold(*other.p_) : nullptr) {}
HeldState& HeldState::operator=(const HeldState& other) {
  if (this != &other) {
    HeldState copy(other);
    std::swap(p_, copy.p_);
  }
  return *this;
}

Event move_line(const Command& command, std::string text) {
  Event line;
  line.type = EventType::MovePlayed;
  line.player = command.actor;
  line.text = std::move(text);
  return line;
}

namespace {
// The move's line comes first in the journal, then the events decided on the position before
// it: the decision's position is that of its events, with the line put before them (what
// evolve does on MovePlayed, which the events never read).
void put_line_first(State& after, std::int64_t line_seq) {
  after.move_lines[static_cast<std::size_t>(after.moves_played % kTakeBackDepth)] = line_seq;
  ++after.moves_played;
  ++after.seq;
}
}  // namespace

void apply_decision(State& position, const Decision& decision) {
  assert(decision.accepted && decision.after);
  const std::int64_t line_seq = position.seq + 1;
  std::memcpy(static_cast<void*>(&position), &*decision.after, sizeof(State));
  put_line_first(position, line_seq);
}

void apply_decision(HeldState& position, Decision&& decision) {
  assert(decision.accepted && decision.after && position);
  const std::int64_t line_seq = position->seq + 1;
  std::swap(position, decision.after);
  put_line_first(*position, line_seq);
}

Decision decide(const Ruleset& r, const State& s, const Command& c) {
  // "Ben declines" said to an open offer of a trade answers it as "Ben rejects" does, unless Ben
  // is the lander deciding on a purchase, which is what "declines" names first.
  if (c.verb == Verb::Decline && s.offer.open && s.offer.to == c.actor &&
      !(s.phase == Phase::BuyDecision && s.turn == c.actor)) {
    Command reject = c;
    reject.verb = Verb::Reject;
    return decide(r, s, reject);
  }
  // Only a stamped move in a timed edition can find a window run out (most moves skip this, and
  // pay for no working copy of the position: self-play decides a few hundred thousand a second).
  if (policy::timed(r) && c.clock != kNoTime) {
    Outcome lapsed(r, s);
    lapse_windows(lapsed, c);
    if (!lapsed.events.empty()) return decide_and_settle(r, s, lapsed.state, c, &lapsed.events);
  }
  return decide_and_settle(r, s, s, c, nullptr);
}

}  // namespace deedlog
