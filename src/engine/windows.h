#pragma once
// Policy: the windows a move must come within. Where the table's rule books close them by the
// dice (rent is lost at the next throw in uk-1972, at the second following player's throw in the
// US books), the computer edition closes them by the clock alone (ten seconds to buy, to claim
// rent; an auction ends after so many seconds without a bid). This file is the only place the
// rent_window and timed settings are read: a rule asks here, whichever kind of window it is.
#include <cstdint>
#include <optional>

#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog::policy {

// The edition keeps time (computer): a move's @TIME stamp can find a window run out.
bool timed(const Ruleset& r);

// LANDING ON OWNED PROPERTY: rent windows closed by the dice (any edition but computer's, where
// only the clock closes them).
bool throws_close_rent_windows(const Ruleset& r);
// Whose first throw of a turn closes the window of a rent `payer` owes (kBank: anyone's next
// throw, uk-1972).
PlayerId rent_window_closes_on(const Ruleset& r, const State& s, PlayerId payer);

// How many seconds past its window a move stamped `now` comes (none when in time, untimed, or
// either stamp is missing): to buy the site offered at `offered`, to claim a rent due at `due`,
// to bid in an auction whose last bid (or opening) was at `since`.
std::optional<std::int64_t> seconds_late_to_buy(const Ruleset& r, std::int64_t offered, std::int64_t now);
std::optional<std::int64_t> seconds_late_to_claim(const Ruleset& r, std::int64_t due, std::int64_t now);
std::optional<std::int64_t> seconds_late_to_bid(const Ruleset& r, std::int64_t since, std::int64_t now);
// When the window to buy, opened at `offered`, ran out.
std::int64_t buy_window_end(const Ruleset& r, std::int64_t offered);

}  // namespace deedlog::policy
