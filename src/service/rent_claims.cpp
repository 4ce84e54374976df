#include "service/rent_claims.h"

#include <vector>

#include "deedlog/event_fields.h"
#include "deedlog/rule_book.h"
#include "service/game_log.h"

namespace deedlog {

std::optional<Violation> rent_claim_refusal(Journal& journal, const Game& game, const Command& claim,
                                            const Violation& refused) {
  if (claim.verb != Verb::ClaimRent || refused.code != RefusalCode::NoRentOwed) return std::nullopt;
  std::vector<LoggedEvent> events;
  if (!GameLog(journal, game).read_all(1, game.state.seq, &events).is_ok()) return std::nullopt;
  const Ruleset& r = game.ruleset;
  const PlayerId owner = claim.actor;
  // The last thing that happened on the owner's sites: another player's token landing on one,
  // and, for a landing that made rent due, what became of it.
  std::size_t landing = events.size();
  for (std::size_t i = events.size(); i-- > 0;) {
    const Event& e = events[i].event;
    if (e.type == EventType::RentDue && fields::RentDue::owner(e) == owner) {
      landing = i;
      break;
    }
    if (e.type == EventType::TokenMoved && e.player != owner && fields::TokenMoved::to(e) != kNoSquare &&
        game.state.holdings[fields::TokenMoved::to(e)].owner == owner && r.square(fields::TokenMoved::to(e)).is_property()) {
      landing = i;
      break;
    }
  }
  if (landing == events.size()) return std::nullopt;
  const Event& l = events[landing].event;
  if (l.type == EventType::TokenMoved) {
    // No rent fell due for the landing: the site was mortgaged (or is now: then it says so).
    if (!game.state.holdings[fields::TokenMoved::to(l)].mortgaged) return std::nullopt;
    return violation(r, rule::kRentMortgaged, RefusalCode::NoRentOnMortgaged,
                     {arg::square(fields::TokenMoved::to(l)), arg::player(l.player), arg::player(owner)});
  }
  // The rent fell due: was it paid, or lost at a throw?
  for (std::size_t i = landing + 1; i < events.size(); ++i) {
    const Event& e = events[i].event;
    if (fields::shared::other_if_any(e) != owner || fields::shared::square_if_any(e) != fields::RentDue::square(l)) continue;
    if (e.type == EventType::RentPaid)
      return violation(r, rule::kRentOwnerAsks, RefusalCode::RentAlreadyPaid,
                       {arg::player(e.player), arg::square(fields::RentPaid::square(e)), arg::player(owner), arg::money(fields::RentPaid::paid(e))});
    if (e.type == EventType::RentForfeited) {
      // The throw that closed the window: the move holding the forfeit, and its dice.
      std::size_t move = i;
      while (move > 0 && events[move].event.type != EventType::MovePlayed) --move;
      PlayerId thrower = events[move].event.player;
      std::int64_t throw_seq = events[move].seq;
      for (std::size_t k = move; k < events.size() && k <= i + 1; ++k)
        if (events[k].event.type == EventType::DiceThrown) {
          thrower = events[k].event.player;
          throw_seq = events[k].seq;
          break;
        }
      return violation(r, rule::kRentAskInTime, RefusalCode::RentClaimMissed,
                       {arg::player(owner), arg::square(fields::RentDue::square(l)), arg::player(l.player), arg::count(events[landing].seq),
                        arg::player(thrower), arg::count(throw_seq)});
    }
  }
  return std::nullopt;
}

}  // namespace deedlog
