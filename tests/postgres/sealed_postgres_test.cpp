// Sealed games (duplicate rounds) on a PostgreSQL journal, through the real referee: the seed is
// kept in the table deedlog_seals, apart from the journal's record; the referee throws from it;
// the seed is in no output and no row of the record before the reveal; the reveal matches the
// commitment and verify checks against it; a seed that is not its commitment's is refused; a
// journal of the last release (schema 3, no seals table) reads as before and gains the table when
// opened for writing; two writers keeping seeds at once lose none. A throw-away server
// (tests/support/postgres_server.h) runs for the program; without one the tests say they skip.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/build_paths.h"
#include "deedlog/ruleset_catalog.h"
#include "journal/journal.h"
#include "journal/sha256.h"
#include "service/sealed_seeds.h"
#include "support/cli.h"
#include "support/postgres_server.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using json = nlohmann::json;
using testing::quote;
using testing::RunResult;
using testing_pg::Server;
using testing_pg::database_of;

const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new testing_pg::Environment);

constexpr int kExitOk = 0, kExitFailure = 1, kExitRefused = 3;

RunResult referee(const std::string& db, const std::string& args) {
  return testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " " + args);
}

// The journal's URI as a login role of the server that may SELECT only `tables` (made if need
// be): a club's player or watcher account, not the owner.
std::string as_role(const std::string& name, const std::string& db, const std::string& role, const std::string& tables) {
  EXPECT_EQ(Server::get().run_sql(name, "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role +
                                            "') THEN CREATE ROLE " + role + " LOGIN; END IF; END $$; GRANT SELECT ON " +
                                            tables + " TO " + role),
            "");
  std::string uri = db;
  uri.replace(uri.find("user=postgres"), std::string("user=postgres").size(), "user=" + role);
  return uri;
}

std::string game_opt(std::int64_t g) { return "--game " + std::to_string(g) + " "; }

std::string sha256(const std::string& text) {
  Sha256 h;
  h.update(text);
  return h.hex();
}

std::int64_t new_game(const std::string& db, const std::string& args, std::string* commitment = nullptr) {
  const RunResult r = referee(db, "--json new --ruleset uk-1972 " + args);
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  if (r.code != kExitOk) return 0;
  const json j = json::parse(r.out);
  if (commitment != nullptr) *commitment = j.value("commitment", std::string());
  return j.at("game").get<std::int64_t>();
}

std::vector<std::pair<int, int>> throws_of(const std::string& db, std::int64_t g) {
  const RunResult r = referee(db, game_opt(g) + "--json log");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  std::vector<std::pair<int, int>> dice;
  const json events = json::parse(r.out).at("events");
  for (const json& e : events)
    if (e.at("type") == "DiceThrown" || e.at("type") == "CardDiceThrown")
      dice.emplace_back(e.at("die1").get<int>(), e.at("die2").get<int>());
  return dice;
}

// The seed the table holds for a commitment, read as its owner (the server's superuser).
std::string kept_seed(const std::string& db, const std::string& commitment) {
  return Server::get().query_value(database_of(db),
                                   "SELECT seed FROM deedlog_seals WHERE commitment = '" + commitment + "'");
}

// How many rows of the journal's record (games, moves, the events view, snapshots, tournaments
// and their records) hold text anywhere in them.
std::string rows_holding(const std::string& db, const std::string& text) {
  const std::string like = "'%" + text + "%'";
  return Server::get().query_value(
      database_of(db),
      "SELECT (SELECT count(*) FROM games g WHERE g::text LIKE " + like + ") + (SELECT count(*) FROM moves m WHERE m::text LIKE " +
          like + ") + (SELECT count(*) FROM events e WHERE e::text LIKE " + like +
          ") + (SELECT count(*) FROM snapshots s WHERE position(convert_to('" + text + "', 'UTF8') in s.state) > 0) + " +
          "(SELECT count(*) FROM tournaments t WHERE t::text LIKE " + like + ") + (SELECT count(*) FROM tournament_records r WHERE r::text LIKE " +
          like + ")");
}

std::string moves_count(const std::string& db) {
  return Server::get().query_value(database_of(db), "SELECT count(*) FROM moves");
}

