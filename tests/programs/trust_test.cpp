// Nothing the journal holds can make the referee wrong: snapshots are a checked cache, stored
// events are checked before they are folded, a game is created whole or not at all, writers
// take turns fairly, and a hash kept outside the journal shows a rewrite. Each test here
// reproduces a defect found by trying to bend the referee's answers, and fails without its fix.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <cctype>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <thread>
#include <vector>

#include "support/build_paths.h"
#include "service/game_session.h"
#include "deedlog/event_codec.h"
#include "deedlog/evolve.h"
#include "deedlog/state_archive.h"
#include "deedlog/state_check.h"
#include "journal/hash_chain.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "support/cli.h"
#include "support/sql.h"

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

constexpr int kExitOk = 0, kExitFailure = 1, kExitUsage = 2, kExitRefused = 3;

using testing::Sql;

std::filesystem::path imported(const std::string& name, const std::string& game, const std::string& options = "") {
  const auto db = temp_dir(name) / "games.db";
  const RunResult r = referee(db, options + " import " + quote(game));
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  return db;
}

std::filesystem::path write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// Appends an event, as a move of its own with a correct hash, as a forger who knows the
// (public) hash would.
void append_forged(const std::filesystem::path& db, const std::string& type, const std::string& payload) {
  Sql sql(db);
  const auto last = sql.rows("SELECT seq + count - 1, hash FROM moves WHERE game_id = 1 ORDER BY seq DESC LIMIT 1");
  ASSERT_EQ(last.size(), 1u);
  MoveRow row;
  row.game_id = 1;
  row.seq = std::stoll(last[0][0]) + 1;
  row.count = 1;
  row.actor = "Ann";
  row.events = move_events_json({NewEvent{"", "Ann", type, payload}}, 0, 1);
  row.prev_hash = last[0][1];
  row.hash = move_hash(row);
  sql.exec(fmt::format("INSERT INTO moves VALUES (1, {}, 1, '', 'Ann', '{}', '{}', '{}')", row.seq, row.events,
                       row.prev_hash, row.hash));
}

// ---- Snapshots -------------------------------------------------------------------------------

// Every position of every sample game reads back from a snapshot as the same position (the
// computer edition's open windows included: format 6 lost their clocks).
TEST(Snapshot, EveryPositionOfEverySampleRoundTrips) {
  int positions = 0, timed = 0;
  for (const auto& path : testing::all_sample_games()) {
    const std::string text = slurp(path);
    GameHeader header;
    ParseError perr;
    if (!parse_header(text, &header, &perr)) continue;
    Ruleset r;
    if (!load_ruleset(header.ruleset, &r).is_ok()) continue;
    GameFile file;
    if (!parse_game(text, r, &file, &perr)) continue;
    std::unique_ptr<Journal> j;
    ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
    std::int64_t id = 0;
    std::optional<Violation> refused;
    ASSERT_TRUE(create_game(*j, file.header, file.setup, &id, &refused).is_ok());
    if (refused) continue;
    Game g;
    ASSERT_TRUE(load_game(*j, id, 0, &g).is_ok());
    g.snapshot_every = 0;
    for (const MoveLine& m : file.moves) {
      PlayOutcome po;
      ASSERT_TRUE(play_move(*j, g, m.command, false, &po).is_ok());
      if (!po.decision.accepted) break;
      State back;
      ASSERT_TRUE(load_state(save_state(g.state), &back)) << path;
      EXPECT_EQ(back, g.state) << path << " after line " << m.line;
      EXPECT_EQ(check_state(g.ruleset, static_cast<int>(g.header.players.size()), back), "") << path << " line " << m.line;
      ++positions;
      if (g.state.offered_at != kNoTime || g.state.auction.since != kNoTime) ++timed;
    }
  }
  EXPECT_GT(positions, 400);
  EXPECT_GT(timed, 3);  // the computer samples hold positions inside a window
}

// The defect as a user met it: a play that starts from a snapshot taken inside the ten seconds
// to buy accepted a purchase thirty seconds late.
TEST(Snapshot, ComputerWindowSurvivesASnapshot) {
  const auto dir = temp_dir("snapshot-window");
  const auto game = write_file(dir / "window.game",
                               "[Ruleset \"computer\"]\n[Players \"Ann, Ben\"]\n[Moves]\n@19:00:00 Ann rolls 1 2\n");
  const auto db = imported("snapshot-window-db", game.string(), "--snapshot-every 1");
  Sql sql(db);
  ASSERT_FALSE(sql.rows("SELECT seq FROM snapshots").empty());
  const RunResult late = referee(db, "play \"@19:00:30 Ann buys\"");
  EXPECT_EQ(late.code, kExitRefused) << late.out << late.err;
  const RunResult in_time = referee(db, "play \"@19:00:05 Ann buys\"");
  EXPECT_EQ(in_time.code, kExitOk) << in_time.out << in_time.err;
  EXPECT_EQ(referee(db, "verify").code, kExitOk);
}

