#include "deedlog/valuation.h"

#include "deedlog/building_group.h"
#include "deedlog/currency.h"
#include "deedlog/position_queries.h"

namespace deedlog {

namespace {

// regional-currency: estates are compared in par dollars (a currency at rate 0): what a sum in
// a currency at `rate` is worth at par. Elsewhere the sum itself.
Money at_par(const Ruleset& r, Money amount, int rate) {
  return amount.units < 0 ? -value_across(r, -amount, 0, rate) : value_across(r, amount, 0, rate);
}

// --variant finish-round: the round is complete once the last seat still in the game has had his
// turn in it (his move is over), or a new round has not begun (the first seat still to throw).
// Rounds are counted from the first seat of the Players tag.
bool round_complete(const State& s) {
  PlayerId first = kBank;
  PlayerId last = kBank;
  for (PlayerId p = 0; p < s.player_count; ++p) {
    if (!is_active(s, p)) continue;
    if (first == kBank) first = p;
    last = p;
  }
  if (s.phase == Phase::TurnOver && s.turn == last) return true;
  return s.phase == Phase::AwaitingRoll && !s.rolled_this_turn && s.turn == first;
}

}  // namespace

TimeCalledWait time_called_waits_on(const Ruleset& /*ruleset*/, const State& s) {
  if (!s.time_called || s.phase == Phase::GameOver) return TimeCalledWait::Nothing;
  // rule short-game/finish-round: every player has as many turns before the game ends.
  if (s.finish_round && !round_complete(s)) return TimeCalledWait::Round;
  // rule short-game/time-called: the move in actual play and its transactions complete first.
  if (s.phase != Phase::TurnOver && s.phase != Phase::AwaitingRoll) return TimeCalledWait::Move;
  for (PlayerId p = 0; p < s.player_count; ++p)
    if (!s.player(p).bankrupt && s.player(p).owes_any()) return TimeCalledWait::Debt;
  if (s.bank_auction_queue != 0) return TimeCalledWait::Move;
  if (s.rent_open()) return TimeCalledWait::Rent;
  return TimeCalledWait::Nothing;
}

bool game_is_over(const Ruleset& r, const State& s) {
  return s.phase == Phase::GameOver || (s.time_called && time_called_waits_on(r, s) == TimeCalledWait::Nothing);
}

Valuation value_estates(const Ruleset& r, const State& s) {
  Valuation v;
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const PlayerState& ps = s.player(p);
    EstateValue e;
    e.player = p;
    e.in_game = !ps.bankrupt;
    const int own_rate = player_rate(r, s, p);
    e.items.push_back({ValuationItem::Kind::Cash, kNoSquare, 0, at_par(r, ps.cash, own_rate)});
    for (int i = 0; i < r.board_size(); ++i) {
      const SquareId sq = static_cast<SquareId>(i);
      const Holding& h = s.holdings[sq];
      if (h.owner != p) continue;
      const Square& square = r.square(sq);
      const Square& terms = terms_of(r, s, sq);  // a Conglomerate's buildings cost what the top asks
      const int rate = square_rate(r, s, sq);
      if (h.mortgaged) {
        e.items.push_back({ValuationItem::Kind::MortgagedProperty, sq, 0, at_par(r, Money{square.price.units / 2}, rate)});
      } else {
        e.items.push_back({ValuationItem::Kind::Property, sq, 0, at_par(r, square.price, rate)});
      }
      if (h.buildings == kHotel) {
        // A hotel is worth its price and the houses given for it (uk-1972: "the cost of five houses";
        // the US short game: "purchase price including the houses turned in").
        e.items.push_back({ValuationItem::Kind::Hotel, sq, 1,
                           at_par(r, terms.hotel_cost + terms.house_cost * r.houses_per_hotel, rate)});
      } else if (h.buildings > 0) {
        e.items.push_back({ValuationItem::Kind::Houses, sq, h.buildings, at_par(r, terms.house_cost * h.buildings, rate)});
      }
    }
    const Money owed = ps.total_owed();
    if (owed.units > 0) e.items.push_back({ValuationItem::Kind::Debt, kNoSquare, 0, -at_par(r, owed, own_rate)});
    for (const ValuationItem& item : e.items) e.total += item.amount;
    v.estates.push_back(std::move(e));
  }
  Money best{INT64_MIN};
  for (const EstateValue& e : v.estates) {
    if (!e.in_game) continue;
    if (e.total > best) {
      best = e.total;
      v.leaders = {e.player};
    } else if (e.total == best) {
      v.leaders.push_back(e.player);
    }
  }
  v.final = game_is_over(r, s);
  v.waits = time_called_waits_on(r, s);
  v.provisional = s.time_called && !v.final;
  // The winner the game recorded, when it names a seat (a position read from a store is checked,
  // but this reads no table with a value it has not bounded itself).
  if (s.phase == Phase::GameOver && s.winner >= 0 && s.winner < s.player_count) v.leaders = {s.winner};
  return v;
}

Money total_worth(const Ruleset& r, const State& s, PlayerId p) {
  Money worth = s.player(p).cash;
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = s.holdings[sq];
    if (h.owner != p) continue;
    // Each deed and its buildings are figured in the region's currency and converted into the
    // player's own (regional-currency "INCOME TAX"; elsewhere nothing is converted). Buildings
    // in a Conglomerate cost what the deed on top asks.
    const Square& terms = terms_of(r, s, sq);
    Money face = r.square(sq).price;
    if (h.buildings == kHotel) face += terms.hotel_cost + terms.house_cost * r.houses_per_hotel;
    else face += terms.house_cost * h.buildings;
    worth += cost_for(r, s, p, sq, face);
  }
  return worth;
}

}  // namespace deedlog
