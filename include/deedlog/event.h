#pragma once
// Events: facts in the past tense, consequences included. The journal stores them; replay
// folds evolve() over them. One flat value type for every kind keeps the fold fast and the
// codec simple; which fields a type uses, and what each means for it, is declared once in
// event_types.h (read them by name through event_fields.h).
#include <cstdint>
#include <string>
#include <vector>

#include "deedlog/clock_stamp.h"
#include "deedlog/event_types.h"
#include "deedlog/ids.h"
#include "deedlog/money.h"

namespace deedlog {

// The types, in the order of docs/journal.md (their numbers are never stored: the journal
// names each type).
enum class EventType : std::uint8_t {
#define DEEDLOG_EVENT_ENUM(Type, summary) Type,
  DEEDLOG_EVENT_TYPES(DEEDLOG_EVENT_ENUM)
#undef DEEDLOG_EVENT_ENUM
};
// Counted from the list, so a new type needs no edit here.
#define DEEDLOG_EVENT_COUNT(Type, summary) +1
inline constexpr int kEventTypeCount = 0 DEEDLOG_EVENT_TYPES(DEEDLOG_EVENT_COUNT);
#undef DEEDLOG_EVENT_COUNT

enum class JailReason : std::uint8_t { GoToJailSquare = 0, Card = 1, ThreeDoubles = 2 };
// SkippedGo (computer): the player sat out a go and is free, staying on the square this turn.
enum class JailExit : std::uint8_t { Doubles = 0, Fine = 1, Card = 2, ThirdTurnFine = 3, SkippedGo = 4 };

// The stored fields. What each holds depends on the type, and is declared with the type in
// event_types.h (read and write them by those names: event_fields.h); a type leaves the fields
// it does not declare at their defaults, and the codec refuses a stored event that does not.
struct Event {
  EventType type = EventType::MovePlayed;
  PlayerId player = kBank;
  PlayerId other = kBank;
  SquareId square = kNoSquare;
  DeckId deck = DeckId::Chance;
  CardIndex card = kNoCard;
  std::int8_t die1 = 0;
  std::int8_t die2 = 0;
  bool flag = false;
  std::int32_t count = 0;
  Money amount;
  Money amount2;
  std::uint64_t mask = 0;
  std::uint64_t mask2 = 0;
  std::uint8_t cards = 0;
  std::uint8_t cards2 = 0;
  std::int64_t clock = kNoTime;  // timed editions: seconds (deedlog/clock_stamp.h)
  std::string text;
  std::vector<CardIndex> order;

  bool operator==(const Event&) const = default;
};

using Events = std::vector<Event>;

// The stored fields of Event, as bits: which of them an event type uses (event_types.h).
enum class EventSlot : std::uint32_t {
  player = 1u << 0, other = 1u << 1, square = 1u << 2, deck = 1u << 3, card = 1u << 4, die1 = 1u << 5,
  die2 = 1u << 6, flag = 1u << 7, count = 1u << 8, amount = 1u << 9, amount2 = 1u << 10, mask = 1u << 11,
  mask2 = 1u << 12, cards = 1u << 13, cards2 = 1u << 14, clock = 1u << 15, text = 1u << 16, order = 1u << 17,
};
inline constexpr int kEventSlotCount = 18;
// The stored fields an event of type t may carry (the others keep their defaults).
std::uint32_t event_slots(EventType t);

const char* event_type_name(EventType t);
// false when name is not an event type.
bool event_type_from_name(const std::string& name, EventType* out);

}  // namespace deedlog
