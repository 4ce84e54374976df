// The only place events are made (effects.h). Each function is one consequence as the rule
// books describe it; the `// rule` marks name the rule whose consequence it is.
#include "engine/effects.h"

#include <cassert>

#include "deedlog/cards_to_come.h"
#include "deedlog/currency.h"
#include "deedlog/event_codec.h"
#include "deedlog/event_fields.h"
#include "engine/decide_support.h"
#include "deedlog/money_raising.h"
#include "deedlog/policies.h"
#include "engine/windows.h"

namespace deedlog {
struct EffectsAccess {
  static EmitKey key() { return EmitKey{}; }
};
}  // namespace deedlog

namespace deedlog::effect {
namespace {

// Taken by rvalue: the event is moved into the answer, not copied (a copy of its string and
// vector on every consequence was a twelfth of self-play).
void put(Outcome& out, Event&& e) {
  assert(undeclared_fields(e).empty());  // each type carries only what event_types.h declares
  out.emit(std::move(e), EffectsAccess::key());
}

// An event being made: its type and player, then each slot its type carries, set by name in one
// expression (put(out, make(EventType::BidMade, p).square(sq).amount(a))).
struct Draft {
  Event event;
  Draft& other(PlayerId p) { event.other = p; return *this; }
  Draft& square(SquareId s) { event.square = s; return *this; }
  Draft& amount(Money m) { event.amount = m; return *this; }
  // A sum and, only where it differs, its other figure in amount2: what the payee gets, or the
  // sum as printed in the region's currency.
  Draft& amounts(Money sum, Money other) {
    event.amount = sum;
    if (other != sum) event.amount2 = other;
    return *this;
  }
  Draft& deck(DeckId d) { event.deck = d; return *this; }
  Draft& card(CardIndex c) { event.card = c; return *this; }
  Draft& dice(int die1, int die2) {
    event.die1 = static_cast<std::int8_t>(die1);
    event.die2 = static_cast<std::int8_t>(die2);
    return *this;
  }
  Draft& mask(std::uint64_t squares) { event.mask = squares; return *this; }
  Draft& clock(std::int64_t c) { event.clock = c; return *this; }
  Draft& text(const std::string& t) { event.text = t; return *this; }
  // A trade's terms: what the offerer gives in mask, amount and cards, what he gets in the second of each.
  Draft& terms(const TradeTerms& t) {
    event.mask = t.give;
    event.mask2 = t.get;
    event.amount = t.give_cash;
    event.amount2 = t.get_cash;
    event.cards = static_cast<std::uint8_t>(t.give_cards);
    event.cards2 = static_cast<std::uint8_t>(t.get_cards);
    return *this;
  }
  // A field of the type's own, by its typed setter (deedlog/event_fields.h).
  template <class Set, class Value>
  Draft& with(Set set, const Value& value) {
    set(event, value);
    return *this;
  }
};

Draft make(EventType t, PlayerId player = kBank) {
  Draft d;
  d.event.type = t;
  d.event.player = player;
  return d;
}

void put(Outcome& out, Draft& d) { put(out, std::move(d.event)); }
void put(Outcome& out, Draft&& d) { put(out, std::move(d.event)); }

void token_to(Outcome& out, PlayerId p, SquareId to, int travelled) {
  put(out, make(EventType::TokenMoved, p).with(fields::TokenMoved::set_to, to)
               .with(fields::TokenMoved::set_travelled, travelled));
}

void pay_salary(Outcome& out, PlayerId p, bool lands_on_start) {
  put(out, make(EventType::SalaryPaid, p).amount(policy::salary_for(out.ruleset, lands_on_start)));
}

EventType payment_event(PaymentKind kind) {
  switch (kind) {
    case PaymentKind::Rent: return EventType::RentPaid;
    case PaymentKind::Tax: return EventType::TaxPaid;
    case PaymentKind::JailFine: return EventType::FinePaid;
    case PaymentKind::CardToBank: return EventType::PaidToBank;
    case PaymentKind::ToPlayer: return EventType::PaidToPlayer;
  }
  return EventType::PaidToBank;
}

// rule house/free-parking-jackpot: taxes and fines paid to the Bank wait on Free Parking.
bool feeds_jackpot(PaymentKind kind) {
  return kind == PaymentKind::Tax || kind == PaymentKind::JailFine || kind == PaymentKind::CardToBank;
}

}  // namespace

// ---- Turns and dice ----

void start_turn(Outcome& out, PlayerId p) { put(out, make(EventType::TurnStarted, p)); }

void throw_dice(Outcome& out, PlayerId p, int die1, int die2, int doubles_run, bool throws_again) {
  put(out, make(EventType::DiceThrown, p).dice(die1, die2).with(fields::DiceThrown::set_doubles_run, doubles_run)
               .with(fields::DiceThrown::set_throws_again, throws_again));
}

void finish_move(Outcome& out, PlayerId p) {
  // rule turn/doubles-throw-again: a double earns another throw, unless the move ended in jail.
  // Once time is called (short game) the move in progress is the last: no further throw.
  const bool again = out.state.throw_again && !out.state.player(p).in_jail &&
                     (!out.state.time_called || out.state.finish_round);
  put(out, make(EventType::MoveCompleted, p).with(fields::MoveCompleted::set_throws_again, again));
}

// ---- Moving a token ----

void move_forward(Outcome& out, PlayerId p, int steps) {
  const int from = out.state.player(p).square;
  const int n = out.ruleset.board_size();
  token_to(out, p, static_cast<SquareId>((from + steps) % n), steps);
  // rule turn/salary: reaching or passing the start square going forward pays the salary.
  if (from + steps >= n) pay_salary(out, p, (from + steps) % n == 0);
}

void advance_to(Outcome& out, PlayerId p, SquareId target) {
  const int from = out.state.player(p).square;
  const int n = out.ruleset.board_size();
  int steps = (static_cast<int>(target) - from + n) % n;
  // A card naming the square the token is on sends it once round the board.
  if (steps == 0) steps = n;
  move_forward(out, p, steps);
}

void move_back_to(Outcome& out, PlayerId p, SquareId target) {
  const int from = out.state.player(p).square;
  const int n = out.ruleset.board_size();
  token_to(out, p, target, -((from - static_cast<int>(target) + n) % n));
}

// ---- Jail ----

void send_to_jail(Outcome& out, PlayerId p, JailReason why) {
  // rule jail/no-salary: straight to jail, whatever the path; the turn ends there.
  put(out, make(EventType::SentToJail, p).with(fields::SentToJail::set_jail, out.ruleset.jail_square)
               .with(fields::SentToJail::set_reason, why));
}

void send_to_jail_ending_move(Outcome& out, PlayerId p, JailReason why) {
  send_to_jail(out, p, why);
  finish_move(out, p);
}

void leave_jail(Outcome& out, PlayerId p, JailExit how) {
  put(out, make(EventType::LeftJail, p).with(fields::LeftJail::set_how, how));
}

void pay_jail_fine(Outcome& out, PlayerId p, Money fine) { pay(out, PaymentKind::JailFine, p, kBank, fine); }

void fail_jail_throw(Outcome& out, PlayerId p, int turn_number) {
  put(out, make(EventType::JailTurnFailed, p).with(fields::JailTurnFailed::set_turns_used, turn_number));
}

void offer_jail_choice(Outcome& out, PlayerId p, Money fine) {
  put(out, make(EventType::JailChoiceOffered, p).amount(fine));
}

void skip_go(Outcome& out, PlayerId p, bool stays_in) {
  put(out, make(EventType::GoSkipped, p).with(fields::GoSkipped::set_stays_in, stays_in));
}

// ---- Money ----

void pay(Outcome& out, PaymentKind kind, PlayerId payer, PlayerId payee, Money amount, SquareId square) {
  // A sum owed to a player is in his currency (rent: rule currency/rent-in-owner-currency); the
  // payer pays it converted (rule currency/conversion). A sum owed to the Bank here (tax, fine)
  // is in the payer's own currency (rule currency/own-currency).
  const Money paid = payee == kBank ? amount : cost_to_player(out.ruleset, out.state, payer, payee, amount);
  pay_exchanged(out, kind, payer, payee, paid, amount, square);
}

void pay_exchanged(Outcome& out, PaymentKind kind, PlayerId payer, PlayerId payee, Money paid, Money face,
                   SquareId square) {
  if (paid.units <= 0) return;
  const EventType type = payment_event(kind);
  if (out.state.player(payer).cash >= paid) {
    // amount2: what the payee gets (or, to the Bank, the sum as printed)
    put(out, make(type, payer).other(payee).amounts(paid, face).square(square));
    if (policy::free_parking_jackpot(out.ruleset) && payee == kBank && feeds_jackpot(kind))
      put(out, make(EventType::JackpotAdded, payer).amount(paid));
    return;
  }
  // rule debt/game-waits: what cannot be paid in cash is owed, and the game waits for it. The
  // debt stands in the debtor's currency; the Bank exchanges it when it is paid.
  put(out, make(EventType::DebtIncurred, payer).other(payee).amount(paid).square(square)
               .with(fields::DebtIncurred::set_for_payment, type));
}

void bank_pays(Outcome& out, PlayerId p, Money received, Money face) {
  put(out, make(EventType::PaidByBank, p).amounts(received, face));
}

void surrender_cash(Outcome& out, PlayerId from, PlayerId creditor) {
  const Money cash = out.state.player(from).cash;
  if (cash.units <= 0) return;
  Money worth = cash;
  if (creditor != kBank) {
    // regional-currency: the creditor gets what the debtor's cash is worth in his own currency.
    const Ruleset& r = out.ruleset;
    worth = convert_received(r, cash, player_rate(r, out.state, creditor), player_rate(r, out.state, from));
  }
  const EventType type = creditor == kBank ? EventType::PaidToBank : EventType::PaidToPlayer;
  put(out, make(type, from).other(creditor).amounts(cash, worth));
}

void settle_debt_in_kind(Outcome& out, PlayerId debtor, PlayerId creditor, Money amount) {
  if (amount.units <= 0) return;
  put(out, make(EventType::DebtSettledInKind, debtor).other(creditor).amount(amount));
}

void settle_debts(Outcome& out, PlayerId debtor) {
  // rule debt/paid-when-able: each debt is paid in full as soon as the cash is there.
  for (std::size_t c = 0; c < out.state.player(debtor).owes.size(); ++c) {
    const Money owed = out.state.player(debtor).owes[c];
    if (owed.units <= 0 || out.state.player(debtor).cash < owed) continue;
    const PlayerOrBank creditor{static_cast<int>(c) - 1};
    Money worth = owed;
    if (!creditor.is_bank()) {
      // The debt stands in the debtor's currency: the creditor gets its worth in his own at
      // today's rates (what he would pay for that sum of the debtor's money).
      worth = convert_received(out.ruleset, owed, player_rate(out.ruleset, out.state, creditor.seat()),
                               player_rate(out.ruleset, out.state, debtor));
    }
    put(out, make(EventType::DebtPaid, debtor).other(creditor.raw).amounts(owed, worth));
  }
}

void charge_transfer_interest(Outcome& out, PlayerId new_owner, SquareId sq) {
  // rule mortgage/interest-on-transfer: the new owner of a mortgaged deed pays 10% at once.
  // rule currency/deed-sums: the 10% is in the deed's region currency, paid converted.
  const Money face = mortgage_interest(out.ruleset, out.ruleset.square(sq).mortgage_value);
  if (face.is_zero()) return;  // editions that charge no interest (computer)
  const Money interest = cost_for(out.ruleset, out.state, new_owner, sq, face);
  if (out.state.player(new_owner).cash >= interest) {
    pay_interest(out, new_owner, sq, interest, face, /*on_transfer=*/true);
    return;
  }
  put(out, make(EventType::DebtIncurred, new_owner).other(kBank).square(sq).amount(interest)
               .with(fields::DebtIncurred::set_for_payment, EventType::InterestPaid));
}

// ---- Landing ----

void offer_property(Outcome& out, PlayerId p, SquareId square, Money price) {
  put(out, make(EventType::PropertyOffered, p).square(square).amount(price));
}

void buy_property(Outcome& out, PlayerId p, SquareId square, Money paid, Money printed) {
  // amount2: the printed price, in the region's currency
  put(out, make(EventType::PropertyBought, p).square(square).amounts(paid, printed));
}

void decline_property(Outcome& out, PlayerId p, SquareId square) {
  put(out, make(EventType::PurchaseDeclined, p).square(square));
}

void offer_tax_choice(Outcome& out, PlayerId p, SquareId square, Money flat, int percent) {
  put(out, make(EventType::TaxChoiceOffered, p).square(square).amount(flat)
               .with(fields::TaxChoiceOffered::set_percent, percent));
}

void win_jackpot(Outcome& out, PlayerId p) {
  if (out.state.jackpot.units <= 0) return;
  put(out, make(EventType::JackpotWon, p).amount(out.state.jackpot));
}

// ---- Rent ----

void rent_due(Outcome& out, PlayerId payer, PlayerId owner, SquareId square, Money amount) {
  // The position holds kMaxRentClaims open windows; a window still open when that many more rents
  // fell due (a timed window in a game without stamps, where no clock closes it) is the oldest,
  // and lapses now rather than this rent being lost.
  bool room = false;
  for (const RentClaim& c : out.state.rents) room = room || !c.open;
  if (!room) forfeit_rent(out, out.state.rents[0]);
  const PlayerOrBank closes_on{policy::rent_window_closes_on(out.ruleset, out.state, payer)};
  put(out, make(EventType::RentDue, payer).other(owner).square(square).amount(amount)
               .with(fields::RentDue::set_closes_on, closes_on));
}

// The claim is taken by value: its window (a slot of out.state.rents) is emptied by the first
// event, and a caller may well pass that slot itself.
void collect_rent(Outcome& out, RentClaim claim) {
  put(out, make(EventType::RentClaimed, claim.payer).other(claim.owner).square(claim.square).amount(claim.amount));
  pay(out, PaymentKind::Rent, claim.payer, claim.owner, claim.amount, claim.square);
}

void forfeit_rent(Outcome& out, RentClaim claim) {
  put(out, make(EventType::RentForfeited, claim.payer).other(claim.owner).square(claim.square).amount(claim.amount));
}

// ---- Cards ----

void await_card(Outcome& out, PlayerId p, DeckId deck) {
  put(out, make(EventType::CardAwaited, p).deck(deck));
}

void turn_up_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card, bool kept) {
  put(out, make(EventType::CardDrawn, p).deck(deck).card(card).with(fields::CardDrawn::set_kept, kept));
}

