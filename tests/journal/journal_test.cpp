// Tests of the journal (docs/journal.md): the round trip of games and events, optimistic
// concurrency between processes, all-or-nothing moves, the database refusing to rewrite
// history, verify_chain catching what a dishonest user could do with the triggers dropped,
// and opening files that are not journals or are newer than this program.
#include "support/build_paths.h"
#include "journal/journal.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "journal/hash_chain.h"
#include "journal/migrations.h"

namespace deedlog {
namespace {

namespace fs = std::filesystem;

constexpr char kHeader[] = R"({"ruleset":"uk-1972","players":["Ann","Bob"]})";

NewEvent event(std::string type, std::string payload, std::string actor = "Ann") {
  return NewEvent{"2024-05-01T20:15:00Z", std::move(actor), std::move(type), std::move(payload)};
}

// Five events of one move, the shape the engine produces.
std::vector<NewEvent> a_move() {
  return {event("DiceThrown", R"({"dice":[3,4]})"), event("TokenMoved", R"({"from":0,"to":7})"),
          event("CardDrawn", R"({"deck":"Chance","card":3})"),
          event("SalaryPaid", R"({"amount":200})"),
          event("RentPaid", R"({"to":"Bob","amount":6})")};
}

std::unique_ptr<Journal> open_journal(const std::string& path, bool read_only = false) {
  std::unique_ptr<Journal> j;
  const Status s = Journal::open(path, &j, read_only);
  if (!s.is_ok()) ADD_FAILURE() << "opening " << path << ": " << s.message();
  return j;
}

std::vector<EventRow> all_events(Journal& j, std::int64_t game_id) {
  std::vector<EventRow> rows;
  const Status s = j.scan(game_id, 1, 0, [&](const EventRow& r) {
    rows.push_back(r);
    return true;
  });
  EXPECT_TRUE(s.is_ok()) << s.message();
  return rows;
}

std::int64_t last_seq(Journal& j, std::int64_t game_id) {
  GameRow g;
  const Status s = j.game(game_id, &g);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return g.last_seq;
}

ChainReport verified(Journal& j, std::int64_t game_id) {
  ChainReport report;
  const Status s = j.verify_chain(game_id, &report);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return report;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The SQLite C API on the journal's file, bypassing deedlog: what any other program (or a
// user with the sqlite3 shell) can do.
class RawDb {
 public:
  explicit RawDb(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
      ADD_FAILURE() << "raw open of " << path << ": " << sqlite3_errmsg(db_);
    }
  }
  ~RawDb() { sqlite3_close(db_); }
  RawDb(const RawDb&) = delete;
  RawDb& operator=(const RawDb&) = delete;

  int exec(const std::string& sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
    last_error = error != nullptr ? error : "";
    sqlite3_free(error);
    return rc;
  }

  std::string text(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    std::string result;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
      const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
      result = p != nullptr ? p : "";
    } else {
      ADD_FAILURE() << sql << ": " << sqlite3_errmsg(db_);
    }
    sqlite3_finalize(stmt);
    return result;
  }

  // What a dishonest user does first: take the guards off.
  void drop_triggers() {
    for (const char* name :
         {"events_refuse_update", "events_refuse_delete", "events_v1_closed", "moves_refuse_update",
          "moves_refuse_delete", "moves_append_in_order", "games_refuse_update", "games_refuse_delete",
          "games_refuse_replace"}) {
      ASSERT_EQ(exec(std::string("DROP TRIGGER ") + name), SQLITE_OK) << last_error;
    }
  }

  std::string last_error;

 private:
  sqlite3* db_ = nullptr;
};

// A directory of its own for each test, so the fork tests of parallel runs never meet.
class JournalFile : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(::testing::TempDir()) /
           ("deedlog_journal_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name = "games.journal") const {
    return (dir_ / name).string();
  }

  // A closed journal file holding one game with five one-event moves (five rows of moves),
  // so that rows can be deleted, reordered and inserted between.
  std::int64_t make_journal_with_a_move(const std::string& file) {
    auto j = open_journal(file);
    std::int64_t id = 0;
    EXPECT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
    const auto move = a_move();
    for (std::size_t i = 0; i < move.size(); ++i) {
      const Status s = j->append(id, static_cast<std::int64_t>(i) + 1, {move[i]});
      EXPECT_TRUE(s.is_ok()) << s.message();
    }
    return id;
  }

 private:
  fs::path dir_;
};

// ---- hashing -------------------------------------------------------------------------------

TEST(Sha256, MatchesPublishedTestVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(HashChain, EventHashCoversEveryFieldAndTheirBoundaries) {
  EventRow base;
  base.game_id = 3;
  base.seq = 57;
  base.at = "2024-05-01T20:15:00Z";
  base.actor = "Ann";
  base.type = "RentPaid";
  base.payload = R"({"amount":6})";
  base.prev_hash = genesis_hash(kHeader);
  const std::string h = event_hash(base);
  EXPECT_EQ(h.size(), 64u);

  std::vector<std::function<void(EventRow&)>> edits = {
      [](EventRow& e) { e.game_id = 4; },
      [](EventRow& e) { e.seq = 58; },
      [](EventRow& e) { e.at = ""; },
      [](EventRow& e) { e.actor = "Bob"; },
      [](EventRow& e) { e.type = "RentForfeited"; },
      [](EventRow& e) { e.payload = R"({"amount":7})"; },
      [](EventRow& e) { e.prev_hash = std::string(64, '0'); },
      // Moving a character from one field to the next must change the hash too.
      [](EventRow& e) {
        e.actor = "An";
        e.type = "nRentPaid";
      },
  };
  for (std::size_t i = 0; i < edits.size(); ++i) {
    EventRow edited = base;
    edits[i](edited);
    EXPECT_NE(event_hash(edited), h) << "edit " << i;
  }
  EventRow same = base;
  same.hash = "not read";
  EXPECT_EQ(event_hash(same), h);
}

// Known answers, computed outside deedlog (Python's hashlib) from the definition in
// docs/journal.md: if these change, every journal written so far fails verification.
TEST(HashChain, HashesMatchTheDocumentedFormat) {
  const std::string genesis = "f0f19efd8767ab903b4971ece009de60a87d1cf1230f07fcf6ff3fe9d591b2a4";
  EXPECT_EQ(genesis_hash(kHeader), genesis);
  EventRow e;
  e.game_id = 3;
  e.seq = 57;
  e.at = "2024-05-01T20:15:00Z";
  e.actor = "Zo\xC3\xAB";  // "Zoë": lengths count bytes of UTF-8, not characters
  e.type = "RentPaid";
  e.payload = R"({"amount":6})";
  e.prev_hash = genesis;
  EXPECT_EQ(event_hash(e), "234cc4244cf804d345671a93ef66df7013c0b2c364c68d4998f75ed7b0dd34e5");

  // A move of schema 2: two events in one row, hashed once.
  const std::vector<NewEvent> events = {NewEvent{e.at, e.actor, "RentClaimed", R"({"amount":6})"},
                                        NewEvent{e.at, e.actor, "RentPaid", R"({"amount":6})"}};
  MoveRow m;
  m.game_id = 3;
  m.seq = 57;
  m.count = 2;
  m.at = e.at;
  m.actor = e.actor;
  m.events = move_events_json(events, 0, events.size());
  m.prev_hash = genesis;
  EXPECT_EQ(m.events, R"([["RentClaimed",{"amount":6}],["RentPaid",{"amount":6}]])");
  EXPECT_EQ(move_hash(m), "2547e137c6ae50ee177cd0ddf7e772e34a49de616c984c626d68a9350f1642b9");
}

// The array of a move splits back into exactly the payload texts that were stored, whatever
// they hold; what is not such an array is refused.
TEST(HashChain, AMovesEventsSplitBackAsStored) {
  const std::vector<NewEvent> events = {NewEvent{"", "Ann", "A", R"({"s":"] , [\"x\"]","n":[1,{"k":-2.5e3}]})"},
                                        NewEvent{"", "Ann", "B\"q", R"( {} )"}, NewEvent{"", "Ann", "C", "null"}};
  const std::string text = move_events_json(events, 0, events.size());
  std::vector<std::pair<std::string, std::string>> split;
  std::string problem;
  ASSERT_TRUE(split_move_events(text, &split, &problem)) << problem << "\n" << text;
  ASSERT_EQ(split.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(split[i].first, events[i].type);
    EXPECT_EQ(split[i].second, i == 1 ? "{}" : events[i].payload);  // the spaces around a value are not its text
  }
  for (const char* bad : {"", "[", "[[\"A\"]]", "[[\"A\",{}],]", "[[\"A\",{},1]]", "[[1,{}]]", "[[\"A\",{]]",
                          "[[\"A\",{}]] x", "{}"}) {
    EXPECT_FALSE(split_move_events(bad, &split, &problem)) << bad;
  }
  EXPECT_TRUE(is_json(R"( {"a":[true,false,null,-0.5E+2,"\u00e9"]} )"));
  for (const char* bad : {"", "{", "{a:1}", "[1,]", "01", "1.", "\"\x01\"", "tru", "{} {}"}) EXPECT_FALSE(is_json(bad)) << bad;
}

