#pragma once
// Events to and from the journal's JSON payloads. A payload holds only the fields that differ
// from their defaults, so it stays short and readable in the sqlite3 shell, and decoding it
// gives back exactly the event that was encoded.
#include <string>

#include "engine/event.h"

namespace deedlog {

std::string encode_payload(const Event& e);
// false (with a reason) when the type is unknown or the payload is not what the type needs.
bool decode_event(const std::string& type, const std::string& payload, Event* out, std::string* error);

}  // namespace deedlog
