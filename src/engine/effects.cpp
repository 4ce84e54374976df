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

Event make(EventType t, PlayerId player = kBank) {
  Event e;
  e.type = t;
  e.player = player;
  return e;
}

void token_to(Outcome& out, PlayerId p, SquareId to, int travelled) {
  Event e = make(EventType::TokenMoved, p);
  fields::TokenMoved::set_to(e, to);
  fields::TokenMoved::set_travelled(e, travelled);
  put(out, std::move(e));
}

void pay_salary(Outcome& out, PlayerId p, bool lands_on_start) {
  Event e = make(EventType::SalaryPaid, p);
  e.amount = policy::salary_for(out.ruleset, lands_on_start);
  put(out, std::move(e));
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
  Event e = make(EventType::DiceThrown, p);
  e.die1 = static_cast<std::int8_t>(die1);
  e.die2 = static_cast<std::int8_t>(die2);
  fields::DiceThrown::set_doubles_run(e, doubles_run);
  fields::DiceThrown::set_throws_again(e, throws_again);
  put(out, std::move(e));
}

void finish_move(Outcome& out, PlayerId p) {
  Event e = make(EventType::MoveCompleted, p);
  // rule turn/doubles-throw-again: a double earns another throw, unless the move ended in jail.
  // Once time is called (short game) the move in progress is the last: no further throw.
  fields::MoveCompleted::set_throws_again(e, out.state.throw_again && !out.state.player(p).in_jail &&
                                         (!out.state.time_called || out.state.finish_round));
  put(out, std::move(e));
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
  Event e = make(EventType::SentToJail, p);
  fields::SentToJail::set_jail(e, out.ruleset.jail_square);
  fields::SentToJail::set_reason(e, why);
  put(out, std::move(e));
}

void leave_jail(Outcome& out, PlayerId p, JailExit how) {
  Event e = make(EventType::LeftJail, p);
  fields::LeftJail::set_how(e, how);
  put(out, std::move(e));
}

void pay_jail_fine(Outcome& out, PlayerId p, Money fine) { pay(out, PaymentKind::JailFine, p, kBank, fine); }

void fail_jail_throw(Outcome& out, PlayerId p, int turn_number) {
  Event e = make(EventType::JailTurnFailed, p);
  fields::JailTurnFailed::set_turns_used(e, turn_number);
  put(out, std::move(e));
}

void offer_jail_choice(Outcome& out, PlayerId p, Money fine) {
  Event e = make(EventType::JailChoiceOffered, p);
  e.amount = fine;
  put(out, std::move(e));
}

void skip_go(Outcome& out, PlayerId p, bool stays_in) {
  Event e = make(EventType::GoSkipped, p);
  fields::GoSkipped::set_stays_in(e, stays_in);
  put(out, std::move(e));
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
    Event e = make(type, payer);
    e.other = payee;
    e.amount = paid;
    if (face != paid) e.amount2 = face;  // what the payee gets (or, to the Bank, the sum as printed)
    e.square = square;
    put(out, std::move(e));
    if (policy::free_parking_jackpot(out.ruleset) && payee == kBank && feeds_jackpot(kind)) {
      Event j = make(EventType::JackpotAdded, payer);
      j.amount = paid;
      put(out, std::move(j));
    }
    return;
  }
  // rule debt/game-waits: what cannot be paid in cash is owed, and the game waits for it. The
  // debt stands in the debtor's currency; the Bank exchanges it when it is paid.
  Event e = make(EventType::DebtIncurred, payer);
  e.other = payee;
  e.amount = paid;
  e.square = square;
  fields::DebtIncurred::set_for_payment(e, type);
  put(out, std::move(e));
}

void bank_pays(Outcome& out, PlayerId p, Money received, Money face) {
  Event e = make(EventType::PaidByBank, p);
  e.amount = received;
  if (received != face) e.amount2 = face;
  put(out, std::move(e));
}

