#include "app/table_version.h"

#include "engine/move_resolution.h"
#include "engine/outcome.h"

namespace deedlog {

void TableMemory::note(const Event& e) {
  if (e.type == EventType::RentDue && e.other >= 0)
    last_rent[static_cast<std::size_t>(e.other)] = LastRent{e.player, e.square, e.amount};
  if (e.type == EventType::RentPaid && e.other >= 0) last_rent[static_cast<std::size_t>(e.other)] = LastRent{};
}

std::optional<Events> table_version(const Ruleset& r, const State& s, const TableMemory& memory, const Command& c) {
  if (c.actor < 0 || c.actor >= s.player_count) return std::nullopt;
  Outcome out(r, s);
  switch (c.verb) {
    case Verb::ClaimRent: {
      const TableMemory::LastRent& due = memory.last_rent[static_cast<std::size_t>(c.actor)];
      if (due.square == kNoSquare || s.player(due.payer).cash < due.amount) return std::nullopt;
      Event e = ev(EventType::RentPaid, due.payer);
      e.other = c.actor;
      e.square = due.square;
      e.amount = due.amount;
      out.emit(e);
      return out.events;
    }
    case Verb::Draw: {
      if (s.phase != Phase::AwaitingCard && s.phase != Phase::CardChoice) return std::nullopt;
      const Deck& deck = r.decks[static_cast<int>(s.pending_deck)];
      for (std::size_t i = 0; i < deck.cards.size(); ++i) {
        // The table took the card named, wherever it really lay in the pack.
        if (deck.cards[i].text.rfind(c.card_query, 0) == 0 || deck.cards[i].text == c.card_query) {
          State relaxed = s;
          PackState& pack = relaxed.packs[static_cast<int>(s.pending_deck)];
          if (pack.out & (std::uint64_t{1} << i)) return std::nullopt;  // held by a player: not in the pack at all
          PackState rebuilt = pack;
          rebuilt.head = 0;
          rebuilt.size = 0;
          for (int k = 0; k < pack.size; ++k)
            if (pack.known_at(k) != i) rebuilt.push_bottom(pack.known_at(k));
          rebuilt.unseen |= std::uint64_t{1} << i;
          pack = rebuilt;
          Outcome o(r, relaxed);
          follow_card(o, c.actor, s.pending_deck, static_cast<CardIndex>(i));
          return o.events;
        }
      }
      return std::nullopt;
    }
    case Verb::PayFine: {
      if (!s.player(c.actor).in_jail || s.player(c.actor).cash < r.jail.fine) return std::nullopt;
      Event f = ev(EventType::FinePaid, c.actor);
      f.amount = r.jail.fine;
      out.emit(f);
      Event left = ev(EventType::LeftJail, c.actor);
      left.count = static_cast<int>(JailExit::Fine);
      out.emit(left);
      return out.events;
    }
    case Verb::Buy: {
      const SquareId at = s.player(c.actor).square;
      const Square& sq = r.square(at);
      if (!sq.is_property() || s.holdings[at].owner != kBank || s.player(c.actor).cash < sq.price) return std::nullopt;
      Event e = ev(EventType::PropertyBought, c.actor);
      e.square = at;
      e.amount = sq.price;
      out.emit(e);
      if (s.phase == Phase::BuyDecision) finish_move(out, c.actor);
      return out.events;
    }
    case Verb::Build: {
      if (c.hotel || c.square == kNoSquare || s.holdings[c.square].owner != c.actor) return std::nullopt;
      const Square& sq = r.square(c.square);
      if (sq.kind != SquareKind::Street) return std::nullopt;
      for (int k = 0; k < c.count; ++k) {
        if (out.state.holdings[c.square].buildings >= r.houses_per_hotel || out.state.bank_houses <= 0 ||
            out.state.player(c.actor).cash < sq.house_cost)
          return std::nullopt;
        Event e = ev(EventType::HouseBuilt, c.actor);
        e.square = c.square;
        e.amount = sq.house_cost;
        out.emit(e);
      }
      return out.events;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace deedlog
