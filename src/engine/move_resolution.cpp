#include "engine/move_resolution.h"

#include <tuple>

#include "engine/currency.h"
#include "engine/rent.h"
#include "engine/seeded_chance.h"

namespace deedlog {
namespace {

int board_size(const Outcome& out) { return out.ruleset.board_size(); }

void token_to(Outcome& out, PlayerId p, SquareId to, int travelled) {
  Event e = ev(EventType::TokenMoved, p);
  e.square = to;
  e.count = travelled;
  out.emit(e);
}

void pay_salary(Outcome& out, PlayerId p) {
  Event e = ev(EventType::SalaryPaid, p);
  e.amount = out.ruleset.salary;
  out.emit(e);
}

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
  charge_exchanged(out, EventType::PaidToPlayer, payer, payee, paid, received);
}

}  // namespace

void rent_due(Outcome& out, PlayerId payer, PlayerId owner, SquareId square, Money amount) {
  Event e = ev(EventType::RentDue, payer);
  e.other = owner;
  e.square = square;
  e.amount = amount;
  e.count = kBank;  // rule rent/ask-before-next-throw: closed by the next throw of anyone
  if (out.ruleset.rent_window == RentWindow::BeforeSecondFollowingThrow) {
    // US: asked before the second player following the payer throws.
    PlayerId p = payer;
    for (int step = 0; step < 2;) {
      p = static_cast<PlayerId>((p + 1) % out.state.player_count);
      if (!out.state.player(p).bankrupt) ++step;
    }
    e.count = p;
  }
  out.emit(e);
}

void move_forward(Outcome& out, PlayerId p, int steps) {
  const int from = out.state.player(p).square;
  const int n = board_size(out);
  const int to = (from + steps) % n;
  token_to(out, p, static_cast<SquareId>(to), steps);
  // rule turn/salary: reaching or passing the start square going forward pays the salary.
  if (from + steps >= n) pay_salary(out, p);
}

void advance_to(Outcome& out, PlayerId p, SquareId target) {
  const int from = out.state.player(p).square;
  const int n = board_size(out);
  int steps = (static_cast<int>(target) - from + n) % n;
  // A card naming the square the token is on sends it once round the board.
  if (steps == 0) steps = n;
  move_forward(out, p, steps);
}

void move_back_to(Outcome& out, PlayerId p, SquareId target) {
  const int from = out.state.player(p).square;
  const int n = board_size(out);
  const int steps = (from - static_cast<int>(target) + n) % n;
  token_to(out, p, target, -steps);
}

void send_to_jail(Outcome& out, PlayerId p, JailReason why) {
  // rule jail/no-salary: straight to jail, whatever the path; the turn ends there.
  Event e = ev(EventType::SentToJail, p);
  e.square = out.ruleset.jail_square;
  e.count = static_cast<int>(why);
  out.emit(e);
}

void finish_move(Outcome& out, PlayerId p) {
  Event e = ev(EventType::MoveCompleted, p);
  // rule turn/doubles-throw-again: a double earns another throw, unless the move ended in jail.
  // Once time is called (short game) the move in progress is the last: no further throw.
  e.flag = out.state.throw_again && !out.state.player(p).in_jail && !out.state.time_called;
  out.emit(e);
}

void charge(Outcome& out, EventType kind, PlayerId payer, PlayerId payee, Money amount, SquareId square) {
  // A sum owed to a player is in his currency (rent: rule currency/rent-in-owner-currency); the
  // payer pays it converted (rule currency/conversion). A sum owed to the Bank here (tax, fine)
  // is in the payer's own currency (rule currency/own-currency).
  const Money paid = payee == kBank ? amount : cost_to_player(out.ruleset, out.state, payer, payee, amount);
  charge_exchanged(out, kind, payer, payee, paid, amount, square);
}

