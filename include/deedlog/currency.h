#pragma once
// regional-currency: each region's floating exchange rate and the conversion of a sum between
// two currencies (EXCHANGE RATES). In an edition without regions every rate is 0 and every
// conversion returns the sum unchanged, so the rules call these helpers unconditionally.
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

inline constexpr int kNoRegion = -1;

// The region a square lies in, or kNoRegion (corners, other editions).
int region_of(const Ruleset& r, SquareId square);
// The region a player represents (the Nth named player the Nth region), or kNoRegion.
int region_of_player(const Ruleset& r, PlayerId p);

// rule currency/exchange-rate: the representative's properties in the region minus everyone
// else's, mortgaged ones included. 0 for kNoRegion.
int exchange_rate(const Ruleset& r, const State& s, int region);
int player_rate(const Ruleset& r, const State& s, PlayerId p);
// The rate of the currency a square's sums are printed in (its region's; 0 on a corner).
int square_rate(const Ruleset& r, const State& s, SquareId square);

// rule currency/conversion: what a payer whose rate is payer_rate pays, in his own currency,
// for `amount` in a currency whose rate is payee_rate: amount x percent(payer - payee) / 100,
// rounded to whole money (half up), at least 1 when the amount is not 0.
Money convert(const Ruleset& r, Money amount, int payer_rate, int payee_rate);
// What a receiver gets for a sum in another currency: the same line of the table as what he would
// pay for it, rounded down (the Bank, making the exchange, never pays out more than it takes in).
Money convert_received(const Ruleset& r, Money amount, int receiver_rate, int from_rate);
// The same line of the table as convert, rounded to the nearest dollar: a valuation, where no
// money changes hands and neither side should gain by the rounding.
Money value_across(const Ruleset& r, Money amount, int from_rate, int to_rate);

// A sum printed on a deed (price, house, mortgage) in the square's region currency, as player p
// pays it, and as p receives it (the Bank pays p the equal value in his own currency).
Money cost_for(const Ruleset& r, const State& s, PlayerId p, SquareId square, Money face);
Money receipt_for(const Ruleset& r, const State& s, PlayerId p, SquareId square, Money face);
// A sum owed to player `payee` in his own currency (rent, a trade's cash): what payer pays.
Money cost_to_player(const Ruleset& r, const State& s, PlayerId payer, PlayerId payee, Money face);

}  // namespace deedlog
