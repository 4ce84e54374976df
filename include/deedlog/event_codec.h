#pragma once
// Events to and from the journal's JSON payloads. A payload holds only the fields that differ
// from their defaults, so it stays short and readable in the sqlite3 shell, and decoding it
// gives back exactly the event that was encoded.
#include <array>
#include <string>

#include "deedlog/event.h"
#include "deedlog/ruleset.h"

namespace deedlog {

// What an event's fields may name in one game: its seats, its board's squares and its packs'
// cards. An event read from the journal is checked against these before it is folded: a stored
// event is data from a file, and one naming square 200 must not reach the board's arrays.
struct EventBounds {
  int players = kMaxPlayers;
  int squares = kMaxSquares;
  std::array<int, kDeckCount> cards{kMaxCards, kMaxCards};
};
EventBounds event_bounds(const Ruleset& ruleset, int players);

// The stored fields that differ from their defaults but that e's type does not declare
// (event_types.h), by their payload names: "" for every event the engine makes.
std::string undeclared_fields(const Event& e);

std::string encode_payload(const Event& e);
// false (with a reason) when the type is unknown, the payload is not what the type needs, or
// a field is out of range for the game (a seat, square or card it does not have, a sum beyond
// any game, a mask with squares off the board).
bool decode_event(const std::string& type, const std::string& payload, const EventBounds& bounds, Event* out,
                  std::string* error);
// The same against the largest board, packs and table any edition may have (for a reader
// that has no game at hand, such as a fuzz test of the codec itself).
bool decode_event(const std::string& type, const std::string& payload, Event* out, std::string* error);

}  // namespace deedlog
