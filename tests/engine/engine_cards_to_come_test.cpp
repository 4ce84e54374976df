// Which cards of a pack can come next as the players see it (deedlog/cards_to_come.h): the one
// rule the analysis, the play-outs, the built-in player and the explanation of a card ask.
#include <gtest/gtest.h>

#include <algorithm>

#include "deedlog/cards_to_come.h"
#include "deedlog/evolve.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {

constexpr std::uint64_t bit(int card) { return std::uint64_t{1} << card; }

class CardsToCome : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(load_ruleset("uk-1972", &uk_).is_ok()); }
  int cards() const { return static_cast<int>(uk_.decks[static_cast<int>(DeckId::Chance)].cards.size()); }
  PackState& chance(State& s) const { return s.packs[static_cast<int>(DeckId::Chance)]; }
  Ruleset uk_;
};

// At a table: the cards never turned up and still in the pack, in the edition's order; the cards
// turned up are under them in the order they went back, whatever the players say they saw.
TEST_F(CardsToCome, AtATableTheCardsNeverTurnedUpAndNotHeld) {
  State s;
  PackState& pack = chance(s);
  pack.unseen = (bit(cards()) - 1) & ~bit(3) & ~bit(5) & ~bit(8);
  pack.push_bottom(8);
  pack.push_bottom(3);
  pack.out = bit(5);
  const PackAsSeen seen = pack_as_seen(uk_, s, DeckId::Chance, 0);
  EXPECT_EQ(seen.under, (std::vector<CardIndex>{8, 3}));
  ASSERT_EQ(seen.can_come.size(), static_cast<std::size_t>(cards() - 3));
  EXPECT_TRUE(std::is_sorted(seen.can_come.begin(), seen.can_come.end()));
  for (CardIndex c : {3, 5, 8}) EXPECT_EQ(std::count(seen.can_come.begin(), seen.can_come.end(), c), 0) << int(c);
  // The table's view (every card whose place is known, known): the same.
  EXPECT_EQ(pack_as_seen(uk_, s, DeckId::Chance, ~std::uint64_t{0}).can_come, seen.can_come);
  // A card held by a player never comes, even were it marked as never turned up.
  pack.unseen |= bit(5);
  EXPECT_EQ(pack_as_seen(uk_, s, DeckId::Chance, 0).can_come, seen.can_come);
}

// In a seeded position the whole order is recorded, but the players know only the cards they
// have seen: the others can come, each as likely; the seen ones lie under, in the recorded order.
// Each card is judged by itself: a seen card above unseen ones does not make those known.
TEST_F(CardsToCome, SeededTheRecordedOrderNobodyHasSeenCanCome) {
  State s;
  s.seeded = true;
  PackState& pack = chance(s);
  for (CardIndex c : {9, 2, 14, 7, 0, 11}) pack.push_bottom(c);
  const PackAsSeen seen = pack_as_seen(uk_, s, DeckId::Chance, bit(7) | bit(0) | bit(11));
  EXPECT_EQ(seen.can_come, (std::vector<CardIndex>{2, 9, 14}));  // the edition's order, not the recorded one
  EXPECT_EQ(seen.under, (std::vector<CardIndex>{7, 0, 11}));
  const PackAsSeen above = pack_as_seen(uk_, s, DeckId::Chance, bit(2));
  EXPECT_EQ(above.can_come, (std::vector<CardIndex>{0, 7, 9, 11, 14}));
  EXPECT_EQ(above.under, (std::vector<CardIndex>{2}));
  // Everything seen (the referee's view): nothing to come but the known top.
  const PackAsSeen all = pack_as_seen(uk_, s, DeckId::Chance, ~std::uint64_t{0});
  EXPECT_TRUE(all.can_come.empty());
  EXPECT_EQ(all.under, (std::vector<CardIndex>{9, 2, 14, 7, 0, 11}));
  // Unseen by the players, but held by one: never in the pack, never to come.
  State held;
  held.seeded = true;
  chance(held).unseen = bit(4) | bit(6);
  chance(held).out = bit(6);
  EXPECT_EQ(pack_as_seen(uk_, held, DeckId::Chance, 0).can_come, (std::vector<CardIndex>{4}));
}

// deck_shuffled lays the pack in the order given, top first, every card's place then known.
TEST_F(CardsToCome, DeckShuffledLaysThePackInItsOrder) {
  State s;
  chance(s).unseen = bit(cards()) - 1;
  const Event e = deck_shuffled(DeckId::Chance, {4, 1, 12});
  EXPECT_EQ(e.type, EventType::DeckShuffled);
  evolve(s, e);
  const PackState& pack = chance(s);
  EXPECT_EQ(pack.unseen, 0u);
  ASSERT_EQ(pack.size, 3);
  EXPECT_EQ(pack.known_at(0), 4);
  EXPECT_EQ(pack.known_at(1), 1);
  EXPECT_EQ(pack.known_at(2), 12);
  EXPECT_EQ(s.packs[static_cast<int>(DeckId::CommunityChest)], PackState{});
}

}  // namespace
}  // namespace deedlog
