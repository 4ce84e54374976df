#pragma once
// The price of a trade on referee serve (docs/trade-price.md, "On the server"):
//   POST /api/games/ID/price {"offer"}   a table's or the referee's key: as
//                                        referee analyse --trade OFFER --json at the game's head
// One price is computed at a time (it uses every core for a few seconds); a few requests wait
// their turn, and one that finds the queue full gets 429. A tournament's tables get 403: a price
// worked out by the server during play would be help from outside the table.
#include <cstdint>
#include <functional>
#include <string>

#include "analysis/trade_price.h"
#include "commands/one_at_a_time.h"
#include "serve/serve_keys.h"
#include "serve/serve_listing.h"
#include "serve/httplib_names.h"

namespace deedlog {

// Requests that may wait while one price is computed; the next gets 429.
inline constexpr std::size_t kPricesWaiting = 4;

// What a key opens in a game outside every tournament (the server's keys: ServeKeys::check).
using KeyCheck = std::function<KeyRole(std::int64_t game, const std::string& key)>;

// Registers the route. options: the play-outs (serve --price-games) and threads; queue: the
// server's one computation at a time (it outlives the server's routes).
void add_price_routes(httplib::Server& http, LendJournal lend, SendFailure fail, KeyCheck check,
                      std::function<std::string(const httplib::Request&)> bearer, TradePriceOptions options,
                      OneAtATime* queue);

}  // namespace deedlog
