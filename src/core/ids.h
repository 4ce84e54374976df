#pragma once
// Small ids for players, squares and card packs: the state refers to things by index, never by pointer.
#include <cstdint>

namespace deedlog {

// A seat at the table, 0-based in the order of the Players tag.
using PlayerId = std::int8_t;
// Not a player: the Bank as payer or payee, or "nobody" as an owner.
inline constexpr PlayerId kBank = -1;
// The referee as the actor of a line ("Referee calls time").
inline constexpr PlayerId kReferee = -2;
inline constexpr int kMaxPlayers = 8;

// A square of the board, 0 = the start corner, counted in the direction of travel.
using SquareId = std::uint8_t;
inline constexpr SquareId kNoSquare = 0xFF;
// The largest board an edition may have (the state keeps one slot per square).
inline constexpr int kMaxSquares = 64;
// The largest card pack.
inline constexpr int kMaxCards = 64;

// The two card packs.
enum class DeckId : std::uint8_t { Chance = 0, CommunityChest = 1 };
inline constexpr int kDeckCount = 2;

using CardIndex = std::uint8_t;
inline constexpr CardIndex kNoCard = 0xFF;

}  // namespace deedlog
