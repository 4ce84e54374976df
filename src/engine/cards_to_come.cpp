#include "deedlog/cards_to_come.h"

#include <algorithm>
#include <utility>

#include "deedlog/event_fields.h"

namespace deedlog {

void note_card_seen(const Event& e, CardsSeen* seen) {
  if (e.type == EventType::CardDrawn || e.type == EventType::JailCardAssigned || e.type == EventType::JailCardReturned)
    (*seen)[static_cast<std::size_t>(fields::shared::deck(e))] |= std::uint64_t{1} << fields::shared::card(e);
}

PackAsSeen pack_as_seen(const Ruleset& r, const State& s, DeckId deck, std::uint64_t seen) {
  PackAsSeen out;
  const PackState& pack = s.packs[static_cast<std::size_t>(deck)];
  const std::size_t cards = r.decks[static_cast<std::size_t>(deck)].cards.size();
  for (std::size_t i = 0; i < cards; ++i) {
    const std::uint64_t bit = std::uint64_t{1} << i;
    if ((pack.unseen & bit) && !(pack.out & bit)) out.can_come.push_back(static_cast<CardIndex>(i));
  }
  for (int k = 0; k < pack.size; ++k) {
    const CardIndex c = pack.known_at(k);
    // At a table the cards of the known order were all turned up; in a seeded position the
    // whole pack is in order, and only the cards turned up are known to the players.
    if (!s.seeded || (seen & (std::uint64_t{1} << c))) out.under.push_back(c);
    else out.can_come.push_back(c);
  }
  // In the edition's order, so that no recorded order shows through.
  std::sort(out.can_come.begin(), out.can_come.end());
  return out;
}

Event deck_shuffled(DeckId deck, std::vector<CardIndex> order) {
  Event e;
  e.type = EventType::DeckShuffled;
  e.deck = deck;
  e.order = std::move(order);
  return e;
}

}  // namespace deedlog
