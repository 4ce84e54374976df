// A sealed game's cards taken outside a throw (docs/trust.md, "Sealed chance"): the uk-1972
// "Pay a £10 fine or take a Chance" card's Chance is turned up by the referee from the order
// dealt with the move, as a throw's card is. A table that named it could choose its luck; a
// refusal that named the top would tell the table the pack's future.
#include <algorithm>

#include "deedlog/event_fields.h"
#include "deedlog/legal_moves.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::seat;
using testing::setup_with;
using testing::Table;

// Ann on Community Chest (square 17) has turned up "Pay a £10 fine or take a Chance"; the game
// is sealed (the referee holds the chance; the engine is handed it with each move).
Table sealed_at_the_choice() {
  Table t({"Ann", "Ben", "Cat"}, setup_with({seat(0, 1500, 12)}));
  t.roll(0, 2, 3);
  t.draw(0, "Pay a £10 fine");
  EXPECT_EQ(t.state().phase, Phase::CardChoice);
  t.mutable_state().sealed = true;
  return t;
}

CardIndex chance_card(const Table& t, const std::string& words) {
  return t.draw_cmd(0, words).card_in_pack[static_cast<std::size_t>(DeckId::Chance)];
}

// The referee's deal for the move: the Chance pack's order starting with `top`.
SealedChance deal_with_chance_on_top(const Table& t, CardIndex top, bool as_recorded = false) {
  SealedChance c = sealed_stand_in(t.ruleset(), t.state());
  auto& order = c.packs[static_cast<std::size_t>(DeckId::Chance)];
  order.erase(std::find(order.begin(), order.end(), top));
  order.insert(order.begin(), top);
  c.as_recorded = as_recorded;
  return c;
}

// rule uk-1972/referee/sealed-dice: the card is the sealed order's, never the table's choice.
TEST(SealedCards, TheChanceTakenInsteadOfTheFineIsTheSealedOrders) {
  Table t = sealed_at_the_choice();
  const CardIndex speeding = chance_card(t, "Speeding fine");
  Command take = Table::cmd(Verb::Draw, 0);
  take.chance = deal_with_chance_on_top(t, speeding);
  t.play(take);
  const Event& drawn = t.last_of(EventType::CardDrawn);
  EXPECT_EQ(fields::CardDrawn::deck(drawn), DeckId::Chance);
  EXPECT_EQ(fields::CardDrawn::card(drawn), speeding);
  EXPECT_EQ(t.player(0).cash, Money{1485});  // the £15 fine of the card the order turned up
}

// rule uk-1972/referee/sealed-dice: naming the card is refused whatever is named, so a refusal
// tells nothing of the top; without the referee's deal the card cannot be turned up here.
TEST(SealedCards, ACardNamedByTheTableIsRefusedAndTellsNothing) {
  Table t = sealed_at_the_choice();
  const CardIndex speeding = chance_card(t, "Speeding fine");
  for (const char* named : {"Speeding fine", "Advance to GO"}) {
    Command take = t.draw_cmd(0, named);
    take.chance = deal_with_chance_on_top(t, speeding);
    const Refused v = t.refuse(take);
    EXPECT_EQ(v.rule, "uk-1972/referee/sealed-dice") << named;
    EXPECT_EQ(v.code, RefusalCode::SealedCardByReferee) << named;
    EXPECT_TRUE(v.args.empty()) << named;  // no card among its facts
  }
  EXPECT_FALSE(decide(t.ruleset(), t.state(), Table::cmd(Verb::Draw, 0)).accepted);
}

// rule uk-1972/referee/sealed-dice: a recorded line read back (verify) may name its card, which
// must be the one the record (or the revealed seed) turns up.
TEST(SealedCards, ARecordedLineNamingItsCardIsCheckedAgainstTheRecord) {
  Table t = sealed_at_the_choice();
  const CardIndex speeding = chance_card(t, "Speeding fine");
  Command as_recorded = t.draw_cmd(0, "Speeding fine");
  as_recorded.chance = deal_with_chance_on_top(t, speeding, /*as_recorded=*/true);
  EXPECT_TRUE(decide(t.ruleset(), t.state(), as_recorded).accepted);
  Command forged = t.draw_cmd(0, "Advance to GO");
  forged.chance = deal_with_chance_on_top(t, speeding, /*as_recorded=*/true);
  EXPECT_EQ(t.refuse(forged).code, RefusalCode::CardOrderKnown);
}

// The moves listed in a sealed game: the Chance is taken, not named (one move, the referee's card).
TEST(SealedCards, TheMovesListedTakeTheCardWithoutNamingIt) {
  Table t = sealed_at_the_choice();
  int draws = 0;
  for (const LegalMove& m : legal_moves(t.ruleset(), t.state()))
    if (m.command.verb == Verb::Draw) {
      ++draws;
      EXPECT_TRUE(m.command.card_query.empty());
    }
  EXPECT_EQ(draws, 1);
}

}  // namespace
}  // namespace deedlog
