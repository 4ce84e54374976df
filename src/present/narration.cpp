#include "present/narration.h"

#include <fmt/format.h>

#include "core/article.h"
#include "core/plural.h"
#include "core/printable_text.h"
#include "service/game_session.h"
#include "deedlog/building_group.h"
#include "deedlog/currency.h"
#include "deedlog/event_fields.h"
#include "deedlog/position_queries.h"
#include "deedlog/valuation.h"
#include "present/money_words.h"

namespace deedlog {
namespace {

std::string name_of(const std::vector<std::string>& names, PlayerId p) {
  if (p == kBank) return "the Bank";
  if (p >= 0 && p < static_cast<int>(names.size())) return names[static_cast<std::size_t>(p)];
  return "the referee";
}

std::string sq(const Ruleset& r, SquareId s) {
  return s < r.squares.size() ? r.squares[s].name : std::string("?");
}

std::string card_text(const Ruleset& r, DeckId d, CardIndex c) {
  const Deck& deck = r.decks[static_cast<int>(d)];
  return c < deck.cards.size() ? deck.cards[c].text : std::string("?");
}

std::string offer_side_text(const Ruleset& r, std::uint64_t deeds, Money cash, int cards);

// An offer ended without a trade, said knowing who made it and to whom.
std::string offer_ended(const std::vector<std::string>& names, PlayerId by, PlayerId maker, PlayerId offered) {
  if (by == maker) return fmt::format("{} withdrew the offer to {}.", name_of(names, by), name_of(names, offered));
  return fmt::format("{} turned down {}'s offer.", name_of(names, by), name_of(names, maker));
}

std::string buildings_words(const Ruleset& r, int b) {
  if (b == kHotel) return with_article(r.words.hotel);
  if (b == 1) return "1 " + r.words.house;
  return fmt::format("{} {}", b, r.words.houses);
}

// regional-currency: amounts said with their currency ("$40 green"), and the sum as printed
// beside what was paid when the Bank exchanged it (present/money_words.h). Salary, taxes and the
// jail fine are in the player's own currency and told as in other editions.
std::string narrate_exchanged(const Ruleset& r, const std::vector<std::string>& names, const Event& e) {
  if (r.regions.empty()) return "";
  const std::string who = name_of(names, e.player);
  const std::string other = name_of(names, fields::shared::other_if_any(e));
  const std::string paid = money_in(r, fields::shared::amount_if_any(e), currency_of_player(r, e.player));
  const bool exchanged = !fields::shared::amount2_if_any(e).is_zero();
  // Sums printed on a deed are in its region's currency; card sums in the currency where the token stood.
  const std::string printed = exchanged ? money_in(r, fields::shared::amount2_if_any(e), currency_of_square(r, fields::shared::square_if_any(e))) : "";
  const std::string for_printed = exchanged ? " (" + printed + " as printed)" : "";
  switch (e.type) {
    case EventType::PropertyOffered:
      return fmt::format("{} may buy {} for {} (its printed price, in the region's currency).", who, sq(r, fields::PropertyOffered::square(e)),
                         money_in(r, fields::PropertyOffered::price(e), currency_of_square(r, fields::PropertyOffered::square(e))));
    case EventType::PropertyBought:
      return fmt::format("{} bought {} for {}{}.", who, sq(r, fields::PropertyBought::square(e)), paid,
                         exchanged ? " (its price " + printed + ")" : "");
    case EventType::RentDue:
      return fmt::format("{} owes {} {} rent for {}, if {} asks in time.", who, other,
                         money_in(r, fields::RentDue::rent(e), currency_of_player(r, fields::RentDue::owner(e))), sq(r, fields::RentDue::square(e)), other);
    case EventType::RentPaid:
    case EventType::PaidToPlayer:
    case EventType::DebtPaid: {
      const std::string got = money_in(r, exchanged ? fields::shared::amount2(e) : fields::shared::amount(e), currency_of_player(r, fields::shared::other(e)));
      const std::string what = e.type == EventType::RentPaid ? fmt::format(" rent on {}", sq(r, fields::RentPaid::square(e)))
                               : e.type == EventType::DebtPaid ? std::string(" owed")
                                                               : std::string();
      if (e.type == EventType::DebtPaid && fields::shared::other(e) == kBank)
        return fmt::format("{} paid the {} owed to the Bank.", who, paid);
      if (!exchanged) return fmt::format("{} pays {} {}{}.", who, other, got, what);
      return fmt::format("{} pays {} for {}'s {}{}.", who, paid, other, got, what);
    }
    case EventType::PaidToBank:
      return fmt::format("{} paid the Bank {}{}.", who, paid, exchanged ? fmt::format(" for the card's {}", money_words(r, fields::PaidToBank::printed(e))) : "");
    case EventType::PaidByBank:
      return fmt::format("The Bank paid {} {}{}.", who, paid, exchanged ? fmt::format(" for the card's {}", money_words(r, fields::PaidByBank::printed(e))) : "");
    case EventType::DebtIncurred:
      return fmt::format("{} cannot pay {} to {} in cash: the debt stands and the game waits.", who, paid, other);
    case EventType::HouseBuilt:
      if (fields::HouseBuilt::paid(e).is_zero()) return "";
      return fmt::format("{} built a {} on {} for {}{}.", who, r.words.house, sq(r, fields::HouseBuilt::site(e)), paid, for_printed);
    case EventType::HotelBuilt:
      return fmt::format("{} built a {} on {} for {}{}, giving back {} {}.", who, r.words.hotel, sq(r, fields::HotelBuilt::site(e)), paid,
                         for_printed, fields::HotelBuilt::houses_returned(e), r.words.houses);
    case EventType::PropertyMortgaged:
      return fmt::format("{} mortgaged {} to the Bank for {}{}.", who, sq(r, fields::PropertyMortgaged::square(e)), paid, for_printed);
    case EventType::MortgageLifted:
      return fmt::format("{} lifted the mortgage on {}, repaying {}{}.", who, sq(r, fields::MortgageLifted::square(e)), paid, for_printed);
    case EventType::InterestPaid:
      return fmt::format("{} paid {}{} interest on the mortgage of {}.", who, paid, for_printed, sq(r, fields::InterestPaid::square(e)));
    default:
      return "";
  }
}

}  // namespace

std::string phase_name(Phase p) {
  switch (p) {
    case Phase::AwaitingRoll: return "awaiting-roll";
    case Phase::BuyDecision: return "buy-decision";
    case Phase::Auction: return "auction";
    case Phase::AwaitingCard: return "awaiting-card";
    case Phase::CardChoice: return "card-choice";
    case Phase::TurnOver: return "turn-over";
    case Phase::Placing: return "placing";
    case Phase::GameOver: return "game-over";
    case Phase::TaxChoice: return "tax-choice";
    case Phase::CardDice: return "card-dice";
    case Phase::JailChoice: return "jail-choice";
  }
  return "?";
}

std::string narrate(const Ruleset& r, const std::vector<std::string>& names, const Event& e) {
  if (std::string told = narrate_exchanged(r, names, e); !told.empty()) return told;
  const std::string who = name_of(names, e.player);
  const std::string other = name_of(names, fields::shared::other_if_any(e));
  switch (e.type) {
    case EventType::MovePlayed: return fmt::format("Move: {}", printable_text(fields::MovePlayed::line(e)));
    case EventType::ConglomerateFormed: {
      std::string members;
      for (int i = 0; i < kMaxSquares; ++i)
        if (fields::ConglomerateFormed::squares(e) & (std::uint64_t{1} << i))
          members += (members.empty() ? "" : ", ") + sq(r, static_cast<SquareId>(i));
      return fmt::format("{} formed a Conglomerate of {}, with {} on top.", who, members, sq(r, fields::ConglomerateFormed::top(e)));
    }
    case EventType::PlayerPlaced:
      return fmt::format("{} takes a seat with {} on {}{}.", who, money_words(r, fields::PlayerPlaced::cash(e)), sq(r, fields::PlayerPlaced::square(e)),
                         fields::PlayerPlaced::in_jail(e) ? fmt::format(" (in {}, {} used)", r.words.jail, count_of(fields::PlayerPlaced::jail_turns(e), "turn")) : "");
    case EventType::PropertyAssigned:
      return fmt::format("{} holds {}{}{}.", who, sq(r, fields::PropertyAssigned::square(e)),
                         fields::PropertyAssigned::buildings(e) ? " with " + buildings_words(r, fields::PropertyAssigned::buildings(e)) : "",
                         fields::PropertyAssigned::mortgaged(e) ? " (mortgaged)" : "");
    case EventType::JailCardAssigned:
      return fmt::format("{} holds the {} {} card.", who, r.decks[static_cast<int>(fields::JailCardAssigned::deck(e))].name, r.words.jail_card);
    case EventType::DeckShuffled:
      return fmt::format("The {} pack is shuffled from the seed.", r.decks[static_cast<int>(fields::DeckShuffled::deck(e))].name);
    case EventType::TurnStarted: return fmt::format("{}'s turn.", who);
    case EventType::DiceThrown:
      return fmt::format("{} threw {} and {}{}.", who, fields::DiceThrown::die1(e), fields::DiceThrown::die2(e), fields::DiceThrown::die1(e) == fields::DiceThrown::die2(e) ? " (doubles)" : "");
    case EventType::TokenMoved:
    {
      const int travelled = fields::TokenMoved::travelled(e);
      return fmt::format("{} moved {} to {}.", who, travelled >= 0 ? count_of(travelled, "square")
                                                                  : "back " + count_of(-travelled, "square"),
                         sq(r, fields::TokenMoved::to(e)));
    }
    case EventType::SalaryPaid: return fmt::format("{} collected {} {} for passing {}.", who, money_words(r, fields::SalaryPaid::salary(e)), r.words.salary, r.words.go);
    case EventType::PropertyOffered:
      return fmt::format("{} may buy {} for {}.", who, sq(r, fields::PropertyOffered::square(e)), money_words(r, fields::PropertyOffered::price(e)));
    case EventType::PropertyBought: return fmt::format("{} bought {} for {}.", who, sq(r, fields::PropertyBought::square(e)), money_words(r, fields::PropertyBought::paid(e)));
    case EventType::PurchaseDeclined: return fmt::format("{} declined to buy {}.", who, sq(r, fields::PurchaseDeclined::square(e)));
    case EventType::AuctionOpened:
      if (fields::AuctionOpened::lot(e) == AuctionLot::House) return fmt::format("The Bank auctions one {}.", r.words.house);
      if (fields::AuctionOpened::lot(e) == AuctionLot::Hotel) return fmt::format("The Bank auctions one {}.", r.words.hotel);
      return fmt::format("The Bank auctions {}.", sq(r, fields::AuctionOpened::square(e).raw));
    case EventType::BidMade: return fmt::format("{} bid {}.", who, money_words(r, fields::BidMade::bid(e)));
    case EventType::BidderPassed: return fmt::format("{} passed.", who);
    case EventType::AuctionWon:
      if (fields::AuctionWon::lot(e) != AuctionLot::Property)
        return fmt::format("{} won the {} for {}.", who,
                           fields::AuctionWon::lot(e) == AuctionLot::Hotel ? r.words.hotel : r.words.house, money_words(r, fields::AuctionWon::price(e)));
      return fmt::format("{} won the auction of {} for {}.", who, sq(r, fields::AuctionWon::square(e).raw), money_words(r, fields::AuctionWon::price(e)));
    case EventType::AuctionUnsold:
      if (fields::AuctionUnsold::lot(e) != AuctionLot::Property) return "Nobody bid: the building stays with the Bank.";
      return fmt::format("Nobody bid: {} stays with the Bank.", sq(r, fields::AuctionUnsold::square(e).raw));
    case EventType::RentDue:
      return fmt::format("{} owes {} {} rent for {}, if {} asks {}.", who, other, money_words(r, fields::RentDue::rent(e)),
                         sq(r, fields::RentDue::square(e)), other,
                         fields::RentDue::closes_on(e).is_bank()
                             ? std::string("before the next throw")
                             : fmt::format("before {} throws", name_of(names, fields::RentDue::closes_on(e).seat())));
    case EventType::RentClaimed: return fmt::format("{} asked {} for the rent on {}.", other, who, sq(r, fields::RentClaimed::square(e)));
    case EventType::RentPaid:
      return fmt::format("{} paid {} {} rent for {}.", who, other, money_words(r, fields::RentPaid::paid(e)), sq(r, fields::RentPaid::square(e)));
    case EventType::RentForfeited:
      return fmt::format("{} did not ask in time: the {} rent for {} is lost.", other, money_words(r, fields::RentForfeited::rent(e)), sq(r, fields::RentForfeited::square(e)));
    case EventType::TaxPaid: return fmt::format("{} paid {} ({}).", who, money_words(r, fields::TaxPaid::paid(e)), sq(r, fields::TaxPaid::square(e)));
    case EventType::CardAwaited:
      return fmt::format("{} takes {} card.", who, with_article(r.decks[static_cast<int>(fields::CardAwaited::deck(e))].name));
    case EventType::CardDrawn:
      return fmt::format("{} turned up {}: \"{}\".", who, r.decks[static_cast<int>(fields::CardDrawn::deck(e))].name,
                         card_text(r, fields::CardDrawn::deck(e), fields::CardDrawn::card(e)));
    case EventType::CardChoiceOffered:
      return fmt::format("{} may pay {} or take {} card.", who, money_words(r, fields::CardChoiceOffered::fine(e)),
                         with_article(r.decks[static_cast<int>(fields::CardChoiceOffered::other_deck(e))].name));
    case EventType::JailCardKept: return fmt::format("{} keeps the card until it is needed.", who);
    case EventType::JailCardReturned:
      return fmt::format("{}'s {} card goes back under the {} pack.", who, r.words.jail_card,
                         r.decks[static_cast<int>(fields::JailCardReturned::deck(e))].name);
    case EventType::PaidToBank: return fmt::format("{} paid the Bank {}.", who, money_words(r, fields::PaidToBank::paid(e)));
    case EventType::PaidByBank: return fmt::format("The Bank paid {} {}.", who, money_words(r, fields::PaidByBank::received(e)));
    case EventType::PaidToPlayer: return fmt::format("{} paid {} {}.", who, other, money_words(r, fields::PaidToPlayer::paid(e)));
    case EventType::SentToJail: {
      std::string go_to_jail = "the square that sends there";
      for (const Square& square : r.squares)
        if (square.kind == SquareKind::GoToJail) go_to_jail = square.name;
      const std::string why[] = {"landed on " + go_to_jail, "by a card", "for three doubles in a row"};
      const int reason = static_cast<int>(fields::SentToJail::reason(e));
      return fmt::format("{} went to {} ({}).", who, r.words.jail, reason >= 0 && reason < 3 ? why[reason] : "");
    }
    case EventType::JailTurnFailed:
      return fmt::format("No doubles: {} stays in {} ({} of {} used).", who, r.words.jail, fields::JailTurnFailed::turns_used(e), count_of(r.jail.max_turns, "turn"));
    case EventType::LeftJail: {
      const std::string how[] = {"by throwing doubles", "by paying the fine", "with " + with_article(r.words.jail_card) + " card",
                                 "after the last allowed turn, paying the fine", "by skipping a go"};
      const int way = static_cast<int>(fields::LeftJail::how(e));
      return fmt::format("{} left {} {}.", who, r.words.jail, way >= 0 && way < 5 ? how[way] : "");
    }
    case EventType::FinePaid: return fmt::format("{} paid the {} fine of {}.", who, r.words.jail, money_words(r, fields::FinePaid::paid(e)));
    case EventType::DebtIncurred:
      return fmt::format("{} cannot pay {} to {} in cash: the debt stands and the game waits.", who, money_words(r, fields::DebtIncurred::owed(e)), other);
    case EventType::MoveCompleted:
      return fields::MoveCompleted::throws_again(e) ? fmt::format("{} threw doubles and throws again.", who) : fmt::format("{}'s move is over.", who);
    case EventType::HouseBuilt:
      return fields::HouseBuilt::paid(e).is_zero() ? fmt::format("{} put the {} bought at auction on {}.", who, r.words.house, sq(r, fields::HouseBuilt::site(e)))
                                : fmt::format("{} built {} on {} for {}.", who, with_article(r.words.house), sq(r, fields::HouseBuilt::site(e)),
                                              money_words(r, fields::HouseBuilt::paid(e)));
    case EventType::HotelBuilt:
      return fmt::format("{} built {} on {} for {} and the {} {}.", who, with_article(r.words.hotel), sq(r, fields::HotelBuilt::site(e)),
                         money_words(r, fields::HotelBuilt::paid(e)), r.houses_per_hotel, r.words.houses);
    case EventType::HouseSold:
      if (fields::HouseSold::by_mortgage(e)) return fmt::format("{} mortgaged {} on {} with the site for {}.", who, with_article(r.words.house), sq(r, fields::HouseSold::site(e)), money_words(r, fields::HouseSold::received(e)));
      return fields::HouseSold::received(e).is_zero() ? fmt::format("{} on {} went back to the Bank.", with_article(r.words.house, /*capital=*/true), sq(r, fields::HouseSold::site(e)))
                                : fmt::format("{} sold {} on {} to the Bank for {}.", who, with_article(r.words.house), sq(r, fields::HouseSold::site(e)),
                                              money_words(r, fields::HouseSold::received(e)));
    case EventType::HotelSold:
      if (fields::HotelSold::by_mortgage(e)) return fmt::format("{} mortgaged the {} on {} with the site for {}.", who, r.words.hotel, sq(r, fields::HotelSold::site(e)), money_words(r, fields::HotelSold::received(e)));
      return fmt::format("{} sold the {} on {} to the Bank for {}{}.", who, r.words.hotel, sq(r, fields::HotelSold::site(e)), money_words(r, fields::HotelSold::received(e)),
                         fields::HotelSold::houses_left(e) == 0
                             ? fmt::format(", with its {}", r.words.houses)
                             : fmt::format("; {} {} stand there again", fields::HotelSold::houses_left(e),
                                           fields::HotelSold::houses_left(e) == 1 ? r.words.house : r.words.houses));
    case EventType::PropertyMortgaged:
      return fmt::format("{} mortgaged {} to the Bank for {}.", who, sq(r, fields::PropertyMortgaged::square(e)), money_words(r, fields::PropertyMortgaged::lent(e)));
    case EventType::MortgageLifted:
      return fmt::format("{} lifted the mortgage on {}, repaying {}.", who, sq(r, fields::MortgageLifted::square(e)), money_words(r, fields::MortgageLifted::principal(e)));
    case EventType::InterestPaid:
      return fmt::format("{} paid {} interest on the mortgage of {}{}.", who, money_words(r, fields::InterestPaid::paid(e)), sq(r, fields::InterestPaid::square(e)),
                         fields::InterestPaid::on_transfer(e) ? " (the deed changed hands mortgaged)" : "");
    case EventType::TradeOffered:
      return fmt::format("{} offered {} {} for {}.", who, other, offer_side_text(r, fields::TradeOffered::gives(e), fields::TradeOffered::gives_cash(e), fields::TradeOffered::gives_cards(e)),
                         offer_side_text(r, fields::TradeOffered::asks(e), fields::TradeOffered::asks_cash(e), fields::TradeOffered::asks_cards(e)));
    // The event alone does not say whether its player made the offer (a withdrawal) or was
    // offered it (a refusal): EventNarrator and the narrate() given the position say which.
    case EventType::TradeRejected: return fmt::format("{} ended the offer without a trade.", who);
    case EventType::TradeAccepted: return fmt::format("{} accepted {}'s offer.", who, other);
    case EventType::PropertyTransferred:
      return fmt::format("{} passed from {} to {}.", sq(r, fields::PropertyTransferred::square(e)), who, other);
    case EventType::JailCardTransferred:
      return fmt::format("{} handed {} card to {}.", who, with_article(r.words.jail_card), other);
    case EventType::DebtPaid: return fmt::format("{} paid the {} owed to {}.", who, money_words(r, fields::DebtPaid::paid(e)), other);
    case EventType::DebtSettledInKind:
      return fmt::format("{} took property for {} of what {} owed.", other, money_words(r, fields::DebtSettledInKind::reduced_by(e)), who);
    case EventType::PlayerBankrupted:
      return fmt::format("{} is bankrupt to {} and leaves the game.", who, other);
    case EventType::BankAuctionsQueued:
      return fields::BankAuctionsQueued::squares(e) ? std::string("The Bank will auction the bankrupt's properties one by one.")
                    : std::string("The Bank's auctions are over.");
    case EventType::GameWon: return fmt::format("{} wins the game.", who);
    case EventType::TitleDealt:
      return fmt::format("{} is dealt {}{}.", who, sq(r, fields::TitleDealt::square(e)),
                         fields::TitleDealt::price(e).is_zero() ? std::string() : fmt::format(" and pays {}", money_words(r, fields::TitleDealt::price(e))));
    case EventType::TimeCalled: return "Time is called: the move in progress is completed, then the estates are valued.";
    case EventType::BuildingPlaced: return fmt::format("{} placed the building bought at auction.", who);
    case EventType::TaxChoiceOffered:
      return fmt::format("{} pays {} or {}% of their total worth ({}).", who, money_words(r, fields::TaxChoiceOffered::flat(e)), fields::TaxChoiceOffered::percent(e), sq(r, fields::TaxChoiceOffered::square(e)));
    case EventType::JailChoiceOffered:
      return fmt::format("{0}'s last throw in {1} failed: {0} pays the {2} fine and moves by it, or misses their next go.", who,
                         r.words.jail, money_words(r, fields::JailChoiceOffered::fine(e)));
    case EventType::GoSkipped:
      return fields::GoSkipped::stays_in(e) ? fmt::format("{} stays in {} and will miss their next go.", who, r.words.jail)
                    : fmt::format("{} skips their go.", who);
    case EventType::CardDiceAwaited:
      return fmt::format("{} throws the dice: the rent on {} is {} times the throw.", who, sq(r, fields::CardDiceAwaited::square(e)), fields::CardDiceAwaited::multiplier(e));
    case EventType::JackpotAdded: return fmt::format("{} waits on Free Parking (house rule).", money_words(r, fields::JackpotAdded::added(e)));
    case EventType::JackpotWon: return fmt::format("{} takes the {} waiting on Free Parking (house rule).", who, money_words(r, fields::JackpotWon::won(e)));
    case EventType::CardDiceThrown: return fmt::format("{} threw {} and {} for the card's rent.", who, fields::CardDiceThrown::die1(e), fields::CardDiceThrown::die2(e));
    case EventType::RulingRecorded: {
      std::string what = fields::RulingRecorded::square(e).raw != kNoSquare ? fmt::format("{} from {}", sq(r, fields::RulingRecorded::square(e).raw), other)
                                               : fmt::format("{} from {}", money_words(r, fields::RulingRecorded::amount(e)), other);
      return fmt::format("Ruling: the referee awards {} {}{}.", who, what, fields::RulingRecorded::reason(e).empty() ? "" : " (" + printable_text(fields::RulingRecorded::reason(e)) + ")");
    }
    case EventType::NoteRecorded: return fmt::format("Note: the referee notes \"{}\"; nothing changes.", printable_text(fields::NoteRecorded::note(e)));
    case EventType::MovesTakenBack: {
      const int voided = fields::MovesTakenBack::events_voided(e);
      return fmt::format("Taken back: the referee voids the {} before this move, and the game returns to the position "
                         "before them{}.",
                         voided == 1 ? std::string("event") : fmt::format("{} events", voided),
                         fields::MovesTakenBack::reason(e).empty() ? "" : " (" + printable_text(fields::MovesTakenBack::reason(e)) + ")");
    }
  }
  return "?";
}

namespace {

// The phase alone, as the engine's state names it; phase_words adds what stands over it (a time
// limit called, a debt, the end of the game).
std::string phase_only_words(const Ruleset& r, const std::vector<std::string>& names, const State& s) {
  const std::string who = name_of(names, s.turn);
  // The state is also read between the events of one move (the replay's phase after every
  // event): a phase's square may already be cleared (kNoSquare after "Ann buys", before the
  // move completes) or, in a damaged journal, be off the board. Words for a square are said
  // only when the square is on the board; otherwise the phase is told without it.
  const bool on_board = s.pending_square < r.squares.size();
  switch (s.phase) {
    case Phase::AwaitingRoll:
      if (s.turn >= 0 && s.turn < s.player_count && s.player(s.turn).in_jail) return fmt::format("{} is in {}: throws for doubles, pays the fine or uses a card", who, r.words.jail);
      if (!dealing_done(r, s))
        // rule short-game/deal-two-deeds: nobody throws until every player holds his deeds.
        return fmt::format("the Banker deals {} title deeds to each player first (Referee deals {}: ...), then {} "
                           "to throw",
                           r.short_game.deeds_dealt, who, who);
      return s.rolled_this_turn ? fmt::format("{} throws again (doubles)", who) : fmt::format("{} to throw", who);
    case Phase::BuyDecision:
      if (!on_board) return fmt::format("{}'s move goes on", who);
      if (!r.regions.empty()) {
        // regional-currency: the price as the buyer pays it, and as printed in the region's money.
        const Money printed = r.square(s.pending_square).price;
        return fmt::format("{} to buy {} for {} ({} as printed) or decline", who, sq(r, s.pending_square),
                           money_in(r, cost_for(r, s, s.turn, s.pending_square, printed), currency_of_player(r, s.turn)),
                           money_in(r, printed, currency_of_square(r, s.pending_square)));
      }
      return fmt::format("{} to buy {} for {} or decline", who, sq(r, s.pending_square), money_words(r, r.square(s.pending_square).price));
    case Phase::Auction: {
      // A building auction sells one house or hotel, not a square.
      const std::string lot = s.auction.lot == AuctionLot::House   ? with_article(r.words.house)
                              : s.auction.lot == AuctionLot::Hotel ? with_article(r.words.hotel)
                              : s.auction.square < r.squares.size() ? sq(r, s.auction.square)
                                                                    : std::string();
      const std::string what = lot.empty() ? std::string("auction") : "auction of " + lot;
      return s.auction.high_bidder == kBank
                 ? fmt::format("{}: no bid yet", what)
                 : fmt::format("{}: {} bids {}", what, name_of(names, s.auction.high_bidder), money_words(r, s.auction.high_bid));
    }
    case Phase::AwaitingCard:
      return fmt::format("{} to take {} card", who, with_article(r.decks[static_cast<int>(s.pending_deck)].name));
    case Phase::CardChoice:
      return fmt::format("{} to pay {} or take {} card", who, money_words(r, s.pending_fine),
                         with_article(r.decks[static_cast<int>(s.pending_deck)].name));
    case Phase::TurnOver: return fmt::format("{}'s move is over", who);
    case Phase::Placing: return fmt::format("{} to place the building bought at auction", name_of(names, s.placing_player));
    case Phase::GameOver: return fmt::format("the game is over: {} has won", name_of(names, s.winner));
    case Phase::TaxChoice:
      if (!on_board) return fmt::format("{} to choose how to pay the tax", who);
      return fmt::format("{} to choose how to pay the tax on {}", who, sq(r, s.pending_square));
    case Phase::CardDice:
      if (!on_board) return fmt::format("{} to throw the dice for the rent", who);
      return fmt::format("{} to throw the dice for the rent on {}", who, sq(r, s.pending_square));
    case Phase::JailChoice:
      return fmt::format("{} to pay the {} fine and move, or miss their next go", who, money_words(r, s.pending_fine));
  }
  return "";
}

std::string names_joined(const std::vector<std::string>& names, const std::vector<PlayerId>& players) {
  std::string out;
  for (std::size_t i = 0; i < players.size(); ++i)
    out += (i == 0 ? "" : i + 1 == players.size() ? " and " : ", ") + name_of(names, players[i]);
  return out;
}

// The debts that hold the game up: a player still in who owes money (the move that incurred it
// is over, but nothing else may happen until it is paid or the debtor declares bankruptcy).
std::string debt_words(const Ruleset& r, const std::vector<std::string>& names, const State& s) {
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const PlayerState& ps = s.player(p);
    if (ps.bankrupt || ps.total_owed().units <= 0) continue;
    std::string creditors;
    for (std::size_t c = 0; c < ps.owes.size(); ++c)
      if (ps.owes[c].units > 0)
        creditors += (creditors.empty() ? "" : " and ") +
                     fmt::format("{} to {}", money_words(r, ps.owes[c]), name_of(names, static_cast<PlayerId>(static_cast<int>(c) - 1)));
    return fmt::format("the game waits for {0}'s debt: {0} owes {1} and has {2}; {0} pays it (raising cash first if "
                       "need be) or declares bankruptcy",
                       name_of(names, p), creditors, money_words(r, ps.cash));
  }
  return "";
}

}  // namespace

