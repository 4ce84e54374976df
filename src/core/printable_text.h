#pragma once
// Stored free text (a table's comment, a referee's note or reason, an appeal's claim) as it may
// be shown: on a terminal, in a log, on a page or a board. Names are refused with such
// characters where they are made (name_characters_problem); comments and notes are kept as
// written, and shown through this, so no journal can move a cursor, colour a screen or turn a
// line of a page around.
#include <string>
#include <string_view>

namespace deedlog {

// text with each character that acts rather than shows written as "<U+XXXX>": the C0 controls
// (line breaks and ESC included; a tab becomes a space), DEL, the C1 controls, the text-direction controls (U+061C,
// U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) and the line and paragraph separators
// (U+2028, U+2029). A byte that is not UTF-8 is shown as U+FFFD. Everything else is unchanged.
std::string printable_text(std::string_view text);

// Whether code point c is one printable_text writes out (a tab is one).
bool acts_rather_than_shows(char32_t c);

}  // namespace deedlog
