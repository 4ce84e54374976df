// The tournament's record kinds, declared once (service/tournament_records.h): every record a
// released version wrote reads as its kind and is written again as the very same bytes; a record
// that is not what its kind declares is Corrupt, naming it, and never folded; a kind not declared
// is kept in the log and changes nothing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "support/build_paths.h"
#include "journal/journal.h"
#include "service/tournament.h"
#include "service/tournament_records.h"

namespace deedlog {
namespace {

// Every record of the journal at path (tests/data), as the journal hands them on.
std::vector<TournamentRecord> records_of(const std::string& name, std::int64_t tournament) {
  const auto dir = std::filesystem::temp_directory_path() / ("deedlog-test-records-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto db = dir / name;
  std::filesystem::copy_file(std::string(deedlog::testing::source_dir()) + "/tests/data/" + name, db,
                             std::filesystem::copy_options::overwrite_existing);
  std::vector<TournamentRecord> out;
  {
    std::unique_ptr<Journal> j;
    EXPECT_TRUE(Journal::open(db.string(), &j, true).is_ok());
    if (j) {
      EXPECT_TRUE(j->tournament_records(tournament, [&](const TournamentRecord& r) {
                     out.push_back(r);
                     return true;
                   }).is_ok());
    }
  }
  std::filesystem::remove_all(dir);
  return out;
}

TEST(TournamentRecords, EveryRecordAReleasedVersionWroteReadsAsItsKindAndIsWrittenAgainByteForByte) {
  std::set<std::string> kinds;
  for (const auto& [file, tournament] : std::vector<std::pair<std::string, std::int64_t>>{
           {"tournaments-written-by-e528e0c.db", 1}, {"tournaments-written-by-e528e0c.db", 2},
           {"journal-written-by-63b3c9e.db", 1}}) {
    const std::vector<TournamentRecord> records = records_of(file, tournament);
    ASSERT_FALSE(records.empty()) << file;
    for (const TournamentRecord& r : records) {
      TournamentRecordPayload p;
      const Status s = decode_record(tournament, r, &p);
      ASSERT_TRUE(s.is_ok()) << file << " record " << r.seq << ": " << s.message();
      EXPECT_FALSE(std::holds_alternative<OtherKind>(p)) << r.kind;
      EXPECT_EQ(record_kind(p), r.kind);
      EXPECT_EQ(encode_record(p), r.payload) << file << " record " << r.seq;
      kinds.insert(r.kind);
    }
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"seated", "time_called", "appeal", "sheet", "late_entry", "withdrawal", "no_show"}));
}

TEST(TournamentRecords, TheLogShowsNoKeyDigest) {
  RoundSeated seated;
  seated.round = 1;
  seated.tables.push_back({1, 7, {"Ann", "Ben"}, std::string(64, 'a')});
  EXPECT_NE(encode_record(seated).find("key_sha256"), std::string::npos);
  const nlohmann::ordered_json shown = shown_record_fields(seated);
  EXPECT_FALSE(shown["tables"][0].contains("key_sha256"));
  EXPECT_EQ(shown["tables"][0]["game"], 7);
}

// A record folded into a tournament of its own (no journal: the fold reads only the record).
Status fold_one(const std::string& kind, const std::string& payload, Tournament* t) {
  TournamentRecord r;
  r.tournament_id = 1;
  r.seq = 1;
  r.at = "2026-11-29T08:00:00Z";
  r.kind = kind;
  r.payload = payload;
  r.hash = std::string(64, 'b');
  t->id = 1;
  return fold_tournament_record(t, r);
}

TEST(TournamentRecords, ARecordThatIsNotWhatItsKindDeclaresIsCorruptAndNamed) {
  const std::string table = R"({"table":1,"game":3,"players":["Ann","Ben"],"key_sha256":"aa"})";
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"seated", "[1,2]"},                                                  // not an object
      {"seated", "{\"round\":1,"},                                          // not JSON
      {"seated", R"({"final":false,"tables":[]})"},                          // round missing
      {"seated", R"({"round":"1","final":false,"tables":[]})"},              // a string for a number
      {"seated", R"({"round":1.5,"final":false,"tables":[]})"},              // not whole
      {"seated", R"({"round":4294967297,"final":false,"tables":[]})"},       // beyond an int
      {"seated", R"({"round":1,"final":1,"tables":[]})"},                    // a number for a flag
      {"seated", R"({"round":1,"final":false,"tables":{}})"},                // not a list
      {"seated", R"({"round":1,"final":false,"tables":[{"table":1}]})"},     // a table without its game
      {"seated", R"({"round":1,"final":false,"tables":[)" + table + R"(],"duplicate":"x"})"},  // not an object
      {"seated", R"({"round":1,"final":false,"tables":[],"crowns":true})"},  // a field the kind does not declare
      {"time_called", R"({"round":1})"},
      {"appeal", R"({"number":1,"game":3,"round":1,"table":1,"claim":"x","upheld":false,"game_seq":4})"},
      {"sheet", R"({"round":1,"table":1,"game":3,"head":"h","game_seq":"4"})"},
      {"late_entry", R"({"player":null,"from_round":2})"},
      {"withdrawal", R"({"from_round":2})"},
      {"no_show", R"({"player":"Ann","from_round":2,"why":"ill"})"},
  };
  for (const auto& [kind, payload] : bad) {
    Tournament t;
    const Status s = fold_one(kind, payload, &t);
    EXPECT_EQ(s.code(), Status::Code::Corrupt) << kind << " " << payload;
    EXPECT_NE(s.message().find("record 1 (" + kind + ")"), std::string::npos) << s.message();
    EXPECT_TRUE(t.log.empty()) << kind << " " << payload;
    EXPECT_EQ(t.last_seq, 0);
  }
}

