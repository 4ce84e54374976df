// The computer edition (computer.txt) where it differs from uk-1972, as named settings of the
// same engine: the first player drawn, the ten-second windows read from @TIME stamps, auctions
// from half price in steps, what a jailed player may not do and how he leaves, one swop before
// the throw, houses in sequence, buildings mortgaged with their site, the list-price buy-back,
// and insolvency paid at mortgage value.
#include "deedlog/seeded_chance.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

const Ruleset& computer() { return testing::edition("computer"); }
SquareId S(const char* name) { return testing::square_named(computer(), name); }

Table computer_table(std::vector<PlayerSetup> seats, std::vector<std::string> players = {"Ann", "Ben", "Cat"},
                     std::optional<PlayerId> turn = std::nullopt) {
  return Table(std::move(players), setup_with(std::move(seats), turn), std::nullopt, computer());
}

Command at(Command c, const char* stamp) {
  c.at = stamp;
  c.clock = clock_seconds(stamp);  // as the notation reads the stamp
  return c;
}
Command stamped(Verb v, PlayerId p, const char* stamp, int a = 0, int b = 0) { return at(Table::cmd(v, p, a, b), stamp); }
Command bid(PlayerId p, std::int64_t amount, const char* stamp = "") {
  Command c = at(Table::cmd(Verb::Bid, p), stamp);
  c.amount = Money{amount};
  return c;
}
Command on(Verb v, PlayerId p, SquareId s) {
  Command c = Table::cmd(v, p);
  c.square = s;
  return c;
}

// rule computer/turn/first-player-drawn: the referee draws the first player from the Seed.
TEST(Computer, TheFirstPlayerIsDrawnFromTheSeed) {
  std::vector<int> firsts(4, 0);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Table t({"Ann", "Ben", "Cat", "Dan"}, std::nullopt, seed, computer());
    const PlayerId expected = static_cast<PlayerId>(seeded_below(seed, kFirstPlayerStream, 0, 4));
    EXPECT_EQ(t.state().turn, expected) << "seed " << seed;
    ++firsts[static_cast<std::size_t>(t.state().turn)];
  }
  for (int n : firsts) EXPECT_GT(n, 0) << "every seat is drawn first for some seed";
  // The table editions keep the first named first.
  Table uk({"Ann", "Ben", "Cat", "Dan"}, std::nullopt, 3, testing::uk1972());
  EXPECT_EQ(uk.state().turn, 0);
}

// rule computer/buy/within-the-window: ten seconds from the landing to "buys".
TEST(Computer, ASiteIsBoughtWithinTenSecondsOfTheLanding) {
  Table late = computer_table({seat(0), seat(1)}, {"Ann", "Ben"});
  late.play(stamped(Verb::Roll, 0, "19:00:00", 1, 2));  // Whitechapel Road, for sale
  EXPECT_EQ(late.state().offered_at, 19 * 3600);
  const Refused v = late.refuse(stamped(Verb::Buy, 0, "19:00:11"));
  EXPECT_EQ(v.rule, "computer/buy/within-the-window");
  EXPECT_EQ(v.section, "Landing on an unowned site");
  late.play(stamped(Verb::Decline, 0, "19:00:11"));  // the site goes to auction
  EXPECT_EQ(late.state().phase, Phase::Auction);

  Table in_time = computer_table({seat(0), seat(1)}, {"Ann", "Ben"});
  in_time.play(stamped(Verb::Roll, 0, "19:00:00", 1, 2));
  in_time.play(stamped(Verb::Buy, 0, "19:00:10"));
  EXPECT_EQ(in_time.holding("Whitechapel Road").owner, 0);
  EXPECT_EQ(in_time.player(0).cash, Money{1440});

  // Without stamps nothing shows the answer late.
  Table unstamped = computer_table({seat(0), seat(1)}, {"Ann", "Ben"});
  unstamped.roll(0, 1, 2);
  unstamped.buy(0);
  EXPECT_EQ(unstamped.holding("Whitechapel Road").owner, 0);
}