void surrender_cash(Outcome& out, PlayerId from, PlayerId creditor) {
  const Money cash = out.state.player(from).cash;
  if (cash.units <= 0) return;
  Event e = make(creditor == kBank ? EventType::PaidToBank : EventType::PaidToPlayer, from);
  e.other = creditor;
  e.amount = cash;
  if (creditor != kBank) {
    // regional-currency: the creditor gets what the debtor's cash is worth in his own currency.
    const Ruleset& r = out.ruleset;
    const Money worth = convert_received(r, cash, player_rate(r, out.state, creditor), player_rate(r, out.state, from));
    if (worth != cash) e.amount2 = worth;
  }
  put(out, std::move(e));
}

void settle_debt_in_kind(Outcome& out, PlayerId debtor, PlayerId creditor, Money amount) {
  if (amount.units <= 0) return;
  Event e = make(EventType::DebtSettledInKind, debtor);
  e.other = creditor;
  e.amount = amount;
  put(out, std::move(e));
}

void settle_debts(Outcome& out, PlayerId debtor) {
  // rule debt/paid-when-able: each debt is paid in full as soon as the cash is there.
  for (std::size_t c = 0; c < out.state.player(debtor).owes.size(); ++c) {
    const Money owed = out.state.player(debtor).owes[c];
    if (owed.units <= 0 || out.state.player(debtor).cash < owed) continue;
    Event e = make(EventType::DebtPaid, debtor);
    e.other = static_cast<PlayerId>(static_cast<int>(c) - 1);
    e.amount = owed;
    if (!fields::DebtPaid::creditor(e).is_bank()) {
      // The debt stands in the debtor's currency: the creditor gets its worth in his own at
      // today's rates (what he would pay for that sum of the debtor's money).
      const Money worth = convert_received(out.ruleset, owed, player_rate(out.ruleset, out.state, fields::DebtPaid::creditor(e).raw),
                                           player_rate(out.ruleset, out.state, debtor));
      if (worth != owed) e.amount2 = worth;
    }
    put(out, std::move(e));
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
  Event d = make(EventType::DebtIncurred, new_owner);
  d.other = kBank;
  d.square = sq;
  d.amount = interest;
  fields::DebtIncurred::set_for_payment(d, EventType::InterestPaid);
  put(out, std::move(d));
}

// ---- Landing ----

void offer_property(Outcome& out, PlayerId p, SquareId square, Money price) {
  Event e = make(EventType::PropertyOffered, p);
  e.square = square;
  e.amount = price;
  put(out, std::move(e));
}

void buy_property(Outcome& out, PlayerId p, SquareId square, Money paid, Money printed) {
  Event e = make(EventType::PropertyBought, p);
  e.square = square;
  e.amount = paid;
  if (paid != printed) e.amount2 = printed;  // the printed price, in the region's currency
  put(out, std::move(e));
}

void decline_property(Outcome& out, PlayerId p, SquareId square) {
  Event e = make(EventType::PurchaseDeclined, p);
  e.square = square;
  put(out, std::move(e));
}

void offer_tax_choice(Outcome& out, PlayerId p, SquareId square, Money flat, int percent) {
  Event e = make(EventType::TaxChoiceOffered, p);
  e.square = square;
  e.amount = flat;
  fields::TaxChoiceOffered::set_percent(e, percent);
  put(out, std::move(e));
}

void win_jackpot(Outcome& out, PlayerId p) {
  if (out.state.jackpot.units <= 0) return;
  Event j = make(EventType::JackpotWon, p);
  j.amount = out.state.jackpot;
  put(out, std::move(j));
}

// ---- Rent ----

void rent_due(Outcome& out, PlayerId payer, PlayerId owner, SquareId square, Money amount) {
  // The position holds kMaxRentClaims open windows; a window still open when that many more rents
  // fell due (a timed window in a game without stamps, where no clock closes it) is the oldest,
  // and lapses now rather than this rent being lost.
  bool room = false;
  for (const RentClaim& c : out.state.rents) room = room || !c.open;
  if (!room) forfeit_rent(out, out.state.rents[0]);
  Event e = make(EventType::RentDue, payer);
  e.other = owner;
  e.square = square;
  e.amount = amount;
  fields::RentDue::set_closes_on(e, PlayerOrBank{policy::rent_window_closes_on(out.ruleset, out.state, payer)});
  put(out, std::move(e));
}

// The claim is taken by value: its window (a slot of out.state.rents) is emptied by the first
// event, and a caller may well pass that slot itself.
void collect_rent(Outcome& out, RentClaim claim) {
  Event asked = make(EventType::RentClaimed, claim.payer);
  asked.other = claim.owner;
  asked.square = claim.square;
  asked.amount = claim.amount;
  put(out, std::move(asked));
  pay(out, PaymentKind::Rent, claim.payer, claim.owner, claim.amount, claim.square);
}

void forfeit_rent(Outcome& out, RentClaim claim) {
  Event e = make(EventType::RentForfeited, claim.payer);
  e.other = claim.owner;
  e.square = claim.square;
  e.amount = claim.amount;
  put(out, std::move(e));
}

// ---- Cards ----

void await_card(Outcome& out, PlayerId p, DeckId deck) {
  Event e = make(EventType::CardAwaited, p);
  e.deck = deck;
  put(out, std::move(e));
}

void turn_up_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card, bool kept) {
  Event e = make(EventType::CardDrawn, p);
  e.deck = deck;
  e.card = card;
  fields::CardDrawn::set_kept(e, kept);
  put(out, std::move(e));
}

