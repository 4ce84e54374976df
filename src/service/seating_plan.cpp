#include "service/seating_plan.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

#include "service/seating_designs.h"
#include "service/seating_numbers.h"

namespace deedlog {
namespace {

using Numbers = SeatingNumbers;

// The costs, in three tiers that never trade against each other: a pair kept apart seated
// together outweighs any number of repeat meetings, and a repeat meeting outweighs any first
// seat (the first-seat term is at most the players' first seats, far below 2^20).
constexpr std::int64_t kFirstSeatWeight = 1;
constexpr std::int64_t kRepeatWeight = std::int64_t{1} << 20;
constexpr std::int64_t kApartWeight = std::int64_t{1} << 40;

// The search's knobs, set by measuring (bench/seating_bench.cpp). A move once undone may not be
// made again for a while (so the search leaves a valley rather than circling in it): 8 to 17
// moves, and 3 to 5 after every other shake. The long bar finds the 10th round of 32 players,
// the short one does better between the designs (44 to 60 players near their limit); taking
// turns does both. After kStall iterations without a new best, the search goes back to its best
// schedule and shakes it with a few random swaps.
constexpr int kTenure = 8;
constexpr int kTenureSpread = 10;
constexpr int kShortTenure = 3;
constexpr int kShortTenureSpread = 3;
constexpr int kStall = 600;
// The search stops, its budget unspent, after this many shakes in a row found no better schedule:
// a small event (8 players) would otherwise try its few swaps for the whole budget.
constexpr int kShakes = 40;

using Round = std::vector<std::vector<int>>;  // tables of player numbers

// The schedule being searched: the planned rounds, who sits where, and how often each pair has
// met over the played and planned rounds together. A move swaps two players of different tables
// in one planned round; its cost is worked out from the two tables alone.
class Search {
 public:
  Search(int players, std::vector<int> sizes, int rounds, std::vector<int> played_met, std::vector<char> apart,
         std::vector<int> first, std::uint64_t seed, std::int64_t budget)
      : n_(players),
        rounds_(rounds),
        sizes_(std::move(sizes)),
        met_(std::move(played_met)),
        apart_(std::move(apart)),
        first_(std::move(first)),
        numbers_{seed},
        budget_(budget) {
    // The least the first-seat term can cost: the players who have thrown first least often,
    // one at each table.
    std::vector<int> f(first_);
    std::sort(f.begin(), f.end());
    first_floor_ = f.empty() ? 0 : f.front();
    for (std::size_t t = 0; t < sizes_.size() && t < f.size(); ++t) floor_ += kFirstSeatWeight * (f[t] - first_floor_);
    // The least the repeats can cost: the planned meetings spread as evenly as they can be over
    // the pairs, those that have met least first (each meeting costs the square of the times
    // the pair met before it). Reached, the plan cannot be bettered and the search stops.
    std::map<int, std::int64_t> pairs_at;  // times met -> pairs
    for (int a = 0; a < n_; ++a)
      for (int b = a + 1; b < n_; ++b) ++pairs_at[met_[pair(a, b)]];
    std::int64_t meetings = 0;
    for (int size : sizes_) meetings += static_cast<std::int64_t>(size) * (size - 1) / 2;
    meetings *= rounds_;
    for (int c = 0; meetings > 0; ++c) {
      const std::int64_t here = pairs_at[c];
      const std::int64_t taken = std::min(here, meetings);
      floor_ += kRepeatWeight * c * c * taken;
      pairs_at[c + 1] += taken;
      meetings -= taken;
    }
    tabu_.assign(static_cast<std::size_t>(rounds_) * static_cast<std::size_t>(n_) * sizes_.size(), 0);
  }

