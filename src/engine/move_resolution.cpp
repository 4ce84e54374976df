#include "engine/move_resolution.h"

#include <tuple>

#include "deedlog/currency.h"
#include "engine/effects.h"
#include "deedlog/policies.h"
#include "deedlog/rent.h"
#include "deedlog/seeded_chance.h"

namespace deedlog {
namespace {

// rule currency/card-sums: a card's sum is in the currency of the region where the drawer's
// token stands; on a corner, in the player's own. What player p pays or gets for it, in his own.
int card_currency_rate(const Outcome& out, PlayerId drawer) {
  const SquareId at = out.state.player(drawer).square;
  if (region_of(out.ruleset, at) == kNoRegion) return player_rate(out.ruleset, out.state, drawer);
  return square_rate(out.ruleset, out.state, at);
}

Money card_sum_for(const Outcome& out, PlayerId p, PlayerId drawer, Money face) {
  return convert(out.ruleset, face, player_rate(out.ruleset, out.state, p), card_currency_rate(out, drawer));
}

// What player p receives of a card's sum (rounded down where card_sum_for, what he pays, rounds up).
Money card_receipt_for(const Outcome& out, PlayerId p, PlayerId drawer, Money face) {
  return convert_received(out.ruleset, face, player_rate(out.ruleset, out.state, p), card_currency_rate(out, drawer));
}

// "Collect from / pay each player": each side of a transfer converts the card's sum.
void card_payment(Outcome& out, PlayerId drawer, PlayerId payer, PlayerId payee, Money face) {
  const Money paid = card_sum_for(out, payer, drawer, face);
  const Money received = card_receipt_for(out, payee, drawer, face);
  effect::pay_exchanged(out, effect::PaymentKind::ToPlayer, payer, payee, paid, received);
}

}  // namespace

std::optional<std::pair<int, int>> sealed_throw(const SealedChance* chance, std::uint64_t index) {
  if (chance == nullptr || index < chance->first_throw || index - chance->first_throw >= chance->dice.size())
    return std::nullopt;
  const std::array<int, 2>& d = chance->dice[static_cast<std::size_t>(index - chance->first_throw)];
  if (d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6) return std::nullopt;
  return std::pair<int, int>{d[0], d[1]};
}

std::optional<CardIndex> sealed_top_card(const PackState& pack, const std::vector<CardIndex>& order) {
  if (pack.unseen == 0) return known_top_card(pack);
  for (CardIndex c : order)
    if (c < 64 && (pack.unseen & (std::uint64_t{1} << c)) && !(pack.out & (std::uint64_t{1} << c))) return c;
  return std::nullopt;
}

void throw_for_card_rent(Outcome& out, PlayerId p, int die1, int die2) {
  if (die1 == 0 && die2 == 0) {
    if (out.state.sealed) {
      // The decision checked that the chance holds this throw (decide_roll).
      const auto d = sealed_throw(out.chance, out.state.throws);
      if (d) std::tie(die1, die2) = *d;
    } else {
      std::tie(die1, die2) = seeded_dice(out.state.seed, out.state.throws);
    }
  }
  effect::throw_card_dice(out, p, die1, die2);
  const SquareId at = out.state.pending_square;
  const PlayerId owner = out.state.holdings[at].owner;
  if (owner != kBank && owner != p && policy::owner_collects_rent(out.ruleset, out.state, owner))
    effect::rent_due(out, p, owner, at, Money{static_cast<std::int64_t>(out.state.pending_multiplier) * (die1 + die2)});
  effect::finish_move(out, p);
}

std::optional<CardIndex> known_top_card(const PackState& pack) {
  if (pack.unseen == 0 && pack.size > 0) return pack.known_at(0);
  return std::nullopt;
}

void resolve_landing(Outcome& out, PlayerId p) {
  const SquareId at = out.state.player(p).square;
  const Square& sq = out.ruleset.square(at);
  switch (sq.kind) {
    case SquareKind::FreeParking:
      if (policy::free_parking_jackpot(out.ruleset)) effect::win_jackpot(out, p);
      // rule free-parking/nothing (and just visiting): nothing happens, house rules apart.
      effect::finish_move(out, p);
      return;
    case SquareKind::Go:
    case SquareKind::Jail:
      effect::finish_move(out, p);
      return;
    case SquareKind::GoToJail:
      effect::send_to_jail_ending_move(out, p, JailReason::GoToJailSquare);
      return;
    case SquareKind::Tax:
      if (sq.tax_percent > 0) {
        // rule tax/choice: the board offers the flat sum or a percentage of his worth.
        effect::offer_tax_choice(out, p, at, sq.tax, sq.tax_percent);
        return;
      }
      // rule tax/pay-bank
      effect::pay(out, effect::PaymentKind::Tax, p, kBank, sq.tax, at);
      effect::finish_move(out, p);
      return;
    case SquareKind::Chance:
    case SquareKind::CommunityChest: {
      const DeckId deck = sq.kind == SquareKind::Chance ? DeckId::Chance : DeckId::CommunityChest;
      // In a seeded game the referee turns the card up itself; at a table the player says which.
      if (out.state.seeded) {
        if (auto top = known_top_card(out.state.packs[static_cast<int>(deck)])) {
          follow_card(out, p, deck, *top);
          return;
        }
      }
      // In a sealed game too, from the order dealt with the move (never shown to the table).
      if (out.state.sealed && out.chance != nullptr) {
        const PackState& pack = out.state.packs[static_cast<int>(deck)];
        if (auto top = sealed_top_card(pack, out.chance->packs[static_cast<std::size_t>(deck)])) {
          follow_card(out, p, deck, *top);
          return;
        }
      }
      effect::await_card(out, p, deck);
      return;
    }
    case SquareKind::Street:
    case SquareKind::Station:
    case SquareKind::Utility: {
      const Holding& h = out.state.holdings[at];
      if (h.owner == kBank) {
        effect::offer_property(out, p, at, sq.price);
        return;
      }
      if (h.owner != p) {
        const RentQuote q = quote_rent(out.ruleset, out.state, at, out.state.last_die1 + out.state.last_die2);
        const bool owner_may_collect = policy::owner_collects_rent(out.ruleset, out.state, h.owner);
        // rule rent/ask-before-next-throw: the rent is owed only if the owner asks in time.
        if (q.amount.units > 0 && owner_may_collect) effect::rent_due(out, p, h.owner, at, q.amount);
      }
      effect::finish_move(out, p);
      return;
    }
  }
}

// rule cards/follow-instructions: the card is done as it says, at once.
void follow_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card_index) {
  const Card& card = out.ruleset.decks[static_cast<int>(deck)].cards[card_index];
  effect::turn_up_card(out, p, deck, card_index, card.action == CardAction::GetOutOfJailFree);
  switch (card.action) {
    case CardAction::AdvanceTo:
      effect::advance_to(out, p, card.target);
      resolve_landing(out, p);
      return;
    case CardAction::MoveBackTo:
      effect::move_back_to(out, p, card.target);
      resolve_landing(out, p);
      return;
    case CardAction::MoveRelative: {
      if (card.spaces >= 0) {
        effect::move_forward(out, p, card.spaces);
      } else {
        const int n = out.ruleset.board_size();
        const int to = ((out.state.player(p).square + card.spaces) % n + n) % n;
        effect::move_back_to(out, p, static_cast<SquareId>(to));
      }
      resolve_landing(out, p);
      return;
    }
    case CardAction::AdvanceToNearest: {
      // rule cards/advance-to-nearest: forward to the nearest such square; unowned, it may be
      // bought; owned, the rent is as the card says.
      const int n = out.ruleset.board_size();
      const int from = out.state.player(p).square;
      SquareId target = kNoSquare;
      for (int k = 1; k <= n && target == kNoSquare; ++k)
        if (out.ruleset.square(static_cast<SquareId>((from + k) % n)).kind == card.nearest_kind)
          target = static_cast<SquareId>((from + k) % n);
      if (target == kNoSquare) {
        effect::finish_move(out, p);
        return;
      }
      effect::advance_to(out, p, target);
      const Holding& h = out.state.holdings[target];
      if (h.owner == kBank || h.owner == p || h.mortgaged) {
        resolve_landing(out, p);
        return;
      }
      if (card.dice_rent_multiplier > 0) {
        effect::await_card_dice(out, p, target, card.dice_rent_multiplier);
        if (out.state.seeded || (out.state.sealed && sealed_throw(out.chance, out.state.throws)))
          throw_for_card_rent(out, p, 0, 0);
        return;
      }
      const RentQuote q = quote_rent(out.ruleset, out.state, target, out.state.last_die1 + out.state.last_die2);
      const bool owner_may_collect = policy::owner_collects_rent(out.ruleset, out.state, h.owner);
      if (q.amount.units > 0 && owner_may_collect) effect::rent_due(out, p, h.owner, target, q.amount * card.rent_multiplier);
      effect::finish_move(out, p);
      return;
    }
    case CardAction::GoToJail:
      effect::send_to_jail_ending_move(out, p, JailReason::Card);
      return;
    case CardAction::CollectFromBank: {
      effect::bank_pays(out, p, card_receipt_for(out, p, p, card.amount), card.amount);
      effect::finish_move(out, p);
      return;
    }
    case CardAction::PayBank:
      effect::pay_exchanged(out, effect::PaymentKind::CardToBank, p, kBank, card_sum_for(out, p, p, card.amount), card.amount);
      effect::finish_move(out, p);
      return;
    case CardAction::CollectFromEachPlayer:
      for (PlayerId q = 0; q < out.state.player_count; ++q)
        if (q != p && !out.state.player(q).bankrupt) card_payment(out, p, q, p, card.amount);
      effect::finish_move(out, p);
      return;
    case CardAction::PayEachPlayer:
      for (PlayerId q = 0; q < out.state.player_count; ++q)
        if (q != p && !out.state.player(q).bankrupt) card_payment(out, p, p, q, card.amount);
      effect::finish_move(out, p);
      return;
    case CardAction::Repairs: {
      Money due;
      for (int s = 0; s < out.ruleset.board_size(); ++s) {
        const Holding& h = out.state.holdings[static_cast<std::size_t>(s)];
        if (h.owner != p || h.buildings == 0) continue;
        due += h.buildings == kHotel ? card.per_hotel : card.per_house * h.buildings;
      }
      effect::pay_exchanged(out, effect::PaymentKind::CardToBank, p, kBank, card_sum_for(out, p, p, due), due);
      effect::finish_move(out, p);
      return;
    }
    case CardAction::GetOutOfJailFree: {
      // rule cards/jail-card-kept: kept until used (or sold), then back under its pack.
      effect::keep_jail_card(out, p, deck, card_index);
      effect::finish_move(out, p);
      return;
    }
    case CardAction::PayOrDrawOther: {
      effect::offer_card_choice(out, p, card.other_deck, card.amount);
      return;
    }
  }
}

}  // namespace deedlog
