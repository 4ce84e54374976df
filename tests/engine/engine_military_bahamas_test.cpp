// The military edition (military.txt: uk-1972's rules in military dress) and the Bahamas
// edition (us-short-time-limit-bahamas.txt: the US rules with START, CHEST, CITY TAX, STATE
// TAX, PARK REST AREA, WAITING AREA and IN THE JAIL), each difference from uk-1972 that the
// two show: the board's figures and names, the words in the rulings, the taxes, and (for the
// Bahamas) the US settings. docs/editions.md lists every difference and how it is ruled.
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

using testing::edition;
const Ruleset& military() { return edition("military"); }
const Ruleset& bahamas() { return edition("bahamas"); }
const Ruleset& us() { return edition("us-standard"); }

SquareId M(const char* name) { return testing::square_named(military(), name); }
SquareId B(const char* name) { return testing::square_named(bahamas(), name); }

Table military_table(std::vector<PlayerSetup> seats, std::vector<std::string> players = {"Ann", "Ben"}) {
  return Table(std::move(players), setup_with(std::move(seats)), std::nullopt, military());
}
Table bahamas_table(std::vector<PlayerSetup> seats, std::vector<std::string> players = {"Ann", "Ben"}) {
  return Table(std::move(players), setup_with(std::move(seats)), std::nullopt, bahamas());
}

// ---------------------------------------------------------------------------------------------
// military

// The board is uk-1972's, square for square: same kinds, groups, prices, mortgages, rents,
// house and hotel prices, taxes; only the names change (military.txt prints no figures but the
// £1,500, the £200 salary, the £50 fine and the £200 Barracks on Assault Trooper or Sniper).
TEST(Military, BoardFiguresAreUk1972sSquareForSquare) {
  const Ruleset& m = military();
  const Ruleset& uk = testing::uk1972();
  ASSERT_EQ(m.board_size(), uk.board_size());
  int deeds = 0;
  for (int i = 0; i < uk.board_size(); ++i) {
    const Square& a = m.squares[static_cast<std::size_t>(i)];
    const Square& b = uk.squares[static_cast<std::size_t>(i)];
    SCOPED_TRACE(a.name + " / " + b.name);
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.group, b.group);
    EXPECT_EQ(a.price, b.price);
    EXPECT_EQ(a.mortgage_value, b.mortgage_value);
    EXPECT_EQ(a.rent, b.rent);
    EXPECT_EQ(a.house_cost, b.house_cost);
    EXPECT_EQ(a.hotel_cost, b.hotel_cost);
    EXPECT_EQ(a.tax, b.tax);
    EXPECT_EQ(a.tax_percent, b.tax_percent);
    deeds += a.is_property() ? 1 : 0;
  }
  EXPECT_EQ(deeds, 28);  // EQUIPMENT: 28 Vehicle and Weapon Title Deeds
  EXPECT_EQ(m.starting_cash, Money{1500});
  EXPECT_EQ(m.salary, Money{200});
  EXPECT_EQ(m.jail.fine, Money{50});
  EXPECT_EQ(m.station_rent, uk.station_rent);
  EXPECT_EQ(m.utility_multiplier, uk.utility_multiplier);
  EXPECT_EQ(m.house_stock, 32);  // 32 Ammo Stores
  EXPECT_EQ(m.hotel_stock, 12);  // 12 Barracks
}

