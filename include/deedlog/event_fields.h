#pragma once
// An event's fields by the names its type gives them (event_types.h):
//   fields::DiceThrown::doubles_run(e)       reads e.count of a DiceThrown
//   fields::DiceThrown::set_doubles_run(e, 2) writes it
// Each accessor checks the type in a Debug build, so a field read under another type's
// meaning (a RentDue's count taken for a number of squares) stops a test at once.
#include <cassert>
#include <cstdint>
#include <type_traits>
#include <string>
#include <vector>

#include "deedlog/event.h"
#include "deedlog/state.h"

namespace deedlog::fields {

namespace detail {
// What a field of a sentinel-carrying type (deedlog/ids.h) stores: its raw value.
template <typename T>
constexpr auto stored(const T& value) {
  if constexpr (requires { value.raw; }) return value.raw;
  else return value;
}
}  // namespace detail

#define DEEDLOG_EVENT_ACCESSOR(Type, slot, name, Cpp, meaning)                                  \
  namespace Type {                                                                               \
  inline Cpp name(const Event& e) {                                                              \
    assert(e.type == EventType::Type);                                                           \
    return static_cast<Cpp>(e.slot);                                                             \
  }                                                                                              \
  inline void set_##name(Event& e, Cpp value) {                                                  \
    assert(e.type == EventType::Type);                                                           \
    e.slot = static_cast<std::remove_cv_t<std::remove_reference_t<decltype(e.slot)>>>(detail::stored(value));    \
  }                                                                                              \
  }
DEEDLOG_EVENT_FIELDS(DEEDLOG_EVENT_ACCESSOR)
#undef DEEDLOG_EVENT_ACCESSOR

// For code that serves several types at once (a payment of any kind, the square any event is
// about), a stored field read under its stored name. Where the type is known, read it by the
// type's own name instead.
//   shared::amount(e)         the event's type declares the field (checked in a Debug build)
//   shared::amount_if_any(e)  any event: the field if its type declares it, else the value a
//                             type that does not declare it always holds there (Event's default)
namespace shared {
namespace detail {
inline bool declares(const Event& e, EventSlot slot) {
  return (event_slots(e.type) & static_cast<std::uint32_t>(slot)) != 0;
}
inline const Event& none() {
  static const Event kNone;
  return kNone;
}
}  // namespace detail
#define DEEDLOG_SHARED_ACCESSOR(slot)                                                            \
  inline const auto& slot(const Event& e) {                                                      \
    assert(detail::declares(e, EventSlot::slot));                                                \
    return e.slot;                                                                               \
  }                                                                                              \
  inline const auto& slot##_if_any(const Event& e) {                                             \
    return detail::declares(e, EventSlot::slot) ? e.slot : detail::none().slot;                  \
  }
DEEDLOG_SHARED_ACCESSOR(other)
DEEDLOG_SHARED_ACCESSOR(square)
DEEDLOG_SHARED_ACCESSOR(deck)
DEEDLOG_SHARED_ACCESSOR(card)
DEEDLOG_SHARED_ACCESSOR(die1)
DEEDLOG_SHARED_ACCESSOR(die2)
DEEDLOG_SHARED_ACCESSOR(flag)
DEEDLOG_SHARED_ACCESSOR(count)
DEEDLOG_SHARED_ACCESSOR(amount)
DEEDLOG_SHARED_ACCESSOR(amount2)
DEEDLOG_SHARED_ACCESSOR(mask)
DEEDLOG_SHARED_ACCESSOR(text)
#undef DEEDLOG_SHARED_ACCESSOR
}  // namespace shared

}  // namespace deedlog::fields
