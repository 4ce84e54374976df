#pragma once
// The price of a trade, as analysis/trade_price.h works it out and present/trade_price_words.h says
// it (docs/trade-price.md): plain values, so that the words need not know the play-outs.
#include <cstdint>
#include <optional>
#include <vector>

#include "deedlog/ids.h"
#include "deedlog/money.h"

namespace deedlog {

struct TradeShare {
  PlayerId player = 0;
  double before = 0, after = 0;          // win shares, 0 to 1
  double change = 0;                     // after - before, from the paired play-outs
  double change_low = 0, change_high = 0;  // its 95% interval
};

// Why no cash leaves the offerer's win share unchanged.
enum class NoFairCash {
  None,
  OffererGainsPayingAll,     // the offerer is better off even paying all the cash she can
  RecipientCannotPayEnough,  // the offerer is worse off even taking all the cash the recipient can pay
  CashOnly,                  // the offer hands over nothing but cash: there is nothing to price
};

struct TradePrice {
  PlayerId offerer = 0, recipient = 0;
  std::vector<TradeShare> players;       // every seat, in seat order
  // Paid by the recipient to the offerer (negative: the offerer pays), in place of the offer's cash.
  std::optional<Money> fair_cash;
  Money fair_low, fair_high;             // its 95% interval (when fair_cash is given)
  NoFairCash why_none = NoFairCash::None;
  Money limit;                           // the cash at the end of the range tried, when none is fair
  int games = 0;                         // play-outs for each position
  int positions = 0;                     // positions played out (before, after, each cash tried)
  std::int64_t moves = 0;                // moves played over all the play-outs
};

}  // namespace deedlog