void keep_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card) {
  // rule cards/jail-card-kept: kept until used (or sold), then back under its pack.
  Event e = make(EventType::JailCardKept, p);
  e.deck = deck;
  e.card = card;
  put(out, std::move(e));
}

void return_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card) {
  Event e = make(EventType::JailCardReturned, p);
  e.deck = deck;
  e.card = card;
  put(out, std::move(e));
}

void offer_card_choice(Outcome& out, PlayerId p, DeckId other_deck, Money fine) {
  Event e = make(EventType::CardChoiceOffered, p);
  e.deck = other_deck;
  e.amount = fine;
  put(out, std::move(e));
}

void await_card_dice(Outcome& out, PlayerId p, SquareId square, int multiplier) {
  Event e = make(EventType::CardDiceAwaited, p);
  e.square = square;
  fields::CardDiceAwaited::set_multiplier(e, multiplier);
  put(out, std::move(e));
}

void throw_card_dice(Outcome& out, PlayerId p, int die1, int die2) {
  Event e = make(EventType::CardDiceThrown, p);
  e.die1 = static_cast<std::int8_t>(die1);
  e.die2 = static_cast<std::int8_t>(die2);
  put(out, std::move(e));
}

// ---- Auctions ----

void open_auction(Outcome& out, PlayerId opener, SquareId square, AuctionLot lot, std::int64_t clock) {
  Event e = make(EventType::AuctionOpened, opener);
  e.square = square;
  fields::AuctionOpened::set_lot(e, lot);
  e.clock = clock;
  put(out, std::move(e));
}

void bid(Outcome& out, PlayerId p, SquareId square, Money amount) {
  Event e = make(EventType::BidMade, p);
  e.amount = amount;
  e.square = square;
  put(out, std::move(e));
}

void pass_bid(Outcome& out, PlayerId p, SquareId square) {
  Event e = make(EventType::BidderPassed, p);
  e.square = square;
  put(out, std::move(e));
}

void auction_won(Outcome& out, PlayerId p, SquareId square, Money amount, AuctionLot lot) {
  Event e = make(EventType::AuctionWon, p);
  e.square = square;
  e.amount = amount;
  fields::AuctionWon::set_lot(e, lot);
  put(out, std::move(e));
}

void auction_unsold(Outcome& out, PlayerId turn, SquareId square, AuctionLot lot) {
  Event e = make(EventType::AuctionUnsold, turn);
  e.square = square;
  fields::AuctionUnsold::set_lot(e, lot);
  put(out, std::move(e));
}

