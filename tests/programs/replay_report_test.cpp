// replay without a terminal: the game told event by event or turn by turn, in words or JSON,
// printed back as notation that imports to the same journal, and drawn as SVG.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "service/game_session.h"
#include "present/money_words.h"
#include "replay/report.h"
#include "replay/commentary.h"
#include "replay/timeline.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::replay;
using testing::RunResult;
using testing::sample;
using testing::temp_dir;
using json = nlohmann::json;

using testing::RemovedAtExit;

// Imports a game as `referee import` does (every legal move up to the first refused one),
// but appends the moves in one transaction: the same events, without a disk flush per move.
// Returns the game's id, 0 when its [Setup] is refused.
std::int64_t import_game(Journal& journal, const std::string& text) {
  GameHeader header;
  ParseError perr;
  EXPECT_TRUE(parse_header(text, &header, &perr)) << perr.message;
  Ruleset ruleset;
  EXPECT_TRUE(load_ruleset(header.ruleset, &ruleset).is_ok());
  GameFile file;
  EXPECT_TRUE(parse_game(text, ruleset, &file, &perr)) << format_error(perr);
  std::int64_t id = 0;
  std::optional<Violation> refused;
  EXPECT_TRUE(create_game(journal, file.header, file.setup, &id, &refused).is_ok());
  if (refused) return 0;
  Game g;
  EXPECT_TRUE(load_game(journal, id, 0, &g).is_ok());
  std::vector<NewEvent> rows;
  const std::int64_t first = g.state.seq + 1;
  for (const MoveLine& m : file.moves) {
    const Decision d = decide(g.ruleset, g.state, m.command);
    if (!d.accepted) break;
    for (NewEvent& row : move_rows(actor_name(g, m.command.actor), m.command.at,
                                      move_line(m.command, move_played_text(g, m.command, "")), d.events))
      rows.push_back(std::move(row));
    evolve(g.state, Event{});  // the MovePlayed row
    for (const Event& e : d.events) evolve(g.state, e);
  }
  EXPECT_TRUE(journal.append(id, first, rows).is_ok());
  return id;
}

std::vector<EventRow> rows_of(Journal& journal, std::int64_t id) {
  std::vector<EventRow> rows;
  EXPECT_TRUE(journal.scan(id, 1, 0, [&](const EventRow& r) {
    rows.push_back(r);
    return true;
  }).is_ok());
  return rows;
}

// The long sample in a journal file, made once for every test here.
const std::filesystem::path& long_game() {
  static const std::filesystem::path db = [] {
    const auto p = temp_dir("replay-report") / "long.db";
    static const RemovedAtExit cleanup{p.parent_path()};
    std::unique_ptr<Journal> j;
    EXPECT_TRUE(Journal::open(p.string(), &j).is_ok());
    EXPECT_EQ(import_game(*j, testing::slurp(sample("uk-1972/long-game.game"))), 1);
    return p;
  }();
  return db;
}

Timeline load_timeline(const std::filesystem::path& db) {
  std::unique_ptr<Journal> j;
  EXPECT_TRUE(Journal::open(db.string(), &j, true).is_ok());
  Timeline t;
  const Status s = Timeline::load(*j, 1, &t);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return t;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

json status_at(const std::filesystem::path& db, std::int64_t seq) {
  const RunResult r = referee(db, fmt::format("--json status --at {}", seq));
  EXPECT_EQ(r.code, 0) << r.err;
  return json::parse(r.out);
}

TEST(ReplayReport, NotationOfEverySampleImportsToTheSameJournal) {
  int games = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(deedlog::testing::source_dir()) + "/samples")) {
    if (entry.path().extension() != ".game") continue;
    const std::string name = entry.path().stem().string();
    std::unique_ptr<Journal> j;
    ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
    const std::int64_t id = import_game(*j, testing::slurp(entry.path()));
    if (id == 0) continue;  // a [Setup] refused: no game at all
    Timeline t;
    ASSERT_TRUE(Timeline::load(*j, id, &t).is_ok());
    const std::string printed = game_notation(t, 0);
    std::unique_ptr<Journal> j2;
    ASSERT_TRUE(Journal::open(":memory:", &j2).is_ok());
    const std::int64_t id2 = import_game(*j2, printed);
    ASSERT_EQ(id2, 1) << name << "\n" << printed;
    // The hashes chain every field of every event and the header: equal rows, equal journals.
    const auto a = rows_of(*j, id), b = rows_of(*j2, id2);
    ASSERT_EQ(a.size(), b.size()) << name << "\n" << printed;
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].hash, b[i].hash) << name << " event " << a[i].seq;
    ++games;
  }
  EXPECT_GE(games, 25);
}

