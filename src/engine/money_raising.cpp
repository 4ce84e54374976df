#include "deedlog/money_raising.h"

#include "deedlog/building_group.h"
#include "deedlog/currency.h"

namespace deedlog {

Money buildings_sale_value(const Ruleset& r, const State& s, SquareId square, int buildings) {
  // In a Conglomerate the prices on the deed on top apply; the Bank pays in the owner's own
  // currency what half the price is worth in the region's (rule currency/deed-sums).
  const Square& sq = terms_of(r, s, square);
  const Money face = buildings == kHotel
                         ? Money{sq.hotel_cost.units / 2 + (sq.house_cost.units / 2) * r.houses_per_hotel}
                         : Money{(sq.house_cost.units / 2) * buildings};
  return receipt_for(r, s, s.holdings[square].owner, square, face);
}

namespace {

bool others_build_on_group(const Ruleset& r, const State& s, PlayerId p, SquareId square) {
  for (SquareId m : building_group(r, s, square))
    if (s.holdings[m].buildings > 0 && s.holdings[m].owner != p) return true;
  return false;
}

}  // namespace

RaisingPlan money_raisable(const Ruleset& r, const State& s, PlayerId p) {
  RaisingPlan plan;
  plan.cash = s.player(p).cash;
  plan.total = plan.cash;
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = s.holdings[sq];
    if (h.owner != p || h.buildings == 0) continue;
    RaisingStep step{RaisingStep::Kind::SellBuildings, sq, h.buildings, h.buildings == kHotel,
                     buildings_sale_value(r, s, sq, h.buildings)};
    plan.total += step.amount;
    plan.steps.push_back(step);
  }
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = s.holdings[sq];
    if (h.owner != p || h.mortgaged || !r.square(sq).is_property()) continue;
    // rule mortgage/unbuilt-only: a site whose group holds another owner's buildings (a
    // position set up so) cannot be mortgaged until he sells them; he cannot sell them for p.
    if (!r.mortgage.covers_buildings && others_build_on_group(r, s, p, sq)) continue;
    RaisingStep step{RaisingStep::Kind::Mortgage, sq, 0, false, receipt_for(r, s, p, sq, r.square(sq).mortgage_value)};
    plan.total += step.amount;
    plan.steps.push_back(step);
  }
  return plan;
}

}  // namespace deedlog