// The seed and its first 16 digits appear in none of the outputs a player can ask for.
void expect_in_no_output(const std::string& db, std::int64_t g, const std::string& seed) {
  const std::vector<std::pair<std::string, RunResult>> outputs = {
      {"log --json", referee(db, game_opt(g) + "--json log")},
      {"status --json", referee(db, game_opt(g) + "--json status")},
      {"status --setup", referee(db, game_opt(g) + "status --setup")},
      {"games --json", referee(db, "--json games")},
      {"verify --json", referee(db, "--json verify")},
  };
  for (const auto& [what, out] : outputs) {
    EXPECT_EQ(out.code, kExitOk) << what << ": " << out.err;
    for (const std::string& secret : {seed, seed.substr(0, 16)}) {
      EXPECT_EQ(out.out.find(secret), std::string::npos) << what << " shows the seed";
      EXPECT_EQ(out.err.find(secret), std::string::npos) << what << " shows the seed";
    }
  }
  EXPECT_EQ(rows_holding(db, seed), "0");
  EXPECT_EQ(rows_holding(db, seed.substr(0, 16)), "0");
}

// rule uk-1972/referee/sealed-dice and referee/reveal-after-play, on PostgreSQL.
TEST(SealedOnPostgres, TheRefereeThrowsFromTheSeedInTheTableAndRevealsItAfterPlay) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  std::string commitment;
  const std::int64_t a = new_game(db, "--players \"Ann, Ben\" --variant short-game --sealed", &commitment);
  ASSERT_EQ(commitment.size(), 64u);
  const std::string seed = kept_seed(db, commitment);
  ASSERT_EQ(sha256(seed), commitment) << "the table keeps the seed under its commitment";
  EXPECT_EQ(Server::get().query_value(database_of(db), "SELECT revealed FROM deedlog_seals"), "f");

  // Dice written in are refused; the referee throws the seed's first throw.
  RunResult r = referee(db, game_opt(a) + "--json play \"Ann rolls 3 4\"");
  EXPECT_EQ(r.code, kExitRefused) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out).at("violation").at("rule"), "uk-1972/referee/sealed-dice");
  EXPECT_TRUE(throws_of(db, a).empty());
  ASSERT_EQ(referee(db, game_opt(a) + "play \"Ann rolls\"").code, kExitOk);
  Ruleset ruleset;
  ASSERT_TRUE(load_ruleset("uk-1972", &ruleset).is_ok());
  const SealedChance chance = sealed_chance(ruleset, seed, 0);
  const auto first = throws_of(db, a);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0], std::make_pair(chance.dice[0][0], chance.dice[0][1]));

  // A table sealed like it gets the same k-th throw, whoever throws and whatever is played.
  std::string like_commitment;
  const std::int64_t b = new_game(db, "--players \"Cat, Dan, Eve\" --variant short-game --seal-like " + std::to_string(a), &like_commitment);
  EXPECT_EQ(like_commitment, commitment);
  EXPECT_EQ(Server::get().query_value(database_of(db), "SELECT count(*) FROM deedlog_seals"), "1");
  ASSERT_EQ(referee(db, game_opt(a) + "autoplay --moves 30 --seed 1").code, kExitOk);
  ASSERT_EQ(referee(db, game_opt(b) + "autoplay --moves 20 --seed 2").code, kExitOk);
  const auto ta = throws_of(db, a), tb = throws_of(db, b);
  ASSERT_GE(tb.size(), 4u);
  for (std::size_t k = 0; k < std::min(ta.size(), tb.size()); ++k) {
    EXPECT_EQ(ta[k], tb[k]) << "throw " << k;
    EXPECT_EQ(ta[k], std::make_pair(sealed_chance(ruleset, seed, k).dice[0][0], sealed_chance(ruleset, seed, k).dice[0][1]))
        << "throw " << k;
  }
  expect_in_no_output(db, a, seed);

  // Verify before the reveal takes the chance as recorded.
  r = referee(db, "--json verify");
  ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  // Kept whole: a loop over a member of a parsed temporary would read freed memory.
  for (const json verified = json::parse(r.out); const auto& g : verified.at("games")) EXPECT_FALSE(g.at("chance_checked").get<bool>()) << g;

  // The reveal waits for every table sealed with the seed.
  r = referee(db, game_opt(a) + "--json reveal");
  EXPECT_EQ(r.code, kExitRefused) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out).at("violation").at("rule"), "referee/reveal-after-play");
  EXPECT_EQ(r.out.find(seed), std::string::npos);
  RunResult called = referee(db, game_opt(a) + "play \"Referee calls time\"");
  ASSERT_EQ(called.code, kExitOk) << called.out << called.err;
  EXPECT_EQ(referee(db, game_opt(a) + "--json reveal").code, kExitRefused) << "game " << b << " is still in play";
  ASSERT_EQ(referee(db, game_opt(b) + "play \"Referee calls time\"").code, kExitOk);
  r = referee(db, game_opt(b) + "--json reveal");
  ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  const json revealed = json::parse(r.out);
  EXPECT_EQ(revealed.at("seed"), seed);
  EXPECT_EQ(sha256(revealed.at("seed").get<std::string>()), commitment);
  EXPECT_EQ(revealed.at("games"), json::array({a, b}));
  EXPECT_EQ(Server::get().query_value(database_of(db), "SELECT revealed FROM deedlog_seals"), "t");

  // Now verify checks every throw and card against the seed.
  r = referee(db, "--json verify");
  ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  // Kept whole: a loop over a member of a parsed temporary would read freed memory.
  for (const json verified = json::parse(r.out); const auto& g : verified.at("games")) EXPECT_TRUE(g.at("chance_checked").get<bool>()) << g;
  // A seed that is not the committed one fails the game at its first event.
  std::string other = seed;
  other[0] = other[0] == 'a' ? 'b' : 'a';
  r = referee(db, game_opt(a) + "--json verify --seed " + other);
  EXPECT_EQ(r.code, kExitFailure) << r.out;
}

