#include "deedlog/legal_moves.h"


#include <algorithm>

#include "deedlog/building_group.h"
#include "deedlog/decide.h"
#include "engine/decide_support.h"
#include "engine/gate.h"

namespace deedlog {
namespace {

struct Collector {
  const Ruleset& r;
  const State& s;
  std::int64_t now;
  std::vector<LegalMove> moves;

  // Ruled at the moment asked about; listed without the stamp (the move as a player writes it).
  void consider(const Command& c, MoveRange range = {}) {
    Command stamped = c;
    stamped.clock = now;
    // A sealed game's throw or card is ruled with a stand-in for the referee's chance (whether
    // it may be made does not depend on it); the move listed carries none: the shell deals it.
    if (s.sealed && (c.verb == Verb::Roll || c.verb == Verb::Draw) && !stamped.chance) stamped.chance = sealed_stand_in(r, s);
    if (decide(r, s, stamped).accepted) moves.push_back(LegalMove{c, range});
  }
};

bool owns_any(const Ruleset& r, const State& s, PlayerId p) {
  for (int i = 0; i < r.board_size(); ++i)
    if (s.holdings[static_cast<std::size_t>(i)].owner == p) return true;
  return false;
}

// A Conglomerate the player could form now: his first free properties of three colours (the
// fill says any three of three colours will do).
void consider_conglomerate(Collector& out, PlayerId p) {
  Command c = make_command(Verb::FormConglomerate, p);
  std::vector<int> colours;
  for (int i = 0; i < out.r.board_size() && c.give.properties.size() < 3; ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    if (out.s.holdings[sq].owner != p || conglomerate_of(out.s, sq)) continue;
    const int colour = colour_of(out.r, sq);
    if (std::find(colours.begin(), colours.end(), colour) != colours.end()) continue;
    colours.push_back(colour);
    c.give.properties.push_back(sq);
  }
  if (c.give.properties.size() == 3) out.consider(c, MoveRange{MoveRange::Kind::ThreeColours, 3, 3});
}

}  // namespace

std::vector<LegalMove> legal_moves(const Ruleset& r, const State& s, std::int64_t now) {
  Collector out{r, s, now, {}};
  // rule short-game/deal-two-deeds: at a table the Banker deals before the first throw, so the deal
  // is listed first: each player short of his deeds is dealt the first the Bank holds (any will do).
  if (!dealing_done(r, s)) {
    for (PlayerId p = 0; p < s.player_count; ++p) {
      int held = 0;
      for (int i = 0; i < r.board_size(); ++i) held += s.holdings[static_cast<std::size_t>(i)].owner == p ? 1 : 0;
      const int due = r.short_game.deeds_dealt - held;
      if (due <= 0 || !is_active(s, p)) continue;
      Command deal = make_command(Verb::Deal, kReferee);
      deal.counterparty = p;
      for (int i = 0; i < r.board_size() && static_cast<int>(deal.give.properties.size()) < due; ++i) {
        const SquareId sq = static_cast<SquareId>(i);
        if (r.square(sq).is_property() && s.holdings[sq].owner == kBank) deal.give.properties.push_back(sq);
      }
      out.consider(deal, MoveRange{MoveRange::Kind::Deeds, due, due});
    }
  }
  for (PlayerId p = 0; p < s.player_count; ++p) {
    if (s.player(p).bankrupt) continue;
    // The throw: concrete in a seeded or sealed game; at a table the dice are whatever they show.
    if (s.seeded || s.sealed) {
      out.consider(make_command(Verb::Roll, p));
    } else {
      Command roll = make_command(Verb::Roll, p);
      roll.die1 = 1;
      roll.die2 = 2;
      out.consider(roll, MoveRange{MoveRange::Kind::Dice, 1, 6});
    }
    // The verbs listed with no arguments (verbs.h, `listed_alone`), in the list's order.
    for (const Verb v : kVerbsListed)
      if (listed_alone(v)) out.consider(make_command(v, p));
    if (s.phase == Phase::Auction) {
      const Money lowest = lowest_bid(r, s);
      Command bid = make_command(Verb::Bid, p);
      bid.amount = lowest;
      out.consider(bid, MoveRange{MoveRange::Kind::Amount, lowest.units, s.player(p).cash.units});
    }
    if (s.phase == Phase::TaxChoice) {
      for (TaxChoice choice : {TaxChoice::Flat, TaxChoice::Percent}) {
        Command c = make_command(Verb::PayTax, p);
        c.tax = choice;
        out.consider(c);
      }
    }
    if ((s.phase == Phase::AwaitingCard || s.phase == Phase::CardChoice) && s.sealed) {
      // A sealed game: the referee turns the card up; the table only takes it.
      out.consider(make_command(Verb::Draw, p));
    } else if (s.phase == Phase::AwaitingCard || s.phase == Phase::CardChoice) {
      // Every card that could be the one turned up now (the unseen ones, or the known top).
      const Deck& deck = r.decks[static_cast<int>(s.pending_deck)];
      for (std::size_t i = 0; i < deck.cards.size(); ++i) {
        bool copy = false;  // copies of one card are one move: the referee takes the right copy
        for (std::size_t j = 0; j < i && !copy; ++j) copy = deck.cards[j].text == deck.cards[i].text;
        if (copy) continue;
        Command draw = make_command(Verb::Draw, p);
        draw.card_query = deck.cards[i].text;
        draw.card_in_pack[static_cast<std::size_t>(s.pending_deck)] = static_cast<CardIndex>(i);
        out.consider(draw);
      }
    }
    if (!owns_any(r, s, p)) continue;
    if (owners_form_groups(r)) consider_conglomerate(out, p);
    for (int i = 0; i < r.board_size(); ++i) {
      const SquareId sq = static_cast<SquareId>(i);
      if (s.holdings[sq].owner != p) continue;
      for (Verb v : {Verb::Mortgage, Verb::Unmortgage}) {
        Command c = make_command(v, p);
        c.square = sq;
        out.consider(c);
      }
      // Streets; where Conglomerates are built on, any member of one (railroads and utilities too).
      const bool site = !owners_form_groups(r) ? r.square(sq).kind == SquareKind::Street
                                                                          : !building_group(r, s, sq).empty();
      if (!site) continue;
      for (bool hotel : {false, true}) {
        for (Verb v : {Verb::Build, Verb::Sell}) {
          Command c = make_command(v, p);
          c.square = sq;
          c.hotel = hotel;
          out.consider(c);
        }
      }
    }
  }
  // The referee's own moves.
  out.consider(make_command(Verb::CallTime, kReferee));
  for (bool hotel : {false, true}) {
    Command c = make_command(Verb::AuctionBuilding, kReferee);
    c.hotel = hotel;
    out.consider(c);
  }
  return std::move(out.moves);
}

SealedChance sealed_stand_in(const Ruleset& r, const State& s) {
  SealedChance c;
  c.first_throw = s.throws;
  c.dice.assign(4, std::array<int, 2>{1, 2});  // a move throws twice at most; room to spare
  for (int d = 0; d < kDeckCount; ++d)
    for (std::size_t i = 0; i < r.decks[static_cast<std::size_t>(d)].cards.size(); ++i)
      c.packs[static_cast<std::size_t>(d)].push_back(static_cast<CardIndex>(i));
  return c;
}

}  // namespace deedlog