// rule computer/rent/claim-within-the-window: ten seconds to press Collect Rent.
TEST(Computer, RentIsClaimedWithinTenSecondsOrLost) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Whitechapel Road"))};
  Table late = computer_table({seat(0), ben}, {"Ann", "Ben"});
  late.play(stamped(Verb::Roll, 0, "2026-11-22T19:00:00Z", 1, 2));
  EXPECT_EQ(late.refuse(stamped(Verb::ClaimRent, 1, "2026-11-22T19:00:12Z")).rule,
            "computer/rent/claim-within-the-window");
  EXPECT_EQ(late.player(0).cash, Money{1500});

  PlayerSetup ben2 = seat(1);
  ben2.owns = {prop(S("Whitechapel Road"))};
  Table in_time = computer_table({seat(0), ben2}, {"Ann", "Ben"});
  in_time.play(stamped(Verb::Roll, 0, "23:59:58", 1, 2));
  in_time.play(stamped(Verb::ClaimRent, 1, "00:00:07"));  // nine seconds, past midnight
  EXPECT_EQ(in_time.player(0).cash, Money{1496});
  EXPECT_EQ(in_time.player(1).cash, Money{1504});
}

// The regression: the computer gives the owner ten seconds and nothing else closes the window,
// yet the lander's throw again after doubles closed it, and the refusal quoted the UK rule of
// "before the next throw".
TEST(Computer, AThrowAgainAfterDoublesDoesNotCloseTheRentWindow) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Whitechapel Road"))};
  Table t = computer_table({seat(0, 1500, S("Old Kent Road")), ben}, {"Ann", "Ben"});
  t.play(stamped(Verb::Roll, 0, "19:00:00", 1, 1));  // doubles onto Ben's Whitechapel Road
  ASSERT_TRUE(t.state().rent_open());
  t.play(stamped(Verb::Roll, 0, "19:00:03", 2, 3));  // Ann throws again at once
  EXPECT_TRUE(t.state().rent_open()) << "the throw must not close the owner's ten seconds";
  t.play(stamped(Verb::ClaimRent, 1, "19:00:08"));
  EXPECT_EQ(t.player(1).cash, Money{1504});
  // A claim with nothing owed cites the computer's own window, not "before the next throw".
  EXPECT_EQ(t.refuse(stamped(Verb::ClaimRent, 1, "19:00:09")).rule, "computer/rent/claim-within-the-window");
}

// The window lapses by the clock: a stamped move after its ten seconds finds the rent lost.
TEST(Computer, AnUnclaimedRentLapsesWhenItsSecondsRunOut) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Whitechapel Road"))};
  Table t = computer_table({seat(0, 1500, S("Old Kent Road")), ben}, {"Ann", "Ben"});
  t.play(stamped(Verb::Roll, 0, "19:00:00", 1, 1));
  t.play(stamped(Verb::Roll, 0, "19:00:15", 2, 3));
  EXPECT_TRUE(t.last_has(EventType::RentForfeited));
  EXPECT_FALSE(t.state().rent_open());
}

// rule computer/jail/privileges: a jailed owner receives no rent.
TEST(Computer, AJailedOwnerReceivesNoRent) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Whitechapel Road"))};
  ben.jail_turns = 0;
  Table t = computer_table({seat(0), ben}, {"Ann", "Ben"});
  t.roll(0, 1, 2);
  EXPECT_FALSE(t.last_has(EventType::RentDue));
  EXPECT_FALSE(t.state().rent_open());
}