TEST(SealedOnPostgres, ADuplicateRoundIsSeatedPlayedAndRevealedOnAServer) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  const auto round = testing::seat_eight_in_a_duplicate_round([&](const std::string& args) { return referee(db, args); });
  const std::string& key = round.judge_key;
  const std::string& commitment = round.commitment;
  ASSERT_EQ(commitment.size(), 64u);
  ASSERT_EQ(round.games.size(), 2u);
  const std::vector<std::int64_t>& games = round.games;
  RunResult r;
  const std::string seed = kept_seed(db, commitment);
  ASSERT_EQ(sha256(seed), commitment);
  EXPECT_EQ(r.out.find(seed), std::string::npos);

  ASSERT_EQ(referee(db, game_opt(games[0]) + "autoplay --moves 30 --seed 1").code, kExitOk);
  ASSERT_EQ(referee(db, game_opt(games[1]) + "autoplay --moves 30 --seed 2").code, kExitOk);
  // A tournament's duplicate round deals by seat: seat s's k-th throw is the same at both tables.
  std::vector<testing::SeatThrows> by_seat;
  for (std::int64_t g : games) {
    const RunResult log = referee(db, game_opt(g) + "--json log");
    ASSERT_EQ(log.code, kExitOk) << log.err;
    by_seat.push_back(testing::throws_by_seat_in(json::parse(log.out)));
  }
  EXPECT_GE(testing::expect_same_throws_by_seat(by_seat), 4u);
  expect_in_no_output(db, games[0], seed);
  const RunResult log = referee(db, "--json tournament log");
  EXPECT_EQ(log.out.find(seed), std::string::npos);

  r = referee(db, "--json tournament reveal --round 1");
  EXPECT_EQ(r.code, kExitRefused) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out).at("violation").at("rule"), "tournament/reveal-after-time");
  EXPECT_EQ(r.out.find(seed), std::string::npos);

  ASSERT_EQ(referee(db, "tournament call-time --round 1 " + testing::key_file_option(key)).code, kExitOk);
  r = referee(db, "--json tournament reveal --round 1");
  ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  const json revealed = json::parse(r.out);
  EXPECT_EQ(revealed.at("commitment"), commitment);
  EXPECT_EQ(sha256(revealed.at("seed").get<std::string>()), commitment);
  r = referee(db, "--json verify");
  ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  // Kept whole: a loop over a member of a parsed temporary would read freed memory.
  for (const json verified = json::parse(r.out); const auto& g : verified.at("games")) EXPECT_TRUE(g.at("chance_checked").get<bool>()) << g;
}

