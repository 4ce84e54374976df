// HOUSES, HOTELS, BUILDING SHORTAGE, and the sale of buildings back to the Bank.
#include <algorithm>

#include "deedlog/building_group.h"
#include "deedlog/currency.h"
#include "engine/decide_support.h"
#include "engine/effects.h"
#include "deedlog/policies.h"
#include "deedlog/rent.h"

namespace deedlog {
namespace {

SquareSet group_of(const Ruleset& r, const State& s, SquareId site) { return building_group(r, s, site); }

// regional-currency: houses stand on the members of a Conglomerate only (railroads and utilities
// in one too), never on a plain colour group; none while a member is mortgaged.
std::optional<Violation> conglomerate_buildable(const Ruleset& r, const State& s, PlayerId p, SquareId site) {
  const Square& sq = r.square(site);
  if (!sq.is_property() || s.holdings[site].owner != p)
    return violation(r, rule::kConglomerateBuild, RefusalCode::NotOwner, {arg::player(p), arg::square(site)});
  // rule conglomerate/build-on-conglomerates
  const SquareSet members = building_group(r, s, site);
  if (members.empty())
    return violation(r, rule::kConglomerateBuild, RefusalCode::NotInConglomerate, {arg::square(site)});
  for (SquareId m : members)
    if (s.holdings[m].mortgaged)
      return violation(r, rule::kHousesNotMortgaged, RefusalCode::ConglomerateMemberMortgaged,
                       {arg::square(m), arg::square(site)});
  return std::nullopt;
}

// Why this player may not put anything on this site's group at all, if he may not.
std::optional<Violation> group_buildable(const Ruleset& r, const State& s, PlayerId p, SquareId site) {
  if (owners_form_groups(r)) return conglomerate_buildable(r, s, p, site);
  const Square& sq = r.square(site);
  if (sq.kind != SquareKind::Street)
    return violation(r, rule::kHousesStreetsOnly, RefusalCode::NotBuildingSite, {arg::square(site)});
  if (s.holdings[site].owner != p)
    return violation(r, rule::kHousesCompleteGroup, RefusalCode::NotOwner, {arg::player(p), arg::square(site)});
  const GroupHolding g = group_holding(r, s, sq.group, p);
  if (!g.complete())
    return violation(r, rule::kHousesCompleteGroup, RefusalCode::GroupIncomplete,
                     {arg::square(site), arg::player(p), arg::group(sq.group)});
  if (g.owned_mortgaged > 0)
    return violation(r, rule::kHousesNotMortgaged, RefusalCode::GroupSiteMortgaged, {arg::group(sq.group)});
  return std::nullopt;
}

// What the Bank pays for buildings sold back from a site, in the seller's own currency (rule
// currency/deed-sums: half the price is in the region's currency, converted).
Money sale_receipt(const Ruleset& r, const State& s, PlayerId p, SquareId site, Money face) {
  return receipt_for(r, s, p, site, face);
}


// The even-building check for one more step up on `site` (rule houses/build-evenly).
std::optional<Violation> even_up(const Ruleset& r, const State& s, SquareId site) {
  if (!policy::even_building(r)) return std::nullopt;
  const int target = building_level(r, s, site) + 1;
  for (SquareId m : group_of(r, s, site)) {
    if (m == site) continue;
    if (target - building_level(r, s, m) > 1)
      return violation(r, rule::kHousesEvenly, RefusalCode::BuildEvenly, {arg::square(m)});
  }
  return std::nullopt;
}

std::optional<Violation> even_down(const Ruleset& r, const State& s, SquareId site, int to_level) {
  if (!policy::even_building(r)) return std::nullopt;
  for (SquareId m : group_of(r, s, site)) {
    if (m == site) continue;
    if (building_level(r, s, m) - to_level > 1)
      return violation(r, rule::kSellEvenly, RefusalCode::SellEvenly, {arg::square(m)});
  }
  return std::nullopt;
}

// rule houses/in-sequence: the next building of a set goes on the first of its sites, in the
// printed order, that has the fewest (the computer's Buy button has no choice of site).
std::optional<Violation> in_sequence(const Ruleset& r, const State& s, SquareId site) {
  if (!r.build_in_sequence) return std::nullopt;
  SquareId next = site;
  for (SquareId m : group_of(r, s, site))
    if (building_level(r, s, m) < building_level(r, s, next) || (building_level(r, s, m) == building_level(r, s, next) && m < next)) next = m;
  if (next == site) return std::nullopt;
  return violation(r, rule::kHousesInSequence, RefusalCode::BuildInSequence,
                   {arg::building(building_level(r, s, next) == r.houses_per_hotel), arg::group(r.square(site).group),
                    arg::square(next)});
}

// One step up on a site: a house, or (from four houses) the hotel. price = what is paid.
std::optional<Violation> build_one(Outcome& out, PlayerId p, SquareId site, bool hotel, bool paid_at_auction,
                                   bool check_even = true) {
  const Ruleset& r = out.ruleset;
  const State& s = out.state;
  const Square& terms = terms_of(r, s, site);  // the top of a Conglomerate's stack sets the price
  if (auto v = group_buildable(r, s, p, site)) return v;
  const int at = s.holdings[site].buildings;
  if (at == kHotel)
    return violation(r, rule::kHotelOne, RefusalCode::HotelAlready, {arg::square(site)});
  if (hotel && at != r.houses_per_hotel)
    return violation(r, rule::kHotelNeedsFour, RefusalCode::HotelNeedsHouses, {arg::square(site), arg::count(at)});
  if (!hotel && at == r.houses_per_hotel)
    return violation(r, rule::kHousesFourMax, RefusalCode::NextIsHotel, {arg::square(site), arg::count(at)});
  if (auto v = in_sequence(r, s, site)) return v;
  if (check_even)
    if (auto v = even_up(r, s, site)) return v;
  if (hotel && s.bank_hotels <= 0)
    return violation(r, rule::kShortageStock, RefusalCode::NoHotelsLeft);
  if (!hotel && s.bank_houses <= 0) return violation(r, rule::kShortageStock, RefusalCode::NoHousesLeft);
  const Money face = paid_at_auction ? Money{0} : (hotel ? terms.hotel_cost : terms.house_cost);
  const Money price = cost_for(r, s, p, site, face);
  if (s.player(p).cash < price)
    return violation(r, rule::kHousesCash, RefusalCode::CannotAffordBuilding,
                     {arg::building(hotel), arg::square(site), arg::money(price), arg::player(p),
                      arg::money(s.player(p).cash)});
  if (hotel)
    effect::build_hotel(out, p, site, price, face, r.houses_per_hotel);  // its houses go back to the Bank
  else
    effect::build_house(out, p, site, price, face);
  return std::nullopt;
}

// rule shortage/bank-stock: the Bank has too few houses to give back four for the hotel. Building
// must stay even, so every hotel of the group is broken down together, and the group keeps as
// many houses as the Bank's stock and its own houses allow, spread evenly; houses the sites
// cannot keep are sold too. The Bank pays half the price of every building it takes back.
void sell_group_down_in_shortage(Outcome& out, PlayerId p, SquareId site) {
  const Ruleset& r = out.ruleset;
  const Square& terms = terms_of(r, out.state, site);  // whose prices the Bank pays half of
  const SquareSet members = group_of(r, out.state, site);
  const int n = static_cast<int>(members.size());
  int houses_available = out.state.bank_houses;
  for (SquareId m : members)
    if (out.state.holdings[m].buildings != kHotel) houses_available += building_level(r, out.state, m);
  // The new levels: as even as can be, the extra houses going first to sites that have houses now
  // (they keep them rather than take them from the Bank), never more than a site had.
  std::vector<int> target(members.size(), houses_available / n);
  int extra = houses_available % n;
  for (int pass = 0; pass < 2 && extra > 0; ++pass)
    for (std::size_t i = 0; i < members.size() && extra > 0; ++i) {
      const bool has_houses = out.state.holdings[members[i]].buildings != kHotel;
      if ((pass == 0) == has_houses) {
        ++target[i];
        --extra;
      }
    }
  const Money half_house{terms.house_cost.units / 2};
  const Money half_hotel{terms.hotel_cost.units / 2};
  for (std::size_t i = 0; i < members.size(); ++i) {
    const int at = out.state.holdings[members[i]].buildings;
    if (at == kHotel) continue;
    for (int k = at; k > target[i]; --k) {
      effect::sell_house(out, p, members[i], sale_receipt(r, out.state, p, members[i], half_house));
    }
  }
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (out.state.holdings[members[i]].buildings != kHotel) continue;
    effect::sell_hotel(out, p, members[i],
                       sale_receipt(r, out.state, p, members[i], half_hotel + half_house * (r.houses_per_hotel - target[i])),
                       target[i]);
  }
}

// A line over several sites (rules houses/build-evenly and sell/evenly): once every site of the
// line is done, each group it touched must be even; the first site out of step is named.
std::optional<Violation> even_after_line(const Ruleset& r, const State& s, const std::vector<SquareId>& sites,
                                         bool selling) {
  if (!policy::even_building(r)) return std::nullopt;
  for (SquareId site : sites) {
    const SquareSet members = group_of(r, s, site);
    if (members.empty()) continue;
    int lo = building_level(r, s, members.front()), hi = lo;
    for (SquareId m : members) {
      lo = std::min(lo, building_level(r, s, m));
      hi = std::max(hi, building_level(r, s, m));
    }
    if (hi - lo <= 1) continue;
    for (SquareId m : members) {
      // Building: the site left behind (lowest); selling: the site left above the others (highest).
      if (building_level(r, s, m) != (selling ? hi : lo)) continue;
      return selling ? violation(r, rule::kSellEvenly, RefusalCode::SellEvenly, {arg::square(m)})
                     : violation(r, rule::kHousesEvenly, RefusalCode::BuildEvenly, {arg::square(m)});
    }
  }
  return std::nullopt;
}

std::vector<SquareId> sites_of_line(const Command& c) {
  std::vector<SquareId> sites(c.more_sites.size() + 1, c.square);
  for (std::size_t i = 0; i < c.more_sites.size(); ++i) sites[i + 1] = c.more_sites[i];
  return sites;
}

}  // namespace

