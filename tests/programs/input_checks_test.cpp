// Inputs checked whole, before anything is written (docs/trust.md, "Bad input"): one limit on the
// text a move may record, whatever way its line comes in (play, import, the engine protocol, a
// tournament's appeal), while a journal written before the limit still reads and verify names
// its long texts; names with a control, ESC or text-direction character refused where they are
// made; and a comment or a note holding such characters never printed raw.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "deedlog/event_text.h"
#include "journal/hash_chain.h"
#include "support/cli.h"
#include "support/sql.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
using testing::quote;
using testing::referee;
using testing::replay;
using testing::RunResult;
using testing::temp_dir;

constexpr int kExitOk = 0, kExitUsage = 2;

// Over the limit by a little: what a long note typed at a table looks like.
const std::string kLong(kMaxEventTextBytes + 100, 'x');

std::filesystem::path new_game(const std::string& name) {
  const auto db = temp_dir(name) / "games.db";
  const RunResult r = referee(db, "new --ruleset uk-1972 --players 'Ann, Ben'");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  return db;
}

std::int64_t seq_of(const std::filesystem::path& db) {
  const RunResult r = referee(db, "--json status");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  return json::parse(r.out)["seq"].get<std::int64_t>();
}

std::filesystem::path write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

TEST(TextLimit, PlayRefusesANoteOverTheLimitAndWritesNothing) {
  const auto db = new_game("limit-note");
  const std::int64_t before = seq_of(db);
  const RunResult r = referee(db, "--json play " + quote("Referee notes \"" + kLong + "\""));
  EXPECT_EQ(r.code, kExitUsage) << r.out << r.err;
  EXPECT_TRUE(json::parse(r.out).contains("error")) << r.out;
  EXPECT_EQ(seq_of(db), before);
  // Every reader still opens the game.
  EXPECT_EQ(referee(db, "log").code, kExitOk);
  EXPECT_EQ(referee(db, "verify").code, kExitOk);
  // A note within the limit is recorded.
  EXPECT_EQ(referee(db, "play " + quote("Referee notes \"" + std::string(1000, 'y') + "\"")).code, kExitOk);
  EXPECT_EQ(seq_of(db), before + 2);
}

TEST(TextLimit, ATakeBackOrAwardReasonOverTheLimitIsRefused) {
  const auto db = new_game("limit-reason");
  ASSERT_EQ(referee(db, "play 'Ann rolls 3 4'").code, kExitOk);
  const std::int64_t before = seq_of(db);
  EXPECT_EQ(referee(db, "play " + quote("Referee takes back for \"" + kLong + "\"")).code, kExitUsage);
  EXPECT_EQ(referee(db, "play " + quote("Referee awards Ann 50 for \"" + kLong + "\"")).code, kExitUsage);
  EXPECT_EQ(referee(db, "play --dry-run " + quote("Referee notes \"" + kLong + "\"")).code, kExitUsage);
  EXPECT_EQ(seq_of(db), before);
}

TEST(TextLimit, ImportOfALineWhoseCommentIsOverTheLimitWritesNothing) {
  const auto dir = temp_dir("limit-import");
  const auto game = write_file(dir / "long.game", "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\nAnn rolls 1 2\n"
                                                  "Ann buys  # " + kLong + "\n");
  const auto db = dir / "games.db";
  const RunResult r = referee(db, "--json import " + quote(game.string()));
  EXPECT_EQ(r.code, kExitUsage) << r.out << r.err;
  // No game was made (an import that writes nothing leaves no file behind either).
  if (std::filesystem::exists(db)) {
    const RunResult games = referee(db, "--json games");
    ASSERT_EQ(games.code, kExitOk) << games.err;
    EXPECT_TRUE(json::parse(games.out)["games"].empty()) << games.out;
  }
}

