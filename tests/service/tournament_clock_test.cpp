// The tournament's clock (service/tournament_clock.h, docs/tournaments.md "The clock"), ticked at
// times the test chooses: a round's tables warned ten minutes and one minute before its end (each
// warning once by a server, none for a table whose game is over), time called at the end where
// the event says so and only there, and called once when two servers tick at the same moment.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "deedlog/clock_stamp.h"
#include "deedlog/game_file.h"
#include "journal/journal.h"
#include "service/game_session.h"
#include "service/tournament.h"
#include "service/tournament_clock.h"
#include "support/cli.h"

namespace deedlog {
namespace {

class TournamentClock : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::temp_dir("tournament-clock-" +
                             std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    ASSERT_TRUE(Journal::open((dir_ / "club.db").string(), &j_).is_ok());
  }
  void TearDown() override {
    j_.reset();
    std::filesystem::remove_all(dir_);
  }

  // A tournament of four at two tables of two, 90 minutes a round, round 1 seated: its id, and
  // when round 1 began (seconds since the epoch).
  std::int64_t seated_event(bool auto_call, std::int64_t* began) {
    TournamentSettings s;
    s.name = auto_call ? "Clocked" : "Judged";
    s.players = {"Ann", "Ben", "Cat", "Dan"};
    s.rounds = 2;
    s.table_size = 2;
    s.time_limit = "90m";
    s.auto_call_time = auto_call;
    std::int64_t id = 0;
    std::string key;
    EXPECT_TRUE(create_tournament(*j_, s, &id, &key).is_ok());
    Tournament t;
    EXPECT_TRUE(load_tournament(*j_, id, &t).is_ok());
    TournamentRound round;
    EXPECT_TRUE(seat_round(*j_, t, 1, false, key, &round).is_ok());
    EXPECT_TRUE(load_tournament(*j_, id, &t).is_ok());
    *began = clock_seconds(t.log.back().at);
    return id;
  }

  Tournament tournament(std::int64_t id) {
    Tournament t;
    EXPECT_TRUE(load_tournament(*j_, id, &t).is_ok());
    return t;
  }

  ClockTick tick(std::int64_t now, ClockMemory* memory) {
    ClockTick out;
    EXPECT_TRUE(clock_tick(*j_, now, memory, &out).is_ok());
    EXPECT_TRUE(out.problems.empty()) << out.problems.front();
    return out;
  }

