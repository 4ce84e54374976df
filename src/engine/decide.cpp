#include "engine/decide.h"

#include <fmt/format.h>

#include <cctype>

#include "core/article.h"
#include "core/name_match.h"
#include "engine/currency.h"
#include "engine/decide_support.h"
#include "engine/effects.h"
#include "engine/move_resolution.h"
#include "engine/policies.h"
#include "engine/player_ref.h"
#include "engine/rent.h"
#include "engine/seeded_chance.h"
#include "engine/valuation.h"
#include "rules/card_lookup.h"

namespace deedlog {
namespace {

std::string money(const Ruleset& r, Money m) { return money_words(r, m); }
std::string square_name(const Ruleset& r, SquareId s) { return square_words(r, s); }

// A move that starts a turn (a throw, or a jailed player's fine or card before his throw)
// may come once the last player's move is over: it passes the turn on by itself.
std::optional<Violation> take_turn(Outcome& out, PlayerId actor, std::string_view what) {
  const State& s = out.state;
  const Ruleset& r = out.ruleset;
  if (s.phase == Phase::TurnOver) {
    const PlayerId next = next_player(s);
    if (actor == s.turn && s.player_count > 1) {
      return violation(r, rule::kTurnOrder,
                       fmt::format("{}'s move is over (no doubles to throw again); {} throws next",
                                   player_ref(actor), player_ref(next)));
    }
    if (actor != next) {
      return violation(r, rule::kTurnOrder,
                       fmt::format("it is not {}'s turn: {} plays next", player_ref(actor), player_ref(next)));
    }
    effect::start_turn(out, actor);
    return std::nullopt;
  }
  if (s.phase != Phase::AwaitingRoll) {
    return violation(r, rule::kFinishTheMove, fmt::format("{} cannot {} now: {}", player_ref(actor), what,
                                                          pending_words(r, s)));
  }
  if (actor != s.turn) {
    return violation(r, rule::kTurnOrder,
                     fmt::format("it is not {}'s turn: {} must throw", player_ref(actor), player_ref(s.turn)));
  }
  return std::nullopt;
}

// Rent windows close at a throw of the dice: unclaimed rent is then lost. uk-1972: any throw;
// US: the turn's first throw of the second player following the payer.
void close_rent_windows(Outcome& out, PlayerId thrower) {
  // rule rent/claim-within-the-window (computer): only the clock closes a timed window.
  if (out.ruleset.rent_window == RentWindow::Timed) return;
  const bool starts_turn = !out.state.rolled_this_turn;
  for (const RentClaim& c : out.state.rents) {
    if (!c.open) continue;
    if (c.closes_on != kBank && !(c.closes_on == thrower && starts_turn)) continue;
    effect::forfeit_rent(out, c);  // evolve closes this slot; the loop goes on to the next
  }
}

Decision decide_roll(const Ruleset& r, const State& s, const Command& c) {
  Outcome out(r, s);
  if (s.phase == Phase::CardDice) {
    // rule cards/advance-to-nearest: the throw the card asks for, its rent times the dice.
    if (c.actor != s.turn)
      return Decision::refuse(violation(r, rule::kCardNearest, fmt::format("the throw is {}'s", player_ref(s.turn))));
    if (c.die1 == 0 && c.die2 == 0 && !s.seeded)
      return Decision::refuse(violation(r, rule::kSeededDice, "write the dice as thrown, e.g. \"rolls 3 4\""));
    if ((c.die1 != 0 || c.die2 != 0) && (c.die1 < 1 || c.die1 > 6 || c.die2 < 1 || c.die2 > 6))
      return Decision::refuse(violation(r, rule::kTurnOrder, fmt::format("dice show 1 to 6, not {} and {}", c.die1, c.die2)));
    throw_for_card_rent(out, c.actor, c.die1, c.die2);
    return Decision::accept(std::move(out.events));
  }
  if (auto v = take_turn(out, c.actor, "throw")) return Decision::refuse(*v);
  if (auto v = missed_go_block(r, out.state, c.actor)) return Decision::refuse(*v);
  int d1 = c.die1, d2 = c.die2;
  if (d1 == 0 && d2 == 0) {
    if (!s.seeded)
      return Decision::refuse(violation(r, rule::kSeededDice,
                                        "this game has no Seed, so the referee cannot throw: write the dice "
                                        "as thrown, e.g. \"rolls 3 4\""));
    std::tie(d1, d2) = seeded_dice(s.seed, s.throws);
  }
  if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
    return Decision::refuse(violation(r, rule::kTurnOrder, fmt::format("dice show 1 to 6, not {} and {}", d1, d2)));
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
      return Decision::accept(std::move(out.events));
    } else if (turn_number >= r.jail.max_turns) {
      // rule jail/third-turn-fine: the last allowed throw failed: pay the fine, come out, move.
      effect::throw_dice(out, p, d1, d2, 0, false);
      effect::pay_jail_fine(out, p, r.jail.fine);
      effect::leave_jail(out, p, JailExit::ThirdTurnFine);
    } else {
      effect::throw_dice(out, p, d1, d2, 0, false);
      effect::fail_jail_throw(out, p, turn_number);
      effect::finish_move(out, p);
      return Decision::accept(std::move(out.events));
    }
    effect::move_forward(out, p, d1 + d2);
    resolve_landing(out, p);
    return Decision::accept(std::move(out.events));
  }