// rule computer/jail/privileges: the jailed owner who asks all the same is refused by that
// rule ("Whilst in jail a player can't: Receive rent"), not by the ten seconds to claim in,
// which he did not miss: the refusal cited rent/claim-within-the-window.
TEST(Computer, AJailedOwnersClaimCitesThePrisonersRuleNotTheWindow) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Whitechapel Road"))};
  ben.jail_turns = 0;
  Table t = computer_table({seat(0), ben}, {"Ann", "Ben"});
  t.play(stamped(Verb::Roll, 0, "19:00:00", 1, 2));  // Ann lands on Ben's Whitechapel Road
  const Refused v = t.refuse(stamped(Verb::ClaimRent, 1, "19:00:02"));
  EXPECT_EQ(v.rule, "computer/jail/privileges");
  EXPECT_EQ(v.code, RefusalCode::JailedCollectsNoRent);
  EXPECT_TRUE(testing::has_arg(v, arg::player(1)));
  // Out of jail, a claim with nothing owed still cites the window.
  Table free_owner = computer_table({seat(0), seat(1)}, {"Ann", "Ben"});
  EXPECT_EQ(free_owner.refuse(stamped(Verb::ClaimRent, 1, "19:00:02")).rule, "computer/rent/claim-within-the-window");
}

// rule computer/auction/opens-at-half-price and rule computer/auction/small-steps.
TEST(Computer, TheAuctionStartsAtHalfThePriceAndRisesInSteps) {
  Table t = computer_table({seat(0), seat(1), seat(2)});
  t.roll(0, 1, 2);  // Whitechapel Road, £60
  t.decline(0);
  Refused low = t.refuse(bid(1, 29));
  EXPECT_EQ(low.rule, "computer/auction/opens-at-half-price");
  EXPECT_EQ(low.code, RefusalCode::BidBelowOpening);
  EXPECT_TRUE(testing::has_arg(low, arg::money(Money{30}))) << low.message;
  t.play(bid(1, 30));
  EXPECT_EQ(t.refuse(bid(2, 39)).rule, "computer/auction/small-steps");
  t.play(bid(2, 40));
  t.pass(0);
  t.pass(1);
  EXPECT_EQ(t.holding("Whitechapel Road").owner, 2);
  EXPECT_EQ(t.player(2).cash, Money{1460});
}

// rule computer/auction/closes-after-silence: no bid for ten seconds ends the auction.
TEST(Computer, ABidAfterTenSecondsOfSilenceIsRefused) {
  Table t = computer_table({seat(0), seat(1), seat(2)});
  t.play(stamped(Verb::Roll, 0, "19:00:00", 1, 2));
  t.play(stamped(Verb::Decline, 0, "19:00:05"));
  t.play(bid(1, 30, "19:00:15"));  // ten seconds after the opening: in time
  EXPECT_EQ(t.refuse(bid(2, 40, "19:00:26")).rule, "computer/auction/closes-after-silence");
  t.pass(2);
  t.pass(0);
  EXPECT_EQ(t.holding("Whitechapel Road").owner, 1);
}

// rule computer/auction/closes-after-silence and rule computer/buy/within-the-window: the clock
// runs out by itself. A move stamped after the ten seconds to buy finds the site at auction
// (opened when the time ran out), and one stamped ten seconds after the last bid finds the
// auction over, the high bid winning.
TEST(Computer, WindowsRunOutByThemselves) {
  Table t = computer_table({seat(0), seat(1), seat(2)});
  t.play(stamped(Verb::Roll, 0, "19:00:00", 1, 2));  // Whitechapel Road, for sale
  t.play(bid(1, 30, "19:00:12"));                     // the auction opened at 19:00:10
  EXPECT_TRUE(t.last_has(EventType::PurchaseDeclined));
  EXPECT_EQ(t.last_of(EventType::AuctionOpened).clock, 19 * 3600 + 10);
  EXPECT_EQ(t.state().auction.high_bidder, 1);
  t.play(stamped(Verb::Roll, 1, "19:00:25", 2, 3));   // 13 seconds of silence: Ben has it
  EXPECT_EQ(t.holding("Whitechapel Road").owner, 1);
  EXPECT_EQ(t.player(1).cash, Money{1470});
  EXPECT_EQ(t.player(1).square, S("King's Cross Station"));
  // A buy stamped after the window is still refused with the reason, not swallowed.
  EXPECT_EQ(t.refuse(stamped(Verb::Buy, 1, "19:00:40")).rule, "computer/buy/within-the-window");
}