void queue_bank_auctions(Outcome& out, PlayerId from, std::uint64_t squares) {
  Event e = make(EventType::BankAuctionsQueued, from);
  e.mask = squares;
  put(out, std::move(e));
}

// ---- Buildings ----

void build_house(Outcome& out, PlayerId p, SquareId site, Money paid, Money face) {
  Event e = make(EventType::HouseBuilt, p);
  e.square = site;
  e.amount = paid;
  if (paid != face) e.amount2 = face;
  put(out, std::move(e));
}

void build_hotel(Outcome& out, PlayerId p, SquareId site, Money paid, Money face, int houses_returned) {
  Event e = make(EventType::HotelBuilt, p);
  e.square = site;
  e.amount = paid;
  if (paid != face) e.amount2 = face;
  fields::HotelBuilt::set_houses_returned(e, houses_returned);
  put(out, std::move(e));
}

void sell_house(Outcome& out, PlayerId p, SquareId site, Money received, bool by_mortgage) {
  Event e = make(EventType::HouseSold, p);
  e.square = site;
  e.amount = received;
  fields::HouseSold::set_by_mortgage(e, by_mortgage);
  put(out, std::move(e));
}

void sell_hotel(Outcome& out, PlayerId p, SquareId site, Money received, int houses_left, bool by_mortgage) {
  Event e = make(EventType::HotelSold, p);
  e.square = site;
  e.amount = received;
  fields::HotelSold::set_houses_left(e, houses_left);
  fields::HotelSold::set_by_mortgage(e, by_mortgage);
  put(out, std::move(e));
}

void place_building(Outcome& out, PlayerId p, SquareId site) {
  Event e = make(EventType::BuildingPlaced, p);
  e.square = site;
  put(out, std::move(e));
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
  Event e = make(EventType::PropertyMortgaged, p);
  e.square = square;
  e.amount = lent;
  if (lent != face) e.amount2 = face;
  put(out, std::move(e));
}

void lift_mortgage(Outcome& out, PlayerId p, SquareId square, Money principal, Money face) {
  Event e = make(EventType::MortgageLifted, p);
  e.square = square;
  e.amount = principal;
  if (principal != face) e.amount2 = face;
  put(out, std::move(e));
}

void pay_interest(Outcome& out, PlayerId p, SquareId square, Money paid, Money face, bool on_transfer) {
  Event e = make(EventType::InterestPaid, p);
  e.square = square;
  e.amount = paid;
  if (paid != face) e.amount2 = face;
  fields::InterestPaid::set_on_transfer(e, on_transfer);
  put(out, std::move(e));
}

// ---- Trades and deeds ----

void offer_trade(Outcome& out, PlayerId from, PlayerId to, const TradeTerms& terms) {
  Event e = make(EventType::TradeOffered, from);
  e.other = to;
  e.mask = terms.give;
  e.mask2 = terms.get;
  e.amount = terms.give_cash;
  e.amount2 = terms.get_cash;
  e.cards = static_cast<std::uint8_t>(terms.give_cards);
  e.cards2 = static_cast<std::uint8_t>(terms.get_cards);
  put(out, std::move(e));
}

void reject_trade(Outcome& out, PlayerId p) { put(out, make(EventType::TradeRejected, p)); }

void accept_trade(Outcome& out, PlayerId p, PlayerId offerer) {
  Event e = make(EventType::TradeAccepted, p);
  e.other = offerer;
  put(out, std::move(e));
}

void transfer_deed(Outcome& out, PlayerId from, PlayerId to, SquareId square) {
  Event e = make(EventType::PropertyTransferred, from);
  e.other = to;
  e.square = square;
  put(out, std::move(e));
}

void transfer_jail_card(Outcome& out, PlayerId from, PlayerId to, DeckId deck) {
  Event e = make(EventType::JailCardTransferred, from);
  e.other = to;
  e.deck = deck;
  put(out, std::move(e));
}

