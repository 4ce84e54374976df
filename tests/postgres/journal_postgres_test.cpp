// The journal's behaviour on both stores: each case runs on an SQLite file and on a PostgreSQL
// database of a throw-away server (tests/support/postgres_server.h), which it skips, saying so,
// where no server can start. The cases that tamper with the server's rows are PostgreSQL's own.
#include <atomic>
#include <barrier>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "journal/hash_chain.h"
#include "journal/journal.h"
#include "support/postgres_server.h"

namespace deedlog {
namespace {

namespace fs = std::filesystem;
using testing_pg::Server;
using testing_pg::database_of;

const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new testing_pg::Environment);

constexpr char kHeader[] = R"({"ruleset":"uk-1972","players":["Ann","Bob"]})";

NewEvent event(std::string type, std::string payload, std::string actor = "Ann") {
  return NewEvent{"2024-05-01T20:15:00Z", std::move(actor), std::move(type), std::move(payload)};
}

std::vector<NewEvent> a_move(int n = 0) {
  return {event("MovePlayed", R"({"move":)" + std::to_string(n) + "}"), event("DiceThrown", R"({"dice":[3,4]})"),
          event("TokenMoved", R"({"from":0,"to":7})")};
}

std::vector<EventRow> all_events(Journal& j, std::int64_t game_id) {
  std::vector<EventRow> out;
  const Status s = j.scan(game_id, 1, 0, [&](const EventRow& r) {
    out.push_back(r);
    return true;
  });
  EXPECT_TRUE(s.is_ok()) << s.message();
  return out;
}

ChainReport verified(Journal& j, std::int64_t game_id) {
  ChainReport report;
  const Status s = j.verify_chain(game_id, &report);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return report;
}

// One journal's name: a file in a folder of its own, or a new database on the test server.
class Stores : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") {
      DEEDLOG_REQUIRE_POSTGRES();
      name_ = Server::get().new_database();
    } else {
      dir_ = fs::temp_directory_path() / ("deedlog-stores-" + std::to_string(::getpid()) + "-" +
                                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
      fs::remove_all(dir_);
      fs::create_directories(dir_);
      name_ = (dir_ / "journal.db").string();
    }
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  std::unique_ptr<Journal> open(bool read_only = false) {
    std::unique_ptr<Journal> j;
    const Status s = Journal::open(name_, &j, read_only);
    EXPECT_TRUE(s.is_ok()) << s.message();
    return j;
  }
  std::string name_;
  fs::path dir_;
};

// The head a game of these moves has, computed by the SQLite store: the other must agree.
std::string head_in_memory(int moves) {
  std::unique_ptr<Journal> j;
  EXPECT_TRUE(Journal::open(":memory:", &j).is_ok());
  std::int64_t id = 0;
  EXPECT_TRUE(j->create_game(kHeader, {event("GameStarted", "{}", "Referee")}, &id).is_ok());
  for (int i = 0; i < moves; ++i) EXPECT_TRUE(j->append(id, 2 + 3 * i, a_move(i)).is_ok());
  return verified(*j, id).head_hash;
}

TEST_P(Stores, CreateAppendScanVerifyWithTheSameHashes) {
  auto j = open();
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {event("GameStarted", "{}", "Referee")}, &id).is_ok());
  EXPECT_EQ(id, 1);
  std::string head;
  ASSERT_TRUE(j->append(id, 2, a_move(0)).is_ok());
  ASSERT_TRUE(j->append(id, 5, a_move(1), &head).is_ok());
  const auto events = all_events(*j, id);
  ASSERT_EQ(events.size(), 7u);
  EXPECT_EQ(events[2].type, "DiceThrown");
  EXPECT_EQ(events[2].payload, R"({"dice":[3,4]})");
  EXPECT_EQ(events[6].seq, 7);
  const ChainReport report = verified(*j, id);
  EXPECT_TRUE(report.ok) << report.problem;
  EXPECT_EQ(report.events_checked, 7);
  EXPECT_EQ(report.head_hash, head);
  EXPECT_EQ(report.head_hash, head_in_memory(2));
  GameRow g;
  ASSERT_TRUE(j->game(id, &g).is_ok());
  EXPECT_EQ(g.last_seq, 7);
  EXPECT_EQ(g.header, kHeader);
  EXPECT_EQ(g.created.size(), 20u);  // 2024-05-01T20:15:00Z
}

