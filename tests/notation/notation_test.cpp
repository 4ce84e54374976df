// Tests of the .game notation (docs/notation.md): every verb into the right Command fields,
// names by prefix and alias, the header's tags, the [Setup] section, errors that say what was
// expected, hostile input, and the round trip parse -> print -> parse.
#include <gtest/gtest.h>

#include <random>

#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {

// Squares of the uk-1972 board used below.
constexpr SquareId kOldKentRoad = 1;
constexpr SquareId kKingsCross = 5;
constexpr SquareId kAngel = 6;
constexpr SquareId kVineStreet = 19;
constexpr SquareId kChance2 = 22;
constexpr SquareId kParkLane = 37;
constexpr SquareId kMayfair = 39;

class Notation : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok()); }

  Command move(const std::string& line) {
    Command c;
    ParseError e;
    EXPECT_TRUE(parse_move(line, r, players, &c, &e)) << line << " -> " << e.message;
    return c;
  }
  std::string error(const std::string& line) {
    Command c;
    ParseError e;
    EXPECT_FALSE(parse_move(line, r, players, &c, &e)) << line << " was accepted";
    EXPECT_FALSE(e.message.empty()) << line;
    return e.message;
  }
  bool game(const std::string& text, GameFile* out, ParseError* e) { return parse_game(text, r, out, e); }
  ParseError game_error(const std::string& text) {
    GameFile g;
    ParseError e;
    EXPECT_FALSE(parse_game(text, r, &g, &e)) << text;
    return e;
  }
  ParseError header_error(const std::string& text) {
    GameHeader h;
    ParseError e;
    EXPECT_FALSE(parse_header(text, &h, &e)) << text;
    return e;
  }

  Ruleset r;
  std::vector<std::string> players{"Ann", "Ben", "Cat"};
};

#define EXPECT_HAS(haystack, needle) \
  EXPECT_NE(std::string(haystack).find(needle), std::string::npos) << "'" << (haystack) << "' lacks '" << (needle) << "'"

// ---- every verb ---------------------------------------------------------------------------

TEST_F(Notation, RollsWithDiceRecordsBothDice) {
  Command c = move("Ann rolls 3 4");
  EXPECT_EQ(c.verb, Verb::Roll);
  EXPECT_EQ(c.actor, 0);
  EXPECT_EQ(c.die1, 3);
  EXPECT_EQ(c.die2, 4);
  EXPECT_EQ(c.at, "");
}

TEST_F(Notation, RollsAloneIsTheRefereesThrow) {
  Command c = move("Ben rolls");
  EXPECT_EQ(c.verb, Verb::Roll);
  EXPECT_EQ(c.actor, 1);
  EXPECT_EQ(c.die1, 0);
  EXPECT_EQ(c.die2, 0);
}

TEST_F(Notation, BadDiceAreRefused) {
  EXPECT_HAS(error("Ann rolls 0 3"), "a die shows 1 to 6, got '0'");
  EXPECT_HAS(error("Ann rolls 3 7"), "a die shows 1 to 6, got '7'");
  EXPECT_HAS(error("Ann rolls 99999999999999999999 1"), "1 to 6");
  EXPECT_HAS(error("Ann rolls 3"), "expected two dice");
  EXPECT_HAS(error("Ann rolls 3 4 5"), "expected two dice");
  EXPECT_HAS(error("Ann rolls x y"), "1 to 6");
  EXPECT_HAS(error("Ann rolls -1 3"), "1 to 6");
}

TEST_F(Notation, VerbsWithoutArguments) {
  struct Case { const char* line; Verb verb; PlayerId actor; };
  for (const Case& k : {Case{"Ann buys", Verb::Buy, 0}, Case{"Ben declines", Verb::Decline, 1},
                        Case{"Cat passes", Verb::Pass, 2}, Case{"Ben accepts", Verb::Accept, 1},
                        Case{"Ben rejects", Verb::Reject, 1}, Case{"Ann claims rent", Verb::ClaimRent, 0},
                        Case{"Ann pays fine", Verb::PayFine, 0}, Case{"Ann uses card", Verb::UseCard, 0},
                        Case{"Cat declares bankruptcy", Verb::DeclareBankruptcy, 2},
                        Case{"Ann ends turn", Verb::EndTurn, 0}}) {
    Command c = move(k.line);
    EXPECT_EQ(c.verb, k.verb) << k.line;
    EXPECT_EQ(c.actor, k.actor) << k.line;
    Command expected;
    expected.verb = k.verb;
    expected.actor = k.actor;
    EXPECT_EQ(c, expected) << k.line << ": only verb and actor are set";
  }
}

TEST_F(Notation, VerbsMatchWhateverTheCaseAndInThePlainForm) {
  EXPECT_EQ(move("ANN BUYS").verb, Verb::Buy);
  EXPECT_EQ(move("ann Buy").verb, Verb::Buy);
  EXPECT_EQ(move("Ann CLAIMS Rent").verb, Verb::ClaimRent);
  EXPECT_EQ(move("Ann roll 1 1").die2, 1);
}

TEST_F(Notation, ExtraWordsAfterAVerbAreRefused) {
  EXPECT_HAS(error("Ann declines Mayfair"), "unexpected 'Mayfair' after 'declines'");
  EXPECT_EQ(move("Ann buys Mayfair").square, 39);  // naming what she buys (the engine checks it)
  EXPECT_HAS(error("Ann ends turn now"), "unexpected 'now'");
  EXPECT_HAS(error("Ann claims"), "expected 'claims rent' or 'claims salary'");
  EXPECT_HAS(error("Ann claims xyz"), "expected 'claims rent' or 'claims salary'");
  EXPECT_HAS(error("Ann claims rent now"), "unexpected 'now' after 'claims rent'");
  EXPECT_HAS(error("Ann claims salary twice"), "unexpected 'twice' after 'claims salary'");
}

TEST_F(Notation, ClaimsSalaryIsAPlayersMove) {
  Command c = move("Ann claims salary");
  Command expected;
  expected.verb = Verb::ClaimSalary;
  expected.actor = 0;
  EXPECT_EQ(c, expected) << "only verb and actor are set";
  EXPECT_EQ(move("ben CLAIM Salary").actor, 1);
  EXPECT_HAS(error("Referee claims salary"), "'claims' is a player's move");
}

TEST_F(Notation, BidsTakeAPositiveAmountWithOrWithoutCurrency) {
  Command c = move("Ann bids 120");
  EXPECT_EQ(c.verb, Verb::Bid);
  EXPECT_EQ(c.amount, Money{120});
  EXPECT_EQ(move("Ann bids £120").amount, Money{120});
  EXPECT_EQ(move("Ann bids $75").amount, Money{75});
  EXPECT_EQ(move("Ann bids £ 80").amount, Money{80});
}

TEST_F(Notation, BadAmountsAreRefused) {
  EXPECT_HAS(error("Ann bids 0"), "more than 0");
  EXPECT_HAS(error("Ann bids -5"), "expected an amount");
  EXPECT_HAS(error("Ann bids lots"), "expected an amount");
  EXPECT_HAS(error("Ann bids 12.50"), "whole number");
  EXPECT_HAS(error("Ann bids"), "expected an amount");
  EXPECT_HAS(error("Ann bids 99999999999999999999"), "too large");
  EXPECT_HAS(error("Ann bids 1000000001"), "too large");
  EXPECT_EQ(move("Ann bids 1000000000").amount, Money{1000000000});
}

TEST_F(Notation, DrawsKeepsTheCardAsWrittenWithoutQuotes) {
  Command c = move("Ann draws \"Advance to Mayfair\"");
  EXPECT_EQ(c.verb, Verb::Draw);
  EXPECT_EQ(c.card_query, "Advance to Mayfair");
  EXPECT_EQ(move("Ann draws Advance to Mayfair").card_query, "Advance to Mayfair");
  EXPECT_EQ(move("Ann draws Mayfair").card_query, "Mayfair");  // a unique part of the text
  EXPECT_EQ(move("Ann draws Speeding fine: pay £15").card_query, "Speeding fine: pay £15");
  EXPECT_EQ(move("Ann draws chance:7").card_query, "chance:7");
  EXPECT_EQ(move("Ann draws chest:3").card_query, "chest:3");
  EXPECT_EQ(move("Ann draws community-chest:3").card_query, "community-chest:3");
  EXPECT_EQ(move("Ann draws \"Go to Jail\" # in both packs").card_query, "Go to Jail");
  Command seeded = move("Ann draws");
  EXPECT_EQ(seeded.verb, Verb::Draw);
  EXPECT_EQ(seeded.card_query, "");
}

TEST_F(Notation, DrawsOfNoSuchCardIsRefused) {
  EXPECT_HAS(error("Ann draws chance:17"), "the Chance pack has cards 1 to 16");
  EXPECT_HAS(error("Ann draws chest:0"), "cards 1 to 16");
  EXPECT_HAS(error("Ann draws chance:99999999999999999999"), "cards 1 to 16");
  EXPECT_HAS(error("Ann draws \"Advance to Myafair\""), "did you mean Advance to Mayfair?");
  EXPECT_HAS(error("Ann draws collect"), "ambiguous");
}

TEST_F(Notation, HashInsideQuotesIsNotAComment) {
  EXPECT_EQ(move("Ann draws \"Go to # Jail\"").card_query, "Go to # Jail");
  EXPECT_HAS(error("Ann draws \"Go # nowhere\" # a comment"), "'Go # nowhere'");
}

