// Self-play: seeded bots play whole games through decide(); after every event the position is
// sound; the journal re-adjudicates to the same events; the same seed gives the same games.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sqlite3.h>

#include "bots/bot_player.h"
#include "bots/simulation.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/legal_moves.h"
#include "present/refusal_words.h"
#include "service/statistics.h"
#include "service/verification.h"
#include "deedlog/ruleset_catalog.h"
#include "support/cli.h"

namespace deedlog {
namespace {

class EveryEdition : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryEdition, HundredsOfSimulatedGamesKeepEveryInvariant) {
  SimulationOptions o;
  o.ruleset = GetParam();
  o.games = 150;
  o.seed = 20261122;
  o.check_invariants = true;
  Ruleset edition;
  ASSERT_TRUE(load_ruleset(o.ruleset, &edition).is_ok());
  for (int players : {2, 3, 4, 6}) {
    if (players > edition.max_players) continue;  // regional-currency: one player for each of four regions
    o.players = players;
    std::vector<SimulatedGame> results;
    const Status s = simulate(o, nullptr, &results);
    ASSERT_TRUE(s.is_ok()) << s.message();
    ASSERT_EQ(results.size(), 150u);
    int finished = 0;
    for (const SimulatedGame& g : results) {
      EXPECT_EQ(g.problem, "") << "game " << g.index << " with " << players << " players";
      finished += g.finished ? 1 : 0;
    }
    EXPECT_GT(finished, 100) << "most games should end with one player left";
  }
  // The short game too: the deal, the time called, the estates valued.
  o.variants = {"short-game"};
  o.players = 4;
  o.games = 60;
  std::vector<SimulatedGame> results;
  ASSERT_TRUE(simulate(o, nullptr, &results).is_ok());
  for (const SimulatedGame& g : results) EXPECT_EQ(g.problem, "") << "short game " << g.index;
}

INSTANTIATE_TEST_SUITE_P(Editions, EveryEdition, ::testing::ValuesIn(builtin_ruleset_ids()),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           std::string n = p.param;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(Simulation, TheJournalReAdjudicatesToTheSameEvents) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  SimulationOptions o;
  o.games = 12;
  o.seed = 99;
  std::vector<SimulatedGame> results;
  ASSERT_TRUE(simulate(o, j.get(), &results).is_ok());
  for (const SimulatedGame& g : results) {
    VerifyReport rep;
    ASSERT_TRUE(verify_game(*j, g.game_id, &rep).is_ok());
    EXPECT_TRUE(rep.ok) << "game " << g.game_id << ": " << rep.problem;
    EXPECT_EQ(rep.events, g.events);
  }
  JournalStatistics st;
  ASSERT_TRUE(journal_statistics(*j, &st).is_ok());
  EXPECT_EQ(st.games, 12);
  std::int64_t landings = 0, throws = 0;
  for (auto l : st.landings) landings += l;
  for (const SimulatedGame& g : results) throws += g.throws;
  EXPECT_EQ(st.throws, throws);
  EXPECT_EQ(landings, throws);  // every throw ends somewhere
}

// A game simulated with --cash states its setup in its header, as an imported one does, so
// verify decides the same opening again (it said "BROKEN at event 1" before).
TEST(Simulation, AGameWithItsOwnCashVerifies) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  SimulationOptions o;
  o.games = 3;
  o.seed = 5;
  o.starting_cash = 100000;
  o.max_moves = 300;
  std::vector<SimulatedGame> results;
  ASSERT_TRUE(simulate(o, j.get(), &results).is_ok());
  for (const SimulatedGame& g : results) {
    VerifyReport rep;
    ASSERT_TRUE(verify_game(*j, g.game_id, &rep).is_ok());
    EXPECT_TRUE(rep.ok) << "game " << g.game_id << ": " << rep.problem;
    EXPECT_FALSE(rep.legacy_opening);
    EXPECT_EQ(rep.events, g.events);
  }
}

