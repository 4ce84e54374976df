#pragma once
// The position as bytes, for snapshots (cereal's portable binary archive). A snapshot written
// by another version of the state's layout is not read: the caller folds from the start.
#include <string>

#include "engine/state.h"

namespace deedlog {

// Bump when State's fields change: older snapshots are then ignored, never misread.
inline constexpr std::uint32_t kStateFormatVersion = 6;

std::string save_state(const State& s);
// false when the bytes are not a snapshot of this format version.
bool load_state(const std::string& bytes, State* s);

}  // namespace deedlog
