// `referee verify --tournament ID [--expect-head H]` (docs/trust.md, "Tournaments"): a
// tournament's records are checked as a game's events are. Each forgery is made on the real
// SQLite journal with the sqlite3 library, as a forger with the file would: the triggers dropped,
// a record changed or removed, and, where the forger is careful, the chain hashed again. Each is
// caught by the chain, by the records' consistency with the settings and the games, or by the
// head `tournament new` or `tournament standings` printed, kept outside the journal.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "journal/hash_chain.h"
#include "journal/journal.h"
#include "support/cli.h"
#include "support/sql.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using json = nlohmann::json;
using testing::Event;
using testing::json_of;
using testing::referee;
using testing::RunResult;

constexpr int kOk = 0, kFailure = 1, kUsage = 2;

// The journal file, opened as sqlite3 opens it: no deedlog code between the forger and the rows.
struct Sql : testing::Sql {
  using testing::Sql::Sql;
  // The triggers that keep tournaments append-only: a forger with the file drops them.
  void unguard() {
    exec("DROP TRIGGER tournaments_refuse_update");
    exec("DROP TRIGGER tournament_records_refuse_update");
    exec("DROP TRIGGER tournament_records_refuse_delete");
  }
  // The careful forger: the genesis and every record hashed again, numbered from 1 again.
  void rechain(std::int64_t id) {
    const auto t = rows(fmt::format("SELECT name, settings, judge_key_sha256 FROM tournaments WHERE tournament_id = {}", id));
    ASSERT_EQ(t.size(), 1u);
    const std::string genesis = tournament_genesis(t[0][0], t[0][1], t[0][2]);
    exec(fmt::format("UPDATE tournaments SET genesis = '{}' WHERE tournament_id = {}", genesis, id));
    std::string prev = genesis;
    std::int64_t seq = 0;
    for (const auto& r : rows(fmt::format("SELECT seq, at, kind, payload FROM tournament_records WHERE tournament_id = {} "
                                          "ORDER BY seq",
                                          id))) {
      TournamentRecord rec{id, ++seq, r[1], r[2], r[3], prev, ""};
      rec.hash = tournament_record_hash(rec);
      exec(fmt::format("UPDATE tournament_records SET seq = {}, prev_hash = '{}', hash = '{}' WHERE tournament_id = {} "
                       "AND seq = {}",
                       seq, prev, rec.hash, id, r[0]));
      prev = rec.hash;
    }
  }
  // Record seq's payload with `from` replaced by `to` (which must be there).
  void edit_payload(std::int64_t id, std::int64_t seq, const std::string& from, const std::string& to) {
    const auto p = rows(fmt::format("SELECT payload FROM tournament_records WHERE tournament_id = {} AND seq = {}", id, seq));
    ASSERT_EQ(p.size(), 1u);
    ASSERT_NE(p[0][0].find(from), std::string::npos) << p[0][0];
    exec(fmt::format("UPDATE tournament_records SET payload = replace(payload, {}, {}) WHERE tournament_id = {} AND "
                     "seq = {}",
                     literal(from), literal(to), id, seq));
  }
};

// A small event, recorded: round 1 seated (record 1), played partway, time called (2), table 1's
// sheet (3), a rejected appeal in table 2's game (4), table 2's sheet (5), Dan's withdrawal (6),
// round 2 seated (7). The heads `new` and `standings` printed are kept, as the Head Judge keeps them.
struct Recorded {
  Event ev{"tournament-verify", "Ann, Ben, Cat, Dan, Eve", 2, 3};
  std::vector<std::int64_t> round1;  // table 1's game, table 2's
  json round1_seat;
  std::string standings_head;
  std::int64_t standings_record = 0;

