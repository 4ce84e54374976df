// Corrections: a referee's ruling recorded as a new event with its money and property
// movements. The history before it never changes; the position after it is the corrected one.
#include <fmt/format.h>

#include "engine/building_group.h"
#include "engine/decide_support.h"
#include "engine/effects.h"
#include "engine/move_resolution.h"
#include "engine/player_ref.h"

namespace deedlog {

Decision decide_award(const Ruleset& r, const State& s, const Command& c) {
  if (c.actor != kReferee) return Decision::refuse(violation(r, rule::kCorrection, "only the referee awards"));
  if (!is_active(s, c.counterparty))
    return Decision::refuse(violation(r, rule::kCorrection, "an award goes to a player still in the game"));
  if (c.payer != kBank && (!is_active(s, c.payer) || c.payer == c.counterparty))
    return Decision::refuse(violation(r, rule::kCorrection, "an award is paid by the Bank or by another player in the game"));
  Outcome out(r, s);
  if (c.square != kNoSquare) {
    const Square& sq = r.square(c.square);
    const PlayerId owner = s.holdings[c.square].owner;
    if (!sq.is_property())
      return Decision::refuse(violation(r, rule::kCorrection, fmt::format("{} is not a property", sq.name)));
    if (owner == c.counterparty)
      return Decision::refuse(violation(r, rule::kCorrection,
                                        fmt::format("{} holds {} already", player_ref(c.counterparty), sq.name)));
    for (SquareId m : building_group(r, s, c.square))
      if (s.holdings[m].buildings > 0)
        return Decision::refuse(violation(r, rule::kTradeNoBuildings,
                                          fmt::format("buildings stand on {}'s group ({}): they are sold to the Bank "
                                                      "before the deed can move",
                                                      sq.name, square_words(r, m))));
    effect::record_ruling(out, c.counterparty, owner, c.square, Money{0}, c.note);
    effect::transfer_deed(out, owner, c.counterparty, c.square);
    return Decision::accept(std::move(out.events));
  }
  if (c.amount.units <= 0) return Decision::refuse(violation(r, rule::kCorrection, "an award is a positive amount or a deed"));
  effect::record_ruling(out, c.counterparty, c.payer, kNoSquare, c.amount, c.note);
  if (c.payer == kBank) {
    effect::bank_pays(out, c.counterparty, c.amount, c.amount);
  } else {
    // What the payer cannot pay in cash he owes, like any other debt.
    effect::pay(out, effect::PaymentKind::ToPlayer, c.payer, c.counterparty, c.amount);
  }
  effect::settle_debts(out, c.counterparty);
  return Decision::accept(std::move(out.events));
}

}  // namespace deedlog
