#pragma once
// The position as bytes, for snapshots (cereal's portable binary archive). A snapshot written
// by another version of the state's layout is not read: the caller folds from the start.
#include <optional>
#include <string>

#include "deedlog/state.h"

namespace deedlog {

// Bump when State's fields change: older snapshots are then ignored, never misread.
// 7: the computer edition's clocks (offered_at, the auction's and rent claims' since) and
// offers_this_turn, which 6 left out; flags stored as bytes checked on load.
// 10: the finish-round setting and the agreed finishing hour (time_up_at).
// 12: each player's count of throws (PlayerState::throws), for games sealed by seat.
inline constexpr std::uint32_t kStateFormatVersion = 12;

std::string save_state(const State& s);
// false when the bytes are not a snapshot of this format version (or are damaged so that they
// cannot be read as one). A true answer says only that the bytes parse: check_state_ranges
// (engine/state_check.h) tells whether the position is one the edition can hold.
bool load_state(const std::string& bytes, State* s);

// The bytes of a snapshot worth storing: save_state's, when they read back as the very same
// position (a field the archive missed would otherwise be cached wrong); nullopt otherwise.
std::optional<std::string> snapshot_bytes(const State& s);

}  // namespace deedlog
