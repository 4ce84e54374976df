#pragma once
// Every rule the engine applies, by id and by the rule book's section name. The ids are
// stable: rulings, tests and docs/rules.md cite them. A violation's rule id is the edition's
// id and this id ("uk-1972/jail/fine-before-throw").
#include <string>
#include <initializer_list>
#include <string_view>

#include "deedlog/ruleset.h"
#include "deedlog/violation.h"

namespace deedlog {

struct RuleRef {
  std::string_view id;
  std::string_view section;
};

namespace rule {
// TO START THE GAME
inline constexpr RuleRef kTurnOrder{"turn/order", "TO START THE GAME"};
inline constexpr RuleRef kDoublesThrowAgain{"turn/doubles-throw-again", "TO START THE GAME"};
inline constexpr RuleRef kThreeDoublesJail{"turn/three-doubles-jail", "TO START THE GAME"};
inline constexpr RuleRef kSalary{"turn/salary", "TO START THE GAME"};
inline constexpr RuleRef kFinishTheMove{"turn/finish-the-move", "TO START THE GAME"};
inline constexpr RuleRef kEndTurn{"turn/end-turn", "TO START THE GAME"};
inline constexpr RuleRef kSeededDice{"turn/seeded-dice", "TO START THE GAME"};
// Ours, not the rule book's: a sealed game (duplicate rounds, docs/tournaments.md) is thrown by
// the referee from a seed it keeps apart.
inline constexpr RuleRef kSealedDice{"referee/sealed-dice", "TO START THE GAME"};
// LANDING ON UNOWNED PROPERTY
inline constexpr RuleRef kBuyAtPrintedPrice{"buy/printed-price", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kBuyNeedsCash{"buy/cash", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kDeclineAuction{"auction/declined-goes-to-auction", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kBidsRise{"auction/bids-rise", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kBidWithinCash{"auction/bid-within-cash", "MISCELLANEOUS"};
inline constexpr RuleRef kAuctionPassIsFinal{"auction/pass-is-final", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kAuctionCloses{"auction/closes-when-others-pass", "LANDING ON UNOWNED PROPERTY"};
// LANDING ON OWNED PROPERTY
inline constexpr RuleRef kRentStreet{"rent/street", "LANDING ON OWNED PROPERTY"};
inline constexpr RuleRef kRentDoubleGroup{"rent/double-on-complete-group", "ADVANTAGES FOR OWNERS"};
inline constexpr RuleRef kRentDoubleBlockedByMortgage{"rent/no-double-if-group-mortgaged", "LANDING ON OWNED PROPERTY"};
inline constexpr RuleRef kRentStations{"rent/stations-by-number-unmortgaged", "LANDING ON OWNED PROPERTY"};
inline constexpr RuleRef kRentUtilities{"rent/utilities-by-dice", "LANDING ON OWNED PROPERTY"};
inline constexpr RuleRef kRentMortgaged{"rent/none-on-mortgaged", "LANDING ON OWNED PROPERTY"};
inline constexpr RuleRef kRentAskInTime{"rent/ask-before-next-throw", "LANDING ON OWNED PROPERTY"};
inline constexpr RuleRef kRentOwnerAsks{"rent/owner-asks", "LANDING ON OWNED PROPERTY"};
// LANDING ON TAX SPACES, FREE PARKING
inline constexpr RuleRef kTax{"tax/pay-bank", "LANDING ON TAX SPACES"};
inline constexpr RuleRef kTaxChoice{"tax/choice", "LANDING ON TAX SPACES"};
// House rules (deedlog/house_rules.h): cited as house rules wherever they decide a ruling; the
// others are read in engine/policies.cpp and marked there.
inline constexpr RuleRef kHouseNoAuctions{"house/no-auctions", "LANDING ON UNOWNED PROPERTY (a house rule)"};
inline constexpr RuleRef kHouseNoRentInJail{"house/no-rent-while-owner-in-jail", "JAIL (a house rule)"};
// LANDING ON "CHANCE" OR "COMMUNITY CHEST"
inline constexpr RuleRef kCardDraw{"cards/take-top-card", "LANDING ON \"CHANCE\" OR \"COMMUNITY CHEST\""};
inline constexpr RuleRef kCardOrder{"cards/pack-order", "LANDING ON \"CHANCE\" OR \"COMMUNITY CHEST\""};
inline constexpr RuleRef kCardJailKept{"cards/jail-card-kept", "LANDING ON \"CHANCE\" OR \"COMMUNITY CHEST\""};
inline constexpr RuleRef kCardChoice{"cards/fine-or-chance", "LANDING ON \"CHANCE\" OR \"COMMUNITY CHEST\""};
inline constexpr RuleRef kCardNearest{"cards/advance-to-nearest", "CARDS"};
// JAIL
inline constexpr RuleRef kJailGoTo{"jail/sent-to-jail", "JAIL"};
inline constexpr RuleRef kJailNoSalary{"jail/no-salary", "JAIL"};
inline constexpr RuleRef kJailDoubles{"jail/doubles-leave", "VISITING JAIL"};
inline constexpr RuleRef kJailFine{"jail/fine-before-throw", "VISITING JAIL"};
inline constexpr RuleRef kJailThirdTurn{"jail/third-turn-fine", "VISITING JAIL"};
inline constexpr RuleRef kJailCard{"jail/use-card", "VISITING JAIL"};
// Debts
inline constexpr RuleRef kDebtBlocks{"debt/game-waits", "BANKRUPTCY"};
// HOUSES, HOTELS
inline constexpr RuleRef kHousesCompleteGroup{"houses/complete-group", "HOUSES"};
inline constexpr RuleRef kHousesStreetsOnly{"houses/streets-only", "HOUSES"};
inline constexpr RuleRef kHousesInTurn{"houses/in-his-turn", "HOUSES"};
inline constexpr RuleRef kHousesEvenly{"houses/build-evenly", "HOUSES"};
inline constexpr RuleRef kHousesNotMortgaged{"houses/no-mortgaged-site-in-group", "HOUSES"};
inline constexpr RuleRef kHousesFourMax{"houses/four-then-hotel", "HOUSES"};
inline constexpr RuleRef kHousesCash{"houses/pay-the-bank", "HOUSES"};
inline constexpr RuleRef kHotelNeedsFour{"hotels/four-houses-on-each-site", "HOTELS"};
inline constexpr RuleRef kHotelOne{"hotels/one-per-site", "HOTELS"};
// BUILDING SHORTAGE
inline constexpr RuleRef kShortageStock{"shortage/bank-stock", "BUILDING SHORTAGE"};
inline constexpr RuleRef kShortageAuction{"shortage/auction", "BUILDING SHORTAGE"};
// SELLING PROPERTY
inline constexpr RuleRef kSellHalf{"sell/buildings-half-price", "SELLING PROPERTY"};
inline constexpr RuleRef kSellEvenly{"sell/evenly", "HOUSES"};
inline constexpr RuleRef kSellHotel{"sell/hotel-breaks-down", "SELLING PROPERTY"};
inline constexpr RuleRef kTradeNoBuildings{"trade/no-site-of-a-built-group", "SELLING PROPERTY"};
inline constexpr RuleRef kTradeHoldings{"trade/own-what-you-offer", "SELLING PROPERTY"};
inline constexpr RuleRef kTradeOpen{"trade/answer-the-open-offer", "SELLING PROPERTY"};
inline constexpr RuleRef kTradeNoBorrowing{"trade/no-borrowing", "MISCELLANEOUS"};
// MORTGAGES
inline constexpr RuleRef kMortgageUnbuilt{"mortgage/unbuilt-only", "MORTGAGES"};
inline constexpr RuleRef kMortgageValue{"mortgage/value", "MORTGAGES"};
inline constexpr RuleRef kMortgageLift{"mortgage/lift-with-interest", "MORTGAGES"};
inline constexpr RuleRef kMortgageTransfer{"mortgage/interest-on-transfer", "MORTGAGES"};
// BANKRUPTCY
inline constexpr RuleRef kBankruptcyOnlyInsolvent{"bankruptcy/only-when-insolvent", "BANKRUPTCY"};
inline constexpr RuleRef kBankruptcyToPlayer{"bankruptcy/to-a-player", "BANKRUPTCY"};
inline constexpr RuleRef kBankruptcyToBank{"bankruptcy/to-the-bank", "BANKRUPTCY"};
inline constexpr RuleRef kLastPlayerWins{"bankruptcy/last-player-wins", "BANKRUPTCY"};
// RULES FOR PLAYING THE SHORT GAME
inline constexpr RuleRef kShortDeal{"short-game/deal-two-deeds", "RULES FOR PLAYING THE SHORT GAME"};
inline constexpr RuleRef kShortTime{"short-game/time-called", "RULES FOR PLAYING THE SHORT GAME"};
inline constexpr RuleRef kShortFinishRound{"short-game/finish-round", "RULES FOR PLAYING THE SHORT GAME"};
inline constexpr RuleRef kShortAgreedHour{"short-game/agreed-hour", "RULES FOR PLAYING THE SHORT GAME"};
inline constexpr RuleRef kShortValue{"short-game/valuation", "RULES FOR PLAYING THE SHORT GAME"};
inline constexpr RuleRef kGameOver{"game/over", "BANKRUPTCY"};
// The computer edition (computer.txt has no section titles; its edition file names the passages)
inline constexpr RuleRef kBuyInTime{"buy/within-the-window", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kRentInTime{"rent/claim-within-the-window", "LANDING ON OWNED PROPERTY"};
inline constexpr RuleRef kAuctionOpening{"auction/opens-at-half-price", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kAuctionStep{"auction/small-steps", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kAuctionSilence{"auction/closes-after-silence", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kJailNoBid{"jail/no-bidding", "JAIL"};
// uk-1972's jail/privileges says a prisoner still collects rent; the computer edition cites the
// same id for its own rule, "Whilst in jail a player can't: Receive rent" (docs/editions.md).
inline constexpr RuleRef kJailPrivileges{"jail/privileges", "JAIL"};
inline constexpr RuleRef kJailNoTrade{"jail/no-trading", "JAIL"};
inline constexpr RuleRef kJailNoMortgage{"jail/no-mortgaging", "JAIL"};
inline constexpr RuleRef kJailSkipGo{"jail/skip-a-go", "JAIL"};
inline constexpr RuleRef kJailPayOrMiss{"jail/last-failure-pay-or-miss", "JAIL"};
inline constexpr RuleRef kTradeBeforeThrow{"trade/one-offer-before-the-throw", "SELLING PROPERTY"};
inline constexpr RuleRef kHousesInSequence{"houses/in-sequence", "HOUSES"};
inline constexpr RuleRef kSellByMortgage{"sell/buildings-only-by-mortgage", "MORTGAGES"};
inline constexpr RuleRef kMortgageLiftAtList{"mortgage/lift-at-list-price", "MORTGAGES"};
inline constexpr RuleRef kMortgageBeforeThrow{"mortgage/before-the-throw", "MORTGAGES"};
// regional-currency: EXCHANGE RATES, CONGLOMERATES (sections of regional-currency.txt)
inline constexpr RuleRef kBuyDeclinedWaits{"buy/declined-waits", "LANDING ON UNOWNED PROPERTY"};
inline constexpr RuleRef kConglomerateColours{"conglomerate/three-colours", "CONGLOMERATES"};
inline constexpr RuleRef kConglomerateFixed{"conglomerate/fixed-until-sold", "CONGLOMERATES"};
inline constexpr RuleRef kConglomerateTopRent{"conglomerate/top-of-stack-rent", "CONGLOMERATES"};
inline constexpr RuleRef kConglomerateDouble{"conglomerate/double-rent-unimproved", "CONGLOMERATES"};
inline constexpr RuleRef kConglomerateBuild{"conglomerate/build-on-conglomerates", "HOUSES"};
// Corrections and disputes (the referee's own powers: docs/rules.md)
inline constexpr RuleRef kCorrection{"referee/correction", "BANKER"};
inline constexpr RuleRef kTakeBack{"referee/take-back", "BANKER"};
inline constexpr RuleRef kRefereeNote{"referee/note", "BANKER"};
inline constexpr RuleRef kSalaryByReferee{"referee/salary-paid-by-referee", "TO START THE GAME"};
// Setup positions
inline constexpr RuleRef kSetupEvenBuilding{"setup/even-building", "HOUSES"};
inline constexpr RuleRef kSetupBuildingsNeedGroup{"setup/buildings-need-group", "HOUSES"};
inline constexpr RuleRef kSetupNoBuildingMortgaged{"setup/no-buildings-on-mortgaged-group", "HOUSES"};
inline constexpr RuleRef kSetupStock{"setup/building-stock", "EQUIPMENT"};
inline constexpr RuleRef kSetupOneOwner{"setup/one-owner", "THE BANK"};
inline constexpr RuleRef kSetupCards{"setup/jail-cards", "LANDING ON \"CHANCE\" OR \"COMMUNITY CHEST\""};
inline constexpr RuleRef kSetupJail{"setup/jail", "JAIL"};
inline constexpr RuleRef kSetupCash{"setup/cash", "MONEY"};
inline constexpr RuleRef kSetupOnlyStreets{"setup/buildings-on-streets", "HOUSES"};
// Whatever else a setup could state that no game reaches (a token off the board, a deed that is
// not on this edition's board): the position is refused whole.
inline constexpr RuleRef kSetupSound{"setup/sound-position", "EQUIPMENT"};
}  // namespace rule

inline Violation violation(const Ruleset& r, const RuleRef& ref, RefusalCode code,
                           std::initializer_list<RefusalArg> args = {}) {
  Violation v{r.id + "/" + std::string(ref.id), r.section(std::string(ref.section)), code, args, {}, {}};
  return v;
}

// A refusal whose words say what the game waits on (the move in progress, the open auction).
inline Violation violation(const Ruleset& r, const RuleRef& ref, RefusalCode code, const Waiting& waiting,
                           std::initializer_list<RefusalArg> args = {}) {
  Violation v = violation(r, ref, code, args);
  v.waiting = waiting;
  return v;
}

}  // namespace deedlog
