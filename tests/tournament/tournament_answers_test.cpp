// What the tournament's answers show through the real command line (docs/tournaments.md): a
// no-show told apart from a withdrawal (standings, log), the scale at every size of table the
// event seated, counts with their nouns agreeing ("1 table", "1 round"), the score sheet's and the
// printed round's check commands naming the journal (and working as printed), and the log naming
// each sheet's round and table and each entry's player and kind.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using json = nlohmann::json;
using testing::Event;
using testing::json_of;
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::slurp;

constexpr int kOk = 0, kUsage = 2;

// The line of the words that names player (its first), "" when none does.
std::string line_of(const std::string& text, const std::string& player) {
  const std::regex line("[^\n]*\\. " + player + " [^\n]*");
  std::smatch m;
  return std::regex_search(text, m, line) ? m.str() : std::string();
}

// Five players in fours (tables of 3 and 2); round 1 played out, then Ann withdraws and Ben does
// not show up.
struct LeftEvent {
  Event ev{"tournament-answers", "Ann, Ben, Cat, Dan, Eve", 2, 4};
  json round1;
  LeftEvent() {
    round1 = json_of(ev.judge("--json tournament seat --round 1"));
    for (const auto& t : round1["tables"])
      EXPECT_EQ(referee(ev.db, "--game " + std::to_string(t["game"].get<int>()) + " autoplay --moves 40 --seed 5").code, kOk);
    EXPECT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
    EXPECT_EQ(ev.judge("tournament withdraw Ann").code, kOk);
    EXPECT_EQ(ev.judge("tournament no-show Ben").code, kOk);
  }
};

TEST(TournamentAnswers, ANoShowIsShownAsANoShowAndStillCountsAsLeft) {
  LeftEvent e;
  const json standings = json_of(referee(e.ev.db, "--json tournament standings"));
  std::set<std::string> withdrawn, no_show;
  for (const auto& s : standings["standings"]) {
    if (s.value("withdrawn", false)) withdrawn.insert(s["player"]);
    if (s.value("no_show", false)) no_show.insert(s["player"]);
  }
  // withdrawn keeps its meaning (left the event, either way); no_show says how.
  EXPECT_EQ(withdrawn, (std::set<std::string>{"Ann", "Ben"}));
  EXPECT_EQ(no_show, (std::set<std::string>{"Ben"}));
  // The words mark each as what it is.
  const std::string words = referee(e.ev.db, "tournament standings").out;
  EXPECT_NE(line_of(words, "Ben").find("(no-show)"), std::string::npos) << words;
  EXPECT_EQ(line_of(words, "Ben").find("(withdrawn)"), std::string::npos) << words;
  EXPECT_NE(line_of(words, "Ann").find("(withdrawn)"), std::string::npos) << words;
  EXPECT_EQ(line_of(words, "Cat").find("(withdrawn)"), std::string::npos) << words;
}

TEST(TournamentAnswers, TheStandingsGiveTheScaleAtEveryTableSizeSeated) {
  LeftEvent e;
  const std::string words = referee(e.ev.db, "tournament standings").out;
  EXPECT_NE(words.find("(a table of 3: 6, 3, 0; of 2: 6, 0)"), std::string::npos) << words;
  // Before any round is seated: the size the event seats.
  Event fresh("tournament-answers-fresh", "Ann, Ben, Cat, Dan", 1, 4);
  const std::string before = referee(fresh.db, "tournament standings").out;
  EXPECT_NE(before.find("(a table of 4: 6, 4, 2, 0)"), std::string::npos) << before;
}

TEST(TournamentAnswers, TheLogNamesEachSheetsTableAndEachEntrysPlayerAndKind) {
  LeftEvent e;
  const int game = e.round1["tables"][1]["game"].get<int>();
  ASSERT_EQ(e.ev.judge("tournament sheet --round 1 --table 2 --html " + quote((e.ev.dir / "r1t2.html").string())).code, kOk);
  const json log = json_of(referee(e.ev.db, "--json tournament log"));
  ASSERT_EQ(log["entries"].size(), 2u);
  EXPECT_EQ(log["entries"][0]["player"], "Ann");
  EXPECT_EQ(log["entries"][0]["entry"], "withdrawal");
  EXPECT_EQ(log["entries"][0]["from_round"], 2);
  EXPECT_EQ(log["entries"][1]["player"], "Ben");
  EXPECT_EQ(log["entries"][1]["entry"], "no_show");
  // Each entry names its record, and the record says the same.
  for (const auto& entry : log["entries"]) {
    bool found = false;
    for (const auto& r : log["records"])
      if (r["seq"] == entry["record"]) {
        found = true;
        EXPECT_EQ(r["kind"], entry["entry"]);
        EXPECT_EQ(r["player"], entry["player"]);
      }
    EXPECT_TRUE(found) << entry;
  }
  ASSERT_EQ(log["sheets"].size(), 1u);
  EXPECT_EQ(log["sheets"][0]["round"], 1);
  EXPECT_EQ(log["sheets"][0]["table"], 2);
  EXPECT_EQ(log["sheets"][0]["game"], game);
  // The words' record lines name them too, where they named only the kind.
  const std::string words = referee(e.ev.db, "tournament log").out;
  EXPECT_NE(words.find("withdrawal: Ann from round 2"), std::string::npos) << words;
  EXPECT_NE(words.find("no-show: Ben from round 2"), std::string::npos) << words;
  EXPECT_NE(words.find("sheet of round 1, table 2 (game " + std::to_string(game) + ")"), std::string::npos) << words;
}

