#include "present/trade_price_words.h"

#include <cmath>

#include <fmt/format.h>

#include "core/plural.h"
#include "present/game_json.h"
#include "present/money_words.h"

namespace deedlog {
namespace {

// Shares to 4 decimals, as the analysis gives them: finer than any play-out count resolves.
double rounded(double x) { return std::round(x * 10000.0) / 10000.0; }

std::string name_of(const std::vector<std::string>& players, PlayerId p) {
  return p >= 0 && static_cast<std::size_t>(p) < players.size() ? players[static_cast<std::size_t>(p)] : std::string();
}

std::string sum(const Ruleset* ruleset, std::int64_t units) {
  return ruleset ? money_words(*ruleset, Money{units}) : std::to_string(units);
}

// x paid by the recipient to the offerer (negative: the other way), as a sentence's clause.
std::string payment(const Ruleset* ruleset, const std::string& offerer, const std::string& recipient, std::int64_t x) {
  if (x == 0) return "no cash either way";
  if (x > 0) return fmt::format("{} pays {} {}", recipient, offerer, sum(ruleset, x));
  return fmt::format("{} pays {} {}", offerer, recipient, sum(ruleset, -x));
}

std::string percent(double share) { return fmt::format("{:.1f}%", 100 * share); }
std::string signed_percent(double share) { return fmt::format("{:+.1f}%", 100 * share); }

}  // namespace

std::string no_fair_cash_words(const TradePrice& price, const Ruleset& ruleset, const std::vector<std::string>& players) {
  const std::string offerer = name_of(players, price.offerer), recipient = name_of(players, price.recipient);
  switch (price.why_none) {
    case NoFairCash::None: return "";
    case NoFairCash::OffererGainsPayingAll:
      return fmt::format("{} gains even paying {} {}, the most {} can pay: no cash makes the trade even", offerer,
                         recipient, money_words(ruleset, Money{-price.limit.units}), offerer);
    case NoFairCash::RecipientCannotPayEnough:
      return fmt::format("{} loses even paid {} by {}, the most {} can pay: no cash makes the trade even", offerer,
                         money_words(ruleset, price.limit), recipient, recipient);
    case NoFairCash::CashOnly: return "the offer hands over nothing but cash: there is nothing to price";
  }
  return "";
}

nlohmann::ordered_json trade_price_json(const TradePrice& price, const Ruleset& ruleset,
                                        const std::vector<std::string>& players, const std::string& offer,
                                        std::int64_t seq, std::uint64_t seed) {
  nlohmann::ordered_json doc{{"offer", offer},
                             {"seq", seq},
                             {"offerer", name_of(players, price.offerer)},
                             {"recipient", name_of(players, price.recipient)}};
  doc["players"] = nlohmann::ordered_json::array();
  for (const TradeShare& t : price.players)
    doc["players"].push_back({{"name", name_of(players, t.player)},
                              {"before", rounded(t.before)},
                              {"after", rounded(t.after)},
                              {"change", rounded(t.change)},
                              {"change_interval", {rounded(t.change_low), rounded(t.change_high)}}});
  if (price.fair_cash) {
    doc["fair_cash"] = price.fair_cash->units;
    doc["fair_cash_interval"] = {price.fair_low.units, price.fair_high.units};
  } else {
    doc["fair_cash"] = nullptr;
    doc["fair_cash_interval"] = nullptr;
    doc["reason"] = no_fair_cash_words(price, ruleset, players);
  }
  doc["games"] = price.games;
  doc["seed"] = seed;
  doc["positions"] = price.positions;
  doc["moves"] = price.moves;
  return doc;
}

nlohmann::ordered_json trade_refusal_json(const Ruling& ruling, const std::string& offer, std::int64_t seq) {
  return nlohmann::ordered_json{{"offer", offer}, {"seq", seq}, {"accepted", false}, {"violation", violation_json(ruling)}};
}

std::string trade_price_text(const nlohmann::json& doc, const Ruleset* ruleset) {
  const std::string offer = doc.value("offer", std::string());
  const std::int64_t seq = doc.value("seq", std::int64_t{0});
  std::string out;
  if (doc.contains("note") && doc["note"].is_string()) out += "Note: " + doc["note"].get<std::string>() + "\n";
  if (doc.contains("violation")) {
    const nlohmann::json& v = doc["violation"];
    return out + fmt::format("The offer {} after event {} is refused: {}\n  rule {} (rule book section {})\n", offer, seq,
                             v.value("message", std::string()), v.value("rule", std::string()),
                             v.value("section", std::string()));
  }
  const std::string offerer = doc.value("offerer", std::string()), recipient = doc.value("recipient", std::string());
  out += fmt::format("The price of the trade {}, after event {} ({} a position, seed {}):\n", offer, seq,
                     count_of(doc.value("games", 0), "play-out"), doc.value("seed", std::uint64_t{0}));
  out += "  win share     before   after   change (95% interval)\n";
  for (const nlohmann::json& p : doc.value("players", nlohmann::json::array())) {
    const nlohmann::json interval = p.value("change_interval", nlohmann::json::array({0.0, 0.0}));
    out += fmt::format("  {:<12} {:>6}  {:>6}   {:>6} ({} to {})\n", p.value("name", std::string()),
                       percent(p.value("before", 0.0)), percent(p.value("after", 0.0)),
                       signed_percent(p.value("change", 0.0)), signed_percent(interval.at(0).get<double>()),
                       signed_percent(interval.at(1).get<double>()));
  }
  if (doc.contains("fair_cash") && doc["fair_cash"].is_number_integer()) {
    const nlohmann::json& interval = doc["fair_cash_interval"];
    out += fmt::format("Even for {} when, in place of the offer's cash, {} (95% interval: from {} to {}).\n", offerer,
                       payment(ruleset, offerer, recipient, doc["fair_cash"].get<std::int64_t>()),
                       payment(ruleset, offerer, recipient, interval.at(0).get<std::int64_t>()),
                       payment(ruleset, offerer, recipient, interval.at(1).get<std::int64_t>()));
  } else {
    out += fmt::format("No fair cash: {}.\n", doc.value("reason", std::string()));
  }
  return out;
}

}  // namespace deedlog
