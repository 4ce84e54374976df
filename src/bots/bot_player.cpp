#include "bots/bot_player.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "bots/site_worth.h"
#include "deedlog/building_group.h"
#include "deedlog/cards_to_come.h"
#include "deedlog/decide.h"
#include "deedlog/position_queries.h"
#include "deedlog/rule_book.h"
#include "deedlog/money_raising.h"
#include "deedlog/policies.h"
#include "deedlog/rent.h"
#include "deedlog/seeded_chance.h"

namespace deedlog {
namespace {

// Cash a bot keeps back before buying or building.
constexpr std::int64_t kReserve = 150;

}  // namespace

BotTable::BotTable(const Ruleset& ruleset, std::uint64_t seed, JailStrategy jail, Bidding bidding)
    : r_(ruleset), seed_(seed), jail_(jail), bidding_(bidding) {
  for (const Group& g : r_.groups) {
    GroupMasks m;
    for (SquareId sq : g.members) {
      m.members |= std::uint64_t{1} << sq;
      if (r_.square(sq).kind == SquareKind::Street) m.streets |= std::uint64_t{1} << sq;
    }
    group_masks_.push_back(m);
  }
}

const BotTable::Deeds& BotTable::deeds(const State& s, PlayerId p) {
  // Deeds change hands or are mortgaged a few times a game, and the bots ask every move: the
  // masks are worked out again only when the holdings differ from those last seen (one compare
  // of a few bytes, where a pass over the board with its branches cost a sixth of self-play).
  static_assert(sizeof(Holding) == 3 && std::has_unique_object_representations_v<Holding>,
                "holdings are compared byte for byte");
  const std::size_t bytes = static_cast<std::size_t>(r_.board_size()) * sizeof(Holding);
  if (!deeds_known_ || std::memcmp(seen_.data(), s.holdings.data(), bytes) != 0) {
    std::memcpy(seen_.data(), s.holdings.data(), bytes);
    deeds_known_ = true;
    deeds_ = {};
    for (int i = 0; i < r_.board_size(); ++i) {
      const Holding& h = s.holdings[static_cast<SquareId>(i)];
      if (h.owner < 0 || h.owner >= kMaxPlayers) continue;
      deeds_[static_cast<std::size_t>(h.owner)].mine |= std::uint64_t{1} << i;
      if (h.mortgaged) deeds_[static_cast<std::size_t>(h.owner)].pledged |= std::uint64_t{1} << i;
    }
    // On colour groups only the streets of a group held whole and unmortgaged can take a
    // building (decide refuses the rest, a station of a whole group too).
    for (PlayerId q = 0; q < s.player_count; ++q) {
      Deeds& d = deeds_[static_cast<std::size_t>(q)];
      const std::uint64_t whole = d.mine & ~d.pledged;
      for (const GroupMasks& g : group_masks_)
        if (g.members != 0 && (whole & g.members) == g.members) d.sites |= g.streets;
    }
  }
  return deeds_[static_cast<std::size_t>(p)];
}

bool BotTable::accepts(const State& s, const Command& c) {
  Decision d = decide(r_, s, c);
  if (!d.accepted) return false;
  tried_ = c;
  tried_decision_ = std::move(d);
  return true;
}

std::optional<Decision> BotTable::take_decision(const Command& move) {
  std::optional<Decision> d;
  if (tried_ && tried_decision_ && *tried_ == move) d = std::move(tried_decision_);
  tried_.reset();
  tried_decision_.reset();
  return d;
}

std::uint64_t BotTable::random(std::uint64_t bound) {
  return bound == 0 ? 0 : mix64(seed_ ^ mix64(++counter_)) % bound;
}

std::optional<Command> BotTable::raise_money(const State& s, PlayerId p) {
  const PlayerState& ps = s.player(p);
  if (ps.total_owed() > money_raisable(r_, s, p).total) return make_command(Verb::DeclareBankruptcy, p);
  // Sell buildings first (a hotel sells its group down in a shortage), then mortgage.
  for (int i = r_.board_size() - 1; i >= 0; --i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = s.holdings[sq];
    if (h.owner != p || h.buildings == 0) continue;
    Command c = make_command(Verb::Sell, p);
    c.square = sq;
    c.hotel = h.buildings == kHotel;
    if (accepts(s, c)) return c;
  }
  for (int i = 0; i < r_.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    if (s.holdings[sq].owner != p || s.holdings[sq].mortgaged) continue;
    Command c = make_command(Verb::Mortgage, p);
    c.square = sq;
    if (accepts(s, c)) return c;
  }
  return make_command(Verb::DeclareBankruptcy, p);
}

std::optional<Command> BotTable::auction_move(const State& s) {
  const AuctionState& a = s.auction;
  // Each player still in, in seat order from the one after the high bidder, bids or passes.
  for (int k = 1; k <= s.player_count; ++k) {
    const PlayerId p = static_cast<PlayerId>(((a.high_bidder == kBank ? s.turn : a.high_bidder) + k) % s.player_count);
    if (!is_active(s, p) || (a.passed & (1u << p)) || p == a.high_bidder) continue;
    if (bidding_ == Bidding::Sound) {
      // By the lot's worth to p, in steps (bots/site_worth.h); no draw of the bots' dice.
      Command c = make_command(Verb::Bid, p);
      c.amount = sound_bid(r_, s, p);
      if (c.amount.units > 0 && accepts(s, c)) return c;
      return make_command(Verb::Pass, p);
    }
    const Money worth = a.lot == AuctionLot::Property ? r_.square(a.square).price : Money{150};
    const Money limit{worth.units * static_cast<std::int64_t>(60 + random(60)) / 100};
    const Money bid = std::max(lowest_bid(r_, s), a.high_bid + Money{static_cast<std::int64_t>(5 + random(20))});
    if (bid <= limit && bid + Money{kReserve / 2} <= s.player(p).cash) {
      Command c = make_command(Verb::Bid, p);
      c.amount = bid;
      if (accepts(s, c)) return c;
    }
    return make_command(Verb::Pass, p);
  }
  return std::nullopt;
}

std::optional<Command> BotTable::development(const State& s, PlayerId p) {
  const PlayerState& ps = s.player(p);
  const int board = r_.board_size();
  const Deeds& held = deeds(s, p);
  const std::uint64_t pledged = held.pledged;
  // Lift a mortgage when rich, then build evenly on the cheapest legal site.
  for (std::uint64_t left = ps.cash.units > 800 ? pledged : 0; left != 0; left &= left - 1) {
    Command c = make_command(Verb::Unmortgage, p);
    c.square = static_cast<SquareId>(__builtin_ctzll(left));
    if (accepts(s, c)) return c;
  }
  if (auto c = form_conglomerate(s, p)) return c;
  const bool even = policy::even_building(r_);
  // The sites worth asking about, in board order: on colour groups the streets of the groups
  // held whole (deeds), instead of each owned square's group asked for every move.
  // Conglomerates form as the players choose: every square stays a candidate there.
  std::uint64_t candidates = owners_form_groups(r_) ? (board >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << board) - 1)
                                                    : held.sites;
  for (; candidates != 0; candidates &= candidates - 1) {
    const int i = __builtin_ctzll(candidates);
    const SquareId sq = static_cast<SquareId>(i);
    const Square& square = r_.square(sq);
    if (s.holdings[sq].owner != p || !square.is_property()) continue;
    if (ps.cash.units < terms_of(r_, s, sq).house_cost.units + kReserve) continue;
    // Only a whole, unmortgaged group can take a building: the rest would be refused, and a
    // refusal costs a formatted ruling (self-play spent a fifth of its time on those).
    const SquareSet group = building_group(r_, s, sq);
    bool buildable = !group.empty();
    for (SquareId m : group) buildable = buildable && s.holdings[m].owner == p && !s.holdings[m].mortgaged;
    if (!buildable) continue;
    // What decide would surely refuse is not asked (a refusal costs a ruling): a site that has
    // its hotel, the Bank out of the building wanted, a site above the lowest of its group when
    // building is even. The same choices, fewer questions.
    const int at = s.holdings[sq].buildings;
    if (at == kHotel) continue;
    const bool hotel = at == r_.houses_per_hotel;
    if (hotel ? s.bank_hotels <= 0 : s.bank_houses <= 0) continue;
    if (even) {
      bool lowest = true;
      for (SquareId m : group) lowest = lowest && building_level(r_, s, m) >= at;
      if (!lowest) continue;
    }
    Command c = make_command(Verb::Build, p);
    c.square = sq;
    c.hotel = hotel;
    if (accepts(s, c)) return c;
  }
  return std::nullopt;
}