  Recorded() {
    round1_seat = json_of(ev.judge("--json tournament seat --round 1"));
    for (const auto& t : round1_seat["tables"]) round1.push_back(t["game"].get<std::int64_t>());
    for (std::int64_t g : round1)
      EXPECT_EQ(referee(ev.db, fmt::format("--game {} autoplay --moves 30 --seed 5", g)).code, kOk);
    EXPECT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
    for (std::int64_t g : round1) EXPECT_EQ(referee(ev.db, fmt::format("--game {} autoplay --seed 5", g)).code, kOk);
    EXPECT_EQ(ev.judge("tournament sheet --round 1 --table 1 --html " + (ev.dir / "t1.html").string()).code, kOk);
    EXPECT_EQ(ev.judge(fmt::format("--game {} tournament appeal 'Ben says the dice fell off the table'", round1[1])).code,
              kOk);
    EXPECT_EQ(ev.judge("tournament sheet --round 1 --table 2 --html " + (ev.dir / "t2.html").string()).code, kOk);
    EXPECT_EQ(ev.judge("tournament withdraw Dan").code, kOk);
    EXPECT_EQ(ev.judge("tournament seat --round 2").code, kOk);
    const json standings = json_of(referee(ev.db, "--json tournament standings"));
    standings_head = standings["head"];
    standings_record = standings["head_record"];
  }

  json verify(const std::string& args, int expected_code) const {
    const RunResult r = referee(ev.db, "--json verify --tournament " + std::to_string(ev.id) + " " + args);
    EXPECT_EQ(r.code, expected_code) << r.out << r.err;
    const json doc = json::parse(r.out, nullptr, false);
    EXPECT_TRUE(doc.is_object()) << r.out << r.err;
    if (!doc.is_object() || doc["tournaments"].size() != 1) return json::object();
    return doc["tournaments"][0];
  }
};

TEST(TournamentVerify, AnUntamperedTournamentVerifiesAndTheHeadsPrintedAreInItsChain) {
  Recorded rec;
  const Event& ev = rec.ev;
  ASSERT_EQ(ev.first_head.size(), 64u);
  EXPECT_EQ(rec.standings_record, 7);

  const json ok = rec.verify("", kOk);
  EXPECT_TRUE(ok["ok"].get<bool>());
  EXPECT_EQ(ok["records"], 7);
  EXPECT_EQ(ok["games"], 4);  // two rounds of two tables
  EXPECT_EQ(ok["first_head"], ev.first_head);
  EXPECT_EQ(ok["head"], rec.standings_head);

  // The heads kept: the first (new's) is the genesis, the later (standings') record 7.
  EXPECT_EQ(rec.verify("--expect-head " + ev.first_head.substr(0, 12), kOk)["anchor_seq"], 0);
  EXPECT_EQ(rec.verify("--expect-head " + rec.standings_head, kOk)["anchor_seq"], 7);

  // The words print them too: new's key and first head, standings' and log's current head.
  const RunResult made = referee(ev.dir / "other.db", "tournament new --name Other --players 'Ann, Ben' --rounds 1");
  ASSERT_EQ(made.code, kOk) << made.err;
  const json other_made = json_of(referee(ev.dir / "other2.db", "--json tournament new --name Other --players 'Ann, Ben' --rounds 1"));
  EXPECT_EQ(other_made["head"].get<std::string>().size(), 64u);
  EXPECT_NE(made.out.find("record 0, hash "), std::string::npos) << made.out;
  EXPECT_NE(referee(ev.db, "tournament standings").out.find(rec.standings_head.substr(0, 12)), std::string::npos);
  const json log = json_of(referee(ev.db, "--json tournament log"));
  EXPECT_EQ(log["first_head"], ev.first_head);
  EXPECT_EQ(log["head"], rec.standings_head);

  // The sheet's answer gives the head after its record; its page the head before it.
  const json sheet = json_of(ev.judge("--json tournament sheet --round 1 --table 1 --html " + (ev.dir / "again.html").string()));
  const std::string head_after_sheet = sheet["tournament_head"];
  EXPECT_EQ(json_of(referee(ev.db, "--json tournament standings"))["head"], head_after_sheet);
  EXPECT_NE(testing::slurp(ev.dir / "again.html").find(rec.standings_head), std::string::npos);
  EXPECT_EQ(rec.verify("--expect-head " + head_after_sheet, kOk)["anchor_seq"], 8);

  // Plain verify checks every game and every tournament of the journal.
  const RunResult all = referee(ev.db, "--json verify");
  ASSERT_EQ(all.code, kOk) << all.out << all.err;
  const json doc = json::parse(all.out);
  ASSERT_EQ(doc["tournaments"].size(), 1u);
  EXPECT_TRUE(doc["tournaments"][0]["ok"].get<bool>());
  EXPECT_EQ(doc["games"].size(), 4u);
  const RunResult words = referee(ev.db, "verify");
  EXPECT_NE(words.out.find("tournament " + std::to_string(ev.id) + ": ok"), std::string::npos) << words.out;
}

