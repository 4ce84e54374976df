// The referee and replay programs as a user meets them: commands, exit codes, JSON, and a
// journal that nothing but a legal move changes.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <nlohmann/json.hpp>
#include <fstream>
#include <thread>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::replay;
using testing::RunResult;
using testing::sample;
using testing::slurp;
using testing::temp_dir;
using json = nlohmann::json;

std::filesystem::path new_game(const std::string& name, const std::string& players = "Ann, Ben, Cat") {
  const auto db = temp_dir(name) / "game.db";
  const RunResult r = referee(db, "new --ruleset uk-1972 --players " + quote(players));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "1\n");
  return db;
}

void exec_sql(const std::filesystem::path& db, const std::string& sql) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.string().c_str(), &h), SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err);
  EXPECT_EQ(rc, SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(h);
}

TEST(Cli, NewPlayStatusInJson) {
  const auto db = new_game("nps");
  RunResult r = referee(db, "--json play " + quote("Ann rolls 4 5"));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  json j = json::parse(r.out);
  EXPECT_TRUE(j["accepted"].get<bool>());
  EXPECT_EQ(j["events"][0]["type"], "MovePlayed");
  EXPECT_EQ(j["events"][0]["seq"], 5);  // three seats placed and the first turn: 4 opening events
  r = referee(db, "play " + quote("Ann buys"));
  ASSERT_EQ(r.code, 0) << r.out;
  r = referee(db, "--json status");
  ASSERT_EQ(r.code, 0);
  j = json::parse(r.out);
  EXPECT_EQ(j["ruleset"], "uk-1972");
  EXPECT_EQ(j["players"][0]["name"], "Ann");
  EXPECT_EQ(j["players"][0]["cash"], 1380);
  EXPECT_EQ(j["players"][0]["square"], 9);
  EXPECT_EQ(j["players"][0]["square_name"], "Pentonville Road");
  EXPECT_EQ(j["players"][0]["properties"][0]["name"], "Pentonville Road");
  EXPECT_EQ(j["bank"]["houses"], 32);
  EXPECT_EQ(j["turn"]["player"], "Ann");
  // --at: the position before the purchase.
  r = referee(db, "--json status --at 8");
  j = json::parse(r.out);
  EXPECT_EQ(j["players"][0]["cash"], 1500);
  EXPECT_EQ(j["turn"]["phase"], "buy-decision");
}

TEST(Cli, RefusedMoveExitsThreeCitesTheRuleAndLeavesTheFileUntouched) {
  const auto db = new_game("refused");
  ASSERT_EQ(referee(db, "play " + quote("Ann rolls 4 5")).code, 0);
  const std::string before = slurp(db);
  ASSERT_FALSE(std::filesystem::exists(db.string() + "-wal") && std::filesystem::file_size(db.string() + "-wal") > 0);
  const RunResult r = referee(db, "--json play " + quote("Ben rolls 1 2"));
  EXPECT_EQ(r.code, 3);
  const json j = json::parse(r.out);
  EXPECT_FALSE(j["accepted"].get<bool>());
  EXPECT_EQ(j["events"].size(), 0u);
  EXPECT_EQ(j["violation"]["rule"], "uk-1972/turn/finish-the-move");
  EXPECT_EQ(j["violation"]["section"], "TO START THE GAME");
  EXPECT_NE(j["violation"]["message"].get<std::string>().find("Ann must first buy Pentonville Road for £120"),
            std::string::npos);
  EXPECT_EQ(slurp(db), before);
  // The words form says the same.
  const RunResult words = referee(db, "play " + quote("Ben rolls 1 2"));
  EXPECT_EQ(words.code, 3);
  EXPECT_NE(words.out.find("rule uk-1972/turn/finish-the-move"), std::string::npos);
  EXPECT_EQ(slurp(db), before);
}

