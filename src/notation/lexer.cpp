#include "notation/lexer.h"

#include <fmt/format.h>

#include <algorithm>

#include "deedlog/clock_stamp.h"

namespace deedlog::notation {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }
bool is_punct(char c) { return c == ',' || c == ':' || c == ';' || c == '(' || c == ')'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  // Compared in place: this runs for every name on the board, every line parsed.
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const char x = (a[i] >= 'A' && a[i] <= 'Z') ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    const char y = (b[i] >= 'A' && b[i] <= 'Z') ? static_cast<char>(b[i] - 'A' + 'a') : b[i];
    if (x != y) return false;
  }
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && (is_space(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t n;
    std::uint32_t cp;
    if ((c & 0xE0) == 0xC0) { n = 1; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { n = 2; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { n = 3; cp = c & 0x07; }
    else return false;
    if (i + n >= s.size()) return false;  // the sequence runs past the end
    for (std::size_t k = 1; k <= n; ++k) {
      unsigned char d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    // No overlong forms, no surrogates, nothing past U+10FFFF.
    if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000)) return false;
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return false;
    i += n + 1;
  }
  return true;
}

namespace {

// Where a line's comment begins: its first '#' outside a quoted name (a name in quotes may hold
// a '#', and a backslash in quotes escapes the next character), or npos; and whether the line
// ends inside a quote (never so when a '#' was found).
struct CommentScan {
  std::size_t hash = std::string_view::npos;
  bool open_quote = false;
};

CommentScan scan_for_comment(std::string_view raw) {
  CommentScan scan;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (scan.open_quote) {
      if (c == '\\' && i + 1 < raw.size()) ++i;
      else if (c == '"') scan.open_quote = false;
    } else if (c == '"') {
      scan.open_quote = true;
    } else if (c == '#') {
      scan.hash = i;
      break;
    }
  }
  return scan;
}

}  // namespace

std::string clean_line(std::string_view raw, std::string* out) {
  out->clear();
  if (raw.size() > kMaxLineBytes)
    return fmt::format("line too long ({} bytes; at most {})", raw.size(), kMaxLineBytes);
  while (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  if (!valid_utf8(raw)) return "not UTF-8 text";
  for (char ch : raw) {
    unsigned char c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && c != '\t') || c == 0x7F)
      return fmt::format("control character 0x{:02X} in the line", static_cast<unsigned>(c));
  }
  const CommentScan scan = scan_for_comment(raw);
  if (scan.open_quote) return "unterminated quote (a \" without its closing \")";
  *out = std::string(trim(raw.substr(0, std::min(scan.hash, raw.size()))));
  return "";
}

std::string line_comment(std::string_view raw) {
  while (!raw.empty() && (raw.back() == '\r' || raw.back() == '\n')) raw.remove_suffix(1);
  const CommentScan scan = scan_for_comment(raw);
  return scan.hash == std::string_view::npos ? "" : std::string(trim(raw.substr(scan.hash + 1)));
}

bool read_quoted(std::string_view text, std::size_t* i, std::string* out) {
  while (*i < text.size()) {
    const char c = text[*i];
    if (c == '\\' && *i + 1 < text.size() && (text[*i + 1] == '"' || text[*i + 1] == '\\')) {
      out->push_back(text[*i + 1]);
      *i += 2;
    } else if (c == '"') {
      ++*i;
      return true;
    } else {
      out->push_back(c);
      ++*i;
    }
  }
  return false;
}

std::string tokenize(std::string_view line, std::vector<Token>* out) {
  out->clear();
  std::size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    Token t;
    t.begin = i;
    if (c == '"') {
      t.quoted = true;
      ++i;
      if (!read_quoted(line, &i, &t.text)) return "unterminated quote (a \" without its closing \")";
    } else if (is_punct(c)) {
      t.punct = c;
      t.text = std::string(1, c);
      ++i;
    } else {
      while (i < line.size() && !is_space(line[i]) && line[i] != '"' && !is_punct(line[i])) t.text.push_back(line[i++]);
    }
    t.end = i;
    out->push_back(std::move(t));
  }
  return "";
}

std::string span_text(std::string_view line, const std::vector<Token>& tokens, std::size_t first,
                      std::size_t last) {
  if (first >= last) return "";
  if (last - first == 1 && tokens[first].quoted) return tokens[first].text;
  return std::string(line.substr(tokens[first].begin, tokens[last - 1].end - tokens[first].begin));
}

bool mixed_quotes(const std::vector<Token>& tokens, std::size_t first, std::size_t last) {
  if (last - first < 2) return false;
  for (std::size_t k = first; k < last; ++k)
    if (tokens[k].quoted) return true;
  return false;
}

std::string parse_amount(std::string_view text, const std::string& currency, std::int64_t* out) {
  std::string_view t = trim(text);
  for (std::string_view sign : {std::string_view("£"), std::string_view("$"), std::string_view(currency)}) {
    if (!sign.empty() && t.substr(0, sign.size()) == sign) {
      t = trim(t.substr(sign.size()));
      break;
    }
  }
  if (t.empty()) return fmt::format("expected an amount, got '{}'", text);
  // Thousands separators as people write them: "1,000", "12,500". Each comma must be followed
  // by exactly three digits and the first group has one to three ("1,00" and ",100" are not amounts).
  std::string digits;
  if (t.find(',') != std::string_view::npos) {
    std::size_t group = 0;
    bool first_group = true;
    for (char c : t) {
      if (c == ',') {
        if (group == 0 || (first_group && group > 3) || (!first_group && group != 3))
          return fmt::format("expected an amount (a whole number, commas between thousands), got '{}'", text);
        first_group = false;
        group = 0;
        continue;
      }
      digits.push_back(c);
      ++group;
    }
    if (group != 3) return fmt::format("expected an amount (a whole number, commas between thousands), got '{}'", text);
    t = digits;
  }
  std::int64_t v = 0;
  for (char c : t) {
    if (!is_digit(c)) return fmt::format("expected an amount (a whole number), got '{}'", text);
    v = v * 10 + (c - '0');
    if (v > kMaxAmount) return fmt::format("amount '{}' is too large (at most {})", text, kMaxAmount);
  }
  *out = v;
  return "";
}

std::optional<int> parse_small(std::string_view text, int max_value) {
  if (text.empty()) return std::nullopt;
  int v = 0;
  for (char c : text) {
    if (!is_digit(c)) return std::nullopt;
    v = v * 10 + (c - '0');
    if (v > max_value) return std::nullopt;
  }
  return v;
}

std::string quote(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

std::string quote_if_needed(const std::string& name) {
  bool plain = !name.empty() && !is_digit(name.front()) && name.front() != '$' &&
               name.rfind("£", 0) != 0;
  for (char c : name)
    if (is_space(c) || is_punct(c) || c == '"' || c == '\'' || c == '#' || c == '@' || c == '[' ||
        c == ']' || c == '\\')
      plain = false;
  return plain ? name : quote(name);
}

// The stamps are read by core/clock_stamp, the one reader the engine's clock also uses.
std::string check_iso_date_time(std::string_view s) {
  if (is_dated(s) && clock_seconds(s) != kNoTime) return "";
  return fmt::format("bad time '{}': expected ISO-8601 like 2026-11-21T19:42:10Z", s);
}

std::string check_clock_or_iso_time(std::string_view s) {
  if (is_dated(s)) return check_iso_date_time(s);
  if (clock_seconds(s) != kNoTime) return "";
  return fmt::format("bad time '@{}': expected @HH:MM:SS or an ISO-8601 time like @2026-11-21T19:42:10Z", s);
}

}  // namespace deedlog::notation
