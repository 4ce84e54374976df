#pragma once
// Which card a player says he turned up: the numbered form "chance:7" (the pack's word and the
// card's place in the edition's list, from 1), or the card's text or a unique part of it.
// The notation and the engine both read what players write, and must agree on what it names:
// the notation (which does not know which pack is due) asks whether any pack has the card, the
// engine asks for the card of the pack that is due. Both come here.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "deedlog/ruleset.h"

namespace deedlog {

// The numbered form as written.
struct NumberedCard {
  DeckId deck = DeckId::Chance;
  int number = 0;  // from 1 as written; 0 when too large to be any card
};

// The pack a word names: "chance", "chest", "community-chest", "cc", or the edition's own name
// for a pack ("combat", "Training"). Case, spaces, hyphens and underscores do not count.
std::optional<DeckId> pack_named(std::string_view word, const Ruleset& ruleset);

// Reads "PACK:N". nullopt when the query is not of that form: card texts may hold a colon
// themselves ("Speeding fine: pay £15"), so only a known pack word and digits after the colon
// make a number.
std::optional<NumberedCard> numbered_card(std::string_view query, const Ruleset& ruleset);

struct [[nodiscard]] CardLookup {
  bool found = false;
  DeckId deck = DeckId::Chance;
  CardIndex card = kNoCard;
  bool ambiguous = false;  // when !found: a text that fits several cards of one pack
  std::string error;  // when !found: for the player, naming the nearest cards where it can
};

// The card of this pack that the query names. A number that names the other pack is refused.
CardLookup find_card(const std::string& query, const Ruleset& ruleset, DeckId deck);

// The card the query names in whichever pack has it (the first pack when it is in both, as
// "Go to Jail" is). A text that fits several cards of one pack and none exactly is refused as
// ambiguous.
CardLookup find_card_in_any_pack(const std::string& query, const Ruleset& ruleset);

// The card the query names in each pack (kNoCard where that pack has none): what the notation
// hands the engine, which takes the one of the pack that is due.
std::array<CardIndex, kDeckCount> card_in_each_pack(const std::string& query, const Ruleset& ruleset);

}  // namespace deedlog
