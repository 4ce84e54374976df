// The referee on a PostgreSQL journal, end to end: new, play, status, verify with --db
// postgresql://..., and referee copy between a file and a server both ways. A throw-away server
// (tests/support/postgres_server.h) runs for the program; without one the tests say they skip.
#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include <gtest/gtest.h>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/postgres_server.h"

namespace deedlog {
namespace {

using json = nlohmann::json;
using testing::quote;
using testing::RunResult;
using testing::temp_dir;
using testing_pg::Server;
using testing_pg::database_of;

const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new testing_pg::Environment);

RunResult referee(const std::string& db, const std::string& args) {
  return testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " " + args);
}

TEST(PostgresCli, NewPlayStatusVerifyOnAServer) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  RunResult r = referee(db, "new --ruleset uk-1972 --players " + quote("Ann, Ben, Cat"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "1\n");
  r = referee(db, "--json play --expect-seq 4 " + quote("Ann rolls 4 5"));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["events"][0]["seq"], 5);
  // The same expected seq again: another writer got there first.
  r = referee(db, "play --expect-seq 4 " + quote("Ann buys"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("conflict"), std::string::npos) << r.err;
  ASSERT_EQ(referee(db, "play " + quote("Ann buys")).code, 0);
  r = referee(db, "--json status");
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["players"][0]["cash"], 1380);
  EXPECT_EQ(j["players"][0]["square"], 9);
  r = referee(db, "verify");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  // Edited behind the referee's back (the guard dropped first): verify fails.
  ASSERT_EQ(Server::get().run_sql(database_of(db), "DROP TRIGGER moves_refuse_rewrite ON moves"), "");
  ASSERT_EQ(Server::get().run_sql(database_of(db),
                                  "UPDATE moves SET actor = 'Ben' WHERE seq = 5"),
            "");
  EXPECT_EQ(referee(db, "verify").code, 1);
}

// verify --tournament on a server (docs/trust.md, "Tournaments"): the heads new and standings
// print are in the chain; a record cut off the end shows only against the head kept after it; a
// record edited without new hashes breaks the chain.
TEST(PostgresCli, ATournamentOnAServerVerifiesAgainstTheHeadsItPrinted) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  RunResult r = referee(db, "--json tournament new --name Club --players " + quote("Ann, Ben, Cat, Dan") +
                                " --rounds 2 --table-size 2");
  ASSERT_EQ(r.code, 0) << r.err;
  const json made = json::parse(r.out);
  const std::string key = made["judge_key"], first_head = made["head"];
  ASSERT_EQ(referee(db, "tournament seat --round 1 " + testing::key_file_option(key)).code, 0);
  ASSERT_EQ(referee(db, "tournament call-time --round 1 " + testing::key_file_option(key)).code, 0);
  const std::string head = json::parse(referee(db, "--json tournament standings").out)["head"];
  r = referee(db, "--json verify --tournament 1 --expect-head " + first_head);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["tournaments"][0]["anchor_seq"], 0);
  EXPECT_EQ(json::parse(r.out)["tournaments"][0]["head"], head);
  r = referee(db, "--json verify");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(json::parse(r.out)["tournaments"][0]["ok"].get<bool>());
  // The call of time cut off the end (the guard dropped first): only the head kept shows it.
  ASSERT_EQ(Server::get().run_sql(database_of(db),
                                  "DROP TRIGGER tournament_records_refuse_rewrite ON tournament_records"),
            "");
  ASSERT_EQ(Server::get().run_sql(database_of(db), "DELETE FROM tournament_records WHERE seq = 2"), "");
  EXPECT_EQ(referee(db, "verify --tournament 1").code, 0);
  r = referee(db, "--json verify --tournament 1 --expect-head " + head);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_FALSE(json::parse(r.out)["tournaments"][0]["anchor_found"].get<bool>());
  // The seating edited without new hashes: the chain breaks at it.
  ASSERT_EQ(Server::get().run_sql(database_of(db),
                                  "UPDATE tournament_records SET payload = replace(payload, '\"Ann\"', '\"Zed\"') "
                                  "WHERE seq = 1"),
            "");
  r = referee(db, "--json verify --tournament 1");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(json::parse(r.out)["tournaments"][0]["first_bad_seq"], 1);
}

