#pragma once
// A count with its noun, singular or plural as the count needs: "1 move", "2 moves", "0 turns".
// Users read these in every report; "1 moves" and "turn(s)" read as a program that did not care.
#include <cstdint>
#include <string>
#include <string_view>

namespace deedlog {

// The noun for n: singular for exactly 1 (and -1), plural otherwise (English counts 0 as plural).
std::string_view noun_for(std::int64_t n, std::string_view singular, std::string_view plural);

// "1 move", "3 moves"; the plural is the singular with "s" unless given ("1 house", "2 houses"
// need no plural; "1 utility", "2 utilities" do).
std::string count_of(std::int64_t n, std::string_view singular);
std::string count_of(std::int64_t n, std::string_view singular, std::string_view plural);

}  // namespace deedlog
