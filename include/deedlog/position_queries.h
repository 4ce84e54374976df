#pragma once
// Questions about a position that the rules ask and so do the programs around them (bots,
// settlements, disputes): whose turn comes next, who is still in, what an auction accepts now.
// Defined with the rules (engine/decide_support.cpp), so the answers cannot disagree.
#include <optional>

#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "deedlog/violation.h"

namespace deedlog {

// The next seat still in the game after the player whose turn it is.
PlayerId next_player(const State& s);

// Inline: the gate and the bots ask it several times a move.
inline bool is_active(const State& s, PlayerId p) { return p >= 0 && p < s.player_count && !s.player(p).bankrupt; }

int active_players(const State& s);

// Cash a player has promised: his standing high bid in an open auction. He may not give it away
// (rule auction/bid-within-cash) before the auction closes.
Money committed_cash(const State& s, PlayerId p);

// Short game: every player holds the deeds dealt to him (always true in other games).
bool dealing_done(const Ruleset& r, const State& s);

// Why `actor` may not throw, pay or use a card now: he chose to miss this go (computer).
std::optional<Violation> missed_go_block(const Ruleset& r, const State& s, PlayerId actor);

// The least bid the open auction accepts now: more than the high bid, at least the opening
// price and one step above the last bid where the edition sets them.
Money lowest_bid(const Ruleset& r, const State& s);

// The 10% on a mortgage, rounded as the edition says.
Money mortgage_interest(const Ruleset& r, Money principal);

}  // namespace deedlog