GameEnd game_end(const Ruleset& r, const State& s) {
  GameEnd end;
  if (s.phase == Phase::GameOver) {
    end.over = true;
    end.winners = {s.winner};
    return end;
  }
  if (!s.time_called) return end;
  // The short game: once time is called and the move in progress is done with its transactions
  // (and, under finish-round, the round), the estates are valued and the richest wins; no
  // GameWon event is recorded. Until then nobody has won.
  const Valuation v = value_estates(r, s);
  end.over = v.final;
  if (end.over) end.winners = v.leaders;
  return end;
}

std::string phase_words(const Ruleset& r, const std::vector<std::string>& names, const State& s) {
  const GameEnd end = game_end(r, s);
  if (s.phase == Phase::GameOver) return phase_only_words(r, names, s);
  if (end.over)
    return end.winners.size() == 1
               ? fmt::format("time was called and the estates valued: the game is over, {} has won",
                             name_of(names, end.winners.front()))
               : fmt::format("time was called and the estates valued: the game is over, {} tie",
                             names_joined(names, end.winners));
  std::string words = phase_only_words(r, names, s);
  if (std::string debt = debt_words(r, names, s); !debt.empty() && (s.phase == Phase::TurnOver || s.phase == Phase::AwaitingRoll))
    words = debt;
  if (s.time_called) {
    const TimeCalledWait waits = time_called_waits_on(r, s);
    if (waits == TimeCalledWait::Round)
      words = "time was called: the round is finished first (every player has as many turns): " + words +
              ", then the estates are valued";
    else if (waits == TimeCalledWait::Rent)
      words = fmt::format("time was called: rent may still be asked for; {} ends the turn to close the move, then "
                          "the estates are valued",
                          name_of(names, s.turn));
    else
      words = "time was called: " + words + ", then the estates are valued";
  }
  return words;
}