// The names military.txt prints, where the text puts them: Reaper and Watchkeeper a two-site
// group, Challenger 2, Warrior and Scimitar a three-site group (the uk-1972 light blues, as the
// parallel sentence of the uk-1972 rule book names them), Assault Trooper and Sniper the group
// whose Barracks cost £200.
TEST(Military, PrintedSiteNamesStandWhereTheRuleBookPutsThem) {
  const Ruleset& m = military();
  auto group_of = [&](const char* name) { return m.square(M(name)).group; };
  auto members = [&](const char* name) { return m.groups[static_cast<std::size_t>(group_of(name))].members.size(); };
  EXPECT_EQ(group_of("Reaper"), group_of("Watchkeeper"));
  EXPECT_EQ(members("Reaper"), 2u);
  EXPECT_EQ(group_of("Challenger 2"), group_of("Warrior"));
  EXPECT_EQ(group_of("Warrior"), group_of("Scimitar"));
  EXPECT_EQ(members("Warrior"), 3u);
  EXPECT_EQ(group_of("Assault Trooper"), group_of("Sniper"));
  EXPECT_EQ(members("Sniper"), 2u);
  EXPECT_EQ(m.square(M("Assault Trooper")).hotel_cost, Money{200});
  EXPECT_EQ(m.square(M("Sniper")).hotel_cost, Money{200});
  EXPECT_EQ(m.square(M("Challenger 2")).price, Money{120});
  EXPECT_EQ(m.square(M("Prison")).kind, SquareKind::Jail);
  EXPECT_EQ(m.jail_square, M("Prison"));
  EXPECT_EQ(m.square(M("Go to Prison")).kind, SquareKind::GoToJail);
  EXPECT_EQ(m.square(M("Catterick Garrison")).kind, SquareKind::Station);
}

// The edition's words: Ammo Store, Barracks, Garrison, Prison, the Combat and Training packs.
TEST(Military, WordsAreTheEditions) {
  const Ruleset& m = military();
  EXPECT_EQ(m.words.currency, "£");
  EXPECT_EQ(m.words.house, "Ammo Store");
  EXPECT_EQ(m.words.houses, "Ammo Stores");
  EXPECT_EQ(m.words.hotel, "Barracks");
  EXPECT_EQ(m.words.station, "Garrison");
  EXPECT_EQ(m.words.jail, "Prison");
  EXPECT_EQ(m.decks[static_cast<int>(DeckId::Chance)].name, "Combat");
  EXPECT_EQ(m.decks[static_cast<int>(DeckId::CommunityChest)].name, "Training");
}

// rule military/cards/follow-instructions: the card texts are not printed; each card does what
// uk-1972's card in the same place does (the same action, sums and destination square).
TEST(Military, CardsHaveUk1972sEffectsCardForCard) {
  const Ruleset& m = military();
  const Ruleset& uk = testing::uk1972();
  for (int d = 0; d < kDeckCount; ++d) {
    const auto& mine = m.decks[static_cast<std::size_t>(d)].cards;
    const auto& theirs = uk.decks[static_cast<std::size_t>(d)].cards;
    ASSERT_EQ(mine.size(), 16u);  // EQUIPMENT: 16 Training, 16 Combat
    ASSERT_EQ(mine.size(), theirs.size());
    for (std::size_t i = 0; i < mine.size(); ++i) {
      SCOPED_TRACE(mine[i].text + " / " + theirs[i].text);
      EXPECT_EQ(mine[i].action, theirs[i].action);
      EXPECT_EQ(mine[i].amount, theirs[i].amount);
      EXPECT_EQ(mine[i].per_house, theirs[i].per_house);
      EXPECT_EQ(mine[i].per_hotel, theirs[i].per_hotel);
      EXPECT_EQ(mine[i].target, theirs[i].target);
      EXPECT_EQ(mine[i].spaces, theirs[i].spaces);
      EXPECT_EQ(mine[i].other_deck, theirs[i].other_deck);
    }
  }
  // A repairs card on Ammo Stores and Barracks: 2 stores x £40 + 1 Barracks x £115.
  PlayerSetup ann = seat(0, 1500, 2);
  ann.owns = {prop(M("Assault Trooper"), 4), prop(M("Sniper"), 0, false, true), prop(M("Reaper"), 1),
              prop(M("Watchkeeper"), 1)};
  Table t = military_table({ann});
  t.roll(0, 2, 3);  // 7 Combat
  t.draw(0, "Fortification repairs");
  EXPECT_EQ(t.player(0).cash, Money{1500 - 6 * 40 - 115});
}

// rule military/turn/salary: £200 for passing GO.
TEST(Military, PassingGoPaysTwoHundred) {
  Table t = military_table({seat(0, 1500, 38)});
  t.roll(0, 1, 2);  // 38 + 3 = 1, Watchkeeper
  EXPECT_EQ(t.player(0).cash, Money{1700});
  EXPECT_EQ(t.player(0).square, M("Watchkeeper"));
}

