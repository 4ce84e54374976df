// referee import of a file of many games (docs/notation.md, "Several games in one file"): each
// game read, checked and imported in turn, one at a time. An import of 2,000 games took 5.7 s
// and 34 MB, of 10,000 games 201 s and 455 MB: every game's text was kept, padded with a blank
// line for each line of the file above it, and parsed through them. Values, exit codes and the
// file's line numbers here; the figures are in docs/performance.md (bench/many_games.py writes
// such files).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;
using testing::quote;
using testing::referee;
using testing::RunResult;

constexpr int kExitOk = 0, kExitUsage = 2, kExitRefused = 3;
// Lines of each game of many_games: three tags, a blank line, four moves, a blank line.
constexpr int kLinesAGame = 9;

// A file of n games, each a short game with an [Event] of its own. odd(i) may change game i's
// lines (a refused move, a line that does not parse).
std::string many_games(int n, const std::function<std::string(int, std::string)>& odd = nullptr) {
  std::string text;
  for (int i = 1; i <= n; ++i) {
    std::string game = fmt::format(
        "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Event \"Club night, game {}\"]\n\n"
        "Ann rolls 1 2   # Whitechapel\nAnn buys\nBen rolls 2 3   # King's Cross\nBen buys\n\n",
        i);
    text += odd ? odd(i, std::move(game)) : game;
  }
  return text;
}

fs::path write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// The file's line of line k (1-based) of game i.
int line_of(int game, int k) { return (game - 1) * kLinesAGame + k; }

TEST(ImportManyGames, EachGameIsImportedAndARefusalNamesTheFilesLine) {
  constexpr int kGames = 300;
  const auto dir = testing::temp_dir("import-many");
  // Game 250's last move is Ann's, out of turn: refused, and that game alone stops there.
  const auto file = write(dir / "many.game", many_games(kGames, [](int i, std::string g) {
                            if (i == 250) g.replace(g.rfind("Ben buys"), 8, "Ann buys");
                            return g;
                          }));
  const RunResult r = referee(dir / "g.db", "--json import " + quote(file.string()));
  ASSERT_EQ(r.code, kExitRefused) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j.size(), static_cast<std::size_t>(kGames));
  for (int i = 0; i < kGames; ++i) {
    EXPECT_EQ(j[i]["game"], i + 1);
    EXPECT_EQ(j[i]["moves_recorded"], i + 1 == 250 ? 3 : 4) << "game " << i + 1;
  }
  EXPECT_EQ(j[249]["accepted"], false);
  EXPECT_EQ(j[249]["line"], line_of(250, 8));
  EXPECT_EQ(referee(dir / "g.db", "verify").code, kExitOk);
  EXPECT_EQ(json::parse(referee(dir / "g.db", "--json games").out)["games"].size(), static_cast<std::size_t>(kGames));

  // From standard input, the same games to the same heads.
  const RunResult piped = testing::run(deedlog::testing::referee_program(), "--db " + quote((dir / "piped.db").string()) + " --json import -",
                                       file.string());
  ASSERT_EQ(piped.code, kExitRefused) << piped.err;
  EXPECT_EQ(json::parse(piped.out), j);
  fs::remove_all(dir);
}

TEST(ImportManyGames, ALineThatDoesNotParseInTheLastGamesWritesNothingAndNamesTheFilesLine) {
  constexpr int kGames = 300;
  const auto dir = testing::temp_dir("import-many-bad");
  const auto file = write(dir / "many.game", many_games(kGames, [](int i, std::string g) {
                            if (i == 299) g.replace(g.find("Ben rolls 2 3"), 13, "Ben rols 2 3");
                            return g;
                          }));
  const RunResult r = referee(dir / "g.db", "import " + quote(file.string()));
  EXPECT_EQ(r.code, kExitUsage) << r.out << r.err;
  EXPECT_NE(r.err.find(fmt::format("line {}:", line_of(299, 7))), std::string::npos) << r.err;
  const RunResult games = referee(dir / "g.db", "--json games");
  EXPECT_TRUE(games.code != kExitOk || json::parse(games.out)["games"].empty()) << games.out;
  fs::remove_all(dir);
}

// The peak memory of `referee import` (GNU time's %M, in KB) of a file of n games.
long peak_kb_importing(const fs::path& dir, int n) {
  const auto file = write(dir / fmt::format("{}.game", n), many_games(n));
  const auto db = dir / fmt::format("{}.db", n);
  const auto kb = dir / fmt::format("{}.kb", n);
  const RunResult r = testing::run(
      "/usr/bin/time", fmt::format("-f %M -o {} {} --db {} import {}", quote(kb.string()), deedlog::testing::referee_program(),
                                   quote(db.string()), quote(file.string())));
  EXPECT_EQ(r.code, kExitOk) << r.err;
  return std::stol(testing::slurp(kb));
}

// Eight times the games, the same memory: the file is streamed, one game held at a time. The file
// of 8,000 games is 1.2 MB: holding it whole once would show, holding every game's text padded as
// before took 34 MB for 2,000. (From 1,000 games on, the journal is larger than SQLite's page
// cache, which then stays at its size; measured, the two peaks are within 0.3 MB of each other.)
TEST(ImportManyGames, EightTimesTheGamesTakeNoMoreMemory) {
  if (testing::run("/usr/bin/time", "-f %M true").code != 0) GTEST_SKIP() << "GNU time is not installed";
  const auto dir = testing::temp_dir("import-many-memory");
  const long few = peak_kb_importing(dir, 1000);
  const long many = peak_kb_importing(dir, 8000);
  EXPECT_LE(many, few + 640) << "1,000 games: " << few << " KB; 8,000 games: " << many << " KB";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
