#include "present/refusal_words.h"

#include <fmt/format.h>

#include "core/article.h"
#include "deedlog/command.h"
#include "deedlog/clock_stamp.h"
#include "deedlog/player_ref.h"
#include "deedlog/policies.h"
#include "core/plural.h"
#include "present/money_words.h"
#include "rules/card_lookup.h"

namespace deedlog {
namespace {

std::string square_words(const Ruleset& r, int square) {
  return square >= 0 && square < r.board_size() ? r.square(static_cast<SquareId>(square)).name : std::string("?");
}

std::string player_words(PlayerId p) { return p == kBank ? std::string("the Bank") : player_ref(p); }

const Deck& deck_of(const Ruleset& r, int deck) { return r.decks[deck == 1 ? 1 : 0]; }

// How a player raises cash in this edition: "selling buildings, mortgaging", or (computer, where
// the Bank buys no building back) "mortgaging".
std::string raising_words(const Ruleset& r) {
  return r.buildings_sold_back ? "selling buildings, mortgaging" : "mortgaging (buildings go with their site)";
}

// How a refusal names the act of a verb (deedlog/verbs.h, "act"): "cannot throw now". The
// argument holds the verb plus 1; 0, or a verb whose refusals never name it, is a "move".
std::string act_words(std::int32_t verb_plus_one) {
  const std::int32_t code = verb_plus_one - 1;
  const std::string_view words =
      code >= 0 && static_cast<std::size_t>(code) < kVerbCount ? verb_words(static_cast<Verb>(code)).act : "";
  return words.empty() ? std::string("move") : std::string(words);
}

// The refusal's facts by position, each said in the edition's words. A fact missing (the words'
// test renders every code with none) reads as the first player, square or pack.
class Facts {
 public:
  Facts(const Ruleset& r, const Violation& v) : r_(r), v_(v) {}

  const RefusalArg& at(std::size_t i) const {
    static const RefusalArg none{};
    return i < v_.args.size() ? v_.args[i] : none;
  }
  std::string player(std::size_t i) const { return player_words(static_cast<PlayerId>(at(i).id)); }
  std::string square(std::size_t i) const { return square_words(r_, at(i).id); }
  std::string money(std::size_t i) const { return money_words(r_, Money{at(i).amount}); }
  std::int64_t count(std::size_t i) const { return at(i).amount; }
  const std::string& deck(std::size_t i) const { return deck_of(r_, at(i).id).name; }
  std::string card(std::size_t i) const {
    const Deck& d = deck_of(r_, at(i).id);
    const auto index = static_cast<std::size_t>(at(i).amount);
    return index < d.cards.size() ? d.cards[index].text : std::string("?");
  }
  std::string group(std::size_t i) const {
    const auto g = static_cast<std::size_t>(at(i).id);
    return g < r_.groups.size() ? r_.groups[g].name : std::string("?");
  }
  const std::string& building(std::size_t i) const { return at(i).id ? r_.words.hotel : r_.words.house; }
  std::string act(std::size_t i) const { return act_words(at(i).id); }