TEST(TextLimit, TheEngineProtocolRefusesALongNoteAndGoesOn) {
  const auto dir = temp_dir("limit-engine");
  const auto requests = write_file(
      dir / "requests.jsonl",
      json{{"cmd", "new"}, {"ruleset", "uk-1972"}, {"players", {"Ann", "Ben"}}}.dump() + "\n" +
          json{{"cmd", "play"}, {"move", "Referee notes \"" + kLong + "\""}}.dump() + "\n" +
          json{{"cmd", "play"}, {"move", "Referee notes \"" + kLong + "\""}, {"dry_run", true}}.dump() + "\n" +
          json{{"cmd", "status"}}.dump() + "\n");
  const RunResult r = testing::run(deedlog::testing::referee_program(), "--db " + quote((dir / "games.db").string()) + " engine",
                                   requests.string());
  ASSERT_EQ(r.code, kExitOk) << r.err;
  std::vector<json> answers;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) answers.push_back(json::parse(line));
  ASSERT_EQ(answers.size(), 4u) << r.out;
  EXPECT_FALSE(answers[1]["ok"].get<bool>()) << answers[1];
  EXPECT_FALSE(answers[2]["ok"].get<bool>()) << answers[2];
  EXPECT_EQ(seq_of(dir / "games.db"), answers[3]["seq"].get<std::int64_t>());
  EXPECT_EQ(referee(dir / "games.db", "log").code, kExitOk);
}

// A tournament of two at one table, round 1 seated: its judge's key and its game.
struct SeatedCup {
  std::filesystem::path db;
  std::string judge;
  int game = 0;
};

SeatedCup seated_cup(const std::string& name) {
  SeatedCup c;
  c.db = temp_dir(name) / "cup.db";
  const RunResult made = referee(c.db, "--json tournament new --name Cup --players 'Ann, Ben' --rounds 1 --table-size 2");
  EXPECT_EQ(made.code, kExitOk) << made.err;
  c.judge = json::parse(made.out)["judge_key"].get<std::string>();
  const RunResult seat = referee(c.db, "--json tournament seat --round 1 " + testing::key_file_option(c.judge));
  EXPECT_EQ(seat.code, kExitOk) << seat.err;
  c.game = json::parse(seat.out)["tables"][0]["game"].get<int>();
  return c;
}

TEST(TextLimit, AnAppealOverTheLimitIsRefusedAndTheTournamentStillReads) {
  const SeatedCup c = seated_cup("limit-appeal");
  const std::string game = fmt::format("--game {} ", c.game);
  const std::int64_t before = json::parse(referee(c.db, game + "--json status").out)["seq"].get<std::int64_t>();
  const RunResult r = referee(c.db, fmt::format("tournament appeal --game {} {} {}", c.game, testing::key_file_option(c.judge), quote(kLong)));
  EXPECT_EQ(r.code, kExitUsage) << r.out << r.err;
  EXPECT_EQ(json::parse(referee(c.db, game + "--json status").out)["seq"].get<std::int64_t>(), before);
  const RunResult log = referee(c.db, "--json tournament log");
  ASSERT_EQ(log.code, kExitOk) << log.err;
  EXPECT_NE(log.out.find("\"appeals\":[]"), std::string::npos) << log.out;
}

using testing::Sql;

// A journal written before the limit: a note of 5,000 bytes recorded with a true chain (as the
// writer of then hashed it). Before the reader took such text, every command refused the game.
TEST(TextLimit, AJournalHoldingLongerTextStillReadsAndVerifyNamesIt) {
  const auto db = new_game("limit-older");
  ASSERT_EQ(referee(db, "play 'Referee notes \"PLACEHOLDER\"'").code, kExitOk);
  const std::int64_t note_line = seq_of(db) - 1;  // the note's move line, then its NoteRecorded
  {
    Sql sql(db);
    sql.exec("DROP TRIGGER moves_refuse_update");
    sql.exec("UPDATE moves SET events = replace(events, 'PLACEHOLDER', '" + std::string(5000, 'z') + "')");
    std::string prev = sql.rows("SELECT genesis FROM games WHERE game_id = 1")[0][0];
    for (const auto& row : sql.rows("SELECT seq, count, at, actor, events FROM moves WHERE game_id = 1 ORDER BY seq")) {
      MoveRow m{1, std::stoll(row[0]), std::stoll(row[1]), row[2], row[3], row[4], prev, ""};
      m.hash = move_hash(m);
      sql.exec(fmt::format("UPDATE moves SET prev_hash = '{}', hash = '{}' WHERE game_id = 1 AND seq = {}", prev, m.hash,
                           m.seq));
      prev = m.hash;
    }
  }
  EXPECT_EQ(referee(db, "status").code, kExitOk);
  EXPECT_EQ(referee(db, "log").code, kExitOk);
  EXPECT_EQ(replay(db, "").code, kExitOk);
  const RunResult v = referee(db, "--json verify");
  ASSERT_EQ(v.code, kExitOk) << v.out << v.err;
  const json report = json::parse(v.out)["games"][0];
  EXPECT_TRUE(report["ok"].get<bool>()) << v.out;
  EXPECT_EQ(report["long_text"], json::array({note_line, note_line + 1})) << v.out;
  // The game goes on; its next move is held to the limit.
  EXPECT_EQ(referee(db, "play 'Ann rolls 3 4'").code, kExitOk);
  EXPECT_EQ(referee(db, "play " + quote("Referee notes \"" + kLong + "\"")).code, kExitUsage);
}