  // Adds the next round: `given` where it is whole (a design, a start adapted to the players),
  // else a shuffle improved swap by swap against the rounds before it (greedy, as a start).
  void add_round(const Round* given) {
    const int r = static_cast<int>(tables_.size());
    Round round;
    if (given != nullptr) {
      round = *given;
    } else {
      std::vector<int> order(static_cast<std::size_t>(n_));
      std::iota(order.begin(), order.end(), 0);
      for (int i = n_; i > 1; --i) std::swap(order[static_cast<std::size_t>(i - 1)], order[static_cast<std::size_t>(numbers_.below(i))]);
      std::size_t at = 0;
      for (int size : sizes_) {
        round.emplace_back(order.begin() + static_cast<std::ptrdiff_t>(at), order.begin() + static_cast<std::ptrdiff_t>(at) + size);
        at += static_cast<std::size_t>(size);
      }
    }
    tables_.push_back(std::move(round));
    table_of_.emplace_back(static_cast<std::size_t>(n_), 0);
    for (std::size_t t = 0; t < tables_.back().size(); ++t)
      for (int p : tables_.back()[t]) table_of_.back()[static_cast<std::size_t>(p)] = static_cast<int>(t);
    for (const auto& table : tables_.back()) {
      for (std::size_t a = 0; a < table.size(); ++a)
        for (std::size_t b = a + 1; b < table.size(); ++b) cost_ += meet(table[a], table[b], +1);
    }
    if (r == 0)
      for (const auto& table : tables_.front()) cost_ += first_term(table);
    if (given == nullptr) descend(r);
  }

  // Tabu search over every planned round until nothing is left to improve or the budget is spent.
  void improve() {
    best_ = tables_;
    best_cost_ = cost_;
    std::vector<char> conflicted(static_cast<std::size_t>(n_));
    std::int64_t stall = 0;
    while (tried_ < budget_ && cost_ > floor_ && sizes_.size() > 1) {
      ++iteration_;
      std::int64_t best_delta = 0;
      int chosen_r = -1, chosen_p = -1, chosen_q = -1, ties = 0;
      for (int r = 0; r < rounds_; ++r) {
        for (int p = 0; p < n_; ++p) conflicted[static_cast<std::size_t>(p)] = in_conflict(r, p) ? 1 : 0;
        for (int p = 0; p < n_; ++p) {
          if (!conflicted[static_cast<std::size_t>(p)]) continue;
          const int a = table_of(r, p);
          for (int q = 0; q < n_; ++q) {
            const int b = table_of(r, q);
            if (b == a || (conflicted[static_cast<std::size_t>(q)] && q < p)) continue;
            ++tried_;
            const std::int64_t delta = swap_delta(r, p, q);
            const bool tabu = tabu_at(r, p, b) > iteration_ || tabu_at(r, q, a) > iteration_;
            if (tabu && cost_ + delta >= best_cost_) continue;  // tabu, unless it beats the best
            if (chosen_r < 0 || delta < best_delta) {
              best_delta = delta;
              chosen_r = r, chosen_p = p, chosen_q = q, ties = 1;
            } else if (delta == best_delta && numbers_.below(++ties) == 0) {
              chosen_r = r, chosen_p = p, chosen_q = q;
            }
          }
        }
      }
      if (chosen_r < 0) {  // every move tabu
        if (++shakes_without_best_ > kShakes) break;
        shake();
        continue;
      }
      const int a = table_of(chosen_r, chosen_p), b = table_of(chosen_r, chosen_q);
      swap(chosen_r, chosen_p, chosen_q);
      const bool short_bar = shakes_ % 2 == 1;
      const int tenure = short_bar ? kShortTenure : kTenure, spread = short_bar ? kShortTenureSpread : kTenureSpread;
      tabu_at(chosen_r, chosen_p, a) = iteration_ + tenure + numbers_.below(spread);
      tabu_at(chosen_r, chosen_q, b) = iteration_ + tenure + numbers_.below(spread);
      if (cost_ < best_cost_) {
        best_ = tables_;
        best_cost_ = cost_;
        stall = 0;
        shakes_without_best_ = 0;
      } else if (++stall > kStall) {
        if (++shakes_without_best_ > kShakes) break;  // settled: more of the same would not help
        shake();
        stall = 0;
      }
    }
    if (best_cost_ < cost_) tables_ = best_;
  }

