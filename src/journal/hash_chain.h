#pragma once
// The bytes each hash of the journal covers (docs/journal.md, "The hash chain"). Kept apart
// from the SQLite code because they are the format: another store must hash the same bytes,
// and changing a byte here makes every existing journal fail verification.
#include <string>

#include "journal/journal.h"

namespace deedlog {

// The anchor of a game's chain: the hash of its header text.
std::string genesis_hash(const std::string& header);

// The hash of one event: its prev_hash, game_id, seq, at, actor, type and payload.
// (event.hash itself is not read.)
std::string event_hash(const EventRow& event);

}  // namespace deedlog
