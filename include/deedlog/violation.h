#pragma once
// A refusal by the rules, as a value: which rule (a stable id from docs/rules.md), where the
// rule book says it (the section's name), what is wrong (a RefusalCode) and the facts the
// words need (players, squares, sums, counts: never words). The engine writes no English:
// present/refusal_words.h says a refusal in the edition's own words, and only when someone
// reads it, so bots and self-play that only test `accepted` pay for no sentence.
#include <cstdint>
#include <string>
#include <vector>

#include "deedlog/command.h"
#include "deedlog/ids.h"
#include "deedlog/money.h"
#include "deedlog/state.h"

namespace deedlog {

// One code per shape of sentence, named for what is wrong. The order is free (codes are never
// stored), but kCount must stay last: the words' test walks every code.
enum class RefusalCode : std::uint16_t {
  // The turn and the move in progress (decide.cpp)
  MoveIsOver,              // player, next player
  NotYourTurnPlaysNext,    // player, next player
  NotYourTurnMustThrow,    // player, whose turn
  CannotActNow,            // player, act; waiting
  MustFinishPending,       // waiting
  GameIsOver,              // waiting
  NotYourTurnToEnd,        // whose turn, player
  CannotEndTurnYet,        // player, count (1: he threw doubles and throws again); waiting
  PlayerNotInGame,
  RefereeMovesOnly,
  RefereeOnlyVerb,
  UnknownMove,
  SalaryPaidByReferee,
  // Dice
  CardThrowIsOthers,       // whose throw
  WriteDiceAsThrown,
  NoSeedToThrow,
  DiceOutOfRange,          // count, count
  SealedDiceByReferee,     // a sealed game: the dice written by the table
  SealedSeedNotAtHand,     // a sealed game: the referee's seed cannot be read here
  SealedCardByReferee,     // a sealed game: the card named by the table
  // Buying and auctions
  NothingToBuyOrDecline,   // player, act; waiting
  OnlyLanderBuys,          // lander, square, act
  BuyNamesOtherSquare,     // player, square (named), square (offered)
  BuyTooLate,              // player, square, count (seconds late)
  CannotAffordPurchase,    // square, money (price), player, money (cash)
  NoAuctionHouseRule,
  NoAuctionInEdition,
  NoAuctionOpen,           // waiting
  PassedOutOfAuction,      // player
  JailedMayNotBid,         // player
  NowhereToPlaceBuilding,  // player, building
  HighBidderKeepsAPlace,   // player (the high bidder), building
  AuctionClosedBySilence,  // count (seconds late), count (1: a bid had been made)
  BidBelowOpening,         // square, money (least)
  BidBelowStep,            // money (least)
  BidNotPositive,
  BidTooLow,               // money (high bid), player (high bidder)
  BidBeyondCash,           // player, money (cash), money (bid)
  HighBidderCannotPass,    // player, money (high bid)
  // Rent
  RentClaimTooLate,        // player, square, count (seconds late)
  NoRentOnMortgaged,       // square, player (lander), player (owner)
  RentAlreadyPaid,         // player (payer), square, player (owner), money
  RentClaimMissed,         // player (owner), square, player (lander), count (landing event), player (thrower), count (throw event)
  RentOwedToOther,         // square, owner, player
  NoRentOwedTimed,         // player
  JailedCollectsNoRent,    // player (the owner, in jail)
  NoRentOwed,              // player
  // Cards
  PackOrderUnknown,        // deck
  NoSuchCard,              // deck; quoted: what the player said
  CardHeldByPlayer,        // card
  CardSeenBefore,          // card
  CardOrderKnown,          // card (the next), card (the one named)
  NoCardDue,               // waiting
  CardIsOthers,            // whose card
  ChoiceIsOthers,          // whose choice
  CannotPayFineTakeCard,   // player, money (cash), money (fine), deck
  // Jail
  CannotPayFineMissGo,     // player, money (cash), money (fine)
  NoSkippingInEdition,     // player
  OnlyJailedSkip,          // player
  SkipBeforeThrow,
  NotInJail,               // player
  FineBeforeThrow,
  LastJailTurnThrowFirst,  // player
  CannotPayFineThrow,      // player, money (cash), money (fine)
  CardBeforeThrow,
  NoJailCard,              // player
  MissedGoChosen,          // player
  NoTaxChoice,
  // Debts
  DebtBlocksGame,          // debtor, money (owed), creditor (kBank: the Bank), money (cash)
  DebtsBeforeLifting,      // player
  // Dealings only before the throw (computer)
  OnlyBeforeOwnThrow,      // player, act, whose turn
  // Houses, hotels, the shortage
  NotOwner,                // player, square
  NotInConglomerate,       // square
  ConglomerateMemberMortgaged,  // square (mortgaged), square (site)
  NotBuildingSite,         // square
  GroupIncomplete,         // square, player, group
  GroupSiteMortgaged,      // group
  BuildEvenly,             // square
  SellEvenly,              // square
  BuildInSequence,         // building, group, square
  HotelAlready,            // square
  HotelNeedsHouses,        // square, count (houses on it)
  NextIsHotel,             // square, count (houses on it)
  NoHotelsLeft,
  NoHousesLeft,
  CannotAffordBuilding,    // building, square, money (price), player, money (cash)
  PlaceWhatWasSold,        // building
  PlaceOneBuilding,
  BuildOnlyInOwnTurn,      // player, whose turn
  OneHotelASite,
  NoBuildingsOn,           // player, square
  BankBuysNoBuildings,     // square
  NoHotelOn,               // square
  SellHotelFirst,          // square
  NoHousesLeftOn,          // square
  NoBuildingToAuction,     // building
  TooFewBuilders,          // count, building
  // Trades
  GroupBuiltCannotTrade,   // square, square (the built one)
  CannotBorrow,            // player, money (free cash), money (offered), money (the player's standing bid, 0: none)
  JailCardsShort,          // player, count (held), count (offered)
  JailedMayNotTrade,       // player
  OfferToOtherPlayer,
  OfferAlreadyOpen,        // player (from), player (to)
  OfferLimitReached,       // player
  OfferHandsNothing,
  OfferIsOthersToAnswer,   // player
  NoOfferOpen,
  NoOfferForPlayer,
  TimeCalledNoDealings,
  TimeCalledMoveCompleted,
  TimeCalledRoundComplete,    // (finish-round: the round is complete, the game over)
  AgreedHourPassed,           // count (the hour, clock seconds), count (the move's stamp, clock seconds)
  // Mortgages
  AlreadyMortgaged,        // square
  JailedMayNotMortgage,    // player
  SellBuildingsBeforeMortgage,  // square
  NotMortgaged,            // square
  BuyBackAtListPrice,      // square, money (due), player, money (cash)
  CannotAffordLift,        // square, money (due), money (principal), money (interest), player, money (cash)
  // Bankruptcy
  OwesNothing,             // player
  CanStillRaise,           // player, money (owed), money (raisable), money (cash), then a step per sale
  // Conglomerates
  NoConglomerates,
  ConglomerateOfThree,     // count
  ConglomerateNotOwner,    // player, square
  NamedTwice,              // square
  AlreadyInConglomerate,   // square
  BuildingsStandOn,        // square
  SameColour,              // square, square
  // Corrections
  OnlyRefereeAwards,
  AwardToActivePlayer,
  AwardPayer,
  NotAProperty,            // square
  AlreadyHolds,            // player, square
  BuiltGroupDeedCannotMove,  // square, square (the built one)
  AwardNotPositive,
  OnlyRefereeTakesBack,
  TakeBackPastOpening,     // count (moves asked), count (moves played since the opening)
  TakeBackTooMany,         // count (moves asked), count (the most at once)
  OnlyRefereeNotes,
  NoteEmpty,
  // The short game
  DealFirst,
  DealOnlyInShortGame,
  DealBeforeFirstThrow,
  DealToPlayers,
  DeedNotInBank,           // square
  DealtEnough,             // player
  CannotPayForDeed,        // player, money, square
  NotAShortGame,
  TimeAlreadyCalled,
  // The opening and [Setup] (start.cpp)
  PlayersForEdition,
  SetupPlayerNotSeated,
  SetupListedTwice,        // player
  SetupTurnNotSeated,
  SetupUnsound,            // quoted: what the position breaks (a diagnostic of the invariants)
  SetupStockConglomerates, // count (houses), count (hotels)
  SetupNeedsConglomerate,  // square
  SetupConglomerateMortgaged,  // square
  SetupConglomerateUneven, // square
  SetupStreetsOnly,        // group
  SetupGroupNeedsOneOwner, // group
  SetupGroupMortgaged,     // group
  SetupGroupUneven,        // group
  SetupTooManyHouses,      // count
  SetupTooManyHotels,      // count
  SetupCashNegative,       // player
  SetupCashTooMuch,        // player, money (the most)
  SetupOffBoard,           // player
  SetupJailCardsNegative,  // player
  SetupNoJailSquare,
  SetupJailTurns,          // player, count (the most)
  SetupJailedStandsInJail, // player
  SetupDeedNotOnBoard,
  SquareNotOnBoard,        // count (the square's number)
  SetupOneTitleDeed,       // square, player (holder), player (named)
  SetupBuildingCount,      // square
  SetupMortgagedWithBuildings,  // square
  SetupPackOutOfJailCards, // deck
  SetupTooManyJailCards,
  SetupBankruptHolds,      // player: a bankrupt player holds nothing, owes nothing and has no turn
  SetupDebtPayable,        // player: he has the cash to pay what he owes, so he owes nothing
  SetupWinnerOut,          // player: the winner named is out of the game
  kCount
};

enum class ArgKind : std::uint8_t {
  Player,    // id: the seat (kBank for the Bank)
  Square,    // id
  Money,     // amount
  Count,     // amount
  Deck,      // id: DeckId
  Card,      // id: DeckId, amount: the card's index in its pack
  Group,     // id: index into Ruleset::groups
  Building,  // id: 1 a hotel, 0 a house
  Act,       // id: the verb a refusal names the act by ("cannot throw now"), plus 1; 0: none named
  SaleStep,  // a way to raise cash (CanStillRaise): id: square, amount: money; see sale_step
  Progress,  // build several: id: the step that failed, amount: how many were asked for
};

struct RefusalArg {
  ArgKind kind = ArgKind::Count;
  std::int32_t id = 0;
  std::int64_t amount = 0;
};

namespace arg {
inline RefusalArg player(PlayerId p) { return {ArgKind::Player, p, 0}; }
inline RefusalArg square(SquareId s) { return {ArgKind::Square, s, 0}; }
inline RefusalArg money(Money m) { return {ArgKind::Money, 0, m.units}; }
inline RefusalArg count(std::int64_t n) { return {ArgKind::Count, 0, n}; }
inline RefusalArg deck(DeckId d) { return {ArgKind::Deck, static_cast<std::int32_t>(d), 0}; }
inline RefusalArg card(DeckId d, CardIndex c) { return {ArgKind::Card, static_cast<std::int32_t>(d), c}; }
inline RefusalArg group(int g) { return {ArgKind::Group, g, 0}; }
inline RefusalArg building(bool hotel) { return {ArgKind::Building, hotel ? 1 : 0, 0}; }
inline RefusalArg act(Verb v) { return {ArgKind::Act, static_cast<std::int32_t>(v) + 1, 0}; }
inline RefusalArg progress(int failed_step, int asked) { return {ArgKind::Progress, failed_step, asked}; }
// A sale of buildings (buildings > 0, or hotel) or, with neither, a mortgage of the site.
inline RefusalArg sale_step(SquareId s, int buildings, bool hotel, Money amount) {
  return {ArgKind::SaleStep, s | (buildings << 8) | ((hotel ? 1 : 0) << 16), amount.units};
}
}  // namespace arg

// What the game waits on, captured when a refusal says so (the words need the position).
struct Waiting {
  Phase phase = Phase::AwaitingRoll;
  PlayerId player = 0;           // whose move it is (the placer when Placing, the winner when GameOver)
  PlayerId next = 0;             // who throws next (TurnOver)
  SquareId square = kNoSquare;   // the property offered, taxed or auctioned
  DeckId deck = DeckId::Chance;  // the pack due
  AuctionLot lot = AuctionLot::Property;
  Money fine;                    // the fine offered (CardChoice, JailChoice)
};

struct Violation {
  std::string rule;     // "uk-1972/jail/fine-before-throw"
  std::string section;  // "JAIL"
  RefusalCode code = RefusalCode::UnknownMove;
  std::vector<RefusalArg> args;
  Waiting waiting;      // for the codes that say what the game waits on
  // Words that come from outside the engine's: the player's own (the card he named, which the
  // card lookup answers), or a diagnostic of the position (SetupUnsound). Empty for the rest.
  std::string quoted;
};

}  // namespace deedlog