TEST_F(Notation, PaysTaxFlatOrPercent) {
  Command flat = move("Ann pays tax flat");
  EXPECT_EQ(flat.verb, Verb::PayTax);
  EXPECT_EQ(flat.tax, TaxChoice::Flat);
  EXPECT_EQ(move("Ann pays tax 10%").tax, TaxChoice::Percent);
  EXPECT_EQ(move("Ann pays tax percent").tax, TaxChoice::Percent);
  EXPECT_HAS(error("Ann pays tax"), "expected 'pays tax flat' or 'pays tax 10%'");
  EXPECT_HAS(error("Ann pays tax 0%"), "expected 'pays tax flat'");
  EXPECT_HAS(error("Ann pays rent"), "claims rent");  // the owner claims it
  EXPECT_HAS(error("Ann pays debts"), "expected 'pays fine', 'pays tax flat' or 'pays tax 10%'");
}

TEST_F(Notation, BuildsAndSellsHousesAndHotels) {
  Command one = move("Ann builds house on \"Park Lane\"");
  EXPECT_EQ(one.verb, Verb::Build);
  EXPECT_EQ(one.square, kParkLane);
  EXPECT_EQ(one.count, 1);
  EXPECT_FALSE(one.hotel);
  Command two = move("Ann builds 2 houses on Mayfair");
  EXPECT_EQ(two.square, kMayfair);
  EXPECT_EQ(two.count, 2);
  EXPECT_FALSE(two.hotel);
  Command hotel = move("Ann builds hotel on Park Lane");
  EXPECT_EQ(hotel.square, kParkLane);
  EXPECT_TRUE(hotel.hotel);
  EXPECT_EQ(hotel.count, 1);
  EXPECT_EQ(move("Ann builds a house on Mayfair").count, 1);
  EXPECT_EQ(move("Ann builds 1 houses on Mayfair").count, 1);

  Command sell = move("Ben sells house on Mayfair");
  EXPECT_EQ(sell.verb, Verb::Sell);
  EXPECT_EQ(sell.actor, 1);
  EXPECT_EQ(sell.square, kMayfair);
  EXPECT_EQ(sell.count, 1);
  EXPECT_EQ(move("Ben sells 3 houses on Park").count, 3);
  EXPECT_TRUE(move("Ben sells hotel on Mayfair").hotel);
}

TEST_F(Notation, BadBuildingLinesSayWhatWasExpected) {
  EXPECT_HAS(error("Ann builds 5 houses on Mayfair"), "expected 1 to 4 houses");
  EXPECT_HAS(error("Ann builds 0 houses on Mayfair"), "expected 1 to 4 houses");
  EXPECT_HAS(error("Ann builds houses on Mayfair"), "how many houses?");
  EXPECT_HAS(error("Ann builds 2 hotels on Mayfair"), "at most one hotel");
  EXPECT_HAS(error("Ann builds house Mayfair"), "expected 'on'");
  EXPECT_HAS(error("Ann builds house on"), "expected a property after 'on'");
  EXPECT_HAS(error("Ann builds castle on Mayfair"), "'builds house on X'");
  EXPECT_HAS(error("Ann builds house on Street"), "ambiguous square 'Street'");
}

TEST_F(Notation, MortgagesByNamePrefixAndAlias) {
  Command m = move("Ann mortgages Angel");
  EXPECT_EQ(m.verb, Verb::Mortgage);
  EXPECT_EQ(m.square, kAngel);
  EXPECT_EQ(move("Ann mortgages kings cross").square, kKingsCross);
  EXPECT_EQ(move("Ann mortgages \"King's Cross Station\"").square, kKingsCross);
  EXPECT_EQ(move("Ann mortgages Kent").square, kOldKentRoad);
  EXPECT_EQ(move("Ann mortgages Park").square, kParkLane);
  Command u = move("Ann unmortgages The Angel, Islington");
  EXPECT_EQ(u.verb, Verb::Unmortgage);
  EXPECT_EQ(u.square, kAngel);
  EXPECT_HAS(error("Ann mortgages"), "expected a property");
}

TEST_F(Notation, SquareNamesAmbiguousOrMisspelledSuggest) {
  std::string amb = error("Ann mortgages Street");
  EXPECT_HAS(amb, "ambiguous square 'Street'");
  EXPECT_HAS(amb, "Bow Street");
  EXPECT_HAS(amb, "Fleet Street");
  EXPECT_EQ(error("Ann mortgages Mayfiar"), "unknown square 'Mayfiar': did you mean Mayfair?");
}

TEST_F(Notation, OfferWithEverythingOnBothSides) {
  Command c = move("Ann offers Ben: Mayfair, 100 for \"Park Lane\", card");
  EXPECT_EQ(c.verb, Verb::Offer);
  EXPECT_EQ(c.actor, 0);
  EXPECT_EQ(c.counterparty, 1);
  EXPECT_EQ(c.give.properties, std::vector<SquareId>{kMayfair});
  EXPECT_EQ(c.give.cash, Money{100});
  EXPECT_EQ(c.give.jail_cards, 0);
  EXPECT_EQ(c.get.properties, std::vector<SquareId>{kParkLane});
  EXPECT_EQ(c.get.cash, Money{0});
  EXPECT_EQ(c.get.jail_cards, 1);
}

TEST_F(Notation, OfferSidesMayBeMoneyOrCardsOrNothing) {
  Command a = move("Ann offers Ben: Mayfair for 200");
  EXPECT_EQ(a.give.properties, std::vector<SquareId>{kMayfair});
  EXPECT_EQ(a.get.cash, Money{200});
  EXPECT_TRUE(a.get.properties.empty());

  Command b = move("Ann offers Ben: 50 for card");
  EXPECT_EQ(b.give.cash, Money{50});
  EXPECT_EQ(b.get.jail_cards, 1);

  Command c = move("Cat offers Ann: nothing for 2 cards");
  EXPECT_EQ(c.actor, 2);
  EXPECT_EQ(c.counterparty, 0);
  EXPECT_EQ(c.give, TradeSide{});
  EXPECT_EQ(c.get.jail_cards, 2);

  Command d = move("Ann offers Ben: for £30");
  EXPECT_EQ(d.give, TradeSide{});
  EXPECT_EQ(d.get.cash, Money{30});

  Command e = move("Ann offers Ben: \"The Angel, Islington\", Kent, $20 for Vine");
  EXPECT_EQ(e.give.properties, (std::vector<SquareId>{kAngel, kOldKentRoad}));
  EXPECT_EQ(e.give.cash, Money{20});
  EXPECT_EQ(e.get.properties, std::vector<SquareId>{kVineStreet});

  Command f = move("Ann offers Ben: The Angel, Islington, Mayfair for 10");  // a comma name unquoted
  EXPECT_EQ(f.give.properties, (std::vector<SquareId>{kAngel, kMayfair}));
}

TEST_F(Notation, BadOffersSayWhatWasExpected) {
  EXPECT_HAS(error("Ann offers Ben Mayfair for 200"), "expected ':'");
  EXPECT_HAS(error("Ann offers Ben: Mayfair, 200"), "expected 'for'");
  EXPECT_HAS(error("Ann offers Ben: 100, 200 for Mayfair"), "two amounts");
  EXPECT_HAS(error("Ann offers Ben: Mayfair, Mayfair for 1"), "named twice");
  EXPECT_HAS(error("Ann offers Ben: Mayfair,, Park Lane for 1"), "empty item");
  EXPECT_HAS(error("Ann offers Ben: nothing for nothing"), "nothing for nothing");
  EXPECT_HAS(error("Ann offers Ben: nothing, 5 for Mayfair"), "'nothing' stands alone");
  EXPECT_HAS(error("Ann offers Ben: 0 for Mayfair"), "more than 0");
  EXPECT_HAS(error("Ann offers Ben: cards for Mayfair"), "how many cards?");
  EXPECT_HAS(error("Ann offers Bne: Mayfair for 200"), "unknown player 'Bne': did you mean Ben?");
  EXPECT_HAS(error("Ann offers Referee: Mayfair for 200"), "expected a player");
  EXPECT_HAS(error("Ann offers Ben: 99999999999999999999 for Mayfair"), "too large");
}

TEST_F(Notation, OnlyTheRefereeCallsTime) {
  Command c = move("Referee calls time");
  EXPECT_EQ(c.verb, Verb::CallTime);
  EXPECT_EQ(c.actor, kReferee);
  EXPECT_EQ(move("referee calls time").actor, kReferee);
  EXPECT_HAS(error("Ann calls time"), "only the Referee calls time");
  EXPECT_HAS(error("Referee rolls 3 4"), "the Referee only calls time");
}

TEST_F(Notation, RefereeDealsTitleDeedsInOrder) {
  Command c = move("Referee deals Ann: Mayfair, \"Park Lane\"");
  Command expected;
  expected.verb = Verb::Deal;
  expected.actor = kReferee;
  expected.counterparty = 0;
  expected.give.properties = {kMayfair, kParkLane};
  EXPECT_EQ(c, expected) << "only verb, actor, counterparty and give.properties are set";

  Command d = move("referee DEAL b: park, kings cross, The Angel, Islington, Kent");
  EXPECT_EQ(d.verb, Verb::Deal);
  EXPECT_EQ(d.counterparty, 1);
  EXPECT_EQ(d.give.properties, (std::vector<SquareId>{kParkLane, kKingsCross, kAngel, kOldKentRoad}));
  EXPECT_EQ(move("Referee deals Cat: Vine").give.properties, std::vector<SquareId>{kVineStreet});
}

