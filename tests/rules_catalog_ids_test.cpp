// The rule catalogue, the engine and the tests agree: every rule id the engine can cite is in
// docs/rules.md, every catalogue entry is enforced by the engine and proved by a test that
// names it (`// rule uk-1972/<id>`), and no test cites an id the catalogue lacks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace {
namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::set<std::string> matches(const std::string& text, const std::regex& re) {
  std::set<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it) out.insert((*it)[1].str());
  return out;
}

const fs::path kRoot = DEEDLOG_SOURCE_DIR;

std::set<std::string> catalogue() {
  // A catalogue entry is a table row whose first cell is a back-quoted id.
  return matches(read(kRoot / "docs/rules.md"), std::regex(R"(\n\| `([a-z0-9-]+/[a-z0-9/-]+)` \|)"));
}

std::set<std::string> engine_ids() {
  return matches(read(kRoot / "src/engine/rule_book.h"), std::regex(R"re(RuleRef k\w+\{"([^"]+)")re"));
}

std::set<std::string> tested_ids() {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(kRoot / "tests")) {
    if (e.path().extension() != ".cpp") continue;
    for (const auto& id : matches(read(e.path()), std::regex(R"(rule [a-z0-9-]+/([a-z0-9-]+/[a-z0-9/-]+))"))) out.insert(id);
  }
  return out;
}

TEST(RuleCatalogue, EveryEngineRuleIsCatalogued) {
  const auto cat = catalogue();
  ASSERT_GT(cat.size(), 50u);
  for (const auto& id : engine_ids()) EXPECT_TRUE(cat.count(id)) << id << " is cited by the engine but not in docs/rules.md";
}

TEST(RuleCatalogue, EveryCatalogueEntryIsEnforcedByTheEngine) {
  const auto eng = engine_ids();
  for (const auto& id : catalogue()) EXPECT_TRUE(eng.count(id)) << id << " is in docs/rules.md but no RuleRef names it";
}

TEST(RuleCatalogue, EveryCatalogueEntryHasATest) {
  const auto tested = tested_ids();
  for (const auto& id : catalogue()) EXPECT_TRUE(tested.count(id)) << id << " has no test citing `rule EDITION/" << id << "`";
}

TEST(RuleCatalogue, TestsCiteOnlyCataloguedRules) {
  const auto cat = catalogue();
  for (const auto& id : tested_ids()) EXPECT_TRUE(cat.count(id)) << "a test cites " << id << ", which docs/rules.md lacks";
}

}  // namespace
