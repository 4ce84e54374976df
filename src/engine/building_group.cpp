#include "deedlog/building_group.h"

#include <tuple>

namespace deedlog {

bool owners_form_groups(const Ruleset& r) { return r.building_groups == BuildingGroups::Conglomerates; }

std::uint64_t conglomerate_of(const State& s, SquareId square) {
  const std::uint64_t bit = std::uint64_t{1} << square;
  for (std::uint64_t mask : s.conglomerates)
    if (mask & bit) return mask;
  return 0;
}

SquareId conglomerate_top(const Ruleset& r, std::uint64_t mask) {
  SquareId top = kNoSquare;
  auto rank = [&](SquareId sq) {
    const Square& d = r.square(sq);
    const bool street = d.kind == SquareKind::Street;
    return std::make_tuple(street, d.rent[0].units, d.rent[5].units, d.price.units);
  };
  for (int i = 0; i < kMaxSquares; ++i) {
    if (!(mask & (std::uint64_t{1} << i))) continue;
    const SquareId sq = static_cast<SquareId>(i);
    if (top == kNoSquare || rank(sq) > rank(top)) top = sq;
  }
  return top;
}

SquareSet building_group(const Ruleset& r, const State& s, SquareId square) {
  SquareSet members;
  if (r.building_groups == BuildingGroups::ColourGroups) {
    const int group = r.square(square).group;
    if (group < 0) return members;
    for (SquareId m : r.groups[static_cast<std::size_t>(group)].members) members.push_back(m);
    return members;
  }
  const std::uint64_t mask = conglomerate_of(s, square);
  for (int i = 0; i < kMaxSquares; ++i)
    if (mask & (std::uint64_t{1} << i)) members.push_back(static_cast<SquareId>(i));
  return members;
}

const Square& terms_of(const Ruleset& r, const State& s, SquareId square) {
  const std::uint64_t mask = r.building_groups == BuildingGroups::Conglomerates ? conglomerate_of(s, square) : 0;
  return r.square(mask ? conglomerate_top(r, mask) : square);
}

int colour_of(const Ruleset& r, SquareId square) {
  const Square& sq = r.square(square);
  return sq.kind == SquareKind::Street ? sq.group : kWhite;
}

}  // namespace deedlog
