#pragma once
// The header of a game: its edition, seats and tags. Stored once per game in the journal.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace deedlog {

// The variants the engine plays (the Variant tag, `new --variant`, `simulate --variant`); any
// other is refused with this list. Both play the short game (rule book: RULES FOR A SHORT GAME).
// finish-round (championship play) changes how time called ends either: once the round is complete.
inline constexpr std::array<std::string_view, 3> kKnownVariants = {"short-game", "time-limit", "finish-round"};

// The known variant's own spelling for v (matched ignoring ASCII case), or "" when v is unknown.
inline std::string_view known_variant(std::string_view v) {
  for (std::string_view k : kKnownVariants) {
    if (k.size() != v.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < k.size() && same; ++i) {
      const char c = v[i] >= 'A' && v[i] <= 'Z' ? static_cast<char>(v[i] - 'A' + 'a') : v[i];
      same = c == k[i];
    }
    if (same) return k;
  }
  return {};
}

// "short-game, time-limit": the known variants, for messages.
inline std::string known_variants_list() {
  std::string out;
  for (std::string_view k : kKnownVariants) (out += out.empty() ? "" : ", ") += k;
  return out;
}

// The [SealedDice] values: the table's throws in order (the default), or each seat's.
inline constexpr std::string_view kSealedDiceByThrow = "by-throw";
inline constexpr std::string_view kSealedDiceBySeat = "by-seat";

struct GameHeader {
  std::string ruleset;                    // required: "uk-1972"
  std::vector<std::string> players;       // required: seating order, first named moves first
  std::vector<std::string> variants;      // "short-game", "time-limit"
  std::vector<std::string> house_rules;   // [HouseRules "no-auctions, ..."]: canonical names (deedlog/house_rules.h)
  std::optional<std::uint64_t> seed;      // the referee throws, shuffles and deals from this
  // A sealed game ([Sealed "HEX"]): the SHA-256 (hex) of the seed the referee keeps apart from
  // the game, committed before the first throw and revealed once play is over. "" otherwise.
  std::string sealed;
  // How a sealed game's dice come from its seed ([SealedDice], docs/notation.md): "" or
  // "by-throw", the table's throws in order (every sealed game before the tag); "by-seat", each
  // seat's own throws in order, so a seat's k-th throw is the same at every table of the seed.
  std::string sealed_dice;
  std::string started;                    // ISO-8601, "" when not given
  std::string time_limit;                 // "90m", "" when not given
  // A user's own edition (--ruleset-file): the data file's text, kept with the game so that its
  // journal can be read and verified anywhere. Empty for the built-in editions.
  std::string ruleset_data;
  // The [Setup] the game started from, as notation lines ("" for the edition's own start). Kept
  // in the header, which the chain's genesis hashes, so the opening events are decided from it
  // and cannot be rewritten on their own.
  std::string setup;
  // 2: the header states the setup (games made since the journal's anchors); 0: an older game,
  // whose opening can only be checked against itself.
  int format = 0;
  // Every tag as written, in file order (Title, Site, and any others), for printing back.
  std::vector<std::pair<std::string, std::string>> tags;

  // A sealed game whose dice are dealt by seat.
  bool sealed_by_seat() const { return !sealed.empty() && sealed_dice == kSealedDiceBySeat; }

  bool has_variant(const std::string& v) const {
    for (const auto& x : variants) if (x == v) return true;
    return false;
  }
};

}  // namespace deedlog
