// The engine's public face is include/deedlog/: what programs, the shell, viewers, bots, fuzz
// targets and benchmarks may include. The rest of src/engine (the effects, the Outcome that
// carries them, the gate, the windows policy, the rule files' shared helpers) is private, so
// a consequence can only be built inside the engine. White-box tests of the engine
// (tests/engine_*) may include the private headers; nothing else may.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "support/build_paths.h"
#include "support/source_tree.h"

namespace fs = std::filesystem;

namespace deedlog {
namespace {

std::string read(const fs::path& p) { return testing::read_source(p); }

bool is_source(const fs::path& p) { return testing::is_cpp_source(p); }

TEST(PublicFace, NothingOutsideTheEngineIncludesItsPrivateHeaders) {
  const fs::path root(deedlog::testing::source_dir());
  const std::regex private_include(R"(#include\s+"engine/[a-z_]+\.h")");
  int checked = 0;
  for (const char* dir : {"src", "include", "referee", "replay", "fuzz", "bench", "tests", "examples"}) {
    if (!fs::exists(root / dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      if (!entry.is_regular_file() || !is_source(entry.path())) continue;
      const fs::path rel = fs::relative(entry.path(), root);
      const std::string r = rel.generic_string();
      if (r.rfind("src/engine/", 0) == 0 || r.rfind("tests/engine/", 0) == 0 || r.rfind("tests/engine_", 0) == 0)
        continue;
      ++checked;
      EXPECT_FALSE(std::regex_search(read(entry.path()), private_include))
          << r << " includes a private header of the engine: include what it needs from include/deedlog/";
    }
  }
  EXPECT_GT(checked, 50);
}

TEST(PublicFace, PublicHeadersIncludeOnlyPublicHeaders) {
  const fs::path face = fs::path(deedlog::testing::source_dir()) / "include/deedlog";
  int headers = 0;
  for (const auto& entry : fs::directory_iterator(face)) {
    ++headers;
    EXPECT_EQ(read(entry.path()).find("#include \"engine/"), std::string::npos) << entry.path().filename();
  }
  EXPECT_GT(headers, 10);
}

// include/deedlog/ is installed as it is (cmake/library.cmake): each of its headers includes,
// of ours, only headers of the same folder, named "deedlog/<name>.h", so the installed folder
// needs nothing of src/ and a consumer's include path holds no bare "core/" or "rules/".
TEST(PublicFace, PublicHeadersAreSelfContained) {
  const fs::path face = fs::path(deedlog::testing::source_dir()) / "include/deedlog";
  const std::regex quoted_include(R"re(#\s*include\s*"([^"]+)")re");
  int includes = 0;
  for (const auto& entry : fs::directory_iterator(face)) {
    const std::string text = read(entry.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), quoted_include); it != std::sregex_iterator(); ++it) {
      const std::string inc = (*it)[1];
      ++includes;
      ASSERT_EQ(inc.rfind("deedlog/", 0), 0u) << entry.path().filename() << " includes " << inc << ", outside include/deedlog/";
      EXPECT_TRUE(fs::exists(face / inc.substr(8))) << entry.path().filename() << " includes " << inc << ", not in include/deedlog/";
    }
  }
  EXPECT_GT(includes, 30);
}

// The values the face is written in are in the face: the core's, the edition's, the notation's.
TEST(PublicFace, HoldsTheHeadersItIsWrittenIn) {
  const fs::path face = fs::path(deedlog::testing::source_dir()) / "include/deedlog";
  for (const char* name : {"ids.h", "money.h", "clock_stamp.h", "status.h", "name_match.h", "ruleset.h", "house_rules.h",
                           "ruleset_catalog.h", "game_file.h"})
    EXPECT_TRUE(fs::exists(face / name)) << name;
  for (const char* gone : {"src/core/money.h", "src/rules/ruleset.h", "src/notation/game_file.h"})
    EXPECT_FALSE(fs::exists(fs::path(deedlog::testing::source_dir()) / gone)) << gone << " is back beside its public copy";
}

}  // namespace
}  // namespace deedlog