void charge_exchanged(Outcome& out, EventType kind, PlayerId payer, PlayerId payee, Money paid, Money face,
                      SquareId square) {
  if (paid.units <= 0) return;
  if (out.state.player(payer).cash >= paid) {
    Event e = ev(kind, payer);
    e.other = payee;
    e.amount = paid;
    if (face != paid) e.amount2 = face;  // what the payee gets (or, to the Bank, the sum as printed)
    e.square = square;
    out.emit(e);
    const bool to_the_middle = kind == EventType::TaxPaid || kind == EventType::FinePaid || kind == EventType::PaidToBank;
    if (out.ruleset.free_parking_jackpot && payee == kBank && to_the_middle) {
      // rule house/free-parking-jackpot: the money waits on Free Parking.
      Event j = ev(EventType::JackpotAdded, payer);
      j.amount = paid;
      out.emit(j);
    }
    return;
  }
  // rule debt/game-waits: what cannot be paid in cash is owed, and the game waits for it. The
  // debt stands in the debtor's currency; the Bank exchanges it when it is paid.
  Event e = ev(EventType::DebtIncurred, payer);
  e.other = payee;
  e.amount = paid;
  e.square = square;
  e.count = static_cast<int>(kind);
  out.emit(e);
}

void throw_for_card_rent(Outcome& out, PlayerId p, int die1, int die2) {
  if (die1 == 0 && die2 == 0) std::tie(die1, die2) = seeded_dice(out.state.seed, out.state.throws);
  Event thrown = ev(EventType::CardDiceThrown, p);
  thrown.die1 = static_cast<std::int8_t>(die1);
  thrown.die2 = static_cast<std::int8_t>(die2);
  out.emit(thrown);
  const SquareId at = out.state.pending_square;
  const PlayerId owner = out.state.holdings[at].owner;
  const bool owner_may_collect = out.ruleset.jailed_owner_collects_rent || !out.state.player(owner).in_jail;
  if (owner != kBank && owner != p && owner_may_collect)
    rent_due(out, p, owner, at, Money{static_cast<std::int64_t>(out.state.pending_multiplier) * (die1 + die2)});
  finish_move(out, p);
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
      if (out.ruleset.free_parking_jackpot && out.state.jackpot.units > 0) {
        Event j = ev(EventType::JackpotWon, p);
        j.amount = out.state.jackpot;
        out.emit(j);
      }
      // rule free-parking/nothing (and just visiting): nothing happens, house rules apart.
      finish_move(out, p);
      return;
    case SquareKind::Go:
    case SquareKind::Jail:
      finish_move(out, p);
      return;
    case SquareKind::GoToJail:
      send_to_jail(out, p, JailReason::GoToJailSquare);
      finish_move(out, p);
      return;
    case SquareKind::Tax:
      if (sq.tax_percent > 0) {
        // rule tax/choice: the board offers the flat sum or a percentage of his worth.
        Event e = ev(EventType::TaxChoiceOffered, p);
        e.square = at;
        e.amount = sq.tax;
        e.count = sq.tax_percent;
        out.emit(e);
        return;
      }
      // rule tax/pay-bank
      charge(out, EventType::TaxPaid, p, kBank, sq.tax, at);
      finish_move(out, p);
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
      Event e = ev(EventType::CardAwaited, p);
      e.deck = deck;
      out.emit(e);
      return;
    }
    case SquareKind::Street:
    case SquareKind::Station:
    case SquareKind::Utility: {
      const Holding& h = out.state.holdings[at];
      if (h.owner == kBank) {
        Event e = ev(EventType::PropertyOffered, p);
        e.square = at;
        e.amount = sq.price;
        out.emit(e);
        return;
      }
      if (h.owner != p) {
        const RentQuote q = quote_rent(out.ruleset, out.state, at, out.state.last_die1 + out.state.last_die2);
        const bool owner_may_collect = out.ruleset.jailed_owner_collects_rent || !out.state.player(h.owner).in_jail;
        // rule rent/ask-before-next-throw: the rent is owed only if the owner asks in time.
        if (q.amount.units > 0 && owner_may_collect) rent_due(out, p, h.owner, at, q.amount);
      }
      finish_move(out, p);
      return;
    }
  }
}