  const std::vector<Round>& rounds() const { return tables_; }

 private:
  std::size_t pair(int a, int b) const { return static_cast<std::size_t>(a) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(b); }
  int table_of(int r, int p) const { return table_of_[static_cast<std::size_t>(r)][static_cast<std::size_t>(p)]; }
  std::int64_t& tabu_at(int r, int p, int t) {
    return tabu_[(static_cast<std::size_t>(r) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(p)) * sizes_.size() +
                 static_cast<std::size_t>(t)];
  }

  // What one more (+1) or one fewer (-1) meeting of a and b costs, and it counted.
  std::int64_t meet(int a, int b, int change) {
    int& m = met_[pair(a, b)];
    const int before = change > 0 ? m : m - 1;  // the meeting added or taken away is the (before+1)th
    const std::int64_t c = kRepeatWeight * before * before + (apart_[pair(a, b)] ? kApartWeight : 0);
    m += change;
    met_[pair(b, a)] = m;
    return change > 0 ? c : -c;
  }
  std::int64_t meet_cost(int a, int b, int change) const {
    const int m = met_[pair(a, b)];
    const int before = change > 0 ? m : m - 1;
    const std::int64_t c = kRepeatWeight * before * before + (apart_[pair(a, b)] ? kApartWeight : 0);
    return change > 0 ? c : -c;
  }

  // The first planned round's tables are told apart by the player who has thrown first least
  // often: a table where nobody is below the rest costs its least count above the field's least.
  std::int64_t first_term(const std::vector<int>& table) const {
    int least = 1 << 30;
    for (int p : table) least = std::min(least, first_[static_cast<std::size_t>(p)]);
    return table.empty() ? 0 : kFirstSeatWeight * (least - first_floor_);
  }

  // The same for `table` with `out` replaced by `in`.
  std::int64_t first_term_with(const std::vector<int>& table, int out, int in) const {
    int least = first_[static_cast<std::size_t>(in)];
    for (int p : table)
      if (p != out) least = std::min(least, first_[static_cast<std::size_t>(p)]);
    return kFirstSeatWeight * (least - first_floor_);
  }

  bool in_conflict(int r, int p) const {
    const auto& table = tables_[static_cast<std::size_t>(r)][static_cast<std::size_t>(table_of(r, p))];
    if (r == 0 && first_term(table) > 0) return true;
    for (int x : table)
      if (x != p && (met_[pair(p, x)] > 1 || apart_[pair(p, x)])) return true;
    return false;
  }

  std::int64_t swap_delta(int r, int p, int q) const {
    const auto& ta = tables_[static_cast<std::size_t>(r)][static_cast<std::size_t>(table_of(r, p))];
    const auto& tb = tables_[static_cast<std::size_t>(r)][static_cast<std::size_t>(table_of(r, q))];
    std::int64_t d = 0;
    for (int x : ta)
      if (x != p) d += meet_cost(p, x, -1) + meet_cost(q, x, +1);
    for (int y : tb)
      if (y != q) d += meet_cost(q, y, -1) + meet_cost(p, y, +1);
    if (r == 0) d += first_term_with(ta, p, q) + first_term_with(tb, q, p) - first_term(ta) - first_term(tb);
    return d;
  }

  void swap(int r, int p, int q) {
    auto& round = tables_[static_cast<std::size_t>(r)];
    const int a = table_of(r, p), b = table_of(r, q);
    auto& ta = round[static_cast<std::size_t>(a)];
    auto& tb = round[static_cast<std::size_t>(b)];
    if (r == 0) cost_ -= first_term(ta) + first_term(tb);
    for (int x : ta)
      if (x != p) cost_ += meet(p, x, -1) + meet(q, x, +1);
    for (int y : tb)
      if (y != q) cost_ += meet(q, y, -1) + meet(p, y, +1);
    std::replace(ta.begin(), ta.end(), p, q);
    std::replace(tb.begin(), tb.end(), q, p);
    table_of_[static_cast<std::size_t>(r)][static_cast<std::size_t>(p)] = b;
    table_of_[static_cast<std::size_t>(r)][static_cast<std::size_t>(q)] = a;
    if (r == 0) cost_ += first_term(ta) + first_term(tb);
  }

