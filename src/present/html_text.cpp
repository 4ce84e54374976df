#include "present/html_text.h"

#include "core/printable_text.h"

namespace deedlog {

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : printable_text(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace deedlog
