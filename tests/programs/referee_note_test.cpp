// Notes of a ruling (rule referee/note): `Referee notes "TEXT"` read and written back; refused
// from a player (by the notation, and by the rule for a command built otherwise); allowed after
// time is called and after the game is over; the position unchanged; log, explain, replay and
// status show it; verify rules on it again; the notation written back imports to the same game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "deedlog/event_fields.h"
#include "deedlog/game_file.h"
#include "support/cli.h"
#include "support/imported_game.h"
#include "support/table.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;
using testing::quote;

const std::string kRuling = "appeal by Ann: rent on Mayfair was claimed in time \xE2\x80\x94 rejected";

Command note_by(PlayerId actor, const std::string& text) {
  Command c;
  c.verb = Verb::Note;
  c.actor = actor;
  c.note = text;
  return c;
}

TEST(RefereeNote, ReadAndWrittenBack) {
  const Ruleset& r = testing::uk1972();
  const std::vector<std::string> players{"Ann", "Ben"};
  Command c;
  ParseError e;
  ASSERT_TRUE(parse_move("Referee notes \"" + kRuling + "\"", r, players, &c, &e)) << e.message;
  EXPECT_EQ(c.verb, Verb::Note);
  EXPECT_EQ(c.actor, kReferee);
  EXPECT_EQ(c.note, kRuling);
  EXPECT_EQ(print_move(c, r, players), "Referee notes \"" + kRuling + "\"");
  // The plain form, a quote inside the text, and the text unquoted to the end of the line.
  ASSERT_TRUE(parse_move("Referee note \"Ann said \\\"in time\\\"\"", r, players, &c, &e)) << e.message;
  EXPECT_EQ(c.note, "Ann said \"in time\"");
  Command again;
  ASSERT_TRUE(parse_move(print_move(c, r, players), r, players, &again, &e)) << e.message;
  EXPECT_EQ(again.note, c.note);
  ASSERT_TRUE(parse_move("Referee notes appeal rejected # the table agreed", r, players, &c, &e)) << e.message;
  EXPECT_EQ(c.note, "appeal rejected");
  // Refused by the notation: no text, an empty text, words after the quoted text, a player.
  EXPECT_FALSE(parse_move("Referee notes", r, players, &c, &e));
  EXPECT_FALSE(parse_move("Referee notes \"  \"", r, players, &c, &e));
  EXPECT_FALSE(parse_move("Referee notes \"rejected\" twice", r, players, &c, &e));
  EXPECT_FALSE(parse_move("Ann notes \"rejected\"", r, players, &c, &e));
}

// rule uk-1972/referee/note: only the referee; a note says something.
TEST(RefereeNote, RefusedFromAPlayerAndWhenEmpty) {
  testing::Table t({"Ann", "Ben"});
  const testing::Refused by_player = t.refuse(note_by(0, kRuling));
  EXPECT_EQ(by_player.code, RefusalCode::OnlyRefereeNotes);
  EXPECT_EQ(by_player.rule, "uk-1972/referee/note");
  EXPECT_EQ(t.refuse(note_by(1, kRuling)).code, RefusalCode::OnlyRefereeNotes);
  const testing::Refused empty = t.refuse(note_by(kReferee, " "));
  EXPECT_EQ(empty.code, RefusalCode::NoteEmpty);
  EXPECT_EQ(empty.rule, "uk-1972/referee/note");
}

// rule uk-1972/referee/note: one event, and nothing in the position changes.
TEST(RefereeNote, ChangesNothingInThePosition) {
  testing::Table t({"Ann", "Ben"});
  t.roll(0, 3, 4);  // Ann on Chance: the game waits on her card
  State before = t.state();
  const Events ev = t.play(note_by(kReferee, kRuling));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].type, EventType::NoteRecorded);
  EXPECT_EQ(ev[0].player, kReferee);
  EXPECT_EQ(fields::NoteRecorded::note(ev[0]), kRuling);
  before.seq = t.state().seq;  // the count of events, and nothing else
  EXPECT_EQ(before, t.state());
}

// rule uk-1972/referee/note: a correction, so allowed once time is called, when nothing else is.
TEST(RefereeNote, AllowedOnceTimeIsCalled) {
  testing::Table t({"Ann", "Ben"});
  t.mutable_state().time_called = true;
  EXPECT_NE(t.refuse(t.cmd(Verb::Roll, 0, 3, 4)).code, RefusalCode::OnlyRefereeNotes);
  const Events ev = t.play(note_by(kReferee, kRuling));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].type, EventType::NoteRecorded);
}

