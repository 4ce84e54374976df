#pragma once
// Dice and shuffles from the game's Seed, as pure functions of the seed and a counter: the
// same seed gives the same game on every machine, and the engine never holds a generator.
#include <cstdint>
#include <utility>
#include <vector>

#include "deedlog/ids.h"

namespace deedlog {

// SplitMix64: a small, well-mixed function of a 64-bit counter.
inline std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A uniform value in [0, n) from stream `stream` of the seed at position `index`.
inline std::uint32_t seeded_below(std::uint64_t seed, std::uint64_t stream, std::uint64_t index,
                                  std::uint32_t n) {
  // Rejection keeps it exactly uniform: draw again (next sub-index) when in the biased tail.
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  for (std::uint64_t k = 0;; ++k) {
    const std::uint64_t x = mix64(mix64(seed ^ mix64(stream)) + index * 0x100000001B3ull + k);
    if (x < limit) return static_cast<std::uint32_t>(x % n);
  }
}

inline constexpr std::uint64_t kDiceStream = 1;
inline constexpr std::uint64_t kShuffleStream = 2;
inline constexpr std::uint64_t kFirstPlayerStream = 3;

// The throw number `index` of a seeded game.
inline std::pair<int, int> seeded_dice(std::uint64_t seed, std::uint64_t index) {
  return {1 + static_cast<int>(seeded_below(seed, kDiceStream, 2 * index, 6)),
          1 + static_cast<int>(seeded_below(seed, kDiceStream, 2 * index + 1, 6))};
}

// Fisher-Yates over cards, for pack number `pack`.
inline std::vector<CardIndex> seeded_shuffle(std::uint64_t seed, int pack, std::vector<CardIndex> cards) {
  for (std::size_t i = cards.size(); i > 1; --i) {
    const std::uint32_t j = seeded_below(seed, kShuffleStream + static_cast<std::uint64_t>(pack) * 1000003u,
                                         i, static_cast<std::uint32_t>(i));
    std::swap(cards[i - 1], cards[j]);
  }
  return cards;
}

}  // namespace deedlog