namespace {

// The squares of a Conglomerate, the deed on top first.
std::vector<SquareId> stack_of(const Ruleset& r, std::uint64_t mask) {
  const SquareId top = conglomerate_top(r, mask);
  std::vector<SquareId> out{top};
  for (int i = 0; i < kMaxSquares; ++i)
    if ((mask & (std::uint64_t{1} << i)) && i != top) out.push_back(static_cast<SquareId>(i));
  return out;
}

// regional-currency: the player's region and currency, and his Conglomerates (top first).
void add_currency_json(const Ruleset& r, const State& s, PlayerId p, nlohmann::ordered_json& pj) {
  const int region = region_of_player(r, p);
  if (region != kNoRegion) {
    pj["region"] = r.regions[static_cast<std::size_t>(region)].name;
    pj["currency"] = r.regions[static_cast<std::size_t>(region)].currency;
  }
  pj["conglomerates"] = nlohmann::ordered_json::array();
  for (std::uint64_t mask : s.conglomerates) {
    if (mask == 0 || s.holdings[conglomerate_top(r, mask)].owner != p) continue;
    nlohmann::ordered_json names = nlohmann::ordered_json::array();
    for (SquareId m : stack_of(r, mask)) names.push_back(sq(r, m));
    pj["conglomerates"].push_back(names);
  }
}

std::string currency_text(const Ruleset& r, PlayerId p) {
  const int region = region_of_player(r, p);
  return region == kNoRegion ? "" : " " + r.regions[static_cast<std::size_t>(region)].currency;
}

std::string conglomerates_text(const Ruleset& r, const State& s, PlayerId p) {
  std::string out;
  for (std::uint64_t mask : s.conglomerates) {
    if (mask == 0 || s.holdings[conglomerate_top(r, mask)].owner != p) continue;
    std::string names;
    for (SquareId m : stack_of(r, mask)) names += (names.empty() ? "" : ", ") + sq(r, m);
    out += "               Conglomerate: " + names + " (the first on top)\n";
  }
  return out;
}

}  // namespace