bool can_place_building(const Ruleset& r, const State& s, PlayerId p, bool hotel) {
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId site = static_cast<SquareId>(i);
    if (s.holdings[site].owner != p || !r.square(site).is_property()) continue;
    if (group_buildable(r, s, p, site)) continue;
    const int at = building_level(r, s, site);
    if (hotel ? at != r.houses_per_hotel : at >= r.houses_per_hotel) continue;
    if (!even_up(r, s, site)) return true;
  }
  return false;
}

Decision decide_build(const Ruleset& r, const State& s, const Command& c) {
  Outcome out(r, s);
  const bool placing = s.phase == Phase::Placing;
  if (placing) {  // the gate let only the buyer through
    if (c.hotel != (s.placing_lot == AuctionLot::Hotel))
      return Decision::refuse(violation(r, rule::kShortageAuction, RefusalCode::PlaceWhatWasSold,
                                        {arg::building(s.placing_lot == AuctionLot::Hotel)}));
    if (c.count != 1) return Decision::refuse(violation(r, rule::kShortageAuction, RefusalCode::PlaceOneBuilding));
    if (auto v = build_one(out, c.actor, c.square, c.hotel, true)) return Decision::refuse(std::move(*v));
    effect::place_building(out, c.actor, c.square);
    return accepted(out);
  }
  // rule houses/in-his-turn: the owner builds in his own turn (in Jail too), never mid-decision;
  // editions whose owners build "at any time" still wait for the move in hand to be decided.
  // (Both are the gate's: its row for Build.)
  if (c.hotel && c.count != 1) return Decision::refuse(violation(r, rule::kHotelOne, RefusalCode::OneHotelASite));
  // rule houses/in-his-turn: the next player building once the last move is over begins his
  // turn by it, as his throw would (the gate let only him through).
  if (r.build_only_in_turn && s.phase == Phase::TurnOver && c.actor != s.turn) effect::start_turn(out, c.actor);
  // A line over several sites is one move: every step is taken, then evenness is judged once.
  const bool whole_line = !c.more_sites.empty();
  const std::vector<SquareId> sites = sites_of_line(c);
  for (SquareId site : sites) {
    if (site >= r.board_size()) return Decision::refuse(violation(r, rule::kHousesStreetsOnly, RefusalCode::NotBuildingSite, {arg::square(c.square)}));
    for (int k = 0; k < c.count; ++k) {
      if (auto v = build_one(out, c.actor, site, c.hotel, false, !whole_line)) {
        if (c.count > 1) v->args.push_back(arg::progress(k + 1, c.count));
        return Decision::refuse(std::move(*v));
      }
    }
  }
  if (whole_line)
    if (auto v = even_after_line(r, out.state, sites, /*selling=*/false)) return Decision::refuse(std::move(*v));
  return accepted(out);
}