  // A round on its own improved swap by swap, the better of each pair taken at once, while
  // any swap helps: the greedy start (what seating one round at a time gave).
  void descend(int r) {
    bool improved = true;
    while (improved && tried_ < budget_) {
      improved = false;
      for (int p = 0; p < n_; ++p)
        for (int q = p + 1; q < n_; ++q) {
          if (table_of(r, p) == table_of(r, q)) continue;
          ++tried_;
          if (swap_delta(r, p, q) < 0) {
            swap(r, p, q);
            improved = true;
          }
        }
    }
  }

  // Back to the best schedule found, shaken by a few random swaps, the tabu list forgotten.
  void shake() {
    ++shakes_;
    for (const Round& round : tables_)
      for (const auto& table : round)
        for (std::size_t a = 0; a < table.size(); ++a)
          for (std::size_t b = a + 1; b < table.size(); ++b) meet(table[a], table[b], -1);
    tables_.clear();
    table_of_.clear();
    cost_ = 0;
    const std::vector<Round> best = best_;
    for (const Round& round : best) add_round(&round);
    const int swaps = 2 + n_ / 16;
    for (int i = 0; i < swaps; ++i) {
      const int r = numbers_.below(rounds_);
      const int p = numbers_.below(n_), q = numbers_.below(n_);
      if (table_of(r, p) != table_of(r, q)) swap(r, p, q);
    }
    std::fill(tabu_.begin(), tabu_.end(), 0);
    tried_ += n_;  // a shake is work too: the budget runs out even where no move is left to try
  }