 private:
  const Ruleset& r_;
  const Violation& v_;
};

// CanStillRaise: each way the debtor could still raise cash, "; " between them.
std::string raising_plan_words(const Ruleset& r, const Violation& v) {
  std::string out;
  for (const RefusalArg& a : v.args) {
    if (a.kind != ArgKind::SaleStep) continue;
    const int square = a.id & 0xFF;
    const int buildings = (a.id >> 8) & 0xFF;
    const bool hotel = ((a.id >> 16) & 1) != 0;
    if (!out.empty()) out += "; ";
    if (hotel || buildings > 0)
      out += fmt::format("{} the {} on {} for {}", r.mortgage.covers_buildings ? "mortgage" : "sell",
                         hotel ? r.words.hotel
                               : fmt::format("{} {}", buildings, buildings == 1 ? r.words.house : r.words.houses),
                         square_words(r, square), money_words(r, Money{a.amount}));
    else
      out += fmt::format("mortgage {} for {}", square_words(r, square), money_words(r, Money{a.amount}));
  }
  return out;
}

std::string sentence(const Ruleset& r, const Violation& v) {
  const Facts f(r, v);
  const std::string waiting = [&] {
    switch (v.code) {
      case RefusalCode::CannotActNow:
      case RefusalCode::MustFinishPending:
      case RefusalCode::GameIsOver:
      case RefusalCode::CannotEndTurnYet:
      case RefusalCode::NothingToBuyOrDecline:
      case RefusalCode::NoAuctionOpen:
      case RefusalCode::NoCardDue: return waiting_words(r, v.waiting);
      default: return std::string();
    }
  }();
  using C = RefusalCode;
  switch (v.code) {
    // The turn and the move in progress
    case C::MoveIsOver:
      return fmt::format("{}'s move is over (no doubles to throw again); {} throws next", f.player(0), f.player(1));
    case C::NotYourTurnPlaysNext: return fmt::format("it is not {}'s turn: {} plays next", f.player(0), f.player(1));
    case C::NotYourTurnMustThrow: return fmt::format("it is not {}'s turn: {} must throw", f.player(0), f.player(1));
    case C::CannotActNow: return fmt::format("{} cannot {} now: {}", f.player(0), f.act(1), waiting);
    case C::MustFinishPending:
    case C::GameIsOver: return waiting;
    case C::NotYourTurnToEnd: return fmt::format("it is {}'s turn, not {}'s", f.player(0), f.player(1));
    case C::CannotEndTurnYet:
      return fmt::format("{} cannot end the turn yet: {}{}", f.player(0), waiting, f.count(1) ? " again (doubles)" : "");
    case C::PlayerNotInGame: return "only a player still in the game may make a move";
    case C::RefereeMovesOnly:
      return "the referee calls time, deals, awards and opens building auctions; the players make the other moves";
    case C::RefereeOnlyVerb: return "only the referee calls time, deals, awards, or opens a building auction";
    case C::UnknownMove: return "unknown move";
    case C::SalaryPaidByReferee:
      return "the referee pays salary itself whenever it is due; to question a move's salary, ask `referee dispute "
             "\"NAME claims salary\" --at SEQ`";
    // Dice
    case C::CardThrowIsOthers: return fmt::format("the throw is {}'s", f.player(0));
    case C::WriteDiceAsThrown: return "write the dice as thrown, e.g. \"rolls 3 4\"";
    case C::NoSeedToThrow:
      return "this game has no Seed, so the referee cannot throw: write the dice as thrown, e.g. \"rolls 3 4\"";
    case C::SealedDiceByReferee:
      return "this game is sealed: the referee throws the dice from its sealed seed; write \"rolls\" without dice";
    case C::SealedSeedNotAtHand:
      return "this game is sealed and its seed is not kept with this journal, so the referee cannot throw here";
    case C::SealedCardByReferee:
      return "this game is sealed: the referee turns the card up from its sealed order; write \"draws\" without naming it";
    case C::DiceOutOfRange: return fmt::format("dice show 1 to 6, not {} and {}", f.count(0), f.count(1));
    // Buying and auctions
    case C::NothingToBuyOrDecline:
      return fmt::format("{} has nothing to {}: a property is bought when its buyer lands on it unowned; now {}",
                         f.player(0), f.act(1), waiting);
    case C::BuyNamesOtherSquare:
      return fmt::format("{} may buy only the site the Bank offers, {}, not {}", f.player(0), f.square(2), f.square(1));
    case C::OnlyLanderBuys:
      return fmt::format("only {}, who landed on {}, may {} it at the printed price", f.player(0), f.square(1), f.act(2));
    case C::BuyTooLate:
      return fmt::format("{} had {} seconds from landing on {} to buy it and answered {} seconds after; the site goes "
                         "to auction ({} declines)",
                         f.player(0), r.timed.buy_seconds, f.square(1), f.count(2), f.player(0));
    case C::CannotAffordPurchase:
      return fmt::format("{} costs {} and {} has {}: {} or decline{}", f.square(0), f.money(1), f.player(2), f.money(3),
                         r.mortgage.before_throw_only
                             ? std::string("mortgages are arranged before the throw, so the buyer pays with the cash in hand")
                             : "raise the money first (" + raising_words(r) + ")",
                         policy::declined_property_auctioned(r) ? " and it goes to auction" : "");
    case C::NoAuctionHouseRule:
      return "no auction is open: the house rules say a declined property is not auctioned but stays with the Bank "
             "for the next player who lands on it";
    case C::NoAuctionInEdition:
      return "no auction is open: in this edition a declined property is not auctioned but stays with the Bank for "
             "the next player who lands on it";
    case C::NoAuctionOpen: return fmt::format("no auction is open: one opens when a player declines to buy; now {}", waiting);
    case C::PassedOutOfAuction: return fmt::format("{} has passed and is out of this auction", f.player(0));
    case C::JailedMayNotBid: return fmt::format("{} is in {} and may not bid", f.player(0), r.words.jail);
    case C::NowhereToPlaceBuilding:
      return fmt::format("{} has nowhere to put {} and so does not bid for one", f.player(0), with_article(f.building(1)));
    case C::HighBidderKeepsAPlace:
      return fmt::format("{} holds the high bid for {} at the building auction: this would leave nowhere to put it, "
                         "so it waits until the auction is over",
                         f.player(0), with_article(f.building(1)));
    case C::AuctionClosedBySilence:
      return fmt::format("no bid came for {} seconds after the {}, so the auction was over {} seconds before this bid: "
                         "the others pass",
                         f.count(0) + r.timed.auction_seconds, f.count(1) ? "last bid" : "opening", f.count(0));
    case C::BidBelowOpening:
      return fmt::format("the bidding for {} starts at {}, {}% of its price", f.square(0), f.money(1),
                         r.auction.opening_percent);
    case C::BidBelowStep:
      return fmt::format("each bid raises the last by {} at least: {} or more", money_words(r, r.auction.step),
                         f.money(0));
    case C::BidNotPositive: return "a bid is a positive amount";
    case C::BidTooLow: return fmt::format("the bid to beat is {} by {}: bid more or pass", f.money(0), f.player(1));
    case C::BidBeyondCash:
      return fmt::format("{} has {} and cannot bid {}: players may not borrow, so a bid must be payable in cash",
                         f.player(0), f.money(1), f.money(2));
    case C::HighBidderCannotPass:
      return fmt::format("{} holds the high bid of {}; it stands until the others pass", f.player(0), f.money(1));
    // Rent
    case C::RentClaimTooLate:
      return fmt::format("{} had {} seconds to claim the rent on {} and claimed {} seconds late: it is not owed",
                         f.player(0), r.timed.rent_seconds, f.square(1), f.count(2));
    case C::NoRentOnMortgaged:
      return fmt::format("no rent is owed for {}: it is mortgaged, and no rent is collected on a mortgaged site "
                         "({} landed there, owner {})",
                         f.square(0), f.player(1), f.player(2));
    case C::RentAlreadyPaid:
      return fmt::format("the rent of {} for {}'s landing on {} has been paid to {} already", f.money(3), f.player(0),
                         f.square(1), f.player(2));
    case C::RentClaimMissed:
      return fmt::format("{} asked too late for the rent on {}: {} landed there at event {}, and {}'s throw at "
                         "event {} closed the time to ask",
                         f.player(0), f.square(1), f.player(2), f.count(3), f.player(4), f.count(5));
    case C::RentOwedToOther:
      return fmt::format("the rent for {} is owed to its owner, {}, not to {}", f.square(0), f.player(1), f.player(2));
    case C::NoRentOwedTimed:
      return fmt::format("no rent is owed to {} now: rent is due only for a landing on an owned site, and only if "
                         "claimed within {} seconds of it",
                         f.player(0), r.timed.rent_seconds);
    case C::JailedCollectsNoRent:
      return fmt::format("no rent is owed to {} while in {}: a player in {} collects no rent", f.player(0),
                         r.words.jail, r.words.jail);
    case C::NoRentOwed:
      return fmt::format("no rent is owed to {} now: rent is due only for a landing on an owned property, and only if "
                         "asked for before {}",
                         f.player(0),
                         r.rent_window == RentWindow::BeforeNextThrow
                             ? "the next throw of the dice"
                             : "the second player following the one who landed throws");
    // Cards
    case C::PackOrderUnknown: {
      const Deck& d = deck_of(r, f.at(0).id);
      return fmt::format("the order of the {} pack is not known yet: say which card was turned up (e.g. draws \"{}\")",
                         d.name, d.cards.empty() ? std::string() : d.cards.front().text);
    }
    case C::NoSuchCard: {
      // The card lookup's own words, which name the nearest cards.
      const std::string error = find_card(v.quoted, r, static_cast<DeckId>(f.at(0).id)).error;
      return error.empty() ? fmt::format("no card \"{}\" in the {} pack", v.quoted, f.deck(0)) : error;
    }
    case C::CardHeldByPlayer:
      return fmt::format("\"{}\" is held by a player, not in the {} pack", f.card(0), f.deck(0));
    case C::CardSeenBefore:
      return fmt::format("\"{}\" was turned up before and went to the bottom of the pack; the cards not yet seen lie "
                         "above it, so the next card must be one of those",
                         f.card(0));
    case C::CardOrderKnown:
      return fmt::format("every {} card has been seen, so the order is known: the next card is \"{}\", not \"{}\"",
                         f.deck(0), f.card(0), f.card(1));
    case C::NoCardDue: return fmt::format("no card is due: a card is taken on landing on its square; now {}", waiting);
    case C::CardIsOthers: return fmt::format("the card is {}'s to take", f.player(0));
    case C::ChoiceIsOthers: return fmt::format("the choice is {}'s", f.player(0));
    case C::CannotPayFineTakeCard:
      return fmt::format("{} has {}, less than the {} fine: take the {} card instead", f.player(0), f.money(1),
                         f.money(2), f.deck(3));
    // Jail
    case C::CannotPayFineMissGo:
      return fmt::format("{0} has {1}, less than the {2} fine: {0} misses their next go instead (skips go)", f.player(0),
                         f.money(1), f.money(2));
    case C::NoSkippingInEdition: return fmt::format("in this edition a player does not skip a go: {} throws", f.player(0));
    case C::OnlyJailedSkip: return fmt::format("only a player in {} may skip a go; {} throws", r.words.jail, f.player(0));
    case C::SkipBeforeThrow: return "a go is skipped instead of throwing, not after";
    case C::NotInJail: return fmt::format("{} is not in {}", f.player(0), r.words.jail);
    case C::FineBeforeThrow: return "the fine is paid before throwing, not after";
    case C::LastJailTurnThrowFirst:
      return fmt::format("this is {0}'s last turn in {1}: {0} throws first, and pays the {2} fine only if the throw is not "
                         "a double",
                         f.player(0), r.words.jail, money_words(r, r.jail.fine));
    case C::CannotPayFineThrow:
      return fmt::format("{} has {}, less than the {} fine: throw for doubles instead", f.player(0), f.money(1),
                         f.money(2));
    case C::CardBeforeThrow: return "the card is used before throwing, not after";
    case C::NoJailCard: return fmt::format("{} holds no {} card", f.player(0), r.words.jail_card);
    case C::MissedGoChosen:
      return fmt::format("{0} chose to miss this go after their last failed throw in {1}: {0} skips it (skips go) and is "
                         "then free",
                         f.player(0), r.words.jail);
    case C::NoTaxChoice:
      return "no choice of tax is open: a tax is paid when the token lands on its square, and only a square that "
             "offers a percentage asks which";
    // Debts
    case C::DebtBlocksGame:
      return fmt::format("{} owes {} to {} and has only {}; the game waits until the debt is paid (by {} or trading) "
                         "or {} declares bankruptcy",
                         f.player(0), f.money(1), f.player(2), f.money(3), raising_words(r), f.player(0));
    case C::DebtsBeforeLifting:
      return fmt::format("{} owes money: debts are paid before mortgages are lifted", f.player(0));
    case C::OnlyBeforeOwnThrow:
      return fmt::format("{} {} only in their own turn, before they throw; {}", f.player(0), f.act(1),
                         f.at(0).id == f.at(2).id ? f.player(0) + " has thrown this turn"
                                                  : fmt::format("it is {}'s turn", f.player(2)));
    // Houses, hotels, the shortage
    case C::NotOwner: return fmt::format("{} does not own {}", f.player(0), f.square(1));
    case C::NotInConglomerate:
      return fmt::format("{} is in no Conglomerate: {} are built only on the three properties of a Conglomerate (form "
                         "one first: \"forms conglomerate A, B, C\")",
                         f.square(0), r.words.houses);
    case C::ConglomerateMemberMortgaged:
      return fmt::format("{} of {}'s Conglomerate is mortgaged: lift the mortgage before building", f.square(0),
                         f.square(1));
    case C::NotBuildingSite:
      return fmt::format("{} is not a building site: {} go on streets only", f.square(0), r.words.houses);
    case C::GroupIncomplete:
      return fmt::format("{} may be built on only when {} owns the whole {} group", f.square(0), f.player(1),
                         f.group(2));
    case C::GroupSiteMortgaged:
      return fmt::format("a site of the {} group is mortgaged: lift the mortgage before building", f.group(0));
    case C::BuildEvenly:
      return fmt::format("build on {} first: no site may be more than one {} ahead of another in its group",
                         f.square(0), r.words.house);
    case C::SellEvenly: return fmt::format("sell from {} first: buildings are removed evenly across a group", f.square(0));
    case C::BuildInSequence:
      return fmt::format("the next {} of the {} set goes on {}: buildings go on a set's sites in order", f.building(0),
                         f.group(1), f.square(2));
    case C::HotelAlready: return fmt::format("{} has its {} already: one a site", f.square(0), r.words.hotel);
    case C::HotelNeedsHouses:
      return fmt::format("{} needs {} {} on {} (it has {})", with_article(r.words.hotel), r.houses_per_hotel,
                         r.words.houses, f.square(0), f.count(1));
    case C::NextIsHotel:
      return fmt::format("{} has {} {}: the next step is {}", f.square(0), f.count(1), r.words.houses,
                         with_article(r.words.hotel));
    case C::NoHotelsLeft: return fmt::format("the Bank has no {} left: wait until one is sold back", r.words.hotel);
    case C::NoHousesLeft: return fmt::format("the Bank has no {} left: wait until some are sold back", r.words.houses);
    case C::CannotAffordBuilding:
      return fmt::format("{} on {} costs {} and {} has {}", with_article(f.building(0)), f.square(1), f.money(2),
                         f.player(3), f.money(4));
    case C::PlaceWhatWasSold: return fmt::format("the auction sold {}: place that", with_article(f.building(0)));
    case C::PlaceOneBuilding: return "the auction sold one building: place one";
    case C::BuildOnlyInOwnTurn: return fmt::format("{} builds only in their own turn; it is {}'s", f.player(0), f.player(1));
    case C::OneHotelASite: return "one hotel a site";
    case C::NoBuildingsOn: return fmt::format("{} has no buildings on {}", f.player(0), f.square(1));
    case C::BankBuysNoBuildings:
      return fmt::format("the Bank does not buy buildings back: they go with the site's mortgage, at half their price "
                         "(mortgages {})",
                         f.square(0));
    case C::NoHotelOn: return fmt::format("{} has no {}", f.square(0), r.words.hotel);
    case C::SellHotelFirst:
      return fmt::format("{} carries {}: sell the {} first", f.square(0), with_article(r.words.hotel), r.words.hotel);
    case C::NoHousesLeftOn: return fmt::format("{} has no {} left", f.square(0), r.words.houses);
    case C::NoBuildingToAuction: return fmt::format("the Bank has no {} to auction", f.building(0));
    case C::TooFewBuilders:
      return fmt::format("{} can build {} now: an auction needs two or more wanting more than the Bank has",
                         f.count(0) == 0 ? std::string("no player") : "only " + count_of(f.count(0), "player"),
                         with_article(f.building(1)));
    // Trades
    case C::GroupBuiltCannotTrade:
      return fmt::format("{} cannot change hands while buildings stand on its group ({}): sell them to the Bank first",
                         f.square(0), f.square(1));
    case C::CannotBorrow:
      // The standing bid is spoken of only when the player holds one (an auction is open and
      // theirs is the high bid): otherwise it would name a bid nobody made.
      if (f.at(3).amount > 0)
        return fmt::format("{} has {} free (their standing bid of {} counts as spent), not {}: players may not borrow "
                           "from each other",
                           f.player(0), f.money(1), f.money(3), f.money(2));
      return fmt::format("{} has {}, not {}: players may not borrow from each other", f.player(0), f.money(1),
                         f.money(2));
    case C::JailCardsShort:
      return fmt::format("{} holds {}, not {}", f.player(0), count_of(f.count(1), r.words.jail_card + " card"), f.count(2));
    case C::JailedMayNotTrade: return fmt::format("{} is in {} and may not trade", f.player(0), r.words.jail);
    case C::OfferToOtherPlayer: return "an offer is made to another player still in the game";
    case C::OfferAlreadyOpen:
      return fmt::format("{}'s offer to {} is open: it is accepted or rejected first", f.player(0), f.player(1));
    case C::OfferLimitReached:
      return fmt::format("{} has made their {} offer this turn", f.player(0),
                         r.trade.offers_per_turn == 1 ? std::string("one") : std::to_string(r.trade.offers_per_turn));
    case C::OfferHandsNothing: return "the offer hands nothing over";
    case C::OfferIsOthersToAnswer: return fmt::format("the open offer is {}'s to answer", f.player(0));
    case C::NoOfferOpen: return "no offer is open";
    case C::NoOfferForPlayer: return "no offer to or from this player is open";
    case C::TimeCalledNoDealings: return "time has been called: no further dealings";
    case C::TimeCalledMoveCompleted:
      return "time has been called: the move in progress is completed and no further dealings take place (referee "
             "value gives the result)";
    case C::TimeCalledRoundComplete:
      return "time has been called and the round is complete (every player has had as many turns): the game is "
             "over (referee value gives the result)";
    case C::AgreedHourPassed:
      return fmt::format("the agreed finishing hour, {}, has passed (this move is stamped {}): `Referee calls time` "
                         "is due before any other move",
                         clock_text(f.count(0)), clock_text(f.count(1)));
    // Mortgages
    case C::AlreadyMortgaged: return fmt::format("{} is mortgaged already", f.square(0));
    case C::JailedMayNotMortgage: return fmt::format("{} is in {} and may not mortgage", f.player(0), r.words.jail);
    case C::SellBuildingsBeforeMortgage:
      if (f.at(0).id != f.at(1).id)
        return fmt::format("{1} cannot be mortgaged while {0}, of its group, has buildings: sell those to the Bank "
                           "first (a site is mortgaged only when its whole group is bare)",
                           f.square(0), f.square(1));
      return fmt::format("sell the buildings on {} to the Bank first: a site is mortgaged only when its whole group is "
                         "bare",
                         f.square(0));
    case C::NotMortgaged: return fmt::format("{} is not mortgaged", f.square(0));
    case C::BuyBackAtListPrice:
      return fmt::format("{} is bought back at its list price, {}; {} has {}", f.square(0), f.money(1), f.player(2),
                         f.money(3));
    case C::CannotAffordLift:
      return fmt::format("lifting the mortgage on {} costs {} ({} and {} interest); {} has {}", f.square(0), f.money(1),
                         f.money(2), f.money(3), f.player(4), f.money(5));
    // Bankruptcy
    case C::OwesNothing:
      return fmt::format("{} owes nothing: only a player who owes more than they can pay is bankrupt", f.player(0));
    case C::CanStillRaise: {
      const std::string plan = raising_plan_words(r, v);
      return fmt::format("{} owes {} and can still raise {} ({} in cash{}{}): pay the debt instead", f.player(0),
                         f.money(1), f.money(2), f.money(3), plan.empty() ? "" : "; ", plan);
    }
    // Conglomerates
    case C::NoConglomerates: return "this edition has no Conglomerates";
    case C::ConglomerateOfThree: return fmt::format("a Conglomerate is three properties, not {}", f.count(0));
    case C::ConglomerateNotOwner:
      return fmt::format("{} does not own {}: a Conglomerate is formed of the owner's own properties", f.player(0),
                         f.square(1));
    case C::NamedTwice: return fmt::format("{} is named twice", f.square(0));
    case C::AlreadyInConglomerate:
      return fmt::format("{} is in a Conglomerate already and stays there until it is sold", f.square(0));
    case C::BuildingsStandOn: return fmt::format("buildings stand on {}: sell them to the Bank first", f.square(0));
    case C::SameColour:
      return fmt::format("{} and {} are of one colour: a Conglomerate takes three colours (railroads and utilities "
                         "count as one colour, white)",
                         f.square(0), f.square(1));
    // Corrections
    case C::OnlyRefereeAwards: return "only the referee awards";
    case C::AwardToActivePlayer: return "an award goes to a player still in the game";
    case C::AwardPayer: return "an award is paid by the Bank or by another player in the game";
    case C::NotAProperty: return fmt::format("{} is not a property", f.square(0));
    case C::AlreadyHolds: return fmt::format("{} holds {} already", f.player(0), f.square(1));
    case C::BuiltGroupDeedCannotMove:
      return fmt::format("buildings stand on {}'s group ({}): they are sold to the Bank before the deed can move",
                         f.square(0), f.square(1));
    case C::AwardNotPositive: return "an award is a positive amount or a deed";
    case C::OnlyRefereeTakesBack: return "only the referee takes moves back";
    case C::TakeBackPastOpening:
      return fmt::format("{} cannot be taken back: {} since the opening, which stands as set out",
                         count_of(f.count(0), "move"),
                         f.count(1) == 0 ? std::string("no move has been played")
                                         : count_of(f.count(1), "move") + (f.count(1) == 1 ? " has" : " have") + " been played");
    case C::TakeBackTooMany:
      return fmt::format("at most {} moves are taken back at once, not {}: take back in steps", f.count(1), f.count(0));
    case C::OnlyRefereeNotes: return "only the referee notes a ruling in the game";
    case C::NoteEmpty: return "a note says something: give its text in quotes";
    // The short game
    case C::DealFirst:
      return fmt::format("the Banker deals {} title deeds to each player before the first throw (Referee deals NAME: "
                         "DEED, DEED)",
                         r.short_game.deeds_dealt);
    case C::DealOnlyInShortGame: return "title deeds are dealt only in the short game";
    case C::DealBeforeFirstThrow: return "the deeds are dealt before the first throw";
    case C::DealToPlayers: return "deeds are dealt to the players";
    case C::DeedNotInBank: return fmt::format("{} is not in the Bank's hand of deeds", f.square(0));
    case C::DealtEnough:
      return fmt::format("each player is dealt {} deeds; {} has them", r.short_game.deeds_dealt, f.player(0));
    case C::CannotPayForDeed: return fmt::format("{} cannot pay {} for {}", f.player(0), f.money(1), f.square(2));
    case C::NotAShortGame: return "time is called only in a short or time-limit game ([Variant \"short-game\"])";
    case C::TimeAlreadyCalled: return "time has been called already";
    // The opening and [Setup]
    case C::PlayersForEdition: return fmt::format("this edition is for 2 to {} players", r.max_players);
    case C::SetupPlayerNotSeated: return "the setup names a player who is not seated";
    case C::SetupListedTwice: return fmt::format("{} is listed twice in the setup", f.player(0));
    case C::SetupTurnNotSeated: return "the setup's Turn names a player who is not seated";
    case C::SetupBankruptHolds:
      return fmt::format("{} is bankrupt: a bankrupt player holds no cash, deeds or cards, owes nothing and has no "
                         "turn", f.player(0));
    case C::SetupDebtPayable:
      return fmt::format("{} has the cash to pay what is owed: a debt is paid as soon as the debtor can pay it",
                         f.player(0));
    case C::SetupWinnerOut: return fmt::format("the winner named, {}, is out of the game", f.player(0));
    case C::SetupUnsound: return "the setup's position cannot arise in play: " + v.quoted;
    case C::SetupStockConglomerates:
      return fmt::format("{} {} and {} {} placed; the game has only {} and {}", f.count(0), r.words.houses, f.count(1),
                         r.words.hotels, r.house_stock, r.hotel_stock);
    case C::SetupNeedsConglomerate:
      return fmt::format("buildings stand only in a Conglomerate: state {}'s (conglomerate A, B, C)", f.square(0));
    case C::SetupConglomerateMortgaged:
      return fmt::format("no buildings may stand in a Conglomerate while {} is mortgaged", f.square(0));
    case C::SetupConglomerateUneven:
      return fmt::format("the Conglomerate of {} is built unevenly: no property may be more than one house ahead of "
                         "another (a hotel counts as five)",
                         f.square(0));
    case C::SetupStreetsOnly: return fmt::format("buildings stand only on streets, not on {}", f.group(0));
    case C::SetupGroupNeedsOneOwner:
      return fmt::format("buildings on the {} group need one owner of the whole group", f.group(0));
    case C::SetupGroupMortgaged:
      return fmt::format("no buildings may stand on the {} group while a site of it is mortgaged", f.group(0));
    case C::SetupGroupUneven:
      return fmt::format("the {} group is built unevenly: no site may be more than one house ahead of another (a "
                         "hotel counts as five)",
                         f.group(0));
    case C::SetupTooManyHouses:
      return fmt::format("{} {} placed; the game has only {}", f.count(0), r.words.houses, r.house_stock);
    case C::SetupTooManyHotels:
      return fmt::format("{} {} placed; the game has only {}", f.count(0), r.words.hotels, r.hotel_stock);
    case C::SetupCashNegative: return fmt::format("{} cannot start with less than nothing", f.player(0));
    case C::SetupCashTooMuch:
      return fmt::format("{} cannot start with more than {}", f.player(0), money_words(r, Money{f.at(1).amount}));
    case C::SetupOffBoard: return fmt::format("{} stands off the board", f.player(0));
    case C::SetupJailCardsNegative:
      return fmt::format("{} cannot hold fewer than no {} cards", f.player(0), r.words.jail_card);
    case C::SetupNoJailSquare: return fmt::format("this edition has no {} square", r.words.jail);
    case C::SetupJailTurns:
      return fmt::format("{} can have used 0 to {} turns in {}", f.player(0), f.count(1), r.words.jail);
    case C::SetupJailedStandsInJail:
      return fmt::format("{} is in {} and so stands on {}", f.player(0), r.words.jail, square_words(r, r.jail_square));
    case C::SetupDeedNotOnBoard: return "a deed the setup names is not on this edition's board";
    case C::SquareNotOnBoard: return fmt::format("square {} is not on this edition's board", f.count(0));
    case C::SetupOneTitleDeed:
      return fmt::format("{} has one title deed: it cannot belong to {} and {}", f.square(0), f.player(1), f.player(2));
    case C::SetupBuildingCount:
      return fmt::format("{}: 0 to {} {} or one {}", f.square(0), r.houses_per_hotel, r.words.houses, r.words.hotel);
    case C::SetupMortgagedWithBuildings: return fmt::format("{} cannot be mortgaged with buildings on it", f.square(0));
    case C::SetupPackOutOfJailCards:
      return fmt::format("the {} pack has no more {} cards to hold", f.deck(0), r.words.jail_card);
    case C::SetupTooManyJailCards:
      return fmt::format("there are not that many {} cards in the packs", r.words.jail_card);
    case C::kCount: break;
  }
  return "unknown refusal";
}

}  // namespace

std::string waiting_words(const Ruleset& r, const Waiting& w) {
  const std::string who = player_ref(w.player);
  const Deck& deck = deck_of(r, static_cast<int>(w.deck));
  switch (w.phase) {
    case Phase::BuyDecision: {
      const Money price = w.square < r.board_size() ? r.square(w.square).price : Money{0};
      return fmt::format("{} must first buy {} for {} or decline it", who, square_words(r, w.square),
                         money_words(r, price));
    }
    case Phase::Auction:
      // A building auction sells a house or a hotel, no square; an auction whose square is not
      // on the board (a damaged record) is told without one rather than as "auction of ?".
      if (w.lot != AuctionLot::Property)
        return fmt::format("the auction of {} must close first (bid or pass)",
                           with_article(w.lot == AuctionLot::Hotel ? r.words.hotel : r.words.house));
      if (w.square >= r.board_size()) return "the auction must close first (bid or pass)";
      return fmt::format("the auction of {} must close first (bid or pass)", square_words(r, w.square));
    case Phase::AwaitingCard: return fmt::format("{} must first turn up {} card", who, with_article(deck.name));
    case Phase::CardChoice:
      return fmt::format("{} must first pay the {} fine or take {} card", who, money_words(r, w.fine),
                         with_article(deck.name));
    case Phase::AwaitingRoll: return fmt::format("{} must throw the dice", who);
    case Phase::TurnOver: return fmt::format("{}'s move is over; {} throws next", who, player_ref(w.next));
    case Phase::Placing: return fmt::format("{} must first place the building bought at auction", who);
    case Phase::GameOver: return fmt::format("the game is over: {} has won", who);
    case Phase::TaxChoice:
      return fmt::format("{} must first choose how to pay the tax on {}", who, square_words(r, w.square));
    case Phase::CardDice:
      return fmt::format("{} must first throw the dice for the rent on {}", who, square_words(r, w.square));
    case Phase::JailChoice:
      return fmt::format("{} must first pay the {} fine and move, or miss their next go (skips go)", who,
                         money_words(r, w.fine));
  }
  return {};
}

std::string refusal_text(const Ruleset& r, const Violation& v) {
  std::string text = sentence(r, v);
  // Building several at once: where the run stopped.
  if (!v.args.empty() && v.args.back().kind == ArgKind::Progress)
    text = fmt::format("{} (stopped at {} {} of {})", text, r.words.house, v.args.back().id, v.args.back().amount);
  return text;
}

Ruling ruling_of(const Ruleset& r, const Violation& v, const std::vector<std::string>& players) {
  return Ruling{v.rule, v.section, render_players(refusal_text(r, v), players)};
}

}  // namespace deedlog
