#pragma once
// What a lot at auction is worth to one player, for the sound bidder (bots/bot_player.h,
// Bidding::Sound; docs/sound-bidding.md has the table of terms). Not a price: the most the
// player should pay for it, weighed by what it does to his groups and his rivals', and how much
// of his cash he can spend without being caught short by a rent.
#include "deedlog/money.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// The worth to `bidder` of the property `square`, were he to win it now (his holdings and his
// rivals' as they stand in `s`). Independent of his cash.
Money site_worth(const Ruleset& r, const State& s, SquareId square, PlayerId bidder);

// The worth to `bidder` of one house (or hotel) sold at a building-shortage auction: 0 when he
// has no site to put it on.
Money building_worth(const Ruleset& r, const State& s, PlayerId bidder, bool hotel);

// The cash `bidder` keeps back from any bid: enough for the worst rent a rival's square can
// charge him now, less what he could raise by selling his buildings and mortgaging, and never
// less than a small floor.
Money bidding_reserve(const Ruleset& r, const State& s, PlayerId bidder);

// What the sound bidder would bid at the open auction `s.auction` for `bidder`, or nothing
// (0) for a pass: the least bid the auction accepts, or one step above the high bid, never above
// the lot's worth to him nor his cash less the reserve, where it would be the worth or that cash
// exactly.
Money sound_bid(const Ruleset& r, const State& s, PlayerId bidder);

// The most the sound bidder pays for the open auction's lot: its worth, within his cash less the
// reserve (0 when nothing can be bid).
Money sound_bid_ceiling(const Ruleset& r, const State& s, PlayerId bidder);

}  // namespace deedlog