// A game chained off the journal (self-play's workers) lands with the hashes create_game and
// append would give it, in either store, and is chained again when it gets another id.
TEST_P(Stores, AChainedGameIsStoredWithTheSameHashes) {
  std::vector<NewEvent> game = {event("GameStarted", "{}", "Referee")};
  for (int i = 0; i < 40; ++i)
    for (NewEvent& e : a_move(i)) game.push_back(std::move(e));
  auto j = open();
  std::int64_t first = 0, id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &first).is_ok());
  ChainedGame chained;
  ASSERT_TRUE(chain_game(kHeader, game, 1, &chained).is_ok());  // chained for id 1, stored as 2
  ASSERT_TRUE(j->create_chained_game(chained, &id).is_ok());
  EXPECT_EQ(id, 2);
  std::unique_ptr<Journal> mem;
  ASSERT_TRUE(Journal::open(":memory:", &mem).is_ok());
  std::int64_t mem_id = 0;
  ASSERT_TRUE(mem->create_game(kHeader, {}, &mem_id).is_ok());
  ASSERT_TRUE(mem->create_game(kHeader, game, &mem_id).is_ok());
  const ChainReport report = verified(*j, id);
  EXPECT_TRUE(report.ok) << report.problem;
  EXPECT_EQ(report.events_checked, static_cast<std::int64_t>(game.size()));
  EXPECT_EQ(report.head_hash, verified(*mem, mem_id).head_hash);
}

TEST_P(Stores, ScanFromTheMiddleOfAMoveReadsFromThatEvent) {
  auto j = open();
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {event("GameStarted", "{}", "Referee")}, &id).is_ok());
  ASSERT_TRUE(j->append(id, 2, a_move(0)).is_ok());
  ASSERT_TRUE(j->append(id, 5, a_move(1)).is_ok());
  std::vector<std::int64_t> seqs;
  ASSERT_TRUE(j->scan(id, 3, 6, [&](const EventRow& r) {
                  seqs.push_back(r.seq);
                  return true;
                }).is_ok());
  EXPECT_EQ(seqs, (std::vector<std::int64_t>{3, 4, 5, 6}));
}

TEST_P(Stores, StaleExpectedSeqIsAConflictAndWritesNothing) {
  auto j = open();
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  ASSERT_TRUE(j->append(id, 1, a_move()).is_ok());
  EXPECT_TRUE(j->append(id, 1, a_move()).is_conflict());
  EXPECT_TRUE(j->append(id, 9, a_move()).is_conflict());
  EXPECT_EQ(all_events(*j, id).size(), 3u);
}

TEST_P(Stores, BatchWithAnInvalidPayloadStoresNoneOfIt) {
  auto j = open();
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  const Status s = j->append(id, 1, {event("MovePlayed", "{}"), event("DiceThrown", "{not json")});
  EXPECT_EQ(s.code(), Status::Code::InvalidArgument);
  EXPECT_TRUE(all_events(*j, id).empty());
  EXPECT_TRUE(j->append(id, 1, a_move()).is_ok());
}

TEST_P(Stores, HeaderMustBeJsonAndUnknownGamesAreNotFound) {
  auto j = open();
  std::int64_t id = 0;
  EXPECT_FALSE(j->create_game("not json", {}, &id).is_ok());
  std::vector<GameRow> games;
  ASSERT_TRUE(j->games(&games).is_ok());
  EXPECT_TRUE(games.empty());
  GameRow g;
  EXPECT_TRUE(j->game(42, &g).is_not_found());
  EXPECT_TRUE(j->append(42, 1, a_move()).is_not_found());
  EXPECT_TRUE(j->scan(42, 1, 0, [](const EventRow&) { return true; }).is_not_found());
}

TEST_P(Stores, AFailedWriteTransactionLeavesNothing) {
  auto j = open();
  const Status s = j->write_transaction([&] {
    std::int64_t id = 0;
    if (Status c = j->create_game(kHeader, {event("GameStarted", "{}", "Referee")}, &id); !c.is_ok()) return c;
    if (Status a = j->append(id, 2, a_move()); !a.is_ok()) return a;
    return Status::invalid_argument("the import's third game did not parse");
  });
  EXPECT_EQ(s.code(), Status::Code::InvalidArgument);
  std::vector<GameRow> games;
  ASSERT_TRUE(j->games(&games).is_ok());
  EXPECT_TRUE(games.empty());
}