// Stored data is checked before it is believed: a seed edited in the table (its SHA-256 no longer
// the commitment, or not a seed at all) is refused, exit 1, and nothing is written.
TEST(SealedOnPostgres, ASeedThatIsNotItsCommitmentsIsRefusedAsCorrupt) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  std::string commitment;
  const std::int64_t a = new_game(db, "--players \"Ann, Ben\" --variant short-game --sealed", &commitment);
  ASSERT_EQ(commitment.size(), 64u);
  const std::string seed = kept_seed(db, commitment);
  std::string other = seed;
  other[0] = other[0] == 'a' ? 'b' : 'a';
  for (const std::string& stored : {other, std::string("xyz-not-hex")}) {
    ASSERT_EQ(Server::get().run_sql(database_of(db), "UPDATE deedlog_seals SET seed = '" + stored + "'"), "");
    const std::string before = moves_count(db);
    RunResult r = referee(db, game_opt(a) + "play \"Ann rolls\"");
    EXPECT_EQ(r.code, kExitFailure) << stored << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("deedlog_seals"), std::string::npos) << r.err;
    EXPECT_EQ(moves_count(db), before) << "nothing written";
    // A new table sealed like it is refused too, and so is the reveal (it names no seed).
    EXPECT_EQ(referee(db, "new --ruleset uk-1972 --players \"Cat, Dan\" --seal-like " + std::to_string(a)).code,
              kExitFailure);
    EXPECT_EQ(Server::get().query_value(database_of(db), "SELECT count(*) FROM games"), "1");
    r = referee(db, game_opt(a) + "--json reveal");
    EXPECT_EQ(r.code, kExitFailure) << r.out << r.err;
    EXPECT_EQ(r.out.find(stored), std::string::npos);
  }
  // Put right, the seed is believed again.
  ASSERT_EQ(Server::get().run_sql(database_of(db), "UPDATE deedlog_seals SET seed = '" + seed + "'"), "");
  ASSERT_EQ(referee(db, game_opt(a) + "play \"Ann rolls\"").code, kExitOk);
  ASSERT_EQ(referee(db, game_opt(a) + "play \"Referee calls time\"").code, kExitOk);
  const RunResult r = referee(db, game_opt(a) + "--json reveal");
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
}

// A journal written by the last release (schema 3, no deedlog_seals): it opens, reads and
// verifies as it was, read-only it keeps no seeds and is not changed, and opened for writing it
// gains the table (its schema version unchanged) and plays sealed games.
TEST(SealedOnPostgres, AJournalOfTheLastReleaseGainsTheSealsTableWhenOpenedForWriting) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  const std::string name = database_of(db);
  const std::int64_t g = new_game(db, "--players \"Ann, Ben\"");
  ASSERT_EQ(referee(db, game_opt(g) + "play \"Ann rolls 3 4\"").code, kExitOk);
  // As the last release left it.
  ASSERT_EQ(Server::get().run_sql(name, "DROP TABLE deedlog_seals"), "");
  EXPECT_EQ(Server::get().query_value(name, "SELECT max(version) FROM deedlog_schema"), "3");
  {
    std::unique_ptr<Journal> ro;
    ASSERT_TRUE(Journal::open(db, &ro, /*read_only=*/true).is_ok());
    EXPECT_EQ(ro->schema_version(), 3);
    std::optional<SealRecord> kept;
    ASSERT_TRUE(seed_for(*ro, std::string(64, 'a'), &kept).is_ok());
    EXPECT_FALSE(kept.has_value());
    std::string commitment;
    std::string seed;
    ASSERT_TRUE(make_sealed_seed(&seed).is_ok());
    EXPECT_FALSE(keep_seed(*ro, seed, &commitment).is_ok()) << "a read-only journal keeps no seed";
  }
  RunResult r = referee(db, "--json verify");
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  r = referee(db, game_opt(g) + "--json log");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(Server::get().query_value(name, "SELECT to_regclass('deedlog_seals') IS NULL"), "t")
      << "reading does not change the journal";

  // A role that may not make tables still opens it for writing (the table is not made), and is
  // told why it cannot keep a seed.
  ASSERT_EQ(Server::get().run_sql(name, "REVOKE CREATE ON SCHEMA public FROM PUBLIC"), "");
  {
    const std::string player = as_role(name, db, "deedlog_player", "deedlog_schema, games, moves");
    std::unique_ptr<Journal> j;
    const Status opened = Journal::open(player, &j);
    ASSERT_TRUE(opened.is_ok()) << opened.message();
    std::string seed, commitment;
    ASSERT_TRUE(make_sealed_seed(&seed).is_ok());
    const Status kept = keep_seed(*j, seed, &commitment);
    EXPECT_FALSE(kept.is_ok());
    EXPECT_NE(kept.message().find("deedlog_seals"), std::string::npos) << kept.message();
  }
  EXPECT_EQ(Server::get().query_value(name, "SELECT to_regclass('deedlog_seals') IS NULL"), "t");
  {
    std::unique_ptr<Journal> j;
    ASSERT_TRUE(Journal::open(db, &j).is_ok());
    EXPECT_EQ(j->schema_version(), 3);
  }
  EXPECT_EQ(Server::get().query_value(name, "SELECT to_regclass('deedlog_seals') IS NOT NULL"), "t");
  EXPECT_EQ(Server::get().query_value(name, "SELECT max(version) FROM deedlog_schema"), "3");
  // Not readable by other roles until a GRANT says so.
  EXPECT_EQ(Server::get().query_value(name, "SELECT has_table_privilege('public', 'deedlog_seals', 'SELECT')"), "f");
  std::string commitment;
  const std::int64_t s = new_game(db, "--players \"Cat, Dan\" --sealed", &commitment);
  EXPECT_EQ(sha256(kept_seed(db, commitment)), commitment);
  EXPECT_EQ(referee(db, game_opt(s) + "play \"Cat rolls\"").code, kExitOk);
  r = referee(db, "--json verify");
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
}

