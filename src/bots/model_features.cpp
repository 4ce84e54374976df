#include "bots/model_features.h"

#include <algorithm>
#include <vector>

#include "deedlog/building_group.h"
#include "deedlog/rent.h"

namespace deedlog {

const std::array<std::string_view, kFeatureCount>& feature_names() {
  static constexpr std::array<std::string_view, kFeatureCount> names = {
      "cash",        "deeds",       "mortgaged", "buildings", "rent_income", "rent_exposure",
      "build_room",  "groups",      "jailed",    "jail_cards", "shortfall",     "funded_room",
      "near_groups", "cash_early",  "deeds_early",
      "late_cash",        "late_deeds",       "late_mortgaged", "late_buildings", "late_rent_income", "late_rent_exposure",
      "late_build_room",  "late_groups",      "late_jailed",    "late_jail_cards", "late_shortfall",     "late_funded_room",
      "late_near_groups"};
  return names;
}

namespace {

// The long-run landing chances: the chain of where a throw ends (dice 2 to 12, then the square's
// own move: Go to Jail, or a card of its pack, each card as likely), iterated from a uniform start.
// Enough iterations that the figures stop changing in the digits a weight can feel.
constexpr int kLandingIterations = 256;
// The rent features count the rent of this many throws (of each opponent, or of p).
constexpr double kRentThrows = 10;

// Where a card turned up at `from` sends the token (from itself when it does not move it).
SquareId card_destination(const Ruleset& r, const Card& c, SquareId from) {
  const int n = r.board_size();
  switch (c.action) {
    case CardAction::AdvanceTo:
    case CardAction::MoveBackTo:
      return c.target == kNoSquare ? from : c.target;
    case CardAction::MoveRelative:
      return static_cast<SquareId>(((from + c.spaces) % n + n) % n);
    case CardAction::GoToJail:
      return r.jail_square;
    case CardAction::AdvanceToNearest:
      for (int k = 1; k <= n; ++k) {
        const auto q = static_cast<SquareId>((from + k) % n);
        if (r.square(q).kind == c.nearest_kind) return q;
      }
      return from;
    default:
      return from;
  }
}

// The printed groups of which p holds all but one deed, that one still the Bank's: a group a
// landing may complete.
int near_groups(const Ruleset& r, const State& s, PlayerId p) {
  int n = 0;
  for (const Group& g : r.groups) {
    int mine = 0, bank = 0;
    for (SquareId m : g.members) {
      const PlayerId o = s.holdings[m].owner;
      mine += o == p;
      bank += o == kBank;
    }
    n += g.members.size() >= 2 && bank == 1 && mine + 1 == static_cast<int>(g.members.size());
  }
  return n;
}

}  // namespace

FeatureReader::FeatureReader(const Ruleset& r) {
  const int n = std::min(r.board_size(), kMaxSquares);
  if (n == 0) return;
  // Where a token that reaches square q ends its throw, with what chance.
  std::vector<std::vector<std::pair<SquareId, double>>> settles(static_cast<std::size_t>(n));
  for (int q = 0; q < n; ++q) {
    auto& out = settles[static_cast<std::size_t>(q)];
    const Square& sq = r.square(static_cast<SquareId>(q));
    if (sq.kind == SquareKind::GoToJail && r.jail_square != kNoSquare) {
      out.emplace_back(r.jail_square, 1.0);
    } else if (sq.kind == SquareKind::Chance || sq.kind == SquareKind::CommunityChest) {
      const Deck& deck = r.decks[sq.kind == SquareKind::Chance ? 0 : 1];
      if (deck.cards.empty()) {
        out.emplace_back(static_cast<SquareId>(q), 1.0);
      } else {
        const double each = 1.0 / static_cast<double>(deck.cards.size());
        for (const Card& c : deck.cards) {
          const SquareId to = card_destination(r, c, static_cast<SquareId>(q));
          out.emplace_back(to < n ? to : static_cast<SquareId>(q), each);
        }
      }
    } else {
      out.emplace_back(static_cast<SquareId>(q), 1.0);
    }
  }
  std::vector<double> p(static_cast<std::size_t>(n), 1.0 / n), next(static_cast<std::size_t>(n));
  for (int it = 0; it < kLandingIterations; ++it) {
    std::fill(next.begin(), next.end(), 0.0);
    for (int from = 0; from < n; ++from) {
      const double pf = p[static_cast<std::size_t>(from)];
      for (int d1 = 1; d1 <= 6; ++d1)
        for (int d2 = 1; d2 <= 6; ++d2) {
          const int reached = (from + d1 + d2) % n;
          for (const auto& [to, chance] : settles[static_cast<std::size_t>(reached)])
            next[static_cast<std::size_t>(to)] += pf * chance / 36.0;
        }
    }
    p.swap(next);
  }
  for (int q = 0; q < n; ++q) landing_[static_cast<std::size_t>(q)] = p[static_cast<std::size_t>(q)];
}

Features FeatureReader::read(const Ruleset& r, const State& s, PlayerId p) const {
  const PlayerState& me = s.player(p);
  const double scale = r.starting_cash.units > 0 ? 1.0 / static_cast<double>(r.starting_cash.units) : 1.0 / 1500;
  int opponents = 0;
  for (PlayerId o = 0; o < s.player_count; ++o)
    if (o != p && !s.player(o).bankrupt) ++opponents;
  double deeds = 0, mortgaged = 0, buildings = 0, income = 0, exposure = 0, room = 0, raisable = 0, worst_rent = 0;
  double room_cost = 0;  // what the houses of `room` would cost
  int unsold = 0, properties = 0;
  // The complete groups p builds on, each once (by the mask of its squares).
  std::array<std::uint64_t, kMaxSquares> groups{};
  int group_count = 0;
  const int n = std::min(r.board_size(), kMaxSquares);
  for (int i = 0; i < n; ++i) {
    const auto q = static_cast<SquareId>(i);
    const Holding& h = s.holdings[q];
    const Square& sq = r.square(q);
    if (sq.is_property()) {
      ++properties;
      if (h.owner == kBank) ++unsold;
    }
    if (h.owner == kBank || h.owner == kReferee) continue;
    const double rent = static_cast<double>(quote_rent(r, s, q, 7).amount.units);
    if (h.owner != p) {
      exposure += landing_[q] * rent;
      worst_rent = std::max(worst_rent, rent);
      continue;
    }
    income += landing_[q] * rent * opponents;
    const Square& terms = terms_of(r, s, q);
    double built = 0;
    if (h.buildings == kHotel)
      built = static_cast<double>(terms.house_cost.units) * r.houses_per_hotel + static_cast<double>(terms.hotel_cost.units);
    else
      built = static_cast<double>(terms.house_cost.units) * h.buildings;
    buildings += built;
    if (h.mortgaged) {
      mortgaged += static_cast<double>(sq.price.units);
      continue;
    }
    deeds += static_cast<double>(sq.price.units);
    raisable += static_cast<double>(sq.mortgage_value.units) + built / 2;
    if (sq.kind != SquareKind::Street) continue;
    // A site of a group p holds whole and unmortgaged: a group to build on, and what three
    // houses on the site would bring in.
    const SquareSet group = building_group(r, s, q);
    if (group.empty()) continue;
    std::uint64_t mask = 0;
    bool whole = true;
    for (SquareId m : group) {
      mask |= std::uint64_t{1} << m;
      const Holding& hm = s.holdings[m];
      if (hm.owner != p || hm.mortgaged) whole = false;
    }
    if (!whole) continue;
    if (h.buildings < 3) {
      room += landing_[q] * std::max(0.0, static_cast<double>(terms.rent[3].units) - rent) * opponents;
      room_cost += static_cast<double>(terms.house_cost.units) * (3 - h.buildings);
    }
    if (std::find(groups.begin(), groups.begin() + group_count, mask) == groups.begin() + group_count)
      groups[static_cast<std::size_t>(group_count++)] = mask;
  }
  const double cash = static_cast<double>((me.cash - me.total_owed()).units);
  Features f{};
  f[0] = cash * scale;
  f[1] = deeds * scale;
  f[2] = mortgaged * scale;
  f[3] = buildings * scale;
  // Rent over ten throws: the figures of a turn are small beside cash.
  f[4] = income * kRentThrows * scale;
  f[5] = exposure * kRentThrows * scale;
  f[6] = room * kRentThrows * scale;
  f[7] = group_count;
  f[8] = me.in_jail ? 1.0 : 0.0;
  f[9] = me.jail_card_count();
  f[10] = std::max(0.0, worst_rent - (cash + raisable)) * scale;
  // The room to build that p's cash can pay for now.
  f[11] = room_cost > 0 ? f[6] * std::clamp(cash / room_cost, 0.0, 1.0) : 0.0;
  f[12] = near_groups(r, s, p);
  // Early in the game (deeds still to sell) cash buys deeds; later it builds and pays rent.
  const double early = properties > 0 ? static_cast<double>(unsold) / properties : 0.0;
  f[13] = f[0] * early;
  f[14] = f[1] * early;
  const double late = unsold == 0 ? 1.0 : 0.0;
  for (int k = 0; k < kLateFeatureCount; ++k) f[static_cast<std::size_t>(kBaseFeatureCount + k)] = f[static_cast<std::size_t>(k)] * late;
  return f;
}

}  // namespace deedlog
