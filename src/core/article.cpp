#include "core/article.h"

namespace deedlog {

std::string_view indefinite_article(std::string_view word) {
  if (word.empty()) return "a";
  switch (word.front()) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
    case 'A': case 'E': case 'I': case 'O': case 'U':
      return "an";
    default:
      return "a";
  }
}

std::string with_article(std::string_view word, bool capital) {
  std::string out(indefinite_article(word));
  if (capital) out[0] = 'A';
  out += ' ';
  out += word;
  return out;
}

}  // namespace deedlog
