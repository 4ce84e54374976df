// [Setup] positions are checked against the rules before a game is created.
#include "support/table.h"
#include "deedlog/state_check.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;

Decision start_with(std::vector<PlayerSetup> players) {
  GameHeader h;
  h.ruleset = "uk-1972";
  h.players = {"Ann", "Ben"};
  return decide_start(testing::uk1972(), h, setup_with(std::move(players)));
}

PlayerSetup owning(PlayerId p, std::vector<PropertySetup> props) {
  PlayerSetup s = seat(p);
  s.owns = std::move(props);
  return s;
}

TEST(Setup, DefaultsAreTheRuleBooksStart) {
  testing::Table t({"Ann", "Ben"});
  EXPECT_EQ(t.player(0).cash, Money{1500});
  EXPECT_EQ(t.player(1).square, 0);
  EXPECT_EQ(t.state().bank_houses, 32);
  EXPECT_EQ(t.state().bank_hotels, 12);
  EXPECT_EQ(t.state().bank_takings, Money{-3000});
}

TEST(Setup, LegalPositionIsPlacedAndTheBankStockIsWhatPlayersDoNotHold) {
  testing::Table t({"Ann", "Ben"}, setup_with({owning(0, {prop(39, 0, false, true), prop(37, 4), prop(5, 0, true)})}, 1));
  EXPECT_EQ(t.state().bank_houses, 28);
  EXPECT_EQ(t.state().bank_hotels, 11);
  EXPECT_TRUE(t.state().holdings[5].mortgaged);
  EXPECT_EQ(t.state().turn, 1);
}

// rule uk-1972/setup/even-building
TEST(Setup, UnevenBuildingIsRefused) {
  const Decision d = start_with({owning(0, {prop(39, 4), prop(37, 2)})});
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/even-building");
}

// rule uk-1972/setup/no-buildings-on-mortgaged-group
TEST(Setup, BuildingsBesideAMortgagedSiteAreRefused) {
  const Decision d = start_with({owning(0, {prop(39, 1), prop(37, 0, true)})});
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/no-buildings-on-mortgaged-group");
}

// rule uk-1972/setup/buildings-need-group
TEST(Setup, BuildingsWithoutTheWholeGroupAreRefused) {
  const Decision d = start_with({owning(0, {prop(39, 1)}), owning(1, {prop(37, 1)})});
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/buildings-need-group");
}

// rule uk-1972/setup/one-owner
TEST(Setup, TwoOwnersOfOneDeedAreRefused) {
  const Decision d = start_with({owning(0, {prop(39)}), owning(1, {prop(39)})});
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/one-owner");
}

// rule uk-1972/setup/building-stock
TEST(Setup, MoreHousesThanTheBoxHoldsAreRefused) {
  // 9 groups of streets carry 4 houses each on every site: 4 x 22 = 88 houses > 32.
  std::vector<PropertySetup> all;
  for (int s = 0; s < 40; ++s)
    if (testing::uk1972().square(static_cast<SquareId>(s)).kind == SquareKind::Street)
      all.push_back(prop(static_cast<SquareId>(s), 4));
  const Decision d = start_with({owning(0, all)});
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/building-stock");
}

// rule uk-1972/setup/buildings-on-streets
TEST(Setup, HousesOnAStationAreRefused) {
  const Decision d = start_with({owning(0, {prop(5, 1), prop(15, 1), prop(25, 1), prop(35, 1)})});
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/buildings-on-streets");
}

// rule uk-1972/setup/jail-cards: two cards exist.
TEST(Setup, AtMostTwoJailCards) {
  PlayerSetup a = seat(0);
  a.jail_cards = 3;
  const Decision d = start_with({a});
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/jail-cards");
  PlayerSetup b = seat(0);
  b.jail_cards = 2;
  EXPECT_TRUE(start_with({b}).accepted);
}

// rule uk-1972/setup/jail
TEST(Setup, InJailMeansOnTheJailSquareWithFewerThanThreeTurnsUsed) {
  PlayerSetup a = seat(0);
  a.jail_turns = 3;
  EXPECT_EQ(start_with({a}).violation.rule, "uk-1972/setup/jail");
  PlayerSetup b = seat(0, 1500, 39);
  b.jail_turns = 1;
  EXPECT_EQ(start_with({b}).violation.rule, "uk-1972/setup/jail");
}

// rule uk-1972/setup/cash
TEST(Setup, NegativeCashIsRefused) {
  EXPECT_EQ(start_with({seat(0, -5)}).violation.rule, "uk-1972/setup/cash");
}