TEST(PostgresCli, CopyFromAFileToAServerAndBackKeepsEveryHash) {
  DEEDLOG_REQUIRE_POSTGRES();
  const auto dir = temp_dir("pg-copy");
  const std::string file = (dir / "club.db").string();
  ASSERT_EQ(referee(file, "import " + quote(testing::sample("uk-1972/long-game.game"))).code, 0);
  ASSERT_EQ(referee(file, "new --ruleset us-short --players " + quote("Ann, Ben")).code, 0);
  const std::string server = Server::get().new_database();

  RunResult r = testing::run(deedlog::testing::referee_program(), fmt::format("--json copy --from {} --to {}", quote(file), quote(server)));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const json copied = json::parse(r.out)["copied"];
  ASSERT_EQ(copied.size(), 2u);
  EXPECT_EQ(copied[0]["game"], 1);
  EXPECT_EQ(copied[1]["game"], 2);
  // The server's journal verifies and reads as the file does.
  EXPECT_EQ(referee(server, "verify").code, 0);
  EXPECT_EQ(referee(server, "--game 1 --json status").out, referee(file, "--game 1 --json status").out);
  const std::string head = copied[0]["head"];
  EXPECT_EQ(referee(server, "--game 1 verify --expect-head " + head.substr(0, 16)).code, 0);

  // Again: the server holds those ids now, so nothing is copied.
  r = testing::run(deedlog::testing::referee_program(), fmt::format("copy --from {} --to {}", quote(file), quote(server)));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("already holds a game 1"), std::string::npos) << r.err;

  // And back, one game, to a new file: the same head.
  const std::string back = (dir / "back.db").string();
  r = testing::run(deedlog::testing::referee_program(), fmt::format("--game 1 --json copy --from {} --to {}", quote(server), quote(back)));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["copied"][0]["head"], head);
  EXPECT_EQ(referee(back, "--game 1 verify --expect-head " + head.substr(0, 16)).code, 0);
  EXPECT_EQ(referee(back, "--game 2 status").code, 1);  // only the game asked for
  std::filesystem::remove_all(dir);
}

// Completion offers a server's games and players as it does a file's (it looked for a file of
// the URI's name, found none and offered nothing).
TEST(PostgresCli, CompletionOffersTheServersGamesAndPlayers) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  ASSERT_EQ(referee(db, "new --ruleset uk-1972 --players " + quote("Ann, Ben")).code, 0);
  ASSERT_EQ(referee(db, "new --ruleset uk-1972 --players " + quote("Cat, Dan")).code, 0);
  EXPECT_EQ(referee(db, "__complete games").out, "1\n2\n");
  EXPECT_EQ(referee(db, "--game 2 __complete players").out, "Cat\nDan\n");
}

// referee analyse keeps its result in the journal's database (table deedlog_kept_analyses), and
// replay --html shows it from there, as it does from the folder beside an SQLite journal.
TEST(PostgresCli, AnalyseKeepsItsResultInTheDatabaseAndReplayShowsIt) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/table-speech.game"))).code, 0);
  RunResult r = referee(db, "--json analyse --games 4");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err.find("not kept"), std::string::npos) << r.err;
  EXPECT_EQ(json::parse(Server::get().query_value(database_of(db),
                                                  "SELECT document FROM deedlog_kept_analyses WHERE game_id = 1")),
            json::parse(r.out));
  testing::RemovedAtExit dir{temp_dir("postgres-views")};
  const auto page = dir.dir / "page.html";
  r = testing::run(deedlog::testing::replay_program(), "--db " + quote(db) + " --html " + quote(page.string()));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(testing::slurp(page).find("id=\"win\""), std::string::npos);
}

TEST(PostgresCli, CopyNeedsBothEnds) {
  EXPECT_EQ(testing::run(deedlog::testing::referee_program(), "copy --from a.db").code, 2);
  EXPECT_EQ(testing::run(deedlog::testing::referee_program(), "copy --from a.db --to a.db").code, 2);
}

}  // namespace
}  // namespace deedlog