  const int run = doubles ? out.state.doubles + 1 : 0;
  effect::throw_dice(out, p, d1, d2, run, doubles);
  if (doubles && run >= r.doubles_to_jail) {
    // rule turn/three-doubles-jail: the third double in a row does not move the token.
    effect::send_to_jail(out, p, JailReason::ThreeDoubles);
    effect::finish_move(out, p);
    return Decision::accept(std::move(out.events));
  }
  effect::move_forward(out, p, d1 + d2);
  resolve_landing(out, p);
  return Decision::accept(std::move(out.events));
}

std::optional<Violation> must_decide_purchase(const Ruleset& r, const State& s, const Command& c,
                                              std::string_view what) {
  if (s.phase != Phase::BuyDecision)
    return violation(r, rule::kBuyAtPrintedPrice,
                     fmt::format("{} has nothing to {}: a property is bought when its buyer lands on it unowned; "
                                 "now {}", player_ref(c.actor), what, pending_words(r, s)));
  if (c.actor != s.turn)
    return violation(r, rule::kBuyAtPrintedPrice,
                     fmt::format("only {}, who landed on {}, may {} it at the printed price", player_ref(s.turn),
                                 square_name(r, s.pending_square), what));
  return std::nullopt;
}

Decision decide_buy(const Ruleset& r, const State& s, const Command& c) {
  if (auto v = must_decide_purchase(r, s, c, "buy")) return Decision::refuse(*v);
  const Square& sq = r.square(s.pending_square);
  // rule buy/within-the-window: the "for sale" notice stands for so many seconds.
  if (auto late = seconds_late(r.timed.buy_seconds, s.offered_at, c.at))
    return Decision::refuse(violation(
        r, rule::kBuyInTime,
        fmt::format("{} had {} seconds from landing on {} to buy it and answered {} seconds after; the site goes "
                    "to auction ({} declines)",
                    player_ref(c.actor), r.timed.buy_seconds, sq.name, *late, player_ref(c.actor))));
  // rule currency/purchase-in-region-currency: the printed price is in the currency of the
  // property's region; the buyer pays it converted into his own.
  const Money price = cost_for(r, s, c.actor, s.pending_square, sq.price);
  if (s.player(c.actor).cash < price)
    return Decision::refuse(violation(
        r, rule::kBuyNeedsCash,
        fmt::format("{} costs {} and {} has {}: {} or decline{}", sq.name, money(r, price), player_ref(c.actor),
                    money(r, s.player(c.actor).cash),
                    r.mortgage.before_throw_only
                        ? std::string("mortgages are arranged before the throw, so he buys with the cash in hand")
                        : "raise the money first (" + raising_words(r) + ")",
                    policy::declined_property_auctioned(r) ? " and it goes to auction" : "")));
  Outcome out(r, s);
  effect::buy_property(out, c.actor, s.pending_square, price, sq.price);
  effect::finish_move(out, c.actor);
  return Decision::accept(std::move(out.events));
}

Decision decide_decline(const Ruleset& r, const State& s, const Command& c) {
  if (auto v = must_decide_purchase(r, s, c, "decline")) return Decision::refuse(*v);
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
  return Decision::accept(std::move(out.events));
}

