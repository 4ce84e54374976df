// RULES FOR PLAYING THE SHORT GAME: the Banker deals title deeds, which the players pay for;
// at the agreed time the move in progress is completed and no further dealings take place.
#include <fmt/format.h>

#include "engine/decide_support.h"
#include "engine/effects.h"
#include "engine/player_ref.h"

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
    if (deeds_held(r, s, p) < r.short_game.deeds_dealt) return false;
  return true;
}

Decision decide_deal(const Ruleset& r, const State& s, const Command& c) {
  if (!s.short_game)
    return Decision::refuse(violation(r, rule::kShortDeal, "title deeds are dealt only in the short game"));
  if (s.throws > 0)
    return Decision::refuse(violation(r, rule::kShortDeal, "the deeds are dealt before the first throw"));
  if (!is_active(s, c.counterparty))
    return Decision::refuse(violation(r, rule::kShortDeal, "deeds are dealt to the players"));
  Outcome out(r, s);
  for (SquareId sq : c.give.properties) {
    const Square& square = r.square(sq);
    if (!square.is_property() || out.state.holdings[sq].owner != kBank)
      return Decision::refuse(violation(r, rule::kShortDeal,
                                        fmt::format("{} is not in the Bank's hand of deeds", square.name)));
    if (deeds_held(r, out.state, c.counterparty) >= r.short_game.deeds_dealt)
      return Decision::refuse(violation(r, rule::kShortDeal,
                                        fmt::format("each player is dealt {} deeds; {} has them", r.short_game.deeds_dealt,
                                                    player_ref(c.counterparty))));
    const Money price = r.short_game.deeds_paid ? square.price : Money{0};
    if (out.state.player(c.counterparty).cash < price)
      return Decision::refuse(violation(r, rule::kShortDeal,
                                        fmt::format("{} cannot pay {} for {}", player_ref(c.counterparty),
                                                    money_words(r, price), square.name)));
    effect::deal_title(out, c.counterparty, sq, price);
  }
  return Decision::accept(std::move(out.events));
}

Decision decide_call_time(const Ruleset& r, const State& s, const Command& c) {
  if (c.actor != kReferee) return Decision::refuse(violation(r, rule::kShortTime, "only the referee calls time"));
  if (!s.short_game)
    return Decision::refuse(violation(r, rule::kShortTime,
                                      "time is called only in a short or time-limit game ([Variant \"short-game\"])"));
  if (s.time_called) return Decision::refuse(violation(r, rule::kShortTime, "time has been called already"));
  Outcome out(r, s);
  effect::call_time(out);
  return Decision::accept(std::move(out.events));
}

}  // namespace deedlog