std::optional<Command> BotTable::form_conglomerate(const State& s, PlayerId p) {
  // regional-currency: stack the first three free properties of three colours the bot holds.
  if (!owners_form_groups(r_)) return std::nullopt;
  Command c = make_command(Verb::FormConglomerate, p);
  std::vector<int> colours;
  for (int i = 0; i < r_.board_size() && c.give.properties.size() < 3; ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    if (s.holdings[sq].owner != p || !r_.square(sq).is_property() || conglomerate_of(s, sq)) continue;
    const int colour = colour_of(r_, sq);
    if (std::find(colours.begin(), colours.end(), colour) != colours.end()) continue;
    colours.push_back(colour);
    c.give.properties.push_back(sq);
  }
  if (c.give.properties.size() == 3 && accepts(s, c)) return c;
  return std::nullopt;
}

std::optional<Command> BotTable::trade(const State& s, PlayerId p) {
  // Now and then offer a lone property to a player who holds the rest of its group, for its price.
  for (int i = 0; i < r_.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    if (s.holdings[sq].owner != p || !r_.square(sq).is_property()) continue;
    const int group = r_.square(sq).group;
    for (PlayerId q = 0; q < s.player_count; ++q) {
      if (q == p || !is_active(s, q)) continue;
      const GroupHolding g = group_holding(r_, s, group, q);
      if (g.owned + 1 != g.members || g.owned == 0) continue;
      Command c = make_command(Verb::Offer, p);
      c.counterparty = q;
      c.give.properties = {sq};
      c.get.cash = Money{std::min<std::int64_t>(r_.square(sq).price.units * 3 / 2, s.player(q).cash.units)};
      if (accepts(s, c)) return c;
    }
  }
  return std::nullopt;
}