std::string narrate(const Ruleset& r, const std::vector<std::string>& names, const Event& e, const State& before) {
  if (e.type == EventType::TradeRejected && before.offer.open) return offer_ended(names, e.player, before.offer.from, before.offer.to);
  return narrate(r, names, e);
}

std::string EventNarrator::operator()(const Event& e) {
  switch (e.type) {
    case EventType::TradeOffered:
      maker_ = e.player;
      offered_ = fields::TradeOffered::to(e);
      break;
    case EventType::TradeAccepted: maker_ = offered_ = kBank; break;
    case EventType::TradeRejected:
      if (maker_ != kBank) {
        const PlayerId maker = maker_, offered = offered_;
        maker_ = offered_ = kBank;
        return offer_ended(names_, e.player, maker, offered);
      }
      break;
    default: break;
  }
  return narrate(ruleset_, names_, e);
}

namespace {

// One side of an open trade offer: the deeds, the cash and the cards it hands over.
nlohmann::ordered_json offer_side_json(const Ruleset& r, std::uint64_t deeds, Money cash, int cards) {
  nlohmann::ordered_json side;
  side["properties"] = nlohmann::ordered_json::array();
  for (int i = 0; i < r.board_size(); ++i)
    if (deeds & (std::uint64_t{1} << i)) side["properties"].push_back(sq(r, static_cast<SquareId>(i)));
  side["cash"] = cash.units;
  side["cards"] = cards;
  return side;
}

std::string offer_side_text(const Ruleset& r, std::uint64_t deeds, Money cash, int cards) {
  std::string out;
  for (int i = 0; i < r.board_size(); ++i)
    if (deeds & (std::uint64_t{1} << i)) out += (out.empty() ? "" : ", ") + sq(r, static_cast<SquareId>(i));
  if (cash.units > 0) out += (out.empty() ? "" : ", ") + money_words(r, cash);
  if (cards > 0) out += (out.empty() ? "" : ", ") + count_of(cards, r.words.jail_card + " card");
  return out.empty() ? std::string("nothing") : out;
}

std::string rates_text(const Ruleset& r, const State& s) {
  if (r.regions.empty()) return "";
  std::string out = "Exchange rates:";
  for (std::size_t i = 0; i < r.regions.size(); ++i)
    out += fmt::format("{} {} {:+d} ({})", i ? "," : "", r.regions[i].name, exchange_rate(r, s, static_cast<int>(i)),
                       r.regions[i].currency);
  return out + "\n";
}

}  // namespace

