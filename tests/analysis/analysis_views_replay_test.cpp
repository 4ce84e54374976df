// The views of a kept analysis through the real programs (docs/analysis-views.md): replay --html
// draws the win-chance graph under the board from --analysis FILE or from the analysis kept beside
// the journal for the game's head; a new move makes the kept one stale; --plot draws it beside the
// net worth; --format notation --analysis writes the marks in comments and imports to the same
// head; a file of another game is refused. The analysis is tests/data/analysis-table-speech.json,
// written by hand for samples/uk-1972/table-speech.game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>

#include "support/build_paths.h"
#include "service/analysis_report.h"
#include "support/cli.h"
#include "support/webdriver.h"

namespace deedlog {
namespace {

using testing::quote;
using testing::referee;
using testing::replay;

const std::string kFixture = std::string(deedlog::testing::source_dir()) + "/tests/data/analysis-table-speech.json";

struct Game {
  testing::RemovedAtExit dir;
  std::filesystem::path db;
  explicit Game(const std::string& name) : dir{testing::temp_dir(name)}, db(dir.dir / "club.db") {
    const auto r = referee(db, "import " + quote(testing::sample("uk-1972/table-speech.game")));
    EXPECT_EQ(r.code, 0) << r.err;
  }
  std::string head() const { return nlohmann::json::parse(referee(db, "status --json").out).at("head").get<std::string>(); }
  // Keeps the fixture beside the journal, as `referee analyse` keeps its result, at this head.
  void keep(const std::string& head) const {
    std::ifstream in(kFixture);
    nlohmann::json doc = nlohmann::json::parse(in);
    doc["head"] = head;
    doc["method"] = kAnalysisMethod;  // a document of this program's method (an older one is computed again)
    std::filesystem::create_directories(db.string() + ".analysis");
    std::ofstream(db.string() + ".analysis/game-1.json") << doc.dump();
  }
  std::string html(const std::string& extra = "") const {
    const auto page = dir.dir / "page.html";
    const auto r = replay(db, "--html " + quote(page.string()) + " " + extra);
    EXPECT_EQ(r.code, 0) << r.err;
    return testing::slurp(page);
  }
};

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(AnalysisViewsReplay, HtmlDrawsTheGraphFromAFile) {
  Game g("views-html-file");
  const std::string page = g.html("--analysis " + quote(kFixture));
  ASSERT_NE(page.find("id=\"win\""), std::string::npos);
  // One line a player, a point a move and player (12 moves, 2 players).
  EXPECT_EQ(count(page, "class=\"win-line\""), 2);
  EXPECT_EQ(count(page, "class=\"win-point\""), 24);
  // The graph is under the board, before the move list.
  EXPECT_LT(page.find("id=\"board"), page.find("id=\"win\""));
  EXPECT_LT(page.find("id=\"win\""), page.find("id=\"movebox\""));
  // The big swing (Ann's bid of 1000: 0.63 -> 0.41) is marked; its click goes to the move's last event.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(page, m, std::regex("class=\"win-swing\" data-seq=\"([0-9]+)\" data-move=\"([0-9]+)\"")));
  EXPECT_EQ(m[2].str(), "36");
  EXPECT_EQ(m[1].str(), "37");
  EXPECT_EQ(count(page, "class=\"win-swing\""), 1);
  // The marks of the decisions are written over their points: ?! ? ?? (not the uncertain one).
  EXPECT_EQ(count(page, "class=\"win-mark\""), 3);
}

TEST(AnalysisViewsReplay, HtmlWithoutAnAnalysisHasNoGraph) {
  Game g("views-html-none");
  EXPECT_EQ(g.html().find("id=\"win\""), std::string::npos);
}

TEST(AnalysisViewsReplay, TheKeptAnalysisIsShownUntilTheHeadMoves) {
  Game g("views-kept");
  const std::string head = g.head();
  g.keep(head);
  EXPECT_NE(g.html().find("id=\"win\""), std::string::npos);
  // A new move: the kept analysis is of an earlier head and is not shown.
  ASSERT_EQ(referee(g.db, "play 'Ann rolls 3 4'").code, 0);
  ASSERT_NE(g.head(), head);
  EXPECT_EQ(g.html().find("id=\"win\""), std::string::npos);
  // A file named on the command line with the old head is refused: it is not of this game's head.
  std::filesystem::copy_file(g.db.string() + ".analysis/game-1.json", g.dir.dir / "old.json");
  const auto r = replay(g.db, "--html " + quote((g.dir.dir / "p.html").string()) + " --analysis " + quote((g.dir.dir / "old.json").string()));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("another head"), std::string::npos) << r.err;
}

// A kept analysis of an older method (or of none named: the first) is not shown: it is to be
// computed again, by `referee analyse` or the server.
TEST(AnalysisViewsReplay, AKeptAnalysisOfAnOlderMethodIsNotShown) {
  Game g("views-old-method");
  g.keep(g.head());
  EXPECT_NE(g.html().find("id=\"win\""), std::string::npos);
  const std::string path = g.db.string() + ".analysis/game-1.json";
  nlohmann::json doc = nlohmann::json::parse(std::ifstream(path));
  doc.erase("method");
  std::ofstream(path) << doc.dump();
  EXPECT_EQ(g.html().find("id=\"win\""), std::string::npos);
  doc["method"] = kAnalysisMethod - 1;
  std::ofstream(path) << doc.dump();
  EXPECT_EQ(g.html().find("id=\"win\""), std::string::npos);
}

TEST(AnalysisViewsReplay, ADamagedKeptAnalysisIsPassedOver) {
  Game g("views-damaged");
  std::filesystem::create_directories(g.db.string() + ".analysis");
  std::ofstream(g.db.string() + ".analysis/game-1.json") << "{\"players\": 3";
  const auto page = g.dir.dir / "page.html";
  const auto r = replay(g.db, "--html " + quote(page.string()));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("passed over"), std::string::npos) << r.err;
  EXPECT_EQ(testing::slurp(page).find("id=\"win\""), std::string::npos);
}