// Setups that no game reaches are refused with a ruling in every build: a Debug build used to
// check the position after each placed deed, and stopped on an assertion before the setup's own
// checks could refuse it (buildings beside a mortgage, on a station, a token off the board).
// rule uk-1972/setup/sound-position: a position play cannot reach (a token or deed off the board, buildings
// where none may stand) is refused as a ruling, in every build.
TEST(Setup, EveryImpossiblePositionIsARulingNotACrash) {
  struct Case {
    const char* what;
    std::vector<PlayerSetup> players;
    const char* rule;
  };
  PlayerSetup off_board = seat(0, std::nullopt, static_cast<SquareId>(200));
  PlayerSetup rich = seat(0, kMaxStartingCash + 1);
  PlayerSetup no_cards = seat(0);
  no_cards.jail_cards = -1;
  auto jailed = [](int turns) {
    PlayerSetup p = seat(0);
    p.jail_turns = turns;
    return p;
  };
  const std::vector<Case> cases = {
      {"a token off the board", {off_board}, "uk-1972/setup/sound-position"},
      {"a deed off the board", {owning(0, {prop(200)})}, "uk-1972/setup/sound-position"},
      {"a deed beyond this edition's 40 squares", {owning(0, {prop(45)})}, "uk-1972/setup/sound-position"},
      {"cash beyond any game", {rich}, "uk-1972/setup/cash"},
      {"fewer than no jail cards", {no_cards}, "uk-1972/setup/jail-cards"},
      {"jail turns below 0", {jailed(-1)}, "uk-1972/setup/jail"},
      {"jail turns all used", {jailed(3)}, "uk-1972/setup/jail"},
      {"jail turns past a byte", {jailed(256)}, "uk-1972/setup/jail"},
      {"a hotel and houses", {owning(0, {prop(39, 2, false, true), prop(37, 0, false, true)})}, "uk-1972/setup/even-building"},
      {"five houses", {owning(0, {prop(39, 5), prop(37, 4)})}, "uk-1972/setup/even-building"},
      {"houses on the mortgaged site itself", {owning(0, {prop(39, 1, true), prop(37, 1)})},
       "uk-1972/setup/no-buildings-on-mortgaged-group"},
      {"houses listed after the mortgaged site", {owning(0, {prop(37, 0, true), prop(39, 1)})},
       "uk-1972/setup/no-buildings-on-mortgaged-group"},
      {"a hotel beside a mortgaged site", {owning(0, {prop(39, 0, false, true), prop(37, 0, true)})},
       "uk-1972/setup/no-buildings-on-mortgaged-group"},
      {"houses on a station", {owning(0, {prop(5, 1), prop(15, 1), prop(25, 1), prop(35, 1)})},
       "uk-1972/setup/buildings-on-streets"},
      {"a hotel on a utility", {owning(0, {prop(12, 0, false, true), prop(28, 0, false, true)})},
       "uk-1972/setup/buildings-on-streets"},
      {"houses on a mortgaged station", {owning(0, {prop(5, 2, true)})}, "uk-1972/setup/no-buildings-on-mortgaged-group"},
      {"the same deed twice", {owning(0, {prop(39), prop(39)})}, "uk-1972/setup/one-owner"},
      {"GO owned", {owning(0, {prop(0)})}, "uk-1972/setup/one-owner"},
      {"houses on a group split between players", {owning(0, {prop(39, 2)}), owning(1, {prop(37, 2)})},
       "uk-1972/setup/buildings-need-group"},
  };
  for (const Case& c : cases) {
    const Decision d = start_with(c.players);
    ASSERT_FALSE(d.accepted) << c.what;
    EXPECT_EQ(d.violation.rule, c.rule) << c.what << ": " << testing::refusal_facts(d.violation);
  }
}

// More hotels than the Bank holds (12), each group built evenly: refused, in every build.
TEST(Setup, MoreHotelsThanTheBankHoldsAreRefused) {
  std::vector<PropertySetup> all;
  for (SquareId s : {1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24})
    all.push_back(prop(s, 0, false, true));
  const Decision d = start_with({owning(0, all)});
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/building-stock");
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// The regression: a setup's held Get Out of Jail Free card was always taken to be Chance's, so
// a player holding Community Chest's could not be written, and a later legal draw of the Chance
// card was refused as "held by a player".
TEST(SetupCardPacks, ACardHeldFromCommunityChestLeavesChancesInThePack) {
  const Ruleset& r = testing::uk1972();
  PlayerSetup ann = testing::seat(0, 500, 0);
  ann.jail_card_packs = {DeckId::CommunityChest};
  testing::Table t({"Ann", "Ben"}, testing::setup_with({ann}), std::nullopt, r);
  EXPECT_EQ(t.player(0).jail_cards[static_cast<int>(DeckId::CommunityChest)], 1);
  EXPECT_EQ(t.player(0).jail_cards[static_cast<int>(DeckId::Chance)], 0);
  std::string chance_card;
  for (const Card& c : r.decks[static_cast<int>(DeckId::Chance)].cards)
    if (c.action == CardAction::GetOutOfJailFree) chance_card = c.text;
  t.roll(0, 3, 4);  // GO + 7: Chance
  t.draw(0, chance_card);
  EXPECT_TRUE(t.last_has(EventType::JailCardKept));
  EXPECT_EQ(t.player(0).jail_card_count(), 2);
}

TEST(SetupCardPacks, APackWithNoCardLeftIsRefused) {
  PlayerSetup ann = testing::seat(0, 500);
  ann.jail_card_packs = {DeckId::Chance, DeckId::Chance};
  GameHeader h;
  h.ruleset = "uk-1972";
  h.players = {"Ann", "Ben"};
  const Decision d = decide_start(testing::uk1972(), h, testing::setup_with({ann}));
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "uk-1972/setup/jail-cards");
}

}  // namespace
}  // namespace deedlog
