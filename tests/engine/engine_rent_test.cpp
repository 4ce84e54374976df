// uk-1972, LANDING ON OWNED PROPERTY and ADVANTAGES FOR OWNERS: rents and when they may be asked.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

const Ruleset& R() { return testing::uk1972(); }
SquareId S(const char* name) { return testing::square_named(R(), name); }

// Ben owns what is given; Ann stands `from` and throws a+b to land on it.
Table landing(std::vector<PropertySetup> bens, SquareId from) {
  PlayerSetup ben = seat(1);
  ben.owns = std::move(bens);
  return Table({"Ann", "Ben", "Cat"}, setup_with({seat(0, 1500, from), ben}));
}

// rule uk-1972/rent/street
TEST(Rent, UnimprovedStreetOutsideAGroupPaysTheDeedRent) {
  Table t = landing({prop(S("Mayfair"))}, 34);
  t.roll(0, 2, 3);
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{50});
  t.claim(1);
  EXPECT_EQ(t.player(0).cash, Money{1450});
  EXPECT_EQ(t.player(1).cash, Money{1550});
}

// rule uk-1972/rent/double-on-complete-group
TEST(Rent, CompleteGroupDoublesTheUnimprovedRent) {
  Table t = landing({prop(S("Mayfair")), prop(S("Park Lane"))}, 34);
  t.roll(0, 2, 3);
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{100});
}

// rule uk-1972/rent/no-double-if-group-mortgaged
TEST(Rent, OneMortgagedSiteStopsDoubleRentOnTheGroup) {
  Table t = landing({prop(S("Old Kent Road"), 0, true), prop(S("Whitechapel Road"))}, 0);
  t.roll(0, 1, 2);  // Whitechapel Road: £4, not £8
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{4});
}

// rule uk-1972/rent/street with houses and a hotel.
TEST(Rent, HousesAndHotelFollowTheDeed) {
  Table t = landing({prop(S("Mayfair"), 0, false, true), prop(S("Park Lane"), 4)}, 34);
  t.roll(0, 2, 3);
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{2000});
  Table u = landing({prop(S("Mayfair"), 3), prop(S("Park Lane"), 3)}, 33);
  u.roll(0, 1, 3);  // Park Lane, 3 houses: £1100
  EXPECT_EQ(u.last_of(EventType::RentDue).amount, Money{1100});
}

// rule uk-1972/rent/none-on-mortgaged
TEST(Rent, NothingOnAMortgagedSite) {
  Table t = landing({prop(S("Mayfair"), 0, true)}, 34);
  t.roll(0, 2, 3);
  EXPECT_FALSE(t.last_has(EventType::RentDue));
  EXPECT_FALSE(t.state().rent_open());
}

// rule uk-1972/rent/stations-by-number-unmortgaged: the rule book's own example.
TEST(Rent, FourStationsOneMortgagedCollectTheRentOfThree) {
  Table t = landing({prop(S("King's Cross Station")), prop(S("Marylebone Station")),
                     prop(S("Fenchurch Street Station"), 0, true), prop(S("Liverpool Street Station"))},
                    0);
  t.roll(0, 2, 3);  // King's Cross
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{100});
  Table all = landing({prop(S("King's Cross Station")), prop(S("Marylebone Station")),
                       prop(S("Fenchurch Street Station")), prop(S("Liverpool Street Station"))},
                      0);
  all.roll(0, 2, 3);
  EXPECT_EQ(all.last_of(EventType::RentDue).amount, Money{200});
  Table one = landing({prop(S("King's Cross Station"))}, 0);
  one.roll(0, 2, 3);
  EXPECT_EQ(one.last_of(EventType::RentDue).amount, Money{25});
}

// rule uk-1972/rent/utilities-by-dice
TEST(Rent, UtilitiesChargeFourOrTenTimesTheDice) {
  Table one = landing({prop(S("Electric Company"))}, 7);
  one.roll(0, 2, 3);  // 12
  EXPECT_EQ(one.last_of(EventType::RentDue).amount, Money{20});
  Table both = landing({prop(S("Electric Company")), prop(S("Water Works"))}, 7);
  both.roll(0, 2, 3);
  EXPECT_EQ(both.last_of(EventType::RentDue).amount, Money{50});
}

// rule uk-1972/rent/ask-before-next-throw: unasked rent is lost at the next throw, anyone's.
TEST(RentWindow, RentNotAskedBeforeTheNextThrowIsLost) {
  Table t = landing({prop(S("Mayfair"))}, 34);
  t.roll(0, 2, 3);
  EXPECT_TRUE(t.state().rent_open());
  t.roll(1, 1, 2);  // Ben throws before asking
  EXPECT_TRUE(t.last_has(EventType::RentForfeited));
  EXPECT_FALSE(t.state().rent_open());
  const Refused v = t.refuse(Table::cmd(Verb::ClaimRent, 1));
  EXPECT_EQ(v.rule, "uk-1972/rent/ask-before-next-throw");
  EXPECT_EQ(t.player(0).cash, Money{1500});
}

// The lander's own doubles re-throw closes the window too.
TEST(RentWindow, TheLandersDoublesRethrowAlsoEndsTheWindow) {
  Table t = landing({prop(S("Pall Mall"))}, 5);
  t.roll(0, 3, 3);  // 11 Pall Mall, doubles
  EXPECT_TRUE(t.state().rent_open());
  t.roll(0, 1, 2);
  EXPECT_TRUE(t.last_has(EventType::RentForfeited));
}

// Asking late in the same turn, before any throw, is in time: ending the turn is not a throw.
TEST(RentWindow, EndingTheTurnDoesNotCloseTheWindow) {
  Table t = landing({prop(S("Mayfair"))}, 34);
  t.roll(0, 2, 3);
  t.end_turn(0);
  t.claim(1);
  EXPECT_EQ(t.player(1).cash, Money{1550});
}

// rule uk-1972/rent/owner-asks
TEST(RentWindow, OnlyTheOwnerMayAsk) {
  Table t = landing({prop(S("Mayfair"))}, 34);
  t.roll(0, 2, 3);
  const Refused v = t.refuse(Table::cmd(Verb::ClaimRent, 2));
  EXPECT_EQ(v.rule, "uk-1972/rent/owner-asks");
  EXPECT_EQ(v.code, RefusalCode::RentOwedToOther);
  EXPECT_TRUE(testing::has_arg(v, arg::player(1))) << v.message;  // Ben's to ask
}

// rule uk-1972/jail/privileges: a jailed owner still collects.
TEST(Rent, AJailedOwnerStillCollects) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Mayfair"))};
  ben.jail_turns = 1;
  Table t({"Ann", "Ben"}, setup_with({seat(0, 1500, 34), ben}));
  t.roll(0, 2, 3);
  t.claim(1);
  EXPECT_EQ(t.player(1).cash, Money{1550});
}

// rule uk-1972/debt/game-waits: rent beyond the payer's cash becomes a debt to the owner.
TEST(Rent, RentBeyondTheCashIsOwed) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Mayfair"), 0, false, true), prop(S("Park Lane"), 4)};
  Table t({"Ann", "Ben"}, setup_with({seat(0, 300, 34), ben}));
  t.roll(0, 2, 3);
  t.claim(1);
  EXPECT_TRUE(t.last_has(EventType::DebtIncurred));
  EXPECT_EQ(t.player(0).owes[2], Money{2000});
  EXPECT_EQ(t.player(0).cash, Money{300});
  EXPECT_FALSE(t.state().rent_open());
}

}  // namespace
}  // namespace deedlog