TEST(TournamentRecords, ARecordItsPlaceCannotHoldIsCorrupt) {
  Tournament t;
  EXPECT_EQ(fold_one("time_called", R"({"round":1,"games":[]})", &t).code(), Status::Code::Corrupt);  // no round seated
  Tournament u;
  EXPECT_EQ(fold_one("seated", R"({"round":2,"final":false,"tables":[]})", &u).code(), Status::Code::Corrupt);  // out of turn
}

TEST(TournamentRecords, AKindNotDeclaredIsKeptInTheLogAndChangesNothing) {
  Tournament t;
  ASSERT_TRUE(fold_one("time_warning", R"({"round":1,"minutes":10})", &t).is_ok());
  ASSERT_EQ(t.log.size(), 1u);
  ASSERT_TRUE(std::holds_alternative<OtherKind>(t.log[0].record));
  EXPECT_EQ(record_kind(t.log[0].record), "time_warning");
  EXPECT_EQ(encode_record(t.log[0].record), R"({"round":1,"minutes":10})");
  EXPECT_TRUE(t.rounds.empty());
  EXPECT_EQ(t.last_seq, 1);
  // Its payload must still be a JSON object.
  Tournament u;
  EXPECT_EQ(fold_one("time_warning", "10", &u).code(), Status::Code::Corrupt);
}

TEST(TournamentRecords, EachKindFoldsIntoTheTournament) {
  Tournament t;
  ASSERT_TRUE(fold_one("seated",
                       R"({"round":1,"final":false,"tables":[{"table":1,"game":3,"players":["Ann","Ben"],"key_sha256":"k"}],)"
                       R"("commitment":"c","duplicate":{"commitment":"c"}})",
                       &t)
                  .is_ok());
  ASSERT_EQ(t.rounds.size(), 1u);
  EXPECT_EQ(t.rounds[0].tables[0].game, 3);
  EXPECT_EQ(t.rounds[0].tables[0].players, (std::vector<std::string>{"Ann", "Ben"}));
  EXPECT_EQ(t.rounds[0].commitment, "c");
  EXPECT_FALSE(t.rounds[0].time_called);
  ASSERT_TRUE(fold_one("time_called", R"({"round":1,"games":[3]})", &t).is_ok());
  EXPECT_TRUE(t.rounds[0].time_called);
  ASSERT_TRUE(fold_one("sheet", R"({"round":1,"table":1,"game":3,"head":"h1","game_seq":9,"file":"a.html"})", &t).is_ok());
  ASSERT_TRUE(fold_one("appeal", R"({"number":1,"game":3,"round":1,"table":1,"claim":"x","upheld":true,"game_seq":10,)"
                                 R"("game_head":"h2","correction":"Referee awards Ann 5"})",
                       &t)
                  .is_ok());
  ASSERT_EQ(t.appeals.size(), 1u);
  EXPECT_EQ(t.appeals[0].correction, "Referee awards Ann 5");
  // The sheet after the appeal, superseding the first (record 1 in fold_one's numbering).
  ASSERT_TRUE(fold_one("sheet", R"({"round":1,"table":1,"game":3,"head":"h2","game_seq":10,"file":"b.html",)"
                                R"("supersedes":1,"why":"appeal 1 upheld"})",
                       &t)
                  .is_ok());
  ASSERT_EQ(t.sheets.size(), 2u);
  EXPECT_EQ(t.sheets[0].superseded_by, 1);
  EXPECT_EQ(t.sheets[0].why_superseded, "appeal 1 upheld");
  ASSERT_TRUE(fold_one("late_entry", R"({"player":"Cat","from_round":2})", &t).is_ok());
  ASSERT_TRUE(fold_one("no_show", R"({"player":"Ben","from_round":2})", &t).is_ok());
  ASSERT_EQ(t.entries.size(), 2u);
  EXPECT_EQ(t.entries[0].kind, EntryKind::LateEntry);
  EXPECT_EQ(t.entries[1].kind, EntryKind::NoShow);
  EXPECT_EQ(t.players_for_round(2), (std::vector<std::string>{"Cat"}));
  EXPECT_EQ(t.log.size(), 7u);
}

}  // namespace
}  // namespace deedlog