std::optional<Command> BotTable::deal(const State& s) {
  // rule short-game/deal-two-deeds: the deeds still in the Bank, shuffled (the bots' own
  // chance), dealt one at a time round the table, each player paying for his where the edition
  // says so. A seeded game was dealt at its start; this is a game recorded before its deal.
  PlayerId to = kBank;
  int fewest = r_.short_game.deeds_dealt;
  for (PlayerId p = 0; p < s.player_count; ++p) {
    if (!is_active(s, p)) continue;
    int held = 0;
    for (int i = 0; i < r_.board_size(); ++i) held += s.holdings[static_cast<std::size_t>(i)].owner == p ? 1 : 0;
    if (held < fewest) {
      fewest = held;
      to = p;
    }
  }
  if (to == kBank) return std::nullopt;
  std::vector<SquareId> deeds;
  for (int i = 0; i < r_.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Square& square = r_.square(sq);
    if (square.is_property() && s.holdings[sq].owner == kBank &&
        (!r_.short_game.deeds_paid || square.price <= s.player(to).cash))
      deeds.push_back(sq);
  }
  if (deeds.empty()) return std::nullopt;  // nothing he can be dealt: the play-out stops there
  Command c = make_command(Verb::Deal, kReferee);
  c.counterparty = to;
  c.give.properties = {deeds[static_cast<std::size_t>(random(deeds.size()))]};
  return c;
}

