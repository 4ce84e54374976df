// Every sample game is refereed and its outcome checked value by value: each
// samples/EDITION/NAME.game has NAME.expected.json beside it, holding
//   "exit":    the exit code of `referee import` (0, or 3 when a move is refused),
//   "refused": {"line": N, "rule": "..."} when a move (or the setup, line 0) is refused,
//   "status":  a part of `referee status --json` after the import, compared key by key
//              (arrays element by element); keys left out are not checked;
//   "value":   likewise a part of `referee value --json`.
// Each game is also verified (hash chain and re-adjudication).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;

// Collects where `actual` differs from the expected subset.
void compare(const json& expected, const json& actual, const std::string& path, std::vector<std::string>* diffs) {
  if (expected.is_object()) {
    if (!actual.is_object()) {
      diffs->push_back(path + ": expected an object");
      return;
    }
    for (const auto& [k, v] : expected.items()) {
      if (!actual.contains(k)) diffs->push_back(path + "." + k + ": missing");
      else compare(v, actual.at(k), path + "." + k, diffs);
    }
  } else if (expected.is_array()) {
    if (!actual.is_array() || actual.size() != expected.size()) {
      diffs->push_back(path + ": expected " + std::to_string(expected.size()) + " elements, got " + actual.dump());
      return;
    }
    for (std::size_t i = 0; i < expected.size(); ++i)
      compare(expected[i], actual[i], path + "[" + std::to_string(i) + "]", diffs);
  } else if (expected != actual) {
    diffs->push_back(path + ": expected " + expected.dump() + ", got " + actual.dump());
  }
}


class SampleGame : public ::testing::TestWithParam<fs::path> {};

TEST_P(SampleGame, RefereesToTheExpectedOutcome) {
  const fs::path game = GetParam();
  fs::path expected_file = game;
  expected_file.replace_extension(".expected.json");
  ASSERT_TRUE(fs::exists(expected_file)) << "no " << expected_file << " beside the sample";
  const json expected = json::parse(testing::slurp(expected_file));
  const auto db = testing::temp_dir("sample-" + game.stem().string()) / "g.db";

  const auto imported = testing::referee(db, "--json import " + testing::quote(game.string()));
  ASSERT_EQ(imported.code, expected.value("exit", 0)) << imported.out << imported.err;
  const json result = json::parse(imported.out);
  if (expected.contains("refused")) {
    EXPECT_EQ(result["line"], expected["refused"]["line"]) << imported.out;
    EXPECT_EQ(result["violation"]["rule"], expected["refused"]["rule"]) << imported.out;
  }
  if (expected.contains("status")) {
    const auto status = testing::referee(db, "--json status");
    ASSERT_EQ(status.code, 0) << status.err;
    std::vector<std::string> diffs;
    compare(expected["status"], json::parse(status.out), "status", &diffs);
    for (const auto& d : diffs) ADD_FAILURE() << game.filename() << ": " << d;
    if (expected.contains("value")) {
      const auto value = testing::referee(db, "--json value");
      ASSERT_EQ(value.code, 0) << value.err;
      std::vector<std::string> vdiffs;
      compare(expected["value"], json::parse(value.out), "value", &vdiffs);
      for (const auto& d : vdiffs) ADD_FAILURE() << game.filename() << ": " << d;
    }
    const auto verified = testing::referee(db, "verify");
    EXPECT_EQ(verified.code, 0) << verified.out << verified.err;
  }
}

INSTANTIATE_TEST_SUITE_P(Samples, SampleGame, ::testing::ValuesIn(testing::all_sample_games()),
                         [](const ::testing::TestParamInfo<fs::path>& p) { return testing::sample_test_name(p.param); });

}  // namespace
}  // namespace deedlog