void keep_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card) {
  // rule cards/jail-card-kept: kept until used (or sold), then back under its pack.
  put(out, make(EventType::JailCardKept, p).deck(deck).card(card));
}

void return_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card) {
  put(out, make(EventType::JailCardReturned, p).deck(deck).card(card));
}

void offer_card_choice(Outcome& out, PlayerId p, DeckId other_deck, Money fine) {
  put(out, make(EventType::CardChoiceOffered, p).deck(other_deck).amount(fine));
}

void await_card_dice(Outcome& out, PlayerId p, SquareId square, int multiplier) {
  put(out, make(EventType::CardDiceAwaited, p).square(square)
               .with(fields::CardDiceAwaited::set_multiplier, multiplier));
}

void throw_card_dice(Outcome& out, PlayerId p, int die1, int die2) {
  put(out, make(EventType::CardDiceThrown, p).dice(die1, die2));
}

// ---- Auctions ----

void open_auction(Outcome& out, PlayerId opener, SquareId square, AuctionLot lot, std::int64_t clock) {
  put(out, make(EventType::AuctionOpened, opener).square(square)
               .with(fields::AuctionOpened::set_lot, lot).clock(clock));
}

void bid(Outcome& out, PlayerId p, SquareId square, Money amount) {
  put(out, make(EventType::BidMade, p).amount(amount).square(square));
}

