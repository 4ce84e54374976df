#pragma once
// Edition files as overlays: "extends": "uk-1972" names the edition a file builds on, and the
// file states only what differs from it (docs/editions.md, "Overlays: extends").
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "deedlog/status.h"

namespace deedlog {

// The editions a file may extend, by id: the text of each one's data file.
using EditionTexts = std::map<std::string, std::string_view>;

// The most "extends" a file may go through to a whole edition (a club's file, military,
// uk-1972 takes two): enough for any sensible family, and a bound on the work a file can ask.
constexpr int kMaxExtendsDepth = 4;

// The edition with its "extends" resolved: the whole edition, extending nothing. An edition
// that extends nothing comes back unchanged. Mistakes (an unknown base, a cycle, a chain too
// deep, a patch that does not fit its base) are invalid_argument, worded as the loader words
// a mistake in a data file ("edition data, at board[3]: ...").
Status resolve_overlay(const nlohmann::json& edition, const EditionTexts& bases, nlohmann::json* whole);

// Merges an overlay onto its base, in place. Objects merge key by key; null deletes a key; an
// object given for a list patches entries by position ({"3": {...}}); anything else replaces
// what the base has.
Status merge_overlay(nlohmann::json* base, const nlohmann::json& overlay);

}  // namespace deedlog
