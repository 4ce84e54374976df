#pragma once
// A listed legal move with its varying part (its MoveRange) set anywhere in its range, as a bot
// does with the list: for the engine's tests that play any move the list offers.
#include <cstdint>
#include <random>

#include "deedlog/legal_moves.h"

namespace deedlog::testing {

inline Command pick(const LegalMove& m, std::mt19937& rng) {
  Command c = m.command;
  const auto within = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  switch (m.range.kind) {
    case MoveRange::Kind::Dice:
      c.die1 = static_cast<int>(within(m.range.min, m.range.max));
      c.die2 = static_cast<int>(within(m.range.min, m.range.max));
      break;
    case MoveRange::Kind::Amount: c.amount = Money{within(m.range.min, m.range.max)}; break;
    case MoveRange::Kind::Exact:
    case MoveRange::Kind::ThreeColours:
    case MoveRange::Kind::Deeds: break;
  }
  return c;
}

}  // namespace deedlog::testing