// A club gives the seals' table to the server's role alone (docs/trust.md): a watcher's role,
// granted the journal's tables but not deedlog_seals, reads and verifies the sealed game with its
// chance as recorded, and cannot read the seed.
TEST(SealedOnPostgres, ARoleNotGrantedTheSealsTableVerifiesWithoutTheSeed) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  const std::string name = database_of(db);
  std::string commitment;
  const std::int64_t a = new_game(db, "--players \"Ann, Ben\" --sealed", &commitment);
  ASSERT_EQ(referee(db, game_opt(a) + "play \"Ann rolls\"").code, kExitOk);
  const std::string seed = kept_seed(db, commitment);
  ASSERT_EQ(sha256(seed), commitment);
  const std::string watcher =
      as_role(name, db, "deedlog_watcher", "deedlog_schema, games, moves, events, snapshots, tournaments, tournament_records");
  RunResult r = referee(watcher, "--json verify");
  ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  const json games = json::parse(r.out).at("games");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].at("sealed").get<bool>());
  EXPECT_FALSE(games[0].at("chance_checked").get<bool>());
  EXPECT_EQ(r.out.find(seed), std::string::npos);
  r = referee(watcher, game_opt(a) + "--json log");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(r.out.find(seed), std::string::npos);
  // Its role cannot read the table with SQL either.
  const std::string denied = Server::get().run_sql(name, "SET ROLE deedlog_watcher; SELECT seed FROM deedlog_seals");
  EXPECT_NE(denied.find("permission denied"), std::string::npos) << denied;
}

// Two writers keeping seeds at once (two connections, as two referees or servers would be) lose
// none, and a second keep of the same commitment changes nothing.
TEST(SealedOnPostgres, TwoWritersKeepingSeedsAtOnceLoseNone) {
  DEEDLOG_REQUIRE_POSTGRES();
  const std::string db = Server::get().new_database();
  constexpr int kEach = 40;
  std::string shared_seed;
  ASSERT_TRUE(make_sealed_seed(&shared_seed).is_ok());
  std::vector<std::string> kept[2];
  Status failed[2] = {Status::ok(), Status::ok()};
  std::unique_ptr<Journal> journals[2];
  for (auto& j : journals) ASSERT_TRUE(Journal::open(db, &j).is_ok());
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < kEach; ++i) {
        std::string seed, commitment;
        Status s = make_sealed_seed(&seed);
        if (s.is_ok()) s = keep_seed(*journals[w], seed, &commitment);
        if (s.is_ok()) s = keep_seed(*journals[w], shared_seed, &commitment);
        if (!s.is_ok()) {
          failed[w] = s;
          return;
        }
        kept[w].push_back(seed);
      }
    });
  }
  for (auto& t : writers) t.join();
  for (int w = 0; w < 2; ++w) ASSERT_TRUE(failed[w].is_ok()) << failed[w].message();
  EXPECT_EQ(Server::get().query_value(database_of(db), "SELECT count(*) FROM deedlog_seals"), std::to_string(2 * kEach + 1));
  std::unique_ptr<Journal> reader;
  ASSERT_TRUE(Journal::open(db, &reader, /*read_only=*/true).is_ok());
  for (int w = 0; w < 2; ++w) {
    for (const std::string& seed : kept[w]) {
      std::optional<SealRecord> record;
      ASSERT_TRUE(seed_for(*reader, sha256(seed), &record).is_ok());
      ASSERT_TRUE(record.has_value());
      EXPECT_EQ(record->seed, seed);
      EXPECT_FALSE(record->revealed);
    }
  }
}

}  // namespace
}  // namespace deedlog