TEST_F(Notation, BadDealsSayWhatWasExpected) {
  EXPECT_HAS(error("Referee deals Ann Mayfair"), "expected ':'");
  EXPECT_HAS(error("Referee deals: Mayfair"), "expected the player dealt to");
  EXPECT_HAS(error("Referee deals Ann:"), "expected the title deeds dealt");
  EXPECT_HAS(error("Referee deals Ann: Mayfair, Mayfair"), "Mayfair is dealt twice");
  EXPECT_HAS(error("Referee deals Ann: Mayfair,, Park Lane"), "empty item");
  EXPECT_HAS(error("Referee deals Ann: GO"), "GO is not a property");
  EXPECT_HAS(error("Referee deals Ann: Chance 2"), "not a property");
  EXPECT_HAS(error("Referee deals Ann: Mayfair, 100"), "only title deeds are dealt");
  EXPECT_HAS(error("Referee deals Ann: card"), "only title deeds are dealt");
  EXPECT_HAS(error("Referee deals Ann: nothing"), "only title deeds are dealt");
  EXPECT_HAS(error("Referee deals Ann: Mayfiar"), "unknown square 'Mayfiar': did you mean Mayfair?");
  EXPECT_HAS(error("Referee deals Bne: Mayfair"), "unknown player 'Bne': did you mean Ben?");
  EXPECT_HAS(error("Referee deals Referee: Mayfair"), "expected a player");
  EXPECT_HAS(error("Ann deals Ben: Mayfair"), "only the Referee deals title deeds, not Ann");
}

TEST_F(Notation, RefereeAuctionsAHouseOrAHotel) {
  Command house = move("Referee auctions house");
  Command expected;
  expected.verb = Verb::AuctionBuilding;
  expected.actor = kReferee;
  EXPECT_EQ(house, expected);
  expected.hotel = true;
  EXPECT_EQ(move("referee Auction HOTEL"), expected);

  EXPECT_HAS(error("Referee auctions"), "expected 'auctions house' or 'auctions hotel'");
  EXPECT_HAS(error("Referee auctions Mayfair"), "expected 'auctions house' or 'auctions hotel'");
  EXPECT_HAS(error("Referee auctions a house"), "one building is auctioned at a time");
  EXPECT_HAS(error("Referee auctions 2 houses"), "one building is auctioned at a time");
  EXPECT_HAS(error("Referee auctions houses"), "one building is auctioned at a time");
  EXPECT_HAS(error("Referee auctions house on Mayfair"), "unexpected 'on Mayfair' after 'auctions house'");
  EXPECT_HAS(error("Ben auctions house"), "only the Referee calls a building auction, not Ben");
  EXPECT_HAS(error("Referee bids 50"), "'bids' is a player's move");
}

TEST_F(Notation, RefereeAwardsMoneyFromTheBankOrAPlayer) {
  Command c = move("Referee awards Ann 50");
  Command expected;
  expected.verb = Verb::Award;
  expected.actor = kReferee;
  expected.counterparty = 0;
  expected.amount = Money{50};
  EXPECT_EQ(c, expected) << "payer is the Bank, no square, no note";
  EXPECT_EQ(c.payer, kBank);
  EXPECT_EQ(c.square, kNoSquare);

  expected.payer = 1;
  EXPECT_EQ(move("Referee awards Ann 50 from Ben"), expected);
  EXPECT_EQ(move("referee AWARD a £50 FROM b"), expected);
  expected.note = "rent on Mayfair";
  EXPECT_EQ(move("Referee awards Ann 50 from Ben for \"rent on Mayfair\""), expected);
  EXPECT_EQ(move("Referee awards Ann 50 from Ben for rent on Mayfair"), expected);
  expected.note = "rent on Mayfair, asked in time";
  EXPECT_EQ(move("Referee awards Ann 50 from Ben for rent on Mayfair, asked in time # a comment"), expected);

  EXPECT_EQ(move("Referee awards Ann 50 from Bank").payer, kBank);
  EXPECT_EQ(move("Referee awards Ann 50 from bank").payer, kBank);
  EXPECT_EQ(move("Referee awards Ann $ 75").amount, Money{75});
  EXPECT_EQ(move("Referee awards Ann 1000000000").amount, Money{1000000000});
  Command cat = move("@20:01 Referee awards Cat 200 for salary owed");
  EXPECT_EQ(cat.at, "20:01");
  EXPECT_EQ(cat.counterparty, 2);
  EXPECT_EQ(cat.amount, Money{200});
  EXPECT_EQ(cat.payer, kBank);
  EXPECT_EQ(cat.note, "salary owed");
}

TEST_F(Notation, RefereeAwardsATitleDeed) {
  Command c = move("Referee awards Ann Mayfair");
  Command expected;
  expected.verb = Verb::Award;
  expected.actor = kReferee;
  expected.counterparty = 0;
  expected.square = kMayfair;
  EXPECT_EQ(c, expected) << "amount 0, payer the Bank";
  EXPECT_EQ(move("Referee awards Ben Park").square, kParkLane);  // properties first, as for mortgages
  EXPECT_EQ(move("Referee awards Ben The Angel, Islington").square, kAngel);
  EXPECT_EQ(move("Referee awards Ben \"King's Cross Station\" for \"the trade stood\"").note, "the trade stood");
  Command angel = move("Referee awards Cat The Angel, Islington for the deal, as agreed");
  EXPECT_EQ(angel.square, kAngel);
  EXPECT_EQ(angel.note, "the deal, as agreed");
}

TEST_F(Notation, AwardsToPlayersWithLongNames) {
  players = {"Ben Smith", "Ann", "Jo from Leeds"};
  Command c = move("Referee awards Ben Smith Park Lane");
  EXPECT_EQ(c.counterparty, 0);
  EXPECT_EQ(c.square, kParkLane);
  Command d = move("Referee awards Ann 30 from Jo from Leeds for fined, wrongly");
  EXPECT_EQ(d.counterparty, 1);
  EXPECT_EQ(d.payer, 2);
  EXPECT_EQ(d.note, "fined, wrongly");
  Command e = move("Referee awards Jo from Leeds 30 from Ben Smith");
  EXPECT_EQ(e.counterparty, 2);
  EXPECT_EQ(e.payer, 0);
  EXPECT_EQ(print_move(e, r, players), "Referee awards \"Jo from Leeds\" 30 from \"Ben Smith\"");
}

TEST_F(Notation, APlayerCalledBankIsQuotedAsThePayer) {
  players = {"Ann", "Bank"};
  EXPECT_EQ(move("Referee awards Ann 5 from Bank").payer, kBank);
  Command c = move("Referee awards Ann 5 from \"Bank\"");
  EXPECT_EQ(c.payer, 1);
  EXPECT_EQ(print_move(c, r, players), "Referee awards Ann 5 from \"Bank\"");
  EXPECT_EQ(move("Referee awards Bank 5").counterparty, 1);
}

TEST_F(Notation, BadAwardsSayWhatWasExpected) {
  EXPECT_HAS(error("Ann awards Ben 50"), "only the Referee awards, not Ann");
  EXPECT_HAS(error("Referee awards"), "expected the player awarded and what is awarded");
  EXPECT_HAS(error("Referee awards Ann"), "expected an amount or a title deed after the player");
  EXPECT_HAS(error("Referee awards Ann from Ben"), "expected an amount or a title deed");
  EXPECT_HAS(error("Referee awards Ann for \"nothing\""), "expected an amount or a title deed");
  EXPECT_HAS(error("Referee awards Ann 0"), "an award must be more than 0");
  EXPECT_HAS(error("Referee awards Ann -5"), "expected an amount");
  EXPECT_HAS(error("Referee awards Ann 12.50"), "whole number");
  EXPECT_HAS(error("Referee awards Ann 1000000001"), "too large");
  EXPECT_HAS(error("Referee awards Ann 99999999999999999999"), "too large");
  EXPECT_HAS(error("Referee awards Ann 50 Mayfair"), "an amount or one title deed, not both");
  EXPECT_HAS(error("Referee awards Ann Mayfair 50"), "not both");
  EXPECT_HAS(error("Referee awards Ann Mayfair, 50"), "not both");
  EXPECT_HAS(error("Referee awards Ann Mayfair from Ben"), "without 'from'");
  EXPECT_HAS(error("Referee awards Ann 50 from Ann"), "Ann cannot be awarded money from Ann");
  EXPECT_HAS(error("Referee awards Ann 50 from"), "expected a player or the Bank after 'from'");
  EXPECT_HAS(error("Referee awards Ann 50 from Referee"), "the Referee pays nothing");
  EXPECT_HAS(error("Referee awards Ann 50 from Bne"), "unknown player 'Bne': did you mean Ben?");
  EXPECT_HAS(error("Referee awards Ann 50 fro Ben"), "unexpected 'fro Ben' after the amount; expected 'from PLAYER'");
  EXPECT_HAS(error("Referee awards Ann 50, Park Lane"), "not both");
  EXPECT_HAS(error("Referee awards Bne 50"), "unknown player 'Bne': did you mean Ben?");
  EXPECT_HAS(error("Referee awards Referee 50"), "an award goes to a player, not to the Referee");
  EXPECT_HAS(error("Referee awards Ann Mayfiar"), "unknown square 'Mayfiar': did you mean Mayfair?");
  EXPECT_HAS(error("Referee awards Ann GO"), "GO is not a property");
  EXPECT_HAS(error("Referee awards Ann 50 for"), "expected the reason after 'for'");
  EXPECT_HAS(error("Referee awards Ann 50 for \"\""), "the reason after 'for' is empty");
  EXPECT_HAS(error("Referee awards Ann 50 for \"rent\" twice"), "unexpected 'twice' after the reason");
}

TEST_F(Notation, UnknownVerbListsTheVerbs) {
  std::string e = error("Ann rols 3 4");
  EXPECT_HAS(e, "unknown verb 'rols'");
  EXPECT_HAS(e, "rolls, buys, declines");
  EXPECT_HAS(e, "calls, deals, auctions, awards, skips, takes, notes)");
  EXPECT_HAS(error("Referee awrds Ann 50"), "did you mean 'awards'?");
  EXPECT_HAS(error("Referee deels Ann: Mayfair"), "did you mean 'deals'?");
  EXPECT_HAS(e, "did you mean 'rolls'?");
  EXPECT_HAS(error("Ann"), "expected a verb after 'Ann'");
}

