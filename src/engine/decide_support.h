#pragma once
// What the rule files inside decide share: whose turn comes next, and
// the checks that stop the game (debts, open decisions).
#include <optional>
#include <string>
#include <string_view>

#include "deedlog/command.h"
#include "deedlog/decide.h"
#include "engine/outcome.h"
#include "deedlog/position_queries.h"
#include "deedlog/rule_book.h"

namespace deedlog {

// The first unpaid debt, as the ruling that says the game waits for it.
std::optional<Violation> debts_block(const Ruleset& r, const State& s);
// What must happen before the game moves on, as the facts a refusal's words need.
Waiting waiting_on(const State& s);

// The rule of each verb (deedlog/verbs.h, "rule"): decide calls it once the gate let the move
// through. Each is defined in the rule file of its section (docs/design.md, "Where a rule lives").
#define DEEDLOG_VERB_RULE_DECLARATION(Name, code, rule, ...) \
  Decision rule(const Ruleset& r, const State& s, const Command& c);
DEEDLOG_VERBS(DEEDLOG_VERB_RULE_DECLARATION)
#undef DEEDLOG_VERB_RULE_DECLARATION

// Why these squares cannot be stacked into a Conglomerate of `owner`'s, if they cannot. A setup
// states Conglomerates already built on (built_allowed); a move forms them bare.
std::optional<Violation> conglomerate_problem(const Ruleset& r, const State& s, PlayerId owner,
                                              const std::vector<SquareId>& squares, bool built_allowed);

// Everything a bankruptcy sets off (BANKRUPTCY), without asking whether the player is entitled
// to it: used by decide_bankruptcy once it is, and by `referee settle` to show what would happen.
void settle_bankruptcy(Outcome& out, PlayerId bankrupt);

// Building auctions: may this player place one more house (or a hotel) somewhere legally?
bool can_place_building(const Ruleset& r, const State& s, PlayerId p, bool hotel);

// Closes the open auction when only the high bidder is left (or nobody bid and all passed),
// and moves the game on: the move completes, the next bankruptcy lot opens, or a building
// auction's buyer places his building.
void close_auction_if_done(Outcome& out);

// After an auction opens: players in jail are out of it where jailed players may not bid.
void bar_jailed_bidders(Outcome& out);

// Editions where some dealings happen only "on a player's turn, prior to shaking the dice": the
// actor must be the player to move, before his throw. A player whose turn comes next once the
// last move is over starts his turn by it.
std::optional<Violation> before_own_throw(Outcome& out, PlayerId actor, const RuleRef& rule, Verb what);

}  // namespace deedlog