void pass_bid(Outcome& out, PlayerId p, SquareId square) {
  put(out, make(EventType::BidderPassed, p).square(square));
}

void auction_won(Outcome& out, PlayerId p, SquareId square, Money amount, AuctionLot lot) {
  put(out, make(EventType::AuctionWon, p).square(square).amount(amount).with(fields::AuctionWon::set_lot, lot));
}

void auction_unsold(Outcome& out, PlayerId turn, SquareId square, AuctionLot lot) {
  put(out, make(EventType::AuctionUnsold, turn).square(square).with(fields::AuctionUnsold::set_lot, lot));
}

void queue_bank_auctions(Outcome& out, PlayerId from, std::uint64_t squares) {
  put(out, make(EventType::BankAuctionsQueued, from).mask(squares));
}

// ---- Buildings ----

void build_house(Outcome& out, PlayerId p, SquareId site, Money paid, Money face) {
  put(out, make(EventType::HouseBuilt, p).square(site).amounts(paid, face));
}

void build_hotel(Outcome& out, PlayerId p, SquareId site, Money paid, Money face, int houses_returned) {
  put(out, make(EventType::HotelBuilt, p).square(site).amounts(paid, face)
               .with(fields::HotelBuilt::set_houses_returned, houses_returned));
}

void sell_house(Outcome& out, PlayerId p, SquareId site, Money received, bool by_mortgage) {
  put(out, make(EventType::HouseSold, p).square(site).amount(received)
               .with(fields::HouseSold::set_by_mortgage, by_mortgage));
}