TEST_F(Notation, PlayersMatchByPrefixAndUnknownOnesSuggest) {
  EXPECT_EQ(move("An rolls 3 4").actor, 0);
  EXPECT_EQ(move("c buys").actor, 2);
  EXPECT_EQ(error("Bne rolls 3 4"), "unknown player 'Bne': did you mean Ben?");
  EXPECT_EQ(error("Zed buys"), "unknown player 'Zed' (expected Ann, Ben or Cat)");
}

TEST_F(Notation, PlayerNamesWithSpacesQuotedOrNot) {
  players = {"Ann Smith", "Ben"};
  EXPECT_EQ(move("Ann Smith rolls 3 4").actor, 0);
  EXPECT_EQ(move("\"Ann Smith\" buys").actor, 0);
  EXPECT_EQ(move("ann buys").actor, 0);
  Command c = move("Ben offers Ann Smith: 10 for card");
  EXPECT_EQ(c.counterparty, 0);
  EXPECT_EQ(print_move(c, r, players), "Ben offers \"Ann Smith\": 10 for card");
}

TEST_F(Notation, PlayerNameHoldingAVerbWord) {
  players = {"Ben Rolls", "Ann"};
  Command c = move("Ben Rolls rolls 3 4");
  EXPECT_EQ(c.actor, 0);
  EXPECT_EQ(c.die1, 3);
  EXPECT_EQ(move("Ben rolls").actor, 0);
  EXPECT_EQ(move("Ann draws Pay a £10 fine or take a Chance").card_query, "Pay a £10 fine or take a Chance");
}

TEST_F(Notation, TimeStampsClockOrIsoStoredAsWritten) {
  Command a = move("@19:42:10 Ann rolls 3 4");
  EXPECT_EQ(a.at, "19:42:10");
  EXPECT_EQ(a.die1, 3);
  EXPECT_EQ(move("@2026-11-21T19:42:10Z Ann buys").at, "2026-11-21T19:42:10Z");
  EXPECT_EQ(move("@2026-11-21T19:42:10.250+01:00 Ann buys").at, "2026-11-21T19:42:10.250+01:00");
  EXPECT_EQ(move("@19:42 Referee calls time").at, "19:42");
  EXPECT_EQ(move("@2024-02-29T00:00:00Z Ann buys").at, "2024-02-29T00:00:00Z");
}

// The engine parses no text: the notation hands it the stamp in seconds.
TEST_F(Notation, TheStampReachesTheEngineInSeconds) {
  EXPECT_EQ(move("@19:42:10 Ann rolls 3 4").clock, 19 * 3600 + 42 * 60 + 10);
  EXPECT_EQ(move("@1970-01-01T00:01:00Z Ann buys").clock, 60);
  EXPECT_EQ(move("Ann buys").clock, kNoTime);
}

// ...and the card the words name in each pack; the engine takes the one of the pack due.
TEST_F(Notation, TheCardIsNamedInEachPack) {
  const Ruleset& uk = r;
  const auto index_of = [&](DeckId d, const std::string& text) {
    const auto& cards = uk.decks[static_cast<int>(d)].cards;
    for (std::size_t i = 0; i < cards.size(); ++i)
      if (cards[i].text == text) return static_cast<CardIndex>(i);
    return kNoCard;
  };
  const Command both = move("Ann draws \"Go to Jail\"");
  EXPECT_NE(both.card_in_pack[0], kNoCard);
  EXPECT_NE(both.card_in_pack[1], kNoCard);
  const Command mayfair = move("Ann draws Mayfair");
  EXPECT_EQ(mayfair.card_in_pack[0], index_of(DeckId::Chance, "Advance to Mayfair"));
  EXPECT_EQ(mayfair.card_in_pack[1], kNoCard);
  const Command numbered = move("Ann draws chest:3");
  EXPECT_EQ(numbered.card_in_pack[0], kNoCard);
  EXPECT_EQ(numbered.card_in_pack[1], 2);
  const Command seeded = move("Ann draws");
  EXPECT_EQ(seeded.card_in_pack[0], kNoCard);
  EXPECT_EQ(seeded.card_in_pack[1], kNoCard);
}

TEST_F(Notation, BadTimeStampsAreRefused) {
  EXPECT_HAS(error("@25:00:00 Ann buys"), "bad time '@25:00:00'");
  EXPECT_HAS(error("@19:61 Ann buys"), "bad time");
  EXPECT_HAS(error("@2026-02-30T10:00:00Z Ann buys"), "bad time");
  EXPECT_HAS(error("@2025-02-29T10:00:00Z Ann buys"), "bad time");
  EXPECT_HAS(error("@2026-11-21T19:42:10Q Ann buys"), "bad time");
  EXPECT_HAS(error("@tea-time Ann buys"), "bad time");
  EXPECT_HAS(error("@ Ann buys"), "expected a time after '@'");
  EXPECT_HAS(error("@19:42:10"), "expected a move after the time");
}

TEST_F(Notation, NumberedSquaresOfOneName) {
  EXPECT_EQ(square_notation_name(r, 7), "Chance 1");
  EXPECT_EQ(square_notation_name(r, kChance2), "Chance 2");
  EXPECT_EQ(square_notation_name(r, 2), "Community Chest 1");
  EXPECT_EQ(square_notation_name(r, kMayfair), "Mayfair");
  NameMatch m = match_square("Chance 2", r, false);
  EXPECT_TRUE(m.found);
  EXPECT_EQ(m.id, kChance2);
  EXPECT_TRUE(match_square("Chance", r, false).ambiguous);
  EXPECT_EQ(match_square("Park", r, true).id, kParkLane);
  EXPECT_EQ(match_square("Free", r, true).id, 20);  // no property fits: any square
}

// ---- the edition's words --------------------------------------------------------------------

// The military edition: houses are Ammo Stores, hotels Barracks, the packs Combat and Training.
class MilitaryNotation : public Notation {
 protected:
  void SetUp() override { ASSERT_TRUE(load_ruleset("military", &r).is_ok()); }
  static constexpr SquareId kSniper = 39;
  static constexpr SquareId kChallenger = 9;
};

TEST_F(MilitaryNotation, BuildsAndSellsInTheEditionsWords) {
  // Each line in the edition's words gives the Command of the line in the uk-1972 words.
  const Command one = move("Ann builds Ammo Store on Sniper");
  EXPECT_EQ(one.verb, Verb::Build);
  EXPECT_EQ(one.square, kSniper);
  EXPECT_EQ(one.count, 1);
  EXPECT_FALSE(one.hotel);
  for (const char* same : {"Ann builds an Ammo Store on Sniper", "Ann builds ammo STORE on Sniper",
                           "Ann builds \"Ammo Store\" on Sniper", "Ann builds house on Sniper"})
    EXPECT_EQ(move(same), one) << same;
  const Command two = move("Ann builds 2 Ammo Stores on Challenger");
  EXPECT_EQ(two.square, kChallenger);
  EXPECT_EQ(two.count, 2);
  EXPECT_EQ(two, move("Ann builds 2 houses on Challenger"));
  const Command barracks = move("Ann builds Barracks on Sniper");
  EXPECT_TRUE(barracks.hotel);
  EXPECT_EQ(barracks.count, 1);
  EXPECT_EQ(barracks, move("Ann builds hotel on Sniper"));
  const Command sold = move("Ann sells barracks on Sniper");
  EXPECT_EQ(sold.verb, Verb::Sell);
  EXPECT_TRUE(sold.hotel);
  EXPECT_EQ(sold, move("Ann sells hotel on Sniper"));
  const Command stores = move("Ann sells 3 ammo stores on Sniper");
  EXPECT_EQ(stores.count, 3);
  EXPECT_EQ(stores, move("Ann sells 3 houses on Sniper"));
  EXPECT_HAS(error("Ann builds Ammo Stores on Sniper"), "how many houses?");
  EXPECT_HAS(error("Ann builds 2 Barracks on Sniper"), "at most one hotel");
  EXPECT_HAS(error("Ann builds Ammo on Sniper"), "(or Ammo Store, Ammo Stores, Barracks)");
  EXPECT_HAS(error("Ann builds Ammo Store Sniper"), "expected 'on' and a property");
}

TEST_F(MilitaryNotation, PrintsTheCanonicalWordsAndReadsThemBack) {
  for (const char* line : {"Ann builds an Ammo Store on Sniper", "Ann builds 4 Ammo Stores on Sniper",
                           "Ann sells Barracks on Sniper", "Referee auctions Ammo Store", "Referee auctions barracks",
                           "Ann draws combat:3", "Ann draws Training:5"}) {
    const Command c = move(line);
    const std::string printed = print_move(c, r, players);
    EXPECT_EQ(move(printed), c) << line << " -> " << printed;
  }
  EXPECT_EQ(print_move(move("Ann builds an Ammo Store on Sniper"), r, players), "Ann builds house on Sniper");
  EXPECT_EQ(print_move(move("Ann sells Barracks on Sniper"), r, players), "Ann sells hotel on Sniper");
}

TEST_F(MilitaryNotation, BuildingAuctionsInTheEditionsWords) {
  Command store = move("Referee auctions Ammo Store");
  EXPECT_EQ(store.verb, Verb::AuctionBuilding);
  EXPECT_EQ(store.actor, kReferee);
  EXPECT_FALSE(store.hotel);
  EXPECT_TRUE(move("Referee auctions Barracks").hotel);
  EXPECT_FALSE(move("Referee auctions house").hotel);
  EXPECT_HAS(error("Referee auctions Ammo Stores"), "one building is auctioned at a time");
  EXPECT_HAS(error("Referee auctions Ammo Store Sniper"), "unexpected 'Sniper'");
}

