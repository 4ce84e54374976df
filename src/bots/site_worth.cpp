#include "bots/site_worth.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "deedlog/building_group.h"
#include "deedlog/money_raising.h"
#include "deedlog/position_queries.h"
#include "deedlog/rent.h"

namespace deedlog {
namespace {

// Every weight below is a whole percentage (money stays whole numbers; docs/sound-bidding.md).

// A colour group completed is built up, and three houses a site is where a house earns most for
// its cost in every edition: the group's worth to its owner is counted as half a landing on
// each of its sites at three houses. That puts the last site of a group at two to four times its
// printed price (Mayfair beside Park Lane: £400 + £1,250), the price a completing site fetches
// between players who know the game.
constexpr std::int64_t kCompletesPercent = 50;
// The site leaves its bidder one short of the group: worth part of the completion, more when the
// last site is still the Bank's (it may come at the printed price) than when a rival holds it
// (it comes only by a trade, which the rival prices).
constexpr std::int64_t kNearlyFromBankPercent = 35;
constexpr std::int64_t kNearlyFromRivalPercent = 15;
// Won by a rival, the site would complete his group (or leave him one short of it): keeping it
// from him is worth part of what it is worth to him. Only part: his monopoly hurts every other
// player, not the bidder alone, and a site held to block earns its owner little.
constexpr std::int64_t kBlocksPercent = 50;
constexpr std::int64_t kNearlyBlocksPercent = 10;
// Railways and utilities earn by how many of them their owner holds: the site is worth its price
// plus the rent it adds to the holding over one landing on each (rent by the holding, a
// utility's at the mean throw of two dice, 7), beyond the rent a lone one earns (the lone
// one's worth is its printed price).
constexpr std::int64_t kLandingsPercent = 100;
constexpr int kMeanThrow = 7;
// A building bought at a shortage auction: its printed cost (the winner places it free) plus the
// rent it adds over half a landing.
constexpr std::int64_t kBuildingLandingsPercent = 50;
// Cash never bid away: a little for the fines, taxes and small rents of the next turns, and at
// most half the cash for the worst rent a rival can charge (a rent he could not pay with half
// his cash and everything he can raise, he would hardly survive by keeping the rest).
constexpr Money kLeastReserve{50};
constexpr std::int64_t kMostReservePercent = 50;
// The auction's steps: a first bid at the least the auction accepts (the others may raise it;
// an opening bid is never final unless nobody does), then raises of a twentieth of the printed
// price (at least £5), up to the worth. Measured in 2,000 games against the spread bidders of
// `simulate`, opening at half the price and raising by a tenth won fewer of them (two players:
// 0.43 of the games against 0.50), and cost fewer moves (868 a four-player game against 921).
constexpr std::int64_t kStepPercent = 5;
constexpr Money kLeastStep{5};

Money percent_of(Money m, std::int64_t percent) { return Money{m.units * percent / 100}; }

// What a holding of `held` railways (or utilities) of the square's kind earns a landing, on
// each of them: the edition's table by the count held.
Money rent_for_holding(const Ruleset& r, SquareKind kind, int held) {
  if (held <= 0) return Money{0};
  if (kind == SquareKind::Station) {
    if (r.station_rent.empty()) return Money{0};
    return r.station_rent[std::min<std::size_t>(static_cast<std::size_t>(held), r.station_rent.size()) - 1];
  }
  if (r.utility_multiplier.empty()) return Money{0};
  const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(held), r.utility_multiplier.size()) - 1;
  return Money{static_cast<std::int64_t>(r.utility_multiplier[i]) * kMeanThrow};
}

// The rent one more railway (utility) adds to a holding of `held` over a landing on each, beyond
// what a lone one earns.
Money added_by_one_more(const Ruleset& r, SquareKind kind, int held) {
  const Money before = rent_for_holding(r, kind, held) * held;
  const Money after = rent_for_holding(r, kind, held + 1) * (held + 1);
  return std::max(Money{0}, after - before - rent_for_holding(r, kind, 1));
}

}  // namespace