// rule computer/jail/no-bidding: a jailed player is out of every auction.
TEST(Computer, AJailedPlayerCannotBid) {
  PlayerSetup cat = seat(2);
  cat.jail_turns = 0;
  Table t = computer_table({seat(0), seat(1), cat});
  t.roll(0, 1, 2);
  t.decline(0);
  EXPECT_TRUE(t.state().auction.passed & (1u << 2)) << "Cat is out of the auction from its opening";
  const Refused v = t.refuse(bid(2, 30));
  EXPECT_EQ(v.rule, "computer/jail/no-bidding");
  EXPECT_EQ(v.section, "Jail");
  t.play(bid(1, 30));
  t.pass(0);  // Ann passes: Ben, the only other bidder left, has it
  EXPECT_EQ(t.holding("Whitechapel Road").owner, 1);
}

// rule computer/jail/no-trading: neither side of a swop may be in jail.
TEST(Computer, AJailedPlayerCannotTrade) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(S("Old Kent Road"))};
  PlayerSetup ben = seat(1);
  ben.jail_turns = 0;
  Table t = computer_table({ann, ben}, {"Ann", "Ben"});
  Command offer = Table::cmd(Verb::Offer, 0);
  offer.counterparty = 1;
  offer.give.properties = {S("Old Kent Road")};
  offer.get.cash = Money{100};
  EXPECT_EQ(t.refuse(offer).rule, "computer/jail/no-trading");
}

// rule computer/jail/no-mortgaging: not while in jail (except to pay a debt).
TEST(Computer, AJailedPlayerCannotMortgage) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(S("Old Kent Road"))};
  ann.jail_turns = 0;
  Table t = computer_table({ann, seat(1)}, {"Ann", "Ben"});
  EXPECT_EQ(t.refuse(on(Verb::Mortgage, 0, S("Old Kent Road"))).rule, "computer/jail/no-mortgaging");
}

// rule computer/jail/skip-a-go: sitting out a go frees the player, who stays put this turn.
TEST(Computer, SkippingAGoLeavesJailWithoutMoving) {
  PlayerSetup ann = seat(0);
  ann.jail_turns = 0;
  Table t = computer_table({ann, seat(1)}, {"Ann", "Ben"});
  t.play(Table::cmd(Verb::SkipGo, 0));
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).square, computer().jail_square);
  EXPECT_EQ(t.player(0).cash, Money{1500});
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
  EXPECT_EQ(t.last_of(EventType::LeftJail).count, static_cast<int>(JailExit::SkippedGo));
  // A player not in jail throws.
  EXPECT_EQ(t.refuse(Table::cmd(Verb::SkipGo, 1)).rule, "computer/jail/skip-a-go");
}

// rule computer/jail/last-failure-pay-or-miss: after the third failed throw, pay £50 and move
// by it, or miss the next go.
TEST(Computer, AfterTheThirdFailedThrowThePlayerPaysAndMovesOrMissesHisNextGo) {
  PlayerSetup ann = seat(0);
  ann.jail_turns = 2;
  Table pays = computer_table({ann, seat(1)}, {"Ann", "Ben"});
  pays.roll(0, 1, 2);
  EXPECT_EQ(pays.state().phase, Phase::JailChoice);
  EXPECT_TRUE(pays.player(0).in_jail);
  pays.play(Table::cmd(Verb::PayFine, 0));
  EXPECT_EQ(pays.player(0).cash, Money{1450});
  EXPECT_EQ(pays.player(0).square, S("Whitehall"));
  EXPECT_EQ(pays.state().phase, Phase::BuyDecision);

  Table misses = computer_table({ann, seat(1)}, {"Ann", "Ben"});
  misses.roll(0, 1, 2);
  misses.play(Table::cmd(Verb::SkipGo, 0));
  EXPECT_TRUE(misses.player(0).in_jail);
  EXPECT_EQ(misses.state().phase, Phase::TurnOver);
  misses.roll(1, 1, 3);  // Income Tax
  misses.end_turn(1);
  EXPECT_EQ(misses.refuse(Table::cmd(Verb::Roll, 0, 4, 4)).rule, "computer/jail/last-failure-pay-or-miss");
  EXPECT_EQ(misses.refuse(Table::cmd(Verb::PayFine, 0)).rule, "computer/jail/last-failure-pay-or-miss");
  misses.play(Table::cmd(Verb::SkipGo, 0));  // the go he chose to miss
  EXPECT_FALSE(misses.player(0).in_jail);
  EXPECT_EQ(misses.player(0).cash, Money{1500});
  EXPECT_EQ(misses.player(0).square, computer().jail_square);
}

