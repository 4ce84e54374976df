#pragma once
// Every sum a user reads, in one place: the edition's currency sign before the amount ("£500",
// "$40"), and in regional-currency the region's currency after it ("$40 green"). `explain`,
// the narration, disputes, settlements and refusals all say a sum through these, so the same
// payment never reads two ways in two commands.
#include <string>

#include "deedlog/money.h"
#include "deedlog/ruleset.h"

namespace deedlog {

// "£500": as the referee's words say it (no thousands separator, as the notation writes sums).
std::string money_words(const Ruleset& ruleset, Money m);

// "£500", or with a currency named (regional-currency) "$500 green". An empty currency: as
// money_words.
std::string money_in(const Ruleset& ruleset, Money m, const std::string& currency);

// "£1,500": for the replay's displays, where columns of large sums are read at a glance.
std::string money_grouped(const Ruleset& ruleset, Money m);

// regional-currency: the currency of a player's region, or of the region holding a square; ""
// in other editions (their sums need no currency named).
std::string currency_of_player(const Ruleset& ruleset, PlayerId p);
std::string currency_of_square(const Ruleset& ruleset, SquareId s);

}  // namespace deedlog