Command BotTable::throw_dice(const State& s, PlayerId p) {
  Command c = make_command(Verb::Roll, p);
  // A game with a seed is thrown by the referee; at a table the dice are written as thrown, so
  // the bot throws its own.
  if (!s.seeded && !s.sealed) {
    c.die1 = static_cast<std::int8_t>(1 + random(6));
    c.die2 = static_cast<std::int8_t>(1 + random(6));
  }
  return c;
}

Command BotTable::draw(const State& s, PlayerId p) {
  Command c = make_command(Verb::Draw, p);
  // Where the order of the pack is unknown (a game recorded at a table, cards not yet seen on
  // top), the card is one of those not yet seen, each as likely, named as a player names it.
  if (s.sealed) return c;  // a sealed game: the referee turns it up from the sealed order
  const DeckId deck = s.pending_deck;
  // The table's view: every card the position knows the place of is known to all (deedlog/cards_to_come.h).
  const std::vector<CardIndex> can_come = pack_as_seen(r_, s, deck, ~std::uint64_t{0}).can_come;
  if (can_come.empty()) return c;  // every card seen: the next is known, and the referee turns it
  const CardIndex card = can_come[static_cast<std::size_t>(random(static_cast<std::uint64_t>(can_come.size())))];
  c.card_query = r_.decks[static_cast<int>(deck)].cards[card].text;
  c.card_in_pack[static_cast<std::size_t>(deck)] = card;
  return c;
}

bool BotTable::wants_to_skip(const State& s, PlayerId p) {
  // The go he chose to miss must be skipped; otherwise, where the edition allows it, now and then.
  if (missed_go_block(r_, s, p)) return true;
  return r_.jail.may_skip_go && chance(15);
}

std::optional<Command> BotTable::leave_jail(const State& s, PlayerId p) {
  const PlayerState& ps = s.player(p);
  const Command card = make_command(Verb::UseCard, p), fine = make_command(Verb::PayFine, p);
  if (jail_ == JailStrategy::LeaveAtOnce) {
    // A card goes back under its pack when played, so the packs stay as full as the rules allow.
    if (ps.jail_card_count() > 0 && accepts(s, card)) return card;
    if (accepts(s, fine)) return fine;
    return std::nullopt;  // cannot pay: throws for doubles
  }
  if (jail_ == JailStrategy::StayLong && ps.jail_turns + 1 >= r_.jail.max_turns && ps.jail_card_count() > 0 &&
      accepts(s, card))
    return card;
  return std::nullopt;
}