// rule computer/trade/one-offer-before-the-throw
TEST(Computer, OneSwopIsProposedATurnByThePlayerToMoveBeforeHeThrows) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(S("Old Kent Road"))};
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Whitechapel Road"))};
  Table t = computer_table({ann, ben}, {"Ann", "Ben"});
  Command offer = Table::cmd(Verb::Offer, 0);
  offer.counterparty = 1;
  offer.give.cash = Money{100};
  offer.get.properties = {S("Whitechapel Road")};
  Command from_ben = Table::cmd(Verb::Offer, 1);
  from_ben.counterparty = 0;
  from_ben.give.cash = Money{100};
  from_ben.get.properties = {S("Old Kent Road")};
  EXPECT_EQ(t.refuse(from_ben).rule, "computer/trade/one-offer-before-the-throw");  // not Ben's turn
  t.play(offer);
  t.play(Table::cmd(Verb::Reject, 1));
  EXPECT_EQ(t.refuse(offer).rule, "computer/trade/one-offer-before-the-throw");  // one a turn
  t.roll(0, 2, 3);  // King's Cross Station
  t.decline(0);
  t.pass(1);
  t.pass(0);
  // Ben's turn comes with his offer, before his throw.
  t.play(from_ben);
  t.play(Table::cmd(Verb::Accept, 0));
  EXPECT_EQ(t.holding("Old Kent Road").owner, 1);
  t.roll(1, 1, 2);
  Command after_throw = from_ben;
  after_throw.get.properties = {};
  after_throw.get.cash = Money{0};
  after_throw.give.cash = Money{0};
  after_throw.give.properties = {S("Old Kent Road")};
  EXPECT_EQ(t.refuse(after_throw).rule, "computer/trade/one-offer-before-the-throw");
}

// rule computer/houses/in-sequence: the set's sites take houses in printed order.
TEST(Computer, HousesGoOnTheSitesOfASetInOrder) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(S("Old Kent Road")), prop(S("Whitechapel Road"))};
  Table t = computer_table({ann, seat(1)}, {"Ann", "Ben"});
  const Refused v = t.refuse(on(Verb::Build, 0, S("Whitechapel Road")));
  EXPECT_EQ(v.rule, "computer/houses/in-sequence");
  EXPECT_EQ(v.code, RefusalCode::BuildInSequence);
  EXPECT_TRUE(testing::has_arg(v, arg::square(S("Old Kent Road")))) << v.message;
  t.play(on(Verb::Build, 0, S("Old Kent Road")));
  EXPECT_EQ(t.refuse(on(Verb::Build, 0, S("Old Kent Road"))).rule, "computer/houses/in-sequence");
  t.play(on(Verb::Build, 0, S("Whitechapel Road")));
  EXPECT_EQ(t.holding("Old Kent Road").buildings, 1);
  EXPECT_EQ(t.holding("Whitechapel Road").buildings, 1);
}

