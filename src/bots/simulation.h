#pragma once
// referee simulate: whole games played by seeded computer players, every move put to decide()
// like a human's, the journal written as for a human game. Same seed, same games, byte for byte.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bots/bot_player.h"
#include "deedlog/event.h"
#include "deedlog/state.h"
#include "deedlog/state_check.h"
#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

struct SimulationOptions {
  std::string ruleset = "uk-1972";
  int games = 1;
  std::uint64_t seed = 1;
  int players = 4;
  int max_moves = 4000;                     // a game still going after this many moves stops, and says so
  std::vector<std::string> variants;
  bool check_invariants = false;            // check the position after every event (tests)
  std::int64_t snapshot_every = 256;        // journalled games store a snapshot this often (0: none)
  std::int64_t starting_cash = 0;           // > 0: every player starts with this (long games for benchmarks);
                                            // 0 to kMaxSimulationCash, else simulate() refuses (invalid argument)
  // Games played at once, each on its own thread (0: one a core). The games, the journal and the
  // answer are the same for any number: a game's seed follows from its index alone.
  int threads = 1;
  JailStrategy jail_strategy = JailStrategy::Mixed;  // fixed ones for landing frequencies (docs/landing-frequencies.md)
  // Called with each event of each game (index from 0) and the position just before it; for
  // figures taken as the games are played, without a journal (tests).
  std::function<void(int game, const State& before, const Event& event)> on_event;
};

// The most a player may start a simulated game with (`--cash`): a thousand million million, so a long
// game of the US rules (10% income tax again and again) still runs to its move limit, while
// eight players' money stays far below the largest sum a stored event or position may carry
// (kMaxMoneyUnits, 10^17) and the 64-bit sums cannot overflow.
inline constexpr std::int64_t kMaxSimulationCash = kMaxStartingCash;

struct SimulatedGame {
  int index = 0;
  std::int64_t game_id = 0;                 // in the journal, 0 when not journalled
  std::int64_t moves = 0;
  std::int64_t events = 0;
  std::int64_t throws = 0;
  std::string winner;                       // "" when the move limit stopped it
  bool finished = false;
  std::string problem;                      // an invariant broken (only with check_invariants)
};

// The threads simulate uses for `asked` (0: one a core) and this many games: at least 1.
int simulation_threads(int asked, int games);

// journal may be null: the games are played in memory only. progress(done, total) after each game.
// The options' own checks (the cash, the variants' names): invalid_argument when one is wrong.
Status check_simulation_options(const SimulationOptions& options);

Status simulate(const SimulationOptions& options, Journal* journal, std::vector<SimulatedGame>* results,
                const std::function<void(int, int)>& progress = {});

}  // namespace deedlog
