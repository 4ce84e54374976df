// Take-backs (rule referee/take-back): a mistyped move voided and played again; several moves at
// once; verify across them; what log, explain, dispute and replay say of the voided events; a
// snapshot stored inside the voided moves; and the take-backs the rules refuse.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;
using testing::quote;

struct Table {
  fs::path db;
  explicit Table(const std::string& name) {
    db = testing::temp_dir("take-back-" + name) / "g.db";
    const auto r = testing::referee(db, "new --ruleset uk-1972 --players 'Ann, Ben'");
    EXPECT_EQ(r.code, 0) << r.err;
  }
  testing::RunResult play(const std::string& move, const std::string& extra = "") const {
    return testing::referee(db, extra + " --json play " + quote(move));
  }
  void played(const std::string& move, const std::string& extra = "") const {
    const auto r = play(move, extra);
    ASSERT_EQ(r.code, 0) << move << ": " << r.out << r.err;
  }
  json status(std::int64_t at = 0) const {
    const auto r = testing::referee(db, "--json status" + (at ? " --at " + std::to_string(at) : std::string()));
    EXPECT_EQ(r.code, 0) << r.err;
    return json::parse(r.out);
  }
  std::int64_t head() const { return status()["seq"].get<std::int64_t>(); }
};

// The position a table sees: who is where with what, whose move.
json position(json s) {
  return json{{"turn", s["turn"]}, {"players", s["players"]}, {"bank", s["bank"]}};
}

TEST(TakeBack, AMistypedThrowIsTakenBackAndPlayedRight) {
  Table t("mistyped");
  t.played("Ann rolls 3 4");  // meant 2 3
  t.played("Referee takes back for \"mistyped dice\"");
  t.played("Ann rolls 2 3");
  Table fresh("fresh");
  fresh.played("Ann rolls 2 3");
  EXPECT_EQ(position(t.status()), position(fresh.status()));
  const auto v = testing::referee(t.db, "--json verify");
  ASSERT_EQ(v.code, 0) << v.out << v.err;
  EXPECT_TRUE(json::parse(v.out)["ok"].get<bool>()) << v.out;
}

TEST(TakeBack, ThreeMovesReturnToThePositionBeforeThem) {
  Table t("three");
  t.played("Ann rolls 3 4");
  t.played("Ann draws \"Advance to GO\"");
  const std::int64_t before = t.head();
  t.played("Ann ends turn");
  t.played("Ben rolls 2 3");
  t.played("Ben buys");
  const auto r = t.play("Referee takes back 3 \"wrong game\"");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(position(t.status()), position(t.status(before)));
  // The position at an event inside the voided moves is the game as it stood then.
  EXPECT_EQ(t.status(before + 6)["players"][1]["square"], 5);
  // And the game goes on from there: Ann's move is over, so she ends her turn again.
  t.played("Ann ends turn");
  t.played("Ben rolls 1 2");
  EXPECT_EQ(t.status()["players"][1]["square"], 3);
  const auto v = testing::referee(t.db, "--json verify");
  EXPECT_EQ(v.code, 0) << v.out;
}

TEST(TakeBack, TakeBacksInTurnReachFurtherBack) {
  Table t("in-turn");
  t.played("Ann rolls 3 4");
  t.played("Ann draws \"Advance to GO\"");
  t.played("Ann ends turn");
  t.played("Referee takes back");
  t.played("Referee takes back");  // the draw, the move before the one already taken back
  EXPECT_EQ(t.status()["turn"]["phase"], "awaiting-card");
  t.played("Referee takes back");
  EXPECT_EQ(t.status()["players"][0]["square"], 0);
  const auto r = t.play("Referee takes back");  // only the opening is left
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_EQ(testing::referee(t.db, "verify").code, 0);
  // The moves that stand: none.
  const json games = json::parse(testing::referee(t.db, "--json games").out);
  EXPECT_EQ(games["games"][0]["moves"], 0) << games;
}

// rule uk-1972/referee/take-back: only moves since the opening, at most 32 at once, by the referee.
TEST(TakeBack, RefusesMoreMovesThanThereAreAndTooManyAtOnce) {
  Table t("refused");
  auto r = t.play("Referee takes back");
  ASSERT_EQ(r.code, 3) << r.out;
  EXPECT_EQ(json::parse(r.out)["violation"]["rule"], "uk-1972/referee/take-back") << r.out;
  t.played("Ann rolls 3 4");
  r = t.play("Referee takes back 2");
  ASSERT_EQ(r.code, 3) << r.out;
  EXPECT_EQ(json::parse(r.out)["violation"]["rule"], "uk-1972/referee/take-back");
  r = t.play("Referee takes back 33");
  ASSERT_EQ(r.code, 3) << r.out;
  EXPECT_EQ(json::parse(r.out)["violation"]["rule"], "uk-1972/referee/take-back");
  // Only the referee takes moves back; a count that is not one is not a move at all.
  EXPECT_EQ(t.play("Ann takes back").code, 2);
  EXPECT_EQ(t.play("Referee takes back 0").code, 2);
  EXPECT_EQ(t.play("Referee takes back two").code, 2);
  // Nothing was written by the refusals.
  EXPECT_EQ(t.head(), 7);
}

