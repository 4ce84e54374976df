// Disputed games (samples/disputes/NAME.game with NAME.ruling.json): each is imported and the
// claim ruled by `referee dispute`; the ruling must be the one written down beside it. And the
// audit of a transcript with five deliberate breaches (samples/audit/) finds all five and gives
// the hand-worked corrected position.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;

std::vector<fs::path> disputed_games() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(deedlog::testing::source_dir()) / "samples/disputes"))
    if (e.path().extension() == ".game") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

class DisputedGame : public ::testing::TestWithParam<fs::path> {};

TEST_P(DisputedGame, GetsTheRulingWrittenBesideIt) {
  fs::path ruling_file = GetParam();
  ruling_file.replace_extension(".ruling.json");
  const json want = json::parse(testing::slurp(ruling_file));
  const auto db = testing::temp_dir("dispute-" + GetParam().stem().string()) / "g.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(GetParam().string())).code, 0);
  std::string args = "--json dispute " + testing::quote(want["claim"].get<std::string>());
  if (want.contains("at")) args += " --at " + std::to_string(want["at"].get<int>());
  const auto r = testing::referee(db, args);
  ASSERT_EQ(r.code, 0) << r.err;
  const json got = json::parse(r.out);
  EXPECT_EQ(got["upheld"], want["upheld"]) << r.out;
  if (want.contains("rule")) {
    EXPECT_EQ(got.value("rule", ""), want["rule"]) << r.out;
  }
  if (want.contains("correction")) {
    EXPECT_EQ(got.value("correction", ""), want["correction"]) << r.out;
  }
  if (want.contains("reasoning_contains")) {
    const std::string needle = want["reasoning_contains"];
    bool found = false;
    for (const auto& line : got["reasoning"]) found = found || line.get<std::string>().find(needle) != std::string::npos;
    EXPECT_TRUE(found) << "no reasoning line contains '" << needle << "': " << r.out;
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, DisputedGame, ::testing::ValuesIn(disputed_games()),
                         [](const ::testing::TestParamInfo<fs::path>& p) {
                           std::string name = p.param.stem().string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

TEST(Disputes, AtLeastTenDisputedGames) { EXPECT_GE(disputed_games().size(), 10u); }

// The correction a ruling implies is recorded as new events; the history before it stays.
TEST(Disputes, TheCorrectionIsRecordedAsARulingAndTheHistoryStays) {
  const auto db = testing::temp_dir("correction") / "g.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(testing::sample("disputes/rent-asked-in-time.game"))).code, 0);
  const json before = json::parse(testing::referee(db, "--json log").out);
  const json ruling = json::parse(testing::referee(db, "--json dispute " + testing::quote("Ben claims rent") + " --at 10").out);
  const auto played = testing::referee(db, "--json play " + testing::quote(ruling["correction"].get<std::string>()));
  ASSERT_EQ(played.code, 0) << played.out << played.err;
  const json after = json::parse(testing::referee(db, "--json log").out);
  ASSERT_GT(after["events"].size(), before["events"].size());
  for (std::size_t i = 0; i < before["events"].size(); ++i) EXPECT_EQ(after["events"][i], before["events"][i]);
  const json status = json::parse(testing::referee(db, "--json status").out);
  EXPECT_EQ(status["players"][0]["cash"], 1000);  // Ann paid the £500
  EXPECT_EQ(status["players"][1]["cash"], 2000);
  const auto replayed = testing::replay(db, "");
  EXPECT_NE(replayed.out.find("Ruling: the referee awards Ben £500 from Ann"), std::string::npos) << replayed.out;
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

TEST(Audit, FindsAllFiveBreachesAndTheCorrectedPosition) {
  const fs::path game = fs::path(deedlog::testing::source_dir()) / "samples/audit/five-breaches.game";
  const json want = json::parse(testing::slurp(fs::path(deedlog::testing::source_dir()) / "samples/audit/five-breaches.audit.json"));
  const auto r = testing::run(deedlog::testing::referee_program(), "--json audit " + testing::quote(game.string()));
  EXPECT_EQ(r.code, 3) << r.err;  // breaches found
  const json got = json::parse(r.out);
  ASSERT_EQ(got["breaches"].size(), want["breaches"].size()) << r.out;
  for (std::size_t i = 0; i < want["breaches"].size(); ++i) {
    EXPECT_EQ(got["breaches"][i]["line"], want["breaches"][i]["line"]);
    EXPECT_EQ(got["breaches"][i]["rule"], want["breaches"][i]["rule"]);
    EXPECT_FALSE(got["breaches"][i]["legal_instead"].empty());
  }
  for (std::size_t p = 0; p < want["position"]["players"].size(); ++p) {
    const auto& w = want["position"]["players"][p];
    const auto& g = got["position"]["players"][p];
    EXPECT_EQ(g["name"], w["name"]);
    EXPECT_EQ(g["cash"], w["cash"]) << w["name"];
    EXPECT_EQ(g["square"], w["square"]) << w["name"];
    ASSERT_EQ(g["properties"].size(), w["properties"].size()) << w["name"];
  }
  EXPECT_EQ(got["position"]["bank"], want["position"]["bank"]);
  ASSERT_EQ(got["differences"].size(), want["differences"].size()) << r.out;
  for (std::size_t i = 0; i < want["differences"].size(); ++i) {
    EXPECT_EQ(got["differences"][i]["player"], want["differences"][i]["player"]);
    EXPECT_EQ(got["differences"][i]["table_cash"], want["differences"][i]["table_cash"]);
  }
  // A clean game audits clean.
  const auto clean = testing::run(deedlog::testing::referee_program(), "audit " + testing::quote(testing::sample("uk-1972/long-game.game")));
  EXPECT_EQ(clean.code, 0) << clean.out;
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// Notation errors are breaches too: one run reports every problem of the transcript.
TEST(Audit, ReportsNotationErrorsWithTheRulesBreachesInOneRun) {
  const fs::path game = fs::path(deedlog::testing::source_dir()) / "tests/data/audit-notation-errors.game";
  const auto r = testing::run(deedlog::testing::referee_program(), "--json audit " + testing::quote(game.string()));
  EXPECT_EQ(r.code, 3) << r.err;
  const json got = json::parse(r.out);
  ASSERT_EQ(got["breaches"].size(), 3u) << r.out;
  EXPECT_EQ(got["breaches"][0]["line"], 8);
  EXPECT_EQ(got["breaches"][0]["kind"], "notation");
  EXPECT_EQ(got["breaches"][0]["skipped"], true);
  EXPECT_EQ(got["breaches"][1]["line"], 12);
  EXPECT_EQ(got["breaches"][1]["kind"], "rule");
  EXPECT_EQ(got["breaches"][1]["rule"], "uk-1972/buy/printed-price");
  EXPECT_EQ(got["breaches"][2]["line"], 14);
  EXPECT_EQ(got["breaches"][2]["kind"], "notation");
  // The game went on past the skipped lines: Ben's rent was claimed and Ann threw again.
  EXPECT_EQ(got["position"]["players"][0]["square"], 16) << r.out;
}

}  // namespace
}  // namespace deedlog
