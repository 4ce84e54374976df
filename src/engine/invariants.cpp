#include "deedlog/policies.h"
#include "deedlog/invariants.h"

#include <fmt/format.h>

#include "deedlog/building_group.h"

namespace deedlog {

std::string check_invariants(const Ruleset& r, const State& s, bool move_complete) {
  // Money is conserved: whatever the players hold the Bank has paid out net.
  Money cash;
  for (PlayerId p = 0; p < s.player_count; ++p) cash += s.player(p).cash;
  if (cash + s.bank_takings != Money{0})
    return fmt::format("money not conserved: players hold {}, the Bank's takings are {}", cash.units,
                       s.bank_takings.units);
  int houses = 0, hotels = 0;
  for (int i = 0; i < r.board_size(); ++i) {
    const Holding& h = s.holdings[static_cast<std::size_t>(i)];
    const Square& sq = r.square(static_cast<SquareId>(i));
    if (h.owner != kBank && (!sq.is_property() || h.owner < 0 || h.owner >= s.player_count))
      return fmt::format("{} has an impossible owner", sq.name);
    if (h.owner != kBank && s.player(h.owner).bankrupt) return fmt::format("bankrupt player owns {}", sq.name);
    if (h.buildings > kHotel) return fmt::format("{} carries {} buildings", sq.name, h.buildings);
    const bool may_carry = owners_form_groups(r)
                               ? conglomerate_of(s, static_cast<SquareId>(i)) != 0
                               : sq.kind == SquareKind::Street;
    if (h.buildings > 0 && (!may_carry || h.mortgaged || h.owner == kBank))
      return fmt::format("buildings on {} where none may stand", sq.name);
    if (h.buildings == kHotel) ++hotels;
    else houses += h.buildings;
  }
  if (houses + s.bank_houses != r.house_stock)
    return fmt::format("houses: {} on the board and {} in the Bank, not {}", houses, s.bank_houses, r.house_stock);
  if (hotels + s.bank_hotels != r.hotel_stock)
    return fmt::format("hotels: {} on the board and {} in the Bank, not {}", hotels, s.bank_hotels, r.hotel_stock);
  // Even building and no buildings beside a mortgage, in each group that builds together: the
  // colour groups, or the Conglomerates (engine/building_group.h).
  auto check_group = [&](const auto& members, const std::string& name) -> std::string {
    int lo = kHotel, hi = 0;
    bool mortgaged = false;
    for (SquareId m : members) {
      const int level = building_level(r, s, m);
      lo = std::min<int>(lo, level);
      hi = std::max<int>(hi, level);
      mortgaged = mortgaged || s.holdings[m].mortgaged;
    }
    // Where buildings are mortgaged with their site (computer), a mortgaged site goes bare while
    // the rest of its set keeps its buildings, and comes back bare: a set need not be even.
    if (move_complete && hi - lo > 1 && !r.mortgage.covers_buildings && policy::even_building(r))
      return fmt::format("the {} group is built unevenly", name);
    if (hi > 0 && mortgaged && !r.mortgage.covers_buildings)
      return fmt::format("the {} group has buildings beside a mortgage", name);
    return {};
  };
  if (!owners_form_groups(r)) {
    for (const Group& g : r.groups)
      if (std::string problem = check_group(g.members, g.name); !problem.empty()) return problem;
  } else {
    for (std::uint64_t mask : s.conglomerates) {
      if (mask == 0) continue;
      const SquareId top = conglomerate_top(r, mask);
      for (SquareId m : building_group(r, s, top))
        if (s.holdings[m].owner != s.holdings[top].owner || s.holdings[m].owner == kBank)
          return fmt::format("the {} Conglomerate has more than one owner", r.square(top).name);
      if (std::string problem = check_group(building_group(r, s, top), r.square(top).name + " Conglomerate");
          !problem.empty())
        return problem;
    }
  }
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const PlayerState& ps = s.player(p);
    if (ps.square >= r.board_size()) return fmt::format("player {} is off the board", p);
    if (ps.cash.units < 0) return fmt::format("player {} has less than nothing", p);
    if (ps.bankrupt && (ps.cash.units != 0 || ps.jail_card_count() != 0))
      return fmt::format("bankrupt player {} still holds cash or cards", p);
    if (ps.in_jail && ps.square != r.jail_square) return fmt::format("player {} is in jail off the Jail square", p);
  }
  return {};
}

}  // namespace deedlog