Money site_worth(const Ruleset& r, const State& s, SquareId square, PlayerId bidder) {
  const Square& site = r.square(square);
  // Where the owners form the groups they build on (regional-currency's Conglomerates of any
  // three colours), no site completes or blocks a group of its own: its printed price.
  if (owners_form_groups(r) || site.group < 0 || site.group >= static_cast<int>(r.groups.size())) return site.price;
  const Group& group = r.groups[static_cast<std::size_t>(site.group)];
  const int members = static_cast<int>(group.members.size());
  // Who holds the group's other sites (mortgaged ones too: a mortgage can be lifted).
  int mine = 0, unowned = 0;
  std::array<int, kMaxPlayers> rivals{};
  for (SquareId m : group.members) {
    if (m == square) continue;
    const PlayerId owner = s.holdings[m].owner;
    if (owner == bidder) ++mine;
    else if (owner >= 0 && owner < s.player_count) ++rivals[static_cast<std::size_t>(owner)];
    else ++unowned;
  }
  int most_by_a_rival = 0, rivals_holding = 0;
  for (PlayerId q = 0; q < s.player_count; ++q) {
    if (q == bidder) continue;
    most_by_a_rival = std::max(most_by_a_rival, rivals[static_cast<std::size_t>(q)]);
    if (rivals[static_cast<std::size_t>(q)] > 0) ++rivals_holding;
  }

  if (site.kind != SquareKind::Street) {
    // Railways and utilities: by how many the bidder holds, and how many the strongest rival
    // holds (to block).
    const Money own = percent_of(added_by_one_more(r, site.kind, mine), kLandingsPercent);
    const Money block =
        most_by_a_rival > 0 ? percent_of(added_by_one_more(r, site.kind, most_by_a_rival), kLandingsPercent * kBlocksPercent / 100)
                            : Money{0};
    return site.price + own + block;
  }

  // A group's worth once complete: half a landing on each site at three houses.
  Money group_rent{0};
  for (SquareId m : group.members) group_rent += r.square(m).rent[3];
  const Money completion = percent_of(group_rent, kCompletesPercent);

  // A site of a group a rival already has a foot in earns its base rent and can only be
  // completed by a trade: its mortgage value (cash it can always raise) and half the rest.
  const Money base = rivals_holding == 0 ? site.price : site.mortgage_value + Money{(site.price - site.mortgage_value).units / 2};
  Money own{0};
  if (mine + 1 == members) own = completion;
  else if (mine >= 1 && mine + 2 == members)
    own = percent_of(completion, unowned >= 1 ? kNearlyFromBankPercent : kNearlyFromRivalPercent);
  Money block{0};
  if (most_by_a_rival + 1 == members) block = percent_of(completion, kBlocksPercent);
  else if (most_by_a_rival >= 1 && most_by_a_rival + 2 == members && unowned >= 1)
    block = percent_of(completion, kNearlyBlocksPercent);
  return base + own + block;
}

Money building_worth(const Ruleset& r, const State& s, PlayerId bidder, bool hotel) {
  Money best{0};
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = s.holdings[sq];
    if (h.owner != bidder || h.mortgaged || r.square(sq).kind != SquareKind::Street) continue;
    // Only a site of a group held whole and unmortgaged takes a building.
    const SquareSet group = building_group(r, s, sq);
    bool whole = !group.empty();
    for (SquareId m : group) whole = whole && s.holdings[m].owner == bidder && !s.holdings[m].mortgaged;
    if (!whole) continue;
    const int level = building_level(r, s, sq);
    const Square& terms = terms_of(r, s, sq);
    Money cost, added;
    if (hotel) {
      if (level != r.houses_per_hotel) continue;
      cost = terms.hotel_cost;
      added = terms.rent[5] - terms.rent[static_cast<std::size_t>(r.houses_per_hotel)];
    } else {
      if (level >= r.houses_per_hotel) continue;
      cost = terms.house_cost;
      added = terms.rent[static_cast<std::size_t>(level + 1)] - terms.rent[static_cast<std::size_t>(level)];
    }
    best = std::max(best, cost + percent_of(added, kBuildingLandingsPercent));
  }
  return best;
}

Money bidding_reserve(const Ruleset& r, const State& s, PlayerId bidder) {
  Money worst{0};
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = s.holdings[sq];
    if (h.owner == bidder || h.owner < 0 || h.owner >= s.player_count || h.mortgaged) continue;
    if (!r.square(sq).is_property()) continue;
    worst = std::max(worst, quote_rent(r, s, sq, kMeanThrow).amount);
  }
  const Money cash = s.player(bidder).cash;
  const Money raisable = money_raisable(r, s, bidder).total - cash;  // buildings sold, deeds mortgaged
  const Money uncovered = std::min(worst - raisable, percent_of(cash, kMostReservePercent));
  return std::max(kLeastReserve, uncovered);
}

Money sound_bid_ceiling(const Ruleset& r, const State& s, PlayerId bidder) {
  const AuctionState& a = s.auction;
  const Money worth = a.lot == AuctionLot::Property ? site_worth(r, s, a.square, bidder)
                                                    : building_worth(r, s, bidder, a.lot == AuctionLot::Hotel);
  const Money spendable = s.player(bidder).cash - bidding_reserve(r, s, bidder);
  return std::max(Money{0}, std::min(worth, spendable));
}

Money sound_bid(const Ruleset& r, const State& s, PlayerId bidder) {
  const AuctionState& a = s.auction;
  const Money ceiling = sound_bid_ceiling(r, s, bidder);
  const Money least = lowest_bid(r, s);
  if (ceiling < least || ceiling.units <= 0) return Money{0};
  // The steps are reckoned on the lot's printed price (a building's: its worth to the bidder).
  const Money printed = a.lot == AuctionLot::Property ? r.square(a.square).price
                                                      : building_worth(r, s, bidder, a.lot == AuctionLot::Hotel);
  const Money step = std::max({r.auction.step, kLeastStep, percent_of(printed, kStepPercent)});
  const Money wanted = a.high_bidder == kBank ? least : std::max(least, a.high_bid + step);
  return std::min(wanted, ceiling);
}

}  // namespace deedlog
