// referee engine driven as a program through pipes, as a bot or a server would: the answers,
// the errors it goes on after, and the same bytes as the command line's --json for the same game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::PipeProcess;

std::string strip(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

class EngineProtocol : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::temp_dir("engine-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name())); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(EngineProtocol, NewMovesPlayStatusValueQuit) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  const json created = json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 7, "id": 1})"));
  EXPECT_EQ(created["ok"], true);
  EXPECT_EQ(created["game"], 1);
  EXPECT_EQ(created["id"], 1);
  const json moves = json::parse(engine.ask(R"({"cmd": "moves"})"));
  EXPECT_EQ(moves["player"], "Ann");
  ASSERT_FALSE(moves["moves"].empty());
  EXPECT_EQ(moves["moves"][0], "Ann rolls");
  const json played = json::parse(engine.ask(R"({"cmd": "play", "move": "Ann rolls", "id": "a"})"));
  EXPECT_EQ(played["accepted"], true);
  EXPECT_EQ(played["id"], "a");
  EXPECT_EQ(played["events"][0]["type"], "MovePlayed");
  const json status = json::parse(engine.ask(R"({"cmd": "status"})"));
  EXPECT_EQ(status["seq"], played["seq"]);
  EXPECT_EQ(status["head"], played["head"]);
  const json value = json::parse(engine.ask(R"({"cmd": "value"})"));
  EXPECT_EQ(value["players"].size(), 2u);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "quit"})"))["ok"], true);
  EXPECT_EQ(engine.wait(), 0);
}

TEST_F(EngineProtocol, ARefusedMoveIsPlaysNormalAnswerAndTheEngineGoesOn) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": "Ann, Ben", "seed": 7})");
  const json refused = json::parse(engine.ask(R"({"cmd": "play", "move": "Ben rolls"})"));
  EXPECT_EQ(refused["accepted"], false);
  EXPECT_FALSE(refused.contains("ok"));
  EXPECT_EQ(refused["events"].size(), 0u);
  EXPECT_FALSE(refused["violation"]["rule"].get<std::string>().empty());
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "play", "move": "Ann rolls"})"))["accepted"], true);
}

TEST_F(EngineProtocol, ExpectSeqConflictWritesNothing) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 7})");
  const std::int64_t seq = json::parse(engine.ask(R"({"cmd": "status"})"))["seq"];
  const json conflict = json::parse(engine.ask(
      json{{"cmd", "play"}, {"move", "Ann rolls"}, {"expect_seq", seq + 5}, {"id", 9}}.dump()));
  EXPECT_EQ(conflict["ok"], false);
  EXPECT_EQ(conflict["conflict"], true);
  EXPECT_EQ(conflict["id"], 9);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "status"})"))["seq"], seq);
  const json played = json::parse(engine.ask(json{{"cmd", "play"}, {"move", "Ann rolls"}, {"expect_seq", seq}}.dump()));
  EXPECT_EQ(played["accepted"], true);
}

TEST_F(EngineProtocol, BadRequestsAreErrorsAndTheEngineGoesOn) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  const json no_game = json::parse(engine.ask(R"({"cmd": "moves"})"));
  EXPECT_EQ(no_game["ok"], false);
  const json malformed = json::parse(engine.ask("this is not json {"));
  EXPECT_EQ(malformed["ok"], false);
  EXPECT_FALSE(malformed["error"].get<std::string>().empty());
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "fly", "id": 3})"))["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"no": "cmd"})"))["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "no-such-edition", "players": ["Ann", "Ben"]})"))["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": 5})"))["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann\"]\n[Seed \"1"]})"))["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 3})"))["ok"], true);
  const json unparsed = json::parse(engine.ask(R"({"cmd": "play", "move": "Ann juggles"})"));
  EXPECT_EQ(unparsed["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "play", "move": 12})"))["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "status", "game": 99})"))["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "play", "move": "Ann rolls"})"))["accepted"], true);
  // The end of the input ends the session as quit does.
  engine.close_input();
  EXPECT_EQ(engine.wait(), 0);
}

TEST_F(EngineProtocol, SeveralGamesPickedByGame) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 1})"))["game"], 1);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "us-standard", "players": ["Cat", "Dan", "Eve"], "seed": 2})"))["game"], 2);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "moves"})"))["player"], "Cat");
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "moves", "game": 1})"))["player"], "Ann");
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "status"})"))["ruleset"], "uk-1972");  // the last picked
}

TEST_F(EngineProtocol, ASetupStartsFromThePosition) {
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  const json created = json::parse(engine.ask(json{{"cmd", "new"}, {"ruleset", "uk-1972"}, {"players", {"Ann", "Ben"}},
                                                   {"setup", "Ann: cash 999; owns Mayfair\nTurn: Ben"}}.dump()));
  ASSERT_EQ(created["ok"], true) << created.dump();
  const json status = json::parse(engine.ask(R"({"cmd": "status"})"));
  EXPECT_EQ(status["players"][0]["cash"], 999);
  EXPECT_EQ(status["turn"]["player"], "Ben");
  const json refused = json::parse(engine.ask(json{{"cmd", "new"}, {"ruleset", "uk-1972"}, {"players", {"Ann", "Ben"}},
                                                   {"setup", "Ann: owns Mayfair (hotel)"}}.dump()));
  EXPECT_EQ(refused["ok"], false);
}

