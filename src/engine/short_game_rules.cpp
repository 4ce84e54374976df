// RULES FOR PLAYING THE SHORT GAME: the Banker deals title deeds, which the players pay for;
// at the agreed time the move in progress is completed and no further dealings take place.

#include "engine/decide_support.h"
#include "engine/effects.h"

namespace deedlog {
namespace {

int deeds_held(const Ruleset& r, const State& s, PlayerId p) {
  int n = 0;
  for (int i = 0; i < r.board_size(); ++i) n += s.holdings[static_cast<std::size_t>(i)].owner == p ? 1 : 0;
  return n;
}

}  // namespace

bool dealing_done(const Ruleset& r, const State& s) {
  // Dealing is before the first throw; afterwards deeds change hands as they will. A [Setup]
  // states a position after the deal, whatever each player holds in it.
  if (!s.short_game || s.throws > 0 || s.set_up) return true;
  for (PlayerId p = 0; p < s.player_count; ++p)
    if (!s.player(p).bankrupt && deeds_held(r, s, p) < r.short_game.deeds_dealt) return false;
  return true;
}

Decision decide_deal(const Ruleset& r, const State& s, const Command& c) {
  if (!s.short_game)
    return Decision::refuse(violation(r, rule::kShortDeal, RefusalCode::DealOnlyInShortGame));
  if (s.throws > 0)
    return Decision::refuse(violation(r, rule::kShortDeal, RefusalCode::DealBeforeFirstThrow));
  if (!is_active(s, c.counterparty))
    return Decision::refuse(violation(r, rule::kShortDeal, RefusalCode::DealToPlayers));
  Outcome out(r, s);
  for (SquareId sq : c.give.properties) {
    const Square& square = r.square(sq);
    if (!square.is_property() || out.state.holdings[sq].owner != kBank)
      return Decision::refuse(violation(r, rule::kShortDeal, RefusalCode::DeedNotInBank, {arg::square(sq)}));
    if (deeds_held(r, out.state, c.counterparty) >= r.short_game.deeds_dealt)
      return Decision::refuse(violation(r, rule::kShortDeal, RefusalCode::DealtEnough, {arg::player(c.counterparty)}));
    const Money price = r.short_game.deeds_paid ? square.price : Money{0};
    if (out.state.player(c.counterparty).cash < price)
      return Decision::refuse(violation(r, rule::kShortDeal, RefusalCode::CannotPayForDeed,
                                        {arg::player(c.counterparty), arg::money(price), arg::square(sq)}));
    effect::deal_title(out, c.counterparty, sq, price);
  }
  return accepted(out);
}

Decision decide_call_time(const Ruleset& r, const State& s, const Command& /*only the referee's: the gate saw to it*/) {
  if (!s.short_game)
    return Decision::refuse(violation(r, rule::kShortTime, RefusalCode::NotAShortGame));
  if (s.time_called) return Decision::refuse(violation(r, rule::kShortTime, RefusalCode::TimeAlreadyCalled));
  Outcome out(r, s);
  effect::call_time(out);
  return accepted(out);
}

}  // namespace deedlog