std::optional<Command> BotTable::next_move(const State& s) {
  tried_.reset();
  tried_decision_.reset();
  if (s.phase == Phase::GameOver) return std::nullopt;
  // Debts first: the game waits for them.
  for (PlayerId p = 0; p < s.player_count; ++p)
    if (s.player(p).owes_any() && is_active(s, p) && s.player(p).total_owed().units > 0) return raise_money(s, p);
  // An open offer is answered: accepted when the price is at least the printed one.
  if (s.offer.open) {
    bool good = s.offer.get_cash.units <= s.player(s.offer.to).cash.units - kReserve || chance(30);
    if (good && !accepts(s, make_command(Verb::Accept, s.offer.to))) good = false;
    return make_command(good ? Verb::Accept : Verb::Reject, s.offer.to);
  }
  // Owners ask for their rent, but now and then forget (the rule book's window then closes).
  for (const RentClaim& claim : s.rents) {
    if (!claim.open) continue;
    if (chance(5)) continue;
    const Command claim_it = make_command(Verb::ClaimRent, claim.owner);
    // Once time is called, only what completes the move in progress may be done: the rules say
    // whether a claim still does.
    if (!s.time_called || accepts(s, claim_it)) return claim_it;
  }
  const PlayerId t = s.turn;
  const PlayerState& me = s.player(t);
  switch (s.phase) {
    case Phase::BuyDecision: {
      const Money price = r_.square(s.pending_square).price;
      bool wanted = me.cash.units >= price.units + kReserve || (me.cash >= price && chance(20));
      // Where currencies are exchanged the price paid differs from the printed one: ask the rules.
      if (wanted && !accepts(s, make_command(Verb::Buy, t))) wanted = false;
      return make_command(wanted ? Verb::Buy : Verb::Decline, t);
    }
    case Phase::Auction:
      return auction_move(s);
    case Phase::AwaitingCard:
      return draw(s, t);
    case Phase::CardChoice:
      return chance(50) && me.cash >= s.pending_fine ? make_command(Verb::PayFine, t) : draw(s, t);
    case Phase::Placing: {
      for (int i = 0; i < r_.board_size(); ++i) {
        Command c = make_command(Verb::Build, s.placing_player);
        c.square = static_cast<SquareId>(i);
        c.hotel = s.placing_lot == AuctionLot::Hotel;
        if (accepts(s, c)) return c;
      }
      return std::nullopt;
    }
    case Phase::JailChoice:
      return me.cash >= s.pending_fine && chance(60) ? make_command(Verb::PayFine, t) : make_command(Verb::SkipGo, t);
    case Phase::AwaitingRoll:
      // Time called: the move in progress is complete, and no new one begins (a double's
      // further throw included). The game is over.
      if (s.time_called) return std::nullopt;
      // A short game recorded at a table before its deal: the Banker deals first.
      if (!dealing_done(r_, s)) return deal(s);
      if (me.in_jail && !s.rolled_this_turn && wants_to_skip(s, t)) return make_command(Verb::SkipGo, t);
      if (jail_ != JailStrategy::Mixed) {
        if (me.in_jail && !s.rolled_this_turn)
          if (auto m = leave_jail(s, t)) return m;
      } else if (me.in_jail && !s.rolled_this_turn) {
        if (me.jail_card_count() > 0 && chance(70)) return make_command(Verb::UseCard, t);
        if (me.cash.units > 600 && chance(60) && accepts(s, make_command(Verb::PayFine, t)))
          return make_command(Verb::PayFine, t);
      }
      if (auto b = development(s, t)) return b;
      // Where offers are made only before one's own throw (computer), this is the moment.
      // (Not before the first throw of a short game: a deed traded away then would leave a player
      // short of the deal, and the first throw waits for the deal.)
      if (r_.trade.only_before_own_throw && !s.rolled_this_turn && s.offers_this_turn == 0 &&
          !(s.short_game && s.throws == 0) && chance(10))
        if (auto o = trade(s, t)) return o;
      return throw_dice(s, t);
    case Phase::TurnOver: {
      if (auto b = development(s, t)) return b;
      if (chance(3))
        if (auto o = trade(s, t)) return o;
      if (s.time_called) return std::nullopt;
      // The referee's moves: a building auction when the Bank's houses run short and several
      // want them; in a short game, now and then, the agreed time.
      if (s.bank_houses > 0 && s.bank_houses <= 3 && chance(30)) {
        Command a = make_command(Verb::AuctionBuilding, kReferee);
        if (accepts(s, a)) return a;
      }
      if (s.short_game && s.throws > 200 && chance(1)) return make_command(Verb::CallTime, kReferee);
      // The next player's throw passes the turn (or his fine or card, when jailed).
      const PlayerId n = next_player(s);
      const PlayerState& np = s.player(n);
      if (np.in_jail && wants_to_skip(s, n)) return make_command(Verb::SkipGo, n);
      if (jail_ != JailStrategy::Mixed) {
        if (np.in_jail)
          if (auto m = leave_jail(s, n)) return m;
      } else {
        if (np.in_jail && np.jail_card_count() > 0 && chance(70)) return make_command(Verb::UseCard, n);
        if (np.in_jail && np.cash.units > 600 && chance(60) && accepts(s, make_command(Verb::PayFine, n)))
          return make_command(Verb::PayFine, n);
      }
      return chance(10) ? make_command(Verb::EndTurn, t) : throw_dice(s, n);
    }
    case Phase::TaxChoice: {
      Command c = make_command(Verb::PayTax, t);
      c.tax = chance(50) ? TaxChoice::Flat : TaxChoice::Percent;
      return c;
    }
    case Phase::CardDice:
      return throw_dice(s, t);
    case Phase::GameOver:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace deedlog