TEST(Simulation, SameSeedSameGamesByteForByte) {
  const auto dir = testing::temp_dir("same-seed");
  for (const char* name : {"a.db", "b.db"}) {
    const auto r = testing::referee(dir / name, "simulate --ruleset uk-1972 --games 5 --seed 42 --players 3");
    ASSERT_EQ(r.code, 0) << r.err;
  }
  const auto a = testing::referee(dir / "a.db", "--json --game 5 log");
  const auto b = testing::referee(dir / "b.db", "--json --game 5 log");
  ASSERT_EQ(a.code, 0);
  EXPECT_EQ(a.out, b.out);  // the same events, hashes included
  const auto other = testing::referee(dir / "c.db", "simulate --games 1 --seed 43 --players 3");
  ASSERT_EQ(other.code, 0);
  EXPECT_NE(testing::referee(dir / "c.db", "--json log").out, testing::referee(dir / "a.db", "--json --game 1 log").out);
  const auto stats = testing::referee(dir / "a.db", "--json stats");
  ASSERT_EQ(stats.code, 0) << stats.err;
  const auto doc = nlohmann::json::parse(stats.out);
  EXPECT_EQ(doc["games"], 5);
  EXPECT_EQ(doc["squares"].size(), 40u);
}

// stats on the published tables' assumptions: each token's first throws of a game left out
// (every token here starts on GO), and the jail strategy the games were played under said.
TEST(Simulation, StatsLeaveOutEachTokensFirstThrowsAndSayTheJailStrategy) {
  const auto db = testing::temp_dir("stats-skip") / "s.db";
  ASSERT_EQ(testing::referee(db, "simulate --ruleset us-standard --games 3 --seed 9 --players 4 --cash 100000 "
                                 "--max-moves 600 --jail-strategy long").code, 0);
  const auto all = nlohmann::json::parse(testing::referee(db, "--json stats").out);
  const auto skipped = nlohmann::json::parse(testing::referee(db, "--json stats --skip-throws 10").out);
  EXPECT_EQ(all["skip_throws"], 0);
  EXPECT_EQ(skipped["skip_throws"], 10);
  // With cash enough that nobody goes bankrupt in 600 moves, every token throws 10 times and
  // more: 3 games of 4 tokens, 10 throws each left out.
  EXPECT_EQ(all["throws"].get<std::int64_t>() - skipped["throws"].get<std::int64_t>(), 3 * 4 * 10);
  std::int64_t landed = 0;
  for (const auto& sq : skipped["squares"]) landed += sq["landings"].get<std::int64_t>();
  EXPECT_EQ(landed, skipped["throws"].get<std::int64_t>());
  EXPECT_EQ(all["jail_strategies"], nlohmann::json({{"long", 3}}));
  ASSERT_EQ(testing::referee(db, "simulate --ruleset us-standard --games 1 --seed 10 --players 2 --max-moves 50").code, 0);
  const auto mixed = nlohmann::json::parse(testing::referee(db, "--json stats").out);
  EXPECT_EQ(mixed["jail_strategies"]["long"], 3);
  EXPECT_EQ(mixed["jail_strategies"]["mixed"], 1);
  EXPECT_EQ(testing::referee(db, "stats --skip-throws -1").code, 2);
  const auto text = testing::referee(db, "stats --skip-throws 10").out;
  EXPECT_NE(text.find("long (3 games)"), std::string::npos) << text;
}

