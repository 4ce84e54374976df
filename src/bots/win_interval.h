#pragma once
// How sure a share of wins is: the interval both `chances` and `match` report beside a share.

namespace deedlog {

// The 95% Wilson score interval of `wins` out of `games` (0 and 1 when there are no games; at
// none or all the bound on that side is exactly 0 or 1).
void wilson_interval(int wins, int games, double* low, double* high);

}  // namespace deedlog
