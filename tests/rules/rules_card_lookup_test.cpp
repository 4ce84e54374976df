// Tests of the card a player names (rules/card_lookup.h): by number in a pack, by text or a
// unique part of it, in the pack that is due or in any pack, and by the edition's pack names.
#include <gtest/gtest.h>

#include "deedlog/ruleset_catalog.h"
#include "rules/card_lookup.h"

namespace deedlog {
namespace {

#define EXPECT_HAS(haystack, needle) \
  EXPECT_NE(std::string(haystack).find(needle), std::string::npos) << "'" << (haystack) << "' lacks '" << (needle) << "'"

class CardLookupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(load_ruleset("uk-1972", &uk).is_ok());
    ASSERT_TRUE(load_ruleset("military", &military).is_ok());
  }
  Ruleset uk, military;
};

TEST_F(CardLookupTest, FindsTheCardOfThePackThatIsDue) {
  CardLookup l = find_card("chance:7", uk, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 6);
  l = find_card("chance:7", uk, DeckId::CommunityChest);
  EXPECT_FALSE(l.found);
  EXPECT_HAS(l.error, "is a Chance card");
  l = find_card("Advance to GO", uk, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 1);
  l = find_card("Advance to GO", uk, DeckId::CommunityChest);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 5);
  l = find_card("Advance", uk, DeckId::CommunityChest);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 5);
  l = find_card("Advance", uk, DeckId::Chance);
  EXPECT_FALSE(l.found);
  EXPECT_TRUE(l.ambiguous);
  EXPECT_HAS(l.error, "ambiguous Chance card 'Advance'");
  l = find_card("chest:16", uk, DeckId::CommunityChest);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 15);
  EXPECT_HAS(find_card("chance:17", uk, DeckId::Chance).error, "the Chance pack has cards 1 to 16");
}

TEST_F(CardLookupTest, PackWordsIncludeTheEditionsNames) {
  EXPECT_EQ(pack_named("Community Chest", uk), DeckId::CommunityChest);
  EXPECT_EQ(pack_named("community_chest", uk), DeckId::CommunityChest);
  EXPECT_EQ(pack_named("combat", military), DeckId::Chance);
  EXPECT_EQ(pack_named("TRAINING", military), DeckId::CommunityChest);
  EXPECT_EQ(pack_named("chance", military), DeckId::Chance);  // the uk-1972 words stay
  EXPECT_EQ(pack_named("combat", uk), std::nullopt);
  const auto n = numbered_card("Combat: 3", military);
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->deck, DeckId::Chance);
  EXPECT_EQ(n->number, 3);
  EXPECT_EQ(numbered_card("chance:99999999999999999999", uk)->number, 0);
  EXPECT_EQ(numbered_card("Speeding fine: pay £15", uk), std::nullopt);
  CardLookup l = find_card("training:5", military, DeckId::CommunityChest);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 4);
  EXPECT_HAS(find_card("training:5", military, DeckId::Chance).error, "is a Training card, but the card due is from Combat");
}

TEST_F(CardLookupTest, InAnyPackTheFirstPackThatHasItAnswers) {
  CardLookup l = find_card_in_any_pack("Advance to GO", uk);  // in both packs
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.deck, DeckId::Chance);
  l = find_card_in_any_pack("combat:16", military);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.deck, DeckId::Chance);
  EXPECT_EQ(l.card, 15);
  EXPECT_HAS(find_card_in_any_pack("collect", uk).error, "ambiguous");
  EXPECT_HAS(find_card_in_any_pack("Advance to Myafair", uk).error, "did you mean Advance to Mayfair?");
}

}  // namespace
}  // namespace deedlog