// Counts agree with their nouns: a round of one table, a tournament of one round.
TEST(TournamentAnswers, CountsOfOneSayTheNounOnce) {
  Event ev("tournament-answers-one", "Ann, Ben", 1, 2);
  ASSERT_EQ(ev.judge("tournament seat --round 1").code, kOk);
  const std::string log = referee(ev.db, "tournament log").out;
  EXPECT_NE(log.find("round 1 seated (1 table)"), std::string::npos) << log;
  // A second round of a one-round tournament is refused, saying so.
  const RunResult second = ev.judge("tournament seat --round 2");
  EXPECT_EQ(second.code, kUsage);
  EXPECT_NE(second.err.find("the tournament has 1 round;"), std::string::npos) << second.err;
  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
  const std::string standings = referee(ev.db, "tournament standings").out;
  EXPECT_NE(standings.find("standings after 1 round\n"), std::string::npos) << standings;
  const RunResult verified = referee(ev.db, "verify --tournament " + std::to_string(ev.id));
  EXPECT_EQ(verified.code, kOk) << verified.err;
  EXPECT_NE(verified.out.find(", 1 game of its tables"), std::string::npos) << verified.out;
  // And elsewhere: one game simulated.
  const RunResult simulated = referee(ev.dir / "sim.db", "simulate --games 1 --seed 4");
  EXPECT_EQ(simulated.code, kOk) << simulated.err;
  EXPECT_NE(simulated.out.find("\n1 game, "), std::string::npos) << simulated.out;
}

// The HTML text of a page's <code> as a shell reads it: the entities put back.
std::string unescaped(std::string s) {
  for (const auto& [entity, c] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&amp;", "&"}})
    for (std::size_t at = s.find(entity); at != std::string::npos; at = s.find(entity, at + c.size()))
      s.replace(at, entity.size(), c);
  return s;
}

// Each check command a page prints ("referee --db ... verify ..."), run as printed (from the
// journal's folder, the page's own words after "referee"): every one passes.
void expect_checks_pass(const std::string& page, const std::filesystem::path& dir, std::size_t at_least) {
  const std::regex check("<code[^>]*>referee (--db [^<]*verify [^<]*)</code>");
  std::size_t ran = 0;
  for (auto m = std::sregex_iterator(page.begin(), page.end(), check); m != std::sregex_iterator(); ++m, ++ran) {
    const std::string args = unescaped((*m)[1].str());
    const RunResult r = testing::run("cd " + quote(dir.string()) + " && " + deedlog::testing::referee_program(), args);
    EXPECT_EQ(r.code, kOk) << args << "\n" << r.out << r.err;
  }
  EXPECT_GE(ran, at_least) << page;
}

// The sheet's and the printed round's check commands name the journal as the command was given
// it, quoted for a shell where it needs it, and pass as printed.
TEST(TournamentAnswers, TheSheetsCheckCommandsNameTheJournalAndPassAsPrinted) {
  const std::filesystem::path dir = testing::temp_dir("tournament-answers-sheet");
  const std::string journal = "Club's night & day.db";
  auto in_dir = [&](const std::string& args) {
    return testing::run("cd " + quote(dir.string()) + " && " + deedlog::testing::referee_program(), "--db " + quote(journal) + " " + args);
  };
  const RunResult made = in_dir("--json tournament new --name Cup --players 'Ann, Ben' --rounds 1 --table-size 2");
  ASSERT_EQ(made.code, kOk) << made.err;
  const std::string key = json::parse(made.out)["judge_key"];
  const std::string key_option = testing::key_file_option(key);
  ASSERT_EQ(in_dir("tournament seat --round 1 " + key_option).code, kOk);
  ASSERT_EQ(in_dir("tournament print --round 1 --html printed.html " + key_option).code, kOk);
  ASSERT_EQ(in_dir("--game 1 autoplay --moves 30 --seed 2").code, kOk);
  ASSERT_EQ(in_dir("tournament sheet --round 1 --table 1 --html sheet.html " + key_option).code, kOk);

  const std::string sheet = slurp(dir / "sheet.html");
  EXPECT_NE(sheet.find("referee --db 'Club'\\''s night &amp; day.db' --game 1 verify"), std::string::npos) << sheet;
  expect_checks_pass(sheet, dir, 2);  // the game's head and the tournament's
  expect_checks_pass(slurp(dir / "printed.html"), dir, 1);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