TEST(TournamentVerify, UsageAndAMissingTournament) {
  Recorded rec;
  const Event& ev = rec.ev;
  EXPECT_EQ(referee(ev.db, "verify --tournament 1 --expect-head xyz").code, kUsage);
  EXPECT_EQ(referee(ev.db, fmt::format("--game {} verify --tournament 1", rec.round1[0])).code, kUsage);
  EXPECT_EQ(referee(ev.db, "verify --tournament 99").code, kFailure);
  // A hash that is in no chain of the tournament: not the head, said so, the chain holding.
  const json missing = rec.verify("--expect-head 0123456789ab", kFailure);
  EXPECT_FALSE(missing["anchor_found"].get<bool>());
  EXPECT_FALSE(missing.contains("first_bad_seq"));
}

TEST(TournamentVerify, APayloadChangedWithoutNewHashesBreaksTheChain) {
  Recorded rec;
  {
    Sql sql(rec.ev.db);
    sql.unguard();
    sql.edit_payload(rec.ev.id, 4, "\"upheld\":false", "\"upheld\":true,\"correction\":\"Referee awards Ben 500\"");
  }
  const json broken = rec.verify("", kFailure);
  EXPECT_TRUE(broken["chain_broken"].get<bool>());
  EXPECT_EQ(broken["first_bad_seq"], 4);
  // Every reader refuses it too.
  EXPECT_EQ(referee(rec.ev.db, "tournament standings").code, kFailure);
  const RunResult all = referee(rec.ev.db, "--json verify");
  EXPECT_EQ(all.code, kFailure);
}

TEST(TournamentVerify, AReplacedHeadJudgeKeyWithNewHashesFailsTheFirstHeadKept) {
  Recorded rec;
  {
    Sql sql(rec.ev.db);
    sql.unguard();
    // The forger's own key, so the forger can now write as the Head Judge.
    const std::string forged_digest = sha256_hex("the forger's key");
    sql.exec(fmt::format("UPDATE tournaments SET judge_key_sha256 = '{}' WHERE tournament_id = {}", forged_digest, rec.ev.id));
    sql.rechain(rec.ev.id);
  }
  // Without an anchor nothing shows it: the digest is in the row alone, and the chain was made again.
  EXPECT_TRUE(rec.verify("", kOk)["ok"].get<bool>());
  // Against the heads the Head Judge kept: neither is in the chain any more.
  EXPECT_FALSE(rec.verify("--expect-head " + rec.ev.first_head, kFailure)["anchor_found"].get<bool>());
  EXPECT_FALSE(rec.verify("--expect-head " + rec.standings_head, kFailure)["anchor_found"].get<bool>());
}

TEST(TournamentVerify, ATablePointedAtAnotherGameIsCaughtWithNewHashes) {
  // Table 1 of round 1 pointed at table 2's game, then at a game of the forger's outside the
  // tournament (the same players as table 1), each on a journal of its own, every hash made again.
  for (const bool outside : {false, true}) {
    Recorded rec;
    std::int64_t target = rec.round1[1];
    if (outside) {
      std::string players;
      for (const auto& p : rec.round1_seat["tables"][0]["players"])
        players += (players.empty() ? "" : ", ") + p.get<std::string>();
      const RunResult made = referee(rec.ev.db, "--json new --ruleset uk-1972 --players " + testing::quote(players));
      ASSERT_EQ(made.code, kOk) << made.err;
      target = json::parse(made.out)["game"].get<std::int64_t>();
    }
    {
      Sql sql(rec.ev.db);
      sql.unguard();
      sql.edit_payload(rec.ev.id, 1, fmt::format("\"table\":1,\"game\":{},", rec.round1[0]),
                       fmt::format("\"table\":1,\"game\":{},", target));
      sql.rechain(rec.ev.id);
    }
    const json caught = rec.verify("", kFailure);
    EXPECT_EQ(caught["first_bad_seq"], 1) << caught;
    EXPECT_FALSE(caught.contains("chain_broken"));
    EXPECT_NE(caught["problem"].get<std::string>().find(std::to_string(target)), std::string::npos) << caught;
  }
}

