#include "service/tournament_seating.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

#include "service/seating_numbers.h"

namespace deedlog {
namespace {

using Numbers = SeatingNumbers;

// What the earlier rounds say of each pair (how often they met) and each player (how often they
// threw first), by index into the round's players.
struct History {
  std::vector<std::vector<int>> met;
  std::vector<int> first;
};

History history_of(const std::vector<std::string>& players, const std::vector<SeatedTables>& earlier) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < players.size(); ++i) index[players[i]] = i;
  History h;
  h.met.assign(players.size(), std::vector<int>(players.size(), 0));
  h.first.assign(players.size(), 0);
  for (const SeatedTables& round : earlier) {
    for (const std::vector<std::string>& table : round) {
      if (!table.empty()) {
        if (auto it = index.find(table.front()); it != index.end()) ++h.first[it->second];
      }
      for (std::size_t a = 0; a < table.size(); ++a)
        for (std::size_t b = a + 1; b < table.size(); ++b) {
          auto ia = index.find(table[a]);
          auto ib = index.find(table[b]);
          if (ia == index.end() || ib == index.end()) continue;
          ++h.met[ia->second][ib->second];
          ++h.met[ib->second][ia->second];
        }
    }
  }
  return h;
}

// A repeat meeting costs far more than an unbalanced first seat: the first is what the seating
// is for, the second only a preference among seatings as good.
constexpr long kRepeatWeight = 1000;

long table_cost(const std::vector<std::size_t>& table, const History& h) {
  long cost = 0;
  int least_first = 1 << 20;
  for (std::size_t a = 0; a < table.size(); ++a) {
    least_first = std::min(least_first, h.first[table[a]]);
    for (std::size_t b = a + 1; b < table.size(); ++b) {
      const long m = h.met[table[a]][table[b]];
      cost += kRepeatWeight * m * m;
    }
  }
  return table.empty() ? 0 : cost + least_first;
}

}  // namespace

SeatedTables seat_players_greedily(const std::vector<std::string>& players, int table_size,
                                   const std::vector<SeatedTables>& earlier, std::uint64_t seed) {
  const std::vector<int> sizes = table_sizes(static_cast<int>(players.size()), table_size);
  if (sizes.empty()) return {};
  const History h = history_of(players, earlier);
  Numbers numbers{seed ^ (0xD1B54A32D192ED03ULL * (earlier.size() + 1))};

  std::vector<std::vector<std::size_t>> best;
  long best_cost = -1;
  // Restarts of a hill-climb by swapping two players of different tables: cheap at a club's
  // numbers (tens of players), and it finds the repeat-free rounds where they exist (16 players
  // in fours over three rounds, tests/service/tournament_seating_test.cpp).
  constexpr int kRestarts = 60;
  for (int restart = 0; restart < kRestarts && best_cost != 0; ++restart) {
    std::vector<std::size_t> order(players.size());
    std::iota(order.begin(), order.end(), 0);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[numbers.below(i)]);
    std::vector<std::vector<std::size_t>> tables;
    std::size_t at = 0;
    for (int size : sizes) {
      tables.emplace_back(order.begin() + static_cast<std::ptrdiff_t>(at),
                          order.begin() + static_cast<std::ptrdiff_t>(at + static_cast<std::size_t>(size)));
      at += static_cast<std::size_t>(size);
    }
    std::vector<long> costs;
    long total = 0;
    for (const auto& t : tables) total += costs.emplace_back(table_cost(t, h));
    bool improved = true;
    while (improved && total > 0) {
      improved = false;
      for (std::size_t a = 0; a < tables.size(); ++a)
        for (std::size_t b = a + 1; b < tables.size(); ++b)
          for (std::size_t i = 0; i < tables[a].size(); ++i)
            for (std::size_t j = 0; j < tables[b].size(); ++j) {
              std::swap(tables[a][i], tables[b][j]);
              const long ca = table_cost(tables[a], h);
              const long cb = table_cost(tables[b], h);
              if (ca + cb < costs[a] + costs[b]) {
                total += ca + cb - costs[a] - costs[b];
                costs[a] = ca;
                costs[b] = cb;
                improved = true;
              } else {
                std::swap(tables[a][i], tables[b][j]);
              }
            }
    }
    // The least a seating can cost in first seats: a table whose least count is 0 costs 0.
    if (best_cost < 0 || total < best_cost) {
      best_cost = total;
      best = tables;
    }
  }

  SeatedTables out;
  for (auto& table : best) {
    // Seating order: the seed's order, then the player who has thrown first least often to the
    // first seat (the first of them in the seed's order).
    for (std::size_t i = table.size(); i > 1; --i) std::swap(table[i - 1], table[numbers.below(i)]);
    std::stable_sort(table.begin(), table.end(),
                     [&](std::size_t a, std::size_t b) { return h.first[a] < h.first[b]; });
    std::vector<std::string> names;
    for (std::size_t p : table) names.push_back(players[p]);
    out.push_back(std::move(names));
  }
  return out;
}

