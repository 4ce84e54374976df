#pragma once
// What of a listed legal move may vary, in words for a person ("any amount from 61 to 1500")
// and as a form for a program ({"verb": "bids", "min": 61, "max": 1500}).
#include <nlohmann/json.hpp>
#include <string>

#include "deedlog/legal_moves.h"

namespace deedlog {

// "" for a move that is exactly as listed.
std::string range_words(const MoveRange& range);

// The form a program fills in: the notation's verb, and min and max (and choices for the
// dice); null for a move that is exactly as listed.
nlohmann::ordered_json range_form(const LegalMove& move);

}  // namespace deedlog
