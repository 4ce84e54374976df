#pragma once
// The seating's own numbers (tournament_seating.h, seating_plan.h, seating_designs.h): SplitMix64
// over a counter (mix64, deedlog/seeded_chance.h) from a seed alone, so that the same players,
// history and seed seat the same tables on every machine.
#include <cstddef>
#include <cstdint>

#include "deedlog/seeded_chance.h"

namespace deedlog {

struct SeatingNumbers {
  std::uint64_t state;
  std::uint64_t next() {
    const std::uint64_t z = mix64(state);
    state += 0x9E3779B97F4A7C15ULL;
    return z;
  }
  // A number in [0, n): 0 when n is not positive.
  int below(int n) { return n <= 0 ? 0 : static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
};

}  // namespace deedlog
