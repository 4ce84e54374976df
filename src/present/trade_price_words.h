#pragma once
// The JSON and the words of the price of a trade (INTERFACE.md section 6; docs/trade-price.md):
// `referee analyse --trade`, POST /api/games/ID/price, and the price command of `referee table`
// (at the journal and through a server, which has only the JSON: the words are made from it).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/ruleset.h"
#include "present/refusal_words.h"
#include "service/trade_price_report.h"

namespace deedlog {

// {"offer", "seq", "offerer", "recipient", "players": [{"name", "before", "after", "change",
// "change_interval"}], "fair_cash", "fair_cash_interval", "reason"?, "games", "seed",
// "positions", "moves"}. offer: the offer in notation; seq: the position's event.
nlohmann::ordered_json trade_price_json(const TradePrice& price, const Ruleset& ruleset,
                                        const std::vector<std::string>& players, const std::string& offer,
                                        std::int64_t seq, std::uint64_t seed);

// The offer (or its acceptance) refused at the position: {"offer", "seq", "accepted": false,
// "violation": {"rule", "section", "message"}}, as play --json refuses a move.
nlohmann::ordered_json trade_refusal_json(const Ruling& ruling, const std::string& offer, std::int64_t seq);

// Why no cash is fair, in words ("" for NoFairCash::None).
std::string no_fair_cash_words(const TradePrice& price, const Ruleset& ruleset, const std::vector<std::string>& players);

// The document above (either kind) in words. ruleset: for the sums in the edition's currency;
// null (a server's edition the table cannot read): the sums as numbers.
std::string trade_price_text(const nlohmann::json& doc, const Ruleset* ruleset);

}  // namespace deedlog