void transfer_jail_card(Outcome& out, PlayerId from, PlayerId to) {
  // With a card from each pack, the Chance card goes first (docs/rules.md).
  const PlayerState& p = out.state.player(from);
  transfer_jail_card(out, from, to, p.jail_cards[0] > 0 ? DeckId::Chance : DeckId::CommunityChest);
}

void hand_over_cash(Outcome& out, PlayerId from, PlayerId to, Money paid, Money received) {
  if (received.units <= 0) return;
  Event e = make(EventType::PaidToPlayer, from);
  e.other = to;
  e.amount = paid;
  if (paid != received) e.amount2 = received;
  put(out, std::move(e));
}

// ---- The end of a player and of the game ----

void go_bankrupt(Outcome& out, PlayerId p, PlayerId creditor) {
  Event e = make(EventType::PlayerBankrupted, p);
  e.other = creditor;
  put(out, std::move(e));
}

void win_game(Outcome& out, PlayerId p) { put(out, make(EventType::GameWon, p)); }

// ---- The short game and corrections ----

void deal_title(Outcome& out, PlayerId p, SquareId square, Money price) {
  Event e = make(EventType::TitleDealt, p);
  e.square = square;
  e.amount = price;
  put(out, std::move(e));
}

void call_time(Outcome& out) { put(out, make(EventType::TimeCalled, kReferee)); }

void record_ruling(Outcome& out, PlayerId p, PlayerId other, SquareId square, Money amount, const std::string& reason) {
  Event e = make(EventType::RulingRecorded, p);
  e.other = other;
  e.square = square;
  e.amount = amount;
  e.text = reason;
  put(out, std::move(e));
}

void take_back(Outcome& out, int events_voided, const std::string& reason) {
  Event e = make(EventType::MovesTakenBack, kReferee);
  fields::MovesTakenBack::set_events_voided(e, events_voided);
  e.text = reason;
  put(out, std::move(e));
}

void note(Outcome& out, const std::string& text) {
  Event e = make(EventType::NoteRecorded, kReferee);
  e.text = text;
  put(out, std::move(e));
}

// ---- The opening ----

void shuffle_deck(Outcome& out, DeckId deck, std::vector<CardIndex> order) {
  put(out, deck_shuffled(deck, std::move(order)));
}

void place_player(Outcome& out, PlayerId p, Money cash, SquareId square, bool in_jail, int jail_turns) {
  Event e = make(EventType::PlayerPlaced, p);
  e.amount = cash;
  e.square = square;
  fields::PlayerPlaced::set_in_jail(e, in_jail);
  fields::PlayerPlaced::set_jail_turns(e, jail_turns);
  put(out, std::move(e));
}

void assign_debt(Outcome& out, PlayerId debtor, PlayerId creditor, Money amount) {
  Event e = make(EventType::DebtIncurred, debtor);
  e.other = creditor;
  e.amount = amount;
  e.square = kNoSquare;
  fields::DebtIncurred::set_for_payment(e, creditor == kBank ? EventType::PaidToBank : EventType::PaidToPlayer);
  put(out, std::move(e));
}

void assign_property(Outcome& out, PlayerId p, SquareId square, int buildings, bool mortgaged) {
  Event e = make(EventType::PropertyAssigned, p);
  e.square = square;
  fields::PropertyAssigned::set_buildings(e, buildings);
  fields::PropertyAssigned::set_mortgaged(e, mortgaged);
  put(out, std::move(e));
}

void assign_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card) {
  Event e = make(EventType::JailCardAssigned, p);
  e.deck = deck;
  e.card = card;
  put(out, std::move(e));
}

void form_conglomerate(Outcome& out, PlayerId p, std::uint64_t squares, SquareId top) {
  Event e = make(EventType::ConglomerateFormed, p);
  e.mask = squares;
  e.square = top;
  put(out, std::move(e));
}

}  // namespace deedlog::effect
