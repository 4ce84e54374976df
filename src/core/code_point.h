#pragma once
// Reading UTF-8 one code point at a time (core's name matching and printable text).
#include <cstddef>
#include <string_view>

namespace deedlog {

// One code point of valid UTF-8 at s[*i], *i moved past it; 0xFFFD for a broken sequence.
inline char32_t next_code_point(std::string_view s, std::size_t* i) {
  const unsigned char c = static_cast<unsigned char>(s[*i]);
  int extra = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : -1;
  if (extra < 0 || *i + static_cast<std::size_t>(extra) >= s.size() + (extra == 0 ? 1 : 0)) {
    ++*i;
    return 0xFFFD;
  }
  char32_t cp = extra == 0 ? c : extra == 1 ? (c & 0x1F) : extra == 2 ? (c & 0x0F) : (c & 0x07);
  for (int k = 1; k <= extra; ++k) {
    const unsigned char cc = static_cast<unsigned char>(s[*i + static_cast<std::size_t>(k)]);
    if ((cc & 0xC0) != 0x80) {
      ++*i;
      return 0xFFFD;
    }
    cp = (cp << 6) | (cc & 0x3F);
  }
  *i += static_cast<std::size_t>(extra) + 1;
  return cp;
}

}  // namespace deedlog