  std::filesystem::path dir_;
  std::unique_ptr<Journal> j_;
};

TEST_F(TournamentClock, WarnsTenAndOneMinutesBeforeAndCallsTimeAtTheLimit) {
  std::int64_t began = 0;
  const std::int64_t id = seated_event(true, &began);
  ClockMemory memory;
  EXPECT_TRUE(tick(began + 60, &memory).warnings.empty());
  ClockTick ten = tick(began + 80 * 60 + 1, &memory);
  ASSERT_EQ(ten.warnings.size(), 2u);  // each table of the round
  for (const ClockWarning& w : ten.warnings) {
    EXPECT_EQ(w.tournament, id);
    EXPECT_EQ(w.round, 1);
    EXPECT_EQ(w.minutes, 10);
    EXPECT_EQ(w.seconds_left, 599);
    EXPECT_EQ(w.ends_at, began + 90 * 60);
  }
  EXPECT_NE(ten.warnings[0].game, ten.warnings[1].game);
  EXPECT_TRUE(tick(began + 85 * 60, &memory).warnings.empty());  // given once
  ClockTick one = tick(began + 89 * 60 + 30, &memory);
  ASSERT_EQ(one.warnings.size(), 2u);
  EXPECT_EQ(one.warnings[0].minutes, 1);
  EXPECT_TRUE(one.called.empty());
  EXPECT_FALSE(tournament(id).rounds[0].time_called);

  ClockTick end = tick(began + 90 * 60, &memory);
  EXPECT_EQ(end.called.size(), 2u);
  const Tournament t = tournament(id);
  EXPECT_TRUE(t.rounds[0].time_called);
  for (const TournamentTable& table : t.rounds[0].tables) {
    Game g;
    ASSERT_TRUE(load_game(*j_, table.game, 0, &g).is_ok());
    EXPECT_TRUE(g.state.time_called) << table.game;
  }
  // Called once: later ticks, and a server that starts afresh, find nothing to do.
  const std::int64_t records = t.last_seq;
  ClockMemory restarted;
  EXPECT_TRUE(tick(began + 91 * 60, &memory).called.empty());
  const ClockTick again = tick(began + 91 * 60, &restarted);
  EXPECT_TRUE(again.called.empty());
  EXPECT_TRUE(again.warnings.empty());
  EXPECT_EQ(tournament(id).last_seq, records);
}

TEST_F(TournamentClock, WithoutAutoCallTimeTheTablesAreWarnedAndTheJudgeCalls) {
  std::int64_t began = 0;
  const std::int64_t id = seated_event(false, &began);
  ClockMemory memory;
  // A server that starts late gives the warning that stands (1 minute), not the passed one.
  const ClockTick late = tick(began + 89 * 60 + 50, &memory);
  ASSERT_EQ(late.warnings.size(), 2u);
  EXPECT_EQ(late.warnings[0].minutes, 1);
  EXPECT_TRUE(tick(began + 95 * 60, &memory).called.empty());
  EXPECT_FALSE(tournament(id).rounds[0].time_called);
}

TEST_F(TournamentClock, AGameOverIsNotWarned) {
  std::int64_t began = 0;
  const std::int64_t id = seated_event(false, &began);
  Tournament t = tournament(id);
  // Table 1's game ended by the referee's call in it alone: its table is warned no more.
  Game g;
  ASSERT_TRUE(load_game(*j_, t.rounds[0].tables[0].game, 0, &g).is_ok());
  PlayOutcome po;
  Command c;
  ParseError perr;
  ASSERT_TRUE(parse_move("Referee calls time", g.ruleset, g.header.players, &c, &perr)) << perr.message;
  ASSERT_TRUE(play_move(*j_, g, c, false, &po).is_ok());
  ASSERT_TRUE(po.decision.accepted);
  ClockMemory memory;
  const ClockTick ten = tick(began + 81 * 60, &memory);
  ASSERT_EQ(ten.warnings.size(), 1u);
  EXPECT_EQ(ten.warnings[0].table, 2);
}

// A tick reads a tournament only when something may be due: a new record, or a warning's or the
// end's time come. Between them the server's every-second tick reads nothing (it read every
// tournament with a clock every second before).
TEST_F(TournamentClock, AQuietTournamentIsReadAgainOnlyOnANewRecordOrWhenSomethingFallsDue) {
  std::int64_t began = 0;
  const std::int64_t id = seated_event(true, &began);
  ClockMemory memory;
  EXPECT_EQ(tick(began + 60, &memory).tournaments_read, 1);
  EXPECT_EQ(tick(began + 61, &memory).tournaments_read, 0);
  EXPECT_EQ(tick(began + 80 * 60 - 1, &memory).tournaments_read, 0);
  const ClockTick ten = tick(began + 80 * 60, &memory);  // the ten minutes' warning falls due
  EXPECT_EQ(ten.tournaments_read, 1);
  EXPECT_EQ(ten.warnings.size(), 2u);
  EXPECT_EQ(tick(began + 80 * 60 + 5, &memory).tournaments_read, 0);
  // The Head Judge calls time from the command line: a new record, so the next tick reads it,
  // finds nothing left to do, and reads it no more.
  Tournament t = tournament(id);
  std::vector<CallTimeOutcome> outcomes;
  ASSERT_TRUE(call_time_in_round(*j_, t, 1, &outcomes).is_ok());
  const ClockTick after_call = tick(began + 80 * 60 + 6, &memory);
  EXPECT_EQ(after_call.tournaments_read, 1);
  EXPECT_TRUE(after_call.warnings.empty());
  const ClockTick past_the_end = tick(began + 95 * 60, &memory);
  EXPECT_EQ(past_the_end.tournaments_read, 0);
  EXPECT_TRUE(past_the_end.called.empty());
}

// Two servers on one journal tick at the same moment past the limit: one records the call, the
// other finds it recorded (the chain refuses a second writer), and the round is called once.
TEST_F(TournamentClock, TwoServersTickingAtOnceCallTimeOnce) {
  std::int64_t began = 0;
  const std::int64_t id = seated_event(true, &began);
  const std::int64_t before = tournament(id).last_seq;
  std::vector<std::int64_t> called[2];
  std::vector<std::string> problems[2];
  std::vector<std::thread> servers;
  for (int k = 0; k < 2; ++k)
    servers.emplace_back([&, k] {
      std::unique_ptr<Journal> own;
      if (!Journal::open((dir_ / "club.db").string(), &own).is_ok()) return problems[k].push_back("no journal");
      ClockMemory memory;
      ClockTick out;
      if (Status s = clock_tick(*own, began + 90 * 60, &memory, &out); !s.is_ok()) problems[k].push_back(s.message());
      called[k] = out.called;
      for (const std::string& p : out.problems) problems[k].push_back(p);
    });
  for (std::thread& s : servers) s.join();
  EXPECT_TRUE(problems[0].empty() && problems[1].empty()) << (problems[0].empty() ? problems[1] : problems[0]).front();
  EXPECT_EQ(called[0].size() + called[1].size(), 2u);
  const Tournament t = tournament(id);
  EXPECT_TRUE(t.rounds[0].time_called);
  EXPECT_EQ(t.last_seq, before + 1);  // one time_called record
}

}  // namespace
}  // namespace deedlog
