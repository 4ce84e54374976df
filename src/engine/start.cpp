// The opening of a game: seats, starting money, a [Setup] position checked for legality,
// the seeded shuffles, and the first turn.
#include <algorithm>

#include "deedlog/clock_stamp.h"
#include "deedlog/building_group.h"
#include "deedlog/decide.h"
#include "deedlog/event_fields.h"
#include "engine/decide_support.h"
#include "engine/effects.h"
#include "deedlog/policies.h"
#include "engine/outcome.h"
#include "deedlog/rent.h"
#include "deedlog/rule_book.h"
#include "deedlog/seeded_chance.h"
#include "deedlog/state_check.h"

namespace deedlog {
namespace {

// The most cash a setup may give a player (engine/state_check.h): a file's setup cannot reach it
// (the notation reads amounts up to 1,000,000,000); a simulation's rich start can.
constexpr std::int64_t kMaxSetupCash = kMaxStartingCash;

std::vector<CardIndex> jail_cards_of(const Deck& d) {
  std::vector<CardIndex> out;
  for (std::size_t i = 0; i < d.cards.size(); ++i)
    if (d.cards[i].action == CardAction::GetOutOfJailFree) out.push_back(static_cast<CardIndex>(i));
  return out;
}

// regional-currency: buildings stand only in a Conglomerate the setup states, built evenly, none
// beside a mortgage.
std::optional<Violation> check_conglomerate_buildings(const Ruleset& r, const State& s) {
  int houses = 0, hotels = 0;
  for (int i = 0; i < r.board_size(); ++i) {
    const int b = s.holdings[static_cast<std::size_t>(i)].buildings;
    if (b == kHotel) ++hotels;
    else houses += b;
  }
  if (houses > r.house_stock || hotels > r.hotel_stock)
    return violation(r, rule::kSetupStock, RefusalCode::SetupStockConglomerates, {arg::count(houses), arg::count(hotels)});
  for (int i = 0; i < r.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    if (s.holdings[sq].buildings == 0) continue;
    const SquareSet group = building_group(r, s, sq);
    if (group.empty())
      return violation(r, rule::kSetupBuildingsNeedGroup, RefusalCode::SetupNeedsConglomerate, {arg::square(sq)});
    int lo = kHotel, hi = 0;
    for (SquareId m : group) {
      const int level = building_level(r, s, m);
      lo = std::min(lo, level);
      hi = std::max(hi, level);
      if (s.holdings[m].mortgaged)
        return violation(r, rule::kSetupNoBuildingMortgaged, RefusalCode::SetupConglomerateMortgaged, {arg::square(m)});
    }
    if (hi - lo > 1 && policy::even_building(r))
      return violation(r, rule::kSetupEvenBuilding, RefusalCode::SetupConglomerateUneven, {arg::square(sq)});
  }
  return std::nullopt;
}

// The Conglomerates a setup states, formed once every deed is placed.
std::optional<Violation> place_conglomerates(Outcome& out, const SetupPosition& setup) {
  for (const PlayerSetup& ps : setup.players)
    for (const std::vector<SquareId>& members : ps.conglomerates) {
      if (!owners_form_groups(out.ruleset))
        return violation(out.ruleset, rule::kSetupBuildingsNeedGroup, RefusalCode::NoConglomerates);
      if (auto v = conglomerate_problem(out.ruleset, out.state, ps.player, members, /*built_allowed=*/true)) return v;
      std::uint64_t mask = 0;
      for (SquareId sq : members) mask |= std::uint64_t{1} << sq;
      effect::form_conglomerate(out, ps.player, mask, conglomerate_top(out.ruleset, mask));
    }
  return std::nullopt;
}

std::optional<Violation> check_buildings(const Ruleset& r, const State& s) {
  if (owners_form_groups(r)) return check_conglomerate_buildings(r, s);
  int houses = 0, hotels = 0;
  for (std::size_t g = 0; g < r.groups.size(); ++g) {
    const auto& members = r.groups[g].members;
    int lo = kHotel, hi = 0;
    bool any_mortgaged = false;
    PlayerId owner = s.holdings[members.front()].owner;
    bool one_owner = true;
    for (SquareId m : members) {
      const Holding& h = s.holdings[m];
      const int level = building_level(r, s, m);
      lo = std::min<int>(lo, level);
      hi = std::max<int>(hi, level);
      any_mortgaged = any_mortgaged || h.mortgaged;
      one_owner = one_owner && h.owner == owner && owner != kBank;
      if (h.buildings == kHotel) ++hotels;
      else houses += h.buildings;
    }
    if (hi == 0) continue;
    const int group = static_cast<int>(g);
    if (r.square(members.front()).kind != SquareKind::Street)
      return violation(r, rule::kSetupOnlyStreets, RefusalCode::SetupStreetsOnly, {arg::group(group)});
    if (!one_owner)
      return violation(r, rule::kSetupBuildingsNeedGroup, RefusalCode::SetupGroupNeedsOneOwner, {arg::group(group)});
    // Where buildings are mortgaged with their site (computer), a set keeps its buildings beside
    // a mortgaged site and need not be even (invariants.cpp says the same of play).
    if (any_mortgaged && !r.mortgage.covers_buildings)
      return violation(r, rule::kSetupNoBuildingMortgaged, RefusalCode::SetupGroupMortgaged, {arg::group(group)});
    if (hi - lo > 1 && !r.mortgage.covers_buildings && policy::even_building(r))
      return violation(r, rule::kSetupEvenBuilding, RefusalCode::SetupGroupUneven, {arg::group(group)});
  }
  if (houses > r.house_stock)
    return violation(r, rule::kSetupStock, RefusalCode::SetupTooManyHouses, {arg::count(houses)});
  if (hotels > r.hotel_stock)
    return violation(r, rule::kSetupStock, RefusalCode::SetupTooManyHotels, {arg::count(hotels)});
  return std::nullopt;
}

std::optional<Violation> place_setup(Outcome& out, const SetupPosition& setup) {
  const Ruleset& r = out.ruleset;
  std::array<std::vector<CardIndex>, kDeckCount> free_cards = {jail_cards_of(r.decks[0]), jail_cards_of(r.decks[1])};
  for (const PlayerSetup& ps : setup.players) {
    const Money cash = ps.cash.value_or(ps.bankrupt ? Money{0} : r.starting_cash);
    SquareId at = ps.at.value_or(0);
    bool in_jail = false;
    int jail_turns = 0;
    if (cash.units < 0)
      return violation(r, rule::kSetupCash, RefusalCode::SetupCashNegative, {arg::player(ps.player)});
    if (cash.units > kMaxSetupCash)
      return violation(r, rule::kSetupCash, RefusalCode::SetupCashTooMuch,
                       {arg::player(ps.player), arg::money(Money{kMaxSetupCash})});
    if (at >= r.board_size()) return violation(r, rule::kSetupSound, RefusalCode::SetupOffBoard, {arg::player(ps.player)});
    if (ps.jail_cards && (*ps.jail_cards < 0))
      return violation(r, rule::kSetupCards, RefusalCode::SetupJailCardsNegative, {arg::player(ps.player)});
    if (ps.jail_turns) {
      if (r.jail_square >= r.board_size()) return violation(r, rule::kSetupJail, RefusalCode::SetupNoJailSquare);
      // computer: all the turns used means he chose to miss his next go, and sits it out.
      const int most_used = r.jail.max_turns - (r.jail.last_failure_may_miss_go ? 0 : 1);
      if (*ps.jail_turns < 0 || *ps.jail_turns > most_used)
        return violation(r, rule::kSetupJail, RefusalCode::SetupJailTurns, {arg::player(ps.player), arg::count(most_used)});
      if (ps.at && *ps.at != r.jail_square)
        return violation(r, rule::kSetupJail, RefusalCode::SetupJailedStandsInJail, {arg::player(ps.player)});
      at = r.jail_square;
      in_jail = true;
      jail_turns = *ps.jail_turns;
    }
    effect::place_player(out, ps.player, cash, at, in_jail, jail_turns);
    for (const PropertySetup& prop : ps.owns) {
      if (prop.square >= r.board_size())
        return violation(r, rule::kSetupSound, RefusalCode::SetupDeedNotOnBoard);
      if (!r.square(prop.square).is_property())
        return violation(r, rule::kSetupOneOwner, RefusalCode::NotAProperty, {arg::square(prop.square)});
      if (out.state.holdings[prop.square].owner != kBank)
        return violation(r, rule::kSetupOneOwner, RefusalCode::SetupOneTitleDeed,
                         {arg::square(prop.square), arg::player(out.state.holdings[prop.square].owner),
                          arg::player(ps.player)});
      if (prop.houses < 0 || prop.houses > r.houses_per_hotel || (prop.hotel && prop.houses > 0))
        return violation(r, rule::kSetupEvenBuilding, RefusalCode::SetupBuildingCount, {arg::square(prop.square)});
      if (prop.mortgaged && (prop.houses > 0 || prop.hotel))
        return violation(r, rule::kSetupNoBuildingMortgaged, RefusalCode::SetupMortgagedWithBuildings,
                         {arg::square(prop.square)});
      effect::assign_property(out, ps.player, prop.square, prop.hotel ? kHotel : prop.houses, prop.mortgaged);
    }
    // rule setup/jail-cards: each card held goes back under its own pack, so the setup says which
    // pack where it matters; "cards N" takes Chance's cards first.
    const int held = ps.jail_card_packs.empty() ? ps.jail_cards.value_or(0) : static_cast<int>(ps.jail_card_packs.size());
    for (int k = 0; k < held; ++k) {
      const int deck = ps.jail_card_packs.empty() ? (!free_cards[0].empty() ? 0 : 1)
                                                  : static_cast<int>(ps.jail_card_packs[static_cast<std::size_t>(k)]);
      if (free_cards[deck].empty() && !ps.jail_card_packs.empty())
        return violation(r, rule::kSetupCards, RefusalCode::SetupPackOutOfJailCards, {arg::deck(static_cast<DeckId>(deck))});
      if (free_cards[deck].empty()) return violation(r, rule::kSetupCards, RefusalCode::SetupTooManyJailCards);
      const CardIndex card = free_cards[deck].front();
      free_cards[deck].erase(free_cards[deck].begin());
      effect::assign_jail_card(out, ps.player, static_cast<DeckId>(deck), card);
    }
  }
  if (auto v = place_conglomerates(out, setup)) return v;
  // A bankrupt player (rule bankruptcy/last-player-wins: he has retired from the game) holds
  // nothing; a debt unpaid is one the debtor cannot pay in cash (rule debt/paid-when-able).
  for (const PlayerSetup& ps : setup.players) {
    if (ps.bankrupt) {
      const PlayerState& held = out.state.player(ps.player);
      if (held.cash.units != 0 || !ps.owns.empty() || held.jail_card_count() > 0 || held.in_jail || !ps.owes.empty() ||
          !ps.conglomerates.empty())
        return violation(r, rule::kSetupSound, RefusalCode::SetupBankruptHolds, {arg::player(ps.player)});
      effect::go_bankrupt(out, ps.player, kBank);
      continue;
    }
    Money owed;
    for (const auto& [creditor, amount] : ps.owes) {
      if (creditor == ps.player || (creditor != kBank && (creditor < 0 || creditor >= out.state.player_count)))
        return violation(r, rule::kSetupSound, RefusalCode::SetupPlayerNotSeated);
      if (amount.units <= 0 || amount.units > kMaxSetupCash)
        return violation(r, rule::kSetupCash, RefusalCode::SetupCashTooMuch,
                         {arg::player(ps.player), arg::money(Money{kMaxSetupCash})});
      owed += amount;
    }
    if (!ps.owes.empty() && out.state.player(ps.player).cash >= owed)
      return violation(r, rule::kSetupSound, RefusalCode::SetupDebtPayable, {arg::player(ps.player)});
    for (const auto& [creditor, amount] : ps.owes) effect::assign_debt(out, ps.player, creditor, amount);
  }
  for (const PlayerSetup& ps : setup.players)
    for (const auto& owed : ps.owes)
      if (owed.first != kBank && out.state.player(owed.first).bankrupt)
        return violation(r, rule::kSetupSound, RefusalCode::SetupBankruptHolds, {arg::player(owed.first)});
  return check_buildings(r, out.state);
}

}  // namespace

SetupPosition setup_from_opening(const Events& opening) {
  SetupPosition setup;
  for (const Event& e : opening) {
    switch (e.type) {
      case EventType::PlayerPlaced: {
        PlayerSetup ps;
        ps.player = e.player;
        ps.cash = fields::PlayerPlaced::cash(e);
        ps.at = fields::PlayerPlaced::square(e);
        if (fields::PlayerPlaced::in_jail(e)) ps.jail_turns = fields::PlayerPlaced::jail_turns(e);
        setup.players.push_back(ps);
        break;
      }
      case EventType::PropertyAssigned:
        for (PlayerSetup& ps : setup.players)
          if (ps.player == e.player)
            ps.owns.push_back(PropertySetup{fields::PropertyAssigned::square(e), fields::PropertyAssigned::buildings(e) == kHotel ? 0 : fields::PropertyAssigned::buildings(e), fields::PropertyAssigned::buildings(e) == kHotel, fields::PropertyAssigned::mortgaged(e)});
        break;
      case EventType::JailCardAssigned:
        for (PlayerSetup& ps : setup.players)
          if (ps.player == e.player) {
            ps.jail_cards = ps.jail_cards.value_or(0) + 1;
            ps.jail_card_packs.push_back(fields::JailCardAssigned::deck(e));
          }
        break;
      case EventType::ConglomerateFormed:
        for (PlayerSetup& ps : setup.players)
          if (ps.player == e.player) {
            std::vector<SquareId> members;
            for (std::uint64_t m = fields::ConglomerateFormed::squares(e); m; m &= m - 1) members.push_back(static_cast<SquareId>(__builtin_ctzll(m)));
            ps.conglomerates.push_back(std::move(members));
          }
        break;
      case EventType::TurnStarted:
        setup.turn = e.player;
        break;
      case EventType::PlayerBankrupted:
        for (PlayerSetup& ps : setup.players)
          if (ps.player == e.player) {
            ps.bankrupt = true;
            ps.cash.reset();
            ps.at.reset();
          }
        break;
      case EventType::DebtIncurred:
        for (PlayerSetup& ps : setup.players)
          if (ps.player == e.player) ps.owes.emplace_back(fields::DebtIncurred::creditor(e).raw, fields::DebtIncurred::owed(e));
        break;
      case EventType::TimeCalled:
        setup.time_called = true;
        break;
      case EventType::GameWon:
        setup.winner = e.player;
        break;
      default:
        break;
    }
  }
  return setup;
}

State initial_state(const Ruleset& r, const GameHeader& header) {
  State s;
  s.player_count = static_cast<std::uint8_t>(header.players.size());
  s.bank_houses = r.house_stock;
  s.bank_hotels = r.hotel_stock;
  for (int d = 0; d < kDeckCount; ++d) {
    const std::size_t n = r.decks[static_cast<std::size_t>(d)].cards.size();
    s.packs[static_cast<std::size_t>(d)].unseen = n >= 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1);
  }
  s.seeded = header.seed.has_value();
  s.sealed = !header.sealed.empty() && !s.seeded;
  s.short_game = r.short_game.always || header.has_variant("short-game") || header.has_variant("time-limit");
  s.seed = header.seed.value_or(0);
  // rule short-game/finish-round: time called ends the game once the round is complete.
  s.finish_round = s.short_game && header.has_variant("finish-round");
  // rule short-game/agreed-hour: "before commencing, the players stipulate the time at which the
  // game shall end": the Started tag's time plus the TimeLimit. us-short ends at its first
  // bankruptcy and has no hour. Without a dated Started tag the hour is not known.
  if (s.short_game && !r.short_game.always && !header.time_limit.empty() && is_dated(header.started)) {
    const std::int64_t started = clock_seconds(header.started);
    const std::optional<std::int64_t> limit = duration_seconds(header.time_limit);
    if (started != kNoTime && limit) s.time_up_at = started + *limit;
  }
  s.turn = 0;
  s.phase = Phase::AwaitingRoll;
  return s;
}