std::optional<Violation> auction_open_for(const Ruleset& r, const State& s, PlayerId p) {
  if (s.phase != Phase::Auction && r.house.no_auctions && r.auctions)
    return violation(r, rule::kHouseNoAuctions,
                     "no auction is open: the house rules say a declined property is not auctioned but stays with "
                     "the Bank for the next player who lands on it");
  if (s.phase != Phase::Auction && !r.auctions)
    return violation(r, rule::kBuyDeclinedWaits,
                     "no auction is open: in this edition a declined property is not auctioned but stays with the "
                     "Bank for the next player who lands on it");
  if (s.phase != Phase::Auction)
    return violation(r, rule::kDeclineAuction,
                     fmt::format("no auction is open: one opens when a player declines to buy; now {}",
                                 pending_words(r, s)));
  if (s.auction.passed & (1u << p))
    return violation(r, rule::kAuctionPassIsFinal,
                     fmt::format("{} has passed and is out of this auction", player_ref(p)));
  return std::nullopt;
}

// rule auction/any-player: every player still in the game may bid, the one who declined too.
Decision decide_bid(const Ruleset& r, const State& s, const Command& c) {
  // rule jail/no-bidding
  if (s.phase == Phase::Auction && !r.jail.jailed_may_bid && s.player(c.actor).in_jail)
    return Decision::refuse(violation(r, rule::kJailNoBid,
                                      fmt::format("{} is in {} and may not bid", player_ref(c.actor), r.words.jail)));
  if (auto v = auction_open_for(r, s, c.actor)) return Decision::refuse(*v);
  const AuctionState& a = s.auction;
  if (a.lot != AuctionLot::Property && !can_place_building(r, s, c.actor, a.lot == AuctionLot::Hotel))
    return Decision::refuse(violation(r, rule::kShortageAuction,
                                      fmt::format("{} has nowhere to put {} and so does not bid for one",
                                                  player_ref(c.actor),
                                                  with_article(a.lot == AuctionLot::Hotel ? r.words.hotel : r.words.house))));
  // rule auction/closes-after-silence: no bid for so many seconds and the auction is over.
  if (auto late = seconds_late(r.timed.auction_seconds, a.since, c.at))
    return Decision::refuse(violation(
        r, rule::kAuctionSilence,
        fmt::format("no bid came for {} seconds after the {}, so the auction was over {} seconds before this bid: "
                    "the others pass",
                    *late + r.timed.auction_seconds, a.high_bidder == kBank ? "opening" : "last bid", *late)));
  const Money least = lowest_bid(r, s);
  if (c.amount < least && a.high_bidder == kBank && least.units > 1)
    // rule auction/opens-at-half-price
    return Decision::refuse(violation(r, rule::kAuctionOpening,
                                      fmt::format("the bidding for {} starts at {}, {}% of its price",
                                                  square_name(r, a.square), money(r, least),
                                                  r.auction.opening_percent)));
  if (c.amount < least && a.high_bidder != kBank && r.auction.step.units > 1)
    // rule auction/small-steps
    return Decision::refuse(violation(r, rule::kAuctionStep,
                                      fmt::format("each bid raises the last by {} at least: {} or more",
                                                  money(r, r.auction.step), money(r, least))));
  if (c.amount <= a.high_bid || c.amount.units <= 0)
    return Decision::refuse(violation(
        r, rule::kBidsRise,
        a.high_bidder == kBank
            ? std::string("a bid is a positive amount")
            : fmt::format("the bid to beat is {} by {}: bid more or pass", money(r, a.high_bid),
                          player_ref(a.high_bidder))));
  if (c.amount > s.player(c.actor).cash)
    return Decision::refuse(violation(r, rule::kBidWithinCash,
                                      fmt::format("{} has {} and cannot bid {}: players may not borrow, so a bid "
                                                  "must be payable in cash",
                                                  player_ref(c.actor), money(r, s.player(c.actor).cash),
                                                  money(r, c.amount))));
  Outcome out(r, s);
  effect::bid(out, c.actor, a.square, c.amount);
  close_auction_if_done(out);
  return Decision::accept(std::move(out.events));
}