  int n_;
  int rounds_;
  std::vector<int> sizes_;
  std::vector<int> met_;
  std::vector<char> apart_;
  std::vector<int> first_;
  int first_floor_ = 0;
  std::int64_t floor_ = 0;
  Numbers numbers_;
  std::int64_t budget_;
  std::int64_t tried_ = 0;
  std::int64_t iteration_ = 0;
  int shakes_without_best_ = 0;
  int shakes_ = 0;
  std::int64_t cost_ = 0;
  std::vector<Round> tables_;
  std::vector<std::vector<int>> table_of_;
  std::vector<std::int64_t> tabu_;
  std::vector<Round> best_;
  std::int64_t best_cost_ = 0;
};

}  // namespace

namespace {

// Who throws first at each planned table: each player as often as any other, give or take one,
// counting the first seats of the rounds played. A matching of tables to their players in which
// nobody may take more than a level of first seats, the level raised one at a time until every
// table has its first thrower; a table already given one keeps one as the level rises (the
// matching only grows), so the players who have thrown first least often are served first.
class FirstSeats {
 public:
  FirstSeats(const std::vector<Round>& rounds, std::vector<int> first, Numbers* numbers)
      : rounds_(rounds), first_(std::move(first)), rank_(first_.size()) {
    std::vector<int> order(first_.size());
    std::iota(order.begin(), order.end(), 0);
    for (std::size_t i = order.size(); i > 1; --i)
      std::swap(order[i - 1], order[static_cast<std::size_t>(numbers->below(static_cast<int>(i)))]);
    for (std::size_t i = 0; i < order.size(); ++i) rank_[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    for (std::size_t r = 0; r < rounds_.size(); ++r)
      for (std::size_t t = 0; t < rounds_[r].size(); ++t) slots_.emplace_back(r, t);
    owner_.assign(slots_.size(), -1);
    held_.assign(first_.size(), {});
  }

  // The first thrower of each planned table, by round and table.
  std::vector<std::vector<int>> choose() {
    std::vector<std::size_t> waiting(slots_.size());
    std::iota(waiting.begin(), waiting.end(), 0);
    level_ = first_.empty() ? 1 : *std::min_element(first_.begin(), first_.end()) + 1;
    while (!waiting.empty()) {
      std::vector<std::size_t> still;
      for (std::size_t u : waiting) {
        seen_.assign(first_.size(), 0);
        if (!give(u)) still.push_back(u);
      }
      waiting = std::move(still);
      ++level_;
    }
    std::vector<std::vector<int>> out;
    for (const Round& round : rounds_) out.emplace_back(round.size(), -1);
    for (std::size_t u = 0; u < slots_.size(); ++u) out[slots_[u].first][slots_[u].second] = owner_[u];
    return out;
  }

 private:
  int load(int p) const { return first_[static_cast<std::size_t>(p)] + static_cast<int>(held_[static_cast<std::size_t>(p)].size()); }

  // Gives table u a first thrower, moving another table's to one of its other players if need be.
  bool give(std::size_t u) {
    std::vector<int> members = rounds_[slots_[u].first][slots_[u].second];
    std::sort(members.begin(), members.end(), [&](int a, int b) {
      return std::make_pair(load(a), rank_[static_cast<std::size_t>(a)]) < std::make_pair(load(b), rank_[static_cast<std::size_t>(b)]);
    });
    for (int p : members) {
      const auto up = static_cast<std::size_t>(p);
      if (seen_[up]) continue;
      seen_[up] = 1;
      if (load(p) < level_) {
        held_[up].push_back(u);
        owner_[u] = p;
        return true;
      }
      for (std::size_t i = 0; i < held_[up].size(); ++i) {
        const std::size_t other = held_[up][i];
        if (give(other)) {
          held_[up][i] = u;
          owner_[u] = p;
          return true;
        }
      }
    }
    return false;
  }

  const std::vector<Round>& rounds_;
  std::vector<int> first_;
  std::vector<int> rank_;
  std::vector<std::pair<std::size_t, std::size_t>> slots_;
  std::vector<int> owner_;
  std::vector<std::vector<std::size_t>> held_;
  std::vector<char> seen_;
  int level_ = 1;
};

// A round made fit for the players now and today's table sizes: players gone already left out
// (`round` holds players' numbers, each at most once), the fullest tables kept first and whole as
// far as their new size allows, and the newcomers and the overflow fill the empty seats in order.
Round fit(const Round& round, int n, const std::vector<int>& sizes) {
  std::vector<std::size_t> order(round.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return round[x].size() > round[y].size(); });
  Round out(sizes.size());
  std::vector<char> seated(static_cast<std::size_t>(n), 0);
  std::vector<int> pool;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int p : round[order[i]]) {
      seated[static_cast<std::size_t>(p)] = 1;
      if (i < out.size() && static_cast<int>(out[i].size()) < sizes[i])
        out[i].push_back(p);
      else
        pool.push_back(p);
    }
  for (int p = 0; p < n; ++p)
    if (!seated[static_cast<std::size_t>(p)]) pool.push_back(p);
  std::size_t next = 0;
  for (std::size_t t = 0; t < out.size(); ++t)
    while (static_cast<int>(out[t].size()) < sizes[t]) out[t].push_back(pool[next++]);
  return out;
}

// A schedule given by name (the plan made before a late entry or a withdrawal), made fit for the
// players now.
std::vector<Round> adapt(const std::vector<SeatedTables>& start, int rounds, const std::map<std::string, int>& index,
                         const std::vector<int>& sizes) {
  std::vector<Round> out;
  const int n = static_cast<int>(index.size());
  for (std::size_t r = 0; r < start.size() && static_cast<int>(r) < rounds; ++r) {
    Round round;
    std::vector<char> seen(static_cast<std::size_t>(n), 0);
    for (const auto& table : start[r]) {
      round.emplace_back();
      for (const std::string& name : table) {
        const auto it = index.find(name);
        if (it == index.end() || seen[static_cast<std::size_t>(it->second)]) continue;
        seen[static_cast<std::size_t>(it->second)] = 1;
        round.back().push_back(it->second);
      }
    }
    out.push_back(fit(round, n, sizes));
  }
  return out;
}

// A perfect design for n players, or for a few more (up to half as many again) thinned to n: the
// players of the design's first tables of its first round left out, each round fitted again
// (so the first stays perfect and the others are nearly so, a far better start for the search
// than greedy rounds: 60 players start from the 64's design).
std::vector<Round> design_near(int n, int table_size, const std::vector<int>& sizes) {
  for (int big = n; big <= n + n / 2; ++big) {
    std::vector<Round> design = affine_rounds(big, table_size, 1 << 20);
    if (design.empty()) design = resolved_design_rounds(big, table_size, 1 << 20);
    if (design.empty()) continue;
    if (big == n) return design;
    std::vector<int> number(static_cast<std::size_t>(big), -1);
    int next = 0, left_out = 0;
    for (const auto& table : design.front())
      for (int p : table) {
        if (left_out < big - n) {
          ++left_out;
          continue;
        }
        number[static_cast<std::size_t>(p)] = next++;
      }
    std::vector<Round> out;
    for (const Round& round : design) {
      Round kept;
      for (const auto& table : round) {
        kept.emplace_back();
        for (int p : table)
          if (number[static_cast<std::size_t>(p)] >= 0) kept.back().push_back(number[static_cast<std::size_t>(p)]);
      }
      out.push_back(fit(kept, n, sizes));
    }
    return out;
  }
  return {};
}

}  // namespace