struct Game : testing::ImportedGame {
  Game(const std::string& name, const std::string& text) : ImportedGame("referee-note-" + name, text) {}
  json status() const { return doc("status"); }
};

// The whole table: a ruling noted once time is called and after the game is over, shown,
// verified, written back. Ann owes Ben rent she cannot pay; time is called; she goes bankrupt.
TEST(RefereeNote, AfterTimeIsCalledAndTheGameIsOverShownAndVerified) {
  Game g("over", R"([Ruleset "uk-1972"]
[Players "Ann, Ben, Cat"]
[Variant "short-game"]
[Setup]
Ann: cash 40; owns Mayfair (mortgaged)
Ben: cash 200; owns "The Angel, Islington" (2 houses), "Euston Road" (2 houses), "Pentonville Road" (2 houses)
Cat: cash 800; owns Strand
Turn: Ann
[Moves]
Ann rolls 4 5     # Pentonville Road, Ben's, two houses: rent 100
Ben claims rent   # Ann has 40
Referee calls time
Referee notes "the hour was agreed at the start"
Ann declares bankruptcy
)");
  ASSERT_TRUE(g.status()["over"].get<bool>());
  const json over = g.status();
  EXPECT_EQ(g.play("Cat rolls 1 2").code, 3);  // the game is over

  const testing::RunResult noted = g.play("Referee notes \"" + kRuling + "\"");
  ASSERT_EQ(noted.code, 0) << noted.out << noted.err;
  const json after = g.status();
  EXPECT_EQ(after["seq"].get<std::int64_t>(), over["seq"].get<std::int64_t>() + 2);
  EXPECT_EQ(after["players"], over["players"]);
  EXPECT_EQ(after["turn"], over["turn"]);
  EXPECT_EQ(after["bank"], over["bank"]);
  const std::int64_t note_seq = after["seq"].get<std::int64_t>();
  ASSERT_TRUE(after.contains("rulings")) << after;
  EXPECT_EQ(after["rulings"].back()["seq"].get<std::int64_t>(), note_seq);

  // A player's note is refused by the notation: a usage error, nothing written.
  EXPECT_EQ(testing::referee(g.db, "--json play 'Ann notes \"I was robbed\"'").code, 2);
  EXPECT_EQ(g.status()["head"], after["head"]);

  const std::string log = testing::referee(g.db, "log").out;
  EXPECT_NE(log.find("Referee notes \"" + kRuling + "\""), std::string::npos) << log;
  const json log_json = json::parse(testing::referee(g.db, "--json log").out);
  EXPECT_EQ(log_json["events"].back()["type"], "NoteRecorded") << log_json["events"].back();
  const json explained = json::parse(testing::referee(g.db, "--json explain " + std::to_string(note_seq)).out);
  EXPECT_EQ(explained["rule"], "uk-1972/referee/note") << explained;

  const auto v = testing::referee(g.db, "--json verify");
  ASSERT_EQ(v.code, 0) << v.out << v.err;
  EXPECT_TRUE(json::parse(v.out)["ok"].get<bool>()) << v.out;

  const auto report = testing::replay(g.db, "--format text");
  ASSERT_EQ(report.code, 0) << report.err;
  EXPECT_NE(report.out.find(kRuling), std::string::npos) << report.out;
  const fs::path page = g.db.parent_path() / "page.html";
  ASSERT_EQ(testing::replay(g.db, "--html " + quote(page.string())).code, 0);
  EXPECT_NE(testing::slurp(page).find("rent on Mayfair was claimed in time"), std::string::npos);
  const auto text = testing::replay(g.db, "--format notation");
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("Referee notes \"" + kRuling + "\""), std::string::npos) << text.out;
  const fs::path file = g.db.parent_path() / "again.game";
  std::ofstream(file) << text.out;
  const fs::path db2 = g.db.parent_path() / "again.db";
  ASSERT_EQ(testing::referee(db2, "import " + quote(file.string())).code, 0);
  EXPECT_EQ(json::parse(testing::referee(db2, "--json status").out)["head"], after["head"]);
}

}  // namespace
}  // namespace deedlog