// rule computer/sell/buildings-only-by-mortgage and rule computer/mortgage/with-its-buildings.
TEST(Computer, BuildingsLeaveOnlyWithTheirSitesMortgage) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(S("Old Kent Road"), 2), prop(S("Whitechapel Road"), 2)};
  Table t = computer_table({ann, seat(1)}, {"Ann", "Ben"});
  EXPECT_EQ(t.refuse(on(Verb::Sell, 0, S("Old Kent Road"))).rule, "computer/sell/buildings-only-by-mortgage");
  t.play(on(Verb::Mortgage, 0, S("Old Kent Road")));
  // Half the site's price (£30) and half each house's (£25 twice).
  EXPECT_EQ(t.player(0).cash, Money{1500 + 30 + 50});
  EXPECT_TRUE(t.holding("Old Kent Road").mortgaged);
  EXPECT_EQ(t.holding("Old Kent Road").buildings, 0);
  EXPECT_EQ(t.holding("Whitechapel Road").buildings, 2) << "the rest of the set keeps its houses";
  EXPECT_EQ(t.state().bank_houses, 30);
  EXPECT_TRUE(t.last_of(EventType::HouseSold).flag);
}

// rule computer/mortgage/lift-at-list-price: the site comes back at its printed price.
TEST(Computer, AMortgagedSiteIsBoughtBackAtItsListPrice) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(S("Mayfair"), 0, true)};
  Table t = computer_table({ann, seat(1)}, {"Ann", "Ben"});
  t.play(on(Verb::Unmortgage, 0, S("Mayfair")));
  EXPECT_EQ(t.player(0).cash, Money{1500 - 400});
  EXPECT_FALSE(t.last_has(EventType::InterestPaid));
  EXPECT_FALSE(t.holding("Mayfair").mortgaged);
}

// rule computer/mortgage/before-the-throw: mortgages are arranged before one's own throw.
TEST(Computer, MortgagesAreArrangedBeforeTheThrow) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(S("Old Kent Road"))};
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Whitechapel Road"))};
  Table t = computer_table({ann, ben}, {"Ann", "Ben"});
  EXPECT_EQ(t.refuse(on(Verb::Mortgage, 1, S("Whitechapel Road"))).rule, "computer/mortgage/before-the-throw");
  t.roll(0, 2, 3);
  t.decline(0);
  t.pass(1);
  t.pass(0);
  EXPECT_EQ(t.refuse(on(Verb::Mortgage, 0, S("Old Kent Road"))).rule, "computer/mortgage/before-the-throw");
  t.play(on(Verb::Mortgage, 1, S("Whitechapel Road")));  // Ben's turn begins with it
  EXPECT_EQ(t.state().turn, 1);
  EXPECT_EQ(t.player(1).cash, Money{1530});
}

// rule computer/bankruptcy/insolvent-at-mortgage-value: the creditor is paid the mortgage value
// of the insolvent player's assets; his sites go back on sale.
TEST(Computer, AnInsolventPlayerLeavesAndTheCreditorIsPaidTheMortgageValue) {
  PlayerSetup ann = seat(0, 10, S("Bond Street"));
  ann.owns = {prop(S("Old Kent Road")), prop(S("Whitechapel Road"), 0, true), prop(S("Pentonville Road"))};
  PlayerSetup ben = seat(1, 100);
  ben.owns = {prop(S("Park Lane"), 0, false, true), prop(S("Mayfair"), 0, false, true)};
  Table t = computer_table({ann, ben, seat(2)});
  t.roll(0, 2, 3);  // Mayfair with a hotel: £2,000
  t.claim(1);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 1, 1, 2)).rule, "computer/debt/game-waits");
  t.play(Table::cmd(Verb::DeclareBankruptcy, 0));
  EXPECT_TRUE(t.player(0).bankrupt);
  // Ben: his £100, Ann's £10, and the mortgage values of Old Kent Road (£30) and Pentonville
  // Road (£60); Whitechapel Road was mortgaged already.
  EXPECT_EQ(t.player(1).cash, Money{100 + 10 + 30 + 60});
  for (const char* site : {"Old Kent Road", "Whitechapel Road", "Pentonville Road"}) {
    EXPECT_EQ(t.holding(site).owner, kBank) << site;
    EXPECT_FALSE(t.holding(site).mortgaged) << site;
  }
  EXPECT_NE(t.state().phase, Phase::Auction) << "no auction: the sites wait for the next lander";
  EXPECT_EQ(t.state().turn, 1);
}