std::vector<int> table_sizes(int players, int table_size) {
  if (players <= 0 || table_size <= 0) return {};
  const int tables = (players + table_size - 1) / table_size;
  std::vector<int> sizes(static_cast<std::size_t>(tables), players / tables);
  for (int i = 0; i < players % tables; ++i) ++sizes[static_cast<std::size_t>(i)];
  return sizes;
}

int SeatingPlan::total_repeat_meetings() const { return std::accumulate(repeat_meetings.begin(), repeat_meetings.end(), 0); }

SeatingPlan plan_seating(const SeatingRequest& request) {
  SeatingPlan plan;
  // The players by name, sorted: the plan depends on who plays, never on the order they were given.
  std::vector<std::string> names(request.players);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  const int n = static_cast<int>(names.size());
  if (n == 0 || request.table_size < 1 || request.rounds < 1) return plan;
  std::map<std::string, int> index;
  for (int i = 0; i < n; ++i) index[names[static_cast<std::size_t>(i)]] = i;
  const auto cell = [n](int a, int b) { return static_cast<std::size_t>(a) * static_cast<std::size_t>(n) + static_cast<std::size_t>(b); };

  std::vector<int> met(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
  std::vector<int> first(static_cast<std::size_t>(n), 0);
  for (const SeatedTables& round : request.played)
    for (const auto& table : round) {
      if (!table.empty())
        if (auto it = index.find(table.front()); it != index.end()) ++first[static_cast<std::size_t>(it->second)];
      for (std::size_t a = 0; a < table.size(); ++a)
        for (std::size_t b = a + 1; b < table.size(); ++b) {
          const auto ia = index.find(table[a]), ib = index.find(table[b]);
          if (ia == index.end() || ib == index.end()) continue;
          ++met[cell(ia->second, ib->second)];
          ++met[cell(ib->second, ia->second)];
        }
    }
  std::vector<char> apart(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
  for (const ApartPair& pair : request.apart) {
    const auto ia = index.find(pair.a), ib = index.find(pair.b);
    if (ia == index.end() || ib == index.end() || ia->second == ib->second) continue;
    apart[cell(ia->second, ib->second)] = apart[cell(ib->second, ia->second)] = 1;
  }

  const std::vector<int> sizes = table_sizes(n, request.table_size);
  const int rounds = request.rounds;
  Numbers numbers{request.seed ^ 0x5EA7ED5EA7ED5EA7ULL};

  // Where to start: the schedule given, else a perfect design where one fits the numbers, or
  // nearly (only before any round is played: played rounds are not the design's), else greedy
  // rounds.
  std::vector<Round> start = adapt(request.start, rounds, index, sizes);
  if (start.empty() && request.played.empty()) {
    std::vector<Round> design = design_near(n, request.table_size, sizes);
    if (!design.empty()) {
      std::vector<int> to_player(static_cast<std::size_t>(n));
      std::iota(to_player.begin(), to_player.end(), 0);
      for (int i = n; i > 1; --i) std::swap(to_player[static_cast<std::size_t>(i - 1)], to_player[static_cast<std::size_t>(numbers.below(i))]);
      for (Round& round : design)
        for (auto& table : round)
          for (int& p : table) p = to_player[static_cast<std::size_t>(p)];
      // With fewer rounds than the design has, those that keep the most pairs apart.
      const auto broken = [&](const Round& round) {
        int b = 0;
        for (const auto& table : round)
          for (int x : table)
            for (int y : table) b += apart[cell(x, y)];
        return b;
      };
      std::stable_sort(design.begin(), design.end(), [&](const Round& x, const Round& y) { return broken(x) < broken(y); });
      // With more rounds than it has, the design again from its start: every pair meets as
      // often as any other, give or take one, the fewest repeats there can be.
      for (std::size_t r = 0; static_cast<int>(start.size()) < rounds; r = (r + 1) % design.size()) start.push_back(design[r]);
    }
  }

  Search search(n, sizes, rounds, met, apart, first, numbers.next(), request.budget);
  for (int r = 0; r < rounds; ++r) search.add_round(r < static_cast<int>(start.size()) ? &start[static_cast<std::size_t>(r)] : nullptr);
  search.improve();
  const std::vector<Round>& planned = search.rounds();

  const std::vector<std::vector<int>> firsts = FirstSeats(planned, first, &numbers).choose();
  std::vector<int> thrown(first);
  for (std::size_t r = 0; r < planned.size(); ++r) {
    SeatedTables out;
    int repeats = 0;
    for (std::size_t t = 0; t < planned[r].size(); ++t) {
      std::vector<int> table(planned[r][t]);
      for (std::size_t i = table.size(); i > 1; --i) std::swap(table[i - 1], table[static_cast<std::size_t>(numbers.below(static_cast<int>(i)))]);
      std::stable_sort(table.begin(), table.end(),
                       [&](int a, int b) { return thrown[static_cast<std::size_t>(a)] < thrown[static_cast<std::size_t>(b)]; });
      const int head = firsts[r][t];
      std::stable_partition(table.begin(), table.end(), [head](int p) { return p == head; });
      for (std::size_t a = 0; a < table.size(); ++a)
        for (std::size_t b = a + 1; b < table.size(); ++b) {
          if (met[cell(table[a], table[b])] > 0) ++repeats;
          if (apart[cell(table[a], table[b])])
            plan.apart_broken.push_back({static_cast<int>(r) + 1,
                                         {names[static_cast<std::size_t>(std::min(table[a], table[b]))],
                                          names[static_cast<std::size_t>(std::max(table[a], table[b]))]}});
        }
      std::vector<std::string> seated;
      for (int p : table) seated.push_back(names[static_cast<std::size_t>(p)]);
      out.push_back(std::move(seated));
    }
    // Counted after the whole round: the round's own meetings are not repeats within it.
    for (const auto& table : planned[r])
      for (std::size_t a = 0; a < table.size(); ++a)
        for (std::size_t b = a + 1; b < table.size(); ++b) {
          ++met[cell(table[a], table[b])];
          ++met[cell(table[b], table[a])];
        }
    for (std::size_t t = 0; t < planned[r].size(); ++t) ++thrown[static_cast<std::size_t>(firsts[r][t])];
    plan.rounds.push_back(std::move(out));
    plan.repeat_meetings.push_back(repeats);
  }
  return plan;
}

}  // namespace deedlog
