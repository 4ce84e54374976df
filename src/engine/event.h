#pragma once
// Events: facts in the past tense, consequences included. The journal stores them; replay
// folds evolve() over them. One flat value type for every kind keeps the fold fast and the
// codec simple; which fields a kind uses is listed beside it and in docs/journal.md.
#include <cstdint>
#include <string>
#include <vector>

#include "core/clock_stamp.h"
#include "core/ids.h"
#include "core/money.h"

namespace deedlog {

enum class EventType : std::uint8_t {
  MovePlayed,        // text: the move line in canonical notation (the command, for re-adjudication)
  PlayerPlaced,      // setup: player, amount = cash, square, flag = in jail, count = jail turns used
  PropertyAssigned,  // setup: player owns square, count = buildings (5 = hotel), flag = mortgaged
  JailCardAssigned,  // setup: player holds the Get Out of Jail Free card (deck, card)
  DeckShuffled,      // deck, order: the pack from the top down (seeded games)
  TurnStarted,       // player: whose turn it now is
  DiceThrown,        // player, die1, die2
  TokenMoved,        // player, square = where to, count = squares travelled (negative: backwards)
  SalaryPaid,        // player, amount
  PropertyOffered,   // player may buy square at its price (phase: buy or decline)
  PropertyBought,    // player, square, amount (printed price, or the winning bid)
  PurchaseDeclined,  // player, square
  AuctionOpened,     // square
  BidMade,           // player, amount
  BidderPassed,      // player
  AuctionWon,        // player, square, amount
  AuctionUnsold,     // square: nobody bid; it stays with the Bank
  RentDue,           // player = who landed, other = owner, square, amount (window opens)
  RentClaimed,       // other (owner) asked player for the rent on square in time: the window closes
  RentPaid,          // player pays other, square, amount
  RentForfeited,     // other = owner who did not ask in time, player, square, amount
  TaxPaid,           // player, square, amount
  CardAwaited,       // player must turn up a card from deck
  CardDrawn,         // player, deck, card; flag = the player keeps it (not back under the pack)
  CardChoiceOffered, // player must pay amount or draw from deck (card text gives the choice)
  JailCardKept,      // player keeps the Get Out of Jail Free card (deck, card)
  JailCardReturned,  // player used the card; it goes to the bottom of its pack (deck, card)
  PaidToBank,        // player, amount (card payments, card fines)
  PaidByBank,        // player, amount (card collections)
  PaidToPlayer,      // player pays other amount (cards like a birthday)
  SentToJail,        // player, count = reason (JailReason)
  JailTurnFailed,    // player threw no doubles and stays in; count = turns used now
  LeftJail,          // player, count = how (JailExit)
  FinePaid,          // player, amount (the jail fine)
  DebtIncurred,      // player owes other (kBank = the Bank) amount and cannot pay it in cash
  MoveCompleted,     // player's move is over; flag = he throws again (doubles)
  HouseBuilt,        // player, square, amount paid (0 when bought at a building auction)
  HotelBuilt,        // player, square, amount paid; count = the houses that go back to the Bank (4)
  HouseSold,         // player, square, amount received (half the price; 0 when surrendered)
  HotelSold,         // player, square, amount; count = houses the Bank puts back on the site (4, fewer in a shortage, 0 sold outright)
  PropertyMortgaged, // player, square, amount lent
  MortgageLifted,    // player, square, amount = the principal repaid
  InterestPaid,      // player, square, amount; flag = the 10% due when a mortgaged property changes hands
  TradeOffered,      // player offers other: mask/amount/cards given for mask2/amount2/cards2
  TradeRejected,     // player (either side) turned the open offer down or withdrew it
  TradeAccepted,     // player accepted other's offer (the transfers follow)
  PropertyTransferred, // square goes from player to other (kBank: back to the Bank, unmortgaged)
  JailCardTransferred, // the Get Out of Jail Free card (deck, card) goes from player to other
  DebtPaid,          // player pays other (kBank: the Bank) amount he owed
  PlayerBankrupted,  // player leaves the game; other = his creditor (kBank: the Bank)
  BankAuctionsQueued,// mask: the properties the Bank will auction one by one
  GameWon,           // player is the last left, or the richest when time was called
  TitleDealt,        // short game: player is dealt square and pays amount (its price) to the Bank
  TimeCalled,        // short game: the agreed finishing time; the move in progress completes
  BuildingPlaced,    // player places the building won at auction on square (HouseBuilt/HotelBuilt follow)
  RulingRecorded,    // a referee's correction for player; text = the reason; the movements follow
  TaxChoiceOffered,  // player on tax square chooses: amount (flat) or count % of his total worth
  CardDiceAwaited,   // player must throw the dice: the rent on square is count times the throw
  CardDiceThrown,    // player threw die1, die2 for a card's rent (not a turn's throw)
  JackpotAdded,      // house rule: amount just paid to the Bank waits on Free Parking
  JackpotWon,        // house rule: player landed on Free Parking and takes amount, all that waited
  JailChoiceOffered, // computer: player's last throw in jail failed: he pays amount and moves, or misses his next go
  GoSkipped,         // computer: player skips his go; flag = he stays in jail and this is the go he chose to miss
  ConglomerateFormed,// regional-currency: player stacks the squares in mask; square = the deed on top
  DebtSettledInKind, // player's debt to other is reduced by amount (his currency): the creditor took property for it
};
inline constexpr int kEventTypeCount = static_cast<int>(EventType::DebtSettledInKind) + 1;

enum class JailReason : std::uint8_t { GoToJailSquare = 0, Card = 1, ThreeDoubles = 2 };
// SkippedGo (computer): the player sat out a go and is free, staying on the square this turn.
enum class JailExit : std::uint8_t { Doubles = 0, Fine = 1, Card = 2, ThirdTurnFine = 3, SkippedGo = 4 };

struct Event {
  EventType type = EventType::MovePlayed;
  PlayerId player = kBank;
  PlayerId other = kBank;
  SquareId square = kNoSquare;
  DeckId deck = DeckId::Chance;
  CardIndex card = kNoCard;
  std::int8_t die1 = 0;
  std::int8_t die2 = 0;
  bool flag = false;
  std::int32_t count = 0;
  // A payment: amount is what the payer gave (or the Bank paid), in his own currency. amount2,
  // regional-currency only, is set when the Bank exchanged currencies: RentPaid, PaidToPlayer,
  // DebtPaid: what the payee received in his; PropertyBought, HouseBuilt, HotelBuilt,
  // PropertyMortgaged, MortgageLifted, InterestPaid, PaidToBank, PaidByBank: the sum as printed,
  // in the currency it is printed in (the region's, or the card's).
  Money amount;
  Money amount2;                    // TradeOffered: cash asked for; payments: see above
  std::uint64_t mask = 0;           // TradeOffered: squares given; BankAuctionsQueued: squares
  std::uint64_t mask2 = 0;          // TradeOffered: squares asked for
  std::uint8_t cards = 0;           // TradeOffered: Get Out of Jail Free cards given
  std::uint8_t cards2 = 0;          // TradeOffered: Get Out of Jail Free cards asked for
  // Timed editions (computer): the @TIME of the move, in seconds (core/clock_stamp.h), on the
  // events that start a clock: PropertyOffered, RentDue, AuctionOpened, BidMade.
  std::int64_t clock = kNoTime;
  std::string text;                 // MovePlayed: the move; RulingRecorded: the reason
  std::vector<CardIndex> order;     // DeckShuffled only

  bool operator==(const Event&) const = default;
};

using Events = std::vector<Event>;

const char* event_type_name(EventType t);
// false when name is not an event type.
bool event_type_from_name(const std::string& name, EventType* out);

}  // namespace deedlog
