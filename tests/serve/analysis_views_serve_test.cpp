// GET /api/games/ID/analysis on a real server (docs/serve.md, "Analysis"): the analysis of the
// game at its head, kept beside the journal or computed in the background one game at a time
// (202 while it runs, with Retry-After), kept once computed, stale after a new move; with
// --analysis-games 0 only a kept analysis is served.
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/cli.h"
#include "support/serve_process.h"
#include "support/webdriver.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::quote;
using testing::referee;

// `referee serve` playing `games` play-outs for each analysis (support/serve_process.h).
class Serving : public testing::ServeProcess {
 public:
  Serving(const std::string& db, const std::string& games)
      : ServeProcess(db, {"--rate", "100000", "--analysis-games", games}) {}
  std::pair<int, json> get(const std::string& path) const {
    auto r = client().Get(path.c_str());
    EXPECT_TRUE(r) << path;
    if (!r) return {0, json()};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  // Asks until the analysis is there (each 202 says to ask again); the count of asks is bounded
  // only so that a server that never finishes fails the test instead of hanging it.
  std::pair<int, json> analysis(std::int64_t game) const {
    std::pair<int, json> r;
    for (int tries = 0; tries < 3000; ++tries) {
      r = get("/api/games/" + std::to_string(game) + "/analysis");
      if (r.first != 202) return r;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return r;
  }
};

std::string head_of(const std::filesystem::path& db, int game) {
  return json::parse(referee(db, "--game " + std::to_string(game) + " status --json").out).at("head").get<std::string>();
}

TEST(AnalysisViewsServe, ComputedInTheBackgroundThenKept) {
  testing::RemovedAtExit dir{testing::temp_dir("views-serve")};
  const auto db = dir.dir / "club.db";
  for (int k = 0; k < 2; ++k) ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/table-speech.game"))).code, 0);
  Serving server(db.string(), "4");
  const auto first = server.get("/api/games/1/analysis");
  ASSERT_EQ(first.first, 202) << first.second.dump();
  EXPECT_EQ(first.second.at("state"), "computing");
  EXPECT_EQ(first.second.at("head"), head_of(db, 1));
  // Another game asked for meanwhile: 202 too (waiting for the one running, or its own begun).
  const auto second = server.get("/api/games/2/analysis");
  EXPECT_EQ(second.first, 202) << second.second.dump();
  const auto done = server.analysis(1);
  ASSERT_EQ(done.first, 200) << done.second.dump();
  EXPECT_EQ(done.second.at("head"), head_of(db, 1));
  EXPECT_EQ(done.second.at("moves").size(), 12U);
  EXPECT_EQ(done.second.at("games"), 4);
  EXPECT_TRUE(std::filesystem::exists(db.string() + ".analysis/game-1.json"));
  EXPECT_EQ(server.analysis(2).first, 200);
  // A new move: the analysis kept is of the old head; a new one is computed.
  ASSERT_EQ(referee(db, "--game 1 play 'Ann rolls 3 4'").code, 0);
  const auto stale = server.get("/api/games/1/analysis");
  EXPECT_EQ(stale.first, 202) << stale.second.dump();
  const auto again = server.analysis(1);
  ASSERT_EQ(again.first, 200);
  EXPECT_EQ(again.second.at("head"), head_of(db, 1));
  EXPECT_EQ(again.second.at("moves").size(), 13U);
  EXPECT_EQ(server.get("/api/games/9/analysis").first, 404);
}

TEST(AnalysisViewsServe, WithoutComputingOnlyAKeptAnalysisIsServed) {
  testing::RemovedAtExit dir{testing::temp_dir("views-serve-kept")};
  const auto db = dir.dir / "club.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/table-speech.game"))).code, 0);
  Serving server(db.string(), "0");
  EXPECT_EQ(server.get("/api/games/1/analysis").first, 404);
  ASSERT_EQ(referee(db, "analyse --games 4").code, 0);
  const auto kept = server.get("/api/games/1/analysis");
  ASSERT_EQ(kept.first, 200) << kept.second.dump();
  EXPECT_EQ(kept.second.at("head"), head_of(db, 1));
}

// The play-out budget: a game longer than the server analyses is refused, not queued.
TEST(AnalysisViewsServe, ALongGameIsNotAnalysedInTheBackground) {
  testing::RemovedAtExit dir{testing::temp_dir("views-serve-long")};
  const auto db = dir.dir / "club.db";
  ASSERT_EQ(referee(db, "match --player A=builtin --player B=builtin --games 2 --seed 3 --max-moves 420").code, 0);
  Serving server(db.string(), "4");
  const auto r = server.get("/api/games/1/analysis");
  EXPECT_EQ(r.first, 404) << r.second.dump();
  EXPECT_EQ(r.second.value("too_long", false), true) << r.second.dump();
}

TEST(AnalysisViewsServe, ABadBudgetIsAUsageError) {
  testing::RemovedAtExit dir{testing::temp_dir("views-serve-bad")};
  const auto r = referee(dir.dir / "club.db", "serve --listen 127.0.0.1:0 --analysis-games -1");
  EXPECT_EQ(r.code, 2) << r.err;
}

// The page shows each player's chances after each move, from the analysis kept for the game's
// head: headless Chromium opens it, and each move of the log carries the chances the API gives.
TEST(AnalysisViewsServe, ThePageShowsTheChancesAfterEachMove) {
  if (const std::string why = testing::browser_missing(); !why.empty()) GTEST_SKIP() << "no browser here: " << why;
  testing::RemovedAtExit dir{testing::temp_dir("views-serve-page")};
  const auto db = dir.dir / "club.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/table-speech.game"))).code, 0);
  ASSERT_EQ(referee(db, "analyse --games 4").code, 0);
  Serving server(db.string(), "0");
  const auto kept = server.get("/api/games/1/analysis");
  ASSERT_EQ(kept.first, 200);
  testing::ChromeDriver driver;
  ASSERT_EQ(driver.start(dir.dir), "") << "chromedriver is installed but does not start";
  {
    testing::Browser b(driver.port(), dir.dir / "profile");
    ASSERT_TRUE(b.ok());
    b.go("http://127.0.0.1:" + std::to_string(server.port()) + "/?game=1");
    b.wait_for("the chances on every move", "return document.querySelectorAll('#log li.move .chances').length === 12;");
    const json shown = b.script(
        "return [...document.querySelectorAll('#log li.move')].map((li) => [Number(li.dataset.seq),"
        " JSON.parse(li.querySelector('.chances').dataset.win)]);");
    ASSERT_EQ(shown.size(), 12U);
    for (std::size_t k = 0; k < shown.size(); ++k) {
      EXPECT_EQ(shown[k][0], kept.second["moves"][k]["seq"]);
      EXPECT_EQ(shown[k][1], kept.second["moves"][k]["win"]);
    }
  }
  driver.stop();
}

}  // namespace
}  // namespace deedlog