Decision decide_pass(const Ruleset& r, const State& s, const Command& c) {
  if (auto v = auction_open_for(r, s, c.actor)) return Decision::refuse(*v);
  if (s.auction.high_bidder == c.actor)
    return Decision::refuse(violation(r, rule::kAuctionCloses,
                                      fmt::format("{} holds the high bid of {}; it stands until the others pass",
                                                  player_ref(c.actor), money(r, s.auction.high_bid))));
  Outcome out(r, s);
  effect::pass_bid(out, c.actor, s.auction.square);
  close_auction_if_done(out);
  return Decision::accept(std::move(out.events));
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
    if (auto late = seconds_late(r.timed.rent_seconds, claim.since, c.at)) {
      too_late = violation(r, rule::kRentInTime,
                           fmt::format("{} had {} seconds to claim the rent on {} and claimed {} seconds late: it is "
                                       "not owed",
                                       player_ref(c.actor), r.timed.rent_seconds, square_name(r, claim.square), *late));
      continue;
    }
    effect::collect_rent(out, claim);
  }
  if (!out.events.empty()) return Decision::accept(std::move(out.events));
  if (too_late) return Decision::refuse(*too_late);
  if (any_open) {
    for (const RentClaim& claim : s.rents)
      if (claim.open)
        return Decision::refuse(violation(r, rule::kRentOwnerAsks,
                                          fmt::format("the rent for {} is owed to its owner, {}, not to {}",
                                                      square_name(r, claim.square), player_ref(claim.owner),
                                                      player_ref(c.actor))));
  }
  if (r.rent_window == RentWindow::Timed)
    return Decision::refuse(violation(r, rule::kRentInTime,
                                      fmt::format("no rent is owed to {} now: rent is due only for a landing on an "
                                                  "owned site, and only if claimed within {} seconds of it",
                                                  player_ref(c.actor), r.timed.rent_seconds)));
  return Decision::refuse(violation(r, rule::kRentAskInTime,
                                    fmt::format("no rent is owed to {} now: rent is due only for a landing on an "
                                                "owned property, and only if asked for before {}",
                                                player_ref(c.actor),
                                                r.rent_window == RentWindow::BeforeNextThrow
                                                    ? "the next throw of the dice"
                                                    : "the second player following the one who landed throws")));
}

// Which card of the pack the player says he turned up, checked against what the table knows
// of the pack's order.
std::optional<Violation> identify_card(const Ruleset& r, const State& s, DeckId deck, const std::string& query,
                                       CardIndex* card) {
  const Deck& d = r.decks[static_cast<int>(deck)];
  const PackState& pack = s.packs[static_cast<int>(deck)];
  const auto top = known_top_card(pack);
  if (query.empty()) {
    if (!top)
      return violation(r, rule::kCardDraw,
                       fmt::format("the order of the {} pack is not known yet: say which card was turned up "
                                   "(e.g. draws \"{}\")",
                                   d.name, d.cards.front().text));
    *card = *top;
    return std::nullopt;
  }
  // "chance:7" or the card's text, read as the notation reads it (rules/card_lookup.h).
  const CardLookup named = find_card(query, r, deck);
  if (!named.found) return violation(r, rule::kCardDraw, named.error);
  *card = named.card;
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
  const std::string& text = d.cards[*card].text;
  if (pack.out & bit)
    return violation(r, rule::kCardJailKept,
                     fmt::format("\"{}\" is held by a player, not in the {} pack", text, d.name));
  if (pack.unseen != 0 && !(pack.unseen & bit))
    return violation(r, rule::kCardOrder,
                     fmt::format("\"{}\" was turned up before and went to the bottom of the pack; the cards not yet "
                                 "seen lie above it, so the next card must be one of those",
                                 text));
  if (top && *top != *card)
    return violation(r, rule::kCardOrder,
                     fmt::format("every {} card has been seen, so the order is known: the next card is \"{}\", "
                                 "not \"{}\"",
                                 d.name, d.cards[*top].text, text));
  return std::nullopt;
}

Decision decide_draw(const Ruleset& r, const State& s, const Command& c) {
  if (s.phase != Phase::AwaitingCard && s.phase != Phase::CardChoice)
    return Decision::refuse(violation(r, rule::kCardDraw,
                                      fmt::format("no card is due: a card is taken on landing on its square; now {}",
                                                  pending_words(r, s))));
  if (c.actor != s.turn)
    return Decision::refuse(violation(r, rule::kCardDraw,
                                      fmt::format("the card is {}'s to take", player_ref(s.turn))));
  CardIndex card = kNoCard;
  if (auto v = identify_card(r, s, s.pending_deck, c.card_query, &card)) return Decision::refuse(*v);
  Outcome out(r, s);
  follow_card(out, c.actor, s.pending_deck, card);
  return Decision::accept(std::move(out.events));
}

