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

// A stored field that may hold a sentinel in place of an index has a type of its own, so that
// a reader cannot take it for an index without asking which it is. The codec admits in such a
// field its one sentinel and the indices in range, and in a plain PlayerId or SquareId field
// only the indices in range (engine/event_codec.cpp): a stored -1, -2 or 255 is a sentinel
// only where the field's type says it may be one.

// A seat, or the Bank (a creditor, a payee, a deed's new owner, "anyone's throw").
struct PlayerOrBank {
  PlayerId raw = kBank;
  constexpr PlayerOrBank() = default;
  constexpr explicit PlayerOrBank(int p) : raw(static_cast<PlayerId>(p)) {}
  constexpr bool is_bank() const { return raw == kBank; }
  // The seat; only when !is_bank().
  constexpr PlayerId seat() const { return raw; }
  bool operator==(const PlayerOrBank&) const = default;
};

// A seat, or the referee (who made a line, called time, took moves back).
struct PlayerOrReferee {
  PlayerId raw = kReferee;
  constexpr PlayerOrReferee() = default;
  constexpr explicit PlayerOrReferee(int p) : raw(static_cast<PlayerId>(p)) {}
  constexpr bool is_referee() const { return raw == kReferee; }
  // The seat; only when !is_referee().
  constexpr PlayerId seat() const { return raw; }
  bool operator==(const PlayerOrReferee&) const = default;
};

// A square, or none (a payment not made on a square, a building auction's lot).
struct SquareOrNone {
  SquareId raw = kNoSquare;
  constexpr SquareOrNone() = default;
  constexpr explicit SquareOrNone(int sq) : raw(static_cast<SquareId>(sq)) {}
  constexpr bool is_none() const { return raw == kNoSquare; }
  // The square; only when !is_none().
  constexpr SquareId square() const { return raw; }
  bool operator==(const SquareOrNone&) const = default;
};

}  // namespace deedlog