// The answers of the reading commands at several points of the long sample.
std::vector<std::string> answers(const std::filesystem::path& db) {
  std::vector<std::string> out;
  for (const int at : {0, 40, 300, 700}) {
    for (const char* cmd : {"status", "value"}) {
      const RunResult r = referee(db, fmt::format("--json {} --at {}", cmd, at));
      EXPECT_EQ(r.code, kExitOk) << cmd << " --at " << at << ": " << r.err;
      json j = json::parse(r.out, nullptr, false);
      out.push_back(j.dump());
    }
  }
  const RunResult m = referee(db, "--json moves");
  EXPECT_EQ(m.code, kExitOk) << m.err;
  out.push_back(m.out);
  return out;
}

TEST(Snapshot, DamagedSnapshotsChangeNoAnswerAndCrashNothing) {
  const auto db = imported("snapshot-damage", sample("uk-1972/long-game.game"), "--snapshot-every 16");
  Sql sql(db);
  const auto stored = sql.rows("SELECT seq, state FROM snapshots WHERE game_id = 1 ORDER BY seq");
  ASSERT_GT(stored.size(), 20u);
  sql.exec("DELETE FROM snapshots");
  const std::vector<std::string> truth = answers(db);  // folded from the events alone

  std::mt19937 rng(11);
  int damaged = 0;
  for (int round = 0; round < 12; ++round) {
    sql.exec("DELETE FROM snapshots");
    for (const auto& row : stored) {
      std::string blob = row[1];
      switch (rng() % 5) {
        case 0:  // a flipped byte anywhere: the digest or the event hash no longer fits
          blob[rng() % blob.size()] ^= static_cast<char>(1 + rng() % 255);
          break;
        case 1:  // cut short
          blob.resize(rng() % blob.size());
          break;
        case 2: {  // another event's snapshot under this one's seq, whole
          blob = stored[rng() % stored.size()][1];
          break;
        }
        case 3: {  // the state part replaced by noise under a recomputed digest: the event hash
                   // and the digest fit, the position does not parse or is not one the game can hold
          std::string state = blob.substr(128);
          for (std::size_t k = 4; k < state.size(); ++k) state[k] = static_cast<char>(rng());
          blob = blob.substr(0, 64) + sha256_hex(state) + state;
          break;
        }
        default:  // garbage
          blob = std::string(1 + rng() % 300, static_cast<char>(rng()));
      }
      sql.put_blob(fmt::format("INSERT INTO snapshots VALUES (1, {}, ?1)", row[0]), blob);
      ++damaged;
    }
    const std::vector<std::string> now = answers(db);
    ASSERT_EQ(now.size(), truth.size());
    for (std::size_t i = 0; i < now.size(); ++i)
      EXPECT_TRUE(now[i] == truth[i]) << "round " << round << ", answer " << i << ":\n" << now[i].substr(0, 300);
  }
  EXPECT_GT(damaged, 200);
}

// A snapshot forged whole (state, digest and event hash all consistent, money conserved) is
// believed by readers (a cache cannot prove itself), but verify compares every snapshot with the
// events and names it. docs/trust.md says so.
TEST(Snapshot, VerifyNamesAForgedSnapshot) {
  const auto db = imported("snapshot-forged", sample("uk-1972/long-game.game"), "--snapshot-every 64");
  Sql sql(db);
  const auto row = sql.rows("SELECT seq, state FROM snapshots WHERE game_id = 1 ORDER BY seq LIMIT 1");
  ASSERT_EQ(row.size(), 1u);
  State s;
  ASSERT_TRUE(load_state(row[0][1].substr(128), &s));
  s.players[0].cash += Money{500};
  s.bank_takings -= Money{500};
  const std::string state = save_state(s);
  sql.put_blob(fmt::format("UPDATE snapshots SET state = ?1 WHERE game_id = 1 AND seq = {}", row[0][0]),
               row[0][1].substr(0, 64) + sha256_hex(state) + state);
  const RunResult v = referee(db, "--json verify");
  EXPECT_EQ(v.code, kExitFailure) << v.out;
  const json j = json::parse(v.out);
  EXPECT_EQ(j["games"][0]["first_bad_seq"].get<std::int64_t>(), std::stoll(row[0][0]));
}

// ---- Stored events ----------------------------------------------------------------------------

struct Crafted {
  const char* type;
  const char* payload;
};

class CraftedEvent : public ::testing::TestWithParam<Crafted> {};

