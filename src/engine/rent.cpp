#include "deedlog/rent.h"

#include "deedlog/building_group.h"

namespace deedlog {

GroupHolding group_holding(const Ruleset& ruleset, const State& state, int group, PlayerId owner) {
  GroupHolding g;
  for (SquareId s : ruleset.groups[static_cast<std::size_t>(group)].members) {
    ++g.members;
    const Holding& h = state.holdings[s];
    if (h.owner != owner) continue;
    ++g.owned;
    if (h.mortgaged) ++g.owned_mortgaged;
  }
  return g;
}

namespace {

// regional-currency: a Conglomerate's members all take the rent row of the deed on top; an
// unimproved one earns double its unimproved rent (a railroad or utility too), whatever else of
// the Conglomerate is mortgaged. A street outside a Conglomerate earns its plain rent.
RentQuote conglomerate_rent(const Ruleset& ruleset, const State& state, SquareId square) {
  const Holding& h = state.holdings[square];
  const Square& top = terms_of(ruleset, state, square);
  // rule conglomerate/top-of-stack-rent
  if (h.buildings > 0) return {top.rent[h.buildings], rule::kConglomerateTopRent};
  // rule conglomerate/double-rent-unimproved
  return {top.rent[0] * 2, rule::kConglomerateDouble};
}

}  // namespace

RentQuote quote_rent(const Ruleset& ruleset, const State& state, SquareId square, int dice_total) {
  const Square& sq = ruleset.square(square);
  const Holding& h = state.holdings[square];
  if (h.owner == kBank || h.mortgaged) return {Money{0}, rule::kRentMortgaged};
  if (owners_form_groups(ruleset)) {
    if (conglomerate_of(state, square)) return conglomerate_rent(ruleset, state, square);
    if (sq.kind == SquareKind::Street) return {sq.rent[0], rule::kRentStreet};
  }
  const GroupHolding g = group_holding(ruleset, state, sq.group, h.owner);
  switch (sq.kind) {
    case SquareKind::Street: {
      if (h.buildings > 0) return {sq.rent[h.buildings], rule::kRentStreet};
      if (!g.complete()) return {sq.rent[0], rule::kRentStreet};
      if (g.owned_mortgaged > 0 && ruleset.double_rent_needs_unmortgaged_group)
        return {sq.rent[0], rule::kRentDoubleBlockedByMortgage};
      return {sq.rent[0] * 2, rule::kRentDoubleGroup};
    }
    case SquareKind::Station: {
      // A station earns by the number its owner holds unmortgaged (four held, one mortgaged:
      // the rent of three).
      const int earning = g.owned - g.owned_mortgaged;
      const auto& table = ruleset.station_rent;
      if (earning <= 0 || table.empty()) return {Money{0}, rule::kRentStations};
      const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(earning), table.size()) - 1;
      return {table[i], rule::kRentStations};
    }
    case SquareKind::Utility: {
      const int earning = g.owned - g.owned_mortgaged;
      const auto& table = ruleset.utility_multiplier;
      if (earning <= 0 || table.empty()) return {Money{0}, rule::kRentUtilities};
      const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(earning), table.size()) - 1;
      return {Money{static_cast<std::int64_t>(table[i]) * dice_total}, rule::kRentUtilities};
    }
    default:
      return {Money{0}, rule::kRentStreet};
  }
}

}  // namespace deedlog
