// Journalled self-play on one thread writes a game's rows as the game goes, in its own write
// transaction, instead of holding them all to the end: a game of 1 M events held 330 MB of rows
// (4.5 M events: 1.46 GB) before its commit. The rows are the same (the same hashes) as those
// the workers of a run on several threads chain whole, and the game is still committed, and
// only then reported, at its end.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bots/simulation.h"
#include "journal/journal.h"
#include "support/cli.h"

namespace deedlog {
namespace {

std::string last_hash(const std::filesystem::path& db, std::int64_t game_id) {
  sqlite3* h = nullptr;
  EXPECT_EQ(sqlite3_open(db.string().c_str(), &h), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  const std::string sql = "SELECT hash FROM moves WHERE game_id = " + std::to_string(game_id) + " ORDER BY seq DESC LIMIT 1";
  EXPECT_EQ(sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr), SQLITE_OK);
  std::string hash;
  if (sqlite3_step(st) == SQLITE_ROW) hash = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  sqlite3_close(h);
  return hash;
}

SimulationOptions long_game() {
  SimulationOptions o;
  o.seed = 5;
  o.players = 4;
  o.starting_cash = 1'000'000'000;  // nobody goes bankrupt: the game runs to its move limit
  o.max_moves = 12'000;             // about 55,000 events
  o.snapshot_every = 256;
  return o;
}

TEST(SimulateStream, AGameOnOneThreadIsWrittenAsItGoesNotHeldToItsEnd) {
  const auto dir = testing::temp_dir("simulate-stream");
  std::unique_ptr<Journal> journal;
  ASSERT_TRUE(Journal::open((dir / "streamed.db").string(), &journal).is_ok());
  SimulationOptions o = long_game();
  o.threads = 1;
  // Late in the game, before its end: the journal (inside the game's transaction) already holds
  // most of its events. Held to the end, it held none.
  std::int64_t seen_in_journal = -1;
  o.on_event = [&](int, const State& before, const Event&) {
    if (seen_in_journal >= 0 || before.seq < 40'000) return;
    std::vector<GameRow> games;
    ASSERT_TRUE(journal->games(&games).is_ok());
    seen_in_journal = games.empty() ? 0 : games.front().last_seq;
  };
  std::vector<SimulatedGame> streamed;
  ASSERT_TRUE(simulate(o, journal.get(), &streamed).is_ok());
  ASSERT_EQ(streamed.size(), 1u);
  ASSERT_GT(streamed[0].events, 50'000);
  EXPECT_GE(seen_in_journal, 40'000 - 8192 - 100) << "the game's rows were held until its end";
  journal.reset();

  // The same game chained whole by a worker (two threads, two games): the same rows.
  std::unique_ptr<Journal> whole;
  ASSERT_TRUE(Journal::open((dir / "whole.db").string(), &whole).is_ok());
  SimulationOptions w = long_game();
  w.games = 2;
  w.threads = 2;
  std::vector<SimulatedGame> chained;
  ASSERT_TRUE(simulate(w, whole.get(), &chained).is_ok());
  whole.reset();
  ASSERT_EQ(chained.size(), 2u);
  EXPECT_EQ(chained[0].events, streamed[0].events);
  EXPECT_FALSE(last_hash(dir / "streamed.db", 1).empty());
  EXPECT_EQ(last_hash(dir / "streamed.db", 1), last_hash(dir / "whole.db", 1));

  // It verifies, snapshots and all.
  const testing::RunResult v = testing::referee(dir / "streamed.db", "verify");
  EXPECT_EQ(v.code, 0) << v.out << v.err;
}

}  // namespace
}  // namespace deedlog
