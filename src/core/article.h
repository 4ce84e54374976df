#pragma once
// The indefinite article before a word the program does not know in advance: an edition's
// word for a house or a hotel ("an Ammo Store", "a Barracks"), a pack's name.
#include <string>
#include <string_view>

namespace deedlog {

// "an" before a word that starts with a vowel letter (a e i o u, any case), else "a". The first
// letter is enough for the words the editions have; a word whose sound is not its spelling
// ("an hour", "a unit") would be read wrongly.
std::string_view indefinite_article(std::string_view word);

// The word led by its article: "an Ammo Store". With capital, to start a sentence: "An Ammo Store".
std::string with_article(std::string_view word, bool capital = false);

}  // namespace deedlog