TEST(Cli, DryRunRulesButRecordsNothing) {
  const auto db = new_game("dry");
  const std::string before = slurp(db);
  const RunResult r = referee(db, "--json play --dry-run " + quote("Ann rolls 4 5"));
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_TRUE(j["accepted"].get<bool>());
  EXPECT_GT(j["events"].size(), 2u);
  EXPECT_EQ(slurp(db), before);
  EXPECT_EQ(json::parse(referee(db, "--json status").out)["seq"], 4);
}

TEST(Cli, UsageErrorsExitTwo) {
  const auto db = new_game("usage");
  EXPECT_EQ(referee(db, "frobnicate").code, 2);
  EXPECT_EQ(referee(db, "play").code, 2);
  const RunResult bad = referee(db, "play " + quote("Ann rols 3 4"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_FALSE(bad.err.empty());
  const RunResult who = referee(db, "play " + quote("Anne rolls 3 4"));
  EXPECT_EQ(who.code, 2);
  EXPECT_NE(who.err.find("Ann"), std::string::npos) << who.err;
  EXPECT_EQ(referee(db, "new --ruleset uk-1972 --players Ann").code, 2);
  EXPECT_EQ(referee(db, "new --ruleset uk-1999 --players " + quote("Ann, Ben")).code, 2);
  EXPECT_EQ(testing::run(deedlog::testing::referee_program(), "--help").code, 0);
  EXPECT_EQ(testing::run(deedlog::testing::referee_program(), "play --help").code, 0);
}

// Names that look alike are usage errors (exit 2), from the command line and from a .game file,
// and no game is created.
TEST(Cli, LookAlikeNamesAreUsageErrors) {
  const auto dir = temp_dir("lookalike");
  const auto db = dir / "g.db";
  for (const std::string players : {"Ann, ANN", "Ann, An\u200Bn", "Ann, Ben\u202E", "Zoe\u0301, Ben", "Zoë, ZOË"}) {
    const RunResult r = referee(db, "new --ruleset uk-1972 --players " + quote(players));
    EXPECT_EQ(r.code, 2) << players << ": " << r.out << r.err;
    EXPECT_FALSE(r.err.empty()) << players;
  }
  const auto names = dir / "names.game";
  std::ofstream(names) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, A\u200Dnn\"]\n\nAnn rolls 3 4\n";
  EXPECT_EQ(referee(db, "import " + quote(names.string())).code, 2);
  EXPECT_EQ(referee(db, "status").code, 1);  // no game was created
  EXPECT_EQ(referee(db, "new --ruleset uk-1972 --players " + quote("Zoë, Zoe")).code, 0);
}

// An unknown variant is a usage error (exit 2) that lists the known ones, for new, import and
// simulate; no game is created. The known ones, in any case, still start a game.
TEST(Cli, UnknownVariantsAreUsageErrors) {
  const auto dir = temp_dir("variants");
  const auto db = dir / "g.db";
  const RunResult v = referee(db, "new --ruleset uk-1972 --players " + quote("Ann, Ben") + " --variant speed-die");
  EXPECT_EQ(v.code, 2) << v.out << v.err;
  EXPECT_NE(v.err.find("short-game"), std::string::npos) << v.err;
  EXPECT_NE(v.err.find("time-limit"), std::string::npos) << v.err;
  const auto file = dir / "variant.game";
  std::ofstream(file) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Variant \"short-game, speed-die\"]\n\nAnn rolls 3 4\n";
  const RunResult i = referee(db, "import " + quote(file.string()));
  EXPECT_EQ(i.code, 2) << i.out << i.err;
  EXPECT_NE(i.err.find("time-limit"), std::string::npos) << i.err;
  EXPECT_EQ(referee(db, "status").code, 1);  // no game was created
  EXPECT_EQ(referee(db, "simulate --games 1 --variant speed-die --no-journal").code, 2);
  EXPECT_EQ(referee(db, "new --ruleset uk-1972 --players " + quote("Ann, Ben") + " --variant Short-Game").code, 0);
  EXPECT_EQ(json::parse(referee(db, "--json status").out)["ruleset"], "uk-1972");
}

// A journal with no game says so, for the referee and for the replay (exit 1: nothing to show).
TEST(Cli, AJournalWithNoGameSaysSo) {
  const auto dir = temp_dir("empty-journal");
  const auto db = dir / "empty.db";
  ASSERT_EQ(referee(db, "simulate --games 0").code, 0);  // creates the journal, plays nothing
  ASSERT_TRUE(std::filesystem::exists(db));
  for (const RunResult& r : {referee(db, "status"), replay(db, ""), replay(db, "--format json"),
                             replay(db, "--html " + quote((dir / "x.html").string()))}) {
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("no game"), std::string::npos) << r.err;
  }
}

TEST(Cli, NotAJournalIsAClearFailure) {
  const auto dir = temp_dir("notjournal");
  const auto junk = dir / "junk.db";
  std::ofstream(junk) << "this is not a database, just some words\n";
  const std::string before = slurp(junk);
  const RunResult r = referee(junk, "status");
  EXPECT_EQ(r.code, 1);
  EXPECT_FALSE(r.err.empty());
  EXPECT_EQ(slurp(junk), before);
  const RunResult missing = referee(dir / "missing.db", "status");
  EXPECT_EQ(missing.code, 1);
  EXPECT_FALSE(std::filesystem::exists(dir / "missing.db"));
  EXPECT_EQ(referee(dir / "x.db", "import " + quote((dir / "nofile.game").string())).code, 1);
}

TEST(Cli, SeveralGamesInOneFileNeedGame) {
  const auto db = new_game("many");
  ASSERT_EQ(referee(db, "new --ruleset uk-1972 --players " + quote("Dee, Eve")).out, "2\n");
  const RunResult r = referee(db, "status");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--game"), std::string::npos);
  EXPECT_EQ(referee(db, "--game 2 play " + quote("Dee rolls 1 2")).code, 0);
  EXPECT_EQ(referee(db, "--game 1 play " + quote("Dee rolls 1 2")).code, 2);  // no Dee in game 1
  EXPECT_EQ(referee(db, "--game 7 status").code, 1);
}

TEST(Cli, ImportStopsAtTheFirstRefusedMoveKeepingTheLegalOnes) {
  const auto db = temp_dir("import-refused") / "g.db";
  const RunResult r = referee(db, "import " + quote(sample("uk-1972/rent-asked-too-late.game")));
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("line 14:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("uk-1972/rent/ask-before-next-throw"), std::string::npos) << r.out;
  const json j = json::parse(referee(db, "--json status").out);
  EXPECT_EQ(j["players"][0]["cash"], 1500);  // Ann never paid
  EXPECT_EQ(j["players"][1]["cash"], 1300);  // Ben paid Income Tax
  const RunResult js = referee(temp_dir("import-refused-json") / "g.db",
                         "--json import " + quote(sample("uk-1972/rent-asked-too-late.game")));
  const json k = json::parse(js.out);
  EXPECT_EQ(k["line"], 14);
  EXPECT_EQ(k["violation"]["rule"], "uk-1972/rent/ask-before-next-throw");
}

TEST(Cli, IllegalSetupCreatesNoGame) {
  const auto db = temp_dir("setup") / "g.db";
  const RunResult r = referee(db, "--json import " + quote(sample("uk-1972/uneven-setup.game")));
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(json::parse(r.out)["violation"]["rule"], "uk-1972/setup/even-building");
  EXPECT_EQ(referee(db, "status").code, 1);  // no game was created
}

TEST(Cli, VerifyPassesAnHonestJournal) {
  const auto db = temp_dir("verify-ok") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(sample("uk-1972/three-doubles.game"))).code, 0);
  const RunResult r = referee(db, "--json verify");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(json::parse(r.out)["ok"].get<bool>());
}