TEST(HashChain, GenesisIsTheDomainTaggedHashOfTheHeader) {
  EXPECT_EQ(genesis_hash(kHeader),
            sha256_hex(std::string("deedlog-genesis-v1\n") +
                       std::to_string(std::string(kHeader).size()) + ":" + kHeader + ","));
  EXPECT_NE(genesis_hash(kHeader), sha256_hex(kHeader));
}

// ---- round trip ----------------------------------------------------------------------------

TEST(Journal, CreateAppendScanRoundTrip) {
  auto j = open_journal(":memory:");
  ASSERT_NE(j, nullptr);
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  EXPECT_EQ(id, 1);

  GameRow g;
  ASSERT_TRUE(j->game(id, &g).is_ok());
  EXPECT_EQ(g.header, kHeader);
  EXPECT_EQ(g.genesis, genesis_hash(kHeader));
  EXPECT_EQ(g.last_seq, 0);
  EXPECT_EQ(g.created.size(), 20u) << g.created;  // 2024-05-01T20:15:00Z
  EXPECT_EQ(g.created[10], 'T');
  EXPECT_EQ(g.created.back(), 'Z');

  const auto move = a_move();
  ASSERT_TRUE(j->append(id, 1, move).is_ok());
  EXPECT_EQ(last_seq(*j, id), 5);

  const auto rows = all_events(*j, id);
  ASSERT_EQ(rows.size(), move.size());
  // One row of moves: the five events as one array, hashed once (deedlog-move-v2).
  MoveRow stored;
  stored.game_id = id;
  stored.seq = 1;
  stored.count = 5;
  stored.at = move[0].at;
  stored.actor = move[0].actor;
  stored.events = move_events_json(move, 0, move.size());
  stored.prev_hash = g.genesis;
  const std::string hash = move_hash(stored);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].game_id, id);
    EXPECT_EQ(rows[i].seq, static_cast<std::int64_t>(i + 1));
    EXPECT_EQ(rows[i].at, move[i].at);
    EXPECT_EQ(rows[i].actor, move[i].actor);
    EXPECT_EQ(rows[i].type, move[i].type);
    EXPECT_EQ(rows[i].payload, move[i].payload);
    EXPECT_EQ(rows[i].prev_hash, g.genesis);
    EXPECT_EQ(rows[i].hash, hash);
  }
  ChainReport report = verified(*j, id);
  EXPECT_TRUE(report.ok) << report.problem;
  EXPECT_EQ(report.head_hash, hash);
}

TEST(Journal, NonAsciiTextRoundTripsAndVerifies) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  const std::string header = R"({"ruleset":"uk-1972","players":["Zo\u00eb","J\u00fcrgen"]})";
  ASSERT_TRUE(j->create_game(header, {}, &id).is_ok());
  const NewEvent e = event("PropertyBought",
                           "{\"square\":\"Stra\xC3\x9F"
                           "e\"}",
                           "J\xC3\xBCrgen");
  ASSERT_TRUE(j->append(id, 1, {e}).is_ok());
  const auto rows = all_events(*j, id);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].actor, e.actor);
  EXPECT_EQ(rows[0].payload, e.payload);
  EXPECT_TRUE(verified(*j, id).ok);
}

TEST(Journal, ScanReadsARangeAndStopsWhenTheCallbackSaysSo) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  ASSERT_TRUE(j->append(id, 1, a_move()).is_ok());

  std::vector<std::int64_t> seqs;
  ASSERT_TRUE(j->scan(id, 2, 4, [&](const EventRow& r) {
                 seqs.push_back(r.seq);
                 return true;
               }).is_ok());
  EXPECT_EQ(seqs, (std::vector<std::int64_t>{2, 3, 4}));

  seqs.clear();
  ASSERT_TRUE(j->scan(id, 1, 0, [&](const EventRow& r) {
                 seqs.push_back(r.seq);
                 return r.seq < 2;
               }).is_ok());
  EXPECT_EQ(seqs, (std::vector<std::int64_t>{1, 2}));
}

TEST(Journal, ScanCallbackMayReadTheJournalAgain) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  ASSERT_TRUE(j->append(id, 1, a_move()).is_ok());
  int outer = 0;
  int inner = 0;
  ASSERT_TRUE(j->scan(id, 1, 0, [&](const EventRow&) {
                 ++outer;
                 EXPECT_TRUE(j->scan(id, 1, 0, [&](const EventRow&) {
                                ++inner;
                                return true;
                              }).is_ok());
                 return true;
               }).is_ok());
  EXPECT_EQ(outer, 5);
  EXPECT_EQ(inner, 25);
}

TEST(Journal, GamesAreListedInIdOrderWithTheirLastSeq) {
  auto j = open_journal(":memory:");
  std::int64_t first = 0;
  std::int64_t second = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &first).is_ok());
  ASSERT_TRUE(j->create_game(R"({"ruleset":"uk-1972","players":["Cy"]})", {}, &second).is_ok());
  ASSERT_TRUE(j->append(second, 1, a_move()).is_ok());
  ASSERT_TRUE(j->append(second, 6, {event("DiceThrown", R"({"dice":[1,1]})")}).is_ok());

  std::vector<GameRow> games;
  ASSERT_TRUE(j->games(&games).is_ok());
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].game_id, first);
  EXPECT_EQ(games[0].last_seq, 0);
  EXPECT_EQ(games[1].game_id, second);
  EXPECT_EQ(games[1].last_seq, 6);
  EXPECT_GT(second, first);
}

