// BANKRUPTCY: a player who owes more than he can raise hands everything to his creditor (a
// player), or to the Bank, which auctions his properties; the last player left wins.
#include "deedlog/currency.h"
#include "engine/decide_support.h"
#include "engine/effects.h"
#include "deedlog/money_raising.h"
#include "deedlog/valuation.h"

namespace deedlog {
namespace {

// The creditor of a bankruptcy: the player owed the most, else the Bank.
PlayerId main_creditor(const PlayerState& p) {
  PlayerId best = kBank;
  Money most;
  for (std::size_t c = 1; c < p.owes.size(); ++c)
    if (p.owes[c] > most) {
      most = p.owes[c];
      best = static_cast<PlayerId>(c - 1);
    }
  return best;
}


// Every building of the bankrupt goes back to the Bank; paid at half price when the money goes
// on to a creditor player, surrendered for nothing when the Bank is the creditor.
void return_buildings(Outcome& out, PlayerId p, bool paid) {
  for (int i = 0; i < out.ruleset.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = out.state.holdings[sq];
    if (h.owner == p && h.buildings > 0) effect::clear_site_buildings(out, p, sq, paid, /*by_mortgage=*/false);
  }
}

void end_or_pass_turn(Outcome& out, PlayerId bankrupt) {
  if (out.ruleset.game_ends_at_first_bankruptcy) {
    // rule bankruptcy/first-ends-short-game: the estates are valued and the richest wins.
    const Valuation v = value_estates(out.ruleset, out.state);
    effect::win_game(out, v.leaders.empty() ? bankrupt : v.leaders.front());
    return;
  }
  if (active_players(out.state) == 1) {
    // rule bankruptcy/last-player-wins
    for (PlayerId q = 0; q < out.state.player_count; ++q)
      if (is_active(out.state, q)) effect::win_game(out, q);
    return;
  }
  if (out.state.turn == bankrupt && out.state.bank_auction_queue == 0)
    effect::start_turn(out, next_player(out.state));
}

// The player's Get Out of Jail Free cards go back under their packs.
void return_jail_cards(Outcome& out, PlayerId p) {
  const Ruleset& r = out.ruleset;
  for (int d = 0; d < kDeckCount; ++d) {
    const Deck& deck = r.decks[static_cast<std::size_t>(d)];
    for (std::size_t i = 0; i < deck.cards.size(); ++i) {
      if (out.state.player(p).jail_cards[static_cast<std::size_t>(d)] == 0) break;
      if (deck.cards[i].action != CardAction::GetOutOfJailFree) continue;
      if (!(out.state.packs[static_cast<std::size_t>(d)].out & (std::uint64_t{1} << i))) continue;
      effect::return_jail_card(out, p, static_cast<DeckId>(d), static_cast<CardIndex>(i));
    }
  }
}

void return_deeds_to_bank(Outcome& out, PlayerId p, std::uint64_t properties) {
  for (int i = 0; i < out.ruleset.board_size(); ++i) {
    if (!(properties & (std::uint64_t{1} << i))) continue;
    effect::transfer_deed(out, p, kBank, static_cast<SquareId>(i));
  }
}

// rule bankruptcy/insolvent-at-mortgage-value (computer): the player leaves; the Bank takes
// every asset at its mortgage value (buildings at half their price, unmortgaged sites at the
// printed mortgage) and that money goes, with his cash, to the creditor. The sites return to the
// Bank unmortgaged, on sale to the next player who lands on them: no auction.
void settle_insolvency(Outcome& out, PlayerId p, PlayerId creditor, std::uint64_t properties) {
  const Ruleset& r = out.ruleset;
  if (creditor != kBank) {
    return_buildings(out, p, true);
    for (int i = 0; i < r.board_size(); ++i) {
      const SquareId sq = static_cast<SquareId>(i);
      if (!(properties & (std::uint64_t{1} << i)) || out.state.holdings[sq].mortgaged) continue;
      effect::mortgage(out, p, sq, r.square(sq).mortgage_value, r.square(sq).mortgage_value);
    }
  } else {
    return_buildings(out, p, false);  // the Bank would only pay itself
  }
  effect::surrender_cash(out, p, creditor);
  return_jail_cards(out, p);
  return_deeds_to_bank(out, p, properties);
  effect::go_bankrupt(out, p, creditor);
  if (creditor != kBank) effect::settle_debts(out, creditor);
  end_or_pass_turn(out, p);
}

}  // namespace

Decision decide_bankruptcy(const Ruleset& r, const State& s, const Command& c) {
  const PlayerState& p = s.player(c.actor);
  const Money owed = p.total_owed();
  const RaisingPlan plan = money_raisable(r, s, c.actor);
  // rule bankruptcy/only-when-insolvent
  if (owed.units <= 0)
    return Decision::refuse(violation(r, rule::kBankruptcyOnlyInsolvent, RefusalCode::OwesNothing, {arg::player(c.actor)}));
  if (owed <= plan.total) {
    Violation v = violation(r, rule::kBankruptcyOnlyInsolvent, RefusalCode::CanStillRaise,
                            {arg::player(c.actor), arg::money(owed), arg::money(plan.total), arg::money(plan.cash)});
    for (const RaisingStep& st : plan.steps)
      v.args.push_back(st.kind == RaisingStep::Kind::SellBuildings
                           ? arg::sale_step(st.square, st.hotel ? 0 : st.buildings, st.hotel, st.amount)
                           : arg::sale_step(st.square, 0, false, st.amount));
    return Decision::refuse(std::move(v));
  }
  Outcome out(r, s);
  settle_bankruptcy(out, c.actor);
  return accepted(out);
}

void settle_bankruptcy(Outcome& out, PlayerId bankrupt) {
  const Ruleset& r = out.ruleset;
  const State s = out.state;
  const Command c = [&] {
    Command x;
    x.verb = Verb::DeclareBankruptcy;
    x.actor = bankrupt;
    return x;
  }();
  const PlayerId creditor = main_creditor(s.player(bankrupt));
  if (s.offer.open && (s.offer.from == c.actor || s.offer.to == c.actor))
    effect::reject_trade(out, c.actor);
  for (const RentClaim& claim : s.rents) {
    if (!claim.open || (claim.owner != c.actor && claim.payer != c.actor)) continue;
    effect::forfeit_rent(out, claim);
  }
  std::uint64_t properties = 0;
  for (int i = 0; i < r.board_size(); ++i)
    if (s.holdings[static_cast<std::size_t>(i)].owner == c.actor) properties |= std::uint64_t{1} << i;

  if (r.insolvency_at_mortgage_value) {
    settle_insolvency(out, c.actor, creditor, properties);
    return;
  }
  if (creditor != kBank) {
    // rule bankruptcy/to-a-player: buildings back to the Bank at half price, that cash, his cash
    // and all his property to the creditor, who pays 10% on each mortgaged deed at once.
    return_buildings(out, c.actor, true);
    effect::surrender_cash(out, c.actor, creditor);
    std::vector<SquareId> mortgaged;
    for (int i = 0; i < r.board_size(); ++i) {
      if (!(properties & (std::uint64_t{1} << i))) continue;
      const SquareId sq = static_cast<SquareId>(i);
      if (out.state.holdings[sq].mortgaged) mortgaged.push_back(sq);
      effect::transfer_deed(out, c.actor, creditor, sq);
    }
    for (int d = 0; d < kDeckCount; ++d)
      for (int k = out.state.player(c.actor).jail_cards[static_cast<std::size_t>(d)]; k > 0; --k) {
        effect::transfer_jail_card(out, c.actor, creditor, static_cast<DeckId>(d));
      }
    effect::go_bankrupt(out, c.actor, creditor);
    for (SquareId sq : mortgaged) effect::charge_transfer_interest(out, creditor, sq);
    effect::settle_debts(out, creditor);
    end_or_pass_turn(out, c.actor);
    return;
  }

  // rule bankruptcy/to-the-bank: the Bank takes everything and auctions each property (not the
  // buildings); the player leaves the game.
  return_buildings(out, c.actor, false);
  effect::surrender_cash(out, c.actor, kBank);
  return_jail_cards(out, c.actor);
  return_deeds_to_bank(out, c.actor, properties);
  effect::go_bankrupt(out, c.actor, kBank);
  if (active_players(out.state) > 1 && properties != 0 && !r.game_ends_at_first_bankruptcy) {
    effect::queue_bank_auctions(out, c.actor, properties);
    effect::open_auction(out, out.state.turn, static_cast<SquareId>(__builtin_ctzll(properties)));
    return;
  }
  end_or_pass_turn(out, c.actor);
}

Events bankruptcy_settlement(const Ruleset& r, const State& s, PlayerId bankrupt) {
  Outcome out(r, s);
  settle_bankruptcy(out, bankrupt);
  return std::move(out.events);
}

}  // namespace deedlog
