// BANKRUPTCY: a player who owes more than he can raise hands everything to his creditor (a
// player), or to the Bank, which auctions his properties; the last player left wins.
#include <fmt/format.h>

#include "engine/currency.h"
#include "engine/decide_support.h"
#include "engine/money_raising.h"
#include "engine/player_ref.h"
#include "engine/valuation.h"

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

std::string plan_words(const Ruleset& r, const RaisingPlan& plan) {
  std::string out;
  for (const RaisingStep& st : plan.steps) {
    if (!out.empty()) out += "; ";
    if (st.kind == RaisingStep::Kind::SellBuildings)
      out += fmt::format("{} the {} on {} for {}", r.mortgage.covers_buildings ? "mortgage" : "sell",
                         st.hotel ? r.words.hotel : fmt::format("{} {}", st.buildings, st.buildings == 1 ? r.words.house : r.words.houses),
                         square_words(r, st.square), money_words(r, st.amount));
    else
      out += fmt::format("mortgage {} for {}", square_words(r, st.square), money_words(r, st.amount));
  }
  return out;
}

// Every building of the bankrupt goes back to the Bank; paid at half price when the money goes
// on to a creditor player, surrendered for nothing when the Bank is the creditor.
void return_buildings(Outcome& out, PlayerId p, bool paid) {
  for (int i = 0; i < out.ruleset.board_size(); ++i) {
    const SquareId sq = static_cast<SquareId>(i);
    const Holding& h = out.state.holdings[sq];
    if (h.owner == p && h.buildings > 0) clear_site_buildings(out, p, sq, paid, /*by_mortgage=*/false);
  }
}

void end_or_pass_turn(Outcome& out, PlayerId bankrupt) {
  if (out.ruleset.game_ends_at_first_bankruptcy) {
    // rule bankruptcy/first-ends-short-game: the estates are valued and the richest wins.
    const Valuation v = value_estates(out.ruleset, out.state);
    out.emit(ev(EventType::GameWon, v.leaders.empty() ? bankrupt : v.leaders.front()));
    return;
  }
  if (active_players(out.state) == 1) {
    // rule bankruptcy/last-player-wins
    for (PlayerId q = 0; q < out.state.player_count; ++q)
      if (is_active(out.state, q)) out.emit(ev(EventType::GameWon, q));
    return;
  }
  if (out.state.turn == bankrupt && out.state.bank_auction_queue == 0)
    out.emit(ev(EventType::TurnStarted, next_player(out.state)));
}

// All the player's cash to the creditor (kBank: the Bank).
void hand_cash(Outcome& out, PlayerId from, PlayerId creditor) {
  const Money cash = out.state.player(from).cash;
  if (cash.units <= 0) return;
  Event pay = ev(creditor == kBank ? EventType::PaidToBank : EventType::PaidToPlayer, from);
  pay.other = creditor;
  pay.amount = cash;
  if (creditor != kBank) {
    // regional-currency: the creditor gets what the debtor's cash is worth in his own currency.
    const Ruleset& r = out.ruleset;
    const Money worth = convert_received(r, cash, player_rate(r, out.state, creditor), player_rate(r, out.state, from));
    if (worth != cash) pay.amount2 = worth;
  }
  out.emit(pay);
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
      Event back = ev(EventType::JailCardReturned, p);
      back.deck = static_cast<DeckId>(d);
      back.card = static_cast<CardIndex>(i);
      out.emit(back);
    }
  }
}

void return_deeds_to_bank(Outcome& out, PlayerId p, std::uint64_t properties) {
  for (int i = 0; i < out.ruleset.board_size(); ++i) {
    if (!(properties & (std::uint64_t{1} << i))) continue;
    Event t = ev(EventType::PropertyTransferred, p);
    t.other = kBank;
    t.square = static_cast<SquareId>(i);
    out.emit(t);
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
      Event m = ev(EventType::PropertyMortgaged, p);
      m.square = sq;
      m.amount = r.square(sq).mortgage_value;
      out.emit(m);
    }
  } else {
    return_buildings(out, p, false);  // the Bank would only pay itself
  }
  hand_cash(out, p, creditor);
  return_jail_cards(out, p);
  return_deeds_to_bank(out, p, properties);
  Event b = ev(EventType::PlayerBankrupted, p);
  b.other = creditor;
  out.emit(b);
  if (creditor != kBank) settle_debts(out, creditor);
  end_or_pass_turn(out, p);
}

}  // namespace