TEST(Journal, EventsOfOneGameDoNotChainIntoAnother) {
  auto j = open_journal(":memory:");
  std::int64_t a = 0;
  std::int64_t b = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &a).is_ok());
  ASSERT_TRUE(j->create_game(kHeader, {}, &b).is_ok());
  ASSERT_TRUE(j->append(a, 1, a_move()).is_ok());
  ASSERT_TRUE(j->append(b, 1, a_move()).is_ok());
  // Same header, same events: only the game id tells the chains apart, and it does.
  EXPECT_NE(all_events(*j, a)[0].hash, all_events(*j, b)[0].hash);
  EXPECT_TRUE(verified(*j, a).ok);
  EXPECT_TRUE(verified(*j, b).ok);
}

TEST(Journal, UnknownGameIsNotFound) {
  auto j = open_journal(":memory:");
  GameRow g;
  ChainReport report;
  EXPECT_TRUE(j->game(42, &g).is_not_found());
  EXPECT_TRUE(j->append(42, 1, a_move()).is_not_found());
  EXPECT_TRUE(j->scan(42, 1, 0, [](const EventRow&) { return true; }).is_not_found());
  EXPECT_TRUE(j->verify_chain(42, &report).is_not_found());
  EXPECT_TRUE(j->put_snapshot(42, 1, "x").is_not_found());
}

TEST(Journal, EmptyAppendIsANoOp) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  EXPECT_TRUE(j->append(id, 1, {}).is_ok());
  EXPECT_EQ(last_seq(*j, id), 0);
}

TEST(Journal, HeaderMustBeJson) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  const Status s = j->create_game("ruleset uk-1972", {}, &id);
  EXPECT_EQ(s.code(), Status::Code::InvalidArgument) << s.message();
  std::vector<GameRow> games;
  ASSERT_TRUE(j->games(&games).is_ok());
  EXPECT_TRUE(games.empty());
}

// ---- one move, one transaction ----------------------------------------------------------------

TEST(Journal, StaleExpectedSeqIsAConflictAndWritesNothing) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  ASSERT_TRUE(j->append(id, 1, a_move()).is_ok());

  // Decided on the state after event 3, but the journal has 5 events.
  const Status stale = j->append(id, 4, {event("DiceThrown", R"({"dice":[6,6]})")});
  EXPECT_TRUE(stale.is_conflict()) << stale.message();
  EXPECT_EQ(stale.message(),
            "game 1 is at seq 5, this move expected 3: another writer appended first; nothing "
            "was written");

  const Status ahead = j->append(id, 9, {event("DiceThrown", R"({"dice":[6,6]})")});
  EXPECT_TRUE(ahead.is_conflict()) << ahead.message();
  EXPECT_NE(ahead.message().find("nothing was written"), std::string::npos);

  EXPECT_EQ(last_seq(*j, id), 5);
  EXPECT_EQ(all_events(*j, id).size(), 5u);
  EXPECT_TRUE(verified(*j, id).ok);
}

TEST(Journal, SeqZeroIsRefused) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  EXPECT_EQ(j->append(id, 0, a_move()).code(), Status::Code::InvalidArgument);
  EXPECT_EQ(last_seq(*j, id), 0);
}

TEST(Journal, BatchWithAnInvalidPayloadStoresNoneOfIt) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  ASSERT_TRUE(j->append(id, 1, {event("DiceThrown", R"({"dice":[2,3]})")}).is_ok());

  auto move = a_move();
  move[2].payload = R"({"deck":"Chance", card: 3)";  // the third event is broken
  const Status s = j->append(id, 2, move);
  EXPECT_EQ(s.code(), Status::Code::InvalidArgument) << s.message();
  EXPECT_NE(s.message().find("event 3 of 5 (seq 4, CardDrawn)"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("payload_is_json"), std::string::npos) << s.message();
  EXPECT_EQ(last_seq(*j, id), 1);
  EXPECT_EQ(all_events(*j, id).size(), 1u);

  // Nothing was left half-open: the corrected move goes in at the same seq.
  const Status retry = j->append(id, 2, a_move());
  EXPECT_TRUE(retry.is_ok()) << retry.message();
  EXPECT_EQ(last_seq(*j, id), 6);
  EXPECT_TRUE(verified(*j, id).ok);
}

TEST(Journal, EventWithoutATypeIsRefused) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  auto move = a_move();
  move[4].type = "";
  EXPECT_EQ(j->append(id, 1, move).code(), Status::Code::InvalidArgument);
  EXPECT_EQ(last_seq(*j, id), 0);
}

// ---- snapshots -----------------------------------------------------------------------------

TEST(Journal, LatestSnapshotIsTheLastAtOrBeforeTheAskedSeq) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  ASSERT_TRUE(j->append(id, 1, a_move()).is_ok());
  ASSERT_TRUE(j->put_snapshot(id, 2, std::string("two\0bytes", 9)).is_ok());
  ASSERT_TRUE(j->put_snapshot(id, 4, "four").is_ok());

  std::int64_t seq = -1;
  std::string blob;
  ASSERT_TRUE(j->latest_snapshot(id, 3, &seq, &blob).is_ok());
  EXPECT_EQ(seq, 2);
  EXPECT_EQ(blob, std::string("two\0bytes", 9));
  ASSERT_TRUE(j->latest_snapshot(id, 5, &seq, &blob).is_ok());
  EXPECT_EQ(seq, 4);
  EXPECT_EQ(blob, "four");
  ASSERT_TRUE(j->latest_snapshot(id, 1, &seq, &blob).is_ok());
  EXPECT_EQ(seq, 0);
  EXPECT_EQ(blob, "");

  // A cache entry may be replaced.
  ASSERT_TRUE(j->put_snapshot(id, 4, "four again").is_ok());
  ASSERT_TRUE(j->latest_snapshot(id, 4, &seq, &blob).is_ok());
  EXPECT_EQ(blob, "four again");
}

TEST(Journal, SnapshotAfterTheLastEventIsRefused) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  ASSERT_TRUE(j->append(id, 1, a_move()).is_ok());
  EXPECT_EQ(j->put_snapshot(id, 6, "x").code(), Status::Code::InvalidArgument);
  EXPECT_EQ(j->put_snapshot(id, 0, "x").code(), Status::Code::InvalidArgument);
}

TEST_F(JournalFile, SnapshotsMayBeDroppedWithoutChangingTheGame) {
  const std::int64_t id = make_journal_with_a_move(path());
  {
    auto j = open_journal(path());
    ASSERT_TRUE(j->put_snapshot(id, 5, "state").is_ok());
  }
  {
    RawDb raw(path());
    EXPECT_EQ(raw.exec("DELETE FROM snapshots"), SQLITE_OK) << raw.last_error;
  }
  auto j = open_journal(path());
  std::int64_t seq = -1;
  std::string blob;
  ASSERT_TRUE(j->latest_snapshot(id, 5, &seq, &blob).is_ok());
  EXPECT_EQ(seq, 0);
  EXPECT_TRUE(verified(*j, id).ok);
}

