#include "deedlog/table_version.h"

#include "deedlog/building_group.h"
#include "deedlog/event_fields.h"
#include "deedlog/currency.h"
#include "engine/effects.h"
#include "engine/move_resolution.h"
#include "engine/outcome.h"

namespace deedlog {

void TableMemory::note(const Event& e) {
  if (e.type == EventType::RentDue && fields::RentDue::owner(e) >= 0)
    last_rent[static_cast<std::size_t>(fields::RentDue::owner(e))] = LastRent{e.player, fields::RentDue::square(e), fields::RentDue::rent(e)};
  if (e.type == EventType::RentPaid && fields::RentPaid::owner(e) >= 0) last_rent[static_cast<std::size_t>(fields::RentPaid::owner(e))] = LastRent{};
}

std::optional<Events> table_version(const Ruleset& r, const State& s, const TableMemory& memory, const Command& c) {
  if (c.actor < 0 || c.actor >= s.player_count) return std::nullopt;
  Outcome out(r, s);
  switch (c.verb) {
    case Verb::ClaimRent: {
      const TableMemory::LastRent& due = memory.last_rent[static_cast<std::size_t>(c.actor)];
      if (due.square == kNoSquare) return std::nullopt;
      // The same payment as a rent claimed in time: in the owner's currency, paid converted.
      if (s.player(due.payer).cash < cost_to_player(r, s, due.payer, c.actor, due.amount)) return std::nullopt;
      effect::pay(out, effect::PaymentKind::Rent, due.payer, c.actor, due.amount, due.square);
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
      effect::pay_jail_fine(out, c.actor, r.jail.fine);
      effect::leave_jail(out, c.actor, JailExit::Fine);
      return out.events;
    }
    case Verb::Buy: {
      const SquareId at = s.player(c.actor).square;
      const Square& sq = r.square(at);
      if (!sq.is_property() || s.holdings[at].owner != kBank) return std::nullopt;
      // The price a legal purchase would have cost (regional currency: converted from the
      // region's), so an illegal purchase is charged what the rules charge for a legal one.
      const Money price = cost_for(r, s, c.actor, at, sq.price);
      if (s.player(c.actor).cash < price) return std::nullopt;
      effect::buy_property(out, c.actor, at, price, sq.price);
      if (s.phase == Phase::BuyDecision) effect::finish_move(out, c.actor);
      return out.events;
    }
    case Verb::Build: {
      if (c.hotel || c.square == kNoSquare || !c.more_sites.empty() || s.holdings[c.square].owner != c.actor)
        return std::nullopt;
      if (r.square(c.square).kind != SquareKind::Street) return std::nullopt;
      for (int k = 0; k < c.count; ++k) {
        // What a legal house costs here: the price on the deed that sets the terms (the top of a
        // Conglomerate), in the builder's currency.
        const Money face = terms_of(r, out.state, c.square).house_cost;
        const Money price = cost_for(r, out.state, c.actor, c.square, face);
        if (out.state.holdings[c.square].buildings >= r.houses_per_hotel || out.state.bank_houses <= 0 ||
            out.state.player(c.actor).cash < price)
          return std::nullopt;
        effect::build_house(out, c.actor, c.square, price, face);
      }
      return out.events;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace deedlog
