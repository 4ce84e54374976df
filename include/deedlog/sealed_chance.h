#pragma once
// A sealed game's packs (docs/trust.md, "Sealed chance"): which card the referee turns up next
// from the order the seed shuffled a pack in. One rule for the engine, which turns the card up,
// and for those who check a card after the reveal (audit --seed, explain).
#include <optional>
#include <vector>

#include "deedlog/ids.h"
#include "deedlog/state.h"

namespace deedlog {

// The card on top of the pack whose order, as shuffled, is `order`: the cards never turned up
// are still on top in that order (a card a player holds is not in the pack), the ones turned
// up lie under them as the table knows them. None when the order does not name the card due.
std::optional<CardIndex> sealed_top_card(const PackState& pack, const std::vector<CardIndex>& order);

}  // namespace deedlog