// ---- the database refuses to rewrite history -------------------------------------------------

TEST_F(JournalFile, DatabaseItselfRefusesToRewriteHistory) {
  const std::int64_t id = make_journal_with_a_move(path());
  std::vector<EventRow> before;
  {
    auto j = open_journal(path());
    before = all_events(*j, id);
  }
  const std::string g = std::to_string(id);
  const std::string genesis = genesis_hash(kHeader);
  const std::string forged = "'[[\"Forged\",{}]]'";
  const std::vector<std::string> attempts = {
      // The view of events, as a sqlite3 user sees them.
      "UPDATE events SET payload = '{\"amount\":9999}' WHERE game_id = " + g + " AND seq = 4",
      "DELETE FROM events WHERE game_id = " + g + " AND seq = 5",
      "DELETE FROM events",
      "INSERT INTO events VALUES (" + g + ", 6, '', 'Ann', 'Forged', '{}', '" + before[4].hash + "', '" +
          std::string(64, 'f') + "')",
      // The rows of moves.
      "UPDATE moves SET events = " + forged + " WHERE game_id = " + g + " AND seq = 4",
      "DELETE FROM moves WHERE game_id = " + g + " AND seq = 5",
      "DELETE FROM moves",
      "UPDATE games SET header = '{\"ruleset\":\"us-1935\"}'",
      "DELETE FROM games",
      // REPLACE deletes without firing delete triggers; the insert triggers catch it.
      "INSERT OR REPLACE INTO moves VALUES (" + g + ", 3, 1, '', 'Ann', " + forged + ", '" + before[1].hash +
          "', '" + std::string(64, 'f') + "')",
      "REPLACE INTO games VALUES (" + g + ", '{}', '2024-01-01T00:00:00Z', '" + genesis + "')",
      // A gap, and a fork of the chain.
      "INSERT INTO moves VALUES (" + g + ", 7, 1, '', 'Ann', " + forged + ", '" + before[4].hash + "', '" +
          std::string(64, 'f') + "')",
      "INSERT INTO moves VALUES (" + g + ", 6, 1, '', 'Ann', " + forged + ", '" + before[3].hash + "', '" +
          std::string(64, 'f') + "')",
      // The events of schema 1 take no new rows.
      "INSERT INTO events_v1 VALUES (" + g + ", 6, '', 'Ann', 'Forged', '{}', '" + before[4].hash + "', '" +
          std::string(64, 'f') + "')",
  };
  RawDb raw(path());
  for (const auto& sql : attempts) {
    EXPECT_EQ(raw.exec(sql) & 0xFF, SQLITE_CONSTRAINT) << sql;
    EXPECT_NE(raw.last_error.find("deedlog journal:"), std::string::npos) << raw.last_error;
  }
  auto j = open_journal(path());
  const auto after = all_events(*j, id);
  ASSERT_EQ(after.size(), before.size());
  for (std::size_t i = 0; i < after.size(); ++i) EXPECT_EQ(after[i].hash, before[i].hash);
  GameRow game;
  ASSERT_TRUE(j->game(id, &game).is_ok());
  EXPECT_EQ(game.header, kHeader);
  EXPECT_TRUE(verified(*j, id).ok);
}

// ---- verify_chain --------------------------------------------------------------------------

TEST_F(JournalFile, HonestChainVerifiesAndReportsItsHead) {
  const std::int64_t id = make_journal_with_a_move(path());
  auto j = open_journal(path());
  const ChainReport report = verified(*j, id);
  EXPECT_TRUE(report.ok) << report.problem;
  EXPECT_EQ(report.events_checked, 5);
  EXPECT_EQ(report.first_bad_seq, 0);
  EXPECT_EQ(report.head_hash, all_events(*j, id).back().hash);
}

TEST(Journal, EmptyGameVerifiesWithTheGenesisAsHead) {
  auto j = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
  const ChainReport report = verified(*j, id);
  EXPECT_TRUE(report.ok);
  EXPECT_EQ(report.events_checked, 0);
  EXPECT_EQ(report.head_hash, genesis_hash(kHeader));
}

// Tampers with a journal of one five-event game through raw SQL and returns the report.
ChainReport tampered(const std::string& file, std::int64_t id,
                     const std::vector<std::string>& statements) {
  {
    RawDb raw(file);
    raw.drop_triggers();
    for (const auto& sql : statements)
      EXPECT_EQ(raw.exec(sql), SQLITE_OK) << sql << ": " << raw.last_error;
  }
  auto j = open_journal(file);
  if (j == nullptr) return {};
  return verified(*j, id);
}

TEST_F(JournalFile, VerifyCatchesAnEditedPayload) {
  const std::int64_t id = make_journal_with_a_move(path());
  const ChainReport r =
      tampered(path(), id, {"UPDATE moves SET events = '[[\"SalaryPaid\",{\"amount\":2000}]]' WHERE seq = 4"});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 4);
  EXPECT_EQ(r.events_checked, 3);
  EXPECT_NE(r.problem.find("the move of event 4 (SalaryPaid) was edited"), std::string::npos) << r.problem;
}

TEST_F(JournalFile, VerifyCatchesAnEditWhoseHashWasRecomputed) {
  const std::int64_t id = make_journal_with_a_move(path());
  std::vector<EventRow> rows;
  {
    auto j = open_journal(path());
    rows = all_events(*j, id);
  }
  MoveRow forged;
  forged.game_id = id;
  forged.seq = 4;
  forged.count = 1;
  forged.at = rows[3].at;
  forged.actor = rows[3].actor;
  forged.events = R"([["SalaryPaid",{"amount":2000}]])";
  forged.prev_hash = rows[3].prev_hash;
  const ChainReport r = tampered(path(), id,
                                 {"UPDATE moves SET events = '" + forged.events + "', hash = '" +
                                  move_hash(forged) + "' WHERE seq = 4"});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 5);  // move 5 still names the old move 4
  EXPECT_NE(r.problem.find("the move of event 5 (RentPaid) does not follow on"), std::string::npos) << r.problem;
}

TEST_F(JournalFile, VerifyCatchesADeletedEvent) {
  const std::int64_t id = make_journal_with_a_move(path());
  const ChainReport r = tampered(path(), id, {"DELETE FROM moves WHERE seq = 3"});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 3);
  EXPECT_NE(r.problem.find("event 3 is missing"), std::string::npos) << r.problem;
}

TEST_F(JournalFile, VerifyCatchesADeletedEventWithTheRestRenumbered) {
  const std::int64_t id = make_journal_with_a_move(path());
  const ChainReport r = tampered(
      path(), id,
      {"DELETE FROM moves WHERE seq = 3", "UPDATE moves SET seq = seq + 100 WHERE seq > 3",
       "UPDATE moves SET seq = seq - 101 WHERE seq > 100"});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 3);
  EXPECT_NE(r.problem.find("the move of event 3 (SalaryPaid) does not follow on"), std::string::npos) << r.problem;
}

