// A snapshot in doubt is never believed, in any build, and a position folded from crafted events
// that no game reaches is refused before the rules decide on it. Found from outside: forged
// snapshots (state, digest and event hash consistent) made a build with assertions abort in
// `moves` (12 of 307 tries): they passed check_state but not what a position between moves must
// be, and the readers believed them. fuzz_event_fold then found a debt a player owes himself
// (DebtIncurred with player = other): deciding his bankruptcy handed his deeds to himself, a
// bankrupt owning deeds, and an assertion build aborted in Outcome::apply. Every case is made in
// a real SQLite journal and read through the real program; built as Debug (asserts on), the
// same test shows that no assertion fires.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "deedlog/state.h"
#include "deedlog/state_archive.h"
#include "journal/hash_chain.h"
#include "support/cli.h"
#include "support/sql.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::sample;
using testing::temp_dir;

constexpr int kExitOk = 0, kExitFailure = 1;

using testing::Sql;

// The sample the crafted-event tests use: two players (Ann in seat 0), the game not over.
const char* const kGame = "uk-1972/mortgage-traded-lifted-at-once.game";

std::filesystem::path imported(const std::string& name, const std::string& options) {
  const auto db = temp_dir(name) / "games.db";
  const RunResult r = referee(db, options + " import " + quote(sample(kGame)));
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  return db;
}

bool aborted(const RunResult& r) {
  return r.code > 1 || r.err.find("Assertion") != std::string::npos || r.err.find("Sanitizer") != std::string::npos ||
         r.err.find("runtime error") != std::string::npos;
}

struct Forgery {
  const char* name;
  std::function<void(State&)> edit;
};