// A game typed by hand with [Event] first: replay --format notation printed Ruleset and Players
// first, and the header (tags in order) is hashed into the chain, so the file printed back
// imported to another head. The tags come back in the order they were typed.
TEST(ReplayReport, NotationKeepsTheTagsInTheOrderTypedAndImportsToTheSameHead) {
  const auto dir = temp_dir("replay-tag-order");
  const auto db = dir / "typed.db";
  const std::string typed = std::string(deedlog::testing::source_dir()) + "/tests/data/event-first.game";
  const RunResult first = referee(db, "--json import " + quote(typed));
  ASSERT_EQ(first.code, 0) << first.out << first.err;
  const RunResult printed = replay(db, "--format notation");
  ASSERT_EQ(printed.code, 0) << printed.err;
  const auto file = dir / "back.game";
  std::ofstream(file) << printed.out;
  const auto db2 = dir / "back.db";
  const RunResult again = referee(db2, "--json import " + quote(file.string()));
  ASSERT_EQ(again.code, 0) << again.out << again.err << printed.out;
  EXPECT_EQ(json::parse(again.out)["head"], json::parse(first.out)["head"]) << printed.out;
  EXPECT_EQ(json::parse(again.out)["seq"], json::parse(first.out)["seq"]);
  // The tags as typed: Event, Site, Ruleset, Players, Date.
  std::vector<std::string> tags;
  std::istringstream lines(printed.out);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("[", 0) == 0 && line.find('"') != std::string::npos) tags.push_back(line.substr(1, line.find(' ') - 1));
  EXPECT_EQ(tags, (std::vector<std::string>{"Event", "Site", "Ruleset", "Players", "Date"})) << printed.out;
  std::filesystem::remove_all(dir);
}

TEST(ReplayReport, NotationFromTheCommandLineImportsToTheSameJournal) {
  const auto dir = temp_dir("replay-notation");
  const RunResult printed = replay(long_game(), "--format notation");
  ASSERT_EQ(printed.code, 0) << printed.err;
  EXPECT_EQ(printed.out.rfind("# Club night: the long game, printed back by deedlog replay", 0), 0u) << printed.out;
  const auto file = dir / "back.game";
  std::ofstream(file) << printed.out;
  const auto db = dir / "back.db";
  const RunResult again = referee(db, "import " + quote(file.string()));
  ASSERT_EQ(again.code, 0) << again.out << again.err;
  EXPECT_EQ(referee(long_game(), "--json log").out, referee(db, "--json log").out);
  std::filesystem::remove_all(dir);
}

TEST(ReplayReport, NotationWithSetupKeepsTheSetup) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  const std::int64_t id = import_game(*j, testing::slurp(sample("uk-1972/hotel-breakdown-shortage.game")));
  Timeline t;
  ASSERT_TRUE(Timeline::load(*j, id, &t).is_ok());
  const std::string text = game_notation(t, 0);
  EXPECT_NE(text.find("[Setup]"), std::string::npos) << text;
  EXPECT_NE(text.find("Mayfair (hotel)"), std::string::npos) << text;
}