// The engine and the command line answer with the same bytes for the same game: every moves,
// play, status and value document along forty moves of a seeded game.
TEST_F(EngineProtocol, AnswersAreTheCommandLinesBytes) {
  const auto db = dir_ / "cli.db";
  ASSERT_EQ(testing::referee(db, "new --ruleset uk-1972 --players 'Ann, Ben, Cat' --seed 11").code, 0);
  PipeProcess engine({deedlog::testing::referee_program(), "engine"});
  ASSERT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben", "Cat"], "seed": 11})"))["ok"], true);
  for (int i = 0; i < 40; ++i) {
    const std::string moves = engine.ask(R"({"cmd": "moves"})");
    ASSERT_EQ(moves, strip(testing::referee(db, "--json moves").out)) << "at move " << i;
    // The first listed move that moves the game on; now and then the last (a build, a mortgage).
    const json listed = json::parse(moves)["moves"];
    ASSERT_FALSE(listed.empty());
    const std::string move = (i % 7 == 6 ? listed.back() : listed.front()).get<std::string>();
    const std::string played = engine.ask(json{{"cmd", "play"}, {"move", move}}.dump());
    ASSERT_EQ(played, strip(testing::referee(db, "--json play " + testing::quote(move)).out)) << move;
  }
  // A refusal too.
  EXPECT_EQ(engine.ask(R"({"cmd": "play", "move": "Cat buys"})"), strip(testing::referee(db, "--json play 'Cat buys'").out));
  EXPECT_EQ(engine.ask(R"({"cmd": "play", "move": "Cat buys", "dry_run": true})"),
            strip(testing::referee(db, "--json play --dry-run 'Cat buys'").out));
  EXPECT_EQ(engine.ask(R"({"cmd": "status"})"), strip(testing::referee(db, "--json status").out));
  EXPECT_EQ(engine.ask(R"({"cmd": "value"})"), strip(testing::referee(db, "--json value").out));
  EXPECT_EQ(engine.ask(R"({"cmd": "status", "at": 5})"), strip(testing::referee(db, "--json status --at 5").out));
}

TEST_F(EngineProtocol, WithDbTheGamesAreJournalled) {
  const auto db = dir_ / "engine.db";
  {
    PipeProcess engine({deedlog::testing::referee_program(), "--db", db.string(), "engine"});
    ASSERT_EQ(json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 5})"))["ok"], true);
    for (int i = 0; i < 10; ++i) {
      const json listed = json::parse(engine.ask(R"({"cmd": "moves"})"))["moves"];
      ASSERT_EQ(json::parse(engine.ask(json{{"cmd", "play"}, {"move", listed.front()}}.dump()))["accepted"], true);
    }
    const std::string status = engine.ask(R"({"cmd": "status"})");
    EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "quit"})"))["ok"], true);
    EXPECT_EQ(engine.wait(), 0);
    EXPECT_EQ(status, strip(testing::referee(db, "--json status").out));
  }
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
  // A second session picks the game up from the file.
  PipeProcess again({deedlog::testing::referee_program(), "--db", db.string(), "engine"});
  const json moves = json::parse(again.ask(R"({"cmd": "moves", "game": 1})"));
  EXPECT_EQ(moves.dump(), json::parse(testing::referee(db, "--json moves").out).dump());
}

// --ruleset-file: the engine starts games of the user's own edition, as `referee new` does
// (it was ignored, so a bot developer's edition silently became the built-in one).
// rule uk-1972-jackpot/house/free-parking-jackpot
TEST_F(EngineProtocol, RulesetFileStartsGamesOfTheUsersEdition) {
  const std::string edition = std::string(deedlog::testing::source_dir()) + "/docs/examples/uk-1972-jackpot.json";
  PipeProcess engine({deedlog::testing::referee_program(), "--ruleset-file", edition, "engine"});
  const json created = json::parse(
      engine.ask(R"({"cmd": "new", "players": ["Ann", "Ben"], "setup": "Ben: at \"Marylebone Station\""})"));
  ASSERT_EQ(created["ok"], true) << created.dump();
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "status"})"))["ruleset"], "uk-1972-jackpot");
  ASSERT_EQ(json::parse(engine.ask(R"({"cmd": "play", "move": "Ann rolls 1 3"})"))["accepted"], true);
  ASSERT_EQ(json::parse(engine.ask(R"({"cmd": "play", "move": "Ben rolls 2 3"})"))["accepted"], true);
  const json status = json::parse(engine.ask(R"({"cmd": "status"})"));
  EXPECT_EQ(status["players"][0]["cash"], 1300);  // Income Tax, into the middle
  EXPECT_EQ(status["players"][1]["cash"], 1700);  // Free Parking: the jackpot
  // Naming the built-in edition it extends is refused rather than quietly mixed.
  const json other = json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"]})"));
  EXPECT_EQ(other["ok"], false);
  EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "quit"})"))["ok"], true);
  EXPECT_EQ(engine.wait(), 0);
}

}  // namespace
}  // namespace deedlog