TEST_P(Stores, GamesAreListedInIdOrderWithTheirLastSeq) {
  auto j = open();
  std::int64_t a = 0, b = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &a).is_ok());
  ASSERT_TRUE(j->create_game(kHeader, a_move(), &b).is_ok());
  std::vector<GameRow> games;
  ASSERT_TRUE(j->games(&games).is_ok());
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].game_id, 1);
  EXPECT_EQ(games[0].last_seq, 0);
  EXPECT_EQ(games[1].game_id, 2);
  EXPECT_EQ(games[1].last_seq, 3);
  EXPECT_EQ(verified(*j, a).head_hash, games[0].genesis);
}

TEST_P(Stores, SnapshotsKeepTheirBytesAndAreCheckedAgainstTheChain) {
  auto j = open();
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, a_move(0), &id).is_ok());
  ASSERT_TRUE(j->append(id, 4, a_move(1)).is_ok());
  const std::string blob("state\0with\xff bytes", 17);
  ASSERT_TRUE(j->put_snapshot(id, 3, blob).is_ok());
  ASSERT_TRUE(j->put_snapshot(id, 6, "later").is_ok());
  EXPECT_EQ(j->put_snapshot(id, 7, "x").code(), Status::Code::InvalidArgument);
  std::int64_t seq = 0;
  std::string got;
  ASSERT_TRUE(j->latest_snapshot(id, 5, &seq, &got).is_ok());
  EXPECT_EQ(seq, 3);
  EXPECT_EQ(got, blob);
  ASSERT_TRUE(j->latest_snapshot(id, 100, &seq, &got).is_ok());
  EXPECT_EQ(seq, 6);
  std::vector<std::int64_t> seqs;
  ASSERT_TRUE(j->snapshot_seqs(id, &seqs).is_ok());
  EXPECT_EQ(seqs, (std::vector<std::int64_t>{3, 6}));
}

TEST_P(Stores, ReadOnlyRefusesEveryWrite) {
  std::int64_t id = 0;
  {
    auto j = open();
    ASSERT_TRUE(j->create_game(kHeader, a_move(), &id).is_ok());
  }
  auto r = open(true);
  ASSERT_NE(r, nullptr);
  std::int64_t other = 0;
  EXPECT_FALSE(r->create_game(kHeader, {}, &other).is_ok());
  EXPECT_FALSE(r->append(id, 4, a_move()).is_ok());
  EXPECT_FALSE(r->put_snapshot(id, 3, "x").is_ok());
  EXPECT_EQ(all_events(*r, id).size(), 3u);
  EXPECT_TRUE(verified(*r, id).ok);
}

TEST_P(Stores, AdoptedGameKeepsItsIdAndATakenIdIsAConflict) {
  GameRow source;
  std::string head;
  {
    std::unique_ptr<Journal> mem;
    ASSERT_TRUE(Journal::open(":memory:", &mem).is_ok());
    std::int64_t id = 0;
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(mem->create_game(kHeader, a_move(i), &id).is_ok());
    ASSERT_TRUE(mem->game(3, &source).is_ok());
    head = verified(*mem, 3).head_hash;
  }
  auto j = open();
  ASSERT_TRUE(j->adopt_game(source).is_ok());
  ASSERT_TRUE(j->append(3, 1, a_move(2)).is_ok());
  EXPECT_EQ(verified(*j, 3).head_hash, head);
  EXPECT_TRUE(j->adopt_game(source).is_conflict());
  std::int64_t next = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &next).is_ok());
  EXPECT_EQ(next, 4);
}