TEST_F(MilitaryNotation, DrawsNameThePacksByTheEditionsNames) {
  Command combat = move("Ann draws combat:3");
  EXPECT_EQ(combat.verb, Verb::Draw);
  EXPECT_EQ(combat.card_query, "combat:3");  // kept as written: the engine reads it again
  EXPECT_EQ(move("Ann draws Training:5").card_query, "Training:5");
  EXPECT_EQ(move("Ann draws TRAINING:16").card_query, "TRAINING:16");
  EXPECT_EQ(move("Ann draws chance:3").card_query, "chance:3");  // the uk-1972 words stay
  EXPECT_EQ(move("Ann draws community-chest:5").card_query, "community-chest:5");
  EXPECT_EQ(move("Ann draws \"Go to Prison\"").card_query, "Go to Prison");
  EXPECT_HAS(error("Ann draws combat:17"), "the Combat pack has cards 1 to 16");
  EXPECT_HAS(error("Ann draws training:0"), "the Training pack has cards 1 to 16");
}

TEST_F(MilitaryNotation, SetupInTheEditionsWords) {
  GameFile g;
  ParseError e;
  ASSERT_TRUE(game("[Ruleset \"military\"]\n[Players \"Ann, Ben\"]\n[Setup]\n"
                   "Ann: owns Sniper (Barracks), Challenger (2 Ammo Stores), Warrior (an Ammo Store, mortgaged), "
                   "Scimitar (1 house)\n[Moves]\n",
                   &g, &e))
      << format_error(e);
  const PlayerSetup& ann = g.setup->players[0];
  ASSERT_EQ(ann.owns.size(), 4u);
  EXPECT_TRUE(ann.owns[0].hotel);
  EXPECT_EQ(ann.owns[1].houses, 2);
  EXPECT_EQ(ann.owns[2].houses, 1);
  EXPECT_TRUE(ann.owns[2].mortgaged);
  EXPECT_EQ(ann.owns[3].houses, 1);
  EXPECT_HAS(game_error("[Ruleset \"military\"]\n[Players \"Ann, Ben\"]\n[Setup]\nAnn: owns Sniper (Ammo Stores)\n")
                 .message,
             "expected '(hotel)'");
}

// Every edition's words are read, and the uk-1972 words with them.
TEST(EditionWordsNotation, EveryEditionsBuildingAndPackWordsAreRead) {
  const std::vector<std::string> players{"Ann", "Ben"};
  for (const std::string& id : builtin_ruleset_ids()) {
    Ruleset r;
    ASSERT_TRUE(load_ruleset(id, &r).is_ok()) << id;
    SquareId site = kNoSquare;
    for (int s = 0; s < r.board_size() && site == kNoSquare; ++s)
      if (r.square(static_cast<SquareId>(s)).kind == SquareKind::Street) site = static_cast<SquareId>(s);
    const std::string where = " on \"" + square_notation_name(r, site) + "\"";
    auto parsed = [&](const std::string& line) {
      Command c;
      ParseError e;
      EXPECT_TRUE(parse_move(line, r, players, &c, &e)) << id << ": " << line << " -> " << e.message;
      return c;
    };
    const Command house = parsed("Ann builds " + r.words.house + where);
    EXPECT_FALSE(house.hotel) << id;
    EXPECT_EQ(house.square, site) << id;
    EXPECT_EQ(parsed("Ann builds 3 " + r.words.houses + where).count, 3) << id;
    EXPECT_TRUE(parsed("Ann sells " + r.words.hotel + where).hotel) << id;
    EXPECT_EQ(parsed("Ann builds house" + where), house) << id;
    for (int d = 0; d < kDeckCount; ++d) {
      const std::string query = r.decks[d].name + ":2";
      EXPECT_EQ(parsed("Ann draws \"" + query + "\"").card_query, query) << id;
    }
  }
}

// ---- the header ---------------------------------------------------------------------------

TEST_F(Notation, HeaderTagsAreRead) {
  GameHeader h;
  ParseError e;
  ASSERT_TRUE(parse_header("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben ,Cat\"]\n[Variant \"short-game, time-limit\"]\n"
                           "[Seed \"18446744073709551615\"]\n[Started \"2026-11-21T19:00:00Z\"]\n"
                           "[TimeLimit \"1h30m\"]\n[Title \"Club night \\\"#3\\\"\"]   # a comment\n"
                           "[Event \"kept as written\"]\n[Date \"2026.11.21\"]\n",
                           &h, &e))
      << e.message;
  EXPECT_EQ(h.ruleset, "uk-1972");
  EXPECT_EQ(h.players, (std::vector<std::string>{"Ann", "Ben", "Cat"}));
  EXPECT_EQ(h.variants, (std::vector<std::string>{"short-game", "time-limit"}));
  EXPECT_TRUE(h.has_variant("time-limit"));
  ASSERT_TRUE(h.seed.has_value());
  EXPECT_EQ(*h.seed, 18446744073709551615ull);
  EXPECT_EQ(h.started, "2026-11-21T19:00:00Z");
  EXPECT_EQ(h.time_limit, "1h30m");
  ASSERT_EQ(h.tags.size(), 9u);
  EXPECT_EQ(h.tags[0], (std::pair<std::string, std::string>{"Ruleset", "uk-1972"}));
  EXPECT_EQ(h.tags[6], (std::pair<std::string, std::string>{"Title", "Club night \"#3\""}));
  EXPECT_EQ(h.tags[7], (std::pair<std::string, std::string>{"Event", "kept as written"}));
  EXPECT_EQ(h.tags[8].first, "Date");
}

TEST_F(Notation, HeaderStopsAtTheFirstMoveOrSection) {
  GameHeader h;
  ParseError e;
  ASSERT_TRUE(parse_header("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\nAnn rolls 3 4\n\x01 junk after\n", &h, &e))
      << e.message;
  EXPECT_EQ(h.players.size(), 2u);
}

TEST_F(Notation, MissingRulesetOrPlayersIsAnError) {
  EXPECT_HAS(header_error("[Players \"Ann, Ben\"]\n").message, "missing [Ruleset");
  EXPECT_HAS(header_error("[Ruleset \"uk-1972\"]\n").message, "missing [Players");
  EXPECT_HAS(header_error("").message, "missing [Ruleset");
}

TEST_F(Notation, PlayerCountsAndNamesAreChecked) {
  const std::string rs = "[Ruleset \"uk-1972\"]\n";
  EXPECT_HAS(header_error(rs + "[Players \"Ann\"]").message, "2 to 8 players; the Players tag names 1");
  EXPECT_HAS(header_error(rs + "[Players \"A, B, C, D, E, F, G, H, I\"]").message, "names 9");
  EXPECT_HAS(header_error(rs + "[Players \"Ann, Ben, ann\"]").message, "player 'ann' is named twice");
  EXPECT_HAS(header_error(rs + "[Players \"Ann, Referee\"]").message, "may not be called Referee");
  EXPECT_HAS(header_error(rs + "[Players \"Ann, , Ben\"]").message, "empty player name");
  EXPECT_HAS(header_error(rs + "[Players \"Ann, B:en\"]").message, "may not contain ':'");
  EXPECT_HAS(header_error(rs + "[Players \"Ann, B@n\"]").message, "may not contain '@'");
  EXPECT_HAS(header_error(rs + "[Players \"Ann, B[e]n\"]").message, "may not contain '['");
  GameHeader h;
  ParseError e;
  EXPECT_TRUE(parse_header(rs + "[Players \"A, B, C, D, E, F, G, H\"]", &h, &e)) << e.message;
  EXPECT_EQ(h.players.size(), 8u);
}

// Player names that look alike are refused (docs/notation.md, "Player names"): invisible,
// control and text-direction characters, odd spaces and combining marks anywhere in a name;
// two names equal ignoring case (Latin, Greek, Cyrillic letters too) or punctuation.
TEST_F(Notation, PlayerNamesThatLookAlikeAreRefused) {
  auto players_error = [&](const std::string& names) {
    return header_error("[Ruleset \"uk-1972\"]\n[Players \"" + names + "\"]\n").message;
  };
  for (const std::string bad : {"An\u200Bn", "Ann\u200C", "\u200DAnn", "A\u2060nn", "Ann\uFEFF", "Ann\u200E", "Ann\u200F",
                                "\u202AAnn", "Ann\u202E", "\u2066Ann\u2069", "Ann\u00AD", "Ben\u00A0Smith", "Ann\tB",
                                "Ann\u0085"}) {
    const std::string m = players_error(bad + ", Ben");
    EXPECT_HAS(m, "cannot be used");
  }
  // A combining mark: type the precomposed letter instead (NFC without a normalisation table).
  EXPECT_HAS(players_error("Zoe\u0308, Ben"), "U+0308");
  EXPECT_HAS(players_error("Zoe\u0308, Ben"), "precomposed");
  for (const std::string pair : {"Ann, ANN", "Zoë, ZOË", "Ángel, ángel", "Łucja, łucja", "Σοφία, ΣΟΦΊΑ", "Анна, АННА",
                                 "O'Neil, ONeil", "Ben Smith, Ben  Smith"})
    EXPECT_FALSE(players_error(pair).empty()) << pair;
  // Precomposed letters, different names and other scripts are fine.
  for (const std::string ok : {"Zoë, Zoe", "Anna, Ann", "Søren, Ben", "Анна, Ann", "李, 王"}) {
    GameHeader h;
    ParseError e;
    EXPECT_TRUE(parse_header("[Ruleset \"uk-1972\"]\n[Players \"" + ok + "\"]\n", &h, &e)) << ok << ": " << e.message;
  }
}