// ---- Names and what prints them ----------------------------------------------------------------

TEST(Names, ATournamentRefusesAPlayerNameWithAControlOrTextDirectionCharacter) {
  const auto dir = temp_dir("names-tournament");
  for (const std::string bad : {"Ann\x1b[31m", "Ann\xe2\x80\xae", "Ann\xc2\x85", "\xe2\x81\xa6" "Ann"}) {
    const RunResult r = referee(dir / "cup.db", "tournament new --name Cup --players " + quote(bad + ", Ben") +
                                                    " --rounds 1 --table-size 2");
    EXPECT_EQ(r.code, kExitUsage) << r.out << r.err;
    // The refusal names the character without letting it act on the terminal.
    EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("\xe2\x80\xae"), std::string::npos) << r.err;
  }
  const SeatedCup c = seated_cup("names-entry");
  const RunResult late = referee(c.db, "tournament enter " + testing::key_file_option(c.judge) + " " + quote("Cat\xe2\x80\xae"));
  EXPECT_EQ(late.code, kExitUsage) << late.out << late.err;
}

TEST(Names, AGameRefusesAPlayerNameWithABidiOverride) {
  const auto dir = temp_dir("names-game");
  const RunResult r = referee(dir / "games.db", "new --ruleset uk-1972 --players " + quote("Ann\xe2\x80\xae, Ben"));
  EXPECT_EQ(r.code, kExitUsage) << r.out << r.err;
  EXPECT_EQ(r.err.find("\xe2\x80\xae"), std::string::npos) << r.err;
}

// A note and a comment that hold a text-direction override and a C1 control (the notation takes
// them: they are text) are shown written out by every renderer, never as the characters.
TEST(Names, NotesAndCommentsNeverPrintControlOrDirectionCharactersRaw) {
  const auto dir = temp_dir("names-print");
  const std::string rlo = "\xe2\x80\xae", nel = "\xc2\x85";
  const auto game = write_file(dir / "odd.game", "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n\nAnn rolls 3 4  # " +
                                                     rlo + "moc.elpmaxe" + nel + "\nReferee notes \"a" + rlo +
                                                     "b" + nel + "c\"\n");
  const auto db = dir / "games.db";
  const RunResult imported = referee(db, "import " + quote(game.string()));
  ASSERT_EQ(imported.code, kExitOk) << imported.out << imported.err;
  const auto raw = [&](const std::string& text) {
    return text.find(rlo) != std::string::npos || text.find(nel) != std::string::npos;
  };
  const RunResult log = referee(db, "log");
  ASSERT_EQ(log.code, kExitOk) << log.err;
  EXPECT_FALSE(raw(log.out)) << log.out;
  EXPECT_NE(log.out.find("<U+202E>"), std::string::npos) << log.out;
  const RunResult text = replay(db, "");
  ASSERT_EQ(text.code, kExitOk) << text.err;
  EXPECT_FALSE(raw(text.out)) << text.out;
  const RunResult turns = replay(db, "--turns");
  ASSERT_EQ(turns.code, kExitOk) << turns.err;
  EXPECT_FALSE(raw(turns.out)) << turns.out;
  ASSERT_EQ(replay(db, "--html " + quote((dir / "game.html").string())).code, kExitOk);
  EXPECT_FALSE(raw(testing::slurp(dir / "game.html")));
  ASSERT_EQ(replay(db, "--svg " + quote((dir / "board.svg").string())).code, kExitOk);
  EXPECT_FALSE(raw(testing::slurp(dir / "board.svg")));
  // The journal keeps the text as written: the notation gives it back whole.
  const RunResult notation = replay(db, "--format notation");
  ASSERT_EQ(notation.code, kExitOk) << notation.err;
  EXPECT_NE(notation.out.find(rlo), std::string::npos) << notation.out;
}

}  // namespace
}  // namespace deedlog