class Tampering : public ::testing::Test {
 protected:
  std::filesystem::path db;
  void SetUp() override {
    db = temp_dir(::testing::UnitTest::GetInstance()->current_test_info()->name()) / "g.db";
    ASSERT_EQ(referee(db, "import " + quote(sample("uk-1972/three-doubles.game"))).code, 0);
    // A dishonest user can drop the guards the journal puts up; the hash chain still shows it.
    sqlite3* h = nullptr;
    sqlite3_open(db.string().c_str(), &h);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(h, "SELECT name FROM sqlite_master WHERE type = 'trigger'", -1, &st, nullptr);
    std::vector<std::string> triggers;
    while (sqlite3_step(st) == SQLITE_ROW) triggers.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
    for (const auto& t : triggers) sqlite3_exec(h, ("DROP TRIGGER \"" + t + "\"").c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(h);
  }
  void expect_broken(int seq_at_most) {
    const RunResult r = referee(db, "--json verify");
    EXPECT_EQ(r.code, 1) << r.out;
    const json j = json::parse(r.out);
    EXPECT_FALSE(j["ok"].get<bool>());
    EXPECT_LE(j["games"][0]["first_bad_seq"].get<int>(), seq_at_most);
  }
};

// The journal stores a row per move (docs/journal.md): an event is edited, removed or moved
// inside its move's array of events, and the move's hash shows it.
std::string move_holding(int seq) {
  return "(SELECT max(seq) FROM moves WHERE seq <= " + std::to_string(seq) + ")";
}

TEST_F(Tampering, EditedPayloadIsCaught) {
  exec_sql(db, "UPDATE moves SET events = json_set(events, '$[' || (9 - seq) || '][1].amount', 2000) WHERE seq = " +
                   move_holding(9));
  expect_broken(9);
}

TEST_F(Tampering, DeletedEventIsCaught) {
  exec_sql(db, "UPDATE moves SET events = json_remove(events, '$[' || (12 - seq) || ']') WHERE seq = " +
                   move_holding(12));
  expect_broken(13);
}

TEST_F(Tampering, DeletedMoveIsCaught) {
  exec_sql(db, "DELETE FROM moves WHERE seq = " + move_holding(12));
  expect_broken(13);
}

TEST_F(Tampering, ReorderedEventsAreCaught) {
  // The events of the move holding event 10, in the reverse order.
  exec_sql(db,
           "UPDATE moves SET events = (SELECT json_group_array(json(value)) FROM "
           "(SELECT value FROM json_each(moves.events) ORDER BY key DESC)) WHERE seq = " +
               move_holding(10));
  expect_broken(11);
}

// Two writers at once: every process proposes the same move; exactly one is recorded.
TEST(Cli, ConcurrentWritersNeverDuplicateAMove) {
  const auto db = new_game("race");
  std::vector<std::thread> threads;
  std::vector<RunResult> results(6);
  for (std::size_t i = 0; i < results.size(); ++i)
    threads.emplace_back([&, i] { results[i] = referee(db, "play " + quote("Ann rolls 1 2")); });
  for (auto& t : threads) t.join();
  int accepted = 0;
  for (const RunResult& r : results) {
    if (r.code == 0) ++accepted;
    else EXPECT_TRUE(r.code == 3 || (r.code == 1 && r.err.find("conflict") != std::string::npos)) << r.code << r.out << r.err;
  }
  EXPECT_EQ(accepted, 1);
  const json log = json::parse(referee(db, "--json log").out);
  int moves = 0;
  for (const auto& e : log["events"])
    if (e["type"] == "MovePlayed") ++moves;
  EXPECT_EQ(moves, 1);
  EXPECT_EQ(referee(db, "verify").code, 0);
}

TEST(Cli, ReplayNarratesEachEventThenThePosition) {
  const auto db = temp_dir("replay") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(sample("uk-1972/third-turn-in-jail.game"))).code, 0);
  const RunResult r = replay(db, "");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Ann threw 2 and 5."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann paid the Jail fine of £50."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann left Jail after the last allowed turn"), std::string::npos) << r.out;
  const RunResult to = replay(db, "--json --to 8");
  const json j = json::parse(to.out);
  EXPECT_EQ(j["events"].back()["seq"], 8);
  EXPECT_EQ(j["position"]["seq"], 8);
}

}  // namespace
}  // namespace deedlog
