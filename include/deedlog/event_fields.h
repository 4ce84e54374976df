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
// What a field of a sentinel-carrying type (core/ids.h) stores: its raw value.
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

}  // namespace deedlog::fields
