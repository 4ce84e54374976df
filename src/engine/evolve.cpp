#include "deedlog/evolve.h"

#include "deedlog/event_fields.h"

namespace deedlog {
namespace {

// A debt's slot: [0] the Bank's, [seat + 1] a player's (the codec admits no other creditor).
Money& owed_slot(PlayerState& p, PlayerOrBank creditor) {
  return p.owes[creditor.is_bank() ? 0 : static_cast<std::size_t>(creditor.seat()) + 1];
}

void pay_bank(State& s, PlayerId p, Money m) {
  s.player(p).cash -= m;
  s.bank_takings += m;
}

void paid_by_bank(State& s, PlayerId p, Money m) {
  s.player(p).cash += m;
  s.bank_takings -= m;
}

// A payment between players: the payer gives amount in his currency; the payee gets amount2 in
// his when the Bank exchanged it (regional-currency), and the Bank keeps or adds the difference.
void transfer(State& s, const Event& e) {
  const Money received = fields::shared::amount2(e).units != 0 ? fields::shared::amount2(e) : fields::shared::amount(e);
  s.player(e.player).cash -= fields::shared::amount(e);
  s.player(fields::shared::other(e)).cash += received;
  s.bank_takings += fields::shared::amount(e) - received;
}

void take_from_pack(PackState& pack, CardIndex card) {
  const std::uint64_t bit = std::uint64_t{1} << card;
  if (pack.unseen & bit) {
    pack.unseen &= ~bit;
  } else if (pack.size > 0 && pack.known_at(0) == card) {
    pack.pop_top();
  }
}

}  // namespace

void evolve(State& s, const Event& e) {
  ++s.seq;
  switch (e.type) {
    case EventType::MovePlayed:
      // Where this move began, for a take-back (rule referee/take-back).
      s.move_lines[static_cast<std::size_t>(s.moves_played % kTakeBackDepth)] = s.seq;
      ++s.moves_played;
      break;
    case EventType::RulingRecorded:
    case EventType::NoteRecorded:  // rule referee/note: a note changes nothing
      break;
    case EventType::MovesTakenBack:
      // The position it returns to is not in the event: the reader folds on from
      // after_take_back (evolve.h). Alone, it changes nothing but the count of events.
      break;
    case EventType::TaxChoiceOffered:
      s.phase = Phase::TaxChoice;
      s.pending_square = fields::TaxChoiceOffered::square(e);
      break;
    case EventType::CardDiceAwaited:
      s.phase = Phase::CardDice;
      s.pending_square = fields::CardDiceAwaited::square(e);
      s.pending_multiplier = static_cast<std::uint8_t>(fields::CardDiceAwaited::multiplier(e));
      break;
    case EventType::JackpotAdded:
      s.jackpot += fields::JackpotAdded::added(e);
      break;
    case EventType::JackpotWon:
      paid_by_bank(s, e.player, fields::JackpotWon::won(e));
      s.jackpot -= fields::JackpotWon::won(e);
      break;
    case EventType::CardDiceThrown:
      s.last_die1 = fields::CardDiceThrown::die1(e);
      s.last_die2 = fields::CardDiceThrown::die2(e);
      ++s.throws;
      ++s.player(e.player).throws;
      break;
    case EventType::PlayerPlaced: {
      PlayerState& p = s.player(e.player);
      const std::int64_t before = p.cash.units;
      p.cash = fields::PlayerPlaced::cash(e);
      // The Bank hands out the starting money: it counts against its takings.
      s.bank_takings -= Money{fields::PlayerPlaced::cash(e).units - before};
      p.square = fields::PlayerPlaced::square(e);
      p.in_jail = fields::PlayerPlaced::in_jail(e);
      p.jail_turns = static_cast<std::uint8_t>(fields::PlayerPlaced::jail_turns(e));
      // A token placed off the start square or in jail is a position in play (see State::set_up).
      if (fields::PlayerPlaced::square(e) != 0 || fields::PlayerPlaced::in_jail(e)) s.set_up = true;
      break;
    }
    case EventType::PropertyAssigned: {
      s.set_up = true;
      Holding& h = s.holdings[fields::PropertyAssigned::square(e)];
      h.owner = e.player;
      const int buildings = fields::PropertyAssigned::buildings(e);
      h.buildings = static_cast<std::uint8_t>(buildings);
      h.mortgaged = fields::PropertyAssigned::mortgaged(e);
      if (buildings == kHotel) --s.bank_hotels;
      else s.bank_houses -= buildings;
      break;
    }
    case EventType::JailCardAssigned:
    case EventType::JailCardKept: {
      PackState& pack = s.packs[static_cast<int>(fields::shared::deck(e))];
      if (e.type == EventType::JailCardAssigned) {
        take_from_pack(pack, fields::shared::card(e));
        s.set_up = true;
      }
      pack.out |= std::uint64_t{1} << fields::shared::card(e);
      ++s.player(e.player).jail_cards[static_cast<int>(fields::shared::deck(e))];
      break;
    }
    case EventType::JailCardReturned: {
      PackState& pack = s.packs[static_cast<int>(fields::JailCardReturned::deck(e))];
      pack.out &= ~(std::uint64_t{1} << fields::JailCardReturned::card(e));
      pack.push_bottom(fields::JailCardReturned::card(e));
      --s.player(e.player).jail_cards[static_cast<int>(fields::JailCardReturned::deck(e))];
      break;
    }
    case EventType::DeckShuffled: {
      PackState& pack = s.packs[static_cast<int>(fields::DeckShuffled::deck(e))];
      pack.unseen = 0;
      pack.size = 0;
      pack.head = 0;
      for (CardIndex c : fields::DeckShuffled::order(e)) pack.push_bottom(c);
      break;
    }
    case EventType::TurnStarted:
      s.turn = e.player;
      s.phase = Phase::AwaitingRoll;
      s.doubles = 0;
      s.rolled_this_turn = false;
      s.throw_again = false;
      s.offers_this_turn = 0;
      break;
    case EventType::DiceThrown:
      s.last_die1 = fields::DiceThrown::die1(e);
      s.last_die2 = fields::DiceThrown::die2(e);
      s.doubles = static_cast<std::uint8_t>(fields::DiceThrown::doubles_run(e));
      s.throw_again = fields::DiceThrown::throws_again(e);
      s.rolled_this_turn = true;
      s.lift_at_once = 0;
      ++s.throws;
      ++s.player(e.player).throws;
      break;
    case EventType::TokenMoved:
      s.player(e.player).square = fields::TokenMoved::to(e);
      break;
    case EventType::SalaryPaid:
    case EventType::PaidByBank:
      paid_by_bank(s, e.player, fields::shared::amount(e));
      break;
    case EventType::PropertyOffered:
      s.phase = Phase::BuyDecision;
      s.pending_square = fields::PropertyOffered::square(e);
      s.offered_at = e.clock;
      break;
    case EventType::PropertyBought:
      pay_bank(s, e.player, fields::PropertyBought::paid(e));
      s.holdings[fields::PropertyBought::square(e)].owner = e.player;
      s.pending_square = kNoSquare;
      break;
    case EventType::AuctionWon:
      pay_bank(s, e.player, fields::AuctionWon::price(e));
      // A property lot names its square, a building lot none (the codec holds them to that).
      if (const SquareOrNone lot = fields::AuctionWon::square(e); !lot.is_none()) {
        s.holdings[lot.square()].owner = e.player;
        s.bank_auction_queue &= ~(std::uint64_t{1} << lot.square());
      } else {
        // A building bought at auction: its buyer places it next.
        s.phase = Phase::Placing;
        s.placing_player = e.player;
        s.placing_lot = s.auction.lot;
      }
      s.pending_square = kNoSquare;
      s.auction = AuctionState{};
      break;
    case EventType::PurchaseDeclined:
      break;
    case EventType::AuctionOpened:
      // A building auction or one of a bankrupt's properties interrupts the game; it resumes
      // where it was. A declined property's auction is part of the move.
      if (s.phase != Phase::Auction && s.phase != Phase::BuyDecision) s.phase_after_auction = s.phase;
      s.phase = Phase::Auction;
      s.auction = AuctionState{};
      s.auction.lot = fields::AuctionOpened::lot(e);
      s.auction.square = fields::AuctionOpened::square(e).raw;
      s.auction.since = e.clock;
      break;
    case EventType::BidMade:
      s.auction.high_bid = fields::BidMade::bid(e);
      s.auction.high_bidder = e.player;
      s.auction.since = e.clock;
      break;
    case EventType::BidderPassed:
      s.auction.passed |= static_cast<std::uint8_t>(1u << e.player);
      break;
    case EventType::AuctionUnsold:
      if (const SquareOrNone lot = fields::AuctionUnsold::square(e); !lot.is_none())
        s.bank_auction_queue &= ~(std::uint64_t{1} << lot.square());
      else
        s.phase = s.phase_after_auction;
      s.pending_square = kNoSquare;
      s.auction = AuctionState{};
      break;
    case EventType::RentDue:
      for (RentClaim& c : s.rents)
        if (!c.open) {
          c = RentClaim{true, e.player, fields::RentDue::owner(e), fields::RentDue::square(e), fields::RentDue::rent(e), fields::RentDue::closes_on(e).raw, fields::RentDue::due_at(e)};
          break;
        }
      break;
    case EventType::RentPaid:
      transfer(s, e);
      break;
    case EventType::RentClaimed:
    case EventType::RentForfeited:
      // The claim this event settles: the open one for this payer, owner and square.
      for (RentClaim& c : s.rents)
        if (c.open && c.payer == e.player && c.owner == fields::shared::other(e) && c.square == fields::shared::square(e)) {
          c = RentClaim{};
          break;
        }
      break;
    case EventType::TaxPaid:
    case EventType::PaidToBank:
    case EventType::FinePaid:
      pay_bank(s, e.player, fields::shared::amount(e));
      break;
    case EventType::CardAwaited:
      s.phase = Phase::AwaitingCard;
      s.pending_deck = fields::CardAwaited::deck(e);
      break;
    case EventType::CardDrawn: {
      PackState& pack = s.packs[static_cast<int>(fields::CardDrawn::deck(e))];
      take_from_pack(pack, fields::CardDrawn::card(e));
      // Back to the bottom at once, unless the player keeps it (flag; JailCardKept follows).
      if (!fields::CardDrawn::kept(e)) pack.push_bottom(fields::CardDrawn::card(e));
      break;
    }
    case EventType::CardChoiceOffered:
      s.phase = Phase::CardChoice;
      s.pending_deck = fields::CardChoiceOffered::other_deck(e);
      s.pending_fine = fields::CardChoiceOffered::fine(e);
      break;
    case EventType::PaidToPlayer:
      transfer(s, e);
      break;
    case EventType::SentToJail: {
      PlayerState& p = s.player(e.player);
      p.square = fields::SentToJail::jail(e);
      p.in_jail = true;
      p.jail_turns = 0;
      s.throw_again = false;
      break;
    }
    case EventType::JailTurnFailed:
      s.player(e.player).jail_turns = static_cast<std::uint8_t>(fields::JailTurnFailed::turns_used(e));
      break;
    case EventType::LeftJail: {
      PlayerState& p = s.player(e.player);
      p.in_jail = false;
      p.jail_turns = 0;
      break;
    }
    case EventType::DebtIncurred: {
      owed_slot(s.player(e.player), fields::DebtIncurred::creditor(e)) += fields::DebtIncurred::owed(e);
      // Transfer interest owed rather than paid still counts as the 10% paid at the transfer.
      const SquareOrNone on = fields::DebtIncurred::square(e);
      if (fields::DebtIncurred::for_payment(e) == EventType::InterestPaid && !on.is_none())
        s.lift_at_once |= std::uint64_t{1} << on.square();
      break;
    }
    case EventType::MoveCompleted:
      s.phase = fields::MoveCompleted::throws_again(e) ? Phase::AwaitingRoll : Phase::TurnOver;
      s.pending_square = kNoSquare;
      break;
    case EventType::HouseBuilt:
      pay_bank(s, e.player, fields::HouseBuilt::paid(e));
      ++s.holdings[fields::HouseBuilt::site(e)].buildings;
      --s.bank_houses;
      break;
    case EventType::HotelBuilt:
      pay_bank(s, e.player, fields::HotelBuilt::paid(e));
      s.holdings[fields::HotelBuilt::site(e)].buildings = kHotel;
      s.bank_houses += fields::HotelBuilt::houses_returned(e);
      --s.bank_hotels;
      break;
    case EventType::HouseSold:
      paid_by_bank(s, e.player, fields::HouseSold::received(e));
      --s.holdings[fields::HouseSold::site(e)].buildings;
      ++s.bank_houses;
      break;
    case EventType::HotelSold:
      paid_by_bank(s, e.player, fields::HotelSold::received(e));
      ++s.bank_hotels;
      s.holdings[fields::HotelSold::site(e)].buildings = static_cast<std::uint8_t>(fields::HotelSold::houses_left(e));
      s.bank_houses -= fields::HotelSold::houses_left(e);
      break;
    case EventType::PropertyMortgaged:
      paid_by_bank(s, e.player, fields::PropertyMortgaged::lent(e));
      s.holdings[fields::PropertyMortgaged::square(e)].mortgaged = true;
      break;
    case EventType::MortgageLifted:
      pay_bank(s, e.player, fields::MortgageLifted::principal(e));
      s.holdings[fields::MortgageLifted::square(e)].mortgaged = false;
      s.lift_at_once &= ~(std::uint64_t{1} << fields::MortgageLifted::square(e));
      break;
    case EventType::InterestPaid:
      pay_bank(s, e.player, fields::InterestPaid::paid(e));
      if (fields::InterestPaid::on_transfer(e)) s.lift_at_once |= std::uint64_t{1} << fields::InterestPaid::square(e);
      break;
    case EventType::TradeOffered:
      s.offer = TradeOffer{true, e.player, fields::TradeOffered::to(e), fields::TradeOffered::gives(e), fields::TradeOffered::asks(e), fields::TradeOffered::gives_cash(e), fields::TradeOffered::asks_cash(e), static_cast<std::uint8_t>(fields::TradeOffered::gives_cards(e)), static_cast<std::uint8_t>(fields::TradeOffered::asks_cards(e))};
      ++s.offers_this_turn;
      break;
    case EventType::TradeRejected:
    case EventType::TradeAccepted:
      s.offer = TradeOffer{};
      break;
    case EventType::ConglomerateFormed:
      for (std::uint64_t& slot : s.conglomerates)
        if (slot == 0) {
          slot = fields::ConglomerateFormed::squares(e);
          break;
        }
      break;
    case EventType::PropertyTransferred: {
      // rule conglomerate/fixed-until-sold: a member leaving its owner breaks the Conglomerate;
      // the other two are free to be stacked again.
      for (std::uint64_t& slot : s.conglomerates)
        if (slot & (std::uint64_t{1} << fields::PropertyTransferred::square(e))) slot = 0;
      Holding& h = s.holdings[fields::PropertyTransferred::square(e)];
      const PlayerOrBank to = fields::PropertyTransferred::to(e);
      h.owner = to.raw;
      s.lift_at_once &= ~(std::uint64_t{1} << fields::PropertyTransferred::square(e));
      if (to.is_bank()) h.mortgaged = false;  // the Bank holds its deeds free of its own loans
      break;
    }
    case EventType::JailCardTransferred: {
      const int d = static_cast<int>(fields::JailCardTransferred::deck(e));
      --s.player(e.player).jail_cards[d];
      ++s.player(fields::JailCardTransferred::to(e)).jail_cards[d];
      break;
    }
    case EventType::DebtSettledInKind:
      owed_slot(s.player(e.player), fields::DebtSettledInKind::creditor(e)) -= fields::DebtSettledInKind::reduced_by(e);
      break;
    case EventType::DebtPaid:
      owed_slot(s.player(e.player), fields::DebtPaid::creditor(e)) -= fields::DebtPaid::paid(e);
      if (fields::DebtPaid::creditor(e).is_bank()) pay_bank(s, e.player, fields::DebtPaid::paid(e));
      else transfer(s, e);
      break;
    case EventType::PlayerBankrupted: {
      PlayerState& p = s.player(e.player);
      p.bankrupt = true;
      p.owes = {};
      p.in_jail = false;
      // rule bankruptcy/debts-to-the-bankrupt-lapse: what others owed him lapses with him (he
      // leaves the game, and his creditor takes what he holds, not what he is owed); paid later,
      // it would hand cash to a player out of the game (found by fuzz/fuzz_decide.cpp).
      for (PlayerId q = 0; q < s.player_count; ++q) s.player(q).owes[static_cast<std::size_t>(e.player) + 1] = Money{};
      break;
    }
    case EventType::BankAuctionsQueued:
      // mask 0: the last of them is sold and the game resumes where it was.
      s.bank_auction_queue = fields::BankAuctionsQueued::squares(e);
      if (fields::BankAuctionsQueued::squares(e) == 0) s.phase = s.phase_after_auction;
      break;
    case EventType::GameWon:
      s.phase = Phase::GameOver;
      s.winner = e.player;
      break;
    case EventType::TitleDealt:
      pay_bank(s, e.player, fields::TitleDealt::price(e));
      s.holdings[fields::TitleDealt::square(e)].owner = e.player;
      break;
    case EventType::TimeCalled:
      s.time_called = true;
      break;
    case EventType::JailChoiceOffered:
      s.phase = Phase::JailChoice;
      s.pending_fine = fields::JailChoiceOffered::fine(e);
      break;
    case EventType::GoSkipped:
      s.phase = Phase::TurnOver;
      break;
    case EventType::BuildingPlaced:
      s.phase = s.phase_after_auction;
      s.placing_player = kBank;
      break;
  }
}

std::int64_t first_voided(const Event& take_back, std::int64_t seq) {
  // The MovesTakenBack follows its own move line: the events voided are those before that line.
  return seq - 1 - fields::MovesTakenBack::events_voided(take_back);
}

State after_take_back(const State& before_voided, std::int64_t seq) {
  State s = before_voided;
  s.seq = seq;
  return s;
}

}  // namespace deedlog