namespace {

// The buildings a line sells on one site (rule sell/buildings-half-price), applied to out; evenness
// is checked step by step unless the line's whole is judged at its end.
std::optional<Violation> sell_on(Outcome& out, const Command& c, SquareId site, bool check_even) {
  const Ruleset& r = out.ruleset;
  const Square& sq = r.square(site);
  if (out.state.holdings[site].owner != c.actor || !sq.is_property())
    return violation(r, rule::kSellHalf, RefusalCode::NoBuildingsOn, {arg::player(c.actor), arg::square(site)});
  if (!r.buildings_sold_back)
    // rule sell/buildings-only-by-mortgage
    return violation(r, rule::kSellByMortgage, RefusalCode::BankBuysNoBuildings, {arg::square(site)});
  // rule sell/buildings-half-price: the Bank pays half; a hotel brings half its price and half the
  // houses given for it (in a Conglomerate, half the prices on the deed on top).
  const State& s = out.state;
  const Square& terms = terms_of(r, s, site);
  const Money half_house = sale_receipt(r, s, c.actor, site, Money{terms.house_cost.units / 2});
  const Money half_hotel = sale_receipt(r, s, c.actor, site, Money{terms.hotel_cost.units / 2});
  if (c.hotel) {
    if (s.holdings[site].buildings != kHotel)
      return violation(r, rule::kSellHotel, RefusalCode::NoHotelOn, {arg::square(site)});
    if (s.bank_houses >= r.houses_per_hotel) {
      // rule sell/hotel-breaks-down: the hotel goes back and the four houses return to the site.
      if (check_even)
        if (auto v = even_down(r, s, site, r.houses_per_hotel)) return v;
      effect::sell_hotel(out, c.actor, site, half_hotel, r.houses_per_hotel);
    } else {
      sell_group_down_in_shortage(out, c.actor, site);
    }
    return std::nullopt;
  }
  for (int k = 0; k < c.count; ++k) {
    const int at = out.state.holdings[site].buildings;
    if (at == kHotel && r.hotel_sells_as_houses && out.state.bank_houses >= r.houses_per_hotel) {
      // rule sell/hotel-as-houses: the hotel counts as one house more than the most a site holds;
      // selling "a house" of it leaves the houses given for it.
      if (check_even)
        if (auto v = even_down(r, out.state, site, r.houses_per_hotel)) return v;
      effect::sell_hotel(out, c.actor, site, half_hotel, r.houses_per_hotel);
      continue;
    }
    if (at == kHotel) return violation(r, rule::kSellHotel, RefusalCode::SellHotelFirst, {arg::square(site)});
    if (at == 0) return violation(r, rule::kSellHalf, RefusalCode::NoHousesLeftOn, {arg::square(site)});
    if (check_even)
      if (auto v = even_down(r, out.state, site, at - 1)) return v;
    effect::sell_house(out, c.actor, site, half_house);
  }
  return std::nullopt;
}

}  // namespace

