// referee analyse keeps its result beside the journal for the game's head and writes --annotate
// FILE: the game with the marks and chances in comments, which imports to the same head as the
// original (docs/analysis-views.md). Through the real programs, on a sample typed as people speak.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>

#include "support/cli.h"

namespace deedlog {
namespace {

using testing::quote;
using testing::referee;
using testing::replay;

std::string head_of(const std::filesystem::path& db) {
  return nlohmann::json::parse(referee(db, "status --json").out).at("head").get<std::string>();
}

TEST(AnalysisViewsAnnotate, AnalyseKeepsItsResultAndAnnotates) {
  testing::RemovedAtExit dir{testing::temp_dir("views-analyse")};
  const auto db = dir.dir / "club.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/table-speech.game"))).code, 0);
  const auto annotated = dir.dir / "annotated.game";
  const auto r = referee(db, "--json analyse --games 8 --annotate " + quote(annotated.string()));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc.at("head"), head_of(db));
  // Kept beside the journal, the very document printed.
  std::ifstream kept(db.string() + ".analysis/game-1.json");
  ASSERT_TRUE(kept.good());
  EXPECT_EQ(nlohmann::json::parse(kept), nlohmann::json::parse(r.out));
  // The annotated game: a comment line after each move analysed, the table's comments kept.
  const std::string text = testing::slurp(annotated);
  EXPECT_NE(text.find("Ann rolls 1 2  # to Whitechapel Road\n# luck "), std::string::npos) << text;
  int comment_lines = 0;
  for (std::size_t at = text.find("\n# "); at != std::string::npos; at = text.find("\n# ", at + 1)) ++comment_lines;
  EXPECT_GE(comment_lines, static_cast<int>(doc.at("moves").size()));
  // ... imports to the same head as the original.
  const auto again = dir.dir / "again.db";
  const auto imported = referee(again, "import " + quote(annotated.string()));
  ASSERT_EQ(imported.code, 0) << imported.err;
  EXPECT_EQ(head_of(again), head_of(db));
  // The viewers show the kept analysis without computing it again, until a new move.
  const auto page = dir.dir / "page.html";
  ASSERT_EQ(replay(db, "--html " + quote(page.string())).code, 0);
  EXPECT_NE(testing::slurp(page).find("id=\"win\""), std::string::npos);
  ASSERT_EQ(referee(db, "play 'Ann rolls 3 4'").code, 0);
  ASSERT_EQ(replay(db, "--html " + quote(page.string())).code, 0);
  EXPECT_EQ(testing::slurp(page).find("id=\"win\""), std::string::npos);
}

TEST(AnalysisViewsAnnotate, APartAnalysedIsNotKept) {
  testing::RemovedAtExit dir{testing::temp_dir("views-part")};
  const auto db = dir.dir / "club.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/table-speech.game"))).code, 0);
  const auto r = referee(db, "--json analyse --games 4 --to 20");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(nlohmann::json::parse(r.out).contains("head"));
  EXPECT_FALSE(std::filesystem::exists(db.string() + ".analysis/game-1.json"));
}

TEST(AnalysisViewsAnnotate, AnAnnotateFileThatCannotBeWrittenFails) {
  testing::RemovedAtExit dir{testing::temp_dir("views-unwritable")};
  const auto db = dir.dir / "club.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/table-speech.game"))).code, 0);
  const auto r = referee(db, "analyse --games 4 --annotate " + quote((dir.dir / "no-such-folder" / "a.game").string()));
  EXPECT_EQ(r.code, 1) << r.err;
}

}  // namespace
}  // namespace deedlog
