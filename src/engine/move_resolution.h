#pragma once
// What a token's arrival on a square sets off, and how a move ends. Shared by throws of the
// dice, jail exits and cards that move the token.
#include <optional>

#include "engine/outcome.h"
#include "deedlog/sealed_chance.h"
#include "deedlog/rule_book.h"

namespace deedlog {

// Whatever the square the token stands on requires: an offer to buy, rent, a tax, a card.
// Ends the move when nothing waits on the player.
void resolve_landing(Outcome& out, PlayerId p);

// The player turns up card `card` of `deck` (already checked against the pack) and follows it.
void follow_card(Outcome& out, PlayerId p, DeckId deck, CardIndex card);

// A card's rent throw (nearest utility): dice given, or both 0 to throw from the seed.
void throw_for_card_rent(Outcome& out, PlayerId p, int die1, int die2);

// The card at the top of a pack when the table knows it (every card seen, or shuffled from the seed).
std::optional<CardIndex> known_top_card(const PackState& pack);


// A sealed game: the dice of the throw number `index`, when the chance holds them.
std::optional<std::pair<int, int>> sealed_throw(const SealedChance* chance, std::uint64_t index);

}  // namespace deedlog