// Eight writers, each with its own connection, append to one game at once. All eight first
// aim at the same seq (exactly one wins, seven are told Conflict); then each appends five more
// moves, re-reading the head after every Conflict. Nothing may be lost or written twice.
TEST_P(Stores, EightWritersOnOneGameLoseNothingAndDuplicateNothing) {
  std::int64_t id = 0;
  {
    auto j = open();
    ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  }
  constexpr int kWriters = 8;
  constexpr int kMoves = 5;
  std::atomic<int> first_wins{0}, first_conflicts{0}, other_failures{0}, conflicts{0};
  std::barrier start(kWriters);
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      std::unique_ptr<Journal> j;
      if (!Journal::open(name_, &j).is_ok()) {
        ++other_failures;
        start.arrive_and_drop();
        return;
      }
      const auto mine = [&](int n) {
        return std::vector<NewEvent>{event("MovePlayed", R"({"writer":)" + std::to_string(w) + R"(,"n":)" +
                                                             std::to_string(n) + "}", "W" + std::to_string(w))};
      };
      start.arrive_and_wait();
      const Status first = j->append(id, 1, mine(0));
      if (first.is_ok()) ++first_wins;
      else if (first.is_conflict()) ++first_conflicts;
      else ++other_failures;
      for (int n = first.is_ok() ? 1 : 0; n < kMoves;) {
        GameRow g;
        if (!j->game(id, &g).is_ok()) {
          ++other_failures;
          return;
        }
        const Status s = j->append(id, g.last_seq + 1, mine(n));
        if (s.is_ok()) ++n;
        else if (s.is_conflict()) ++conflicts;
        else {
          ++other_failures;
          return;
        }
      }
    });
  }
  for (auto& t : writers) t.join();
  EXPECT_EQ(other_failures.load(), 0);
  EXPECT_EQ(first_wins.load(), 1);
  EXPECT_EQ(first_conflicts.load(), kWriters - 1);
  auto j = open();
  const auto events = all_events(*j, id);
  EXPECT_EQ(events.size(), static_cast<std::size_t>(kWriters * kMoves));
  std::map<std::string, int> seen;
  for (const EventRow& e : events) ++seen[e.payload];
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kWriters * kMoves));  // none lost
  for (const auto& [payload, times] : seen) EXPECT_EQ(times, 1) << payload;  // none twice
  EXPECT_TRUE(verified(*j, id).ok);
  RecordProperty("conflicts_after_the_first_round", conflicts.load());
}

// The server's keys in the journal's own store (journal/key_store.h): a file beside the SQLite
// journal, a table in the PostgreSQL database. A game's digests are read back by another store
// of another connection to the journal, and are never replaced.
TEST_P(Stores, AGamesKeyDigestsAreReadBackThroughAnotherStoreAndNeverReplaced) {
  std::int64_t id = 0;
  auto j = open();
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  const std::string referee(64, 'a'), table(64, 'b');
  auto store = j->open_key_store();
  ASSERT_TRUE(store->prepare().is_ok());
  ASSERT_TRUE(store->keep(id, GameKeyDigests{referee, table}).is_ok());
  auto other = open()->open_key_store();
  ASSERT_TRUE(other->prepare().is_ok());
  std::optional<GameKeyDigests> kept;
  ASSERT_TRUE(other->read(id, &kept).is_ok());
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->referee, referee);
  EXPECT_EQ(kept->table, table);
  ASSERT_TRUE(other->read(id + 1, &kept).is_ok());
  EXPECT_FALSE(kept);
  EXPECT_FALSE(other->keep(id, GameKeyDigests{std::string(64, 'c'), std::string(64, 'd')}).is_ok());
  ASSERT_TRUE(store->read(id, &kept).is_ok());
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->referee, referee);
}

// Kept analyses in the journal's own store (journal/analysis_store.h): the folder beside the
// SQLite journal, the table in the PostgreSQL database (made by the first keep: until then a read
// finds none). Read back through another store, and replaced by the next keep.
TEST_P(Stores, AnAnalysisIsKeptReadBackThroughAnotherStoreAndReplaced) {
  std::int64_t id = 0;
  auto j = open();
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  auto store = j->open_analysis_store();
  std::optional<std::string> kept;
  ASSERT_TRUE(store->read(id, &kept).is_ok());
  EXPECT_FALSE(kept);
  ASSERT_TRUE(store->keep(id, R"({"head": "first"})").is_ok());
  auto other = open()->open_analysis_store();
  ASSERT_TRUE(other->read(id, &kept).is_ok());
  EXPECT_EQ(kept, R"({"head": "first"})");
  ASSERT_TRUE(other->read(id + 1, &kept).is_ok());
  EXPECT_FALSE(kept);
  ASSERT_TRUE(other->keep(id, R"({"head": "second"})").is_ok());
  ASSERT_TRUE(store->read(id, &kept).is_ok());
  EXPECT_EQ(kept, R"({"head": "second"})");
}

INSTANTIATE_TEST_SUITE_P(BothStores, Stores, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& p) { return p.param; });

