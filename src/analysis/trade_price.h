#pragma once
// The price of a trade (docs/trade-price.md): each player's win share at a position before an
// offer and after it is made and accepted, and the cash in place of the offer's own that leaves
// the offerer's win share where it was. Every figure is a mean over play-outs (analysis/chances.h,
// analysis_play_outs), and every position of one question is played out with the same play-out
// seeds (common random numbers): the differences compared are the trade's, not the dice's. The
// seeds depend on (seed, key, play-out index) alone, so the answer is the same on any number of
// threads.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/chances.h"
#include "deedlog/command.h"
#include "deedlog/money.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "deedlog/status.h"
#include "deedlog/violation.h"
#include "service/trade_price_report.h"

namespace deedlog {

struct TradePriceOptions {
  // Play-outs for each position weighed; 0: sampled until every change's 95% interval is at
  // most ±precision wide, or most_games play-outs (docs/trade-price.md, "Precision").
  int games = 0;
  double precision = 0.02;
  int most_games = 1600;
  std::uint64_t seed = 1;
  int threads = 0;           // 0: one a core; the answer is the same for any number
  int max_moves = 4000;      // a play-out still going after this many moves is an equal part for those left
};

// Prices `offer` (an Offer move) at `position`: the offer is ruled as the referee would rule it
// there, then its acceptance by the recipient; when either is refused, *refused holds the
// ruling and nothing is played out (the status is ok). `key` makes the play-outs' seeds the
// position's own (the event's seq). `players`: the game's names, for a play-out gone wrong.
// InvalidArgument for a move that is no offer or options out of range; Corrupt when a play-out's
// built-in player is refused.
Status price_trade(const Ruleset& ruleset, const State& position, const CardsSeen& seen, const Command& offer,
                   const std::vector<std::string>& players, const TradePriceOptions& options, std::uint64_t key,
                   TradePrice* out, std::optional<Violation>* refused);

}  // namespace deedlog