void sell_hotel(Outcome& out, PlayerId p, SquareId site, Money received, int houses_left, bool by_mortgage) {
  put(out, make(EventType::HotelSold, p).square(site).amount(received)
               .with(fields::HotelSold::set_houses_left, houses_left)
               .with(fields::HotelSold::set_by_mortgage, by_mortgage));
}

void place_building(Outcome& out, PlayerId p, SquareId site) {
  put(out, make(EventType::BuildingPlaced, p).square(site));
}

void clear_site_buildings(Outcome& out, PlayerId p, SquareId site, bool paid, bool by_mortgage) {
  const Ruleset& r = out.ruleset;
  const int at = out.state.holdings[site].buildings;
  if (at == kHotel) {
    // With its houses: the site is left bare.
    sell_hotel(out, p, site, paid ? buildings_sale_value(r, out.state, site, kHotel) : Money{0}, 0, by_mortgage);
    return;
  }
  for (int k = at; k > 0; --k)
    sell_house(out, p, site, paid ? buildings_sale_value(r, out.state, site, 1) : Money{0}, by_mortgage);
}

// ---- Mortgages ----

void mortgage(Outcome& out, PlayerId p, SquareId square, Money lent, Money face) {
  put(out, make(EventType::PropertyMortgaged, p).square(square).amounts(lent, face));
}

