// The rule catalogue, the engine and the tests agree: every rule id the engine can cite is in
// docs/rules.md, every catalogue entry is enforced by the engine and proved by a test that
// names it (`// rule uk-1972/<id>`), and no test cites an id the catalogue lacks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "support/build_paths.h"
#include "support/source_tree.h"

namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) { return deedlog::testing::read_source(p); }

std::set<std::string> matches(const std::string& text, const std::regex& re) {
  std::set<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it) out.insert((*it)[1].str());
  return out;
}

const fs::path kRoot = deedlog::testing::source_dir();

std::set<std::string> catalogue() {
  // A catalogue entry is a table row whose first cell is a back-quoted id.
  return matches(read(kRoot / "docs/rules.md"), std::regex(R"(\n\| `([a-z0-9-]+/[a-z0-9/-]+)` \|)"));
}

// The ids the engine names as RuleRef constants (rulings cite them)...
std::set<std::string> ruleref_ids() {
  return matches(read(kRoot / "include/deedlog/rule_book.h"), std::regex(R"re(RuleRef k\w+\{"([^"]+)")re"));
}

// ...and the rules it enforces without a ruling of their own, marked where the code applies them
// (`// rule debt/paid-when-able: ...`, or `rule ID` inside a comment, in src/engine, include/deedlog or src/rules).
std::set<std::string> engine_ids() {
  std::set<std::string> out = ruleref_ids();
  for (const char* dir : {"src/engine", "include/deedlog", "src/rules"}) {
    for (const auto& e : fs::directory_iterator(kRoot / dir)) {
      if (!e.is_regular_file()) continue;
      for (const auto& id : matches(read(e.path()), std::regex(R"(\brule ([a-z0-9-]+/[a-z0-9/-]+))"))) out.insert(id);
    }
  }
  return out;
}

std::set<std::string> tested_ids() {
  std::set<std::string> out;
  // Every layer's folder (tests/README.md): the tests are grouped in folders, not at the top.
  for (const auto& e : fs::recursive_directory_iterator(kRoot / "tests")) {
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

// A RuleRef constant no code cites is dead: its rule is marked with a comment instead.
TEST(RuleCatalogue, EveryRuleRefConstantIsCitedByCode) {
  const std::string book = read(kRoot / "include/deedlog/rule_book.h");
  std::string code;
  for (const auto& e : fs::recursive_directory_iterator(kRoot / "src"))
    if (e.path().extension() == ".cpp") code += read(e.path());
  code += read(kRoot / "include/deedlog/verbs.h");  // the gate's rows cite their rules there
  for (const auto& name : matches(book, std::regex(R"(RuleRef (k\w+)\{)")))
    EXPECT_NE(code.find("rule::" + name), std::string::npos) << name << " is declared in rule_book.h but cited nowhere";
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