// rule jail/last-failure-pay-or-miss: the fine paid after the last failed throw frees the player,
// who moves by that throw.
Decision decide_pay_and_move(const Ruleset& r, const State& s, const Command& c) {
  if (c.actor != s.turn)
    return Decision::refuse(violation(r, rule::kJailPayOrMiss, fmt::format("the choice is {}'s", player_ref(s.turn))));
  if (s.player(c.actor).cash < s.pending_fine)
    return Decision::refuse(violation(r, rule::kJailPayOrMiss,
                                      fmt::format("{} has {}, less than the {} fine: he misses his next go instead "
                                                  "(skips go)",
                                                  player_ref(c.actor), money(r, s.player(c.actor).cash),
                                                  money(r, s.pending_fine))));
  Outcome out(r, s);
  effect::pay_jail_fine(out, c.actor, s.pending_fine);
  effect::leave_jail(out, c.actor, JailExit::ThirdTurnFine);
  effect::move_forward(out, c.actor, s.last_die1 + s.last_die2);
  resolve_landing(out, c.actor);
  return Decision::accept(std::move(out.events));
}

// rule jail/skip-a-go: a jailed player may sit out a go instead of throwing, and is then free
// (he moves on his next go). After the last failed throw, skipping is the choice to miss the
// next go: he stays in until that go, which he then sits out.
Decision decide_skip_go(const Ruleset& r, const State& s, const Command& c) {
  if (s.phase == Phase::JailChoice) {
    if (c.actor != s.turn)
      return Decision::refuse(violation(r, rule::kJailPayOrMiss, fmt::format("the choice is {}'s", player_ref(s.turn))));
    Outcome out(r, s);
    effect::skip_go(out, c.actor, /*stays_in=*/true);
    return Decision::accept(std::move(out.events));
  }
  Outcome out(r, s);
  if (auto v = take_turn(out, c.actor, "skip the go")) return Decision::refuse(*v);
  const PlayerState& ps = out.state.player(c.actor);
  if (!r.jail.may_skip_go)
    return Decision::refuse(violation(r, rule::kJailSkipGo,
                                      fmt::format("in this edition a player does not skip a go: {} throws", player_ref(c.actor))));
  if (!ps.in_jail)
    return Decision::refuse(violation(r, rule::kJailSkipGo,
                                      fmt::format("only a player in {} may skip a go; {} throws", r.words.jail,
                                                  player_ref(c.actor))));
  if (out.state.rolled_this_turn)
    return Decision::refuse(violation(r, rule::kJailSkipGo, "a go is skipped instead of throwing, not after"));
  effect::leave_jail(out, c.actor, JailExit::SkippedGo);
  effect::skip_go(out, c.actor, /*stays_in=*/false);
  return Decision::accept(std::move(out.events));
}

Decision decide_pay_fine(const Ruleset& r, const State& s, const Command& c) {
  if (s.phase == Phase::CardChoice) {
    if (c.actor != s.turn)
      return Decision::refuse(violation(r, rule::kCardChoice, fmt::format("the choice is {}'s", player_ref(s.turn))));
    if (s.player(c.actor).cash < s.pending_fine)
      return Decision::refuse(violation(r, rule::kCardChoice,
                                        fmt::format("{} has {}, less than the {} fine: take the {} card instead",
                                                    player_ref(c.actor), money(r, s.player(c.actor).cash),
                                                    money(r, s.pending_fine),
                                                    r.decks[static_cast<int>(s.pending_deck)].name)));
    Outcome out(r, s);
    // rule cards/fine-or-chance: the fine goes to the Bank like any card's payment (and so to
    // the Free Parking jackpot where that house rule holds).
    effect::pay(out, effect::PaymentKind::CardToBank, c.actor, kBank, s.pending_fine);
    effect::finish_move(out, c.actor);
    return Decision::accept(std::move(out.events));
  }
  if (s.phase == Phase::JailChoice) return decide_pay_and_move(r, s, c);
  Outcome out(r, s);
  if (auto v = take_turn(out, c.actor, "pay the fine")) return Decision::refuse(*v);
  if (auto v = missed_go_block(r, out.state, c.actor)) return Decision::refuse(*v);
  const PlayerState& ps = out.state.player(c.actor);
  if (!ps.in_jail)
    return Decision::refuse(violation(r, rule::kJailFine, fmt::format("{} is not in {}", player_ref(c.actor), r.words.jail)));
  if (out.state.rolled_this_turn)
    return Decision::refuse(violation(r, rule::kJailFine, "the fine is paid before throwing, not after"));
  if (ps.jail_turns >= r.jail.fine_before_throw_turns)
    return Decision::refuse(violation(
        r, rule::kJailThirdTurn,
        fmt::format("this is {}'s last turn in {}: he throws first, and pays the {} fine only if the throw is not a "
                    "double",
                    player_ref(c.actor), r.words.jail, money(r, r.jail.fine))));
  if (ps.cash < r.jail.fine)
    return Decision::refuse(violation(r, rule::kJailFine,
                                      fmt::format("{} has {}, less than the {} fine: throw for doubles instead",
                                                  player_ref(c.actor), money(r, ps.cash), money(r, r.jail.fine))));
  effect::pay_jail_fine(out, c.actor, r.jail.fine);
  effect::leave_jail(out, c.actor, JailExit::Fine);
  return Decision::accept(std::move(out.events));
}