// rule military/jail/sent-to-jail: the Go to Prison square sends the token to Prison.
TEST(Military, GoToPrisonSquareSendsToPrison) {
  Table t = military_table({seat(0, 1500, M("Starstreak"))});
  t.roll(0, 1, 2);  // 30 Go to Prison
  EXPECT_TRUE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).square, M("Prison"));
  EXPECT_EQ(t.player(0).cash, Money{1500});
}

// rule military/jail/fine-before-throw: £50 before the throw; the ruling says "Prison".
TEST(Military, PrisonFineAndARefusalThatSaysPrison) {
  const Refused v = military_table({seat(0)}).refuse(Table::cmd(Verb::PayFine, 0));
  EXPECT_EQ(v.rule, "military/jail/fine-before-throw");
  EXPECT_EQ(v.code, RefusalCode::NotInJail);  // the words, "Prison": tests/present
  EXPECT_TRUE(testing::has_arg(v, arg::player(0))) << v.message;
  PlayerSetup ann = seat(0);
  ann.jail_turns = 0;
  Table t = military_table({ann});
  t.play(Table::cmd(Verb::PayFine, 0));
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).cash, Money{1450});
}

// rule military/jail/doubles-leave: as in uk-1972, doubles free the player, he moves by them
// and throws again.
TEST(Military, DoublesLeavePrisonAndThrowAgain) {
  PlayerSetup ann = seat(0);
  ann.jail_turns = 1;
  Table t = military_table({ann});
  t.roll(0, 5, 5);  // 20 Free Parking
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.state().phase, Phase::AwaitingRoll);
  EXPECT_EQ(t.state().turn, 0);
}

// rule military/tax/pay-bank: the donation squares are paid to the Bank, £200 and £100.
TEST(Military, DonationSquaresPayTheBank) {
  Table t = military_table({seat(0), seat(1, 1500, M("Colchester Garrison"))});
  t.roll(0, 1, 3);  // 4 Voluntary Donation
  EXPECT_EQ(t.last_of(EventType::TaxPaid).amount, Money{200});
  EXPECT_EQ(t.player(0).cash, Money{1300});
  t.roll(1, 1, 2);  // 38 Charity Buys New Premises
  EXPECT_EQ(t.last_of(EventType::TaxPaid).square, M("Charity Buys New Premises"));
  EXPECT_EQ(t.player(1).cash, Money{1400});
}

// rule military/tax/choice: no donation offers a percentage.
TEST(Military, DonationsOfferNoChoice) {
  Table t = military_table({seat(0)});
  t.roll(0, 1, 3);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::PayTax, 0)).rule, "military/tax/choice");
}

// rule military/houses/build-evenly: Ammo Stores are built evenly; the ruling says so in the
// edition's words.
TEST(Military, AmmoStoresAreBuiltEvenly) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(M("Scimitar")), prop(M("Warrior")), prop(M("Challenger 2"))};
  Table t = military_table({ann});
  Command c = Table::cmd(Verb::Build, 0);
  c.square = M("Scimitar");
  c.count = 1;
  t.play(c);
  EXPECT_EQ(t.holding("Scimitar").buildings, 1);
  EXPECT_EQ(t.player(0).cash, Money{1450});
  const Refused v = t.refuse(c);
  EXPECT_EQ(v.rule, "military/houses/build-evenly");
  EXPECT_EQ(v.code, RefusalCode::BuildEvenly);  // the words, "Ammo Store": tests/present
}

// rule military/hotels/four-houses-on-each-site: a Barracks needs four Ammo Stores; on Sniper
// it costs £200 and the four stores (BARRACKS).
TEST(Military, ABarracksNeedsFourAmmoStoresAndCostsTwoHundredOnSniper) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(M("Assault Trooper"), 4), prop(M("Sniper"), 3)};
  Table t = military_table({ann});
  Command c = Table::cmd(Verb::Build, 0);
  c.square = M("Sniper");
  c.hotel = true;
  c.count = 1;
  const Refused v = t.refuse(c);
  EXPECT_EQ(v.rule, "military/hotels/four-houses-on-each-site");
  EXPECT_EQ(v.code, RefusalCode::HotelNeedsHouses);  // the words: tests/present
  EXPECT_TRUE(testing::has_arg(v, arg::square(M("Sniper")))) << v.message;
  Command store = Table::cmd(Verb::Build, 0);
  store.square = M("Sniper");
  store.count = 1;
  t.play(store);
  t.play(c);
  EXPECT_EQ(t.holding("Sniper").buildings, kHotel);
  EXPECT_EQ(t.player(0).cash, Money{1500 - 200 - 200});
  EXPECT_EQ(t.state().bank_houses, 32 - 4);
  EXPECT_EQ(t.state().bank_hotels, 11);
}

