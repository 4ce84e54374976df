// CONGLOMERATES (regional-currency): an owner stacks three properties of three colours; they then
// build and earn together on the terms of the deed on top (engine/building_group.h).
#include "deedlog/building_group.h"
#include "engine/decide_support.h"
#include "engine/effects.h"

namespace deedlog {

std::optional<Violation> conglomerate_problem(const Ruleset& r, const State& s, PlayerId owner,
                                              const std::vector<SquareId>& squares, bool built_allowed) {
  if (squares.size() != 3)
    return violation(r, rule::kConglomerateColours, RefusalCode::ConglomerateOfThree,
                     {arg::count(static_cast<std::int64_t>(squares.size()))});
  std::uint64_t seen = 0;
  int colours[3] = {0, 0, 0};
  for (std::size_t i = 0; i < squares.size(); ++i) {
    const SquareId sq = squares[i];
    const Square& square = r.square(sq);
    if (!square.is_property() || s.holdings[sq].owner != owner)
      return violation(r, rule::kConglomerateColours, RefusalCode::ConglomerateNotOwner,
                       {arg::player(owner), arg::square(sq)});
    if (seen & (std::uint64_t{1} << sq))
      return violation(r, rule::kConglomerateColours, RefusalCode::NamedTwice, {arg::square(sq)});
    seen |= std::uint64_t{1} << sq;
    // rule conglomerate/fixed-until-sold: once stacked, a property stays until it is sold.
    if (conglomerate_of(s, sq))
      return violation(r, rule::kConglomerateFixed, RefusalCode::AlreadyInConglomerate, {arg::square(sq)});
    if (s.holdings[sq].buildings > 0 && !built_allowed)
      return violation(r, rule::kConglomerateColours, RefusalCode::BuildingsStandOn, {arg::square(sq)});
    colours[i] = colour_of(r, sq);
    for (std::size_t k = 0; k < i; ++k)
      if (colours[k] == colours[i])
        // rule conglomerate/three-colours
        return violation(r, rule::kConglomerateColours, RefusalCode::SameColour,
                         {arg::square(squares[k]), arg::square(sq)});
  }
  return std::nullopt;
}

Decision decide_form_conglomerate(const Ruleset& r, const State& s, const Command& c) {
  if (!owners_form_groups(r))
    return Decision::refuse(violation(r, rule::kConglomerateColours, RefusalCode::NoConglomerates));
  if (s.phase != Phase::AwaitingRoll && s.phase != Phase::TurnOver)
    return Decision::refuse(violation(r, rule::kFinishTheMove, RefusalCode::MustFinishPending, waiting_on(s)));
  if (auto v = conglomerate_problem(r, s, c.actor, c.give.properties, false)) return Decision::refuse(std::move(*v));
  std::uint64_t mask = 0;
  for (SquareId sq : c.give.properties) mask |= std::uint64_t{1} << sq;
  Outcome out(r, s);
  effect::form_conglomerate(out, c.actor, mask, conglomerate_top(r, mask));
  return accepted(out);
}

}  // namespace deedlog