void follow_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card_index) {
  const Card& card = out.ruleset.decks[static_cast<int>(deck)].cards[card_index];
  {
    Event e = ev(EventType::CardDrawn, p);
    e.deck = deck;
    e.card = card_index;
    e.flag = card.action == CardAction::GetOutOfJailFree;
    out.emit(e);
  }
  switch (card.action) {
    case CardAction::AdvanceTo:
      advance_to(out, p, card.target);
      resolve_landing(out, p);
      return;
    case CardAction::MoveBackTo:
      move_back_to(out, p, card.target);
      resolve_landing(out, p);
      return;
    case CardAction::MoveRelative: {
      if (card.spaces >= 0) {
        move_forward(out, p, card.spaces);
      } else {
        const int n = out.ruleset.board_size();
        const int to = ((out.state.player(p).square + card.spaces) % n + n) % n;
        move_back_to(out, p, static_cast<SquareId>(to));
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
        finish_move(out, p);
        return;
      }
      advance_to(out, p, target);
      const Holding& h = out.state.holdings[target];
      if (h.owner == kBank || h.owner == p || h.mortgaged) {
        resolve_landing(out, p);
        return;
      }
      if (card.dice_rent_multiplier > 0) {
        Event e = ev(EventType::CardDiceAwaited, p);
        e.square = target;
        e.count = card.dice_rent_multiplier;
        out.emit(e);
        if (out.state.seeded) throw_for_card_rent(out, p, 0, 0);
        return;
      }
      const RentQuote q = quote_rent(out.ruleset, out.state, target, out.state.last_die1 + out.state.last_die2);
      const bool owner_may_collect = out.ruleset.jailed_owner_collects_rent || !out.state.player(h.owner).in_jail;
      if (q.amount.units > 0 && owner_may_collect) rent_due(out, p, h.owner, target, q.amount * card.rent_multiplier);
      finish_move(out, p);
      return;
    }
    case CardAction::GoToJail:
      send_to_jail(out, p, JailReason::Card);
      finish_move(out, p);
      return;
    case CardAction::CollectFromBank: {
      Event e = ev(EventType::PaidByBank, p);
      e.amount = card_receipt_for(out, p, p, card.amount);
      if (e.amount != card.amount) e.amount2 = card.amount;
      out.emit(e);
      finish_move(out, p);
      return;
    }
    case CardAction::PayBank:
      charge_exchanged(out, EventType::PaidToBank, p, kBank, card_sum_for(out, p, p, card.amount), card.amount);
      finish_move(out, p);
      return;
    case CardAction::CollectFromEachPlayer:
      for (PlayerId q = 0; q < out.state.player_count; ++q)
        if (q != p && !out.state.player(q).bankrupt) card_payment(out, p, q, p, card.amount);
      finish_move(out, p);
      return;
    case CardAction::PayEachPlayer:
      for (PlayerId q = 0; q < out.state.player_count; ++q)
        if (q != p && !out.state.player(q).bankrupt) card_payment(out, p, p, q, card.amount);
      finish_move(out, p);
      return;
    case CardAction::Repairs: {
      Money due;
      for (int s = 0; s < out.ruleset.board_size(); ++s) {
        const Holding& h = out.state.holdings[static_cast<std::size_t>(s)];
        if (h.owner != p || h.buildings == 0) continue;
        due += h.buildings == kHotel ? card.per_hotel : card.per_house * h.buildings;
      }
      charge_exchanged(out, EventType::PaidToBank, p, kBank, card_sum_for(out, p, p, due), due);
      finish_move(out, p);
      return;
    }
    case CardAction::GetOutOfJailFree: {
      // rule cards/jail-card-kept: kept until used (or sold), then back under its pack.
      Event e = ev(EventType::JailCardKept, p);
      e.deck = deck;
      e.card = card_index;
      out.emit(e);
      finish_move(out, p);
      return;
    }
    case CardAction::PayOrDrawOther: {
      Event e = ev(EventType::CardChoiceOffered, p);
      e.deck = card.other_deck;
      e.amount = card.amount;
      out.emit(e);
      return;
    }
  }
}

}  // namespace deedlog
