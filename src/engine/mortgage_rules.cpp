// MORTGAGES: the Bank lends half the printed price on an unbuilt property; lifting costs the
// loan and 10%; a mortgaged deed that changes hands costs its new owner 10% at once.
#include "deedlog/building_group.h"
#include "deedlog/currency.h"
#include "engine/decide_support.h"
#include "engine/effects.h"

namespace deedlog {

namespace {

// A property is mortgaged, and lifted, by its owner, from the other state: refused under `rule`
// otherwise, with `as_asked` when it already is mortgaged (or not) as the command asks.
std::optional<Violation> not_owned_or_as_asked(const Ruleset& r, const State& s, const Command& c, const RuleRef& rule,
                                               bool refused_if_mortgaged, RefusalCode as_asked) {
  const Holding& h = s.holdings[c.square];
  if (!r.square(c.square).is_property() || h.owner != c.actor)
    return violation(r, rule, RefusalCode::NotOwner, {arg::player(c.actor), arg::square(c.square)});
  if (h.mortgaged == refused_if_mortgaged) return violation(r, rule, as_asked, {arg::square(c.square)});
  return std::nullopt;
}

}  // namespace

Decision decide_mortgage(const Ruleset& r, const State& s, const Command& c) {
  if (auto v = not_owned_or_as_asked(r, s, c, rule::kMortgageValue, /*refused_if_mortgaged=*/true,
                                     RefusalCode::AlreadyMortgaged))
    return Decision::refuse(std::move(*v));
  const Square& sq = r.square(c.square);
  Outcome out(r, s);
  // A debt can always be met by mortgaging: the computer edition's limits are on raising cash at will.
  const bool to_pay_a_debt = s.player(c.actor).total_owed().units > 0;
  if (!r.jail.jailed_may_mortgage && s.player(c.actor).in_jail && !to_pay_a_debt)
    // rule jail/no-mortgaging
    return Decision::refuse(violation(r, rule::kJailNoMortgage, RefusalCode::JailedMayNotMortgage, {arg::player(c.actor)}));
  if (r.mortgage.before_throw_only && !to_pay_a_debt) {
    // rule mortgage/before-the-throw
    if (auto v = before_own_throw(out, c.actor, rule::kMortgageBeforeThrow, Verb::Mortgage)) return Decision::refuse(std::move(*v));
  }
  if (r.mortgage.covers_buildings) {
    // rule mortgage/with-its-buildings: the site's buildings go with it, the Bank lending half
    // their price; they are not given back when the mortgage is lifted.
    effect::clear_site_buildings(out, c.actor, c.square, /*paid=*/true, /*by_mortgage=*/true);
  } else {
    // rule mortgage/unbuilt-only: every building on the group (or Conglomerate) is sold back first.
    for (SquareId m : building_group(r, s, c.square)) {
      if (s.holdings[m].buildings > 0)
        return Decision::refuse(violation(r, rule::kMortgageUnbuilt, RefusalCode::SellBuildingsBeforeMortgage,
                                          {arg::square(m), arg::square(c.square)}));
    }
  }
  // rule currency/deed-sums: the loan is in the region's currency; the owner gets its worth in his.
  effect::mortgage(out, c.actor, c.square, receipt_for(r, s, c.actor, c.square, sq.mortgage_value), sq.mortgage_value);
  effect::settle_debts(out, c.actor);
  return accepted(out);
}

Decision decide_unmortgage(const Ruleset& r, const State& s, const Command& c) {
  if (auto v = not_owned_or_as_asked(r, s, c, rule::kMortgageLift, /*refused_if_mortgaged=*/false,
                                     RefusalCode::NotMortgaged))
    return Decision::refuse(std::move(*v));
  const Square& sq = r.square(c.square);
  // rule mortgage/lift-with-interest; lifted at once after a transfer, the 10% already paid
  // then is not charged again (rule mortgage/interest-on-transfer).
  const Money face_interest = (s.lift_at_once & (std::uint64_t{1} << c.square)) || r.mortgage.lift_at_list_price
                                  ? Money{0}
                                  : mortgage_interest(r, sq.mortgage_value);
  // rule mortgage/lift-at-list-price: where the Bank sells the site back at its printed price.
  const Money face_principal = r.mortgage.lift_at_list_price ? sq.price : sq.mortgage_value;
  // rule currency/deed-sums: principal and interest are in the region's currency, paid converted.
  const Money principal = cost_for(r, s, c.actor, c.square, face_principal);
  const Money interest = face_interest.units > 0 ? cost_for(r, s, c.actor, c.square, face_interest) : Money{0};
  const Money due = principal + interest;
  if (s.player(c.actor).cash - committed_cash(s, c.actor) < due)
    return Decision::refuse(
        r.mortgage.lift_at_list_price
            ? violation(r, rule::kMortgageLiftAtList, RefusalCode::BuyBackAtListPrice,
                        {arg::square(c.square), arg::money(due), arg::player(c.actor), arg::money(s.player(c.actor).cash)})
            : violation(r, rule::kMortgageLift, RefusalCode::CannotAffordLift,
                        {arg::square(c.square), arg::money(due), arg::money(principal), arg::money(interest),
                         arg::player(c.actor), arg::money(s.player(c.actor).cash)}));
  if (s.player(c.actor).total_owed().units > 0)
    return Decision::refuse(violation(r, rule::kDebtBlocks, RefusalCode::DebtsBeforeLifting, {arg::player(c.actor)}));
  Outcome out(r, s);
  effect::lift_mortgage(out, c.actor, c.square, principal, face_principal);
  if (interest.units > 0) effect::pay_interest(out, c.actor, c.square, interest, face_interest, /*on_transfer=*/false);
  return accepted(out);
}

}  // namespace deedlog
