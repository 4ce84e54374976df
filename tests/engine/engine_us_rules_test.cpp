// The US rules (us-short-time-limit-bahamas.txt) where they differ from uk-1972, as named
// settings of the same engine: the rent window, double rent beside a mortgage, jail doubles,
// building at any time, hotels sold as houses, the percentage tax, the nearest-railroad and
// nearest-utility cards, and the short game's ending.
#include "deedlog/legal_moves.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

const Ruleset& us() { return testing::edition("us-standard"); }
const Ruleset& us_short() { return testing::edition("us-short"); }
SquareId S(const char* name) { return testing::square_named(us(), name); }

Table us_table(std::vector<PlayerSetup> seats, std::vector<std::string> players = {"Ann", "Ben", "Cat"}) {
  return Table(std::move(players), setup_with(std::move(seats)), std::nullopt, us());
}

// rule us-standard/rent/ask-before-next-throw: before the second player following throws.
TEST(UsRules, RentMayBeAskedUntilTheSecondPlayerFollowingThrows) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Boardwalk"))};
  Table t = us_table({seat(0, 1500, 34), ben});
  t.roll(0, 2, 3);  // Boardwalk: $50
  t.roll(1, 6, 4);  // Ben (the first player following) throws: still in time
  EXPECT_TRUE(t.state().rent_open());
  t.claim(1);
  EXPECT_EQ(t.player(0).cash, Money{1450});
  PlayerSetup ben2 = seat(1);
  ben2.owns = {prop(S("Boardwalk"))};
  Table late = us_table({seat(0, 1500, 34), ben2});
  late.roll(0, 2, 3);
  late.roll(1, 6, 4);
  late.roll(2, 6, 4);  // Cat, the second player following, throws: lost
  EXPECT_FALSE(late.state().rent_open());
  EXPECT_EQ(late.refuse(Table::cmd(Verb::ClaimRent, 1)).rule, "us-standard/rent/ask-before-next-throw");
}

// rule us-standard/rent/no-double-if-group-mortgaged: the US rules keep double rent on the
// unmortgaged sites of a complete group.
TEST(UsRules, DoubleRentStaysBesideAMortgagedSite) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Boardwalk")), prop(S("Park Place"), 0, true)};
  Table t = us_table({seat(0, 1500, 34), ben});
  t.roll(0, 2, 3);
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{100});
}

// rule us-standard/jail/doubles-leave: out by doubles, moving by them, but no further throw.
TEST(UsRules, DoublesFromJailGiveNoFurtherThrow) {
  PlayerSetup ann = seat(0);
  ann.jail_turns = 0;
  Table t = us_table({ann});
  t.roll(0, 2, 2);  // 14 Virginia Avenue
  t.decline(0);
  t.pass(0);
  t.pass(1);
  t.pass(2);
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// rule us-standard/houses/in-his-turn: the US owner builds "at any time", out of turn too.
TEST(UsRules, HousesMayBeBuiltOutOfTurn) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Boardwalk")), prop(S("Park Place"))};
  Table t = us_table({seat(0), ben});
  Command c = Table::cmd(Verb::Build, 1);
  c.square = S("Boardwalk");
  t.play(c);
  EXPECT_EQ(t.state().holdings[S("Boardwalk")].buildings, 1);
}

// rule us-standard/sell/hotel-as-houses: a hotel sold "one house at a time" leaves four houses.
TEST(UsRules, AHotelSoldAsAHouseLeavesFourHouses) {
  PlayerSetup ben = seat(1, 0);
  ben.owns = {prop(S("Boardwalk"), 0, false, true), prop(S("Park Place"), 4)};
  Table t = us_table({seat(0), ben});
  Command c = Table::cmd(Verb::Sell, 1);
  c.square = S("Boardwalk");
  t.play(c);
  EXPECT_EQ(t.state().holdings[S("Boardwalk")].buildings, 4);
  EXPECT_EQ(t.player(1).cash, Money{100});  // half the $200 hotel
}

// rule us-standard/tax/choice: Income Tax is $200 or 10% of total worth, chosen first.
TEST(UsRules, IncomeTaxIsFlatOrTenPercentOfWorth) {
  PlayerSetup ann = seat(0, 800, 1);
  ann.owns = {prop(S("Boardwalk"))};  // worth 800 + 400 = 1200
  Table t = us_table({ann});
  t.roll(0, 1, 2);  // Income Tax
  EXPECT_EQ(t.state().phase, Phase::TaxChoice);
  Command c = Table::cmd(Verb::PayTax, 0);
  c.tax = TaxChoice::Percent;
  t.play(c);
  EXPECT_EQ(t.player(0).cash, Money{680});
  PlayerSetup ann2 = seat(0, 800, 1);
  Table flat = us_table({ann2});
  flat.roll(0, 1, 2);
  Command f = Table::cmd(Verb::PayTax, 0);
  f.tax = TaxChoice::Flat;
  flat.play(f);
  EXPECT_EQ(flat.player(0).cash, Money{600});
}