// rule military/shortage/bank-stock: 32 Ammo Stores; none left, none built ("Ammo Stores").
TEST(Military, NoAmmoStoresLeftInTheBank) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(M("Scimitar")), prop(M("Warrior")), prop(M("Challenger 2"))};
  Table t = military_table({ann});
  t.mutable_state().bank_houses = 0;
  Command c = Table::cmd(Verb::Build, 0);
  c.square = M("Scimitar");
  c.count = 1;
  const Refused v = t.refuse(c);
  EXPECT_EQ(v.rule, "military/shortage/bank-stock");
  EXPECT_EQ(v.code, RefusalCode::NoHousesLeft) << v.message;  // the words: tests/present
}

// rule military/rent/none-on-mortgaged: military.txt's LANDING ON OWNED PROPERTY is garbled
// and silent on mortgaged sites; ruled as uk-1972: no rent on a mortgaged site.
TEST(Military, NoRentOnAMortgagedSite) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(M("Sniper"), 0, true)};
  Table t = military_table({seat(0, 1500, 34), ben});
  t.roll(0, 2, 3);  // 39 Sniper
  EXPECT_FALSE(t.last_has(EventType::RentDue));
  EXPECT_EQ(t.player(0).cash, Money{1500});
}

// rule military/rent/no-double-if-group-mortgaged: silent too; as uk-1972, one mortgaged site
// stops the double rent of the group.
TEST(Military, NoDoubleRentBesideAMortgagedSite) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(M("Sniper")), prop(M("Assault Trooper"), 0, true)};
  Table t = military_table({seat(0, 1500, 34), ben});
  t.roll(0, 2, 3);
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{50});
  PlayerSetup ben2 = seat(1);
  ben2.owns = {prop(M("Sniper")), prop(M("Assault Trooper"))};
  Table whole = military_table({seat(0, 1500, 34), ben2});
  whole.roll(0, 2, 3);
  EXPECT_EQ(whole.last_of(EventType::RentDue).amount, Money{100});
}

// rule military/rent/stations-by-number-unmortgaged: Garrisons earn uk-1972's station table by
// the number held unmortgaged: four held, one mortgaged, £100.
TEST(Military, GarrisonsEarnByTheNumberHeldUnmortgaged) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(M("Catterick Garrison")), prop(M("Tidworth Garrison")), prop(M("Aldershot Garrison")),
              prop(M("Colchester Garrison"), 0, true)};
  Table t = military_table({seat(0, 1500, 0), ben});
  t.roll(0, 2, 3);  // 5 Catterick Garrison
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{100});
}

// rule military/cards/fine-or-chance: "Pay a £10 fine or take a Combat card": the other pack
// is Combat.
TEST(Military, TenPoundFineOrACombatCard) {
  Table t = military_table({seat(0, 1500, 12)});
  t.roll(0, 2, 3);  // 17 Training
  t.draw(0, "Pay a £10 fine or take a Combat card");
  EXPECT_EQ(t.state().phase, Phase::CardChoice);
  t.draw(0, "Speeding in a Land Rover");  // a Combat card: £15
  EXPECT_EQ(t.player(0).cash, Money{1485});
}

// rule military/turn/order: six tokens (EQUIPMENT): two to six players.
TEST(Military, SixTokensSixPlayers) {
  GameHeader h;
  h.ruleset = "military";
  h.players = {"A", "B", "C", "D", "E", "F", "G"};
  const Decision d = decide_start(military(), h, std::nullopt);
  ASSERT_FALSE(d.accepted);
  EXPECT_EQ(d.violation.rule, "military/turn/order");
  EXPECT_EQ(d.violation.code, RefusalCode::PlayersForEdition);  // 2 to 6 players: tests/present
  h.players.pop_back();
  EXPECT_TRUE(decide_start(military(), h, std::nullopt).accepted);
}

