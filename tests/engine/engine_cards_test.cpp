// uk-1972, LANDING ON "CHANCE" OR "COMMUNITY CHEST": the card turned up, its effect, the pack's order.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

Table at(SquareId from, std::int64_t cash = 1500) {
  return Table({"Ann", "Ben", "Cat"}, setup_with({seat(0, cash, from)}));
}

// rule uk-1972/cards/take-top-card: landing on Chance waits for the card turned up.
TEST(Cards, LandingOnChanceWaitsForTheCard) {
  Table t = at(0);
  t.roll(0, 3, 4);
  EXPECT_EQ(t.state().phase, Phase::AwaitingCard);
  EXPECT_EQ(t.state().pending_deck, DeckId::Chance);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 1, 1, 2)).rule, "uk-1972/turn/finish-the-move");
  EXPECT_EQ(t.refuse(t.draw_cmd(1, "Go to Jail")).rule,
            "uk-1972/cards/take-top-card");
}

// rule uk-1972/turn/salary: an Advance card that passes GO pays the salary.
TEST(Cards, AdvanceToPallMallFromBeyondPaysSalary) {
  Table t = at(17);
  t.roll(0, 2, 3);  // 22 Chance
  t.draw(0, "Advance to Pall Mall");
  EXPECT_EQ(t.player(0).square, 11);
  EXPECT_EQ(t.player(0).cash, Money{1700});
  EXPECT_EQ(t.state().phase, Phase::BuyDecision);  // the card's square is effective
}

TEST(Cards, AdvanceToMayfairDoesNotPassGo) {
  Table t = at(2);
  t.roll(0, 2, 3);  // 7 Chance
  t.draw(0, "Mayfair");
  EXPECT_EQ(t.player(0).square, 39);
  EXPECT_EQ(t.player(0).cash, Money{1500});
}

TEST(Cards, AdvanceToGoPaysSalaryOnce) {
  Table t = at(2);
  t.roll(0, 2, 3);
  t.draw(0, "chance:2");
  EXPECT_EQ(t.player(0).square, 0);
  EXPECT_EQ(t.player(0).cash, Money{1700});
}

// A card's move onto an owned property owes rent like a throw.
TEST(Cards, CardMoveOntoOwnedPropertyOwesRent) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(39)};
  Table t({"Ann", "Ben"}, setup_with({seat(0, 1500, 2), ben}));
  t.roll(0, 2, 3);
  t.draw(0, "Advance to Mayfair");
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{50});
}

// Go back three spaces: backwards, no salary, and the square reached counts (a Community Chest here).
TEST(Cards, GoBackThreeSpacesCanLandOnCommunityChest) {
  Table t = at(31);
  t.roll(0, 2, 3);  // 36 Chance
  t.draw(0, "Go back three spaces");
  EXPECT_EQ(t.player(0).square, 33);
  EXPECT_EQ(t.state().phase, Phase::AwaitingCard);
  EXPECT_EQ(t.state().pending_deck, DeckId::CommunityChest);
  t.draw(0, "Inheritance");
  EXPECT_EQ(t.player(0).cash, Money{1600});
}

TEST(Cards, GoBackToOldKentRoadPaysNoSalary) {
  Table t = at(12);
  t.roll(0, 2, 3);  // 17 Community Chest
  t.draw(0, "Go back to Old Kent Road");
  EXPECT_EQ(t.player(0).square, 1);
  EXPECT_EQ(t.player(0).cash, Money{1500});
}

// rule uk-1972/jail/sent-to-jail by a card: no salary, the turn ends even on doubles.
TEST(Cards, GoToJailCardEndsTheTurnEvenOnDoubles) {
  Table t = at(4);
  t.roll(0, 1, 2);  // 7 Chance (not doubles)
  t.draw(0, "Go to Jail");
  EXPECT_TRUE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).square, 10);
  Table d = at(3);
  d.roll(0, 2, 2);  // 7 Chance, doubles
  d.draw(0, "Go to Jail");
  EXPECT_EQ(d.state().phase, Phase::TurnOver);
}

// rule uk-1972/cards/follow-instructions
TEST(Cards, PaymentsAndCollections) {
  Table t = at(5);
  t.roll(0, 1, 1);  // 7 Chance
  t.draw(0, "Pay school fees");
  EXPECT_EQ(t.player(0).cash, Money{1350});
  t.roll(0, 4, 6);  // 17 Community Chest
  t.draw(0, "Bank error");
  EXPECT_EQ(t.player(0).cash, Money{1550});
}

TEST(Cards, BirthdayCollectsFromEachPlayer) {
  Table t = at(12);
  t.roll(0, 2, 3);
  t.draw(0, "Birthday");
  EXPECT_EQ(t.player(0).cash, Money{1520});
  EXPECT_EQ(t.player(1).cash, Money{1490});
  EXPECT_EQ(t.player(2).cash, Money{1490});
}

TEST(Cards, RepairsChargePerHouseAndPerHotel) {
  PlayerSetup ann = seat(0, 1500, 2);
  ann.owns = {prop(37, 4), prop(39, 0, false, true), prop(1, 2), prop(3, 1)};
  Table t({"Ann", "Ben"}, setup_with({ann}));
  t.roll(0, 2, 3);  // 7 Chance
  t.draw(0, "Street repairs");  // 7 houses x 40 + 1 hotel x 115 = 395
  EXPECT_EQ(t.player(0).cash, Money{1105});
}