// rule us-standard/cards/advance-to-nearest: twice the railroad's rent; ten times a new throw.
TEST(UsRules, NearestRailroadPaysTwiceAndNearestUtilityTenTimesAThrow) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Pennsylvania Railroad")), prop(S("Electric Company"))};
  Table t = us_table({seat(0, 1500, 2), ben});
  t.roll(0, 2, 3);  // 7 Chance
  t.draw(0, "Advance to the nearest railroad and pay its owner twice the rent");
  EXPECT_EQ(t.player(0).square, S("Pennsylvania Railroad"));
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{50});  // 2 x $25
  PlayerSetup ben2 = seat(1);
  ben2.owns = {prop(S("Electric Company"))};
  Table u = us_table({seat(0, 1500, 2), ben2});
  u.roll(0, 2, 3);
  u.draw(0, "Advance to the nearest utility");
  EXPECT_EQ(u.state().phase, Phase::CardDice);
  u.roll(0, 6, 5);  // the throw the card asks for: 11 x 10
  EXPECT_EQ(u.last_of(EventType::RentDue).amount, Money{110});
  EXPECT_EQ(u.state().phase, Phase::TurnOver);
}

// rule us-short/bankruptcy/first-ends-short-game: the first bankruptcy ends the game; the
// richest of the rest wins, hotels valued with the houses given for them.
TEST(UsRules, ShortGameEndsAtTheFirstBankruptcy) {
  PlayerSetup ann = seat(0, 10, 34);
  PlayerSetup ben = seat(1, 100);
  ben.owns = {prop(testing::square_named(us_short(), "Boardwalk"), 0, false, true),
              prop(testing::square_named(us_short(), "Park Place"), 3)};
  PlayerSetup cat = seat(2, 2000);
  Table t({"Ann", "Ben", "Cat"}, setup_with({ann, ben, cat}), std::nullopt, us_short());
  t.mutable_state().throws = 1;  // past the deal
  t.roll(0, 2, 3);  // Boardwalk with a hotel: $2000
  t.claim(1);
  t.play(Table::cmd(Verb::DeclareBankruptcy, 0));
  EXPECT_EQ(t.state().phase, Phase::GameOver);
  // Ben: 100 + 10 cash + 400 + 350 + hotel (200 + 3 x 200) + 3 houses (600) = 2260 > Cat's 2000.
  EXPECT_EQ(t.state().winner, 1);
}

// rule us-short/jail/third-turn-fine: one turn in Jail; a failed throw pays $100 and moves.
TEST(UsRules, ShortGameJailIsOneTurnAndAHundredDollars) {
  PlayerSetup ann = seat(0);
  ann.jail_turns = 0;
  Table t({"Ann", "Ben"}, setup_with({ann}), std::nullopt, us_short());
  t.mutable_state().throws = 1;  // past the deal
  t.roll(0, 1, 2);
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).cash, Money{1400});
  EXPECT_EQ(t.player(0).square, 13);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {
using testing::Table;

// The regression: us-standard's two "Advance to the nearest railroad" cards print the same
// words, yet the referee told them apart by a note the cards do not carry. The text names the
// card; the referee takes the copy the pack can give: once one copy is seen and at the bottom,
// the same words drawn again are the other copy.
TEST(DuplicateCards, TheSameWordsTakeTheCopyThePackCanGive) {
  const Ruleset& us = testing::edition("us-standard");
  const std::string text = "Advance to the nearest railroad and pay its owner twice the rent";
  std::vector<CardIndex> copies;
  const Deck& chance = us.decks[static_cast<int>(DeckId::Chance)];
  for (std::size_t i = 0; i < chance.cards.size(); ++i)
    if (chance.cards[i].text == text) copies.push_back(static_cast<CardIndex>(i));
  ASSERT_EQ(copies.size(), 2u) << "the edition prints two copies";
  PlayerSetup ann = testing::seat(0, 1500, 2);
  ann.owns = {testing::prop(testing::square_named(us, "Pennsylvania Railroad"))};
  Table t({"Ann", "Ben"}, testing::setup_with({ann, testing::seat(1, 1500, 2)}), std::nullopt, us);
  t.roll(0, 2, 3);  // 7: Chance
  t.draw(0, text);
  const CardIndex first = t.last_of(EventType::CardDrawn).card;
  t.end_turn(0);
  t.roll(1, 2, 3);
  // Legal moves list the card once, though two copies lie unseen.
  int listed = 0;
  for (const LegalMove& m : legal_moves(us, t.state()))
    listed += m.command.verb == Verb::Draw && m.command.card_query == text ? 1 : 0;
  EXPECT_EQ(listed, 1);
  t.draw(1, text);  // the same words: the other copy, not a card "turned up before"
  const CardIndex second = t.last_of(EventType::CardDrawn).card;
  EXPECT_NE(first, second);
}

}  // namespace
}  // namespace deedlog
