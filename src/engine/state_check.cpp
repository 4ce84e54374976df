#include "deedlog/state_check.h"

#include <fmt/format.h>

#include <algorithm>

#include "deedlog/invariants.h"

namespace deedlog {
namespace {

bool money_ok(Money m) { return m.units >= -kMaxMoneyUnits && m.units <= kMaxMoneyUnits; }

// Bits only for squares of this board.
bool squares_mask_ok(const Ruleset& r, std::uint64_t mask) {
  return r.board_size() >= 64 || (mask >> r.board_size()) == 0;
}

bool cards_mask_ok(std::size_t cards, std::uint64_t mask) { return cards >= 64 || (mask >> cards) == 0; }

// A seat, or one of the non-players the field allows.
bool seat_ok(int player_count, PlayerId p, bool bank_allowed) {
  return (p >= 0 && p < player_count) || (bank_allowed && p == kBank);
}

bool square_ok(const Ruleset& r, SquareId s, bool none_allowed) {
  return s < r.board_size() || (none_allowed && s == kNoSquare);
}

bool phase_ok(Phase p) { return static_cast<int>(p) <= static_cast<int>(Phase::JailChoice); }
bool lot_ok(AuctionLot l) { return static_cast<int>(l) <= static_cast<int>(AuctionLot::Hotel); }
bool deck_ok(DeckId d) { return static_cast<int>(d) < kDeckCount; }
bool clock_ok(std::int64_t t) { return t == kNoTime || (t >= -kMaxMoneyUnits && t <= kMaxMoneyUnits); }

std::string check_ranges(const Ruleset& r, int n, const State& s) {
  if (s.player_count != n) return fmt::format("it is for {} players, the game has {}", s.player_count, n);
  for (int p = 0; p < kMaxPlayers; ++p) {
    const PlayerState& ps = s.players[static_cast<std::size_t>(p)];
    if (p >= n) {
      if (!(ps == PlayerState{})) return fmt::format("it holds a player in seat {} of {}", p + 1, n);
      continue;
    }
    if (!money_ok(ps.cash)) return fmt::format("player {} holds an impossible sum", p + 1);
    if (!square_ok(r, ps.square, false)) return fmt::format("player {} stands off the board", p + 1);
    if (ps.jail_turns > 10) return fmt::format("player {} has spent {} turns in jail", p + 1, ps.jail_turns);
    for (int d = 0; d < kDeckCount; ++d)
      if (ps.jail_cards[static_cast<std::size_t>(d)] > r.decks[static_cast<std::size_t>(d)].cards.size())
        return fmt::format("player {} holds more cards than the pack has", p + 1);
    for (const Money& m : ps.owes)
      if (m.units < 0 || !money_ok(m)) return fmt::format("player {} owes an impossible sum", p + 1);
    // A debt runs between two players still at the table, or to the Bank: never to oneself (a
    // bankruptcy to oneself handed the deeds to a bankrupt), never from or to a bankrupt player
    // (PlayerBankrupted clears what the player owed).
    if (ps.owes[static_cast<std::size_t>(p) + 1].units != 0) return fmt::format("player {} owes himself", p + 1);
    if (ps.bankrupt && ps.owes_any()) return fmt::format("bankrupt player {} still owes", p + 1);
    for (int q = n; q < kMaxPlayers; ++q)
      if (ps.owes[static_cast<std::size_t>(q) + 1].units != 0)
        return fmt::format("player {} owes a player not at the table", p + 1);
  }
  for (int p = 0; p < n; ++p)
    for (int q = 0; q < n; ++q)
      if (s.players[static_cast<std::size_t>(q)].bankrupt &&
          s.players[static_cast<std::size_t>(p)].owes[static_cast<std::size_t>(q) + 1].units != 0)
        return fmt::format("player {} owes bankrupt player {}", p + 1, q + 1);
  for (int i = 0; i < kMaxSquares; ++i) {
    const Holding& h = s.holdings[static_cast<std::size_t>(i)];
    if (i >= r.board_size()) {
      if (!(h == Holding{})) return fmt::format("square {} is off this board but has an owner", i);
      continue;
    }
    if (!seat_ok(n, h.owner, true)) return fmt::format("square {} has an impossible owner", i);
    if (h.buildings > kHotel) return fmt::format("square {} carries {} buildings", i, h.buildings);
  }
  if (s.bank_houses < 0 || s.bank_houses > r.house_stock || s.bank_hotels < 0 || s.bank_hotels > r.hotel_stock)
    return "the Bank's houses or hotels are out of range";
  for (int d = 0; d < kDeckCount; ++d) {
    const PackState& pack = s.packs[static_cast<std::size_t>(d)];
    const std::size_t cards = r.decks[static_cast<std::size_t>(d)].cards.size();
    if (pack.size > cards || pack.head >= kMaxCards || !cards_mask_ok(cards, pack.unseen) ||
        !cards_mask_ok(cards, pack.out))
      return fmt::format("card pack {} is out of range", d + 1);
    for (int k = 0; k < pack.size; ++k)
      if (pack.known_at(k) >= cards) return fmt::format("card pack {} holds a card it does not have", d + 1);
  }
  if (!seat_ok(n, s.turn, false)) return "it is the turn of a player who is not at the table";
  if (!phase_ok(s.phase) || !phase_ok(s.phase_after_auction)) return "its phase is not one the game has";
  if (s.doubles > r.doubles_to_jail || s.last_die1 < 0 || s.last_die1 > 6 || s.last_die2 < 0 || s.last_die2 > 6)
    return "its dice are out of range";
  if (!square_ok(r, s.pending_square, true) || !deck_ok(s.pending_deck) || !money_ok(s.pending_fine))
    return "the move in progress is out of range";
  if (!clock_ok(s.offered_at) || !clock_ok(s.auction.since)) return "a clock is out of range";
  const AuctionState& a = s.auction;
  if (!lot_ok(a.lot) || !square_ok(r, a.square, true) || !money_ok(a.high_bid) || !seat_ok(n, a.high_bidder, true) ||
      (n < 8 && (a.passed >> n) != 0))
    return "the auction is out of range";
  for (const RentClaim& c : s.rents) {
    if (!c.open) continue;
    if (!seat_ok(n, c.payer, false) || !seat_ok(n, c.owner, false) || !square_ok(r, c.square, false) ||
        !money_ok(c.amount) || !seat_ok(n, c.closes_on, true) || !clock_ok(c.since))
      return "a rent claim is out of range";
  }
  const TradeOffer& o = s.offer;
  if (o.open && (!seat_ok(n, o.from, false) || !seat_ok(n, o.to, false) || !squares_mask_ok(r, o.give) ||
                 !squares_mask_ok(r, o.get) || !money_ok(o.give_cash) || !money_ok(o.get_cash)))
    return "the trade offer is out of range";
  if (!squares_mask_ok(r, s.bank_auction_queue) || !squares_mask_ok(r, s.lift_at_once))
    return "a set of squares is out of range";
  if (!seat_ok(n, s.placing_player, true) || !lot_ok(s.placing_lot)) return "the building to place is out of range";
  if (!seat_ok(n, s.winner, true)) return "the winner is not at the table";
  if (s.seq < 0 || !money_ok(s.bank_takings) || !money_ok(s.jackpot)) return "a total is out of range";
  for (std::uint64_t m : s.conglomerates)
    if (!squares_mask_ok(r, m)) return "a Conglomerate is out of range";
  // The move lines a take-back may return to: events of this game, in order.
  if (s.moves_played < 0 || s.moves_played > s.seq) return "its count of moves is out of range";
  const std::int64_t kept = std::min<std::int64_t>(s.moves_played, kTakeBackDepth);
  std::int64_t before = 0;
  for (std::int64_t m = s.moves_played - kept; m < s.moves_played; ++m) {
    const std::int64_t line = s.move_lines[static_cast<std::size_t>(m % kTakeBackDepth)];
    if (line <= before || line > s.seq) return "where its last moves began is out of range";
    before = line;
  }
  return {};
}

}  // namespace

std::string check_between_moves(const Ruleset& r, int n, const State& s) {
  if (std::string why = check_state(r, n, s); !why.empty()) return why;
  // The phase and what it waits on agree: the rules read the square or the player a phase
  // names without asking again (a BuyDecision naming no square indexed square 255). Within a
  // move they may part for an event (a purchase clears the square before the move completes).
  const auto property = [&](SquareId sq) { return sq < r.board_size() && r.square(sq).is_property(); };
  if ((s.phase == Phase::BuyDecision || s.phase == Phase::CardDice) && !property(s.pending_square))
    return "the move waited on names no property";
  if (s.phase == Phase::TaxChoice && s.pending_square >= r.board_size()) return "the tax choice names no square";
  if (s.phase == Phase::Auction && s.auction.lot == AuctionLot::Property && !property(s.auction.square))
    return "the auction sells no property";
  if (s.phase == Phase::Placing && !seat_ok(n, s.placing_player, false)) return "nobody is placing the building";
  // A landing is resolved for a token that stands on its square: never one in jail (a card
  // drawn there moved a jailed token off the Jail square).
  const bool landing = s.phase == Phase::BuyDecision || s.phase == Phase::AwaitingCard ||
                       s.phase == Phase::CardChoice || s.phase == Phase::TaxChoice || s.phase == Phase::CardDice;
  if (landing && s.player(s.turn).in_jail) return "the player in jail is resolving a landing";
  // The Bank offers the site the mover's token stands on, and only while it holds it (rule
  // buy/printed-price): an offer of another square, or of one somebody owns, would sell a
  // site twice (found by fuzz/fuzz_event_fold.cpp: square 12 offered, the token on 24).
  if (s.phase == Phase::BuyDecision &&
      (s.player(s.turn).square != s.pending_square || s.holdings[s.pending_square].owner != kBank))
    return "the offer is not of the unowned site the mover stands on";
  return {};
}

std::string check_state(const Ruleset& ruleset, int player_count, const State& state) {
  if (std::string why = check_ranges(ruleset, player_count, state); !why.empty()) return why;
  // Between the events of a move a group may be uneven for a moment; a stored position need
  // not fall on a move's end, so evenness is not asked.
  return check_invariants(ruleset, state, /*move_complete=*/false);
}

}  // namespace deedlog
