// Each structural setting of an edition is read in one file of the engine, its policy (see
// include/deedlog/policies.h): a rule asks the policy, so a difference between editions lives in one
// place. This test reads the engine's sources and fails on a read anywhere else.
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

struct Setting {
  const char* pattern;  // how a read of it looks in code
  const char* home;     // the only file of src/engine that may read it
};

constexpr Setting kSettings[] = {
    {R"(\.building_groups\b)", "building_group.cpp"},
    {R"(\.regions\b)", "currency.cpp"},
    {R"(\.currency_conversion\b)", "currency.cpp"},
    {R"(\.rent_window\b)", "windows.cpp"},
    {R"(\.timed\b)", "windows.cpp"},
    {R"(\.house\.)", "policies.cpp"},
    {R"(\.auctions\b)", "policies.cpp"},
    {R"(\.jailed_owner_collects_rent\b)", "policies.cpp"},
};

std::string read(const fs::path& p) { return testing::read_source(p); }

TEST(Policies, EachStructuralSettingIsReadInItsPolicyFileAlone) {
  int files = 0;
  for (const char* dir : {"src/engine", "include/deedlog"})
  for (const auto& entry : fs::directory_iterator(fs::path(deedlog::testing::source_dir()) / dir)) {
    if (entry.path().extension() != ".cpp" && entry.path().extension() != ".h") continue;
    ++files;
    // Comments may name a setting; code may not read it outside its home.
    const std::string code = std::regex_replace(read(entry.path()), std::regex(R"(//[^\n]*)"), "");
    for (const Setting& s : kSettings) {
      if (entry.path().filename() == s.home) continue;
      EXPECT_FALSE(std::regex_search(code, std::regex(s.pattern)))
          << entry.path().filename() << " reads a setting (" << s.pattern << ") that only " << s.home << " may read";
    }
  }
  EXPECT_GT(files, 20);
}

}  // namespace
}  // namespace deedlog
