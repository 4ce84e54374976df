#pragma once
// A game as the shell holds it: which game, its header and edition, and the position folded
// from its events. A plain value: the service fills it, present words it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "deedlog/game_header.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// A snapshot of the position is stored each time a game passes a multiple of this many events
// (the default of the `--snapshot-every` setting; 0 stores none).
inline constexpr std::int64_t kSnapshotEvery = 256;

struct Game {
  std::int64_t id = 0;
  std::int64_t snapshot_every = kSnapshotEvery;  // a setting: how often play_move stores a snapshot
  GameHeader header;
  Ruleset ruleset;
  State state;  // after event state.seq
  std::string head_hash;  // the hash of event state.seq (the genesis before any): for the score sheet
};

// The header format of games made by this program (GameHeader::format).
inline constexpr int kHeaderFormat = 2;

// The first characters of a hash, as printed for a score sheet and accepted by
// verify --expect-head: 48 bits, more than enough to tell the events of one game apart.
inline constexpr std::size_t kShortHash = 12;

}  // namespace deedlog