// What the server itself refuses, and what verify_chain catches once its guard is dropped.
class OnPostgres : public ::testing::Test {
 protected:
  void SetUp() override {
    DEEDLOG_REQUIRE_POSTGRES();
    uri_ = Server::get().new_database();
    database_ = database_of(uri_);
    ASSERT_TRUE(Journal::open(uri_, &j_).is_ok());
    ASSERT_TRUE(j_->create_game(kHeader, {event("GameStarted", "{}", "Referee")}, &id_).is_ok());
    ASSERT_TRUE(j_->append(id_, 2, a_move(0)).is_ok());
    ASSERT_TRUE(j_->append(id_, 5, a_move(1)).is_ok());
  }
  std::string sql(const std::string& text) { return Server::get().run_sql(database_, text); }
  std::string uri_, database_;
  std::unique_ptr<Journal> j_;
  std::int64_t id_ = 0;
};

TEST_F(OnPostgres, TheServerRefusesToRewriteHistory) {
  EXPECT_NE(sql("UPDATE moves SET events = replace(events, '3,4', '6,6') WHERE seq = 2").find("append-only"),
            std::string::npos);
  EXPECT_NE(sql("DELETE FROM moves WHERE seq = 5").find("append-only"), std::string::npos);
  EXPECT_NE(sql("TRUNCATE moves CASCADE").find("deedlog journal"), std::string::npos);
  EXPECT_NE(sql("UPDATE games SET header = '{}'").find("never rewritten"), std::string::npos);
  EXPECT_NE(sql("DELETE FROM games").find("deedlog journal"), std::string::npos);
  // A forged move that does not follow the last one (a fork at seq 5) is refused too.
  EXPECT_NE(sql("INSERT INTO moves SELECT game_id, 8, count, at, actor, events, prev_hash, hash FROM moves WHERE seq = 5")
                .find("must follow"),
            std::string::npos);
  EXPECT_TRUE(verified(*j_, id_).ok);
  EXPECT_EQ(all_events(*j_, id_).size(), 7u);
}

TEST_F(OnPostgres, WithTheGuardDroppedVerifyCatchesAnEditedMove) {
  ASSERT_EQ(sql("DROP TRIGGER moves_refuse_rewrite ON moves"), "");
  ASSERT_EQ(sql("UPDATE moves SET events = replace(events, '3,4', '6,6') WHERE seq = 2"), "");
  const ChainReport report = verified(*j_, id_);
  EXPECT_FALSE(report.ok);
  EXPECT_EQ(report.first_bad_seq, 2);
  EXPECT_TRUE(j_->scan(id_, 1, 0, [](const EventRow&) { return true; }).is_corrupt());
}

TEST_F(OnPostgres, WithTheGuardDroppedVerifyCatchesADeletedMove) {
  ASSERT_EQ(sql("DROP TRIGGER moves_refuse_rewrite ON moves"), "");
  ASSERT_EQ(sql("DELETE FROM moves WHERE seq = 2"), "");
  const ChainReport report = verified(*j_, id_);
  EXPECT_FALSE(report.ok);
  EXPECT_EQ(report.first_bad_seq, 2);
}

TEST_F(OnPostgres, TheEventsViewShowsAnEventARow) {
  EXPECT_EQ(Server::get().query_value(database_, "SELECT count(*) FROM events"), "7");
  EXPECT_EQ(Server::get().query_value(database_, "SELECT type FROM events WHERE seq = 3"), "DiceThrown");
  EXPECT_EQ(Server::get().query_value(database_, "SELECT version FROM deedlog_schema"), "2");
}

// The table of keys as the first servers made it (the referee's key alone): prepare gives it
// the table's key's column, and its rows read as the referee's keys of games without a table key.
TEST_F(OnPostgres, AKeysTableOfTheFirstServersIsReadAndGainsTheTableKeyColumn) {
  ASSERT_EQ(sql("CREATE TABLE deedlog_serve_keys (game_id bigint PRIMARY KEY REFERENCES games (game_id),"
                " key_sha256 text NOT NULL CONSTRAINT key_is_a_hash CHECK (length(key_sha256) = 64),"
                " created timestamptz NOT NULL DEFAULT now())"),
            "");
  ASSERT_EQ(sql("INSERT INTO deedlog_serve_keys (game_id, key_sha256) VALUES (" + std::to_string(id_) + ", '" +
                std::string(64, 'e') + "')"),
            "");
  auto store = j_->open_key_store();
  ASSERT_TRUE(store->prepare().is_ok());
  std::optional<GameKeyDigests> kept;
  ASSERT_TRUE(store->read(id_, &kept).is_ok());
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->referee, std::string(64, 'e'));
  EXPECT_EQ(kept->table, "");
  EXPECT_EQ(Server::get().query_value(database_, "SELECT count(*) FROM information_schema.columns WHERE table_name ="
                                                 " 'deedlog_serve_keys' AND column_name = 'table_sha256'"),
            "1");
}