// A crafted event as ctest names and prints it: its type and payload, not the bytes of two pointers.
std::string crafted_name(const Crafted& c) {
  std::string name = c.type;
  bool gap = true;
  for (const char ch : std::string(c.payload)) {
    if (std::isalnum(static_cast<unsigned char>(ch))) {
      if (gap) name += '_';
      name += ch;
      gap = false;
    } else {
      gap = true;
    }
  }
  return name;
}
void PrintTo(const Crafted& c, std::ostream* os) { *os << c.type << " " << c.payload; }

// One crafted event, correctly chained, stops every reading command with exit 1 naming it;
// nothing crashes and nothing reads past the board.
TEST_P(CraftedEvent, StopsEveryReaderWithExitOne) {
  const auto db = imported("crafted", sample("uk-1972/mortgage-traded-lifted-at-once.game"));
  const std::int64_t last = std::stoll(Sql(db).rows("SELECT max(seq) FROM events")[0][0]);
  append_forged(db, GetParam().type, GetParam().payload);
  const std::string seq = std::to_string(last + 1);
  for (const std::string& cmd : std::vector<std::string>{"status", "value", "moves", "log", "settle Ann", "explain " + seq,
                                "dispute \"Ann claims rent\"", "play \"Ann ends turn\""}) {
    const RunResult r = referee(db, cmd);
    EXPECT_EQ(r.code, kExitFailure) << cmd << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(seq), std::string::npos) << cmd << " should name event " << seq << ": " << r.err;
  }
  EXPECT_EQ(referee(db, "verify").code, kExitFailure);
  EXPECT_EQ(replay(db, "").code, kExitFailure);
  EXPECT_NE(replay(db, "--html " + quote((db.parent_path() / "page.html").string())).code, kExitOk);
  EXPECT_EQ(Sql(db).rows("SELECT max(seq) FROM events")[0][0], seq);  // the play wrote nothing
}

INSTANTIATE_TEST_SUITE_P(Trust, CraftedEvent,
                         ::testing::Values(Crafted{"TokenMoved", R"({"player":0,"square":200})"},
                                           Crafted{"TokenMoved", R"({"player":0,"square":45})"},
                                           Crafted{"SalaryPaid", R"({"player":5,"amount":200})"},
                                           Crafted{"SalaryPaid", R"({"player":0,"amount":200.5})"},
                                           Crafted{"SalaryPaid", R"({"player":0,"amount":"200"})"},
                                           Crafted{"PaidByBank", R"({"player":0,"amount":9223372036854775807})"},
                                           Crafted{"CardDrawn", R"({"player":0,"card":40})"},
                                           Crafted{"DeckShuffled", R"({"order":[1,1,2]})"},
                                           Crafted{"BankAuctionsQueued", R"({"mask":"18446744073709551615"})"},
                                           Crafted{"BankAuctionsQueued", R"({"mask":"-1"})"},
                                           Crafted{"NoSuchEvent", R"({})"},
                                           Crafted{"TokenMoved", R"([1,2])"}),
                         [](const ::testing::TestParamInfo<Crafted>& p) { return crafted_name(p.param); });

// An event edited in place (its triggers dropped first) is caught by every reader, not only
// by verify: each row is checked against the chain as it is read.
TEST(StoredEvents, AnEditedEventStopsEveryReader) {
  const auto db = imported("edited", sample("uk-1972/long-game.game"), "--snapshot-every 0");
  {
    Sql sql(db);
    sql.exec("DROP TRIGGER moves_refuse_update");
    ASSERT_FALSE(sql.rows("SELECT seq FROM events WHERE type = 'PropertyBought'").empty());
    // One event inside its move's array of events: the first purchase, for a pound.
    const std::string bought = sql.rows("SELECT min(seq) FROM events WHERE type = 'PropertyBought'")[0][0];
    sql.exec("UPDATE moves SET events = json_set(events, '$[' || (" + bought + " - seq) || '][1].amount', 1) "
             "WHERE game_id = 1 AND seq = (SELECT max(seq) FROM moves WHERE seq <= " + bought + ")");
    ASSERT_EQ(sql.rows("SELECT payload ->> 'amount' FROM events WHERE seq = " + bought)[0][0], "1");
  }
  for (const char* cmd : {"status", "value", "moves", "log"}) {
    const RunResult r = referee(db, cmd);
    EXPECT_EQ(r.code, kExitFailure) << cmd << ": " << r.out;
  }
  EXPECT_EQ(replay(db, "").code, kExitFailure);
}

// ---- Creating and importing games -------------------------------------------------------------

