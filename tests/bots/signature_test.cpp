// The behaviour signature: one digest per edition over every event of a fixed set of seeded
// self-play games. Any change to what the rules decide (a sum, an order of consequences, a
// bot's choice) changes a digest. A commit that changes one on purpose updates the table below
// and says in its message which behaviour changed and why; a refactoring must leave them all.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

#include "bots/simulation.h"
#include "deedlog/event_codec.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {

// FNV-1a, 64 bits: enough to notice a change; this is not a security check.
struct Digest {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void add(std::string_view bytes) {
    for (unsigned char c : bytes) {
      h ^= c;
      h *= 0x100000001b3ull;
    }
  }
  std::string hex() const { return fmt::format("{:016x}", h); }
};

struct SignatureGames {
  std::string ruleset;
  std::vector<std::string> variants;
  int players = 4;
  int games = 12;
};

std::string signature_of(const SignatureGames& g) {
  SimulationOptions o;
  o.ruleset = g.ruleset;
  o.variants = g.variants;
  o.players = g.players;
  o.games = g.games;
  o.seed = 1972;
  Digest d;
  o.on_event = [&](int game, const State&, const Event& e) {
    d.add(fmt::format("{}|{}|{}\n", game, event_type_name(e.type), encode_payload(e)));
  };
  std::vector<SimulatedGame> results;
  const Status s = simulate(o, nullptr, &results);
  if (!s.is_ok()) return "error: " + s.message();
  for (const SimulatedGame& r : results) d.add(fmt::format("{}:{}:{}:{}\n", r.index, r.moves, r.winner, r.finished));
  return d.hex();
}

std::string label(const SignatureGames& g) {
  std::string out = g.ruleset;
  for (const std::string& v : g.variants) out += "+" + v;
  return out;
}

// The pinned signatures. Change a line only when behaviour changes on purpose, and say why in
// the commit message.
const std::map<std::string, std::string>& pinned() {
  static const std::map<std::string, std::string> table = {
      {"uk-1972", "2f09f451939629d9"},
      {"uk-1972+short-game", "40ea6031730f6c81"},
      {"military", "2f09f451939629d9"},
      {"regional-currency", "d3274e1c0232e4c2"},
      {"computer", "aea7cf754d2cd76b"},
      {"us-standard", "a8be74e9fa41833d"},
      {"us-standard+time-limit", "3708dae254569778"},
      {"us-short", "fe61dcf2e5bd6e37"},
      {"bahamas", "5d4a5cfd53e57d7b"},
  };
  return table;
}

std::vector<SignatureGames> signature_games() {
  return {
      {"uk-1972", {}, 4, 12},          {"uk-1972", {"short-game"}, 4, 6}, {"military", {}, 4, 12},
      {"regional-currency", {}, 4, 12}, {"computer", {}, 4, 12},          {"us-standard", {}, 4, 12},
      {"us-standard", {"time-limit"}, 4, 6}, {"us-short", {}, 4, 12},     {"bahamas", {}, 4, 12},
  };
}

TEST(BehaviourSignature, SeededSelfPlayOfEveryEditionIsPinned) {
  std::string table;
  bool all_same = true;
  for (const SignatureGames& g : signature_games()) {
    const std::string name = label(g);
    const std::string got = signature_of(g);
    table += fmt::format("      {{\"{}\", \"{}\"}},\n", name, got);
    const auto it = pinned().find(name);
    ASSERT_NE(it, pinned().end()) << name << " has no pinned signature";
    if (it->second != got) all_same = false;
    EXPECT_EQ(it->second, got) << name << ": the rules now decide these games differently";
  }
  if (!all_same) ADD_FAILURE() << "signatures now (paste only if the change is intended):\n" << table;
}

TEST(BehaviourSignature, EveryBuiltInEditionIsCovered) {
  std::set<std::string> covered;
  for (const SignatureGames& g : signature_games()) covered.insert(g.ruleset);
  for (const std::string& id : builtin_ruleset_ids()) EXPECT_TRUE(covered.count(id)) << id;
}

TEST(BehaviourSignature, SameSeedSameSignature) {
  const SignatureGames g{"uk-1972", {}, 3, 3};
  EXPECT_EQ(signature_of(g), signature_of(g));
}

}  // namespace
}  // namespace deedlog