TEST(TakeBack, LogExplainDisputeAndReplaySayWhatWasVoidAndWhy) {
  Table t("shown");
  t.played("Ann rolls 3 4");                                 // events 4-7
  t.played("Referee takes back for \"mistyped dice\"");      // 8-9
  t.played("Ann rolls 2 3");
  const json log = json::parse(testing::referee(t.db, "--json log").out);
  for (const json& e : log["events"]) {
    const std::int64_t seq = e["seq"];
    if (seq >= 4 && seq <= 7) EXPECT_EQ(e.value("voided_by", 0), 9) << e;
    else EXPECT_FALSE(e.contains("voided_by")) << e;
  }
  EXPECT_NE(testing::referee(t.db, "log").out.find("taken back at event 9"), std::string::npos);
  // A range that ends before the take-back still marks them.
  const json part = json::parse(testing::referee(t.db, "--json log --from 5 --to 6").out);
  EXPECT_EQ(part["events"][0].value("voided_by", 0), 9) << part;

  const json voided = json::parse(testing::referee(t.db, "--json explain 5").out);
  EXPECT_EQ(voided.value("voided_by", 0), 9) << voided;
  const json back = json::parse(testing::referee(t.db, "--json explain 9").out);
  EXPECT_EQ(back["rule"], "uk-1972/referee/take-back") << back;
  EXPECT_NE(back.dump().find("mistyped dice"), std::string::npos) << back;

  const json dispute = json::parse(testing::referee(t.db, "--json dispute 'Ann buys' --at 7").out);
  EXPECT_EQ(dispute.value("voided_by", 0), 9) << dispute;

  const auto report = testing::replay(t.db, "--format json");
  ASSERT_EQ(report.code, 0) << report.err;
  EXPECT_NE(report.out.find("\"voided_by\":9"), std::string::npos);
  const fs::path page = t.db.parent_path() / "page.html";
  ASSERT_EQ(testing::replay(t.db, "--html " + quote(page.string())).code, 0);
  EXPECT_NE(testing::slurp(page).find("taken back at event 9"), std::string::npos);
  // The notation keeps the take-back; importing it gives the same game again.
  const auto text = testing::replay(t.db, "--format notation");
  ASSERT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("Referee takes back for \"mistyped dice\""), std::string::npos) << text.out;
  const fs::path file = t.db.parent_path() / "again.game";
  std::ofstream(file) << text.out;
  const fs::path db2 = t.db.parent_path() / "again.db";
  ASSERT_EQ(testing::referee(db2, "import " + quote(file.string())).code, 0);
  EXPECT_EQ(json::parse(testing::referee(db2, "--json status").out)["head"], t.status()["head"]);
}