// ---------------------------------------------------------------------------------------------
// bahamas

// The board's figures are the US board's (the Bahamas rule book prints none but START's $200,
// CITY TAX $200 and STATE TAX $100); the names are placeholders by colour group and number.
TEST(Bahamas, BoardIsTheUsBoardWithPlaceholderNames) {
  const Ruleset& b = bahamas();
  const Ruleset& u = us();
  ASSERT_EQ(b.board_size(), u.board_size());
  for (int i = 0; i < u.board_size(); ++i) {
    const Square& a = b.squares[static_cast<std::size_t>(i)];
    const Square& c = u.squares[static_cast<std::size_t>(i)];
    SCOPED_TRACE(a.name + " / " + c.name);
    EXPECT_EQ(a.kind, c.kind);
    EXPECT_EQ(a.group, c.group);
    EXPECT_EQ(a.price, c.price);
    EXPECT_EQ(a.rent, c.rent);
    EXPECT_EQ(a.house_cost, c.house_cost);
    EXPECT_EQ(a.hotel_cost, c.hotel_cost);
  }
  EXPECT_EQ(b.square(0).name, "START");
  EXPECT_EQ(b.square(2).name, "CHEST");
  EXPECT_EQ(b.square(7).name, "CHANCE");
  EXPECT_EQ(b.square(20).name, "PARK REST AREA");
  EXPECT_EQ(b.square(B("Brown 1")).price, Money{60});
  EXPECT_EQ(b.square(B("Dark Blue 2")).price, Money{400});
  EXPECT_EQ(b.square(B("Transportation 1")).kind, SquareKind::Station);
  EXPECT_EQ(b.square(B("Transportation 4")).kind, SquareKind::Station);
  EXPECT_EQ(b.jail_square, B("WAITING AREA"));
  EXPECT_EQ(b.words.go, "START");
  EXPECT_EQ(b.words.jail, "JAIL");
  EXPECT_EQ(b.words.currency, "$");
  EXPECT_EQ(b.decks[static_cast<int>(DeckId::CommunityChest)].name, "Chest");
}

// The US settings, unchanged (the Bahamas text is the US rule book's own text).
TEST(Bahamas, SettingsAreUsStandards) {
  const Ruleset& b = bahamas();
  const Ruleset& u = us();
  EXPECT_EQ(b.starting_cash, u.starting_cash);
  EXPECT_EQ(b.salary, u.salary);
  EXPECT_EQ(b.jail.fine, u.jail.fine);
  EXPECT_EQ(b.jail.max_turns, u.jail.max_turns);
  EXPECT_EQ(b.jail.doubles_throw_again, u.jail.doubles_throw_again);
  EXPECT_EQ(b.rent_window, u.rent_window);
  EXPECT_EQ(b.double_rent_needs_unmortgaged_group, u.double_rent_needs_unmortgaged_group);
  EXPECT_EQ(b.build_only_in_turn, u.build_only_in_turn);
  EXPECT_EQ(b.hotel_sells_as_houses, u.hotel_sells_as_houses);
  EXPECT_EQ(b.houses_per_hotel, u.houses_per_hotel);
  EXPECT_EQ(b.game_ends_at_first_bankruptcy, u.game_ends_at_first_bankruptcy);
  EXPECT_EQ(b.max_players, 6);  // EQUIPMENT: 6 Playing Pieces
}

// rule bahamas/turn/salary: passing START on the throw onto CHEST, then "Advance to START":
// $200 for passing and $200 more for reaching it by the card (section START).
TEST(Bahamas, PassingStartThenAdvanceToStartPaysTwice) {
  Table t = bahamas_table({seat(0, 1500, B("Dark Blue 1"))});
  t.roll(0, 2, 3);  // 37 + 5 = 2, CHEST
  EXPECT_EQ(t.player(0).cash, Money{1700});
  t.draw(0, "Advance to START");
  EXPECT_EQ(t.player(0).square, 0);
  EXPECT_EQ(t.player(0).cash, Money{1900});
}