TEST(Atomic, AGameAndItsOpeningAreOneTransaction) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  std::int64_t id = 0;
  // The second event of the opening breaks the schema: the game must not be left without it.
  const std::vector<NewEvent> opening = {{"", "Referee", "TurnStarted", "{}"}, {"", "Referee", "", "{}"}};
  EXPECT_FALSE(j->create_game(R"({"ruleset":"uk-1972","players":["Ann","Ben"]})", opening, &id).is_ok());
  std::vector<GameRow> games;
  ASSERT_TRUE(j->games(&games).is_ok());
  EXPECT_TRUE(games.empty());
  // And a transaction that fails leaves nothing of what it wrote.
  EXPECT_FALSE(j->write_transaction([&] {
                  EXPECT_TRUE(j->create_game(R"({"ruleset":"uk-1972","players":["Ann","Ben"]})", {opening[0]}, &id).is_ok());
                  return Status::io_error("the disk is full");
                }).is_ok());
  ASSERT_TRUE(j->games(&games).is_ok());
  EXPECT_TRUE(games.empty());
}

// Eight imports at once into one file: every one succeeds, whole (21% failed before, some
// leaving partial games).
TEST(Atomic, EightImportsAtOnceAllSucceedWhole) {
  const auto dir = temp_dir("racing-imports");
  const auto db = dir / "club.db";
  ASSERT_EQ(referee(db, "games").code == kExitOk || true, true);
  int writes = 0;
  for (int round = 0; round < 3; ++round) {
    std::vector<std::thread> pool;
    std::vector<RunResult> results(8);
    for (int k = 0; k < 8; ++k)
      pool.emplace_back([&, k] { results[static_cast<std::size_t>(k)] = referee(db, "import " + quote(sample("uk-1972/long-game.game"))); });
    for (auto& t : pool) t.join();
    for (const RunResult& r : results) {
      EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
      ++writes;
    }
  }
  const RunResult v = referee(db, "--json verify");
  ASSERT_EQ(v.code, kExitOk) << v.out << v.err;
  const json j = json::parse(v.out);
  ASSERT_EQ(j["games"].size(), 24u);
  for (const auto& g : j["games"]) EXPECT_EQ(g["events"], j["games"][0]["events"]);
  EXPECT_EQ(writes, 24);
}

// ---- The anchor --------------------------------------------------------------------------------

std::string head_of(const std::filesystem::path& db) {
  const RunResult r = referee(db, "--json verify");
  EXPECT_EQ(r.code, kExitOk) << r.out;
  return json::parse(r.out)["games"][0]["head"].get<std::string>();
}

TEST(Anchor, StatusPlayAndVerifyAgreeOnTheHead) {
  const auto db = imported("anchor-agree", sample("uk-1972/mortgage-traded-lifted-at-once.game"));
  const std::string head = head_of(db);
  ASSERT_EQ(head.size(), 64u);
  EXPECT_EQ(json::parse(referee(db, "--json status").out)["head"], head);
  EXPECT_NE(referee(db, "status").out.find(head.substr(0, 12)), std::string::npos);
  EXPECT_EQ(referee(db, "verify --expect-head " + head.substr(0, 12)).code, kExitOk);
  EXPECT_EQ(referee(db, "verify --expect-head " + head).code, kExitOk);
  EXPECT_EQ(referee(db, "verify --expect-head nothex").code, kExitUsage);
  EXPECT_EQ(referee(db, "verify --expect-head 0123456789ab").code, kExitFailure);
}

// Whole moves cut off the end pass the chain check (the rest still links), but not the anchor.
TEST(Anchor, MovesCutOffTheEndFailTheAnchor) {
  const auto db = imported("anchor-cut", sample("uk-1972/mortgage-traded-lifted-at-once.game"));
  const std::string head = head_of(db);
  {
    Sql sql(db);
    sql.exec("DROP TRIGGER moves_refuse_delete");
    sql.exec("DELETE FROM moves WHERE seq = (SELECT max(seq) FROM moves)");
  }
  EXPECT_EQ(referee(db, "verify").code, kExitOk);  // what a chain alone cannot see
  const RunResult r = referee(db, "--json verify --expect-head " + head.substr(0, 16));
  EXPECT_EQ(r.code, kExitFailure) << r.out;
  EXPECT_FALSE(json::parse(r.out)["ok"].get<bool>());
}

