#pragma once
// A move's @TIME stamp as seconds, so that the computer edition's ten-second windows can be
// checked by the referee from the record alone (no clock is read: the stamps are the facts).
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace deedlog {

// kNoTime: the move carried no stamp (or one the referee cannot read), so it cannot be late.
inline constexpr std::int64_t kNoTime = std::numeric_limits<std::int64_t>::min();

// "19:42:10" (or "19:42"): seconds since midnight. "2026-11-21T19:42:10Z" (an offset such as
// +01:00 and fractions of a second are allowed): seconds since 1970-01-01 UTC. kNoTime for
// anything else (a 30th of February, 24:00, a stray character): the notation refuses those.
std::int64_t clock_seconds(std::string_view stamp);

// Seconds as clock_seconds gives them, written back: "19:42:10" for a time of day, else the UTC
// date and time "2026-11-21 19:42:10 UTC". "" for kNoTime.
std::string clock_text(std::int64_t seconds);

// A duration as the TimeLimit tag writes it ("90m", "2h", "1h30m"), in seconds; none when the
// text is not one.
std::optional<std::int64_t> duration_seconds(std::string_view text);

// A full date and time (the ISO-8601 form), as opposed to a time of day.
bool is_dated(std::string_view stamp);

// Seconds from `from` to `to` (negative when `to` is earlier); none when either is unknown. A
// time of day alone is compared by the time of day, the shorter way round the clock (a game that
// runs past midnight with clock-only stamps still reads right). A full time compared with a time
// of day alone counts by its UTC time of day.
std::optional<std::int64_t> seconds_between(std::int64_t from, std::int64_t to);

// A stamp as a reader reads it, without the notation's "@": "21:47:55" stays as it is; a full
// time gives its date and time apart, "2026-11-21 19:42:10 UTC" (or "... +01:00"). Text that is
// not a stamp comes back unchanged.
std::string readable_stamp(std::string_view stamp);

// A move as written ("@21:47:55 Ann buys") with its stamp made readable and put first:
// "21:47:55 · Ann buys". A move without a stamp comes back unchanged.
std::string readable_move_text(std::string_view move);

}  // namespace deedlog