// An unknown variant is refused, naming the known ones; known ones are read in any case.
TEST_F(Notation, UnknownVariantsAreRefusedWithTheList) {
  const std::string base = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n";
  const std::string m = header_error(base + "[Variant \"short-game, speed-die\"]").message;
  EXPECT_HAS(m, "speed-die");
  EXPECT_HAS(m, "short-game");
  EXPECT_HAS(m, "time-limit");
  EXPECT_FALSE(header_error(base + "[Variant \"shortgame\"]").message.empty());
  GameHeader h;
  ParseError e;
  ASSERT_TRUE(parse_header(base + "[Variant \"Short-Game\"]", &h, &e)) << e.message;
  EXPECT_EQ(h.variants, std::vector<std::string>{"short-game"});
  EXPECT_TRUE(h.has_variant("short-game"));
}

TEST_F(Notation, TagValuesAreValidated) {
  const std::string base = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n";
  EXPECT_HAS(header_error(base + "[Seed \"forty-two\"]").message, "bad Seed");
  EXPECT_HAS(header_error(base + "[Seed \"18446744073709551616\"]").message, "too large");
  EXPECT_HAS(header_error(base + "[Seed \"-1\"]").message, "bad Seed");
  EXPECT_HAS(header_error(base + "[Started \"yesterday\"]").message, "Started: bad time");
  EXPECT_HAS(header_error(base + "[Started \"2026-13-01T10:00:00Z\"]").message, "bad time");
  EXPECT_HAS(header_error(base + "[TimeLimit \"90\"]").message, "bad TimeLimit '90'");
  EXPECT_HAS(header_error(base + "[TimeLimit \"0m\"]").message, "bad TimeLimit");
  EXPECT_HAS(header_error(base + "[TimeLimit \"30m1h\"]").message, "bad TimeLimit");
  // Seconds after minutes, each unit once, within a day.
  EXPECT_HAS(header_error(base + "[TimeLimit \"30s1m\"]").message, "bad TimeLimit");
  EXPECT_HAS(header_error(base + "[TimeLimit \"5s5s\"]").message, "bad TimeLimit");
  EXPECT_HAS(header_error(base + "[TimeLimit \"0s\"]").message, "bad TimeLimit");
  EXPECT_HAS(header_error(base + "[TimeLimit \"86401s\"]").message, "bad TimeLimit");
  EXPECT_HAS(header_error(base + "[TimeLimit \"1441m\"]").message, "bad TimeLimit");
  EXPECT_HAS(header_error(base + "[Variant \"short-game,,x\"]").message, "empty variant");
  for (const char* ok : {"90m", "2h", "1h30m", "45s", "1m30s", "1h0m5s"}) {
    GameHeader h;
    ParseError e;
    EXPECT_TRUE(parse_header(base + "[TimeLimit \"" + ok + "\"]", &h, &e)) << ok << ": " << e.message;
    EXPECT_EQ(h.time_limit, ok);
  }
}

TEST_F(Notation, MisspelledTagSuggestsTheKnownOne) {
  ParseError e = header_error("[Rulset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n");
  EXPECT_EQ(e.line, 1);
  EXPECT_EQ(e.message, "unknown tag 'Rulset': did you mean Ruleset?");
  EXPECT_HAS(header_error("[Ruleset \"uk-1972\"]\n[Player \"Ann, Ben\"]\n").message, "did you mean Players?");
  EXPECT_HAS(header_error("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Sead \"1\"]").message,
             "did you mean Seed?");
}

TEST_F(Notation, MalformedTagsAreErrors) {
  EXPECT_HAS(header_error("[Ruleset \"uk-1972\"\n").message, "expected ']'");
  EXPECT_HAS(header_error("[Ruleset uk-1972 \"x\"]\n").message, "expected a quoted value");
  EXPECT_HAS(header_error("[Ruleset \"uk-1972\" x]\n").message, "unexpected 'x'");
  EXPECT_HAS(header_error("[Ruleset \"uk-1972]\n").message, "unterminated quote");
  EXPECT_HAS(header_error("[\"uk-1972\"]\n").message, "expected a tag name");
  ParseError twice = header_error("[Ruleset \"uk-1972\"]\n[Players \"A, B\"]\n[Ruleset \"uk-1972\"]\n");
  EXPECT_EQ(twice.line, 3);
  EXPECT_HAS(twice.message, "given twice (first on line 1)");
}

// ---- setup --------------------------------------------------------------------------------

const char* kInterfaceSetup =
    "[Ruleset \"uk-1972\"]\n"
    "[Players \"Ann, Ben, Cat\"]\n"
    "\n"
    "[Setup]\n"
    "Ann: cash 1200; at \"Vine Street\"; owns Mayfair (hotel), \"Park Lane\" (4 houses), \"King's Cross Station\" "
    "(mortgaged); cards 1\n"
    "Ben: cash 340; in jail 2          # in jail, having used 2 of the turns the rule book allows\n"
    "Turn: Ben\n"
    "[Moves]\n"
    "Ben rolls 3 3\n";

TEST_F(Notation, SetupOfTheInterfaceExample) {
  GameFile g;
  ParseError e;
  ASSERT_TRUE(game(kInterfaceSetup, &g, &e)) << format_error(e);
  ASSERT_TRUE(g.setup.has_value());
  const SetupPosition& s = *g.setup;
  ASSERT_EQ(s.players.size(), 2u);
  const PlayerSetup& ann = s.players[0];
  EXPECT_EQ(ann.player, 0);
  EXPECT_EQ(ann.cash, Money{1200});
  EXPECT_EQ(ann.at, kVineStreet);
  ASSERT_EQ(ann.owns.size(), 3u);
  EXPECT_EQ(ann.owns[0].square, kMayfair);
  EXPECT_TRUE(ann.owns[0].hotel);
  EXPECT_EQ(ann.owns[0].houses, 0);
  EXPECT_FALSE(ann.owns[0].mortgaged);
  EXPECT_EQ(ann.owns[1].square, kParkLane);
  EXPECT_EQ(ann.owns[1].houses, 4);
  EXPECT_FALSE(ann.owns[1].hotel);
  EXPECT_EQ(ann.owns[2].square, kKingsCross);
  EXPECT_TRUE(ann.owns[2].mortgaged);
  EXPECT_EQ(ann.owns[2].houses, 0);
  EXPECT_EQ(ann.jail_cards, 1);
  EXPECT_FALSE(ann.jail_turns.has_value());
  const PlayerSetup& ben = s.players[1];
  EXPECT_EQ(ben.player, 1);
  EXPECT_EQ(ben.cash, Money{340});
  EXPECT_EQ(ben.jail_turns, 2);
  EXPECT_FALSE(ben.at.has_value());
  EXPECT_TRUE(ben.owns.empty());
  EXPECT_EQ(s.turn, PlayerId{1});
  ASSERT_EQ(g.moves.size(), 1u);
  EXPECT_EQ(g.moves[0].line, 9);
  EXPECT_EQ(g.moves[0].command.die1, 3);
}

TEST_F(Notation, SetupShortFormsAndCombinedModifiers) {
  GameFile g;
  ParseError e;
  ASSERT_TRUE(game("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Setup]\n"
                   "an: in jail; owns Old Kent Road (1 house, mortgaged), The Angel, Islington (hotel), Whitechapel; "
                   "at Chance 2;\n"
                   "Ben:\n[Moves]\n",
                   &g, &e))
      << format_error(e);
  const PlayerSetup& ann = g.setup->players[0];
  EXPECT_EQ(ann.jail_turns, 0);
  EXPECT_EQ(ann.at, kChance2);
  ASSERT_EQ(ann.owns.size(), 3u);
  EXPECT_EQ(ann.owns[0].square, kOldKentRoad);
  EXPECT_EQ(ann.owns[0].houses, 1);
  EXPECT_TRUE(ann.owns[0].mortgaged);
  EXPECT_EQ(ann.owns[1].square, kAngel);
  EXPECT_TRUE(ann.owns[1].hotel);
  EXPECT_EQ(ann.owns[2].square, 3);
  EXPECT_EQ(g.setup->players[1].player, 1);
  EXPECT_FALSE(g.setup->turn.has_value());
  EXPECT_TRUE(g.moves.empty());
}

TEST_F(Notation, BadSetupLinesNameTheLine) {
  const std::string head = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Setup]\n";
  ParseError twice = game_error(head + "Ann: cash 5\nAnn: cash 6\n");
  EXPECT_EQ(twice.line, 5);
  EXPECT_HAS(twice.message, "Ann is listed twice in [Setup]");
  EXPECT_HAS(game_error(head + "Turn: Ann\nTurn: Ben\n").message, "'Turn:' given twice");
  EXPECT_HAS(game_error(head + "Ann: in jail 3\n").message, "0 to 2");
  EXPECT_HAS(game_error(head + "Ann: owns Mayfair (5 houses)\n").message, "at most 4 houses");
  EXPECT_HAS(game_error(head + "Ann: owns Mayfair (hotel, 2 houses)\n").message, "not both");
  EXPECT_HAS(game_error(head + "Ann: owns Mayfair (shiny)\n").message, "expected '(hotel)'");
  EXPECT_HAS(game_error(head + "Ann: owns Mayfair (hotel\n").message, "expected ')'");
  EXPECT_HAS(game_error(head + "Ann: cash 5; cash 6\n").message, "'cash' given twice");
  EXPECT_HAS(game_error(head + "Ann: money 5\n").message, "unknown setup item 'money 5'");
  EXPECT_HAS(game_error(head + "Ann: owns Mayfair\nBen: owns Mayfair\n").message, "Mayfair is owned by Ann already");
  EXPECT_HAS(game_error(head + "Ann: at Mayfiar\n").message, "did you mean Mayfair?");
  EXPECT_HAS(game_error(head + "Ann cash 5\n").message, "expected 'NAME: item; item; ...'");
  EXPECT_HAS(game_error(head + "Referee: cash 5\n").message, "expected a player");
  EXPECT_HAS(game_error(head + "Ann: cash 99999999999999999999\n").message, "too large");
}

