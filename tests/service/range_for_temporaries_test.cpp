// A loop over a member of a temporary reads freed memory: in C++20 the range-for keeps only the
// outermost temporary alive, so `for (auto& e : json::parse(text)["events"])` walks a document
// already destroyed. Three tests did it and only the sanitizer build saw it, after the fact. This
// looks for the shape in every source of the project (src/, tests/, the programs, fuzz/, bench/)
// and names the line, so it fails where it is written, in any build.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/source_tree.h"

namespace fs = std::filesystem;

namespace deedlog {
namespace {

// `for (DECL : CALL(...)[KEY] ...)` or `... CALL(...).at(KEY)`: the range is a part of what a call
// returned. A call whose result is kept in the loop's own init-statement is not matched.
const std::regex& member_of_a_temporary() {
  static const std::regex shape(R"(for \([^;:]*:\s*[A-Za-z_][\w:]*\([^;]*\)\s*(\[|\.at\())");
  return shape;
}

TEST(RangeForTemporaries, NoLoopRunsOverAMemberOfATemporary) {
  std::vector<std::string> found;
  const fs::path root = deedlog::testing::source_dir();
  for (const char* folder : {"src", "include", "tests", "referee", "replay", "fuzz", "bench", "examples"}) {
    if (!fs::exists(root / folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      if (!entry.is_regular_file() || !testing::is_cpp_source(entry.path())) continue;
      if (entry.path().filename() == "range_for_temporaries_test.cpp") continue;  // its own examples
      std::istringstream lines(testing::read_source(entry.path()));
      int number = 0;
      for (std::string line; std::getline(lines, line);) {
        ++number;
        if (std::regex_search(line, member_of_a_temporary()))
          found.push_back(fs::relative(entry.path(), root).string() + ":" + std::to_string(number) + ": " + line);
      }
    }
  }
  for (const std::string& f : found) ADD_FAILURE() << f << "\n  keep what the call returns first, then loop over its member";
}

// The shape is found where it is, and not where the result is kept first.
TEST(RangeForTemporaries, TheShapeIsFoundAndAKeptResultIsNot) {
  EXPECT_TRUE(std::regex_search(std::string(R"(  for (const auto& g : json::parse(r.out).at("games")) f(g);)"),
                                member_of_a_temporary()));
  EXPECT_TRUE(std::regex_search(std::string(R"(  for (const json& e : json_of(referee(db, "log"))["events"]) {)"),
                                member_of_a_temporary()));
  EXPECT_FALSE(std::regex_search(std::string(R"(  for (const json v = json::parse(r.out); const auto& g : v.at("games")) f(g);)"),
                                 member_of_a_temporary()));
  EXPECT_FALSE(std::regex_search(std::string(R"(  for (const auto& t : tables_) heads.push_back(cli(t.game, "status")["head"]);)"),
                                 member_of_a_temporary()));
  EXPECT_FALSE(std::regex_search(std::string(R"(  for (const json& e : events["events"]) {)"), member_of_a_temporary()));
}

}  // namespace
}  // namespace deedlog
