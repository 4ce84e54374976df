#pragma once
// referee analyse --trade "OFFER" [--at SEQ]: the price of a trade at a position of a game
// (docs/trade-price.md), and the one answer behind it that the server's POST
// /api/games/ID/price and the price command of `referee table` give too.
#include <cstdint>
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/trade_price.h"
#include "commands/referee_commands.h"
#include "deedlog/ruleset.h"
#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

struct TradePriceAsk {
  std::string offer;        // the offer in the notation, as a player types it ("Ann offers Ben: ...")
  std::int64_t at = 0;      // the position after this event (0: the game's last)
  TradePriceOptions options;
};

struct TradePriceAnswer {
  // INTERFACE.md section 6's document; or, when the rules refuse the offer or its acceptance
  // there, {"offer", "seq", "accepted": false, "violation"} (refused set).
  nlohmann::ordered_json doc;
  bool refused = false;
  Ruleset ruleset;          // the game's edition, for the words' sums
};

// The answer for game `game` of the journal. InvalidArgument for an offer that does not parse or
// is no offer, or an --at beyond the game's last event; NotFound for no such game.
Status trade_price_answer(Journal& journal, std::int64_t game, const TradePriceAsk& ask, TradePriceAnswer* out);

// The command: the document (--json) or its words; exit 0, 3 when the rules refuse the offer,
// 2 for a usage error, 1 for anything else.
int run_trade_price(const CommonOptions& o, const TradePriceAsk& ask, std::ostream& out, std::ostream& err);

}  // namespace deedlog