// ---- whole files --------------------------------------------------------------------------

TEST_F(Notation, MovesMayFollowTheHeaderDirectly) {
  GameFile g;
  ParseError e;
  ASSERT_TRUE(game("# a friendly game\n[Ruleset \"uk-1972\"]\r\n[Players \"Ann, Ben\"]\n\n"
                   "Ann rolls 3 4   # to the Angel\nAnn buys\t \n\n  # nothing here\nBen rolls 1 2\n",
                   &g, &e))
      << format_error(e);
  EXPECT_FALSE(g.setup.has_value());
  ASSERT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.moves[0].line, 5);
  EXPECT_EQ(g.moves[0].text, "Ann rolls 3 4");
  EXPECT_EQ(g.moves[1].text, "Ann buys");
  EXPECT_EQ(g.moves[2].line, 9);
  EXPECT_EQ(g.moves[2].command.actor, 1);
}

TEST_F(Notation, ErrorsNameTheLine) {
  ParseError e = game_error("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Moves]\nAnn rolls 3 4\nAnn bids lots\n");
  EXPECT_EQ(e.line, 5);
  EXPECT_EQ(format_error(e), "line 5: expected an amount (a whole number), got 'lots'");
  EXPECT_EQ(format_error(ParseError{0, "x"}), "x");
}

TEST_F(Notation, SectionsAndTagsInTheWrongPlace) {
  const std::string head = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n";
  EXPECT_HAS(game_error(head + "Ann buys\n[Setup]\n").message, "[Setup] must come before the moves");
  EXPECT_HAS(game_error(head + "[Moves]\n[Moves]\n").message, "[Moves] given twice");
  EXPECT_HAS(game_error(head + "[Setup]\n[Setup]\n").message, "[Setup] given twice");
  EXPECT_HAS(game_error(head + "Ann buys\n[Title \"late\"]\n").message, "comes too late");
  EXPECT_HAS(game_error(head + "[Board]\n").message, "unknown section [Board]");
  EXPECT_HAS(game_error(head + "Ann buys\n[Moves]\n").message, "[Moves] must come before the first move");
}

TEST_F(Notation, GameForAnotherEditionIsRefused) {
  ParseError e = game_error("[Players \"Ann, Ben\"]\n[Ruleset \"us-standard\"]\n");
  EXPECT_EQ(e.line, 2);
  EXPECT_HAS(e.message, "'us-standard', not 'uk-1972'");
}

// ---- hostile input ------------------------------------------------------------------------

TEST_F(Notation, CarelessOrHostileInputIsAnErrorNotACrash) {
  EXPECT_HAS(error("Ann draws \"Advance to Mayfair"), "unterminated quote");
  EXPECT_HAS(error(std::string(20000, 'A')), "line too long");
  EXPECT_HAS(error("Ann buys\x01"), "control character 0x01");
  EXPECT_HAS(error(std::string("Ann\0buys", 8)), "control character 0x00");
  EXPECT_HAS(error("Ann buys \xC3"), "not UTF-8");
  EXPECT_HAS(error("Ann buys \xC0\xAF"), "not UTF-8");
  EXPECT_HAS(error(""), "expected a move");
  EXPECT_HAS(error("   # only a comment"), "expected a move");
  EXPECT_HAS(error(": , ; ( )"), "");
  EXPECT_HAS(error("\"\" buys"), "expected a player name");
  EXPECT_HAS(error(std::string(9000, ',')), "");
  EXPECT_HAS(game_error(std::string("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n") + std::string(12000, 'x')).message,
             "line too long");
  EXPECT_EQ(game_error("\x89PNG\r\n\x1a\n\0\0\0\rIHDR").line, 1);
}

TEST_F(Notation, RandomBytesNeverCrashTheParsers) {
  std::mt19937 rng(20261121);
  const std::string alphabet = "Ann Ben rolls bids offers :,;()\"#@[]\\£$%0123456789 for card houses on Mayfair\t\x01\xC3\xFF";
  for (int i = 0; i < 3000; ++i) {
    std::string line;
    int len = static_cast<int>(rng() % 80);
    for (int k = 0; k < len; ++k)
      line.push_back(rng() % 4 == 0 ? static_cast<char>(rng() % 256) : alphabet[rng() % alphabet.size()]);
    Command c;
    ParseError e;
    if (parse_move(line, r, players, &c, &e)) {
      Command again;
      ASSERT_TRUE(parse_move(print_move(c, r, players), r, players, &again, &e)) << line << " -> " << e.message;
      EXPECT_EQ(again, c) << line;
    } else {
      EXPECT_FALSE(e.message.empty()) << line;
    }
    GameFile g;
    parse_game("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Setup]\nAnn: " + line + "\n[Moves]\n" + line, r, &g, &e);
  }
}

TEST_F(Notation, RandomAwardsRoundTrip) {
  std::mt19937 rng(20261122);
  const std::vector<std::string> words = {"Ann", "Ben", "Cat", "50", "£", "0", "from", "from", "for", "for", "Bank",
                                          "Mayfair", "Park", "Lane", "\"Park Lane\"", ",", "rent", "\"x \\\" y\"",
                                          "Referee", "GO", "The", "Angel", "Islington", "Jo"};
  int accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string line = "Referee awards";
    if (rng() % 3 != 0) line += " " + words[rng() % 3] + " " + (rng() % 2 ? "50" : "Mayfair");  // a likely start
    int len = static_cast<int>(rng() % 6);
    for (int k = 0; k < len; ++k) line += " " + words[rng() % words.size()];
    Command c;
    ParseError e;
    if (!parse_move(line, r, players, &c, &e)) {
      EXPECT_FALSE(e.message.empty()) << line;
      continue;
    }
    ++accepted;
    std::string printed = print_move(c, r, players);
    Command again;
    ASSERT_TRUE(parse_move(printed, r, players, &again, &e)) << line << " -> " << printed << ": " << e.message;
    EXPECT_EQ(again, c) << line << " -> " << printed;
    EXPECT_EQ(print_move(again, r, players), printed) << line;
  }
  EXPECT_GT(accepted, 300);
}

// ---- printing and the round trip ----------------------------------------------------------

TEST_F(Notation, PrintMoveIsCanonical) {
  auto canon = [&](const std::string& line) { return print_move(move(line), r, players); };
  EXPECT_EQ(canon("ann   ROLLS 3   4"), "Ann rolls 3 4");
  EXPECT_EQ(canon("@19:42:10 an rolls"), "@19:42:10 Ann rolls");
  EXPECT_EQ(canon("Ann bids £120"), "Ann bids 120");
  EXPECT_EQ(canon("Ann builds house on park"), "Ann builds house on \"Park Lane\"");
  EXPECT_EQ(canon("Ann builds 3 houses on mayfair"), "Ann builds 3 houses on Mayfair");
  EXPECT_EQ(canon("Ann sell hotel on Park"), "Ann sells hotel on \"Park Lane\"");
  EXPECT_EQ(canon("Ann mortgages kings cross"), "Ann mortgages \"King's Cross Station\"");
  EXPECT_EQ(canon("Ann mortgages angel"), "Ann mortgages \"The Angel, Islington\"");
  EXPECT_EQ(canon("Ann draws Advance to Mayfair"), "Ann draws \"Advance to Mayfair\"");
  EXPECT_EQ(canon("Ann draws chance:7"), "Ann draws chance:7");
  EXPECT_EQ(canon("Ann pays tax percent"), "Ann pays tax 10%");
  EXPECT_EQ(canon("Ann offers b: card, £5, Mayfair for park, kent"),
            "Ann offers Ben: Mayfair, 5, card for \"Park Lane\", \"Old Kent Road\"");
  EXPECT_EQ(canon("Ann offers Ben: for 2 cards"), "Ann offers Ben: nothing for 2 cards");
  EXPECT_EQ(canon("referee calls time"), "Referee calls time");
  EXPECT_EQ(canon("referee deal a: mayfair,park"), "Referee deals Ann: Mayfair, \"Park Lane\"");
  EXPECT_EQ(canon("Referee deals Ann: The Angel, Islington"), "Referee deals Ann: \"The Angel, Islington\"");
  EXPECT_EQ(canon("Referee auction House"), "Referee auctions house");
  EXPECT_EQ(canon("Referee auctions hotel"), "Referee auctions hotel");
  EXPECT_EQ(canon("referee award an £50"), "Referee awards Ann 50");
  EXPECT_EQ(canon("Referee awards Ann 50 from bank"), "Referee awards Ann 50");
  EXPECT_EQ(canon("Referee awards a 50 from b"), "Referee awards Ann 50 from Ben");
  EXPECT_EQ(canon("Referee awards Ann park"), "Referee awards Ann \"Park Lane\"");
  EXPECT_EQ(canon("Referee awards Ann Mayfair for  rent,  late"), "Referee awards Ann Mayfair for \"rent,  late\"");
  EXPECT_EQ(canon("Referee awards Ann 50 from Ben for he said \"yes\""),
            "Referee awards Ann 50 from Ben for \"he said \\\"yes\\\"\"");
  EXPECT_EQ(canon("Ann claim SALARY"), "Ann claims salary");
}

