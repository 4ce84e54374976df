#pragma once
// What a token's arrival on a square sets off, and how a move ends. Shared by throws of the
// dice, jail exits and cards that move the token.
#include <optional>

#include "engine/outcome.h"
#include "engine/rule_book.h"

namespace deedlog {

// Moves the token forward by steps, paying salary when it reaches or passes the start square.
void move_forward(Outcome& out, PlayerId p, int steps);
// Moves the token forward to a square (salary when passing or reaching the start square).
void advance_to(Outcome& out, PlayerId p, SquareId target);
// Moves the token backwards to a square: no salary.
void move_back_to(Outcome& out, PlayerId p, SquareId target);
// Straight to jail: no salary, the move and the turn end.
void send_to_jail(Outcome& out, PlayerId p, JailReason why);

// Whatever the square the token stands on requires: an offer to buy, rent, a tax, a card.
// Ends the move when nothing waits on the player.
void resolve_landing(Outcome& out, PlayerId p);

// The move is over; another throw follows if the last throw earned one.
void finish_move(Outcome& out, PlayerId p);

// The player turns up card `card` of `deck` (already checked against the pack) and follows it.
void follow_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card);

// A payment the rules demand: made in cash when the payer has it, else owed (and the game
// waits). payee kBank = the Bank. kind: RentPaid, TaxPaid, PaidToBank, PaidToPlayer, FinePaid.
void charge(Outcome& out, EventType kind, PlayerId payer, PlayerId payee, Money amount,
            SquareId square = kNoSquare);

// The same, the Bank exchanging currencies (regional-currency): the payer gives `paid` in his
// own currency; `face` is what the payee receives in his (to the Bank: the sum as printed).
void charge_exchanged(Outcome& out, EventType kind, PlayerId payer, PlayerId payee, Money paid, Money face,
                      SquareId square = kNoSquare);

// A card's rent throw (nearest utility): dice given, or both 0 to throw from the seed.
void throw_for_card_rent(Outcome& out, PlayerId p, int die1, int die2);

// Rent falls due: the window the edition gives the owner to ask opens.
void rent_due(Outcome& out, PlayerId payer, PlayerId owner, SquareId square, Money amount);

// The card at the top of a pack when the table knows it (every card seen, or shuffled from the seed).
std::optional<CardIndex> known_top_card(const PackState& pack);

}  // namespace deedlog
