#include "engine/money_raising.h"

namespace deedlog {

Money buildings_sale_value(const Ruleset& r, SquareId square, int buildings) {
  const Square& sq = r.square(square);
  if (buildings == kHotel)
    return Money{sq.hotel_cost.units / 2 + (sq.house_cost.units / 2) * r.houses_per_hotel};
  return Money{(sq.house_cost.units / 2) * buildings};
}

RaisingPlan money_raisable(const Ruleset& r, const State& s, PlayerId p) {
  RaisingPlan plan;
  plan.cash = s.player(p).cash;
  plan.total = plan.cash;
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = s.holdings[sq];
    if (h.owner != p || h.buildings == 0) continue;
    RaisingStep step{RaisingStep::Kind::SellBuildings, sq, h.buildings, h.buildings == kHotel,
                     buildings_sale_value(r, sq, h.buildings)};
    plan.total += step.amount;
    plan.steps.push_back(step);
  }
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = s.holdings[sq];
    if (h.owner != p || h.mortgaged || !r.square(sq).is_property()) continue;
    RaisingStep step{RaisingStep::Kind::Mortgage, sq, 0, false, r.square(sq).mortgage_value};
    plan.total += step.amount;
    plan.steps.push_back(step);
  }
  return plan;
}

}  // namespace deedlog