// rule bahamas/tax/pay-bank: CITY TAX $200, STATE TAX $100.
TEST(Bahamas, CityTaxAndStateTax) {
  Table t = bahamas_table({seat(0), seat(1, 1500, B("Transportation 4"))});
  t.roll(0, 1, 3);  // 4 CITY TAX
  EXPECT_EQ(t.last_of(EventType::TaxPaid).square, B("CITY TAX"));
  EXPECT_EQ(t.player(0).cash, Money{1300});
  t.roll(1, 1, 2);  // 38 STATE TAX
  EXPECT_EQ(t.last_of(EventType::TaxPaid).square, B("STATE TAX"));
  EXPECT_EQ(t.player(1).cash, Money{1400});
}

// rule bahamas/tax/choice: CITY TAX is a flat $200; the US 10% choice is not offered.
TEST(Bahamas, CityTaxOffersNoPercentage) {
  Table t = bahamas_table({seat(0)});
  t.roll(0, 1, 3);
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
  Command c = Table::cmd(Verb::PayTax, 0);
  c.tax = TaxChoice::Percent;
  EXPECT_EQ(t.refuse(c).rule, "bahamas/tax/choice");
}

// rule bahamas/free-parking/nothing: the PARK REST AREA gives nothing; the WAITING AREA (just
// visiting) costs nothing.
TEST(Bahamas, RestAreaAndWaitingArea) {
  Table t = bahamas_table({seat(0, 1500, 14), seat(1)});
  t.roll(0, 2, 4);  // 20 PARK REST AREA
  EXPECT_EQ(t.player(0).square, B("PARK REST AREA"));
  EXPECT_EQ(t.player(0).cash, Money{1500});
  t.roll(1, 4, 6);  // 10 WAITING AREA
  EXPECT_EQ(t.player(1).square, B("WAITING AREA"));
  EXPECT_FALSE(t.player(1).in_jail);
  EXPECT_EQ(t.player(1).cash, Money{1500});
}

// rule bahamas/jail/sent-to-jail: GO TO JAIL sends the token to the JAIL (the WAITING AREA's
// corner), with no salary.
TEST(Bahamas, GoToJailSendsInToTheJail) {
  Table t = bahamas_table({seat(0, 1500, 27)});
  t.roll(0, 1, 2);  // 30 GO TO JAIL
  EXPECT_TRUE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).square, B("WAITING AREA"));
}

// rule bahamas/jail/fine-before-throw: $50 on the next two turns; the ruling says "JAIL".
TEST(Bahamas, JailFineAndARefusalThatSaysJail) {
  const Refused v = bahamas_table({seat(0)}).refuse(Table::cmd(Verb::PayFine, 0));
  EXPECT_EQ(v.rule, "bahamas/jail/fine-before-throw");
  EXPECT_EQ(v.code, RefusalCode::NotInJail);  // the words, "JAIL": tests/present
  EXPECT_TRUE(testing::has_arg(v, arg::player(0))) << v.message;
  PlayerSetup ann = seat(0);
  ann.jail_turns = 1;
  Table t = bahamas_table({ann});
  t.play(Table::cmd(Verb::PayFine, 0));
  EXPECT_EQ(t.player(0).cash, Money{1450});
}

// rule bahamas/jail/doubles-leave: out by doubles, moving by them, but no further throw.
TEST(Bahamas, DoublesFromJailGiveNoFurtherThrow) {
  PlayerSetup ann = seat(0);
  ann.jail_turns = 0;
  Table t = bahamas_table({ann});
  t.roll(0, 3, 3);  // 16 Orange 1
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).square, B("Orange 1"));
  t.decline(0);
  t.pass(0);
  t.pass(1);
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 0, 1, 2)).rule, "bahamas/turn/order");
}

// rule bahamas/rent/ask-before-next-throw: the owner may ask until the second player following
// throws (section PAYING RENT).
TEST(Bahamas, RentMayBeAskedUntilTheSecondPlayerFollowingThrows) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(B("Dark Blue 2"))};
  Table t({"Ann", "Ben", "Cat"}, setup_with({seat(0, 1500, 34), ben}), std::nullopt, bahamas());
  t.roll(0, 2, 3);  // Dark Blue 2: $50
  t.roll(1, 6, 4);
  t.claim(1);
  EXPECT_EQ(t.player(0).cash, Money{1450});
  PlayerSetup ben2 = seat(1);
  ben2.owns = {prop(B("Dark Blue 2"))};
  Table late({"Ann", "Ben", "Cat"}, setup_with({seat(0, 1500, 34), ben2}), std::nullopt, bahamas());
  late.roll(0, 2, 3);
  late.roll(1, 6, 4);
  late.roll(2, 6, 4);
  EXPECT_EQ(late.refuse(Table::cmd(Verb::ClaimRent, 1)).rule, "bahamas/rent/ask-before-next-throw");
}