Decision decide_sell(const Ruleset& r, const State& s, const Command& c) {
  Outcome out(r, s);
  // A line over several sites is one move: every sale is made, then evenness is judged once.
  const bool whole_line = !c.more_sites.empty();
  const std::vector<SquareId> sites = sites_of_line(c);
  for (SquareId site : sites) {
    if (site >= r.board_size())
      return Decision::refuse(violation(r, rule::kSellHalf, RefusalCode::NoBuildingsOn, {arg::player(c.actor), arg::square(c.square)}));
    if (auto v = sell_on(out, c, site, !whole_line)) return Decision::refuse(std::move(*v));
  }
  if (whole_line)
    if (auto v = even_after_line(r, out.state, sites, /*selling=*/true)) return Decision::refuse(std::move(*v));
  effect::settle_debts(out, c.actor);
  return accepted(out);
}

Decision decide_auction_building(const Ruleset& r, const State& s, const Command& c) {
  // The gate let only the referee through, between moves.
  const bool hotel = c.hotel;
  const int stock = hotel ? s.bank_hotels : s.bank_houses;
  if (stock <= 0)
    return Decision::refuse(violation(r, rule::kShortageStock, RefusalCode::NoBuildingToAuction, {arg::building(hotel)}));
  // A bidder must have somewhere to put it, and (computer) not be in jail.
  auto may_bid = [&](PlayerId p) {
    return is_active(s, p) && can_place_building(r, s, p, hotel) && (r.jail.jailed_may_bid || !s.player(p).in_jail);
  };
  int wanting = 0;
  for (PlayerId p = 0; p < s.player_count; ++p)
    if (may_bid(p)) ++wanting;
  // rule shortage/auction: only when two or more players could build and compete for the stock.
  if (wanting < 2)
    return Decision::refuse(violation(r, rule::kShortageAuction, RefusalCode::TooFewBuilders,
                                      {arg::count(wanting), arg::building(hotel)}));
  Outcome out(r, s);
  effect::open_auction(out, kReferee, kNoSquare, hotel ? AuctionLot::Hotel : AuctionLot::House);
  // Players with nowhere to put the building (or in jail, computer) are out of it from the start.
  for (PlayerId p = 0; p < s.player_count; ++p) {
    if (!is_active(s, p) || may_bid(p)) continue;
    effect::pass_bid(out, p, kNoSquare);
  }
  return accepted(out);
}

}  // namespace deedlog
