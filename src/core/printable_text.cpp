#include "core/printable_text.h"

#include <fmt/format.h>

#include <cstdint>

#include "core/code_point.h"

namespace deedlog {

bool acts_rather_than_shows(char32_t c) {
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) ||  // C0, DEL, C1
         c == 0x61C || c == 0x200E || c == 0x200F ||             // Arabic letter mark, LRM, RLM
         (c >= 0x2028 && c <= 0x202E) ||                         // line/paragraph separators; embeddings, overrides
         (c >= 0x2066 && c <= 0x2069);                           // isolates
}

std::string printable_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const char32_t c = next_code_point(text, &i);
    if (c == '\t') {
      out += ' ';  // a tab in a comment is a space apart, not a column to jump to
    } else if (acts_rather_than_shows(c)) {
      out += fmt::format("<U+{:04X}>", static_cast<std::uint32_t>(c));
    } else if (c == 0xFFFD && text.substr(start, i - start) != "\xEF\xBF\xBD") {
      out += "\xEF\xBF\xBD";  // a broken sequence: the replacement character, not its bytes
    } else {
      out.append(text.substr(start, i - start));
    }
  }
  return out;
}

}  // namespace deedlog