TEST_F(JournalFile, VerifyCatchesAReorderedPair) {
  const std::int64_t id = make_journal_with_a_move(path());
  const ChainReport r =
      tampered(path(), id,
               {"UPDATE moves SET seq = CASE seq WHEN 2 THEN 103 ELSE 102 END WHERE seq IN (2, 3)",
                "UPDATE moves SET seq = seq - 100 WHERE seq > 100"});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 2);
  EXPECT_NE(r.problem.find("the move of event 2 (CardDrawn) does not follow on"), std::string::npos) << r.problem;
}

TEST_F(JournalFile, VerifyCatchesAnInsertedEventEvenWithAValidHash) {
  const std::int64_t id = make_journal_with_a_move(path());
  std::vector<EventRow> rows;
  {
    auto j = open_journal(path());
    rows = all_events(*j, id);
  }
  MoveRow forged;
  forged.game_id = id;
  forged.seq = 3;
  forged.count = 1;
  forged.actor = "Bob";
  forged.events = R"([["PropertyBought",{"square":39}]])";
  forged.prev_hash = rows[1].hash;
  forged.hash = move_hash(forged);
  const ChainReport r = tampered(
      path(), id,
      {"UPDATE moves SET seq = seq + 101 WHERE seq >= 3",
       "UPDATE moves SET seq = seq - 100 WHERE seq > 100",
       "INSERT INTO moves VALUES (" + std::to_string(id) + ", 3, 1, '', 'Bob', '" + forged.events + "', '" +
           forged.prev_hash + "', '" + forged.hash + "')"});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 4);  // the old event 3 does not follow the forged one
  EXPECT_EQ(r.events_checked, 3);
}

// A row of moves holds a whole move: editing one event inside its array breaks the move's
// hash, and both verify_chain and every read name the move and what it holds.
TEST_F(JournalFile, AnEventEditedInsideAMoveIsCaughtAndTheMoveNamed) {
  {
    auto j = open_journal(path());
    std::int64_t id = 0;
    ASSERT_TRUE(j->create_game(kHeader, {}, &id).is_ok());
    ASSERT_TRUE(j->append(id, 1, {event("DiceThrown", R"({"dice":[1,1]})")}).is_ok());
    ASSERT_TRUE(j->append(id, 2, a_move()).is_ok());  // events 2 to 6, one row
  }
  {
    RawDb raw(path());
    raw.drop_triggers();
    ASSERT_EQ(raw.text("SELECT count(*) FROM moves"), "2");
    ASSERT_EQ(raw.exec("UPDATE moves SET events = replace(events, '\"amount\":200', '\"amount\":2000') WHERE seq = 2"),
              SQLITE_OK)
        << raw.last_error;
    // The view shows the edited event, as it now stands.
    EXPECT_EQ(raw.text("SELECT payload FROM events WHERE game_id = 1 AND seq = 5"), R"({"amount":2000})");
  }
  auto j = open_journal(path());
  const ChainReport r = verified(*j, 1);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 2);
  EXPECT_EQ(r.events_checked, 1);
  EXPECT_NE(r.problem.find("the move of events 2 to 6 (DiceThrown, TokenMoved, CardDrawn, ...) was edited"),
            std::string::npos)
      << r.problem;
  int seen = 0;
  const Status s = j->scan(1, 1, 0, [&](const EventRow&) { return ++seen, true; });
  EXPECT_TRUE(s.is_corrupt()) << s.message();
  EXPECT_NE(s.message().find("the move of events 2 to 6"), std::string::npos) << s.message();
  EXPECT_EQ(seen, 1);  // nothing of the edited move was handed on
}

// A move rewritten with its hash recomputed but holding what is not a list of events (or not
// as many as it says) is refused when read, not misread.
TEST_F(JournalFile, AMoveThatDoesNotReadIsRefusedEvenWithAValidHash) {
  make_journal_with_a_move(path());
  std::vector<EventRow> rows;
  {
    auto j = open_journal(path());
    rows = all_events(*j, 1);
  }
  RawDb(path()).drop_triggers();
  for (const std::string& events : {std::string(R"([["RentPaid",{"amount":6}],["RentPaid",{}]])"),
                                    std::string(R"([["RentPaid",{"amount":6}])"), std::string(R"({"RentPaid":6})")}) {
    MoveRow forged;
    forged.game_id = 1;
    forged.seq = 5;
    forged.count = 1;
    forged.actor = rows[4].actor;
    forged.at = rows[4].at;
    forged.events = events;
    forged.prev_hash = rows[4].prev_hash;
    {
      RawDb raw(path());
      ASSERT_EQ(raw.exec("DELETE FROM moves WHERE seq = 5"), SQLITE_OK);
      ASSERT_EQ(raw.exec("INSERT INTO moves VALUES (1, 5, 1, '" + forged.at + "', '" + forged.actor + "', '" + events +
                         "', '" + forged.prev_hash + "', '" + move_hash(forged) + "')"),
                SQLITE_OK)
          << raw.last_error;
    }
    auto j = open_journal(path());
    const ChainReport r = verified(*j, 1);
    EXPECT_FALSE(r.ok) << events;
    EXPECT_EQ(r.first_bad_seq, 5) << events;
    const Status s = j->scan(1, 1, 0, [](const EventRow&) { return true; });
    EXPECT_TRUE(s.is_corrupt()) << events << ": " << s.message();
  }
}

// The rows, and so the hashes, do not depend on how the events were handed over: a row starts
// at each MovePlayed, so two moves appended at once chain exactly as two moves appended apart.
TEST(Journal, TwoMovesAtOnceHashAsTwoMovesApart) {
  const std::vector<NewEvent> first = {event("MovePlayed", R"({"text":"Ann rolls 3 4"})"),
                                       event("DiceThrown", R"({"die1":3,"die2":4})")};
  const std::vector<NewEvent> second = {event("MovePlayed", R"({"text":"Ann buys"})"),
                                        event("PropertyBought", R"({"square":7})")};
  std::vector<NewEvent> both = first;
  both.insert(both.end(), second.begin(), second.end());
  auto a = open_journal(":memory:");
  auto b = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(a->create_game(kHeader, {}, &id).is_ok());
  ASSERT_TRUE(b->create_game(kHeader, {}, &id).is_ok());
  std::string head_a, head_b, after_first;
  ASSERT_TRUE(a->append(id, 1, both, &head_a).is_ok());
  ASSERT_TRUE(b->append(id, 1, first, &after_first).is_ok());
  ASSERT_TRUE(b->append(id, 3, second, &head_b).is_ok());
  EXPECT_EQ(head_a, head_b);
  EXPECT_EQ(verified(*a, id).head_hash, head_a);
  const auto rows = all_events(*a, id);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[1].hash, after_first);  // the first move's events carry its own hash
  EXPECT_EQ(rows[2].prev_hash, after_first);
}

// A game of many moves, 75 of them (more than one statement of rows), as self-play hands it over.
std::vector<NewEvent> a_long_game() {
  std::vector<NewEvent> game = {event("GameStarted", R"({"players":2})", "Referee")};
  for (int m = 0; m < 75; ++m) {
    game.push_back(event("MovePlayed", fmt::format(R"({{"text":"move {}"}})", m)));
    game.push_back(event("DiceThrown", fmt::format(R"({{"die1":{},"die2":4}})", 1 + m % 6)));
  }
  return game;
}

