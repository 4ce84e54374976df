// Benchmarks (Google Benchmark). Run them with scripts/bench.sh, which also times whole
// processes and prints the table for the README. Figures are per second of one core.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "service/game_session.h"
#include "bots/simulation.h"
#include "service/verification.h"
#include "service/game_log.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {

namespace fs = std::filesystem;

// A benchmark whose set-up failed measures nothing: stop with the reason.
void must(const Status& s) {
  if (s.is_ok()) return;
  std::fprintf(stderr, "deedlog_bench: %s\n", s.message().c_str());
  std::exit(1);
}

// A journal of simulated games, made once per run.
struct Fixture {
  fs::path dir = fs::temp_directory_path() / ("deedlog-bench-" + std::to_string(::getpid()));
  fs::path db = dir / "games.db";
  std::vector<std::int64_t> games;
  std::int64_t events = 0;
  Ruleset ruleset;
  GameHeader header;
  Events first_game;  // decoded, for the in-memory fold

  Fixture() {
    fs::create_directories(dir);
    must(load_ruleset("uk-1972", &ruleset));
    std::unique_ptr<Journal> j;
    must(Journal::open(db.string(), &j));
    SimulationOptions o;
    o.games = 200;
    o.seed = 7;
    std::vector<SimulatedGame> results;
    must(simulate(o, j.get(), &results));
    for (const auto& g : results) {
      games.push_back(g.game_id);
      events += g.events;
    }
    Game g;
    must(load_game(*j, games.front(), 0, &g));
    header = g.header;
    must(GameLog(*j, g).read(1, 0, [&](const LoggedEvent& e) {
      first_game.push_back(e.event);
      return true;
    }));
  }
  ~Fixture() { fs::remove_all(dir); }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

// evolve folded over a game held in memory.
void BM_EvolveFold(benchmark::State& state) {
  Fixture& f = fixture();
  std::int64_t n = 0;
  for (auto _ : state) {
    State s = initial_state(f.ruleset, f.header);
    for (const Event& e : f.first_game) evolve(s, e);
    benchmark::DoNotOptimize(s);
    n += static_cast<std::int64_t>(f.first_game.size());
  }
  state.SetItemsProcessed(n);
}
BENCHMARK(BM_EvolveFold);

// Every game of the file read from SQLite, decoded and folded (what replay and status do).
void BM_ReplayJournal(benchmark::State& state) {
  Fixture& f = fixture();
  std::unique_ptr<Journal> j;
  must(Journal::open(f.db.string(), &j, true));
  std::int64_t n = 0;
  for (auto _ : state) {
    for (std::int64_t id : f.games) {
      Game g;
      must(load_game(*j, id, 0, &g));
      State s = initial_state(f.ruleset, g.header);
      must(GameLog(*j, g).read(1, 0, [&](const LoggedEvent& e) {
        evolve(s, e.event);
        return true;
      }));
      benchmark::DoNotOptimize(s);
    }
    n += f.events;
  }
  state.SetItemsProcessed(n);
}
BENCHMARK(BM_ReplayJournal)->Unit(benchmark::kMillisecond);

// verify: the hash chain and every move decided again.
void BM_VerifyJournal(benchmark::State& state) {
  Fixture& f = fixture();
  std::unique_ptr<Journal> j;
  must(Journal::open(f.db.string(), &j, true));
  std::int64_t n = 0;
  for (auto _ : state) {
    for (std::int64_t id : f.games) {
      VerifyReport rep;
      must(verify_game(*j, id, &rep));
      benchmark::DoNotOptimize(rep);
    }
    n += f.events;
  }
  state.SetItemsProcessed(n);
}
BENCHMARK(BM_VerifyJournal)->Unit(benchmark::kMillisecond);

// import: the long sample game into a fresh file, one transaction per move, WAL.
void BM_ImportLongGame(benchmark::State& state) {
  Fixture& f = fixture();
  std::ifstream in(std::string(DEEDLOG_SOURCE_DIR) + "/samples/uk-1972/long-game.game");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  GameFile gf;
  ParseError perr;
  if (!parse_game(text, f.ruleset, &gf, &perr)) must(Status::corrupt("the sample game does not parse"));
  std::int64_t n = 0, round = 0;
  for (auto _ : state) {
    const fs::path db = f.dir / ("import-" + std::to_string(round++) + ".db");
    std::unique_ptr<Journal> j;
    must(Journal::open(db.string(), &j));
    std::int64_t id = 0;
    std::optional<Violation> refused;
    must(create_game(*j, gf.header, gf.setup, &id, &refused));
    Game g;
    must(load_game(*j, id, 0, &g));
    for (const MoveLine& m : gf.moves) {
      PlayOutcome po;
      must(play_move(*j, g, m.command, false, &po));
    }
    n += g.state.seq;
    state.PauseTiming();
    j.reset();
    fs::remove(db);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(n);
}
BENCHMARK(BM_ImportLongGame)->Unit(benchmark::kMillisecond);

// simulate: throws of the dice per second, in memory and journalled to SQLite.
void simulate_bench(benchmark::State& state, bool journalled) {
  Fixture& f = fixture();
  std::int64_t throws = 0, round = 0;
  for (auto _ : state) {
    std::unique_ptr<Journal> j;
    const fs::path db = f.dir / ("sim-" + std::to_string(round++) + ".db");
    if (journalled) must(Journal::open(db.string(), &j));
    SimulationOptions o;
    o.games = 20;
    o.seed = static_cast<std::uint64_t>(round);
    std::vector<SimulatedGame> results;
    must(simulate(o, j.get(), &results));
    for (const auto& g : results) throws += g.throws;
    state.PauseTiming();
    j.reset();
    if (journalled) fs::remove(db);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(throws);
}
void BM_SimulateInMemory(benchmark::State& state) { simulate_bench(state, false); }
void BM_SimulateJournalled(benchmark::State& state) { simulate_bench(state, true); }
BENCHMARK(BM_SimulateInMemory)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateJournalled)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace deedlog

BENCHMARK_MAIN();