Decision decide_use_card(const Ruleset& r, const State& s, const Command& c) {
  Outcome out(r, s);
  if (auto v = take_turn(out, c.actor, "use a card")) return Decision::refuse(*v);
  if (auto v = missed_go_block(r, out.state, c.actor)) return Decision::refuse(*v);
  const PlayerState& ps = out.state.player(c.actor);
  if (!ps.in_jail)
    return Decision::refuse(violation(r, rule::kJailCard, fmt::format("{} is not in {}", player_ref(c.actor), r.words.jail)));
  if (out.state.rolled_this_turn)
    return Decision::refuse(violation(r, rule::kJailCard, "the card is used before throwing, not after"));
  if (ps.jail_card_count() == 0)
    return Decision::refuse(violation(r, rule::kJailCard,
                                      fmt::format("{} holds no {} card", player_ref(c.actor), r.words.jail_card)));
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
  return Decision::accept(std::move(out.events));
}

Decision decide_pay_tax(const Ruleset& r, const State& s, const Command& c) {
  if (s.phase != Phase::TaxChoice)
    return Decision::refuse(violation(r, rule::kTaxChoice,
                                      "no choice of tax is open: a tax is paid when the token lands on its square, "
                                      "and only a square that offers a percentage asks which"));
  if (c.actor != s.turn)
    return Decision::refuse(violation(r, rule::kTaxChoice, fmt::format("the choice is {}'s", player_ref(s.turn))));
  const Square& sq = r.square(s.pending_square);
  Outcome out(r, s);
  // The worth is reckoned as it stands when he chooses, before anything is sold to pay.
  const Money due = c.tax == TaxChoice::Percent ? Money{total_worth(r, s, c.actor).units * sq.tax_percent / 100} : sq.tax;
  effect::pay(out, effect::PaymentKind::Tax, c.actor, kBank, due, s.pending_square);
  effect::finish_move(out, c.actor);
  return Decision::accept(std::move(out.events));
}

Decision decide_end_turn(const Ruleset& r, const State& s, const Command& c) {
  if (c.actor != s.turn)
    return Decision::refuse(violation(r, rule::kEndTurn, fmt::format("it is {}'s turn, not {}'s", player_ref(s.turn),
                                                                     player_ref(c.actor))));
  if (s.phase != Phase::TurnOver)
    return Decision::refuse(violation(r, s.phase == Phase::AwaitingRoll && s.rolled_this_turn
                                             ? rule::kDoublesThrowAgain
                                             : rule::kFinishTheMove,
                                      fmt::format("{} cannot end the turn yet: {}{}", player_ref(c.actor),
                                                  pending_words(r, s),
                                                  s.phase == Phase::AwaitingRoll && s.rolled_this_turn
                                                      ? " again (doubles)"
                                                      : "")));
  Outcome out(r, s);
  effect::start_turn(out, next_player(s));
  return Decision::accept(std::move(out.events));
}

}  // namespace