// Each forgery passes the checks a snapshot met before (ranges, money conserved, buildings
// counted) and is stored under a recomputed digest and the right event's hash.
std::vector<Forgery> forgeries() {
  return {
      {"a purchase waited on naming no square",
       [](State& s) {
         s.phase = Phase::BuyDecision;
         s.pending_square = kNoSquare;
       }},
      {"a card awaited by the player in jail",
       [](State& s) {
         s.players[static_cast<std::size_t>(s.turn)].in_jail = true;
         s.players[static_cast<std::size_t>(s.turn)].square = 10;
         s.phase = Phase::AwaitingCard;
       }},
      {"a debt the player whose turn it is owes himself, more than he can raise",
       [](State& s) { s.players[static_cast<std::size_t>(s.turn)].owes[static_cast<std::size_t>(s.turn) + 1] = Money{1'000'000'000}; }},
  };
}

// The readers give, with a forged snapshot, the answers the events alone give.
TEST(DoubtfulSnapshot, OneThatIsNoPositionBetweenMovesIsIgnoredByEveryReader) {
  const auto clean = imported("doubtful-snapshot-clean", "--snapshot-every 0");
  const std::vector<std::string> commands = {"--json status", "value", "moves", "log"};
  std::vector<RunResult> expected;
  for (const std::string& c : commands) {
    expected.push_back(referee(clean, c));
    ASSERT_EQ(expected.back().code, kExitOk) << c << ": " << expected.back().err;
  }
  for (const Forgery& f : forgeries()) {
    const auto db = imported("doubtful-snapshot", "--snapshot-every 1");
    Sql sql(db);
    const auto row = sql.rows("SELECT seq, state FROM snapshots WHERE game_id = 1 ORDER BY seq DESC LIMIT 1");
    ASSERT_EQ(row.size(), 1u);
    ASSERT_EQ(row[0][0], sql.rows("SELECT max(seq) FROM events WHERE game_id = 1")[0][0]) << "the head has its snapshot";
    State s;
    ASSERT_TRUE(load_state(row[0][1].substr(128), &s));
    f.edit(s);
    const std::string state = save_state(s);
    sql.put_blob(fmt::format("UPDATE snapshots SET state = ?1 WHERE game_id = 1 AND seq = {}", row[0][0]),
                 row[0][1].substr(0, 64) + sha256_hex(state) + state);
    for (std::size_t i = 0; i < commands.size(); ++i) {
      const RunResult r = referee(db, commands[i]);
      EXPECT_FALSE(aborted(r)) << f.name << ", " << commands[i] << ": " << r.err;
      EXPECT_EQ(r.code, kExitOk) << f.name << ", " << commands[i] << ": " << r.err;
      EXPECT_EQ(r.out, expected[i].out) << f.name << ", " << commands[i];
    }
    // verify passes over it as over a damaged snapshot: it compares the snapshots a reader
    // would believe, and this one no reader believes.
    const RunResult v = referee(db, "verify");
    EXPECT_EQ(v.code, kExitOk) << f.name << ": " << v.out;
    EXPECT_FALSE(aborted(v)) << v.err;
  }
}

// Seeded forgeries of the head's snapshot, one to three fields each (the phase, what it waits
// on, whose turn, jail, debts, the auction, the building to place), each under a recomputed
// digest: whatever a reader makes of one (believed when it is a position between moves, else
// ignored), no reader aborts and none refuses the game, whose events are sound.
TEST(DoubtfulSnapshot, SeededForgeriesCrashNoReader) {
  const auto db = imported("doubtful-snapshot-seeded", "--snapshot-every 1");
  std::string original;
  std::string seq;
  {
    Sql sql(db);
    const auto row = sql.rows("SELECT seq, state FROM snapshots WHERE game_id = 1 ORDER BY seq DESC LIMIT 1");
    ASSERT_EQ(row.size(), 1u);
    seq = row[0][0];
    original = row[0][1];
  }
  State base;
  ASSERT_TRUE(load_state(original.substr(128), &base));
  std::mt19937 rng(25);
  const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  for (int round = 0; round < 40; ++round) {
    State s = base;
    for (int k = 0, edits = 1 + pick(3); k < edits; ++k) {
      const std::size_t p = static_cast<std::size_t>(pick(s.player_count));
      switch (pick(7)) {
        case 0: s.phase = static_cast<Phase>(pick(static_cast<int>(Phase::JailChoice) + 1)); break;
        case 1: s.pending_square = pick(4) == 0 ? kNoSquare : static_cast<SquareId>(pick(40)); break;
        case 2: s.turn = static_cast<PlayerId>(p); break;
        case 3:
          s.players[p].in_jail = true;
          s.players[p].square = 10;
          break;
        case 4: s.players[p].owes[static_cast<std::size_t>(pick(s.player_count + 1))] = Money{1 + pick(2) * 1'000'000'000}; break;
        case 5:
          s.auction.lot = static_cast<AuctionLot>(pick(3));
          s.auction.square = pick(4) == 0 ? kNoSquare : static_cast<SquareId>(pick(40));
          break;
        case 6: s.placing_player = pick(2) == 0 ? kBank : static_cast<PlayerId>(p); break;
      }
    }
    const std::string state = save_state(s);
    Sql(db).put_blob(fmt::format("UPDATE snapshots SET state = ?1 WHERE game_id = 1 AND seq = {}", seq),
                     original.substr(0, 64) + sha256_hex(state) + state);
    for (const std::string c : {"moves", "value", "status"}) {
      const RunResult r = referee(db, c);
      EXPECT_FALSE(aborted(r)) << "round " << round << ", " << c << ": " << r.err;
      EXPECT_EQ(r.code, kExitOk) << "round " << round << ", " << c << ": " << r.err;
    }
  }
}

// Appends one event as a move of its own, chained with the right hash. Returns its seq.
std::int64_t append_forged(const std::filesystem::path& db, const std::string& type, const std::string& payload) {
  Sql sql(db);
  const auto last = sql.rows("SELECT seq + count - 1, hash FROM moves WHERE game_id = 1 ORDER BY seq DESC LIMIT 1");
  EXPECT_EQ(last.size(), 1u);
  MoveRow row;
  row.game_id = 1;
  row.seq = std::stoll(last.at(0).at(0)) + 1;
  row.count = 1;
  row.actor = "Ann";
  row.events = move_events_json({NewEvent{"", "Ann", type, payload}}, 0, 1);
  row.prev_hash = last.at(0).at(1);
  row.hash = move_hash(row);
  std::string events;
  for (char c : row.events) events += c == '\'' ? std::string("''") : std::string(1, c);
  sql.exec(fmt::format("INSERT INTO moves VALUES (1, {}, 1, '', 'Ann', '{}', '{}', '{}')", row.seq, events,
                       row.prev_hash, row.hash));
  return row.seq;
}

// A debt no game makes: to oneself, or to a seat the game lacks once decoded in range. Every
// reader that folds a position exits 1 naming the event; none decides a bankruptcy on it.
TEST(DoubtfulEvents, ADebtAPlayerOwesHimselfIsRefusedNamingTheEvent) {
  for (const char* payload : {R"({"player":0,"other":0,"amount":1000000000})",
                              R"({"player":1,"other":1,"square":39,"count":19,"amount":2000})"}) {
    const auto db = imported("doubtful-events", "--snapshot-every 0");
    const std::string seq = std::to_string(append_forged(db, "DebtIncurred", payload));
    for (const std::string c : {"status", "value", "moves", "settle Ann", "verify"}) {
      const RunResult r = referee(db, c);
      EXPECT_FALSE(aborted(r)) << payload << ", " << c << ": " << r.err;
      EXPECT_EQ(r.code, kExitFailure) << payload << ", " << c << ": " << r.out << r.err;
      if (c != "verify") {
        EXPECT_NE(r.err.find(seq), std::string::npos) << c << ": " << r.err;
      }
    }
  }
}

}  // namespace
}  // namespace deedlog