// An opening rewritten to give Ann £15,000, every hash recomputed: the header states the
// setup, so verify decides the opening from it and the rewrite shows without any anchor.
TEST(Anchor, AnOpeningRewrittenWithItsHashesFailsVerify) {
  const auto dir = temp_dir("anchor-opening");
  const auto game = write_file(dir / "setup.game",
                               "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Setup]\nAnn: cash 1500\n[Moves]\nAnn rolls 3 4\n");
  const auto db = imported("anchor-opening-db", game.string());
  {
    Sql sql(db);
    sql.exec("DROP TRIGGER moves_refuse_update");
    sql.exec("UPDATE moves SET events = replace(events, '\"amount\":1500', '\"amount\":15000') WHERE seq = 1");
    // Rehash the chain, as a forger would.
    const auto genesis = sql.rows("SELECT genesis FROM games WHERE game_id = 1")[0][0];
    std::string prev = genesis;
    for (const auto& row : sql.rows("SELECT seq, count, at, actor, events FROM moves WHERE game_id = 1 ORDER BY seq")) {
      MoveRow m{1, std::stoll(row[0]), std::stoll(row[1]), row[2], row[3], row[4], prev, ""};
      m.hash = move_hash(m);
      sql.exec(fmt::format("UPDATE moves SET prev_hash = '{}', hash = '{}' WHERE game_id = 1 AND seq = {}", prev, m.hash,
                           m.seq));
      prev = m.hash;
    }
  }
  const RunResult r = referee(db, "--json verify");
  EXPECT_EQ(r.code, kExitFailure) << r.out;
  EXPECT_EQ(json::parse(r.out)["games"][0]["first_bad_seq"], 1);
}

// ---- Compare-and-set, read-only media, files that are not journals -----------------------------

TEST(ExpectSeq, RecordsOnlyWhenTheGameIsStillWhereTheProgramSawIt) {
  const auto db = imported("expect-seq", sample("uk-1972/mortgage-traded-lifted-at-once.game"));
  const std::int64_t seq = json::parse(referee(db, "--json status").out)["seq"].get<std::int64_t>();
  const std::string move = json::parse(referee(db, "--json moves").out)["moves"][0].get<std::string>();
  const RunResult stale = referee(db, fmt::format("play --expect-seq {} {}", seq - 1, quote(move)));
  EXPECT_EQ(stale.code, kExitFailure);
  EXPECT_NE(stale.err.find("conflict"), std::string::npos) << stale.err;
  EXPECT_EQ(json::parse(referee(db, "--json status").out)["seq"].get<std::int64_t>(), seq);
  const RunResult fresh = referee(db, fmt::format("--json play --expect-seq {} {}", seq, quote(move)));
  EXPECT_EQ(fresh.code, kExitOk) << fresh.out << fresh.err;
  EXPECT_GT(json::parse(fresh.out)["seq"].get<std::int64_t>(), seq);
}

// A journal on a read-only file system (a bind mount made read-only in a mount namespace of
// the test's own) is read and verified.
TEST(ReadOnly, AJournalOnReadOnlyMediaReadsAndVerifies) {
  const auto src = imported("read-only-src", sample("uk-1972/mortgage-traded-lifted-at-once.game"));
  const auto mnt = temp_dir("read-only-mnt");
  const std::string inside = fmt::format(
      "mount --bind {} {} && mount -o remount,bind,ro {} && {} --db {}/games.db verify && {} --db {}/games.db status "
      ">/dev/null && ! touch {}/x 2>/dev/null",
      quote(src.parent_path().string()), quote(mnt.string()), quote(mnt.string()), deedlog::testing::referee_program(),
      quote(mnt.string()), deedlog::testing::referee_program(), quote(mnt.string()), quote(mnt.string()));
  if (testing::run("unshare", "-m true").code != 0) GTEST_SKIP() << "no mount namespaces here";
  const RunResult r = testing::run("unshare", "-m sh -c " + quote(inside));
  EXPECT_EQ(r.code, 0) << r.out << r.err;
}

