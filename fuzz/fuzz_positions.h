// Real positions for the fuzz targets that play on them: every sample game (samples/**/*.game)
// parsed and played through decide_start and decide, each position after each accepted move
// kept. Loaded once, when the target starts. Only the built-in editions and their house rules.
#pragma once
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog::fuzzing {

struct Position {
  const Ruleset* ruleset = nullptr;
  int players = 0;
  State state;
};

struct Positions {
  std::vector<std::unique_ptr<Ruleset>> rulesets;
  std::vector<Position> all;
};

inline void apply_all(State& s, const Events& events) {
  for (const Event& e : events) evolve(s, e);
}

inline Positions load_positions() {
  Positions out;
  std::vector<std::filesystem::path> games;
  const std::filesystem::path root = std::filesystem::path(DEEDLOG_SOURCE_DIR) / "samples";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root))
    if (entry.path().extension() == ".game") games.push_back(entry.path());
  std::sort(games.begin(), games.end());
  for (const auto& path : games) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    GameHeader header;
    ParseError error;
    if (!parse_header(text.str(), &header, &error) || !header.ruleset_data.empty()) continue;
    auto ruleset = std::make_unique<Ruleset>();
    if (!load_ruleset(header.ruleset, ruleset.get()).is_ok()) continue;
    if (!turn_on_house_rules(header.house_rules, ruleset.get()).is_ok()) continue;
    GameFile file;
    if (!parse_game(text.str(), *ruleset, &file, &error)) continue;
    const Decision start = decide_start(*ruleset, file.header, file.setup);
    if (!start.accepted) continue;
    State s = initial_state(*ruleset, file.header);
    apply_all(s, start.events);
    const int players = static_cast<int>(file.header.players.size());
    out.all.push_back(Position{ruleset.get(), players, s});
    for (const MoveLine& line : file.moves) {
      const Decision d = decide(*ruleset, s, line.command);
      if (!d.accepted) break;  // a dispute's refused line: the game stops there
      // Folded, not taken from the decision: the positions the fuzzers start from are the
      // stored events' fold, as a journal's reader makes them.
      evolve(s, move_line(line.command, line.text));
      apply_all(s, d.events);
      out.all.push_back(Position{ruleset.get(), players, s});
    }
    out.rulesets.push_back(std::move(ruleset));
  }
  std::fprintf(stderr, "fuzz: %zu positions from %zu sample games\n", out.all.size(), games.size());
  return out;
}

// The positions, loaded at the first call.
inline const Positions& positions() {
  static const Positions loaded = load_positions();
  return loaded;
}

}  // namespace deedlog::fuzzing
