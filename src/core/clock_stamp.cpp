#include "deedlog/clock_stamp.h"

#include <cctype>
#include <cstdio>

namespace deedlog {
namespace {

constexpr std::int64_t kDay = 86400;

// Reads exactly `n` digits at `*i`; false when they are not there.
bool digits(std::string_view s, std::size_t* i, int n, int* out) {
  int v = 0;
  for (int k = 0; k < n; ++k, ++*i) {
    if (*i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[*i]))) return false;
    v = v * 10 + (s[*i] - '0');
  }
  *out = v;
  return true;
}

bool take(std::string_view s, std::size_t* i, char c) {
  if (*i < s.size() && s[*i] == c) {
    ++*i;
    return true;
  }
  return false;
}

// HH:MM[:SS[.fff]] from *i: seconds since midnight, or -1.
std::int64_t time_of_day(std::string_view s, std::size_t* i) {
  int h = 0, m = 0, sec = 0;
  if (!digits(s, i, 2, &h) || !take(s, i, ':') || !digits(s, i, 2, &m)) return -1;
  if (take(s, i, ':')) {
    if (!digits(s, i, 2, &sec)) return -1;
    if (take(s, i, '.') || take(s, i, ',')) {
      const std::size_t start = *i;
      while (*i < s.size() && std::isdigit(static_cast<unsigned char>(s[*i]))) ++*i;
      if (*i == start) return -1;
    }
  }
  if (h > 23 || m > 59 || sec > 60) return -1;  // 60: a leap second
  return h * 3600 + m * 60 + sec;
}

// Days from 1970-01-01 to the given date of the proleptic Gregorian calendar.
std::int64_t days_since_epoch(int year, int month, int day) {
  // Count from March so that the leap day falls at the end of the counting year.
  const int y = month <= 2 ? year - 1 : year;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const int year_of_era = y - era * 400;
  const int month_from_march = (month + 9) % 12;
  const int day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
  const int day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return static_cast<std::int64_t>(era) * 146097 + day_of_era - 719468;
}

}  // namespace

std::int64_t clock_seconds(std::string_view s) {
  std::size_t i = 0;
  if (is_dated(s)) {
    int year = 0, month = 0, day = 0;
    if (!digits(s, &i, 4, &year) || !take(s, &i, '-') || !digits(s, &i, 2, &month) || !take(s, &i, '-') ||
        !digits(s, &i, 2, &day) || !(take(s, &i, 'T') || take(s, &i, 't')))
      return kNoTime;
    static constexpr int kDaysIn[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (month < 1 || month > 12 || day < 1 || day > kDaysIn[month - 1] || (month == 2 && day == 29 && !leap))
      return kNoTime;
    const std::int64_t tod = time_of_day(s, &i);
    if (tod < 0) return kNoTime;
    std::int64_t offset = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
      const int sign = s[i] == '-' ? -1 : 1;
      ++i;
      int oh = 0, om = 0;
      if (!digits(s, &i, 2, &oh)) return kNoTime;
      take(s, &i, ':');
      if (!digits(s, &i, 2, &om) || oh > 23 || om > 59) return kNoTime;
      offset = sign * (oh * 3600 + om * 60);
    } else {
      take(s, &i, 'Z') || take(s, &i, 'z');
    }
    if (i != s.size()) return kNoTime;
    return days_since_epoch(year, month, day) * kDay + tod - offset;
  }
  const std::int64_t tod = time_of_day(s, &i);
  return tod < 0 || i != s.size() ? kNoTime : tod;
}

std::optional<std::int64_t> seconds_between(std::int64_t from, std::int64_t to) {
  if (from == kNoTime || to == kNoTime) return std::nullopt;
  const bool both_dated = from >= kDay && to >= kDay;
  if (both_dated) return to - from;
  // Times of day: the shorter way round the clock, so 23:59:58 to 00:00:07 is 9 seconds and
  // 19:42:30 to 19:42:00 is 30 seconds before (a stamp written to the minute, or out of order).
  const std::int64_t a = ((from % kDay) + kDay) % kDay, b = ((to % kDay) + kDay) % kDay;
  std::int64_t d = ((b - a) % kDay + kDay) % kDay;
  if (d > kDay / 2) d -= kDay;
  return d;
}

bool is_dated(std::string_view s) { return s.size() > 4 && s[4] == '-'; }

std::string readable_stamp(std::string_view stamp) {
  if (!stamp.empty() && stamp.front() == '@') stamp.remove_prefix(1);
  if (clock_seconds(stamp) == kNoTime || !is_dated(stamp)) return std::string(stamp);
  // 2026-11-21T19:42:10Z, or ...+01:00: the date, a space, the time, then the zone apart. Put
  // together by appending parts: GCC 12 at -O3 warns, falsely, that insert() and `substr() +`
  // may copy over themselves (-Wrestrict).
  const std::size_t t = stamp.find_first_of("Tt");
  std::string_view time = stamp.substr(t + 1);
  std::string_view zone;
  if (time.back() == 'Z' || time.back() == 'z') {
    time.remove_suffix(1);
    zone = "UTC";
  } else if (const std::size_t z = time.find_first_of("+-"); z != std::string_view::npos) {
    zone = time.substr(z);
    time = time.substr(0, z);
  }
  std::string out(stamp.substr(0, t));
  out.append(" ").append(time);
  if (!zone.empty()) out.append(" ").append(zone);
  return out;
}

std::string readable_move_text(std::string_view move) {
  if (move.empty() || move.front() != '@') return std::string(move);
  const std::size_t space = move.find(' ');
  if (space == std::string_view::npos) return std::string(move);
  return readable_stamp(move.substr(0, space)) + " · " + std::string(move.substr(space + 1));
}

}  // namespace deedlog

namespace deedlog {

std::string clock_text(std::int64_t seconds) {
  if (seconds == kNoTime) return "";
  const std::int64_t tod = ((seconds % kDay) + kDay) % kDay;
  char time[16];
  std::snprintf(time, sizeof time, "%02d:%02d:%02d", static_cast<int>(tod / 3600), static_cast<int>(tod / 60 % 60),
                static_cast<int>(tod % 60));
  if (seconds < kDay) return time;
  // Days since 1970-01-01 back to a civil date (the inverse of days_since_epoch).
  const std::int64_t z = (seconds - tod) / kDay + 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const std::int64_t day = doy - (153 * mp + 2) / 5 + 1;
  const std::int64_t month = mp < 10 ? mp + 3 : mp - 9;
  const std::int64_t year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  char date[96];
  std::snprintf(date, sizeof date, "%04lld-%02lld-%02lld ", static_cast<long long>(year),
                static_cast<long long>(month), static_cast<long long>(day));
  return std::string(date) + time + " UTC";
}

std::optional<std::int64_t> duration_seconds(std::string_view text) {
  std::int64_t total = 0;
  std::size_t i = 0;
  bool any = false;
  while (i < text.size() && text[i] == ' ') ++i;
  while (i < text.size() && text[i] != ' ') {
    std::int64_t n = 0;
    const std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - start < 6) n = n * 10 + (text[i++] - '0');
    if (i == start || i >= text.size()) return std::nullopt;
    const char unit = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i++])));
    if (unit == 'h') total += n * 3600;
    else if (unit == 'm') total += n * 60;
    else if (unit == 's') total += n;
    else return std::nullopt;
    any = true;
  }
  if (!any || total <= 0) return std::nullopt;
  return total;
}

}  // namespace deedlog
