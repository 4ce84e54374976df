#pragma once
// Effects: the one place where events are built. A rule-book section checks what the rules
// allow, then calls these to make it happen; each effect emits its events into the Outcome
// (which applies them at once to the working position) with every consequence that always
// goes with it: a payment brings the exchange of currencies, the debt when the cash is short
// and the Free Parking jackpot; a token's move brings the salary. Two paths that do the same
// thing therefore cannot disagree, and `referee audit`'s account of what a table did is
// built from the same effects as the referee's own rulings.
//
// Effects decide nothing: whether a move is legal is the caller's question, asked before.
#include <cstdint>
#include <string>
#include <vector>

#include "deedlog/event.h"
#include "engine/outcome.h"

namespace deedlog::effect {

// ---- Turns and dice (TO START THE GAME) ----
void start_turn(Outcome& out, PlayerId p);
// A turn's throw. doubles_run: the doubles thrown in a row with this one (0 when not doubles;
// for a jailed player's doubles, 1 where they count towards three). throws_again: the throw
// earns another.
void throw_dice(Outcome& out, PlayerId p, int die1, int die2, int doubles_run, bool throws_again);
// The move is over; another throw follows if the last throw earned one (and time is not called).
void finish_move(Outcome& out, PlayerId p);

// ---- Moving a token ----
// Forward by steps; the salary when the token reaches or passes the start square.
void move_forward(Outcome& out, PlayerId p, int steps);
// Forward to a square (once round the board when it names the square the token is on).
void advance_to(Outcome& out, PlayerId p, SquareId target);
// Backwards to a square: no salary.
void move_back_to(Outcome& out, PlayerId p, SquareId target);

// ---- Jail ----
// Straight to jail: no salary, whatever the path.
void send_to_jail(Outcome& out, PlayerId p, JailReason why);
// Sent to jail, and the move ends there (a Go to Jail square or card, a third double).
void send_to_jail_ending_move(Outcome& out, PlayerId p, JailReason why);
// Out of jail, by the way given. A fine or a card is paid by the caller first (pay_jail_fine,
// return_jail_card); this only frees him.
void leave_jail(Outcome& out, PlayerId p, JailExit how);
// The jail fine, to the Bank (and to the jackpot where the house rule holds).
void pay_jail_fine(Outcome& out, PlayerId p, Money fine);
// A throw in jail that was not doubles: turn_number is the turns he has now used.
void fail_jail_throw(Outcome& out, PlayerId p, int turn_number);
// computer: the last throw in jail failed: pay `fine` and move, or miss the next go.
void offer_jail_choice(Outcome& out, PlayerId p, Money fine);
// computer: the player sits out a go. stays_in: he stays in jail, and this is the go he chose to miss.
void skip_go(Outcome& out, PlayerId p, bool stays_in);

// ---- Money ----
// Why money moves from one party to another; each is its own event in the journal.
// Rent: RentPaid; Tax: TaxPaid; JailFine: FinePaid; CardToBank: PaidToBank (a card's payment
// or fine); ToPlayer: PaidToPlayer (cards, awards).
enum class PaymentKind : std::uint8_t { Rent, Tax, JailFine, CardToBank, ToPlayer };
// A payment the rules demand, made in cash when the payer has it, else owed (the game waits
// for it). payee kBank = the Bank. A sum owed to a player is in his currency and paid converted;
// a sum owed to the Bank is in the payer's own. Money paid to the Bank as a tax or a fine waits
// on Free Parking where the house rule holds.
void pay(Outcome& out, PaymentKind kind, PlayerId payer, PlayerId payee, Money amount, SquareId square = kNoSquare);
// The same with the sums already exchanged: the payer gives `paid` in his own currency; `face`
// is what the payee receives in his (to the Bank: the sum as printed).
void pay_exchanged(Outcome& out, PaymentKind kind, PlayerId payer, PlayerId payee, Money paid, Money face,
                   SquareId square = kNoSquare);
// The Bank pays a player (a card's collection): `received` in his currency, `face` as printed.
void bank_pays(Outcome& out, PlayerId p, Money received, Money face);
// All a bankrupt's cash to his creditor (kBank: the Bank); never to the jackpot.
void surrender_cash(Outcome& out, PlayerId from, PlayerId creditor);
// Part of what the debtor owes the creditor is settled by property the creditor took in a trade
// instead of cash: `amount` (the debtor's currency) comes off the debt; no money moves.
void settle_debt_in_kind(Outcome& out, PlayerId debtor, PlayerId creditor, Money amount);
// Pays every debt the debtor now has the cash for (each in full, as soon as he can).
void settle_debts(Outcome& out, PlayerId debtor);
// The 10% interest due when a mortgaged deed changes hands: paid at once, or owed to the Bank.
void charge_transfer_interest(Outcome& out, PlayerId new_owner, SquareId square);

// ---- Landing ----
void offer_property(Outcome& out, PlayerId p, SquareId square, Money price);
// paid: in the buyer's currency; printed: the price as printed (regional currency), or the same.
void buy_property(Outcome& out, PlayerId p, SquareId square, Money paid, Money printed);
void decline_property(Outcome& out, PlayerId p, SquareId square);
void offer_tax_choice(Outcome& out, PlayerId p, SquareId square, Money flat, int percent);
void win_jackpot(Outcome& out, PlayerId p);

// ---- Rent ----
// Rent falls due: the window the edition gives the owner to ask opens.
void rent_due(Outcome& out, PlayerId payer, PlayerId owner, SquareId square, Money amount);
// The owner asked in time: the window closes and the rent is paid (or owed).
void collect_rent(Outcome& out, RentClaim claim);
// The owner did not ask in time: the rent is lost.
void forfeit_rent(Outcome& out, RentClaim claim);

// ---- Cards ----
void await_card(Outcome& out, PlayerId p, DeckId deck);
// The card is turned up (kept: it stays with the player rather than going under the pack).
void turn_up_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card, bool kept);
void keep_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card);
// The Get Out of Jail Free card goes back to the bottom of its own pack.
void return_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card);
void offer_card_choice(Outcome& out, PlayerId p, DeckId other_deck, Money fine);
void await_card_dice(Outcome& out, PlayerId p, SquareId square, int multiplier);
void throw_card_dice(Outcome& out, PlayerId p, int die1, int die2);

