// Corrections: a referee's ruling recorded as a new event with its money and property
// movements. The history before it never changes; the position after it is the corrected one.
#include <fmt/format.h>

#include "engine/building_group.h"
#include "engine/decide_support.h"
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
  Event ruling = ev(EventType::RulingRecorded, c.counterparty);
  ruling.other = c.payer;
  ruling.text = c.note;
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
    ruling.other = owner;
    ruling.square = c.square;
    out.emit(ruling);
    Event t = ev(EventType::PropertyTransferred, owner);
    t.other = c.counterparty;
    t.square = c.square;
    out.emit(t);
    return Decision::accept(std::move(out.events));
  }
  if (c.amount.units <= 0) return Decision::refuse(violation(r, rule::kCorrection, "an award is a positive amount or a deed"));
  ruling.amount = c.amount;
  out.emit(ruling);
  if (c.payer == kBank) {
    Event paid = ev(EventType::PaidByBank, c.counterparty);
    paid.amount = c.amount;
    out.emit(paid);
  } else {
    // What the payer cannot pay in cash he owes, like any other debt.
    charge(out, EventType::PaidToPlayer, c.payer, c.counterparty, c.amount);
  }
  settle_debts(out, c.counterparty);
  return Decision::accept(std::move(out.events));
}

}  // namespace deedlog
