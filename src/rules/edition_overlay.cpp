#include "rules/edition_overlay.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

namespace deedlog {
namespace {

using nlohmann::json;

// A mistake in an overlay, with where it is ("board[12].rent"), as the loader reports its own.
struct OverlayError {
  std::string where;
  std::string what;
};

// Deeper than any edition nests (board[3].rent[0] is three levels); a bound so that a hostile
// file cannot exhaust the stack through the merge's recursion.
constexpr int kMaxOverlayNesting = 32;

// These name the edition itself: a file that extends uk-1972 is not uk-1972, and a title left
// out should not go on saying it is.
const char* const kNotInherited[] = {"id", "title"};

std::string key_path(const std::string& where, const std::string& key) {
  return where.empty() ? key : where + "." + key;
}

std::string position_path(const std::string& where, std::size_t i) { return fmt::format("{}[{}]", where, i); }

void merge_into(json& base, const json& overlay, const std::string& where, int depth);

// "12": a position in a list, a whole number written plainly (no sign, no leading zero), in range.
std::size_t position_in(const json& list, const std::string& key, const std::string& where) {
  const bool plain = !key.empty() && key.size() <= 4 && (key == "0" || key[0] != '0') &&
                     std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
  const std::size_t i = plain ? std::stoul(key) : list.size();
  if (i >= list.size())
    throw OverlayError{where, fmt::format("'{}' is not a position in this list (0 to {}); a list is patched by "
                                          "position, and to add or remove entries the whole list is given",
                                          key.substr(0, 60), static_cast<int>(list.size()) - 1)};
  return i;
}

// {"3": {...}}: each entry named merges into the base's entry at that position.
void patch_list(json& list, const json& patch, const std::string& where, int depth) {
  for (const auto& [key, value] : patch.items()) {
    const std::size_t i = position_in(list, key, where);
    if (value.is_null())
      throw OverlayError{position_path(where, i),
                         "an entry of a list cannot be deleted (the entries after it would move): give the whole list"};
    merge_into(list[i], value, position_path(where, i), depth + 1);
  }
}

void patch_object(json& object, const json& patch, const std::string& where, int depth) {
  for (const auto& [key, value] : patch.items()) {
    if (value.is_null()) {
      object.erase(key);
      continue;
    }
    merge_into(object[key], value, key_path(where, key), depth + 1);
  }
}

void merge_into(json& base, const json& overlay, const std::string& where, int depth) {
  if (depth > kMaxOverlayNesting)
    throw OverlayError{where, fmt::format("nested more than {} levels deep", kMaxOverlayNesting)};
  if (!overlay.is_object()) {
    base = overlay;
  } else if (base.is_array()) {
    patch_list(base, overlay, where, depth);
  } else {
    if (!base.is_object()) base = json::object();
    patch_object(base, overlay, where, depth);
  }
}

std::string joined(const std::vector<std::string>& names, const char* between) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : between) + n;
  return out;
}

// The whole edition under an overlay: its base's, resolved in turn. `chain` holds the ids of
// the editions from the user's file down to this one, to refuse a cycle and bound the depth.
json resolve(const json& edition, const EditionTexts& bases, std::vector<std::string>& chain) {
  if (!edition.is_object() || !edition.contains("extends")) return edition;
  const json& extends = edition.at("extends");
  if (!extends.is_string())
    throw OverlayError{"extends", "must be the id of a built-in edition, such as \"uk-1972\""};
  const json* id = edition.contains("id") ? &edition.at("id") : nullptr;
  if (!id || !id->is_string())
    throw OverlayError{"id", "an edition that extends another needs an id of its own"};
  chain.push_back(id->get<std::string>());
  const std::string base_id = extends.get<std::string>();
  if (std::find(chain.begin(), chain.end(), base_id) != chain.end())
    throw OverlayError{"extends", fmt::format("an edition cannot extend itself: {} -> {}", joined(chain, " -> "),
                                              base_id.substr(0, 60))};
  if (static_cast<int>(chain.size()) > kMaxExtendsDepth)
    throw OverlayError{"extends", fmt::format("{} -> {} goes through more than {} editions", joined(chain, " -> "),
                                              base_id.substr(0, 60), kMaxExtendsDepth)};
  const auto base_text = bases.find(base_id);
  if (base_text == bases.end()) {
    std::vector<std::string> known;
    for (const auto& [known_id, text] : bases) known.push_back(known_id);
    throw OverlayError{"extends", fmt::format("no built-in edition '{}' (editions: {})", base_id.substr(0, 60),
                                              joined(known, ", "))};
  }
  json whole = resolve(json::parse(base_text->second), bases, chain);
  for (const char* key : kNotInherited) whole.erase(key);
  json overlay = edition;
  overlay.erase("extends");
  merge_into(whole, overlay, "", 0);
  return whole;
}

Status as_status(const OverlayError& e) {
  return Status::invalid_argument(fmt::format("edition data, at {}: {}", e.where.empty() ? "edition" : e.where, e.what));
}

}  // namespace

Status merge_overlay(json* base, const json& overlay) {
  try {
    merge_into(*base, overlay, "", 0);
  } catch (const OverlayError& e) {
    return as_status(e);
  }
  return Status::ok();
}

Status resolve_overlay(const json& edition, const EditionTexts& bases, json* whole) {
  std::vector<std::string> chain;
  try {
    *whole = resolve(edition, bases, chain);
  } catch (const OverlayError& e) {
    return as_status(e);
  } catch (const json::exception& e) {
    return Status::invalid_argument(fmt::format("edition data, at extends: a base edition is not readable: {}", e.what()));
  }
  return Status::ok();
}

}  // namespace deedlog
