// Corrections: a referee's ruling recorded as a new event with its money and property
// movements. The history before it never changes; the position after it is the corrected one.

#include "deedlog/building_group.h"
#include "engine/decide_support.h"
#include "engine/effects.h"
#include "engine/move_resolution.h"

namespace deedlog {

Decision decide_award(const Ruleset& r, const State& s, const Command& c) {
  if (c.actor != kReferee) return Decision::refuse(violation(r, rule::kCorrection, RefusalCode::OnlyRefereeAwards));
  if (!is_active(s, c.counterparty))
    return Decision::refuse(violation(r, rule::kCorrection, RefusalCode::AwardToActivePlayer));
  if (c.payer != kBank && (!is_active(s, c.payer) || c.payer == c.counterparty))
    return Decision::refuse(violation(r, rule::kCorrection, RefusalCode::AwardPayer));
  Outcome out(r, s);
  if (c.square != kNoSquare) {
    const Square& sq = r.square(c.square);
    const PlayerId owner = s.holdings[c.square].owner;
    if (!sq.is_property())
      return Decision::refuse(violation(r, rule::kCorrection, RefusalCode::NotAProperty, {arg::square(c.square)}));
    if (owner == c.counterparty)
      return Decision::refuse(violation(r, rule::kCorrection, RefusalCode::AlreadyHolds,
                                        {arg::player(c.counterparty), arg::square(c.square)}));
    for (SquareId m : building_group(r, s, c.square))
      if (s.holdings[m].buildings > 0)
        return Decision::refuse(violation(r, rule::kTradeNoBuildings, RefusalCode::BuiltGroupDeedCannotMove,
                                          {arg::square(c.square), arg::square(m)}));
    effect::record_ruling(out, c.counterparty, owner, c.square, Money{0}, c.note);
    effect::transfer_deed(out, owner, c.counterparty, c.square);
    return accepted(out);
  }
  if (c.amount.units <= 0) return Decision::refuse(violation(r, rule::kCorrection, RefusalCode::AwardNotPositive));
  effect::record_ruling(out, c.counterparty, c.payer, kNoSquare, c.amount, c.note);
  if (c.payer == kBank) {
    effect::bank_pays(out, c.counterparty, c.amount, c.amount);
  } else {
    // What the payer cannot pay in cash he owes, like any other debt.
    effect::pay(out, effect::PaymentKind::ToPlayer, c.payer, c.counterparty, c.amount);
  }
  effect::settle_debts(out, c.counterparty);
  return accepted(out);
}

}  // namespace deedlog

namespace deedlog {

// rule referee/take-back: the referee voids the last moves, the position returns to before them,
// and the moves stay in the journal, marked void by this event. A move is a line played since
// the opening; the opening (and its [Setup]) is not one, so it is never taken back. One
// take-back reaches kTakeBackDepth moves back at most: the position keeps where only that many
// began, and the one it returns to keeps its own, so a longer one is several in turn.
Decision decide_take_back(const Ruleset& r, const State& s, const Command& c) {
  if (c.actor != kReferee) return Decision::refuse(violation(r, rule::kTakeBack, RefusalCode::OnlyRefereeTakesBack));
  const std::int64_t asked = c.count;
  if (asked > kTakeBackDepth)
    return Decision::refuse(violation(r, rule::kTakeBack, RefusalCode::TakeBackTooMany,
                                      {arg::count(asked), arg::count(kTakeBackDepth)}));
  if (asked < 1 || asked > s.moves_played)
    return Decision::refuse(violation(r, rule::kTakeBack, RefusalCode::TakeBackPastOpening,
                                      {arg::count(asked), arg::count(s.moves_played)}));
  const std::int64_t first = s.move_lines[static_cast<std::size_t>((s.moves_played - asked) % kTakeBackDepth)];
  Outcome out(r, s);
  // This move's own line is event s.seq + 1: the events voided are those from `first` up to it.
  effect::take_back(out, static_cast<int>(s.seq + 1 - first), c.note);
  return accepted(out);
}

}  // namespace deedlog

namespace deedlog {

// rule referee/note: the referee notes a ruling that changes nothing (an appeal the Head Judge
// rejected), so the game's own record holds it. Like every correction, at any point, even after
// the end: a ruling may come after the game is over.
Decision decide_note(const Ruleset& r, const State& s, const Command& c) {
  if (c.actor != kReferee) return Decision::refuse(violation(r, rule::kRefereeNote, RefusalCode::OnlyRefereeNotes));
  if (c.note.find_first_not_of(" \t") == std::string::npos)
    return Decision::refuse(violation(r, rule::kRefereeNote, RefusalCode::NoteEmpty));
  Outcome out(r, s);
  effect::note(out, c.note);
  return accepted(out);
}

}  // namespace deedlog