void lift_mortgage(Outcome& out, PlayerId p, SquareId square, Money principal, Money face) {
  put(out, make(EventType::MortgageLifted, p).square(square).amounts(principal, face));
}

void pay_interest(Outcome& out, PlayerId p, SquareId square, Money paid, Money face, bool on_transfer) {
  put(out, make(EventType::InterestPaid, p).square(square).amounts(paid, face)
               .with(fields::InterestPaid::set_on_transfer, on_transfer));
}

// ---- Trades and deeds ----

void offer_trade(Outcome& out, PlayerId from, PlayerId to, const TradeTerms& terms) {
  put(out, make(EventType::TradeOffered, from).other(to).terms(terms));
}

void reject_trade(Outcome& out, PlayerId p) { put(out, make(EventType::TradeRejected, p)); }

void accept_trade(Outcome& out, PlayerId p, PlayerId offerer) {
  put(out, make(EventType::TradeAccepted, p).other(offerer));
}

void transfer_deed(Outcome& out, PlayerId from, PlayerId to, SquareId square) {
  put(out, make(EventType::PropertyTransferred, from).other(to).square(square));
}

void transfer_jail_card(Outcome& out, PlayerId from, PlayerId to, DeckId deck) {
  put(out, make(EventType::JailCardTransferred, from).other(to).deck(deck));
}

