#include "deedlog/player_ref.h"

namespace deedlog {

std::string render_players(const std::string& text, const std::vector<std::string>& names) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() && text[i + 1] == 'P') {
      std::size_t j = i + 2;
      int n = 0;
      bool digits = false;
      while (j < text.size() && text[j] >= '0' && text[j] <= '9' && n < 1000) {
        n = n * 10 + (text[j] - '0');
        ++j;
        digits = true;
      }
      if (digits && j < text.size() && text[j] == '}' && n < static_cast<int>(names.size())) {
        out += names[static_cast<std::size_t>(n)];
        i = j;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

}  // namespace deedlog
