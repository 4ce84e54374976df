#include "service/seating_designs.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <numeric>
#include <set>

#include "service/seating_numbers.h"

namespace deedlog {
namespace {

// The field of q elements, q one of 3, 4, 5, 7: addition and multiplication tables. The prime
// fields are the integers modulo q; the field of 4 is {0, 1, a, a + 1} with a^2 = a + 1, written
// as two bits (addition is exclusive or).
struct Field {
  int q = 0;
  std::array<std::array<int, 7>, 7> add{};
  std::array<std::array<int, 7>, 7> mul{};
};

bool field_of(int q, Field* f) {
  f->q = q;
  if (q == 4) {
    // a * a = a + 1, a * (a + 1) = 1, (a + 1)^2 = a, with 2 = a and 3 = a + 1.
    static constexpr int kMul4[4][4] = {{0, 0, 0, 0}, {0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}};
    for (int x = 0; x < 4; ++x)
      for (int y = 0; y < 4; ++y) {
        f->add[x][y] = x ^ y;
        f->mul[x][y] = kMul4[x][y];
      }
    return true;
  }
  if (q != 2 && q != 3 && q != 5 && q != 7) return false;
  for (int x = 0; x < q; ++x)
    for (int y = 0; y < q; ++y) {
      f->add[x][y] = (x + y) % q;
      f->mul[x][y] = (x * y) % q;
    }
  return true;
}

using Numbers = SeatingNumbers;

using Block = std::vector<int>;

// The lines of the projective space of dimension 3 over the field of q elements (q = 2, 3):
// (q^4 - 1) / (q - 1) points (15, 40), each line q + 1 of them, two points on exactly one
// line. A point is a nonzero vector of 4 coordinates whose first nonzero one is 1.
std::vector<Block> projective_lines(int q, int* points) {
  Field f;
  if (!field_of(q, &f)) return {};
  std::vector<std::array<int, 4>> point;
  std::map<std::array<int, 4>, int> number;
  for (int x = 1; x < q * q * q * q; ++x) {
    std::array<int, 4> v{x % q, x / q % q, x / (q * q) % q, x / (q * q * q)};
    int lead = 0;
    while (v[static_cast<std::size_t>(lead)] == 0) ++lead;
    if (v[static_cast<std::size_t>(lead)] != 1) continue;
    number[v] = static_cast<int>(point.size());
    point.push_back(v);
  }
  *points = static_cast<int>(point.size());
  // The inverse of each nonzero element, to scale a vector so that its first nonzero is 1.
  std::array<int, 7> inverse{};
  for (int a = 1; a < q; ++a)
    for (int b = 1; b < q; ++b)
      if (f.mul[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] == 1) inverse[static_cast<std::size_t>(a)] = b;
  const auto normal = [&](std::array<int, 4> v) {
    int lead = 0;
    while (v[static_cast<std::size_t>(lead)] == 0) ++lead;
    const int s = inverse[static_cast<std::size_t>(v[static_cast<std::size_t>(lead)])];
    for (int& c : v) c = f.mul[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)];
    return number.at(v);
  };
  std::set<Block> lines;
  for (std::size_t a = 0; a < point.size(); ++a)
    for (std::size_t b = a + 1; b < point.size(); ++b) {
      Block line{static_cast<int>(a)};
      for (int t = 0; t < q; ++t) {  // b + t a: the line's other q points
        std::array<int, 4> v{};
        for (std::size_t i = 0; i < 4; ++i)
          v[i] = f.add[static_cast<std::size_t>(point[b][i])][static_cast<std::size_t>(f.mul[static_cast<std::size_t>(t)][static_cast<std::size_t>(point[a][i])])];
        line.push_back(normal(v));
      }
      std::sort(line.begin(), line.end());
      lines.insert(line);
    }
  return {lines.begin(), lines.end()};
}

// The Hermitian unital of order 3: the 28 points of the projective plane over the field of 9
// elements where x^4 + y^4 + z^4 = 0, its blocks the 4 points each secant line meets it in; two
// points lie in exactly one block (63 blocks of 4).
std::vector<Block> unital_blocks(int* points) {
  // The field of 9 elements: a + b i (a, b modulo 3, i^2 = -1), written a + 3 b.
  const auto add = [](int x, int y) { return (x % 3 + y % 3) % 3 + 3 * ((x / 3 + y / 3) % 3); };
  const auto mul = [](int x, int y) {
    const int a = x % 3, b = x / 3, c = y % 3, d = y / 3;
    return ((a * c - b * d) % 3 + 3) % 3 + 3 * ((a * d + b * c) % 3);
  };
  const auto norm = [](int x) { return (x % 3 * (x % 3) + x / 3 * (x / 3)) % 3; };  // x^4 = a^2 + b^2
  std::array<int, 9> inverse{};
  for (int a = 1; a < 9; ++a)
    for (int b = 1; b < 9; ++b)
      if (mul(a, b) == 1) inverse[static_cast<std::size_t>(a)] = b;
  using Vec = std::array<int, 3>;
  const auto normal = [&](Vec v) {
    int lead = 0;
    while (v[static_cast<std::size_t>(lead)] == 0) ++lead;
    const int s = inverse[static_cast<std::size_t>(v[static_cast<std::size_t>(lead)])];
    for (int& c : v) c = mul(s, c);
    return v;
  };
  std::vector<Vec> point;
  std::map<Vec, int> number;
  for (int x = 1; x < 729; ++x) {
    const Vec v{x % 9, x / 9 % 9, x / 81};
    if (normal(v) != v || (norm(v[0]) + norm(v[1]) + norm(v[2])) % 3 != 0) continue;
    number[v] = static_cast<int>(point.size());
    point.push_back(v);
  }
  *points = static_cast<int>(point.size());
  std::set<Block> blocks;
  for (std::size_t a = 0; a < point.size(); ++a)
    for (std::size_t b = a + 1; b < point.size(); ++b) {
      Block block{static_cast<int>(a)};
      for (int t = 0; t < 9; ++t) {  // b + t a
        Vec v{};
        for (std::size_t i = 0; i < 3; ++i) v[i] = add(point[b][i], mul(t, point[a][i]));
        if (auto it = number.find(normal(v)); it != number.end()) block.push_back(it->second);
      }
      std::sort(block.begin(), block.end());
      block.erase(std::unique(block.begin(), block.end()), block.end());
      blocks.insert(block);
    }
  return {blocks.begin(), blocks.end()};
}

// Splits a design's blocks into rounds of disjoint blocks that seat every player (a resolution),
// by a tabu search that swaps blocks between rounds: the cost is the pairs of blocks in one round
// that share a player. Found within the budget, the rounds; else none.
std::vector<std::vector<Block>> resolve(const std::vector<Block>& blocks, int points, std::uint64_t seed) {
  const int b = static_cast<int>(blocks.size());
  const int per_round = points / static_cast<int>(blocks.front().size());
  if (per_round * static_cast<int>(blocks.front().size()) != points || b % per_round != 0) return {};
  const int rounds = b / per_round;
  const auto at = [b](int x, int y) { return static_cast<std::size_t>(x) * static_cast<std::size_t>(b) + static_cast<std::size_t>(y); };
  std::vector<char> meets(static_cast<std::size_t>(b) * static_cast<std::size_t>(b), 0);
  for (int x = 0; x < b; ++x)
    for (int y = 0; y < b; ++y) {
      if (x == y) continue;
      for (int p : blocks[static_cast<std::size_t>(x)])
        if (std::find(blocks[static_cast<std::size_t>(y)].begin(), blocks[static_cast<std::size_t>(y)].end(), p) !=
            blocks[static_cast<std::size_t>(y)].end())
          meets[at(x, y)] = 1;
    }
  Numbers numbers{seed};
  std::vector<int> order(static_cast<std::size_t>(b));
  std::iota(order.begin(), order.end(), 0);
  for (int i = b; i > 1; --i) std::swap(order[static_cast<std::size_t>(i - 1)], order[static_cast<std::size_t>(numbers.below(i))]);
  std::vector<int> round_of(static_cast<std::size_t>(b));
  for (int i = 0; i < b; ++i) round_of[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = i / per_round;
  // clash[x * rounds + r]: the blocks of round r that share a player with block x.
  std::vector<int> clash(static_cast<std::size_t>(b) * static_cast<std::size_t>(rounds), 0);
  const auto cl = [&](int x, int r) -> int& { return clash[static_cast<std::size_t>(x) * static_cast<std::size_t>(rounds) + static_cast<std::size_t>(r)]; };
  int cost = 0;
  for (int x = 0; x < b; ++x)
    for (int y = 0; y < b; ++y)
      if (meets[at(x, y)]) {
        ++cl(x, round_of[static_cast<std::size_t>(y)]);
        if (x < y && round_of[static_cast<std::size_t>(x)] == round_of[static_cast<std::size_t>(y)]) ++cost;
      }
  const auto move = [&](int x, int to) {
    const int from = round_of[static_cast<std::size_t>(x)];
    for (int y = 0; y < b; ++y)
      if (meets[at(x, y)]) {
        --cl(y, from);
        ++cl(y, to);
      }
    round_of[static_cast<std::size_t>(x)] = to;
  };
  std::vector<std::int64_t> tabu(static_cast<std::size_t>(b) * static_cast<std::size_t>(rounds), 0);
  constexpr std::int64_t kIterations = 200000;
  for (std::int64_t it = 1; it <= kIterations && cost > 0; ++it) {
    int best = 1 << 30, bx = -1, by = -1, ties = 0;
    for (int x = 0; x < b; ++x) {
      const int rx = round_of[static_cast<std::size_t>(x)];
      if (cl(x, rx) == 0) continue;
      for (int y = 0; y < b; ++y) {
        const int ry = round_of[static_cast<std::size_t>(y)];
        if (ry == rx) continue;
        const int m = meets[at(x, y)];
        const int delta = (cl(x, ry) - m) - cl(x, rx) + (cl(y, rx) - m) - cl(y, ry);
        const bool forbidden = tabu[static_cast<std::size_t>(x) * static_cast<std::size_t>(rounds) + static_cast<std::size_t>(ry)] > it ||
                               tabu[static_cast<std::size_t>(y) * static_cast<std::size_t>(rounds) + static_cast<std::size_t>(rx)] > it;
        if (forbidden && cost + delta > 0) continue;
        if (delta < best) {
          best = delta, bx = x, by = y, ties = 1;
        } else if (delta == best && numbers.below(++ties) == 0) {
          bx = x, by = y;
        }
      }
    }
    if (bx < 0) break;
    const int rx = round_of[static_cast<std::size_t>(bx)], ry = round_of[static_cast<std::size_t>(by)];
    move(bx, ry);
    move(by, rx);
    cost += best;
    tabu[static_cast<std::size_t>(bx) * static_cast<std::size_t>(rounds) + static_cast<std::size_t>(rx)] = it + 5 + numbers.below(10);
    tabu[static_cast<std::size_t>(by) * static_cast<std::size_t>(rounds) + static_cast<std::size_t>(ry)] = it + 5 + numbers.below(10);
  }
  if (cost > 0) return {};
  std::vector<std::vector<Block>> out(static_cast<std::size_t>(rounds));
  for (int x = 0; x < b; ++x) out[static_cast<std::size_t>(round_of[static_cast<std::size_t>(x)])].push_back(blocks[static_cast<std::size_t>(x)]);
  return out;
}

// 32 players as the vectors of 5 bits: a round is the 8 cosets of a plane (a subspace of 4
// vectors, x + {0, a, b, a ^ b}); two players meet in it when their sum is one of the plane's
// 3 nonzero vectors, so planes that share no nonzero vector never seat a pair twice. 9 such
// planes are the most there are (31 nonzero vectors, and no 10 fit), found by a short search:
// 9 perfect rounds for 32 in fours.
std::vector<std::vector<Block>> binary_plane_rounds() {
  constexpr int kBits = 5, kPoints = 1 << kBits, kWanted = 9;
  std::vector<std::uint32_t> planes;  // each as the mask of its nonzero vectors
  std::vector<std::array<int, 2>> basis;
  for (int a = 1; a < kPoints; ++a)
    for (int b = a + 1; b < kPoints; ++b)
      if ((a ^ b) > b) {
        planes.push_back((1u << a) | (1u << b) | (1u << (a ^ b)));
        basis.push_back({a, b});
      }
  std::vector<int> chosen;
  // Depth first, planes in order, each after the last one chosen.
  const auto search = [&](const auto& self, std::size_t from, std::uint32_t used) -> bool {
    if (static_cast<int>(chosen.size()) == kWanted) return true;
    for (std::size_t i = from; i < planes.size(); ++i) {
      if (planes[i] & used) continue;
      chosen.push_back(static_cast<int>(i));
      if (self(self, i + 1, used | planes[i])) return true;
      chosen.pop_back();
    }
    return false;
  };
  if (!search(search, 0, 0)) return {};
  std::vector<std::vector<Block>> out;
  for (int i : chosen) {
    const int a = basis[static_cast<std::size_t>(i)][0], b = basis[static_cast<std::size_t>(i)][1];
    std::vector<Block> round;
    std::vector<char> seated(kPoints, 0);
    for (int x = 0; x < kPoints; ++x) {
      if (seated[static_cast<std::size_t>(x)]) continue;
      Block coset{x, x ^ a, x ^ b, x ^ a ^ b};
      for (int p : coset) seated[static_cast<std::size_t>(p)] = 1;
      round.push_back(coset);
    }
    out.push_back(std::move(round));
  }
  return out;
}

// 52 players as the 51 pairs (x, c), x modulo 17 and c one of 3 classes, numbered 17 c + x, and
// one more, infinity (51). Round k (k = 0 .. 16) seats infinity with (k, 0), (k, 1), (k, 2), and
// the 12 other tables are the base blocks below moved on: each block's classes turned by s (c
// to c + s modulo 3, s = 0, 1, 2), then k added to every x. Two players of one class whose x
// differ by d (d = 1 .. 16) meet where a base block holds two points of one class differing by
// d or -d, and the base blocks hold exactly one such pair for each of d = 1 .. 8; two players of
// classes c and c + 1 whose x differ by d (y - x, from class c to c + 1) meet where a base block
// holds such a pair, exactly one for each d = 1 .. 16; those whose x are equal meet at
// infinity's table. So every pair meets exactly once: 17 rounds of 13 tables, all 1326 pairs (a
// resolvable design of 52 points in blocks of 4; found by a short search of the 4 base blocks
// once, kept here as data).
std::vector<std::vector<Block>> cyclic_52_rounds() {
  constexpr int kModulus = 17, kClasses = 3, kInfinity = kModulus * kClasses;
  // Each point as {x, class}; the 16 x's are 1 .. 16 once each.
  static constexpr int kBase[4][4][2] = {
      {{10, 0}, {11, 1}, {3, 2}, {5, 0}},
      {{13, 1}, {12, 1}, {7, 2}, {9, 1}},
      {{4, 1}, {1, 0}, {6, 1}, {14, 1}},
      {{2, 0}, {8, 0}, {15, 2}, {16, 1}},
  };
  std::vector<std::vector<Block>> out;
  for (int k = 0; k < kModulus; ++k) {
    std::vector<Block> round{{kInfinity, k, kModulus + k, 2 * kModulus + k}};
    for (const auto& base : kBase)
      for (int s = 0; s < kClasses; ++s) {
        Block table;
        for (const auto& point : base) table.push_back((point[1] + s) % kClasses * kModulus + (point[0] + k) % kModulus);
        round.push_back(std::move(table));
      }
    out.push_back(std::move(round));
  }
  return out;
}

}  // namespace

std::vector<std::vector<std::vector<int>>> resolved_design_rounds(int players, int table_size, int rounds) {
  if (rounds < 1) return {};
  if ((players == 32 || players == 52) && table_size == 4) {
    std::vector<std::vector<Block>> found = players == 32 ? binary_plane_rounds() : cyclic_52_rounds();
    if (static_cast<int>(found.size()) > rounds) found.resize(static_cast<std::size_t>(rounds));
    return found;
  }
  int points = 0;
  std::vector<Block> blocks;
  if (players == 28 && table_size == 4) {
    blocks = unital_blocks(&points);
  } else {
    for (int q : {2, 3})
      if (table_size == q + 1 && players == (q * q * q * q - 1) / (q - 1)) blocks = projective_lines(q, &points);
  }
  if (blocks.empty() || points != players) return {};
  // A fixed seed: the design is the same for every event, the players put on it by the plan's seed.
  std::vector<std::vector<Block>> found = resolve(blocks, points, 0x9E50171u);
  if (static_cast<int>(found.size()) > rounds) found.resize(static_cast<std::size_t>(rounds));
  return found;
}

std::vector<std::vector<std::vector<int>>> affine_rounds(int players, int table_size, int rounds) {
  Field f;
  if (rounds < 1 || !field_of(table_size, &f)) return {};
  // players = q^m: a point is its m coordinates, the digits of its number in base q.
  int m = 0;
  for (int p = 1; p < players; p *= table_size) ++m;
  int power = 1;
  for (int i = 0; i < m; ++i) power *= table_size;
  if (power != players || m < 2) return {};
  const int q = table_size;
  auto digits = [&](int x) {
    std::vector<int> d(static_cast<std::size_t>(m));
    for (int i = 0; i < m; ++i, x /= q) d[static_cast<std::size_t>(i)] = x % q;
    return d;
  };
  auto number = [&](const std::vector<int>& d) {
    int x = 0;
    for (int i = m - 1; i >= 0; --i) x = x * q + d[static_cast<std::size_t>(i)];
    return x;
  };

  std::vector<std::vector<std::vector<int>>> out;
  // A direction is a nonzero vector whose last nonzero digit is 1: one for each class of
  // parallel lines, (q^m - 1) / (q - 1) of them.
  for (int dir = 1; dir < players && static_cast<int>(out.size()) < rounds; ++dir) {
    const std::vector<int> d = digits(dir);
    int last = m - 1;
    while (d[static_cast<std::size_t>(last)] == 0) --last;
    if (d[static_cast<std::size_t>(last)] != 1) continue;
    std::vector<int> line_of(static_cast<std::size_t>(players), -1);
    std::vector<std::vector<int>> round;
    for (int x = 0; x < players; ++x) {
      if (line_of[static_cast<std::size_t>(x)] >= 0) continue;
      const std::vector<int> base = digits(x);
      std::vector<int> line;
      for (int t = 0; t < q; ++t) {
        std::vector<int> point(base);
        for (int i = 0; i < m; ++i) {
          const auto u = static_cast<std::size_t>(i);
          point[u] = f.add[static_cast<std::size_t>(base[u])][static_cast<std::size_t>(f.mul[static_cast<std::size_t>(t)][static_cast<std::size_t>(d[u])])];
        }
        const int y = number(point);
        line_of[static_cast<std::size_t>(y)] = static_cast<int>(round.size());
        line.push_back(y);
      }
      round.push_back(std::move(line));
    }
    out.push_back(std::move(round));
  }
  return out;
}

}  // namespace deedlog
