#pragma once
// Matching what a person typed against a list of names: case-insensitive, a unique prefix
// or a known short name is enough, and a miss suggests the nearest names.
#include <string>
#include <string_view>
#include <vector>

namespace deedlog {

struct NameCandidate {
  std::string name;                  // the full name, as shown back to the user
  std::vector<std::string> aliases;  // other accepted names
  int id = 0;                        // what the caller wants back
};

struct NameMatch {
  bool found = false;
  bool ambiguous = false;                // when !found: several names fit; suggestions lists them
  int id = -1;
  std::string name;                      // the full name matched
  std::string error;                     // when !found: "unknown square 'Mayfiar': did you mean Mayfair?"
  std::vector<std::string> suggestions;  // nearest names, best first
};

// what: the kind of thing, for the message ("square", "player", "card").
// Order of tries: exact name or alias; unique prefix of a name or alias; unique match where
// the query is the prefix of a word inside a name ("Kent"), or its words prefixes of the name's
// words in order ("Liv St"); a prefix with the spaces left out ("Parklane"). The first try with
// any hit decides: one hit is the match, several are ambiguous. Case, apostrophes and other
// punctuation do not count ("kings cross" is "King's Cross"). Quotes around query are ignored.
NameMatch match_name(const std::string& query, const std::vector<NameCandidate>& candidates,
                     const std::string& what);

// Levenshtein distance, case-insensitive.
int edit_distance(const std::string& a, const std::string& b);

// Player names a person can read and type (docs/notation.md, "Player names"). Why this name
// (valid UTF-8) cannot be used, or "": it holds a control character (tab included), an invisible
// character (zero-width space, joiner, word joiner, byte order mark, soft hyphen), a bidi
// control (U+200E, U+200F, U+202A..U+202E, U+2066..U+2069, U+061C), a space other than the
// plain one (no-break and the typographic spaces), or a combining mark U+0300..U+036F: the
// letter is to be typed precomposed ("é", not "e" and U+0301), so equal-looking names are
// equal bytes without a table of Unicode normalisation.
std::string name_characters_problem(std::string_view name);

// Two names a person could take for one another: equal ignoring case (ASCII, Latin-1,
// Latin Extended-A, Greek and Cyrillic letters) and, as the matcher reads names, ignoring
// apostrophes and punctuation ("Ann" and "ANN", "Zoë" and "ZOË", "O'Neil" and "ONeil").
bool names_look_alike(std::string_view a, std::string_view b);

}  // namespace deedlog