TEST(TournamentVerify, ARemovedRecordIsCaughtByTheRecordsOrByTheHeadKept) {
  {
    // Time called in round 1 removed, the records after it numbered and hashed again: round 2
    // is then seated while round 1 is in play.
    Recorded rec;
    {
      Sql sql(rec.ev.db);
      sql.unguard();
      sql.exec(fmt::format("DELETE FROM tournament_records WHERE tournament_id = {} AND seq = 2", rec.ev.id));
      sql.rechain(rec.ev.id);
    }
    const json caught = rec.verify("", kFailure);
    EXPECT_EQ(caught["first_bad_seq"], 6) << caught;  // round 2's seating, now record 6
  }
  {
    // The last record cut off: the chain and the records before it still hold; only the head
    // kept after it shows the cut.
    Recorded rec;
    {
      Sql sql(rec.ev.db);
      sql.unguard();
      sql.exec(fmt::format("DELETE FROM tournament_records WHERE tournament_id = {} AND seq = 7", rec.ev.id));
    }
    EXPECT_TRUE(rec.verify("", kOk)["ok"].get<bool>());
    EXPECT_EQ(rec.verify("--expect-head " + rec.ev.first_head, kOk)["anchor_seq"], 0);
    EXPECT_FALSE(rec.verify("--expect-head " + rec.standings_head, kFailure)["anchor_found"].get<bool>());
  }
  {
    // Table 2's sheet removed from the middle and the chain made again: nothing after it
    // depended on it, so only the head kept after it shows the removal.
    Recorded rec;
    {
      Sql sql(rec.ev.db);
      sql.unguard();
      sql.exec(fmt::format("DELETE FROM tournament_records WHERE tournament_id = {} AND seq = 5", rec.ev.id));
      sql.rechain(rec.ev.id);
    }
    EXPECT_TRUE(rec.verify("", kOk)["ok"].get<bool>());
    EXPECT_FALSE(rec.verify("--expect-head " + rec.standings_head, kFailure)["anchor_found"].get<bool>());
  }
}

TEST(TournamentVerify, ARejectionRecordedAsTheFirstVersionsDidStillVerifies) {
  // The first versions with tournaments noted nothing in the game for a rejected appeal: its
  // record gave the game's last event and head when it was ruled. Record 4 written so.
  Recorded rec;
  const json appeal = json_of(referee(rec.ev.db, "--json tournament log"))["appeals"][0];
  const std::int64_t noted = appeal["game_seq"].get<std::int64_t>();
  const json events = json_of(referee(rec.ev.db, fmt::format("--game {} --json log", rec.round1[1])))["events"];
  std::string head_before;
  for (const auto& e : events)
    if (e["seq"].get<std::int64_t>() == noted - 1) head_before = e["hash"];
  ASSERT_EQ(head_before.size(), 64u);
  {
    Sql sql(rec.ev.db);
    sql.unguard();
    sql.edit_payload(rec.ev.id, 4, fmt::format("\"game_seq\":{}", noted), fmt::format("\"game_seq\":{}", noted - 1));
    sql.edit_payload(rec.ev.id, 4, appeal["head"].get<std::string>(), head_before);
    sql.rechain(rec.ev.id);
  }
  EXPECT_TRUE(rec.verify("", kOk)["ok"].get<bool>());
  // The same form for an upheld appeal is not one deedlog ever wrote.
  {
    Sql sql(rec.ev.db);
    sql.edit_payload(rec.ev.id, 4, "\"upheld\":false", "\"upheld\":true,\"correction\":\"Referee awards Ben 1\"");
    sql.rechain(rec.ev.id);
  }
  EXPECT_EQ(rec.verify("", kFailure)["first_bad_seq"], 4);
}