nlohmann::ordered_json position_json(const Game& g) {
  const Ruleset& r = g.ruleset;
  const State& s = g.state;
  nlohmann::ordered_json j;
  j["game"] = g.id;
  j["ruleset"] = r.id;
  j["seq"] = s.seq;
  j["turn"] = {{"player", name_of(g.header.players, s.turn)},
               {"phase", phase_name(s.phase)},
               {"words", phase_words(r, g.header.players, s)}};
  j["players"] = nlohmann::ordered_json::array();
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const PlayerState& ps = s.player(p);
    nlohmann::ordered_json pj;
    pj["name"] = g.header.players[static_cast<std::size_t>(p)];
    pj["cash"] = ps.cash.units;
    pj["square"] = ps.square;
    pj["square_name"] = sq(r, ps.square);
    pj["in_jail"] = ps.in_jail;
    if (ps.in_jail) pj["jail_turns"] = ps.jail_turns;
    pj["jail_cards"] = ps.jail_card_count();
    pj["bankrupt"] = ps.bankrupt;
    if (ps.total_owed().units > 0) {
      pj["owes"] = nlohmann::ordered_json::array();
      for (std::size_t c = 0; c < ps.owes.size(); ++c)
        if (ps.owes[c].units > 0)
          pj["owes"].push_back({{"to", c == 0 ? std::string("Bank") : name_of(g.header.players, static_cast<PlayerId>(c - 1))},
                                {"amount", ps.owes[c].units}});
    }
    pj["properties"] = nlohmann::ordered_json::array();
    for (int sqi = 0; sqi < r.board_size(); ++sqi) {
      const Holding& h = s.holdings[static_cast<std::size_t>(sqi)];
      if (h.owner != p) continue;
      pj["properties"].push_back({{"name", r.squares[static_cast<std::size_t>(sqi)].name},
                                  {"houses", h.buildings == kHotel ? 0 : h.buildings},
                                  {"hotel", h.buildings == kHotel},
                                  {"mortgaged", h.mortgaged}});
    }
    if (!r.regions.empty()) add_currency_json(r, s, p, pj);
    j["players"].push_back(pj);
  }
  if (!r.regions.empty()) {
    // regional-currency: each region's rate now (cash above is in each player's own currency).
    j["exchange_rates"] = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < r.regions.size(); ++i)
      j["exchange_rates"][r.regions[i].name] = exchange_rate(r, s, static_cast<int>(i));
  }
  j["bank"] = {{"houses", s.bank_houses}, {"hotels", s.bank_hotels}};
  // INTERFACE.md section 4: what else the game waits on or has come to.
  if (s.offer.open)
    j["offer"] = {{"from", name_of(g.header.players, s.offer.from)},
                  {"to", name_of(g.header.players, s.offer.to)},
                  {"gives", offer_side_json(r, s.offer.give, s.offer.give_cash, s.offer.give_cards)},
                  {"asks", offer_side_json(r, s.offer.get, s.offer.get_cash, s.offer.get_cards)}};
  const GameEnd end = game_end(r, s);
  j["over"] = end.over;
  if (end.over && end.winners.size() == 1) j["winner"] = name_of(g.header.players, end.winners.front());
  if (end.over && end.winners.size() > 1) {
    j["tied"] = nlohmann::ordered_json::array();
    for (PlayerId p : end.winners) j["tied"].push_back(name_of(g.header.players, p));
  }
  j["time_called"] = s.time_called;
  for (const RentClaim& c : s.rents) {
    if (!c.open) continue;
    const nlohmann::ordered_json due{{"payer", name_of(g.header.players, c.payer)},
                                     {"owner", name_of(g.header.players, c.owner)},
                                     {"square", sq(r, c.square)},
                                     {"amount", c.amount.units}};
    // The first open claim as INTERFACE-style "rent_due"; all of them (US windows overlap) as "rents_due".
    if (!j.contains("rent_due")) j["rent_due"] = due;
    j["rents_due"].push_back(due);
  }
  return j;
}