// An append made through another connection (another server, the command line) is heard by
// the journal's listener (journal/append_listener.h), once it listens.
TEST_F(OnPostgres, AnAppendThroughAnotherConnectionIsHeard) {
  std::mutex mutex;
  std::condition_variable changed;
  bool listening = false;
  std::vector<std::int64_t> heard;
  auto listener = j_->listen_for_appends(AppendHeard{
      [&](std::int64_t game) {
        std::lock_guard<std::mutex> lock(mutex);
        heard.push_back(game);
        changed.notify_all();
      },
      [&] {
        std::lock_guard<std::mutex> lock(mutex);
        listening = true;
        changed.notify_all();
      }});
  ASSERT_NE(listener, nullptr);
  {
    // Told once the LISTEN is made; the bound only keeps a broken build from hanging.
    std::unique_lock<std::mutex> lock(mutex);
    ASSERT_TRUE(changed.wait_for(lock, std::chrono::seconds(60), [&] { return listening; }));
  }
  std::unique_ptr<Journal> other;
  ASSERT_TRUE(Journal::open(uri_, &other).is_ok());
  ASSERT_TRUE(other->append(id_, 8, a_move(2)).is_ok());
  std::unique_lock<std::mutex> lock(mutex);
  ASSERT_TRUE(changed.wait_for(lock, std::chrono::seconds(60), [&] { return !heard.empty(); }));
  EXPECT_EQ(heard.front(), id_);
}

TEST_F(OnPostgres, ADatabaseOfAnotherProgramIsRefusedAndLeftAlone) {
  const std::string other = Server::get().new_database();
  const std::string name = database_of(other);
  ASSERT_EQ(Server::get().run_sql(name, "CREATE TABLE games (id int)"), "");
  std::unique_ptr<Journal> j;
  EXPECT_TRUE(Journal::open(other, &j).is_corrupt());
  EXPECT_EQ(Server::get().query_value(name, "SELECT to_regclass('moves') IS NULL"), "t");
}

// Several processes (servers, commands) opening one empty database at the same moment: one
// makes the schema, the others find it made. A look-up through the session's catalog cache
// could miss the table just made, and a second writer then failed with "already exists".
TEST(PostgresStartup, WritersOpeningAnEmptyDatabaseAtOnceAllSucceed) {
  DEEDLOG_REQUIRE_POSTGRES();
  for (int round = 0; round < 5; ++round) {
    const std::string uri = Server::get().new_database();
    constexpr int kWriters = 6;
    std::vector<std::unique_ptr<Journal>> journals(kWriters);
    std::vector<Status> opened(kWriters);
    {
      std::vector<std::thread> writers;
      for (int w = 0; w < kWriters; ++w)
        writers.emplace_back([&, w] { opened[w] = Journal::open(uri, &journals[w]); });
      for (std::thread& t : writers) t.join();
    }
    for (int w = 0; w < kWriters; ++w) EXPECT_TRUE(opened[w].is_ok()) << "round " << round << ": " << opened[w].message();
    std::int64_t id = 0;
    ASSERT_TRUE(journals[0]->create_game(kHeader, {event("GameStarted", "{}", "Referee")}, &id).is_ok());
    std::vector<GameRow> games;
    ASSERT_TRUE(journals[kWriters - 1]->games(&games).is_ok());
    EXPECT_EQ(games.size(), 1u);
  }
}

TEST(PostgresUri, AnUnreachableServerIsAnErrorNamingItWithoutItsPassword) {
  std::unique_ptr<Journal> j;
  const Status s = Journal::open("postgresql://ann:secret@/nowhere?host=/nonexistent-folder", &j);
  EXPECT_TRUE(s.is_io_error());
  EXPECT_EQ(s.message().find("secret"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace deedlog