// A game chained off the journal (self-play's workers, chain_game) is stored as the same rows,
// with the same hashes, as create_game makes of the same header and events.
TEST(Journal, AChainedGameIsStoredAsCreateGameStoresIt) {
  const auto game = a_long_game();
  auto a = open_journal(":memory:");
  auto b = open_journal(":memory:");
  std::int64_t id_a = 0, id_b = 0;
  ASSERT_TRUE(a->create_game(kHeader, game, &id_a).is_ok());
  ChainedGame chained;
  ASSERT_TRUE(chain_game(kHeader, game, 1, &chained).is_ok());
  ASSERT_TRUE(b->create_chained_game(chained, &id_b).is_ok());
  EXPECT_EQ(id_b, id_a);
  const auto rows_a = all_events(*a, id_a), rows_b = all_events(*b, id_b);
  ASSERT_EQ(rows_a.size(), game.size());
  ASSERT_EQ(rows_b.size(), game.size());
  for (std::size_t i = 0; i < rows_a.size(); ++i) {
    EXPECT_EQ(rows_b[i].payload, rows_a[i].payload);
    EXPECT_EQ(rows_b[i].prev_hash, rows_a[i].prev_hash);
    EXPECT_EQ(rows_b[i].hash, rows_a[i].hash);
  }
  EXPECT_TRUE(verified(*b, id_b).ok);
}

// Chained for id 1 but stored where another game already is: chained again for the id it gets.
TEST(Journal, AChainedGameGivenAnotherIdIsChainedForIt) {
  const auto game = a_long_game();
  auto a = open_journal(":memory:");
  auto b = open_journal(":memory:");
  std::int64_t id_a = 0, id_b = 0, first = 0;
  ASSERT_TRUE(a->create_game(kHeader, {}, &first).is_ok());
  ASSERT_TRUE(a->create_game(kHeader, game, &id_a).is_ok());
  ASSERT_TRUE(b->create_game(kHeader, {}, &first).is_ok());
  ChainedGame chained;
  ASSERT_TRUE(chain_game(kHeader, game, 1, &chained).is_ok());
  ASSERT_TRUE(b->create_chained_game(chained, &id_b).is_ok());
  EXPECT_EQ(id_b, 2);
  EXPECT_EQ(chained.game_id, 2);
  EXPECT_EQ(verified(*b, id_b).head_hash, verified(*a, id_a).head_hash);
  EXPECT_TRUE(verified(*b, id_b).ok);
}

// Rows go in many a statement; a row refused in the middle of one (here its link forged, which
// the append trigger refuses) is named, and nothing of the game is written.
TEST(Journal, ARowRefusedAmongManyIsNamedAndNothingIsWritten) {
  auto j = open_journal(":memory:");
  ChainedGame chained;
  ASSERT_TRUE(chain_game(kHeader, a_long_game(), 1, &chained).is_ok());
  ASSERT_GT(chained.rows.size(), 40u);
  chained.rows[40].prev_hash = std::string(64, 'a');
  std::int64_t id = 0;
  const Status s = j->create_chained_game(chained, &id);
  EXPECT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find(fmt::format("seq {} on, MovePlayed", chained.rows[40].seq)), std::string::npos)
      << s.message();
  std::vector<GameRow> games;
  ASSERT_TRUE(j->games(&games).is_ok());
  EXPECT_TRUE(games.empty());
}

// A journal of schema 1 (a row per event, tests/data/README.md) is read as it is when opened
// read-only, byte for byte untouched; opened for writing it becomes schema 2 without a stored
// byte of its events changing: every old event keeps its hash, new moves chain on from the last
// one, and the view events shows old and new alike.
TEST_F(JournalFile, ASchemaOneJournalIsReadAsItIsAndMigratedWithoutRewritingAnEvent) {
  const std::string file = path("old.db");
  fs::copy_file(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-18ba09d.db", file);
  const std::string bytes = file_bytes(file);
  std::vector<EventRow> old_rows;
  {
    auto j = open_journal(file, true);
    ASSERT_NE(j, nullptr);
    EXPECT_EQ(j->schema_version(), 1);
    old_rows = all_events(*j, 1);
    ASSERT_EQ(old_rows.size(), 808u);
    const ChainReport r = verified(*j, 1);
    EXPECT_TRUE(r.ok) << r.problem;
    EXPECT_EQ(r.head_hash, old_rows.back().hash);
    EXPECT_EQ(r.head_hash.substr(0, 12), "13f8989b1ca4");
  }
  EXPECT_EQ(file_bytes(file), bytes) << "a read-only open wrote to the file";
  auto j = open_journal(file);
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->schema_version(), migrations::latest_version());
  const auto migrated = all_events(*j, 1);
  ASSERT_EQ(migrated.size(), old_rows.size());
  for (std::size_t i = 0; i < migrated.size(); ++i) {
    EXPECT_EQ(migrated[i].payload, old_rows[i].payload);
    EXPECT_EQ(migrated[i].hash, old_rows[i].hash);
    EXPECT_EQ(migrated[i].hash, event_hash(migrated[i]));  // still deedlog-event-v1
  }
  std::string head;
  ASSERT_TRUE(j->append(1, 809, {event("MovePlayed", R"({"text":"Ann ends turn"})"), event("TurnStarted", "{}")}, &head)
                  .is_ok());
  const auto after = all_events(*j, 1);
  ASSERT_EQ(after.size(), 810u);
  EXPECT_EQ(after[808].prev_hash, old_rows.back().hash);
  const ChainReport r = verified(*j, 1);
  EXPECT_TRUE(r.ok) << r.problem;
  EXPECT_EQ(r.events_checked, 810);
  EXPECT_EQ(r.head_hash, head);
  // A stale writer still gets Conflict across the two tables.
  EXPECT_TRUE(j->append(1, 809, {event("MovePlayed", "{}")}).is_conflict());
  j.reset();
  RawDb raw(file);
  EXPECT_EQ(raw.text("SELECT count(*) FROM events WHERE game_id = 1"), "810");
  EXPECT_EQ(raw.text("SELECT type FROM events WHERE game_id = 1 AND seq = 810"), "TurnStarted");
  EXPECT_EQ(raw.text("SELECT payload FROM events WHERE game_id = 1 AND seq = 808"), old_rows.back().payload);
  EXPECT_EQ(raw.text("SELECT count(*) FROM events_v1"), "891");  // the three games, untouched
}

TEST_F(JournalFile, VerifyCatchesAnEditedHeader) {
  const std::int64_t id = make_journal_with_a_move(path());
  const ChainReport r = tampered(
      path(), id, {R"(UPDATE games SET header = '{"ruleset":"uk-1972","players":["Ann","Eve"]}')"});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 0);
  EXPECT_NE(r.problem.find("header of game 1 was edited"), std::string::npos) << r.problem;
}