// A game that uses every verb, with tags, a setup and time stamps.
const char* kEveryVerb =
    "[Ruleset \"uk-1972\"]\n"
    "[Players \"Ann, Ben Smith, Cat\"]\n"
    "[Title \"Every verb, \\\"once\\\" # at least\"]\n"
    "[Variant \"short-game, time-limit\"]\n"
    "[Seed \"42\"]\n"
    "[Started \"2026-11-21T19:00:00Z\"]\n"
    "[TimeLimit \"1h30m\"]\n"
    "[Site \"The Crown\"]\n"
    "[Annotator \"kept\"]\n"
    "[Setup]\n"
    "Ann: cash 1200; at \"Vine Street\"; owns Mayfair (hotel), \"Park Lane\" (4 houses), kings cross (mortgaged), "
    "Old Kent Road (1 house, mortgaged); cards 1\n"
    "Ben: cash 340; in jail 2\n"
    "Cat: in jail; at Chance 3\n"
    "Turn: Ben\n"
    "[Moves]\n"
    "Referee deals Ben Smith: Old Kent Road, kings cross, The Angel, Islington\n"
    "Referee deals Cat: Vine\n"
    "@19:00:05 Ben rolls 3 3\n"
    "Ben rolls\n"
    "Ben buys\n"
    "Ben declines\n"
    "Ann bids £120\n"
    "Cat passes\n"
    "Ann claims rent\n"
    "Ben draws \"Advance to Mayfair\"\n"
    "Ben draws chest:3\n"
    "Ben draws\n"
    "Ben pays fine\n"
    "Ben uses card\n"
    "Ann builds house on Park\n"
    "Ann builds 2 houses on Mayfair\n"
    "Ann builds hotel on Park Lane\n"
    "Ann sells house on Mayfair\n"
    "Ann sells 3 houses on Park Lane\n"
    "Ann sells hotel on Mayfair\n"
    "Referee auctions house\n"
    "Ann bids 30\n"
    "Referee auctions hotel\n"
    "Cat passes\n"
    "Ann mortgages Angel\n"
    "Ann unmortgages The Angel, Islington\n"
    "Ann offers Ben: Mayfair, 100 for \"Park Lane\", card\n"
    "Ben accepts\n"
    "Cat offers Ann: nothing for 2 cards\n"
    "Ann rejects\n"
    "Ann pays tax flat\n"
    "Cat pays tax 10%\n"
    "Cat declares bankruptcy\n"
    "Ann ends turn\n"
    "Ben Smith claims salary\n"
    "Ann skips go\n"
    "Referee awards Ben Smith 200\n"
    "Referee awards Ann 50 from Ben Smith for \"rent on Mayfair, asked in time\"\n"
    "Referee awards Cat 10 from Bank for the fine was wrong\n"
    "Referee awards Ann Mayfair\n"
    "Referee awards Cat \"Park Lane\" for \"the \\\"trade\\\" stood\"\n"
    "@2026-11-21T20:30:00Z Referee calls time\n";

void expect_same_header(const GameHeader& a, const GameHeader& b) {
  EXPECT_EQ(a.ruleset, b.ruleset);
  EXPECT_EQ(a.players, b.players);
  EXPECT_EQ(a.variants, b.variants);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.started, b.started);
  EXPECT_EQ(a.time_limit, b.time_limit);
  EXPECT_EQ(a.tags, b.tags);
}

void expect_same_setup(const std::optional<SetupPosition>& a, const std::optional<SetupPosition>& b) {
  ASSERT_EQ(a.has_value(), b.has_value());
  if (!a) return;
  EXPECT_EQ(a->turn, b->turn);
  ASSERT_EQ(a->players.size(), b->players.size());
  for (std::size_t i = 0; i < a->players.size(); ++i) {
    const PlayerSetup& x = a->players[i];
    const PlayerSetup& y = b->players[i];
    EXPECT_EQ(x.player, y.player);
    EXPECT_EQ(x.cash, y.cash);
    EXPECT_EQ(x.at, y.at);
    EXPECT_EQ(x.jail_cards, y.jail_cards);
    EXPECT_EQ(x.jail_turns, y.jail_turns);
    ASSERT_EQ(x.owns.size(), y.owns.size());
    for (std::size_t k = 0; k < x.owns.size(); ++k) {
      EXPECT_EQ(x.owns[k].square, y.owns[k].square);
      EXPECT_EQ(x.owns[k].houses, y.owns[k].houses);
      EXPECT_EQ(x.owns[k].hotel, y.owns[k].hotel);
      EXPECT_EQ(x.owns[k].mortgaged, y.owns[k].mortgaged);
    }
  }
}

TEST_F(Notation, RoundTripOfAGameUsingEveryVerb) {
  GameFile first;
  ParseError e;
  ASSERT_TRUE(game(kEveryVerb, &first, &e)) << format_error(e);
  std::vector<bool> used(static_cast<int>(Verb::SkipGo) + 1, false);
  std::vector<Command> commands;
  for (const auto& m : first.moves) {
    used[static_cast<int>(m.command.verb)] = true;
    commands.push_back(m.command);
  }
  for (std::size_t v = 0; v < used.size(); ++v) EXPECT_TRUE(used[v]) << "verb " << v << " not in the game";

  std::string printed = print_game(first.header, first.setup, commands, r);
  GameFile second;
  ASSERT_TRUE(game(printed, &second, &e)) << format_error(e) << "\n" << printed;
  expect_same_header(first.header, second.header);
  expect_same_setup(first.setup, second.setup);
  ASSERT_EQ(first.moves.size(), second.moves.size());
  for (std::size_t i = 0; i < first.moves.size(); ++i)
    EXPECT_EQ(first.moves[i].command, second.moves[i].command) << first.moves[i].text;

  // printing is a fixed point: the canonical text prints as itself
  std::vector<Command> again;
  for (const auto& m : second.moves) again.push_back(m.command);
  EXPECT_EQ(print_game(second.header, second.setup, again, r), printed);

  // and each move on its own
  for (const auto& c : commands) {
    Command back;
    std::string line = print_move(c, r, first.header.players);
    ASSERT_TRUE(parse_move(line, r, first.header.players, &back, &e)) << line << ": " << e.message;
    EXPECT_EQ(back, c) << line;
  }
}

TEST_F(Notation, PrintGameWritesTheCanonicalForm) {
  GameFile g;
  ParseError e;
  ASSERT_TRUE(game(kInterfaceSetup, &g, &e)) << format_error(e);
  std::vector<Command> commands;
  for (const auto& m : g.moves) commands.push_back(m.command);
  EXPECT_EQ(print_game(g.header, g.setup, commands, r),
            "[Ruleset \"uk-1972\"]\n"
            "[Players \"Ann, Ben, Cat\"]\n"
            "\n"
            "[Setup]\n"
            "Ann: cash 1200; at \"Vine Street\"; owns Mayfair (hotel), \"Park Lane\" (4 houses), "
            "\"King's Cross Station\" (mortgaged); cards 1\n"
            "Ben: cash 340; in jail 2\n"
            "Turn: Ben\n"
            "[Moves]\n"
            "Ben rolls 3 3\n");
}

TEST_F(Notation, PrintGameOfAProgramBuiltHeader) {
  GameHeader h;
  h.ruleset = "uk-1972";
  h.players = {"Ann", "Ben"};
  h.variants = {"short-game"};
  h.seed = 7;
  Command roll;
  roll.actor = 1;
  std::string text = print_game(h, std::nullopt, {roll}, r);
  EXPECT_EQ(text,
            "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Variant \"short-game\"]\n[Seed \"7\"]\n\n[Moves]\nBen rolls\n");
  GameFile g;
  ParseError e;
  ASSERT_TRUE(game(text, &g, &e)) << format_error(e);
  EXPECT_EQ(g.header.seed, std::optional<std::uint64_t>(7));
  EXPECT_EQ(g.moves[0].command, roll);
}

TEST_F(Notation, PlayerCalledTurnIsQuotedInTheSetup) {
  GameFile g;
  ParseError e;
  ASSERT_TRUE(game("[Ruleset \"uk-1972\"]\n[Players \"Turn, Ben\"]\n[Setup]\n\"Turn\": cash 5\nTurn: Turn\n", &g, &e))
      << format_error(e);
  ASSERT_EQ(g.setup->players.size(), 1u);
  EXPECT_EQ(g.setup->players[0].player, 0);
  EXPECT_EQ(g.setup->turn, PlayerId{0});
  std::string printed = print_game(g.header, g.setup, {}, r);
  EXPECT_NE(printed.find("\"Turn\": cash 5\nTurn: Turn\n"), std::string::npos) << printed;
  GameFile back;
  ASSERT_TRUE(game(printed, &back, &e)) << format_error(e);
  expect_same_setup(g.setup, back.setup);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// rule uk-1972/setup/jail-cards: a setup may say which pack each held Get Out of Jail Free card
// came from; "cards N" keeps its meaning, and prints as it always did.
TEST(SetupCardPacks, PacksAreReadAndWrittenBack) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  GameFile g;
  ParseError e;
  ASSERT_TRUE(parse_game("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Setup]\nAnn: cards \"Community Chest\"\n"
                         "Ben: cards 1\n[Moves]\n",
                         r, &g, &e))
      << e.message;
  ASSERT_EQ(g.setup->players[0].jail_card_packs, std::vector<DeckId>{DeckId::CommunityChest});
  const std::string text = setup_text(*g.setup, r, {"Ann", "Ben"});
  EXPECT_NE(text.find("Ann: cards \"Community Chest\""), std::string::npos) << text;
  EXPECT_NE(text.find("Ben: cards 1"), std::string::npos) << text;
  // A pack the edition has not is refused, naming the packs it has.
  ASSERT_FALSE(parse_game("[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Setup]\nAnn: cards Treasure\n[Moves]\n", r,
                          &g, &e));
  EXPECT_NE(e.message.find("Community Chest"), std::string::npos) << e.message;
}

}  // namespace
}  // namespace deedlog