TEST(NotAJournal, OtherFilesAreExitOneAndLeftAlone) {
  const auto dir = temp_dir("not-a-journal");
  {
    Sql other(dir / "other.db");
    other.exec("CREATE TABLE recipes (name TEXT)");
  }
  write_file(dir / "text.db", "not a database at all, just words\n");
  // A file of no bytes is a journal not yet begun, not another program's: tests/programs/empty_journal_test.cpp.
  for (const char* f : {"other.db", "text.db"}) {
    const auto before = slurp(dir / f);
    const RunResult r = referee(dir / f, "status");
    EXPECT_EQ(r.code, kExitFailure) << f << ": " << r.err;
    EXPECT_NE(r.err.find("not a deedlog journal"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(dir / f), before) << f;
  }
  const RunResult folder = referee(dir, "status");
  EXPECT_NE(folder.code, kExitOk);
  EXPECT_NE(folder.err.find("folder"), std::string::npos) << folder.err;
  EXPECT_EQ(folder.err.find("disk I/O"), std::string::npos) << folder.err;
  EXPECT_EQ(referee(imported("at-negative", sample("uk-1972/mortgage-traded-lifted-at-once.game")), "status --at -5").code, kExitUsage);
  // A journal whose tables another program changed: words, not our SQL.
  const auto altered = imported("altered-tables", sample("uk-1972/mortgage-traded-lifted-at-once.game"));
  Sql(altered).exec("DROP TABLE snapshots");
  const RunResult r = referee(altered, "verify");
  EXPECT_EQ(r.code, kExitFailure) << r.err;
  EXPECT_EQ(r.err.find("SELECT"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("tables"), std::string::npos) << r.err;
  // A journal with no game says so.
  const auto empty = dir / "new.db";
  EXPECT_EQ(referee(empty, "play \"Ann rolls 1 2\"").code, kExitFailure);  // finds no game, leaves no file
  EXPECT_FALSE(std::filesystem::exists(empty));
  ASSERT_EQ(referee(empty, "simulate --games 0").code, kExitOk);  // makes the journal, plays nothing
  const RunResult none = referee(empty, "status");
  EXPECT_EQ(none.code, kExitFailure);
  EXPECT_NE(none.err.find("no game"), std::string::npos) << none.err;
  const RunResult nothing = referee(empty, "verify");
  EXPECT_EQ(nothing.code, kExitOk);
  EXPECT_NE(nothing.out.find("no game"), std::string::npos) << nothing.out;
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// ---- Crashes ------------------------------------------------------------------------------------

// Kills `referee ARGS` at its Nth call of syscall (strace's fault injection), for N = 1, 2, ...
// until a run goes through untouched; after each kill, check(db) must hold. Returns the kills.
int kill_at_every(const std::string& syscall, const std::filesystem::path& db, const std::string& args,
                  const std::function<void()>& reset, const std::function<void(int)>& check) {
  int kills = 0;
  for (int n = 1; n < 2000; ++n) {
    reset();
    const RunResult r = testing::run(
        "strace", fmt::format("-f -o /dev/null -e trace={0} -e inject={0}:signal=SIGKILL:when={1} {2} --db {3} {4}",
                              syscall, n, deedlog::testing::referee_program(), quote(db.string()), args));
    if (r.code == kExitOk || r.code == kExitRefused) break;  // the Nth call never came: every point was tried
    ++kills;
    check(n);
  }
  return kills;
}

// Kill -9 at every durable write of an import (each write to the file or its log, each flush):
// afterwards the journal holds either nothing or the whole game, and verifies.
TEST(Crash, AnImportKilledAtAnyWriteLeavesNothingOrTheWholeGame) {
  if (testing::run("strace", "-V").code != 0) GTEST_SKIP() << "strace is not installed";
  const auto dir = temp_dir("crash-import");
  const auto db = dir / "club.db";
  const std::string args = "import " + quote(sample("uk-1972/long-game.game"));
  const auto reset = [&] {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
  };
  int whole = 0, none = 0;
  const auto check = [&](int n) {
    // Killed before the journal's tables were committed, the file (no bytes, or SQLite's first
    // page alone) is a journal not yet begun: it verifies, holding no game.
    const RunResult v = referee(db, "--json verify");
    ASSERT_EQ(v.code, kExitOk) << "kill " << n << ": " << v.out << v.err;
    const json j = json::parse(v.out);
    ASSERT_LE(j["games"].size(), 1u) << "kill " << n;
    if (j["games"].empty()) {
      ++none;
    } else {
      EXPECT_EQ(j["games"][0]["events"], 808) << "kill " << n << ": a partial game";
      ++whole;
    }
  };
  int kills = 0;
  for (const char* syscall : {"pwrite64", "fdatasync"}) kills += kill_at_every(syscall, db, args, reset, check);
  EXPECT_GT(kills, 100);
  EXPECT_GT(none, 0);
  std::cout << "[ crash    ] import killed " << kills << " times: " << none << " left nothing, " << whole
            << " the whole game, 0 anything else\n";
}

// The same for moves played one by one into a game that has snapshots.
TEST(Crash, AMoveKilledAtAnyWriteIsRecordedWholeOrNotAtAll) {
  if (testing::run("strace", "-V").code != 0) GTEST_SKIP() << "strace is not installed";
  const auto src = imported("crash-play-src", sample("uk-1972/long-game.game"), "--snapshot-every 4");
  const auto dir = temp_dir("crash-play");
  const auto db = dir / "club.db";
  const json before = json::parse(referee(src, "--json status").out);
  const std::string move = json::parse(referee(src, "--json moves").out)["moves"][0].get<std::string>();
  const auto reset = [&] {
    for (const char* suffix : {"-wal", "-shm"}) std::filesystem::remove(db.string() + suffix);
    std::filesystem::copy_file(src, db, std::filesystem::copy_options::overwrite_existing);
  };
  const auto check = [&](int n) {
    const RunResult v = referee(db, "--json verify");
    ASSERT_EQ(v.code, kExitOk) << "kill " << n << ": " << v.out << v.err;
    const std::int64_t seq = json::parse(referee(db, "--json status").out)["seq"].get<std::int64_t>();
    EXPECT_TRUE(seq == before["seq"].get<std::int64_t>() || seq > before["seq"].get<std::int64_t>() + 1)
        << "kill " << n << ": the move is half there";
  };
  int kills = 0;
  for (const char* syscall : {"pwrite64", "fdatasync"})
    kills += kill_at_every(syscall, db, "--snapshot-every 1 play " + quote(move), reset, check);
  EXPECT_GT(kills, 2);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// A journal the last landed version wrote (tests/data/README.md) still opens, reads, verifies
// and takes new moves; its format-6 snapshots are passed over, never misread.
TEST(Legacy, AJournalTheLastVersionWroteStillReadsVerifiesAndTakesMoves) {
  const auto dir = temp_dir("legacy");
  const auto db = dir / "old.db";
  std::filesystem::copy_file(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-0.2.db", db);
  const RunResult v = referee(db, "--json verify");
  ASSERT_EQ(v.code, kExitOk) << v.out << v.err;
  const json j = json::parse(v.out);
  ASSERT_EQ(j["games"].size(), 3u);
  EXPECT_EQ(j["games"][0]["events"], 808);
  for (const auto& g : j["games"]) EXPECT_EQ(g["opening_anchored"], false);
  ASSERT_FALSE(Sql(db).rows("SELECT seq FROM snapshots").empty());
  std::vector<std::string> with_old_snapshots;
  for (const int at : {0, 100, 700}) with_old_snapshots.push_back(referee(db, fmt::format("--game 1 --json status --at {}", at)).out);
  Sql(db).exec("DELETE FROM snapshots");
  for (std::size_t i = 0; i < with_old_snapshots.size(); ++i)
    EXPECT_EQ(with_old_snapshots[i], referee(db, fmt::format("--game 1 --json status --at {}", std::vector<int>{0, 100, 700}[i])).out);
  const std::string move = json::parse(referee(db, "--game 1 --json moves").out)["moves"][0].get<std::string>();
  EXPECT_EQ(referee(db, "--game 1 play " + quote(move)).code, kExitOk);
  EXPECT_EQ(referee(db, "verify").code, kExitOk);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// A journal written by the program as it was before the journal's row-per-move format
// (tests/data/README.md: schema 1, header format 2, state-format-8 snapshots) still opens,
// reads, verifies (its heads included) and takes new moves, which verify after it.
TEST(Legacy, AJournalOfSchemaOneWithStatedSetupsStillReadsVerifiesAndTakesMoves) {
  const auto dir = temp_dir("legacy-schema1");
  const auto db = dir / "old.db";
  std::filesystem::copy_file(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-18ba09d.db", db);
  const std::string heads = slurp(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-18ba09d.heads");
  const RunResult v = referee(db, "--json verify");
  ASSERT_EQ(v.code, kExitOk) << v.out << v.err;
  const json j = json::parse(v.out);
  ASSERT_EQ(j["games"].size(), 3u);
  EXPECT_EQ(j["games"][0]["events"], 808);
  for (const auto& g : j["games"]) {
    EXPECT_FALSE(g.contains("opening_anchored"));
    // The head each game had when it was written, as that version printed it, still verifies.
    EXPECT_NE(heads.find(g["head"].get<std::string>()), std::string::npos) << g.dump();
    const std::string id = std::to_string(g["game"].get<int>());
    const RunResult anchored = referee(db, "--game " + id + " verify --expect-head " + g["head"].get<std::string>().substr(0, 12));
    EXPECT_EQ(anchored.code, kExitOk) << anchored.out << anchored.err;
  }
  const std::string before = referee(db, "--game 1 --json status --at 700").out;
  const std::string move = json::parse(referee(db, "--game 1 --json moves").out)["moves"][0].get<std::string>();
  EXPECT_EQ(referee(db, "--game 1 play " + quote(move)).code, kExitOk);
  const RunResult after = referee(db, "--json verify");
  ASSERT_EQ(after.code, kExitOk) << after.out << after.err;
  EXPECT_GT(json::parse(after.out)["games"][0]["events"].get<int>(), 808);
  EXPECT_EQ(referee(db, "--game 1 --json status --at 700").out, before);
  const std::string head_of_the_old_game = json::parse(v.out)["games"][0]["head"].get<std::string>();
  EXPECT_EQ(referee(db, "--game 1 verify --expect-head " + head_of_the_old_game).code, kExitOk);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// A journal written by a landed version of schema 2 (tests/data/journal-written-by-VERSION.db,
// game 1 the long sample) opens, verifies with the heads that version printed, reads as a
// fresh import of the same games reads, and goes on: new moves, a take-back across them,
// verify again.
void expect_a_schema_two_journal_reads_verifies_and_goes_on(const std::string& version) {
  const auto dir = temp_dir("legacy-" + version);
  const auto db = dir / "old.db";
  std::filesystem::copy_file(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-" + version + ".db", db);
  const json then =
      json::parse(slurp(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-" + version + ".heads"));
  const RunResult v = referee(db, "--json verify");
  ASSERT_EQ(v.code, kExitOk) << v.out << v.err;
  const json now = json::parse(v.out);
  ASSERT_EQ(now["games"].size(), then["games"].size());
  for (std::size_t i = 0; i < then["games"].size(); ++i) {
    EXPECT_EQ(now["games"][i]["head"], then["games"][i]["head"]) << i;
    EXPECT_EQ(now["games"][i]["events"], then["games"][i]["events"]) << i;
    const std::string id = std::to_string(then["games"][i]["game"].get<int>());
    EXPECT_EQ(referee(db, "--game " + id + " verify --expect-head " + then["games"][i]["head"].get<std::string>()).code,
              kExitOk);
  }
  // The positions read from it (through its format-8 snapshots, which are ignored) are those
  // of the same game imported now.
  const auto fresh = imported("legacy-" + version + "-fresh", sample("uk-1972/long-game.game"));
  for (const int at : {100, 500, 808}) {
    json a = json::parse(referee(db, fmt::format("--game 1 --json status --at {}", at)).out);
    json b = json::parse(referee(fresh, fmt::format("--json status --at {}", at)).out);
    EXPECT_EQ(a["players"], b["players"]) << at;
    EXPECT_EQ(a["turn"], b["turn"]) << at;
  }
  // It goes on: two moves, one taken back, and the chain verifies from its old head on.
  const std::string before = referee(db, "--game 1 --json status").out;
  for (int k = 0; k < 2; ++k) {
    const std::string move = json::parse(referee(db, "--game 1 --json moves").out)["moves"][0].get<std::string>();
    ASSERT_EQ(referee(db, "--game 1 play " + quote(move)).code, kExitOk) << move;
  }
  ASSERT_EQ(referee(db, "--game 1 play 'Referee takes back 2'").code, kExitOk);
  EXPECT_EQ(json::parse(referee(db, "--game 1 --json status").out)["players"], json::parse(before)["players"]);
  EXPECT_EQ(referee(db, "--game 1 verify --expect-head " + then["games"][0]["head"].get<std::string>()).code, kExitOk);
}

// f2060fb: state-format-8 snapshots, before take-backs and the table's comments.
TEST(Legacy, AJournalOfTheLastLandedVersionReadsVerifiesAndGoesOn) {
  expect_a_schema_two_journal_reads_verifies_and_goes_on("f2060fb");
}

// 48ecfe1, the version before self-play's writer chained games on its workers and committed
// them in groups: state-format-9 snapshots, a take-back in game 2, a simulated game (4) as
// that version's self-play wrote it.
TEST(Legacy, AJournalOf48ecfe1ReadsVerifiesAndGoesOn) { expect_a_schema_two_journal_reads_verifies_and_goes_on("48ecfe1"); }

// The view events shows a game stored a row per move exactly as schema 1 stored it a row per
// event: the same sample imported by this program and by 18ba09d (tests/data) reads back the
// same rows, so a sqlite3 user's `SELECT seq, type, payload FROM events` is unchanged.
TEST(Legacy, TheEventsViewReturnsTheRowsSchemaOneStored) {
  const auto db = imported("view-same-rows", sample("uk-1972/long-game.game"));
  const auto old_db = temp_dir("view-same-rows-old") / "old.db";
  std::filesystem::copy_file(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-18ba09d.db", old_db);
  const std::string query = "SELECT seq, at, actor, type, payload FROM events WHERE game_id = 1 ORDER BY seq";
  auto now = Sql(db).rows(query);
  const auto before = Sql(old_db).rows(query);
  ASSERT_EQ(now.size(), 808u);
  // Since import keeps the table's comments (after "  # " in a MovePlayed's text, the last
  // field), the rows differ by them alone; without them they are the rows 18ba09d stored.
  for (auto& row : now) {
    if (row[3] != "MovePlayed") continue;
    const auto comment = row[4].find("  # ");
    if (comment != std::string::npos) row[4] = row[4].substr(0, comment) + "\"}";
  }
  EXPECT_EQ(now, before);
  EXPECT_EQ(Sql(db).rows("SELECT count(*) FROM moves WHERE game_id = 1")[0][0], "199");  // the opening and 198 moves
  // The journal's own documented queries work on the view.
  EXPECT_EQ(Sql(db).rows("SELECT count(*) FROM events e WHERE seq = (SELECT max(seq) FROM events WHERE game_id = e.game_id)")
                [0][0],
            "1");
}

}  // namespace
}  // namespace deedlog