// rule bahamas/rent/no-double-if-group-mortgaged: double rent on the unmortgaged sites of a
// complete group even beside a mortgaged one.
TEST(Bahamas, DoubleRentBesideAMortgagedSite) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(B("Dark Blue 2")), prop(B("Dark Blue 1"), 0, true)};
  Table t = bahamas_table({seat(0, 1500, 34), ben});
  t.roll(0, 2, 3);
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{100});
}

// rule bahamas/houses/in-his-turn: houses are bought "at any time", out of turn too.
TEST(Bahamas, HousesMayBeBuiltOutOfTurn) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(B("Brown 1")), prop(B("Brown 2"))};
  Table t = bahamas_table({seat(0), ben});
  Command c = Table::cmd(Verb::Build, 1);
  c.square = B("Brown 1");
  c.count = 1;
  t.play(c);
  EXPECT_EQ(t.holding("Brown 1").buildings, 1);
}

// rule bahamas/sell/hotel-as-houses: a hotel sold one house at a time leaves four houses.
TEST(Bahamas, AHotelSoldAsAHouseLeavesFourHouses) {
  PlayerSetup ben = seat(1, 0);
  ben.owns = {prop(B("Dark Blue 2"), 0, false, true), prop(B("Dark Blue 1"), 4)};
  Table t = bahamas_table({seat(0), ben});
  Command c = Table::cmd(Verb::Sell, 1);
  c.square = B("Dark Blue 2");
  c.count = 1;
  t.play(c);
  EXPECT_EQ(t.holding("Dark Blue 2").buildings, 4);
  EXPECT_EQ(t.player(1).cash, Money{100});
}

// rule bahamas/cards/advance-to-nearest: the nearest TRANSPORTATION, its owner paid twice.
TEST(Bahamas, NearestTransportationPaysTwice) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(B("Transportation 2"))};
  Table t = bahamas_table({seat(0, 1500, 2), ben});
  t.roll(0, 2, 3);  // 7 CHANCE
  t.draw(0, "Advance to the nearest TRANSPORTATION and pay its owner twice the rent");
  EXPECT_EQ(t.player(0).square, B("Transportation 2"));
  EXPECT_EQ(t.last_of(EventType::RentDue).amount, Money{50});
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// Rulings cite the section of the rule book the players hold (docs/editions.md, "sections").
TEST(EditionSections, RulingsCiteTheEditionsOwnSectionNames) {
  Ruleset military, us;
  ASSERT_TRUE(load_ruleset("military", &military).is_ok());
  ASSERT_TRUE(load_ruleset("us-standard", &us).is_ok());
  GameHeader h;
  h.players = {"Ann", "Ben"};
  h.ruleset = "military";
  State m = initial_state(military, h);
  for (const Event& e : decide_start(military, h, std::nullopt).events) evolve(m, e);
  Command fine;
  fine.verb = Verb::PayFine;
  fine.actor = 0;
  const Decision dm = decide(military, m, fine);
  ASSERT_FALSE(dm.accepted);
  EXPECT_EQ(dm.violation.section, "PRISON");
  h.ruleset = "us-standard";
  State u = initial_state(us, h);
  for (const Event& e : decide_start(us, h, std::nullopt).events) evolve(u, e);
  Command rent;
  rent.verb = Verb::ClaimRent;
  rent.actor = 1;
  const Decision du = decide(us, u, rent);
  ASSERT_FALSE(du.accepted);
  EXPECT_EQ(du.violation.section, "PAYING RENT");
  // uk-1972 keeps its own names.
  Ruleset uk;
  ASSERT_TRUE(load_ruleset("uk-1972", &uk).is_ok());
  EXPECT_EQ(uk.section("JAIL"), "JAIL");
}

}  // namespace
}  // namespace deedlog
