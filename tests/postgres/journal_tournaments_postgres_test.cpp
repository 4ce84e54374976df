// Tournaments in the journal (schema 3) on both stores: each case runs on an SQLite file and on a
// database of a throw-away PostgreSQL server (skipped, saying so, where none can start). The same
// records chain to the same hashes on both; the databases refuse to rewrite them; a reader finds
// an edited record.
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <string>
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

const std::string kKeyDigest(64, 'a');
constexpr char kSettings[] = R"({"players":["Ann","Ben","Cat"],"rounds":2})";

std::vector<TournamentRecord> records(Journal& j, std::int64_t id, Status* status = nullptr) {
  std::vector<TournamentRecord> out;
  const Status s = j.tournament_records(id, [&](const TournamentRecord& r) {
    out.push_back(r);
    return true;
  });
  if (status) *status = s;
  else EXPECT_TRUE(s.is_ok()) << s.message();
  return out;
}

class TournamentStores : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") {
      DEEDLOG_REQUIRE_POSTGRES();
      name_ = Server::get().new_database();
      database_ = database_of(name_);
    } else {
      dir_ = fs::temp_directory_path() / ("deedlog-tournament-stores-" + std::to_string(::getpid()) + "-" +
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
  // Runs SQL behind the journal's back; the database's error ("" when it took it).
  std::string raw_sql(const std::string& sql) {
    if (GetParam() == "postgresql") return Server::get().run_sql(database_, sql);
    sqlite3* db = nullptr;
    sqlite3_open(name_.c_str(), &db);
    char* message = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    std::string error = rc == SQLITE_OK ? "" : (message ? message : "error");
    sqlite3_free(message);
    sqlite3_close(db);
    return error;
  }
  std::string name_, database_;
  fs::path dir_;
};

TEST_P(TournamentStores, CreateAppendAndReadWithTheSameHashesOnBothStores) {
  auto j = open();
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_tournament("Club Open", kSettings, kKeyDigest, &id).is_ok());
  EXPECT_EQ(id, 1);
  std::int64_t second = 0;
  ASSERT_TRUE(j->create_tournament("Club Closed", kSettings, kKeyDigest, &second).is_ok());
  EXPECT_EQ(second, 2);
  std::string h1, h2;
  ASSERT_TRUE(j->append_tournament_record(id, 1, "seated", R"({"round":1})", &h1).is_ok());
  ASSERT_TRUE(j->append_tournament_record(id, 2, "time_called", R"({"round":1})", &h2).is_ok());
  const auto got = records(*j, id);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].kind, "seated");
  EXPECT_EQ(got[0].prev_hash, tournament_genesis("Club Open", kSettings, kKeyDigest));
  EXPECT_EQ(got[0].hash, h1);
  EXPECT_EQ(got[1].prev_hash, h1);
  EXPECT_EQ(got[1].hash, h2);
  EXPECT_EQ(got[1].hash, tournament_record_hash(got[1]));
  TournamentRow row;
  ASSERT_TRUE(j->tournament(id, &row).is_ok());
  EXPECT_EQ(row.name, "Club Open");
  EXPECT_EQ(row.settings, kSettings);
  EXPECT_EQ(row.last_seq, 2);
  std::vector<TournamentRow> all;
  ASSERT_TRUE(j->tournaments(&all).is_ok());
  EXPECT_EQ(all.size(), 2u);
  EXPECT_TRUE(records(*j, second).empty());
  // Read-only, the same.
  auto ro = open(true);
  EXPECT_EQ(records(*ro, id).size(), 2u);
  EXPECT_FALSE(ro->append_tournament_record(id, 3, "x", "{}").is_ok());
  EXPECT_TRUE(j->tournament(99, &row).is_not_found());
}

TEST_P(TournamentStores, AnAppendOutOfTurnIsAConflictAndWritesNothing) {
  auto j = open();
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_tournament("Open", kSettings, kKeyDigest, &id).is_ok());
  ASSERT_TRUE(j->append_tournament_record(id, 1, "seated", "{}").is_ok());
  EXPECT_TRUE(j->append_tournament_record(id, 1, "seated", "{}").is_conflict());
  EXPECT_TRUE(j->append_tournament_record(id, 3, "seated", "{}").is_conflict());
  EXPECT_FALSE(j->append_tournament_record(id, 2, "seated", "not json").is_ok());
  EXPECT_FALSE(j->append_tournament_record(99, 1, "seated", "{}").is_ok());
  EXPECT_EQ(records(*j, id).size(), 1u);
}

