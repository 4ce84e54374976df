#include "bots/win_interval.h"

#include <algorithm>
#include <cmath>

namespace deedlog {

void wilson_interval(int wins, int games, double* low, double* high) {
  if (games <= 0) {
    *low = 0;
    *high = 1;
    return;
  }
  constexpr double z = 1.959963984540054;  // the 97.5th percentile of the normal distribution
  const double n = games, p = wins / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  // At none or all the bounds are exactly 0 and 1 (rounding would leave a trace of the other).
  *low = wins == 0 ? 0.0 : std::max(0.0, centre - half);
  *high = wins == games ? 1.0 : std::min(1.0, centre + half);
}

}  // namespace deedlog