TEST(AnalysisViewsReplay, AFileOfAnotherGameIsRefused) {
  Game g("views-other");
  const auto other = g.dir.dir / "other.json";
  std::ifstream in(kFixture);
  nlohmann::json doc = nlohmann::json::parse(in);
  doc["moves"][3]["move"] = "Ann rolls 6 6";
  std::ofstream(other) << doc.dump();
  auto r = replay(g.db, "--html " + quote((g.dir.dir / "p.html").string()) + " --analysis " + quote(other.string()));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("event 18"), std::string::npos) << r.err;
  doc = nlohmann::json::parse(std::ifstream(kFixture));
  doc["players"][1]["name"] = "Cat";
  std::ofstream(other) << doc.dump();
  r = replay(g.db, "--html " + quote((g.dir.dir / "p.html").string()) + " --analysis " + quote(other.string()));
  EXPECT_EQ(r.code, 2) << r.err;
  std::ofstream(other) << "{\"players\": [{\"name\": \"Ann\"}, {\"name\": \"Ben\"}], \"moves\": [{\"seq\": 18, \"move\": \"Ann rolls 1 2\", \"win\": {\"Ann\": 1.5}}]}";
  r = replay(g.db, "--html " + quote((g.dir.dir / "p.html").string()) + " --analysis " + quote(other.string()));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(replay(g.db, "--svg - --analysis " + quote(kFixture)).code, 2);  // --analysis goes with --html, --plot, notation
}

TEST(AnalysisViewsReplay, PlotDrawsTheGraphBesideTheNetWorth) {
  Game g("views-plot");
  const auto r = replay(g.db, "--plot - --analysis " + quote(kFixture));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("id=\"worth-and-win\""), std::string::npos);
  EXPECT_LT(r.out.find("id=\"worth\""), r.out.find("id=\"win\""));
  const auto plain = replay(g.db, "--plot -");
  EXPECT_EQ(plain.out.find("id=\"win\""), std::string::npos);
}

TEST(AnalysisViewsReplay, AnnotatedNotationImportsToTheSameHead) {
  Game g("views-annotate");
  const auto r = replay(g.db, "--format notation --analysis " + quote(kFixture));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Ann bids 1000\n# ?? error 0.200 (best: Ann passes); win Ann 0.410, Ben 0.590\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ben declines\n# ? error 0.062 (best: Ben buys)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann mortgages \"Park Lane\"  # two moves\n# ?! error 0.021"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann rolls 1 2  # to Whitechapel Road\n# luck -0.020;"), std::string::npos) << r.out;
  const auto file = g.dir.dir / "annotated.game";
  std::ofstream(file) << r.out;
  const auto again = g.dir.dir / "again.db";
  ASSERT_EQ(referee(again, "import " + quote(file.string())).code, 0);
  EXPECT_EQ(nlohmann::json::parse(referee(again, "status --json").out).at("head"), g.head());
}

// Clicking a point of the graph goes to its move (the move's last event), in headless Chromium.
TEST(AnalysisViewsReplay, ClickingAPointGoesToItsMove) {
  if (const std::string why = testing::browser_missing(); !why.empty()) GTEST_SKIP() << "no browser here: " << why;
  Game g("views-click");
  g.html("--analysis " + quote(kFixture));
  testing::ChromeDriver driver;
  ASSERT_EQ(driver.start(g.dir.dir), "") << "chromedriver is installed but does not start";
  {
    testing::Browser b(driver.port(), g.dir.dir / "profile");
    ASSERT_TRUE(b.ok());
    b.go("file://" + (g.dir.dir / "page.html").string() + "#seq=1");
    b.wait_for("the page", "return document.body.getAttribute('data-ready') === '1';");
    for (const char* move : {"36", "18", "44"}) {
      const nlohmann::json at = b.script(
          "const c = document.querySelector('.win-point[data-move=\"' + arguments[0] + '\"]');"
          "c.dispatchEvent(new MouseEvent('click', {bubbles: true}));"
          "return [Number(c.dataset.seq), Number(document.getElementById('pos').dataset.seq)];",
          nlohmann::json::array({move}));
      EXPECT_EQ(at[1], at[0]) << move;
      EXPECT_GE(at[1].get<int>(), std::stoi(move));
    }
  }
  driver.stop();
}

}  // namespace
}  // namespace deedlog