std::string position_text(const Game& g) {
  const Ruleset& r = g.ruleset;
  const State& s = g.state;
  std::string out = fmt::format("Game {} ({}), after event {}\nNow: {}\n", g.id, r.id, s.seq, phase_words(r, g.header.players, s));
  for (const RentClaim& c : s.rents)
    if (c.open)
      out += fmt::format("Rent open: {} owes {} {} for {} if asked in time\n", name_of(g.header.players, c.payer),
                         name_of(g.header.players, c.owner), money_words(r, c.amount), sq(r, c.square));
  if (s.offer.open)
    out += fmt::format("Offer open: {} offers {}: {} for {} ({} accepts or rejects)\n", name_of(g.header.players, s.offer.from),
                       name_of(g.header.players, s.offer.to),
                       offer_side_text(r, s.offer.give, s.offer.give_cash, s.offer.give_cards),
                       offer_side_text(r, s.offer.get, s.offer.get_cash, s.offer.get_cards),
                       name_of(g.header.players, s.offer.to));
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const PlayerState& ps = s.player(p);
    if (ps.bankrupt) {
      // Out of the game: no cash, square or deeds of their own to show.
      out += fmt::format("  {:<12} bankrupt, out of the game\n", g.header.players[static_cast<std::size_t>(p)]);
      continue;
    }
    out += fmt::format("  {:<12} {:>7}{}  on {}{}{}{}\n", g.header.players[static_cast<std::size_t>(p)], money_words(r, ps.cash),
                       currency_text(r, p),
                       sq(r, ps.square), ps.in_jail ? fmt::format(" (in {}, {} used)", r.words.jail, count_of(ps.jail_turns, "turn")) : "",
                       ps.jail_card_count() ? ", " + count_of(ps.jail_card_count(), r.words.jail_card + " card") : "",
                       ps.total_owed().units ? fmt::format(", OWES {}", money_words(r, ps.total_owed())) : "");
    std::string props;
    for (int sqi = 0; sqi < r.board_size(); ++sqi) {
      const Holding& h = s.holdings[static_cast<std::size_t>(sqi)];
      if (h.owner != p) continue;
      props += (props.empty() ? "" : ", ") + r.squares[static_cast<std::size_t>(sqi)].name;
      if (h.buildings) props += " (" + buildings_words(r, h.buildings) + ")";
      if (h.mortgaged) props += " (mortgaged)";
    }
    if (!props.empty()) out += "               owns " + props + "\n";
    out += conglomerates_text(r, s, p);
  }
  out += rates_text(r, s);
  out += fmt::format("Bank: {} {}, {} {}\n", s.bank_houses, r.words.houses, s.bank_hotels,
                     s.bank_hotels == 1 ? r.words.hotel : r.words.hotels);
  return out;
}

std::string between_moves_note(std::int64_t asked, const MoveSpan& span) {
  return fmt::format("event {} is inside the move \"{}\" (events {} to {}): the position is the one after that whole move",
                     asked, span.move, span.first, span.last);
}

}  // namespace deedlog