// rule computer/bankruptcy/only-when-insolvent: cash and mortgage values that cover the debt
// must pay it.
TEST(Computer, APlayerWhoCanMortgageEnoughIsNotInsolvent) {
  PlayerSetup ann = seat(0, 10, S("Bond Street"));
  ann.owns = {prop(S("Regent Street")), prop(S("Oxford Street"))};
  PlayerSetup ben = seat(1, 100);
  ben.owns = {prop(S("Park Lane")), prop(S("Mayfair"), 0, false, false)};
  Table t = computer_table({ann, ben}, {"Ann", "Ben"});
  t.roll(0, 2, 3);  // Mayfair, unimproved in a complete set: £100
  t.claim(1);
  const Refused v = t.refuse(Table::cmd(Verb::DeclareBankruptcy, 0));
  EXPECT_EQ(v.rule, "computer/bankruptcy/only-when-insolvent");
  t.play(on(Verb::Mortgage, 0, S("Regent Street")));  // while owing, the throw rule gives way
  EXPECT_EQ(t.player(0).total_owed(), Money{0});
  EXPECT_EQ(t.player(1).cash, Money{200});
}

// rule computer/jail/doubles-leave: "they can move on the double but they don't get the extra go".
TEST(Computer, DoublesOutOfJailMoveButGiveNoExtraGo) {
  PlayerSetup ann = seat(0);
  ann.jail_turns = 0;
  Table t = computer_table({ann, seat(1)}, {"Ann", "Ben"});
  t.roll(0, 3, 3);  // Jail (10) + 6 = Bow Street
  EXPECT_FALSE(t.player(0).in_jail);
  EXPECT_EQ(t.player(0).square, S("Bow Street"));
  t.decline(0);
  t.pass(1);
  t.pass(0);
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// rule computer/houses/in-his-turn: "You can purchase a house on any turn".
TEST(Computer, HousesMayBeBoughtOnAnyTurn) {
  PlayerSetup ben = seat(1);
  ben.owns = {prop(S("Park Lane")), prop(S("Mayfair"))};
  Table t = computer_table({seat(0), ben}, {"Ann", "Ben"});
  t.play(on(Verb::Build, 1, S("Park Lane")));  // Ann's turn
  EXPECT_EQ(t.holding("Park Lane").buildings, 1);
}

// rule computer/tax/pay-bank: the Tax Due squares take their sum; there is no choice.
TEST(Computer, TaxDueIsTakenWithoutAChoice) {
  Table t = computer_table({seat(0), seat(1)}, {"Ann", "Ben"});
  t.roll(0, 1, 3);  // Income Tax
  EXPECT_EQ(t.player(0).cash, Money{1300});
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
}

// rule computer/setup/no-buildings-on-mortgaged-group: a setup may hold what play reaches here,
// a set built beside a site mortgaged with its buildings, and a player who chose to miss his go.
TEST(Computer, ASetupTakesPositionsThatPlayReaches) {
  PlayerSetup ann = seat(0);
  ann.owns = {prop(S("Old Kent Road"), 0, true), prop(S("Whitechapel Road"), 2)};
  PlayerSetup ben = seat(1);
  ben.jail_turns = 3;
  Table t = computer_table({ann, ben}, {"Ann", "Ben"}, 1);
  EXPECT_EQ(t.holding("Whitechapel Road").buildings, 2);
  EXPECT_EQ(t.refuse(Table::cmd(Verb::Roll, 1, 1, 2)).rule, "computer/jail/last-failure-pay-or-miss");
  t.play(Table::cmd(Verb::SkipGo, 1));
  EXPECT_FALSE(t.player(1).in_jail);
}

}  // namespace
}  // namespace deedlog
