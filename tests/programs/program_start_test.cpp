// What a referee process loads when it starts: not the HTTP server (cpp-httplib, with its OpenSSL
// set-up) nor libpq, which were two thirds of a one-move ruling's instructions. `referee serve`
// runs referee-serve, the same program with the server in it, and libpq is loaded only when a
// postgresql:// journal is opened (docs/performance.md).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"

namespace deedlog {
namespace {

std::string mapped_files(int pid) {
  std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
  return std::string((std::istreambuf_iterator<char>(maps)), std::istreambuf_iterator<char>());
}

TEST(ProgramStart, ARefereeOnAnSqliteFileLoadsNeitherTheHttpServerNorLibpq) {
  const auto dir = testing::temp_dir("program-start");
  testing::PipeProcess engine({deedlog::testing::referee_program(), "--db", (dir / "g.db").string(), "engine"});
  const auto created = nlohmann::json::parse(engine.ask(R"({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben"]})"));
  ASSERT_EQ(created["ok"], true);
  const std::string maps = mapped_files(engine.pid());
  ASSERT_NE(maps.find("libsqlite3"), std::string::npos) << maps;  // the maps were read
  EXPECT_EQ(maps.find("libcpp-httplib"), std::string::npos);
  EXPECT_EQ(maps.find("libpq.so"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(engine.ask(R"({"cmd": "quit"})"))["ok"], true);
  EXPECT_EQ(engine.wait(), 0);
  std::filesystem::remove_all(dir);
}

// `referee serve` is still one command: it runs the server program in the referee's place (the
// same process id, so a signal to it reaches the server).
TEST(ProgramStart, RefereeServeRunsTheServerInItsPlace) {
  if (!DEEDLOG_WITH_SERVER) GTEST_SKIP() << "built without the HTTP server (DEEDLOG_SERVER=OFF)";
  const auto dir = testing::temp_dir("program-start-serve");
  testing::PipeProcess server({deedlog::testing::referee_program(), "--db", (dir / "club.db").string(), "serve", "--listen", "127.0.0.1:0"});
  const std::string line = server.read_line();
  EXPECT_NE(line.find("listening on http://127.0.0.1:"), std::string::npos) << line;
  EXPECT_NE(mapped_files(server.pid()).find("libcpp-httplib"), std::string::npos);
  server.send_signal(SIGTERM);
  EXPECT_EQ(server.wait(), 0);
  EXPECT_EQ(testing::run(deedlog::testing::referee_program(), "serve").code, 2);  // no --listen: the server's own usage error
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
