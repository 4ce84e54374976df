#include "present/game_json.h"

#include <fmt/format.h>

#include "deedlog/game_file.h"
#include "present/legal_move_words.h"
#include "present/narration.h"

namespace deedlog {

using ojson = nlohmann::ordered_json;

ojson violation_json(const Ruling& v) { return ojson{{"rule", v.rule}, {"section", v.section}, {"message", v.message}}; }

ojson event_json(const Ruleset& ruleset, const std::vector<std::string>& names, std::int64_t seq,
                 const std::string& type, const std::string& at, const std::string& actor, const std::string& payload,
                 const Event& event) {
  ojson j;
  j["seq"] = seq;
  j["type"] = type;
  if (!at.empty()) j["at"] = at;
  j["actor"] = actor;
  const auto fields = ojson::parse(payload, nullptr, false);
  if (fields.is_object())
    for (const auto& [k, v] : fields.items()) j[k] = v;
  j["words"] = narrate(ruleset, names, event);
  return j;
}

ojson event_json(const Game& g, const LoggedEvent& row) {
  return event_json(g.ruleset, g.header.players, row.seq, row.type, row.at, row.actor, row.payload, row.event);
}

ojson play_json(const Game& g, const PlayOutcome& po, bool dry_run) {
  ojson doc;
  doc["accepted"] = po.decision.accepted;
  if (dry_run) doc["dry_run"] = true;
  if (po.withheld) doc["withheld"] = true;
  doc["events"] = ojson::array();
  for (const LoggedEvent& r : po.events) doc["events"].push_back(event_json(g, r));
  if (!po.decision.accepted)
    doc["violation"] = violation_json(ruling_of(g.ruleset, po.decision.violation, g.header.players));
  doc["seq"] = g.state.seq;
  doc["head"] = g.head_hash;
  return doc;
}

ojson status_json(const Game& g, const RecordedRulings& rulings, const AgreedHour& hour) {
  ojson doc = position_json(g);
  if (!rulings.empty()) {
    doc["rulings"] = ojson::array();
    for (const auto& [seq, words] : rulings) doc["rulings"].push_back({{"seq", seq}, {"words", words}});
  }
  doc["head"] = g.head_hash;
  if (hour.limited) {
    doc["agreed_hour"] = {{"at", hour.at == kNoTime ? ojson(nullptr) : ojson(clock_text(hour.at))},
                          {"stamped", hour.stamped}};
  }
  return doc;
}

bool trading_open(const State& s) { return s.phase != Phase::GameOver && !s.time_called && !s.offer.open; }

ojson moves_json(const Game& g, const std::vector<LegalMove>& moves) {
  const auto& names = g.header.players;
  ojson doc;
  doc["player"] = names[static_cast<std::size_t>(g.state.turn)];
  doc["phase"] = phase_name(g.state.phase);
  doc["moves"] = ojson::array();
  doc["forms"] = ojson::array();
  for (const LegalMove& m : moves) {
    const std::string text = print_move(m.command, g.ruleset, names);
    doc["moves"].push_back(text);
    if (m.range.kind != MoveRange::Kind::Exact) {
      // Who fills it in: the page draws that player's dice pad from it.
      ojson form{{"move", text}, {"player", m.command.actor == kReferee ? std::string("Referee")
                                                                          : names[static_cast<std::size_t>(m.command.actor)]},
                 {"fill", range_words(m.range)}};
      const ojson fields = range_form(m);
      for (auto it = fields.begin(); it != fields.end(); ++it) form[it.key()] = it.value();
      doc["forms"].push_back(form);
    }
  }
  // Trades are open to every player at almost any time; they are shown as a form to fill in.
  if (trading_open(g.state))
    doc["forms"].push_back({{"move", "PLAYER offers PLAYER: WHAT for WHAT"},
                            {"fill", "properties, an amount and cards on either side"}});
  return doc;
}

std::string valuation_item_kind(ValuationItem::Kind k) {
  switch (k) {
    case ValuationItem::Kind::Cash: return "cash";
    case ValuationItem::Kind::Property: return "property";
    case ValuationItem::Kind::MortgagedProperty: return "mortgaged-property";
    case ValuationItem::Kind::Houses: return "houses";
    case ValuationItem::Kind::Hotel: return "hotel";
    case ValuationItem::Kind::Debt: return "debt";
  }
  return "?";
}

std::string valuation_item_words(const Ruleset& r, const ValuationItem& i) {
  const std::string where = i.square == kNoSquare ? std::string() : r.square(i.square).name;
  switch (i.kind) {
    case ValuationItem::Kind::Cash: return "cash in hand";
    case ValuationItem::Kind::Property: return where + " at its printed price";
    case ValuationItem::Kind::MortgagedProperty: return where + " (mortgaged) at half its printed price";
    case ValuationItem::Kind::Houses:
      return fmt::format("{} {} on {} at cost", i.count, i.count == 1 ? r.words.house : r.words.houses, where);
    case ValuationItem::Kind::Hotel:
      return fmt::format("the {} on {} at the cost of {} {}", r.words.hotel, where, r.houses_per_hotel + 1, r.words.houses);
    case ValuationItem::Kind::Debt: return "owed and unpaid";
  }
  return "?";
}

std::string time_called_wait_words(TimeCalledWait w) {
  switch (w) {
    case TimeCalledWait::Nothing: return "";
    case TimeCalledWait::Round: return "time was called; the round is not complete (finish-round)";
    case TimeCalledWait::Move: return "time was called; the move in progress is not complete";
    case TimeCalledWait::Debt: return "time was called; a debt is unpaid: it is paid or the debtor declares bankruptcy";
    case TimeCalledWait::Rent: return "time was called; rent may still be asked for until the mover ends the turn";
  }
  return "";
}

ojson value_json(const Game& g, const Valuation& v) {
  const auto& names = g.header.players;
  std::string leaders;
  for (PlayerId p : v.leaders) leaders += (leaders.empty() ? "" : ", ") + names[static_cast<std::size_t>(p)];
  ojson doc;
  doc["game"] = g.id;
  doc["seq"] = g.state.seq;
  doc["final"] = v.final;
  // Time called with the move or its transactions unfinished: the figures may change, nobody has won.
  doc["provisional"] = v.provisional;
  if (v.provisional) doc["reason"] = time_called_wait_words(v.waits);
  // regional-currency: every amount below is in par dollars (a currency at rate 0).
  if (!g.ruleset.regions.empty()) doc["currency"] = "par";
  doc["players"] = ojson::array();
  for (const EstateValue& e : v.estates) {
    ojson pj;
    pj["name"] = names[static_cast<std::size_t>(e.player)];
    pj["cash"] = e.items.front().amount.units;
    pj["total"] = e.total.units;
    pj["in_game"] = e.in_game;
    pj["items"] = ojson::array();
    for (const ValuationItem& i : e.items) {
      ojson ij{{"kind", valuation_item_kind(i.kind)}, {"amount", i.amount.units}, {"words", valuation_item_words(g.ruleset, i)}};
      if (i.square != kNoSquare) ij["square"] = g.ruleset.square(i.square).name;
      if (i.count) ij["count"] = i.count;
      pj["items"].push_back(ij);
    }
    doc["players"].push_back(pj);
  }
  doc["winner"] = v.leaders.size() == 1 && !v.provisional ? ojson(names[static_cast<std::size_t>(v.leaders.front())])
                                                           : ojson(nullptr);
  if (v.provisional) doc["leaders"] = leaders;
  if (v.leaders.size() > 1) doc["tied"] = leaders;
  return doc;
}

Status recorded_rulings(Journal& journal, const Game& g, RecordedRulings* out) {
  out->clear();
  return GameLog(journal, g).read(1, g.state.seq, [&](const LoggedEvent& r) {
    if (r.event.type == EventType::RulingRecorded || r.event.type == EventType::NoteRecorded) out->emplace_back(r.seq, narrate(g.ruleset, g.header.players, r.event));
    return true;
  });
}

nlohmann::ordered_json moves_json(const Game& g, std::int64_t now) {
  return moves_json(g, legal_moves(g.ruleset, g.state, now));
}

nlohmann::ordered_json value_json(const Game& g) { return value_json(g, value_estates(g.ruleset, g.state)); }

}  // namespace deedlog