TEST(ReplayReport, NotationStopsAtTheMoveOfTo) {
  const auto dir = temp_dir("replay-notation-to");
  const RunResult r = replay(long_game(), "--format notation --to 100");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto file = dir / "part.game";
  std::ofstream(file) << r.out;
  const auto db = dir / "part.db";
  ASSERT_EQ(referee(db, "import " + quote(file.string())).code, 0) << r.out;
  const json part = json::parse(referee(db, "--json log").out);
  const json whole = json::parse(referee(long_game(), "--json log").out);
  // Every move that began by event 100 is there, with all it caused, and nothing after.
  const auto& events = part["events"];
  ASSERT_GE(events.size(), 100u);
  for (std::size_t i = 0; i < events.size(); ++i) EXPECT_EQ(events[i], whole["events"][i]);
  EXPECT_EQ(whole["events"][events.size()]["type"], "MovePlayed");
  EXPECT_GT(events.back()["seq"].get<int>() + 1, 100);
  std::filesystem::remove_all(dir);
}

TEST(ReplayReport, TurnsInWordsHaveAHeadingTheMovesAndTheCashAfter) {
  const RunResult r = replay(long_game(), "--turns --from t2 --to t3");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Turn 2: Ben (events 14-25)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Turn 3: Cat"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Turn 4:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Turn 1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ben rolls 5 5"), std::string::npos);
  EXPECT_NE(r.out.find("Ben threw 5 and 5 (doubles): 10."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("After turn 2: Ann £1,600 · Ben £1,320 · Cat £1,500 · Dan £1,500"), std::string::npos) << r.out;
}

TEST(ReplayReport, TurnsInJsonCoverTheRangeAndEndAtTheStatus) {
  const RunResult r = replay(long_game(), "--json --turns --from t10 --to t14");
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["turns"].size(), 5u);
  std::int64_t next = j["turns"][0]["first"];
  for (const auto& turn : j["turns"]) {
    EXPECT_EQ(turn["first"], next);  // no gaps, no overlaps
    next = turn["last"].get<std::int64_t>() + 1;
    EXPECT_EQ(turn["events"].front()["seq"], turn["first"]);
    EXPECT_EQ(turn["events"].back()["seq"], turn["last"]);
    EXPECT_FALSE(turn["moves"].empty());
    const json status = status_at(long_game(), turn["last"]);
    for (std::size_t p = 0; p < 4; ++p) EXPECT_EQ(turn["cash"][p]["cash"], status["players"][p]["cash"]);
  }
  EXPECT_EQ(j["turns"][0]["turn"], 10);
  EXPECT_EQ(j["position"]["seq"], j["turns"].back()["last"]);
}

TEST(ReplayReport, FromAndToTakeTurnNumbers) {
  const Timeline t = load_timeline(long_game());
  const RunResult r = replay(long_game(), "--json --from t5 --to t5");
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["events"].front()["seq"], t.turn_first(5));
  EXPECT_EQ(j["events"].back()["seq"], t.turn_last(5));
  EXPECT_EQ(j["position"]["seq"], t.turn_last(5));
}

TEST(ReplayReport, RentCommentaryGivesTheReason) {
  const RunResult r = replay(long_game(), "--turns");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Dan owes Cat £50 rent for Marylebone Station, if Cat asks before the next throw (Cat holds 2 stations)."),
            std::string::npos);
  EXPECT_NE(r.out.find("(double rent: Ann holds the whole Dark Blue group, unimproved)"), std::string::npos);
  EXPECT_NE(r.out.find("(4 times the 8 thrown: Ann holds 1 utility)"), std::string::npos);
}

TEST(ReplayReport, BadOptionsAreUsageErrors) {
  EXPECT_EQ(replay(long_game(), "--to t999").code, 2);
  EXPECT_EQ(replay(long_game(), "--from abc").code, 2);
  EXPECT_EQ(replay(long_game(), "--format xml").code, 2);
  EXPECT_EQ(replay(long_game(), "--format notation --from 5").code, 2);
  EXPECT_EQ(replay(long_game(), "--json --format text").code, 2);
  EXPECT_EQ(replay(long_game(), "--at 5").code, 2);
  // Without a terminal the interactive replay says what to use instead.
  const RunResult r = replay(long_game(), "--interactive");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("needs a terminal"), std::string::npos) << r.err;
  const auto none = temp_dir("replay-none");
  EXPECT_EQ(replay(none / "missing.db", "").code, 1);
  std::filesystem::remove_all(none);
}