// ---- Auctions ----
// A property lot (square), or, for a building auction, no square and the lot's kind.
void open_auction(Outcome& out, PlayerId opener, SquareId square, AuctionLot lot = AuctionLot::Property,
                  std::int64_t clock = kNoTime);
void bid(Outcome& out, PlayerId p, SquareId square, Money amount);
void pass_bid(Outcome& out, PlayerId p, SquareId square);
void auction_won(Outcome& out, PlayerId p, SquareId square, Money amount, AuctionLot lot);
void auction_unsold(Outcome& out, PlayerId turn, SquareId square, AuctionLot lot);
void queue_bank_auctions(Outcome& out, PlayerId from, std::uint64_t squares);

// ---- Buildings ----
// paid: in the builder's currency; face: the printed price (0 for a building won at auction).
void build_house(Outcome& out, PlayerId p, SquareId site, Money paid, Money face);
// houses_returned: the houses that go back to the Bank for it.
void build_hotel(Outcome& out, PlayerId p, SquareId site, Money paid, Money face, int houses_returned);
// by_mortgage (computer): the building goes with the site's mortgage rather than sold.
void sell_house(Outcome& out, PlayerId p, SquareId site, Money received, bool by_mortgage = false);
// houses_left: the houses the Bank puts back on the site (0: the site is left bare).
void sell_hotel(Outcome& out, PlayerId p, SquareId site, Money received, int houses_left, bool by_mortgage = false);
void place_building(Outcome& out, PlayerId p, SquareId site);
// Every building on one site back to the Bank, leaving it bare: at half its price, or for
// nothing (paid false, a bankruptcy to the Bank).
void clear_site_buildings(Outcome& out, PlayerId p, SquareId site, bool paid, bool by_mortgage);

// ---- Mortgages ----
// lent / principal: in the owner's currency; face: as printed on the deed.
void mortgage(Outcome& out, PlayerId p, SquareId square, Money lent, Money face);
void lift_mortgage(Outcome& out, PlayerId p, SquareId square, Money principal, Money face);
// paid: in the payer's currency; face: as printed. on_transfer: the 10% due when the deed changed hands.
void pay_interest(Outcome& out, PlayerId p, SquareId square, Money paid, Money face, bool on_transfer);

// ---- Trades and deeds ----
struct TradeTerms {
  std::uint64_t give = 0;
  std::uint64_t get = 0;
  Money give_cash;
  Money get_cash;
  int give_cards = 0;
  int get_cards = 0;
};
void offer_trade(Outcome& out, PlayerId from, PlayerId to, const TradeTerms& terms);
void reject_trade(Outcome& out, PlayerId p);
void accept_trade(Outcome& out, PlayerId p, PlayerId offerer);
// A deed changes hands (to kBank: back to the Bank, unmortgaged).
void transfer_deed(Outcome& out, PlayerId from, PlayerId to, SquareId square);
// A Get Out of Jail Free card changes hands (the Chance one first when he holds both).
void transfer_jail_card(Outcome& out, PlayerId from, PlayerId to);
void transfer_jail_card(Outcome& out, PlayerId from, PlayerId to, DeckId deck);
// Cash handed over in a trade: paid by `from` in his currency, received by `to` in his.
void hand_over_cash(Outcome& out, PlayerId from, PlayerId to, Money paid, Money received);

// ---- The end of a player and of the game ----
void go_bankrupt(Outcome& out, PlayerId p, PlayerId creditor);
void win_game(Outcome& out, PlayerId p);

// ---- The short game and corrections ----
void deal_title(Outcome& out, PlayerId p, SquareId square, Money price);
void call_time(Outcome& out);
// A referee's correction in favour of p, paid by `other` (kBank: the Bank): a sum, or the deed square.
void record_ruling(Outcome& out, PlayerId p, PlayerId other, SquareId square, Money amount, const std::string& reason);
// The referee voids the events_voided events before this move's line (rule referee/take-back).
void take_back(Outcome& out, int events_voided, const std::string& reason);
// rule referee/note: the referee's note of a ruling; it changes nothing.
void note(Outcome& out, const std::string& text);

// ---- The opening ([Setup]) ----
void shuffle_deck(Outcome& out, DeckId deck, std::vector<CardIndex> order);
void place_player(Outcome& out, PlayerId p, Money cash, SquareId square, bool in_jail, int jail_turns);
void assign_property(Outcome& out, PlayerId p, SquareId square, int buildings, bool mortgaged);
// setup: a debt unpaid at the start (owed to creditor, kBank for the Bank).
void assign_debt(Outcome& out, PlayerId debtor, PlayerId creditor, Money amount);
void assign_jail_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card);
void form_conglomerate(Outcome& out, PlayerId p, std::uint64_t squares, SquareId top);

}  // namespace deedlog::effect
