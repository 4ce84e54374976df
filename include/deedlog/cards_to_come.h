#pragma once
// Which cards of a pack can come next, as the players at the table see it (rule
// cards/pack-order): the one rule the analysis's cards that could have come, the play-outs' own
// order of the cards nobody has seen and the built-in player's card named at a table all ask.
#include <array>
#include <cstdint>
#include <vector>

#include "deedlog/event.h"
#include "deedlog/ids.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// The cards of each pack the players have seen, bit i of [pack] for card i: those turned up (a
// card drawn, a Get Out of Jail Free card dealt in a [Setup] or put back under its pack). The
// position does not hold it (a seeded pack's order is known to the referee, not to the players):
// a reader of a game's events folds it with note_card_seen.
using CardsSeen = std::array<std::uint64_t, kDeckCount>;

// Marks the card `e` shows (a card turned up, or a get-out card handed over or back) as seen;
// any other event shows none. Every reader of seen cards asks this one rule.
void note_card_seen(const Event& e, CardsSeen* seen);

// A pack split by what the players know of it.
struct PackAsSeen {
  // The cards that can come next, each as likely as the others for all the players know, in the
  // edition's order: those never turned up and in the pack (not held by a player), and, in a
  // seeded position, the cards of the recorded order nobody has seen.
  std::vector<CardIndex> can_come;
  // The cards under them, top first: at a table every card of the known order (each was turned
  // up and went back under); in a seeded position the cards of the recorded order the players
  // have seen.
  std::vector<CardIndex> under;
};

// Pack `deck` of `position` as seen by players who have seen the cards of bit mask `seen` (bit i:
// card i turned up, dealt or handed back: the position alone does not say which cards of a seeded
// order were seen). Pure.
PackAsSeen pack_as_seen(const Ruleset& ruleset, const State& position, DeckId deck, std::uint64_t seen);

// The event that lays pack `deck` in `order` (top first): a seeded game's opening shuffle, and a
// pack laid out again as the players see it (a play-out's own order, a card that could have come).
Event deck_shuffled(DeckId deck, std::vector<CardIndex> order);

}  // namespace deedlog