TEST(ReplayTimeline, EveryPositionIsTheFoldOfTheEventsBeforeIt) {
  const Timeline t = load_timeline(long_game());
  ASSERT_EQ(t.last(), 808);
  State fold = t.state_at(0);
  for (std::int64_t p = 1; p <= t.last(); ++p) {
    evolve(fold, t.event(p));
    ASSERT_EQ(t.state_at(p), fold) << "position " << p;
  }
  // Stepping back and forth through a cursor lands on the same states.
  ReplayCursor c(t, t.last());
  for (std::int64_t p : {807, 806, 700, 640, 639, 1, 0, 2, 64, 65, 808}) {
    c.seek(p);
    ASSERT_EQ(c.state(), t.state_at(p)) << p;
  }
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(long_game().string(), &j, true).is_ok());
  Game g;
  ASSERT_TRUE(load_game(*j, 1, 500, &g).is_ok());
  EXPECT_EQ(t.state_at(500), g.state);
}

TEST(ReplayTimeline, TurnsAndMovesSplitTheEventsInOrder) {
  const Timeline t = load_timeline(long_game());
  EXPECT_EQ(t.turn_count(), 66);
  EXPECT_EQ(t.turn_first(1), 5);   // the opening's TurnStarted opens turn 1
  EXPECT_EQ(t.turn_first(2), 14);  // Ben's first throw opens his turn
  EXPECT_EQ(t.turn_player(2), 1);
  for (int turn = 1; turn <= t.turn_count(); ++turn) {
    EXPECT_LE(t.turn_first(turn), t.turn_last(turn));
    if (turn > 1) {
      EXPECT_EQ(t.turn_last(turn - 1) + 1, t.turn_first(turn));
    }
    EXPECT_EQ(t.turn_of(t.turn_first(turn)), turn);
    EXPECT_EQ(t.turn_of(t.turn_last(turn)), turn);
  }
  EXPECT_EQ(t.turn_last(t.turn_count()), t.last());
  EXPECT_EQ(t.moves().size(), 198u);
  EXPECT_EQ(t.move_of(4), 0);
  EXPECT_EQ(t.move_of(6), 6);
  EXPECT_EQ(t.move_of(9), 6);
  EXPECT_EQ(t.move_last(6), 9);
  // Finding: the first rent is Dan's landing on Cat's stations.
  const std::int64_t rent = t.find(0, EventKind::Rent, true);
  ASSERT_GT(rent, 0);
  EXPECT_EQ(t.event(rent).type, EventType::RentDue);
  EXPECT_EQ(t.find(rent, EventKind::Rent, false), 0);
  EXPECT_EQ(t.find(t.last(), EventKind::Rent, true), 0);
  EXPECT_GT(t.find(0, EventKind::Ruling, true), 0);
  EXPECT_EQ(t.find_text(0, "water works"), t.find_text(0, "WATER WORKS"));
}

TEST(ReplayTimeline, ARecordedRulingIsFoundAsARuling) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  const std::int64_t id = import_game(*j, "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Moves]\nAnn rolls 1 2\n"
                                          "Referee awards Ann 50 from Ben for \"a misread card\"\nAnn buys\n");
  ASSERT_GT(id, 0);
  Timeline t;
  ASSERT_TRUE(Timeline::load(*j, id, &t).is_ok());
  std::int64_t recorded = 0;
  for (std::int64_t q = 1; q <= t.last(); ++q)
    if (t.event(q).type == EventType::RulingRecorded) recorded = q;
  ASSERT_GT(recorded, 0) << "the sample records no ruling";
  EXPECT_TRUE(is_kind(t.event(recorded), EventKind::Ruling));
  EXPECT_EQ(t.find(0, EventKind::Ruling, true), recorded);
  // It round-trips through the notation like any move.
  EXPECT_NE(game_notation(t, 0).find("Referee awards Ann 50 from Ben for \"a misread card\""), std::string::npos);
}