TEST_F(JournalFile, VerifyCatchesAHeaderAndGenesisRewrittenTogether) {
  const std::int64_t id = make_journal_with_a_move(path());
  const std::string header = R"({"ruleset":"uk-1972","players":["Ann","Eve"]})";
  const ChainReport r = tampered(
      path(), id,
      {"UPDATE games SET header = '" + header + "', genesis = '" + genesis_hash(header) + "'"});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, 1);
  EXPECT_NE(r.problem.find("the game's genesis"), std::string::npos) << r.problem;
}

// ---- files ---------------------------------------------------------------------------------

TEST_F(JournalFile, SchemaVersionIsRecordedInTheFile) {
  make_journal_with_a_move(path());
  auto j = open_journal(path());
  const int latest = migrations::latest_version();
  EXPECT_GE(latest, 1);
  EXPECT_EQ(j->schema_version(), latest);
  j.reset();

  RawDb raw(path());
  EXPECT_EQ(raw.text("PRAGMA user_version"), std::to_string(latest));
  EXPECT_EQ(raw.text("PRAGMA application_id"), std::to_string(migrations::kApplicationId));
  EXPECT_EQ(raw.text("PRAGMA journal_mode"), "wal");
  EXPECT_EQ(raw.text("SELECT count(*) FROM schema_migrations"), std::to_string(latest));
  EXPECT_EQ(raw.text("SELECT max(version) FROM schema_migrations"), std::to_string(latest));
  EXPECT_EQ(raw.text("SELECT name FROM schema_migrations WHERE version = 1"), "001_initial.sql");
}

TEST_F(JournalFile, ReopeningLeavesTheFileByteForByteUnchanged) {
  const std::int64_t id = make_journal_with_a_move(path());
  {
    auto j = open_journal(path());
    ASSERT_TRUE(j->put_snapshot(id, 5, "state").is_ok());
  }
  const std::string before = file_bytes(path());
  ASSERT_FALSE(before.empty());
  for (const bool read_only : {false, true}) {
    {
      auto j = open_journal(path(), read_only);
      ASSERT_NE(j, nullptr);
      std::vector<GameRow> games;
      ASSERT_TRUE(j->games(&games).is_ok());
      EXPECT_EQ(all_events(*j, id).size(), 5u);
      EXPECT_TRUE(verified(*j, id).ok);
      std::int64_t seq = 0;
      std::string blob;
      ASSERT_TRUE(j->latest_snapshot(id, 5, &seq, &blob).is_ok());
      EXPECT_EQ(seq, 5);
    }
    EXPECT_EQ(file_bytes(path()), before) << (read_only ? "read-only" : "writable") << " open";
  }
}

TEST_F(JournalFile, ReadOnlyNeverCreatesAFile) {
  std::unique_ptr<Journal> j;
  const Status s = Journal::open(path("missing.journal"), &j, /*read_only=*/true);
  EXPECT_TRUE(s.is_not_found()) << s.message();
  EXPECT_FALSE(fs::exists(path("missing.journal")));
}

TEST_F(JournalFile, ReadOnlyRefusesEveryWrite) {
  const std::int64_t id = make_journal_with_a_move(path());
  auto j = open_journal(path(), /*read_only=*/true);
  ASSERT_NE(j, nullptr);
  std::int64_t new_id = 0;
  EXPECT_EQ(j->create_game(kHeader, {}, &new_id).code(), Status::Code::InvalidArgument);
  const Status s = j->append(id, 6, a_move());
  EXPECT_EQ(s.code(), Status::Code::InvalidArgument);
  EXPECT_NE(s.message().find("read-only"), std::string::npos) << s.message();
  EXPECT_EQ(j->put_snapshot(id, 5, "x").code(), Status::Code::InvalidArgument);
  EXPECT_EQ(last_seq(*j, id), 5);
}

TEST_F(JournalFile, AnEmptyFileBecomesAJournal) {
  { std::ofstream(path()).flush(); }
  ASSERT_TRUE(fs::exists(path()));
  auto j = open_journal(path());
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->schema_version(), migrations::latest_version());
}

TEST_F(JournalFile, TextFileIsRefusedAndLeftAlone) {
  const std::string text = "Players: Ann, Bob\n1. Ann throws 3+4, Chance\n";
  { std::ofstream(path("game.txt")) << text; }
  for (const bool read_only : {false, true}) {
    std::unique_ptr<Journal> j;
    const Status s = Journal::open(path("game.txt"), &j, read_only);
    EXPECT_TRUE(s.is_corrupt()) << s.message();
    EXPECT_NE(s.message().find("is not a deedlog journal"), std::string::npos) << s.message();
    EXPECT_EQ(j, nullptr);
  }
  EXPECT_EQ(file_bytes(path("game.txt")), text);
}

TEST_F(JournalFile, OtherSqliteDatabaseIsRefusedAndLeftAlone) {
  {
    RawDb raw(path("other.db"));
    ASSERT_EQ(raw.exec("CREATE TABLE recipes (name TEXT)"), SQLITE_OK);
  }
  const std::string before = file_bytes(path("other.db"));
  std::unique_ptr<Journal> j;
  const Status s = Journal::open(path("other.db"), &j);
  EXPECT_EQ(s.code(), Status::Code::Corrupt) << s.message();
  EXPECT_NE(s.message().find("not a deedlog journal"), std::string::npos) << s.message();
  EXPECT_EQ(file_bytes(path("other.db")), before);
}

TEST_F(JournalFile, JournalFromANewerDeedlogIsRefused) {
  make_journal_with_a_move(path());
  const int newer = migrations::latest_version() + 1;
  {
    RawDb raw(path());
    ASSERT_EQ(raw.exec("PRAGMA user_version = " + std::to_string(newer)), SQLITE_OK);
  }
  for (const bool read_only : {false, true}) {
    std::unique_ptr<Journal> j;
    const Status s = Journal::open(path(), &j, read_only);
    EXPECT_EQ(s.code(), Status::Code::Corrupt) << s.message();
    EXPECT_NE(s.message().find("newer deedlog (journal schema " + std::to_string(newer)),
              std::string::npos)
        << s.message();
  }
}

TEST(Journal, InMemoryJournalsArePrivateAndCannotBeReadOnly) {
  auto a = open_journal(":memory:");
  auto b = open_journal(":memory:");
  std::int64_t id = 0;
  ASSERT_TRUE(a->create_game(kHeader, {}, &id).is_ok());
  std::vector<GameRow> games;
  ASSERT_TRUE(b->games(&games).is_ok());
  EXPECT_TRUE(games.empty());
  EXPECT_EQ(a->schema_version(), migrations::latest_version());

  std::unique_ptr<Journal> j;
  EXPECT_EQ(Journal::open(":memory:", &j, true).code(), Status::Code::InvalidArgument);
}

// ---- several processes -----------------------------------------------------------------------

// Runs body in a child process and returns its exit code. The child leaves with _exit so
// that nothing of the parent (GoogleTest's state, open files) is torn down twice.
pid_t spawn(const std::function<int()>& body) {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(body());
  return pid;
}