TEST(TakeBack, ASnapshotInsideTheVoidedMovesIsNotTheGameAfterThem) {
  // Snapshots every 2 events: several fall inside the moves taken back.
  Table t("snap");
  Table plain("plain");
  for (const Table* x : {&t, &plain}) {
    const std::string extra = x == &t ? "--snapshot-every 2" : "--snapshot-every 0";
    x->played("Ann rolls 3 4", extra);
    x->played("Ann draws \"Advance to GO\"", extra);
    x->played("Ann ends turn", extra);
    x->played("Ben rolls 2 3", extra);
    x->played("Ben buys", extra);
    x->played("Referee takes back 3", extra);
  }
  EXPECT_EQ(position(t.status()), position(plain.status()));
  EXPECT_EQ(t.status()["turn"]["phase"], "turn-over") << t.status();
  t.played("Ann ends turn", "--snapshot-every 2");
  plain.played("Ann ends turn", "--snapshot-every 0");
  EXPECT_EQ(position(t.status()), position(plain.status()));
  const json v = json::parse(testing::referee(t.db, "--json verify").out);
  EXPECT_TRUE(v["ok"].get<bool>()) << v;
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// import --game N FILE: the fixed file continues the game it began.
TEST(ImportResume, AFixedFileGoesOnFromTheMovesBothHold) {
  const fs::path dir = testing::temp_dir("resume");
  const fs::path db = dir / "g.db";
  const fs::path file = dir / "friday.game";
  const std::string head = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n[Moves]\nAnn rolls 3 4\n";
  // Line 6 is refused (Ann must first take a card): the import keeps the move before it and
  // says how to go on.
  std::ofstream(file) << head << "Ann buys\n";
  auto r = testing::referee(db, "import " + quote(file.string()));
  ASSERT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("referee import --game 1"), std::string::npos) << r.out;
  std::ofstream(file) << head << "Ann draws \"Advance to GO\"\nAnn ends turn\nBen rolls 2 3\n";
  r = testing::referee(db, "--json --game 1 import " + quote(file.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const json done = json::parse(r.out);
  EXPECT_EQ(done["moves_agreed"], 1);
  EXPECT_EQ(done["moves_recorded"], 3);
  EXPECT_EQ(json::parse(testing::referee(db, "--json status").out)["players"][1]["square"], 5);
  // The same file again: every move agrees, nothing more to play.
  r = testing::referee(db, "--json --game 1 import " + quote(file.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["moves_recorded"], 0);
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

// The table's comments are kept in the journal's move lines; a fixed file whose comments differ
// (or are gone) is still the same game, line for line.
TEST(ImportResume, CommentsOnTheLinesDoNotStopAResume) {
  const fs::path dir = testing::temp_dir("resume-comments");
  const fs::path db = dir / "g.db";
  const fs::path file = dir / "friday.game";
  const std::string head = "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n[Moves]\n";
  std::ofstream(file) << head << "Ann rolls 3 4   # Chance\nAnn buys\n";
  ASSERT_EQ(testing::referee(db, "import " + quote(file.string())).code, 3);
  std::ofstream(file) << head << "Ann rolls 3 4   # Chance, said Ben\nAnn draws \"Advance to GO\"  # to GO\nAnn ends turn\n";
  const auto r = testing::referee(db, "--json --game 1 import " + quote(file.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["moves_agreed"], 1);
  EXPECT_EQ(json::parse(r.out)["moves_recorded"], 2);
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

// audit folds the file's moves as the journal would: a take-back there is the referee's legal
// act, and the position returns to before the moves it voids.
TEST(AuditTakeBack, ATakeBackInATranscriptIsNoBreach) {
  const fs::path dir = testing::temp_dir("audit-take-back");
  const fs::path file = dir / "table.game";
  std::ofstream(file) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n[Moves]\n"
                         "Ann rolls 1 2\nReferee takes back for \"mistyped dice\"\nAnn rolls 2 3\n";
  const auto r = testing::referee(dir / "unused.db", "--json audit " + quote(file.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const json report = json::parse(r.out);
  EXPECT_TRUE(report["breaches"].empty()) << report.dump();
  EXPECT_EQ(report["position"]["players"][0]["square"], 5) << report.dump();
}

TEST(ImportResume, AJournalThatHoldsOtherMovesIsRefusedAndNothingWritten) {
  const fs::path dir = testing::temp_dir("resume-differs");
  const fs::path db = dir / "g.db";
  const fs::path file = dir / "friday.game";
  std::ofstream(file) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n[Moves]\nAnn rolls 3 4\nAnn draws \"Advance to GO\"\n";
  ASSERT_EQ(testing::referee(db, "import " + quote(file.string())).code, 0);
  const std::string before = json::parse(testing::referee(db, "--json status").out)["head"];
  // The file says the throw was 2 3: the journal holds 3 4, so the file is refused.
  std::ofstream(file) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n[Moves]\nAnn rolls 2 3\nAnn buys\n";
  auto r = testing::referee(db, "--game 1 import " + quote(file.string()));
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("Referee takes back 2"), std::string::npos) << r.err;
  // A file shorter than the game is refused the same way.
  std::ofstream(file) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n[Moves]\nAnn rolls 3 4\n";
  EXPECT_EQ(testing::referee(db, "--game 1 import " + quote(file.string())).code, 1);
  // Another game's file is a usage error.
  std::ofstream(file) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Cat\"]\n\n[Moves]\nAnn rolls 3 4\n";
  EXPECT_EQ(testing::referee(db, "--game 1 import " + quote(file.string())).code, 2);
  EXPECT_EQ(json::parse(testing::referee(db, "--json status").out)["head"], before);
  // Taken back as the message says, with the take-back in the file too, the file goes on.
  ASSERT_EQ(testing::referee(db, "--game 1 play 'Referee takes back 2'").code, 0);
  std::ofstream(file) << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\n[Moves]\nAnn rolls 3 4\n"
                         "Ann draws \"Advance to GO\"\nReferee takes back 2\nAnn rolls 2 3\nAnn buys\n";
  r = testing::referee(db, "--json --game 1 import " + quote(file.string()));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(testing::referee(db, "--json status").out)["players"][0]["properties"].size(), 1u);
}

}  // namespace
}  // namespace deedlog