namespace {

// A round's tables, each in seating order, in an order of their own: a round played as planned
// has the plan's tables and first seats, whichever table was numbered first.
std::vector<std::vector<std::string>> as_set(const SeatedTables& round) {
  std::vector<std::vector<std::string>> out(round);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted_players(const SeatedTables& round) {
  std::vector<std::string> out;
  for (const auto& table : round) out.insert(out.end(), table.begin(), table.end());
  std::sort(out.begin(), out.end());
  return out;
}

SeatedTables seated_from(const SeatingPlan& plan, std::size_t at, const std::vector<SeatedTables>& earlier,
                         SeatingGaps* gaps) {
  if (gaps != nullptr) *gaps = SeatingGaps{};
  if (plan.rounds.size() <= at) return {};
  if (gaps != nullptr) {
    for (const ApartBroken& b : plan.apart_broken)
      if (b.round == static_cast<int>(at) + 1) gaps->apart_together.push_back(b.pair);
    gaps->repeat_meetings = repeat_meetings(earlier, plan.rounds[at]);
    for (std::size_t r = at; r < plan.repeat_meetings.size(); ++r) gaps->planned_repeat_meetings += plan.repeat_meetings[r];
  }
  return plan.rounds[at];
}

}  // namespace

SeatedTables seat_players(const std::vector<std::string>& players, int table_size,
                          const std::vector<SeatedTables>& earlier, std::uint64_t seed) {
  return seat_players(players, table_size, earlier, seed, SeatingOptions{});
}

SeatedTables seat_players(const std::vector<std::string>& players, int table_size,
                          const std::vector<SeatedTables>& earlier, std::uint64_t seed,
                          const SeatingOptions& options, SeatingGaps* gaps) {
  const int round = static_cast<int>(earlier.size()) + 1;
  if (options.rounds_total < round) {
    // The round on its own, its numbers from the seed and the round, as before plans.
    SeatingRequest one{players, table_size, 1, earlier, options.apart, {}, seed ^ (0xD1B54A32D192ED03ULL * static_cast<std::uint64_t>(round)),
                       options.budget};
    return seated_from(plan_seating(one), 0, earlier, gaps);
  }
  // The plan made before round 1, made again: the same request gives the same plan.
  const std::vector<std::string> entrants = earlier.empty() ? players : sorted_players(earlier.front());
  SeatingRequest whole{entrants, table_size, options.rounds_total, {}, options.apart, {}, seed, options.budget};
  const SeatingPlan first_plan = plan_seating(whole);
  if (first_plan.rounds.empty()) return seated_from(first_plan, 0, earlier, gaps);  // nobody to seat
  std::vector<std::string> now(players);
  std::sort(now.begin(), now.end());
  bool as_planned = now == sorted_players(first_plan.rounds.front());
  for (std::size_t r = 0; as_planned && r < earlier.size(); ++r) as_planned = as_set(earlier[r]) == as_set(first_plan.rounds[r]);
  if (as_planned) {
    // Its first seats counted the plan's own earlier rounds, which are the rounds played.
    return seated_from(first_plan, earlier.size(), earlier, gaps);
  }
  // Planned again from the rounds played, starting from what the first plan had for the rest.
  SeatingRequest again{players, table_size, options.rounds_total - round + 1, earlier, options.apart,
                       std::vector<SeatedTables>(first_plan.rounds.begin() + static_cast<std::ptrdiff_t>(earlier.size()), first_plan.rounds.end()),
                       seed, options.budget};
  return seated_from(plan_seating(again), 0, earlier, gaps);
}

int repeat_meetings(const std::vector<SeatedTables>& earlier, const SeatedTables& round) {
  std::map<std::pair<std::string, std::string>, int> met;
  for (const SeatedTables& r : earlier)
    for (const auto& table : r)
      for (std::size_t a = 0; a < table.size(); ++a)
        for (std::size_t b = a + 1; b < table.size(); ++b) met[std::minmax(table[a], table[b])] = 1;
  int repeats = 0;
  for (const auto& table : round)
    for (std::size_t a = 0; a < table.size(); ++a)
      for (std::size_t b = a + 1; b < table.size(); ++b) repeats += met.count(std::minmax(table[a], table[b])) ? 1 : 0;
  return repeats;
}

}  // namespace deedlog
