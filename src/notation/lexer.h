#pragma once
// Internal to the notation library: reading one line of a .game file into clean text and
// tokens. A token remembers where it stood in the line, so a name written without quotes can
// be taken back as the exact stretch of text it came from ("The Angel, Islington").
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "deedlog/money.h"

namespace deedlog::notation {

// Longest line accepted, in bytes. No statement of the notation comes near it; a longer line
// is a file that is not a game file.
inline constexpr std::size_t kMaxLineBytes = 10000;
// Largest amount a line may name (a bid, a trade, a setup's cash). Well beyond any game, small
// enough that the engine's sums in 64 bits cannot overflow.
inline constexpr std::int64_t kMaxAmount = 1'000'000'000;
// Characters a player's name may not contain: they have a meaning in the notation.
inline constexpr std::string_view kNameForbidden = "\"#:@[]";

struct Token {
  std::string text;     // quoted: the text between the quotes, escapes undone
  bool quoted = false;
  char punct = 0;       // one of , : ; ( ) when the token is that mark alone
  std::size_t begin = 0, end = 0;  // where it stands in the line, end one past
};

// Checks a raw line (UTF-8, no control characters, not too long), removes a `#` comment that
// is outside double quotes and trailing whitespace. Returns an error message, or "".
std::string clean_line(std::string_view raw, std::string* out);

// The `#` comment of a raw line (outside double quotes), without the '#' and trimmed; "" if none.
std::string line_comment(std::string_view raw);

// Splits a cleaned line into words, quoted strings and the marks , : ; ( ).
// Returns an error message (an unterminated quote), or "".
std::string tokenize(std::string_view line, std::vector<Token>* out);

// A quoted text whose opening '"' stands just before text[*i] (a token, a tag's value): its
// characters, \" and \\ each read as the one character escaped, appended to *out, and *i left
// after the closing '"'. False when the text ends before the quote is closed.
bool read_quoted(std::string_view text, std::size_t* i, std::string* out);

// The text a run of tokens [first, last) was written as: a single quoted token gives its
// contents, several tokens give the stretch of the line they cover.
std::string span_text(std::string_view line, const std::vector<Token>& tokens, std::size_t first,
                      std::size_t last);
// True when a run of tokens mixes quoted and unquoted parts ("Park Lane" x), which is not a name.
bool mixed_quotes(const std::vector<Token>& tokens, std::size_t first, std::size_t last);

std::string lower_ascii(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
std::string_view trim(std::string_view s);

// A whole number of at most kMaxAmount, optionally led by a currency sign (£, $ or the
// edition's). Returns an error message, or "".
std::string parse_amount(std::string_view text, const std::string& currency, std::int64_t* out);
// A small whole number (dice, counts); nullopt when not digits or larger than max_value.
std::optional<int> parse_small(std::string_view text, int max_value);

// A name written back: bare when it is one plain word, else in double quotes, with the quote
// and the backslash escaped by a backslash.
std::string quote_if_needed(const std::string& name);
std::string quote(const std::string& text);

// Time stamps: "19:42:10", "19:42" or ISO-8601 "2026-11-21T19:42:10Z" (offset and fraction
// allowed). Returns an error message, or "".
std::string check_clock_or_iso_time(std::string_view text);
std::string check_iso_date_time(std::string_view text);

// Validates UTF-8 encoding.
bool valid_utf8(std::string_view s);

}  // namespace deedlog::notation
