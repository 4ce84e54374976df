#pragma once
// The header of a game: its edition, seats and tags. Stored once per game in the journal.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace deedlog {

struct GameHeader {
  std::string ruleset;                    // required: "uk-1972"
  std::vector<std::string> players;       // required: seating order, first named moves first
  std::vector<std::string> variants;      // "short-game", "time-limit"
  std::optional<std::uint64_t> seed;      // the referee throws, shuffles and deals from this
  std::string started;                    // ISO-8601, "" when not given
  std::string time_limit;                 // "90m", "" when not given
  // A user's own edition (--ruleset-file): the data file's text, kept with the game so that its
  // journal can be read and verified anywhere. Empty for the built-in editions.
  std::string ruleset_data;
  // Every tag as written, in file order (Title, Site, and any others), for printing back.
  std::vector<std::pair<std::string, std::string>> tags;

  bool has_variant(const std::string& v) const {
    for (const auto& x : variants) if (x == v) return true;
    return false;
  }
};

}  // namespace deedlog