namespace {

Decision decide_move(const Ruleset& r, const State& s, const Command& c) {
  // A correction may be recorded at any point, even after the end: it changes only what follows.
  if (c.verb == Verb::Award) return decide_award(r, s, c);
  if (s.phase == Phase::GameOver)
    return Decision::refuse(violation(r, rule::kGameOver, pending_words(r, s)));
  if (c.actor == kReferee) {
    switch (c.verb) {
      case Verb::CallTime: return decide_call_time(r, s, c);
      case Verb::Deal: return decide_deal(r, s, c);
      case Verb::AuctionBuilding:
        if (auto v = debts_block(r, s)) return Decision::refuse(*v);
        if (s.time_called)
          return Decision::refuse(violation(r, rule::kShortTime, "time has been called: no further dealings"));
        return decide_auction_building(r, s, c);
      default:
        return Decision::refuse(violation(r, rule::kTurnOrder, "the referee calls time, deals, awards and opens "
                                                               "building auctions; the players make the other moves"));
    }
  }
  if (!is_active(s, c.actor))
    return Decision::refuse(violation(r, rule::kTurnOrder, "only a player still in the game may make a move"));
  // rule shortage/auction: the building bought at auction is placed at once; nothing else first.
  if (s.phase == Phase::Placing && !(c.verb == Verb::Build && c.actor == s.placing_player) &&
      c.verb != Verb::ClaimRent)
    return Decision::refuse(violation(r, rule::kShortageAuction, pending_words(r, s)));
  const bool moves_game_on = c.verb == Verb::Roll || c.verb == Verb::Buy || c.verb == Verb::Decline ||
                             c.verb == Verb::Bid || c.verb == Verb::Pass || c.verb == Verb::Draw ||
                             c.verb == Verb::PayFine || c.verb == Verb::UseCard || c.verb == Verb::EndTurn ||
                             c.verb == Verb::Build || c.verb == Verb::SkipGo;
  if (moves_game_on) {
    if (auto v = debts_block(r, s)) return Decision::refuse(*v);
  }
  if (s.time_called) {
    // rule short-game/time-called: the move in progress is completed; nothing new begins.
    const bool completes_move = c.verb == Verb::Buy || c.verb == Verb::Decline || c.verb == Verb::Bid ||
                                c.verb == Verb::Pass || c.verb == Verb::Draw || c.verb == Verb::ClaimRent ||
                                c.verb == Verb::DeclareBankruptcy ||
                                (c.verb == Verb::Build && s.phase == Phase::Placing) ||
                                (c.verb == Verb::PayFine && s.phase == Phase::CardChoice) ||
                                // A card's rent throw, a choice of tax or of how to leave jail
                                // belong to the move in progress too.
                                (c.verb == Verb::Roll && s.phase == Phase::CardDice) ||
                                (c.verb == Verb::PayTax && s.phase == Phase::TaxChoice) ||
                                ((c.verb == Verb::PayFine || c.verb == Verb::SkipGo) && s.phase == Phase::JailChoice) ||
                                ((c.verb == Verb::Sell || c.verb == Verb::Mortgage) &&
                                 s.player(c.actor).total_owed().units > 0);
    if (!completes_move)
      return Decision::refuse(violation(r, rule::kShortTime,
                                        "time has been called: the move in progress is completed and no further "
                                        "dealings take place (referee value gives the result)"));
  }
  if (c.verb == Verb::Roll && !dealing_done(r, s))
    return Decision::refuse(violation(r, rule::kShortDeal,
                                      fmt::format("the Banker deals {} title deeds to each player before the first "
                                                  "throw (Referee deals NAME: DEED, DEED)",
                                                  r.short_game.deeds_dealt)));
  switch (c.verb) {
    case Verb::Roll: return decide_roll(r, s, c);
    case Verb::Buy: return decide_buy(r, s, c);
    case Verb::Decline: return decide_decline(r, s, c);
    case Verb::Bid: return decide_bid(r, s, c);
    case Verb::Pass: return decide_pass(r, s, c);
    case Verb::ClaimRent: return decide_claim_rent(r, s, c);
    case Verb::Draw: return decide_draw(r, s, c);
    case Verb::PayFine: return decide_pay_fine(r, s, c);
    case Verb::UseCard: return decide_use_card(r, s, c);
    case Verb::EndTurn: return decide_end_turn(r, s, c);
    case Verb::SkipGo: return decide_skip_go(r, s, c);
    case Verb::Build: return decide_build(r, s, c);
    case Verb::Sell: return decide_sell(r, s, c);
    case Verb::Mortgage: return decide_mortgage(r, s, c);
    case Verb::Unmortgage: return decide_unmortgage(r, s, c);
    case Verb::Offer: return decide_offer(r, s, c);
    case Verb::Accept: return decide_accept(r, s, c);
    case Verb::Reject: return decide_reject(r, s, c);
    case Verb::PayTax: return decide_pay_tax(r, s, c);
    case Verb::DeclareBankruptcy: return decide_bankruptcy(r, s, c);
    case Verb::FormConglomerate: return decide_form_conglomerate(r, s, c);
    case Verb::ClaimSalary:
      return Decision::refuse(violation(r, rule::kSalaryByReferee,
                                        "the referee pays salary itself whenever it is due; to question a move's "
                                        "salary, ask `referee dispute \"NAME claims salary\" --at SEQ`"));
    case Verb::CallTime:
    case Verb::Deal:
    case Verb::AuctionBuilding:
    case Verb::Award:
      return Decision::refuse(violation(r, rule::kTurnOrder, "only the referee calls time, deals, awards, or opens a building auction"));
  }
  return Decision::refuse(violation(r, rule::kTurnOrder, "unknown move"));
}

}  // namespace