void transfer_jail_card(Outcome& out, PlayerId from, PlayerId to) {
  // With a card from each pack, the Chance card goes first (docs/rules.md).
  const PlayerState& p = out.state.player(from);
  transfer_jail_card(out, from, to, p.jail_cards[0] > 0 ? DeckId::Chance : DeckId::CommunityChest);
}

void hand_over_cash(Outcome& out, PlayerId from, PlayerId to, Money paid, Money received) {
  if (received.units <= 0) return;
  put(out, make(EventType::PaidToPlayer, from).other(to).amounts(paid, received));
}

// ---- The end of a player and of the game ----

void go_bankrupt(Outcome& out, PlayerId p, PlayerId creditor) {
  put(out, make(EventType::PlayerBankrupted, p).other(creditor));
}

void win_game(Outcome& out, PlayerId p) { put(out, make(EventType::GameWon, p)); }

// ---- The short game and corrections ----

void deal_title(Outcome& out, PlayerId p, SquareId square, Money price) {
  put(out, make(EventType::TitleDealt, p).square(square).amount(price));
}

void call_time(Outcome& out) { put(out, make(EventType::TimeCalled, kReferee)); }

void record_ruling(Outcome& out, PlayerId p, PlayerId other, SquareId square, Money amount, const std::string& reason) {
  put(out, make(EventType::RulingRecorded, p).other(other).square(square).amount(amount).text(reason));
}

void take_back(Outcome& out, int events_voided, const std::string& reason) {
  put(out, make(EventType::MovesTakenBack, kReferee)
               .with(fields::MovesTakenBack::set_events_voided, events_voided).text(reason));
}

void note(Outcome& out, const std::string& text) {
  put(out, make(EventType::NoteRecorded, kReferee).text(text));
}

// ---- The opening ----

void shuffle_deck(Outcome& out, DeckId deck, std::vector<CardIndex> order) {
  put(out, deck_shuffled(deck, std::move(order)));
}

void place_player(Outcome& out, PlayerId p, Money cash, SquareId square, bool in_jail, int jail_turns) {
  put(out, make(EventType::PlayerPlaced, p).amount(cash).square(square)
               .with(fields::PlayerPlaced::set_in_jail, in_jail)
               .with(fields::PlayerPlaced::set_jail_turns, jail_turns));
}

void assign_debt(Outcome& out, PlayerId debtor, PlayerId creditor, Money amount) {
  const EventType for_payment = creditor == kBank ? EventType::PaidToBank : EventType::PaidToPlayer;
  put(out, make(EventType::DebtIncurred, debtor).other(creditor).amount(amount).square(kNoSquare)
               .with(fields::DebtIncurred::set_for_payment, for_payment));
}

void assign_property(Outcome& out, PlayerId p, SquareId square, int buildings, bool mortgaged) {
  put(out, make(EventType::PropertyAssigned, p).square(square)
               .with(fields::PropertyAssigned::set_buildings, buildings)
               .with(fields::PropertyAssigned::set_mortgaged, mortgaged));
}

void assign_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card) {
  put(out, make(EventType::JailCardAssigned, p).deck(deck).card(card));
}

void form_conglomerate(Outcome& out, PlayerId p, std::uint64_t squares, SquareId top) {
  put(out, make(EventType::ConglomerateFormed, p).mask(squares).square(top));
}

}  // namespace deedlog::effect
