#pragma once
// Which properties build, sell back and earn a group's rent together, and whose deed sets their
// rents and building prices. Editions build on colour groups; regional-currency builds on the
// Conglomerates its owners form (CONGLOMERATES). Every building, rent, mortgage and trade rule
// asks here, so the difference lives in one place.
#include <array>
#include <cstdint>
#include <vector>

#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// Policy: the owners form the groups they build on (regional-currency's Conglomerates), rather
// than building on the printed colour groups. This file is the only place the building_groups
// setting is read.
bool owners_form_groups(const Ruleset& r);

// The Conglomerate holding the square (mask of its squares), or 0.
std::uint64_t conglomerate_of(const State& s, SquareId square);

// The property on top of a Conglomerate's stack: the highest printed unimproved rent (ties:
// the highest hotel rent, then the highest price). A street always wins over a railroad or a
// utility, and a Conglomerate holds at least two streets.
SquareId conglomerate_top(const Ruleset& r, std::uint64_t mask);

// A few squares, held by value: the rules ask for a group many times a move (the bots more), so
// no allocation. Iterates like a container.
struct SquareSet {
  std::array<SquareId, kMaxSquares> squares{};
  std::uint8_t count = 0;

  void push_back(SquareId s) { squares[count++] = s; }
  const SquareId* begin() const { return squares.data(); }
  const SquareId* end() const { return squares.data() + count; }
  bool empty() const { return count == 0; }
  std::size_t size() const { return count; }
  SquareId front() const { return squares[0]; }
  SquareId operator[](std::size_t i) const { return squares[i]; }
};

// The properties that build evenly with this one: its colour group, or its Conglomerate (empty
// when it is in none: nothing may be built on it).
SquareSet building_group(const Ruleset& r, const State& s, SquareId square);

// Buildings on a site counted as houses for even building: a hotel counts one more than the
// most houses a site may hold (five in most editions, four in the US short game).
inline int building_level(const Ruleset& r, const State& s, SquareId site) {
  return s.holdings[site].buildings == kHotel ? r.houses_per_hotel + 1 : s.holdings[site].buildings;
}

// The deed whose rents and house and hotel prices apply to the square: its own, or the deed on
// top of its Conglomerate.
const Square& terms_of(const Ruleset& r, const State& s, SquareId square);

// "White" for Conglomerates: railroads and utilities count as one colour (kWhite).
inline constexpr int kWhite = -2;
int colour_of(const Ruleset& r, SquareId square);

}  // namespace deedlog
