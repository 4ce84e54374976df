#include "present/settlement.h"

#include <fmt/format.h>

#include "present/narration.h"
#include "deedlog/event_fields.h"
#include "deedlog/position_queries.h"
#include "deedlog/rule_book.h"
#include "deedlog/money_raising.h"
#include "present/money_words.h"
#include "service/game_log.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

std::string who(const Game& g, PlayerId p) {
  return p == kBank ? std::string("Bank") : g.header.players[static_cast<std::size_t>(p)];
}

struct Report {
  Money owed;
  RaisingPlan plan;
  bool bankrupt = false;
  Events settlement;
};

Report work_out(const Game& g, PlayerId p) {
  Report rep;
  rep.owed = g.state.player(p).total_owed();
  rep.plan = money_raisable(g.ruleset, g.state, p);
  // rule bankruptcy/only-when-insolvent: bankrupt when the player owes more than they can raise.
  rep.bankrupt = rep.owed.units > 0 && rep.owed > rep.plan.total;
  if (rep.bankrupt) {
    rep.settlement = bankruptcy_settlement(g.ruleset, g.state, p);
  }
  return rep;
}

std::string creditor_words(const Game& g, PlayerId c) {
  return c == kBank ? std::string("the Bank") : g.header.players[static_cast<std::size_t>(c)];
}

}  // namespace

Status find_bankruptcy(Journal& journal, const Game& g, PlayerId p, PastBankruptcy* out) {
  *out = PastBankruptcy{};
  std::int64_t move_seq = 0;
  std::string move;
  std::vector<std::string> move_events;
  bool in_that_move = false;
  Status s = GameLog(journal, g).read(1, g.state.seq, [&](const LoggedEvent& row) {
    const Event& e = row.event;
    if (e.type == EventType::MovePlayed) {
      if (in_that_move) return false;  // the move that made the bankruptcy is over
      move_seq = row.seq;
      move = fields::MovePlayed::line(e);
      move_events.clear();
      return true;
    }
    move_events.push_back(narrate(g.ruleset, g.header.players, e));
    if (e.type == EventType::PlayerBankrupted && e.player == p && !in_that_move) {
      in_that_move = true;
      out->seq = row.seq;
      out->creditor = fields::PlayerBankrupted::creditor(e).raw;
      out->move_seq = move_seq;
      out->move = move;
    }
    if (in_that_move) out->events = move_events;
    return true;
  });
  return s;
}