// Snapshots are a cache: a long game's answers are the same with every snapshot removed.
TEST(Simulation, RemovingEverySnapshotChangesNoAnswer) {
  const auto db = testing::temp_dir("snapshots") / "long.db";
  ASSERT_EQ(testing::referee(db, "simulate --games 1 --seed 5 --players 3 --cash 100000 --max-moves 2000 --snapshot-every 100").code, 0);
  const std::string status = testing::referee(db, "--json status").out;
  const std::string middle = testing::referee(db, "--json status --at 4321").out;
  const std::string moves = testing::referee(db, "--json moves").out;
  const std::string value = testing::referee(db, "--json value").out;
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.string().c_str(), &h), SQLITE_OK);
  char* err = nullptr;
  ASSERT_EQ(sqlite3_exec(h, "SELECT count(*) FROM snapshots", nullptr, nullptr, &err), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(h, "SELECT count(*) FROM snapshots", -1, &st, nullptr);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_GT(sqlite3_column_int(st, 0), 50);  // one every 100 events of a game over 5,000
  sqlite3_finalize(st);
  ASSERT_EQ(sqlite3_exec(h, "DELETE FROM snapshots", nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_close(h);
  EXPECT_EQ(testing::referee(db, "--json status").out, status);
  EXPECT_EQ(testing::referee(db, "--json status --at 4321").out, middle);
  EXPECT_EQ(testing::referee(db, "--json moves").out, moves);
  EXPECT_EQ(testing::referee(db, "--json value").out, value);
}

// The bots choose among the moves `referee moves` lists, and decide() accepts each.
TEST(Simulation, EveryBotMoveIsAmongTheLegalMoves) {
  for (const std::string& edition : builtin_ruleset_ids()) {
    Ruleset r;
    ASSERT_TRUE(load_ruleset(edition, &r).is_ok());
    GameHeader h;
    h.ruleset = edition;
    h.players = {"Ann", "Ben", "Cat"};
    h.seed = 77;
    State s = initial_state(r, h);
    for (const Event& e : decide_start(r, h, std::nullopt).events) evolve(s, e);
    BotTable bots(r, 77);
    for (int move = 0; move < 600; ++move) {
      const std::optional<Command> c = bots.next_move(s);
      if (!c) break;
      bool listed = false;
      for (const LegalMove& m : legal_moves(r, s)) {
        const Command& l = m.command;
        if (l.verb != c->verb || l.actor != c->actor) continue;
        const bool same_target = c->verb == Verb::Build || c->verb == Verb::Sell || c->verb == Verb::Mortgage ||
                                         c->verb == Verb::Unmortgage
                                     ? l.square == c->square && l.hotel == c->hotel
                                     : true;
        listed = listed || same_target;
      }
      EXPECT_TRUE(listed || c->verb == Verb::Offer) << edition << " move " << move << ": verb " << static_cast<int>(c->verb);
      const Decision d = decide(r, s, *c);
      ASSERT_TRUE(d.accepted) << refusal_text(r, d.violation);
      Event played;
      played.type = EventType::MovePlayed;
      evolve(s, played);
      for (const Event& e : d.events) evolve(s, e);
    }
  }
}

TEST(Simulation, BadOptionsAreUsageErrors) {
  const auto dir = testing::temp_dir("sim-usage");
  EXPECT_EQ(testing::referee(dir / "x.db", "simulate --players 9").code, 2);
  EXPECT_EQ(testing::referee(dir / "x.db", "simulate --ruleset nope").code, 2);
  EXPECT_EQ(testing::referee(dir / "x.db", "simulate --games -1").code, 2);
}

// --cash beyond any game (it would overflow the 64-bit sums) or below 0 is a usage error, and no
// game is written; the largest amount allowed still plays.
TEST(Simulation, StartingCashOutOfRangeIsAUsageError) {
  const auto dir = testing::temp_dir("sim-cash");
  for (const std::string cash : {"9223372036854775807", "1000000000000001", "-5"}) {
    const auto r = testing::referee(dir / "x.db", "simulate --games 1 --seed 3 --max-moves 10 --cash " + cash);
    EXPECT_EQ(r.code, 2) << cash << ": " << r.out << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "x.db"));  // refused before the journal is made
  EXPECT_EQ(testing::referee(dir / "x.db", "simulate --games 1 --seed 3 --max-moves 10 --cash 1000000000").code, 0);

  SimulationOptions o;
  o.games = 1;
  o.max_moves = 10;
  std::vector<SimulatedGame> results;
  o.starting_cash = kMaxSimulationCash + 1;
  const Status s = simulate(o, nullptr, &results);
  EXPECT_EQ(s.code(), Status::Code::InvalidArgument);
  EXPECT_TRUE(results.empty());
  o.starting_cash = kMaxSimulationCash;
  EXPECT_TRUE(simulate(o, nullptr, &results).is_ok());
  ASSERT_EQ(results.size(), 1u);
}

}  // namespace
}  // namespace deedlog