Decision decide_bankruptcy(const Ruleset& r, const State& s, const Command& c) {
  const PlayerState& p = s.player(c.actor);
  const Money owed = p.total_owed();
  const RaisingPlan plan = money_raisable(r, s, c.actor);
  // rule bankruptcy/only-when-insolvent
  if (owed.units <= 0)
    return Decision::refuse(violation(r, rule::kBankruptcyOnlyInsolvent,
                                      fmt::format("{} owes nothing: only a player who owes more than he can pay is "
                                                  "bankrupt",
                                                  player_ref(c.actor))));
  if (owed <= plan.total)
    return Decision::refuse(violation(r, rule::kBankruptcyOnlyInsolvent,
                                      fmt::format("{} owes {} and can still raise {} ({} in cash{}{}): pay the debt "
                                                  "instead",
                                                  player_ref(c.actor), money_words(r, owed), money_words(r, plan.total),
                                                  money_words(r, plan.cash), plan.steps.empty() ? "" : "; ",
                                                  plan_words(r, plan))));
  Outcome out(r, s);
  settle_bankruptcy(out, c.actor);
  return Decision::accept(std::move(out.events));
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
    out.emit(ev(EventType::TradeRejected, c.actor));
  for (const RentClaim& claim : s.rents) {
    if (!claim.open || (claim.owner != c.actor && claim.payer != c.actor)) continue;
    Event f = ev(EventType::RentForfeited, claim.payer);
    f.other = claim.owner;
    f.square = claim.square;
    f.amount = claim.amount;
    out.emit(f);
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
    hand_cash(out, c.actor, creditor);
    std::vector<SquareId> mortgaged;
    for (int i = 0; i < r.board_size(); ++i) {
      if (!(properties & (std::uint64_t{1} << i))) continue;
      const SquareId sq = static_cast<SquareId>(i);
      if (out.state.holdings[sq].mortgaged) mortgaged.push_back(sq);
      Event t = ev(EventType::PropertyTransferred, c.actor);
      t.other = creditor;
      t.square = sq;
      out.emit(t);
    }
    for (int d = 0; d < kDeckCount; ++d)
      for (int k = out.state.player(c.actor).jail_cards[static_cast<std::size_t>(d)]; k > 0; --k) {
        Event t = ev(EventType::JailCardTransferred, c.actor);
        t.other = creditor;
        t.deck = static_cast<DeckId>(d);
        out.emit(t);
      }
    Event b = ev(EventType::PlayerBankrupted, c.actor);
    b.other = creditor;
    out.emit(b);
    for (SquareId sq : mortgaged) charge_transfer_interest(out, creditor, sq);
    settle_debts(out, creditor);
    end_or_pass_turn(out, c.actor);
    return;
  }

  // rule bankruptcy/to-the-bank: the Bank takes everything and auctions each property (not the
  // buildings); the player leaves the game.
  return_buildings(out, c.actor, false);
  hand_cash(out, c.actor, kBank);
  return_jail_cards(out, c.actor);
  return_deeds_to_bank(out, c.actor, properties);
  Event b = ev(EventType::PlayerBankrupted, c.actor);
  b.other = kBank;
  out.emit(b);
  if (active_players(out.state) > 1 && properties != 0 && !r.game_ends_at_first_bankruptcy) {
    Event q = ev(EventType::BankAuctionsQueued, c.actor);
    q.mask = properties;
    out.emit(q);
    Event first = ev(EventType::AuctionOpened, out.state.turn);
    first.square = static_cast<SquareId>(__builtin_ctzll(properties));
    out.emit(first);
    return;
  }
  end_or_pass_turn(out, c.actor);
}

}  // namespace deedlog
