// referee engine checks every field of a request for its type before it does anything: a
// "dry_run" that is not true or false once recorded the move it was asked to try. A request
// nested deeper than the protocol allows is an error, not a stack overflow, and "at" past the
// game's last event is an error, as the command line's --at exits 1.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::PipeProcess;

std::int64_t seq_of(PipeProcess& engine) { return json::parse(engine.ask(R"({"cmd": "status"})"))["seq"]; }

TEST(EngineFields, ADryRunOfAnotherTypeIsAnErrorAndRecordsNothing) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  ASSERT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 7})"))["ok"], true);
  const std::int64_t before = seq_of(engine);
  for (const char* dry : {R"("yes")", R"("false")", "1", "0", "null", "[]", "{}", R"("true")"}) {
    const json answer = json::parse(engine.ask(std::string(R"({"cmd": "play", "move": "Ann rolls", "dry_run": )") + dry + "}"));
    EXPECT_EQ(answer["ok"], false) << dry << ": " << answer.dump();
    EXPECT_FALSE(answer.contains("accepted")) << dry;
    EXPECT_EQ(seq_of(engine), before) << "a dry run of " << dry << " recorded the move";
  }
  // true and false are what they say.
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "play", "move": "Ann rolls", "dry_run": true})"))["accepted"], true);
  EXPECT_EQ(seq_of(engine), before);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "play", "move": "Ann rolls", "dry_run": false})"))["accepted"], true);
  EXPECT_GT(seq_of(engine), before);
}

TEST(EngineFields, EveryFieldOfEveryRequestIsCheckedForItsType) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  ASSERT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 7})"))["ok"], true);
  const std::int64_t before = seq_of(engine);
  for (const char* request : {
           R"({"cmd": "play", "move": "Ann rolls", "expect_seq": "5"})",
           R"({"cmd": "play", "move": "Ann rolls", "expect_seq": 5.5})",
           R"({"cmd": "play", "move": "Ann rolls", "game": "1"})",
           R"({"cmd": "play", "move": ["Ann rolls"]})",
           R"({"cmd": "play", "move": "Ann rolls", "dryrun": true})",  // misspelt: no such field
           R"({"cmd": "play", "move": "Ann rolls", "at": 3})",         // a field play does not take
           R"({"cmd": "moves", "now": 12})",
           R"({"cmd": "status", "at": "3"})",
           R"({"cmd": "value", "at": true})",
           R"({"cmd": "new", "ruleset": 1, "players": ["Ann", "Ben"]})",
           R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", 2]})",
           R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": -1})",
           R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "setup": ["Ann: cash 5"]})",
           R"({"cmd": "quit", "now": "12:00:00"})",
           R"({"cmd": 5})"}) {
    const json answer = json::parse(engine.ask(request));
    EXPECT_EQ(answer["ok"], false) << request << ": " << answer.dump();
  }
  EXPECT_EQ(seq_of(engine), before) << "a request of a wrong type did something";
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "quit"})"))["ok"], true);
  EXPECT_EQ(engine.wait(), 0);
}

TEST(EngineFields, ARequestNestedTooDeepIsAnErrorNotACrash) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const json answer = json::parse(engine.ask(R"({"cmd": "status", "id": )" + deep + "}"));
  EXPECT_EQ(answer["ok"], false);
  // A modest structure as an id is still echoed, and brackets inside strings do not count.
  const json echoed = json::parse(engine.ask(R"({"cmd": "fly", "id": {"a": [1, [2, {"b": "[[[[{{{{"}]]}})"));
  EXPECT_EQ(echoed["ok"], false);
  EXPECT_EQ(echoed["id"]["a"][1][1]["b"], "[[[[{{{{");
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "quit"})"))["ok"], true);
  EXPECT_EQ(engine.wait(), 0);
}

TEST(EngineFields, AtPastTheLastEventIsAnErrorAsOnTheCommandLine) {
  const auto dir = testing::temp_dir("engine-at");
  const auto db = dir / "games.db";
  ASSERT_EQ(testing::referee(db, "new --ruleset uk-1972 --players 'Ann, Ben' --seed 7").code, 0);
  const std::int64_t last = json::parse(testing::referee(db, "status --json").out)["seq"];
  EXPECT_EQ(testing::referee(db, "status --at " + std::to_string(last + 1)).code, 1);
  PipeProcess engine({deedlog::testing::referee_program(), "--db", db.string(), "engine"});
  for (const char* cmd : {"status", "value"}) {
    const json past = json::parse(engine.ask(json{{"cmd", cmd}, {"game", 1}, {"at", last + 1}}.dump()));
    EXPECT_EQ(past["ok"], false) << cmd << ": " << past.dump();
    const json negative = json::parse(engine.ask(json{{"cmd", cmd}, {"game", 1}, {"at", -1}}.dump()));
    EXPECT_EQ(negative["ok"], false) << cmd;
    const json at_last = json::parse(engine.ask(json{{"cmd", cmd}, {"game", 1}, {"at", last}}.dump()));
    EXPECT_FALSE(at_last.contains("ok")) << cmd << ": " << at_last.dump();
  }
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "quit"})"))["ok"], true);
  EXPECT_EQ(engine.wait(), 0);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
