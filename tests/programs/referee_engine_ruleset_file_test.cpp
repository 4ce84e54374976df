// referee engine started with a --ruleset-file that is not there answered a "new" with no
// "ruleset" by "the Ruleset tag is empty" (the file's edition id, read from nothing, was ""),
// where `referee new` names the file. Now the engine's answer is the command line's words.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::PipeProcess;

TEST(EngineRulesetFile, AMissingFileIsNamedInTheCommandLinesWords) {
  const auto dir = testing::temp_dir("engine-ruleset-file");
  const std::string missing = (dir / "no-such-edition.json").string();
  const testing::RunResult cli =
      testing::referee(dir / "cli.db", "--ruleset-file " + testing::quote(missing) + " new --players 'Ann, Ben'");
  ASSERT_EQ(cli.code, 2) << cli.err;
  const std::string prefix = "referee: ";
  ASSERT_EQ(cli.err.rfind(prefix, 0), 0u) << cli.err;
  const std::string words = cli.err.substr(prefix.size(), cli.err.find('\n') - prefix.size());

  PipeProcess engine({deedlog::testing::referee_program(), "--db", (dir / "engine.db").string(), "--ruleset-file", missing, "engine"});
  const json answer = json::parse(engine.ask(R"({"cmd": "new", "players": ["Ann", "Ben"]})"));
  EXPECT_EQ(answer["ok"], false) << answer.dump();
  EXPECT_EQ(answer["error"], words) << answer.dump();
  EXPECT_NE(answer["error"].get<std::string>().find(missing), std::string::npos) << answer.dump();
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "quit"})"))["ok"], true);
  EXPECT_EQ(engine.wait(), 0);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