ojson settlement_json(const Game& g, PlayerId p, const PastBankruptcy* past) {
  const Ruleset& r = g.ruleset;
  ojson j;
  j["player"] = who(g, p);
  if (g.state.player(p).bankrupt) {
    // Out of the game already: nothing is owed or raised any more; what happened instead.
    j["bankrupt"] = true;
    j["left_game"] = true;
    if (past && past->seq) {
      j["bankrupt_at"] = past->seq;
      j["creditor"] = who(g, past->creditor);
      j["move_seq"] = past->move_seq;
      j["move"] = past->move;
      j["events"] = past->events;
    }
    j["rule"] = r.id + (past && past->seq && past->creditor != kBank ? "/bankruptcy/to-a-player" : "/bankruptcy/to-the-bank");
    return j;
  }
  const Report rep = work_out(g, p);
  j["cash"] = g.state.player(p).cash.units;
  j["owes"] = ojson::array();
  const auto& owes = g.state.player(p).owes;
  for (std::size_t c = 0; c < owes.size(); ++c)
    if (owes[c].units > 0) j["owes"].push_back({{"to", who(g, static_cast<PlayerId>(static_cast<int>(c) - 1))}, {"amount", owes[c].units}});
  j["owed"] = rep.owed.units;
  j["could_raise"] = ojson::array();
  for (const RaisingStep& st : rep.plan.steps) {
    ojson sj{{"action", st.kind == RaisingStep::Kind::Mortgage ? "mortgage" : "sell-buildings"},
             {"square", r.square(st.square).name},
             {"amount", st.amount.units}};
    if (st.kind == RaisingStep::Kind::SellBuildings) {
      sj["houses"] = st.hotel ? 0 : st.buildings;
      sj["hotel"] = st.hotel;
    }
    j["could_raise"].push_back(sj);
  }
  j["raisable_total"] = rep.plan.total.units;
  j["bankrupt"] = rep.bankrupt;
  j["rule"] = r.id + "/bankruptcy/only-when-insolvent";
  if (!rep.bankrupt) return j;
  ojson s;
  const PlayerId creditor = [&] {
    for (const Event& e : rep.settlement)
      if (e.type == EventType::PlayerBankrupted) return fields::PlayerBankrupted::creditor(e).raw;
    return kBank;
  }();
  s["creditor"] = who(g, creditor);
  s["rule"] = r.id + (creditor == kBank ? "/bankruptcy/to-the-bank" : "/bankruptcy/to-a-player");
  s["buildings_returned"] = ojson::array();
  s["receives"] = ojson::array();
  s["interest"] = ojson::array();
  s["auctions"] = ojson::array();
  for (const Event& e : rep.settlement) {
    switch (e.type) {
      case EventType::HouseSold:
      case EventType::HotelSold:
        s["buildings_returned"].push_back({{"square", r.square(fields::shared::square(e)).name},
                                           {"what", e.type == EventType::HotelSold ? "hotel" : "house"},
                                           {"bank_pays", fields::shared::amount(e).units}});
        break;
      case EventType::PaidToPlayer:
      case EventType::PaidToBank:
        s["receives"].push_back({{"to", who(g, e.type == EventType::PaidToBank ? kBank : fields::shared::other(e))}, {"cash", fields::shared::amount(e).units}});
        break;
      case EventType::PropertyTransferred:
        s["receives"].push_back({{"to", who(g, fields::PropertyTransferred::to(e).raw)}, {"property", r.square(fields::PropertyTransferred::square(e)).name},
                                 {"mortgaged", g.state.holdings[fields::PropertyTransferred::square(e)].mortgaged}});
        break;
      case EventType::JailCardTransferred:
        s["receives"].push_back({{"to", who(g, fields::JailCardTransferred::to(e))}, {"card", r.words.jail_card}});
        break;
      case EventType::InterestPaid:
      case EventType::DebtIncurred:
        if (fields::shared::square(e) != kNoSquare)
          s["interest"].push_back({{"payer", who(g, e.player)}, {"square", r.square(fields::shared::square(e)).name},
                                   {"amount", fields::shared::amount(e).units}, {"paid", e.type == EventType::InterestPaid}});
        break;
      case EventType::BankAuctionsQueued:
        for (int i = 0; i < r.board_size(); ++i)
          if (fields::BankAuctionsQueued::squares(e) & (std::uint64_t{1} << i)) s["auctions"].push_back(r.square(static_cast<SquareId>(i)).name);
        break;
      default:
        break;
    }
  }
  s["events"] = ojson::array();
  for (const Event& e : rep.settlement) s["events"].push_back(narrate(r, g.header.players, e));
  j["settlement"] = s;
  return j;
}

std::string settlement_text(const Game& g, PlayerId p, const PastBankruptcy* past) {
  const Ruleset& r = g.ruleset;
  const std::string name = who(g, p);
  if (g.state.player(p).bankrupt) {
    if (!past || !past->seq) return fmt::format("{} is already bankrupt and has left the game: there is nothing to settle.\n", name);
    std::string out = fmt::format(
        "{} is already bankrupt: bankrupt to {} at event {} (move {}: {}), and has left the game; there is nothing "
        "left to settle.\nWhat happened in that move:\n",
        name, creditor_words(g, past->creditor), past->seq, past->move_seq, past->move);
    for (const std::string& e : past->events) out += "  " + e + "\n";
    return out;
  }
  const Report rep = work_out(g, p);
  auto money = [&](Money m) { return money_words(r, m); };
  std::string out = fmt::format("{} has {} and owes {}.\n", name, money(g.state.player(p).cash), money(rep.owed));
  if (rep.plan.steps.empty()) {
    out += fmt::format("{} has nothing more to sell or mortgage.\n", name);
  } else {
    out += fmt::format("{} could still raise:\n", name);
    for (const RaisingStep& st : rep.plan.steps)
      out += fmt::format("  {:>7}  {} {}\n", money(st.amount),
                         st.kind == RaisingStep::Kind::Mortgage ? "mortgage" : (st.hotel ? fmt::format("sell the {} on", r.words.hotel) : fmt::format("sell {} {} on", st.buildings, st.buildings == 1 ? r.words.house : r.words.houses)),
                         r.square(st.square).name);
  }
  out += fmt::format("In all: {} (cash included).\n", money(rep.plan.total));
  if (rep.owed.units == 0) return out + fmt::format("{} owes nothing: not bankrupt.\n", name);
  if (!rep.bankrupt)
    return out + fmt::format("{} can pay: not bankrupt (rule {}/bankruptcy/only-when-insolvent, BANKRUPTCY).\n", name, r.id);
  out += fmt::format("{} owes more than they can raise: bankrupt (rule {}/bankruptcy/only-when-insolvent, BANKRUPTCY).\n"
                     "The settlement:\n",
                     name, r.id);
  for (const Event& e : rep.settlement) out += "  " + narrate(r, g.header.players, e) + "\n";
  return out;
}

}  // namespace deedlog