int exit_code(pid_t pid) {
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

struct Pipe {
  int read_end = -1;
  int write_end = -1;
  Pipe() {
    int fds[2];
    if (::pipe(fds) == 0) {
      read_end = fds[0];
      write_end = fds[1];
    }
  }
  ~Pipe() { close_both(); }
  void close_read() { close_fd(&read_end); }
  void close_write() { close_fd(&write_end); }
  void close_both() {
    close_read();
    close_write();
  }
  static void close_fd(int* fd) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
};

// Child exit codes.
constexpr int kAppended = 0;
constexpr int kConflicted = 1;
constexpr int kFailed = 2;

// A child cannot use GoogleTest's assertions: it says why it failed on stderr.
int failed(const Status& s) {
  std::fprintf(stderr, "child %d: %s\n", static_cast<int>(::getpid()), s.message().c_str());
  return kFailed;
}

TEST_F(JournalFile, TwoProcessesRacingForTheSameSeqOneWinsTheOtherConflicts) {
  const std::int64_t id = make_journal_with_a_move(path());
  Pipe ready;  // children -> parent: "I have read the last seq"
  Pipe go;     // parent closes it: both children append at once

  const auto racer = [&](const std::string& actor) {
    return [&, actor]() {
      ready.close_read();
      go.close_write();
      std::unique_ptr<Journal> j;
      if (Status s = Journal::open(path(), &j); !s.is_ok()) return failed(s);
      GameRow g;
      if (Status s = j->game(id, &g); !s.is_ok()) return failed(s);
      if (::write(ready.write_end, "r", 1) != 1) return kFailed;
      char c;
      (void)::read(go.read_end, &c, 1);  // returns 0 when the parent closes the pipe
      const std::vector<NewEvent> move = {event("DiceThrown", R"({"dice":[5,6]})", actor),
                                          event("TokenMoved", R"({"from":7,"to":18})", actor),
                                          event("RentPaid", R"({"amount":14})", actor)};
      const Status s = j->append(id, g.last_seq + 1, move);
      return s.is_ok() ? kAppended : s.is_conflict() ? kConflicted : failed(s);
    };
  };
  const pid_t ann = spawn(racer("Ann"));
  const pid_t bob = spawn(racer("Bob"));
  ready.close_write();
  go.close_read();
  char buf[2];
  std::size_t got = 0;
  while (got < 2) {
    const ssize_t n = ::read(ready.read_end, buf + got, 2 - got);
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  EXPECT_EQ(got, 2u);
  go.close_write();

  std::vector<int> codes = {exit_code(ann), exit_code(bob)};
  std::sort(codes.begin(), codes.end());
  EXPECT_EQ(codes, (std::vector<int>{kAppended, kConflicted}));

  auto j = open_journal(path());
  const auto rows = all_events(*j, id);
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_EQ(rows[5].actor, rows[6].actor);
  EXPECT_EQ(rows[6].actor, rows[7].actor);
  EXPECT_EQ(rows[5].type, "DiceThrown");
  EXPECT_TRUE(verified(*j, id).ok);
}

TEST_F(JournalFile, TwoProcessesAppendingInALoopLoseAndDuplicateNothing) {
  constexpr int kMovesEach = 200;
  const std::int64_t id = [&] {
    auto j = open_journal(path());
    std::int64_t game_id = 0;
    EXPECT_TRUE(j->create_game(kHeader, {}, &game_id).is_ok());
    return game_id;
  }();

  Pipe go;  // both start together, so that their appends interleave
  const auto player = [&](const std::string& actor) {
    return [&, actor]() {
      go.close_write();
      std::unique_ptr<Journal> j;
      if (Status s = Journal::open(path(), &j); !s.is_ok()) return failed(s);
      char c;
      (void)::read(go.read_end, &c, 1);
      for (int n = 0; n < kMovesEach;) {
        GameRow g;
        if (Status s = j->game(id, &g); !s.is_ok()) return failed(s);
        ::usleep(200);  // deciding the move: the other player may append meanwhile
        const Status s = j->append(id, g.last_seq + 1,
                                   {event("Counted", "{\"n\":" + std::to_string(n) + "}", actor)});
        if (s.is_ok()) {
          ++n;
        } else if (!s.is_conflict()) {
          return failed(s);
        }
      }
      return kAppended;
    };
  };
  const pid_t ann = spawn(player("Ann"));
  const pid_t bob = spawn(player("Bob"));
  go.close_both();
  EXPECT_EQ(exit_code(ann), kAppended);
  EXPECT_EQ(exit_code(bob), kAppended);

  auto j = open_journal(path());
  const auto rows = all_events(*j, id);
  ASSERT_EQ(rows.size(), 2u * kMovesEach);
  std::map<std::string, std::vector<std::string>> by_actor;
  for (const auto& r : rows) by_actor[r.actor].push_back(r.payload);
  ASSERT_EQ(by_actor.size(), 2u);
  for (const auto& [actor, payloads] : by_actor) {
    ASSERT_EQ(payloads.size(), static_cast<std::size_t>(kMovesEach)) << actor;
    for (int n = 0; n < kMovesEach; ++n) {
      EXPECT_EQ(payloads[static_cast<std::size_t>(n)], "{\"n\":" + std::to_string(n) + "}")
          << actor;
    }
  }
  const ChainReport report = verified(*j, id);
  EXPECT_TRUE(report.ok) << report.problem;
  EXPECT_EQ(report.events_checked, 2 * kMovesEach);
}

TEST_F(JournalFile, TwoProcessesCreatingTheSameNewFileMigrateItOnce) {
  Pipe go;
  const auto opener = [&]() {
    go.close_write();
    char c;
    (void)::read(go.read_end, &c, 1);
    std::unique_ptr<Journal> j;
    if (Status s = Journal::open(path(), &j); !s.is_ok()) return failed(s);
    return j->schema_version() == migrations::latest_version() ? kAppended : kFailed;
  };
  const pid_t a = spawn(opener);
  const pid_t b = spawn(opener);
  go.close_both();
  EXPECT_EQ(exit_code(a), kAppended);
  EXPECT_EQ(exit_code(b), kAppended);
  RawDb raw(path());
  EXPECT_EQ(raw.text("SELECT count(*) FROM schema_migrations"),
            std::to_string(migrations::latest_version()));
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// Whether libpq is mapped into this process (/proc/self/maps lists every file mapped).
bool libpq_is_loaded() {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line))
    if (line.find("libpq.so") != std::string::npos) return true;
  return false;
}

// libpq is loaded when a PostgreSQL journal is first opened, not at start: linked, it and its
// twenty libraries were a third of a one-move referee process on an SQLite file.
TEST(LibpqOnDemand, AnSqliteJournalNeverLoadsLibpqAPostgresUriDoes) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_game(R"({"ruleset":"uk-1972"})", {}, &id).is_ok());
  EXPECT_FALSE(libpq_is_loaded());
  if (!DEEDLOG_WITH_POSTGRES) GTEST_SKIP() << "built without PostgreSQL journals (DEEDLOG_POSTGRES=OFF)";
  std::unique_ptr<Journal> pg;
  const Status s = Journal::open("postgresql:///nowhere?host=/nonexistent-folder", &pg);
  EXPECT_TRUE(s.is_io_error()) << s.message();
  EXPECT_TRUE(libpq_is_loaded());
}

}  // namespace
}  // namespace deedlog