Decision decide_start(const Ruleset& r, const GameHeader& header, const std::optional<SetupPosition>& setup,
                      const SealedChance* chance) {
  if (header.players.size() < 2 || static_cast<int>(header.players.size()) > r.max_players)
    return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::PlayersForEdition));
  Outcome out(r, initial_state(r, header));
  // Every player starts with the edition's money on the start square unless the setup says otherwise.
  SetupPosition position = setup.value_or(SetupPosition{});
  std::vector<bool> listed(header.players.size(), false);
  for (const PlayerSetup& ps : position.players) {
    if (ps.player < 0 || ps.player >= static_cast<int>(header.players.size()))
      return Decision::refuse(violation(r, rule::kSetupCash, RefusalCode::SetupPlayerNotSeated));
    if (listed[static_cast<std::size_t>(ps.player)])
      return Decision::refuse(violation(r, rule::kSetupCash, RefusalCode::SetupListedTwice, {arg::player(ps.player)}));
    listed[static_cast<std::size_t>(ps.player)] = true;
  }
  for (std::size_t p = 0; p < header.players.size(); ++p) {
    if (listed[p]) continue;
    PlayerSetup unlisted;
    unlisted.player = static_cast<PlayerId>(p);
    position.players.push_back(unlisted);
  }
  std::sort(position.players.begin(), position.players.end(),
            [](const PlayerSetup& a, const PlayerSetup& b) { return a.player < b.player; });
  // The setup's events are checked as a whole (place_setup's rulings, then every invariant of
  // play), never one by one: a refused setup is a ruling in every build, not a failed assertion.
  out.check_each_event = false;
  if (auto v = place_setup(out, position)) return Decision::refuse(std::move(*v));
  if (std::string problem = check_invariants(r, out.state, /*move_complete=*/false); !problem.empty()) {
    // The invariants' words are a diagnostic of the position, carried as they are.
    Violation v = violation(r, rule::kSetupSound, RefusalCode::SetupUnsound);
    v.quoted = std::move(problem);
    return Decision::refuse(std::move(v));
  }
  out.check_each_event = true;

  if (header.seed) {
    for (int d = 0; d < kDeckCount; ++d) {
      const PackState& pack = out.state.packs[static_cast<std::size_t>(d)];
      std::vector<CardIndex> cards;
      for (std::size_t i = 0; i < r.decks[static_cast<std::size_t>(d)].cards.size(); ++i)
        if (!(pack.out & (std::uint64_t{1} << i))) cards.push_back(static_cast<CardIndex>(i));
      effect::shuffle_deck(out, static_cast<DeckId>(d), seeded_shuffle(*header.seed, d, std::move(cards)));
    }
  }
  const bool sealed_deal = out.state.sealed && chance != nullptr && !chance->deeds.empty();
  if ((header.seed || sealed_deal) && out.state.short_game) {
    // rule short-game/deal-two-deeds: the Banker shuffles the deeds still in the Bank and deals
    // them round the table, each player paying for his.
    std::vector<CardIndex> deeds;
    if (sealed_deal) {
      // The sealed order, as dealt with the opening: the deeds still in the Bank, in its order.
      for (SquareId sq : chance->deeds)
        if (sq < r.board_size() && r.square(sq).is_property() && out.state.holdings[static_cast<std::size_t>(sq)].owner == kBank &&
            std::find(deeds.begin(), deeds.end(), static_cast<CardIndex>(sq)) == deeds.end())
          deeds.push_back(static_cast<CardIndex>(sq));
    } else {
      for (int i = 0; i < r.board_size(); ++i)
        if (r.square(static_cast<SquareId>(i)).is_property() && out.state.holdings[static_cast<std::size_t>(i)].owner == kBank)
          deeds.push_back(static_cast<CardIndex>(i));
      deeds = seeded_shuffle(*header.seed, kDeckCount, std::move(deeds));
    }
    std::size_t next = 0;
    for (int round = 0; round < r.short_game.deeds_dealt; ++round)
      for (PlayerId p = 0; p < out.state.player_count && next < deeds.size(); ++p) {
        if (out.state.player(p).bankrupt) continue;
        const SquareId deed = static_cast<SquareId>(deeds[next++]);
        effect::deal_title(out, p, deed, r.short_game.deeds_paid ? r.square(deed).price : Money{0});
      }
  }
  PlayerId first = position.turn.value_or(0);
  if (r.first_player_drawn && header.seed && !setup)
    // rule turn/first-player-drawn: the computer draws who goes first; play then follows the seats.
    // A [Setup] is a position already in play: its Turn (or the first seat) stands.
    first = static_cast<PlayerId>(seeded_below(*header.seed, kFirstPlayerStream, 0, static_cast<std::uint32_t>(header.players.size())));
  if (first < 0 || first >= static_cast<int>(header.players.size()))
    return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::SetupTurnNotSeated));
  if (out.state.player(first).bankrupt) {
    // With no Turn named, the first seat still in the game throws first.
    if (position.turn) return Decision::refuse(violation(r, rule::kSetupSound, RefusalCode::SetupBankruptHolds, {arg::player(first)}));
    while (first < out.state.player_count && out.state.player(first).bankrupt) ++first;
    if (first >= out.state.player_count)
      return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::SetupTurnNotSeated));
  }
  effect::start_turn(out, first);
  // rule short-game/time-called: a position after time was called (a [Setup]'s "Time: called").
  if (position.time_called) {
    if (!out.state.short_game) return Decision::refuse(violation(r, rule::kShortTime, RefusalCode::NotAShortGame));
    effect::call_time(out);
  }
  // rule game/over: a position after the game ended ("Winner: Ann").
  if (position.winner) {
    const PlayerId w = *position.winner;
    if (w < 0 || w >= out.state.player_count) return Decision::refuse(violation(r, rule::kTurnOrder, RefusalCode::SetupTurnNotSeated));
    if (out.state.player(w).bankrupt)
      return Decision::refuse(violation(r, rule::kSetupSound, RefusalCode::SetupWinnerOut, {arg::player(w)}));
    effect::win_game(out, w);
  }
  return accepted(out);
}

}  // namespace deedlog