// rule uk-1972/cards/jail-card-kept: kept until used, then under its pack.
TEST(Cards, GetOutOfJailFreeIsKeptThenReturnedToTheBottom) {
  Table t = at(2);
  t.roll(0, 2, 3);
  t.draw(0, "Get Out of Jail Free");
  EXPECT_EQ(t.player(0).jail_cards[0], 1);
  const PackState& pack = t.state().packs[0];
  EXPECT_EQ(pack.size, 0);  // not under the pack while held
  // Ben cannot turn the same card up while Ann holds it.
  Table u = at(2);
  u.roll(0, 2, 3);
  u.draw(0, "Get Out of Jail Free");
  u.roll(1, 3, 4);
  const Refused v = u.refuse(u.draw_cmd(1, "Get Out of Jail"));
  EXPECT_EQ(v.rule, "uk-1972/cards/jail-card-kept");
}

// rule uk-1972/cards/fine-or-chance
TEST(Cards, PayTenOrTakeAChance) {
  Table t = at(12);
  t.roll(0, 2, 3);  // 17 Community Chest
  t.draw(0, "Pay a £10 fine");
  EXPECT_EQ(t.state().phase, Phase::CardChoice);
  t.play(Table::cmd(Verb::PayFine, 0));
  EXPECT_EQ(t.player(0).cash, Money{1490});
  Table u = at(12);
  u.roll(0, 2, 3);
  u.draw(0, "Pay a £10 fine");
  u.draw(0, "Speeding fine");  // a Chance card instead
  EXPECT_EQ(u.player(0).cash, Money{1485});
}

// rule uk-1972/cards/pack-order: a card already seen lies under the unseen ones.
TEST(PackOrder, ACardSeenBeforeCannotComeUpWhileUnseenCardsRemain) {
  Table t = at(2);
  t.roll(0, 2, 3);
  t.draw(0, "Speeding fine");
  t.roll(1, 3, 4);
  const Refused v = t.refuse(t.draw_cmd(1, "Speeding"));
  EXPECT_EQ(v.rule, "uk-1972/cards/pack-order");
}

// rule uk-1972/cards/pack-order: once the whole pack is seen the next card is certain.
TEST(PackOrder, OnceEveryCardIsSeenTheOrderIsEnforced) {
  Table t = at(2);
  // The pack as it stands after all sixteen have been turned up in the order 15, 14, ..., 0.
  PackState& pack = t.mutable_state().packs[0];
  pack.unseen = 0;
  pack.head = 0;
  pack.size = 0;
  for (int c = 15; c >= 0; --c) pack.push_bottom(static_cast<CardIndex>(c));
  t.roll(0, 2, 3);
  const Refused v = t.refuse(t.draw_cmd(0, "Speeding fine"));
  EXPECT_EQ(v.rule, "uk-1972/cards/pack-order");
  EXPECT_EQ(v.code, RefusalCode::CardOrderKnown);
  EXPECT_TRUE(testing::has_arg(v, arg::card(static_cast<DeckId>(0), 15))) << v.message;
  // "draws" alone takes the known top card.
  t.play(Table::cmd(Verb::Draw, 0));
  EXPECT_EQ(t.last_of(EventType::CardDrawn).card, 15);
  EXPECT_EQ(t.state().packs[0].known_at(t.state().packs[0].size - 1), 15);  // back at the bottom
}

// With the order unknown, "draws" alone cannot say which card it was.
TEST(PackOrder, DrawWithoutNamingTheCardNeedsAKnownOrder) {
  Table t = at(2);
  t.roll(0, 2, 3);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Draw, 0)).rule, "uk-1972/cards/take-top-card");
}

// A seeded game shuffles each pack from the seed and turns cards up by itself.
TEST(PackOrder, SeededGameDrawsFromTheShuffledPack) {
  Table t({"Ann", "Ben"}, setup_with({seat(0, 1500, 2)}), 7);
  EXPECT_EQ(t.state().packs[0].unseen, 0u);
  EXPECT_EQ(t.state().packs[0].size, 16);
  const CardIndex top = t.state().packs[0].known_at(0);
  t.roll(0, 2, 3);
  EXPECT_EQ(t.last_of(EventType::CardDrawn).card, top);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// The engine parses no text: a draw whose words were never read by the notation (no card named
// in any pack) is a card the pack does not have, whatever the words say; the words are kept
// only for the refusal's text, made outside the engine.
TEST(Cards, TheEngineTakesTheCardTheNotationNamedNotTheWords) {
  Table t = at(2);
  t.roll(0, 2, 3);  // Chance
  Command words_only = Table::cmd(Verb::Draw, 0);
  words_only.card_query = "Speeding fine";
  const Refused v = t.refuse(words_only);
  EXPECT_EQ(v.rule, "uk-1972/cards/take-top-card");
  EXPECT_EQ(v.code, RefusalCode::NoSuchCard);
  // Named by the notation, the same words are the card.
  const Events drawn = t.play(t.draw_cmd(0, "Speeding fine"));
  bool turned_up = false;
  for (const Event& e : drawn) turned_up = turned_up || e.type == EventType::CardDrawn;
  EXPECT_TRUE(turned_up);
}

}  // namespace
}  // namespace deedlog