TEST(ReplayWords, ShortNamesFitAndStayRecognisable) {
  const Timeline t = load_timeline(long_game());
  const Ruleset& r = t.ruleset();
  for (int width : {4, 5, 6, 8, 12})
    for (int i = 0; i < r.board_size(); ++i)
      EXPECT_LE(text_width(short_name(r, static_cast<SquareId>(i), width)), width) << i;
  auto named = [&](const std::string& n) {
    for (int i = 0; i < r.board_size(); ++i)
      if (r.squares[static_cast<std::size_t>(i)].name == n) return static_cast<SquareId>(i);
    return kNoSquare;
  };
  EXPECT_EQ(short_name(r, named("Mayfair"), 8), "Mayfair");
  EXPECT_EQ(short_name(r, named("The Angel, Islington"), 6), "Angel");
  EXPECT_EQ(short_name(r, named("Old Kent Road"), 8), "Old Kent");
  EXPECT_EQ(short_name(r, named("Old Kent Road"), 6), "OldKen");
  EXPECT_EQ(short_name(r, named("Park Lane"), 6), "Park");
  EXPECT_EQ(money_grouped(r, Money{1234567}), "£1,234,567");
  EXPECT_EQ(token_letters({"Ann", "Andy", "Ben", "Bea"}), (std::vector<std::string>{"A", "N", "B", "E"}));
}

TEST(ReplayPictures, SvgBoardShowsThePositionAtThePoint) {
  const auto dir = temp_dir("replay-svg");
  const auto file = dir / "board.svg";
  const RunResult r = replay(long_game(), "--svg " + quote(file.string()) + " --at 400");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string svg = testing::slurp(file);
  ASSERT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find("After event 400 of 808"), std::string::npos);
  const json status = status_at(long_game(), 400);
  const Timeline t = load_timeline(long_game());
  for (const auto& p : status["players"])
    EXPECT_NE(svg.find(fmt::format("<tspan font-weight=\"bold\">{}</tspan> {}", p["name"].get<std::string>(),
                                   money_grouped(t.ruleset(), Money{p["cash"].get<std::int64_t>()}))),
              std::string::npos)
        << p;
  // Every square is drawn, and four tokens.
  EXPECT_EQ(count(svg, "class=\"square\""), 40);
  EXPECT_GE(count(svg, "class=\"token\""), 4);
  // --at takes a turn too; without --at the board is the end's.
  ASSERT_EQ(replay(long_game(), "--svg " + quote(file.string()) + " --at t3").code, 0);
  EXPECT_NE(testing::slurp(file).find(fmt::format("After event {} of 808", t.turn_last(3))), std::string::npos);
  ASSERT_EQ(replay(long_game(), "--svg " + quote(file.string())).code, 0);
  EXPECT_NE(testing::slurp(file).find("After event 808 of 808"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(ReplayPictures, PlotHasALinePerPlayerEndingAtTheirValue) {
  const auto dir = temp_dir("replay-plot");
  const auto file = dir / "worth.svg";
  const RunResult r = replay(long_game(), "--plot " + quote(file.string()));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string svg = testing::slurp(file);
  EXPECT_EQ(count(svg, "<polyline class=\"worth-line\""), 4);
  const Timeline t = load_timeline(long_game());
  const json value = json::parse(referee(long_game(), "--json value").out);
  for (const auto& p : value["players"])
    EXPECT_NE(svg.find(fmt::format("{} {}</text>", p["name"].get<std::string>(),
                                   money_grouped(t.ruleset(), Money{p["total"].get<std::int64_t>()}))),
              std::string::npos)
        << p;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