TEST(TournamentVerify, APlayerRenamedIsCaughtWithNewHashes) {
  Recorded rec;
  {
    // Ann becomes Zed among the entrants and at her round-1 table, every hash made again.
    Sql sql(rec.ev.db);
    sql.unguard();
    sql.exec(fmt::format("UPDATE tournaments SET settings = replace(settings, '\"Ann\"', '\"Zed\"') WHERE tournament_id = {}",
                         rec.ev.id));
    sql.edit_payload(rec.ev.id, 1, "\"Ann\"", "\"Zed\"");
    sql.rechain(rec.ev.id);
  }
  // The game's own header still seats Ann.
  const json caught = rec.verify("", kFailure);
  EXPECT_EQ(caught["first_bad_seq"], 1) << caught;
  // The settings are in the first head: the one new printed is no longer the chain's.
  EXPECT_NE(caught["first_head"], rec.ev.first_head);
}

// tests/data/README.md: the journal 63b3c9e wrote, the last landed version before this check.
// What that version's Head Judge would have kept: the tournament's genesis (its first head) and
// the hash of its last record, read from the file as written, and the key it printed.
constexpr char kFirstHead63b3c9e[] = "9f7249e04306e3ce6a5bbba0749a2d74888b2d601bd1728de6ef3042d5a7e06e";
constexpr char kHead63b3c9e[] = "bdf9e913b058dd35a4c2334bddcb2efe89ba052a107ce98d7de42ce5a9059da2";
constexpr char kJudgeKey63b3c9e[] = "bf718a8dec7e312ba919e7ed910d6f3983060fdf1873cec003acc2ad9cc8a030";

TEST(TournamentVerify, AJournalOf63b3c9eVerifiesWithItsHeadsAndGoesOn) {
  const auto dir = testing::temp_dir("tournament-verify-63b3c9e");
  const auto db = dir / "club.db";
  std::filesystem::copy_file(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-63b3c9e.db", db);
  const json then = json::parse(testing::slurp(std::string(deedlog::testing::source_dir()) + "/tests/data/journal-written-by-63b3c9e.heads"));

  // Plain verify: the games as that version verified them, and the tournament.
  const json all = json_of(referee(db, "--json verify"));
  ASSERT_EQ(all["games"].size(), then["games"].size());
  for (std::size_t i = 0; i < then["games"].size(); ++i) EXPECT_EQ(all["games"][i]["head"], then["games"][i]["head"]);
  ASSERT_EQ(all["tournaments"].size(), 1u);
  const json t = all["tournaments"][0];
  EXPECT_TRUE(t["ok"].get<bool>()) << t;
  EXPECT_EQ(t["records"], 9);
  EXPECT_EQ(t["games"], 4);
  EXPECT_EQ(t["first_head"], kFirstHead63b3c9e);
  EXPECT_EQ(t["head"], kHead63b3c9e);

  // The heads kept then are in the chain, and the readers print them now.
  const auto anchored = [&](const std::string& head) {
    const RunResult r = referee(db, "--json verify --tournament 1 --expect-head " + head);
    EXPECT_EQ(r.code, kOk) << r.out << r.err;
    return json::parse(r.out)["tournaments"][0]["anchor_seq"];
  };
  EXPECT_EQ(anchored(kFirstHead63b3c9e), 0);
  EXPECT_EQ(anchored(std::string(kHead63b3c9e).substr(0, 12)), 9);
  EXPECT_EQ(json_of(referee(db, "--json tournament standings"))["head"], kHead63b3c9e);
  EXPECT_EQ(json_of(referee(db, "--json tournament log"))["first_head"], kFirstHead63b3c9e);

  // The event goes on in it: time called in round 2; the old heads still anchor the longer chain.
  const RunResult called = referee(db, "tournament call-time --round 2 " + testing::key_file_option(kJudgeKey63b3c9e));
  ASSERT_EQ(called.code, kOk) << called.out << called.err;
  EXPECT_EQ(anchored(kHead63b3c9e), 9);
  EXPECT_EQ(json_of(referee(db, "--json verify"))["tournaments"][0]["records"], 10);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