TEST_P(TournamentStores, TheDatabaseRefusesToRewriteAndAReaderFindsAnEdit) {
  auto j = open();
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_tournament("Open", kSettings, kKeyDigest, &id).is_ok());
  ASSERT_TRUE(j->append_tournament_record(id, 1, "appeal", R"({"upheld":false})").is_ok());
  ASSERT_TRUE(j->append_tournament_record(id, 2, "sheet", R"({"round":1})").is_ok());
  j.reset();
  EXPECT_NE(raw_sql("UPDATE tournament_records SET payload = '{\"upheld\":true}' WHERE seq = 1"), "");
  EXPECT_NE(raw_sql("DELETE FROM tournament_records WHERE seq = 2"), "");
  EXPECT_NE(raw_sql("UPDATE tournaments SET name = 'Other'"), "");
  EXPECT_NE(raw_sql("DELETE FROM tournaments"), "");
  // Someone who drops the guards and edits a record is found by the next reader.
  if (GetParam() == "postgresql") {
    ASSERT_EQ(raw_sql("ALTER TABLE tournament_records DISABLE TRIGGER USER"), "");
  } else {
    ASSERT_EQ(raw_sql("DROP TRIGGER tournament_records_refuse_update"), "");
  }
  ASSERT_EQ(raw_sql("UPDATE tournament_records SET payload = '{\"upheld\":true}' WHERE seq = 1"), "");
  j = open();
  Status s;
  records(*j, id, &s);
  EXPECT_TRUE(s.is_corrupt()) << s.message();
}

// A PostgreSQL journal of schema 2 (made before tournaments): read-only it holds none and is
// left as it is; opened for writing it gains the tables once, and its games are untouched.
TEST(TournamentsOnPostgres, AJournalOfSchemaTwoGainsTheTablesWhenOpenedForWriting) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string uri = Server::get().new_database();
  const std::string db = database_of(uri);
  {
    std::unique_ptr<Journal> j;
    ASSERT_TRUE(Journal::open(uri, &j).is_ok());
    std::int64_t id = 0;
    ASSERT_TRUE(j->create_game(R"({"ruleset":"uk-1972","players":["Ann","Bob"]})",
                               {NewEvent{"", "Referee", "GameStarted", "{}"}}, &id)
                    .is_ok());
  }
  // Back to schema 2, as an older deedlog left it.
  ASSERT_EQ(Server::get().run_sql(db, "DROP TABLE tournament_records; DROP TABLE tournaments; "
                                      "DROP FUNCTION deedlog_record_follows_on(); DELETE FROM deedlog_schema WHERE version = 3"),
            "");
  {
    std::unique_ptr<Journal> ro;
    ASSERT_TRUE(Journal::open(uri, &ro, true).is_ok());
    EXPECT_EQ(ro->schema_version(), 2);
    std::vector<TournamentRow> all;
    EXPECT_TRUE(ro->tournaments(&all).is_ok());
    EXPECT_TRUE(all.empty());
    TournamentRow row;
    EXPECT_TRUE(ro->tournament(1, &row).is_not_found());
  }
  EXPECT_EQ(Server::get().query_value(db, "SELECT max(version) FROM deedlog_schema"), "2");
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(uri, &j).is_ok());
  EXPECT_EQ(j->schema_version(), 3);
  std::int64_t id = 0;
  ASSERT_TRUE(j->create_tournament("Open", kSettings, kKeyDigest, &id).is_ok());
  ASSERT_TRUE(j->append_tournament_record(id, 1, "seated", "{}").is_ok());
  ChainReport report;
  ASSERT_TRUE(j->verify_chain(1, &report).is_ok());
  EXPECT_TRUE(report.ok) << report.problem;
  std::unique_ptr<Journal> again;
  ASSERT_TRUE(Journal::open(uri, &again).is_ok());  // a second open adds nothing twice
  EXPECT_EQ(records(*again, id).size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(BothStores, TournamentStores, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& p) { return p.param; });

}  // namespace
}  // namespace deedlog
