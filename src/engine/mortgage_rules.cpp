// MORTGAGES: the Bank lends half the printed price on an unbuilt property; lifting costs the
// loan and 10%; a mortgaged deed that changes hands costs its new owner 10% at once.
#include <fmt/format.h>

#include "engine/decide_support.h"
#include "engine/player_ref.h"

namespace deedlog {

Decision decide_mortgage(const Ruleset& r, const State& s, const Command& c) {
  const Square& sq = r.square(c.square);
  const Holding& h = s.holdings[c.square];
  if (!sq.is_property() || h.owner != c.actor)
    return Decision::refuse(violation(r, rule::kMortgageValue, fmt::format("{} does not own {}", player_ref(c.actor), sq.name)));
  if (h.mortgaged)
    return Decision::refuse(violation(r, rule::kMortgageValue, fmt::format("{} is mortgaged already", sq.name)));
  // rule mortgage/unbuilt-only: every building on the group is sold back first.
  if (sq.group >= 0) {
    for (SquareId m : r.groups[static_cast<std::size_t>(sq.group)].members) {
      if (s.holdings[m].buildings > 0)
        return Decision::refuse(violation(r, rule::kMortgageUnbuilt,
                                          fmt::format("sell the buildings on {} to the Bank first: a site is mortgaged "
                                                      "only when its whole group is bare",
                                                      square_words(r, m))));
    }
  }
  Outcome out(r, s);
  Event e = ev(EventType::PropertyMortgaged, c.actor);
  e.square = c.square;
  e.amount = sq.mortgage_value;
  out.emit(e);
  settle_debts(out, c.actor);
  return Decision::accept(std::move(out.events));
}

Decision decide_unmortgage(const Ruleset& r, const State& s, const Command& c) {
  const Square& sq = r.square(c.square);
  const Holding& h = s.holdings[c.square];
  if (!sq.is_property() || h.owner != c.actor)
    return Decision::refuse(violation(r, rule::kMortgageLift, fmt::format("{} does not own {}", player_ref(c.actor), sq.name)));
  if (!h.mortgaged)
    return Decision::refuse(violation(r, rule::kMortgageLift, fmt::format("{} is not mortgaged", sq.name)));
  // rule mortgage/lift-with-interest; lifted at once after a transfer, the 10% already paid
  // then is not charged again (rule mortgage/interest-on-transfer).
  const Money interest = (s.lift_at_once & (std::uint64_t{1} << c.square)) ? Money{0} : mortgage_interest(r, sq.mortgage_value);
  const Money due = sq.mortgage_value + interest;
  if (s.player(c.actor).cash - committed_cash(s, c.actor) < due)
    return Decision::refuse(violation(r, rule::kMortgageLift,
                                      fmt::format("lifting the mortgage on {} costs {} ({} and {} interest); {} has {}",
                                                  sq.name, money_words(r, due), money_words(r, sq.mortgage_value),
                                                  money_words(r, interest), player_ref(c.actor),
                                                  money_words(r, s.player(c.actor).cash))));
  if (s.player(c.actor).total_owed().units > 0)
    return Decision::refuse(violation(r, rule::kDebtBlocks,
                                      fmt::format("{} owes money: debts are paid before mortgages are lifted",
                                                  player_ref(c.actor))));
  Outcome out(r, s);
  Event lifted = ev(EventType::MortgageLifted, c.actor);
  lifted.square = c.square;
  lifted.amount = sq.mortgage_value;
  out.emit(lifted);
  if (interest.units > 0) {
    Event i = ev(EventType::InterestPaid, c.actor);
    i.square = c.square;
    i.amount = interest;
    out.emit(i);
  }
  return Decision::accept(std::move(out.events));
}

}  // namespace deedlog