namespace {

bool timed(const Ruleset& r) { return (r.timed.buy_seconds | r.timed.rent_seconds | r.timed.auction_seconds) != 0; }

// Timed editions: the events that start a clock carry the move's @TIME, so that the window can
// be checked against the stamp of the answer. (Events already stamped keep their time.)
void stamp_clocks(const Ruleset& r, const Command& c, Events& events) {
  if (!timed(r) || c.at.empty()) return;
  const std::int64_t now = clock_seconds(c.at);
  for (Event& e : events)
    if ((e.type == EventType::PropertyOffered || e.type == EventType::RentDue || e.type == EventType::AuctionOpened ||
         e.type == EventType::BidMade) &&
        e.clock == kNoTime)
      e.clock = now;
}

// The computer's clock runs out by itself: a move stamped after a window closed finds it closed.
// rule buy/within-the-window: the site not bought in time goes to auction (opened when the time
// ran out); rule auction/closes-after-silence: an auction with no bid for so many seconds ends,
// the high bid winning. A late `buys` or bid is left to its own refusal, which says why.
void lapse_windows(Outcome& out, const Command& c) {
  const Ruleset& r = out.ruleset;
  if (!timed(r) || c.at.empty()) return;
  const std::int64_t now = clock_seconds(c.at);
  const State& s = out.state;
  if (s.phase == Phase::BuyDecision && c.verb != Verb::Buy && c.verb != Verb::Decline &&
      seconds_late(r.timed.buy_seconds, s.offered_at, c.at)) {
    const std::int64_t ran_out = s.offered_at + r.timed.buy_seconds;
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
  if (r.rent_window == RentWindow::Timed && c.verb != Verb::ClaimRent)
    for (const RentClaim& claim : std::array<RentClaim, kMaxRentClaims>(out.state.rents))
      if (claim.open && seconds_late(r.timed.rent_seconds, claim.since, c.at)) effect::forfeit_rent(out, claim);
  const State& now_state = out.state;
  if (now_state.phase == Phase::Auction && c.verb != Verb::Bid && now_state.auction.since != kNoTime) {
    const auto elapsed = seconds_between(now_state.auction.since, now);
    if (!elapsed || *elapsed <= r.timed.auction_seconds || r.timed.auction_seconds <= 0) return;
    for (PlayerId p = 0; p < now_state.player_count; ++p) {
      const AuctionState& a = out.state.auction;
      if (!is_active(out.state, p) || (a.passed & (1u << p)) || p == a.high_bidder) continue;
      effect::pass_bid(out, p, a.square);
    }
    close_auction_if_done(out);
  }
}

}  // namespace

Decision decide(const Ruleset& r, const State& s, const Command& c) {
  // Only a stamped move in a timed edition can find a window run out (most moves skip this).
  Events lapsed_events;
  std::optional<Outcome> lapsed;
  const State* before = &s;
  if (timed(r) && !c.at.empty()) {
    lapsed.emplace(r, s);
    lapse_windows(*lapsed, c);
    if (!lapsed->events.empty()) {
      lapsed_events = lapsed->events;
      before = &lapsed->state;
    }
  }
  Decision d = decide_move(r, *before, c);
  if (!d.accepted) return d;
  stamp_clocks(r, c, d.events);
  if (!lapsed_events.empty()) d.events.insert(d.events.begin(), lapsed_events.begin(), lapsed_events.end());
  // rule debt/paid-when-able: whoever the move brought cash to pays what he owes at once.
  // Only a debt owed before the move, or one it incurred, can be settled; most moves skip this.
  bool owing = false;
  for (PlayerId p = 0; p < s.player_count && !owing; ++p) owing = s.player(p).total_owed().units > 0;
  for (const Event& e : d.events) owing = owing || e.type == EventType::DebtIncurred;
  if (!owing) return d;
  Outcome out(r, s);
  out.adopt(d.events);
  for (PlayerId p = 0; p < out.state.player_count; ++p)
    if (out.state.player(p).total_owed().units > 0) effect::settle_debts(out, p);
  return Decision::accept(std::move(out.events));
}

}  // namespace deedlog
