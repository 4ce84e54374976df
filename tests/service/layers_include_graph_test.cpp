// The shell's layers (docs/design.md, "The layers"): each folder of src/ may include
// only the folders below it, so a use case cannot print, the words cannot reach the journal
// around GameLog, and the programs stay thin. A new include that crosses a layer fails here,
// where it was written, with the rule it broke.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/source_tree.h"

namespace fs = std::filesystem;

namespace deedlog {
namespace {

std::string read(const fs::path& p) { return testing::read_source(p); }

bool is_source(const fs::path& p) { return testing::is_cpp_source(p); }

// What each folder may include (its own folder always). "deedlog" is include/deedlog/, the
// engine's public face; src/engine is private to itself (tests/engine/engine_public_face_test.cpp).
// include/deedlog/ also holds the few headers of the layers below and beside the engine that
// the face is written in (so the installed folder is whole): each of those counts as its own
// layer, wherever it lives (face_layers() below).
const std::map<std::string, std::set<std::string>>& allowed() {
  static const std::map<std::string, std::set<std::string>> table = {
      {"core", {}},
      {"cli", {"core"}},
      {"rules", {"core"}},
      {"journal", {"core"}},
      {"engine", {"core", "rules", "deedlog"}},
      {"deedlog", {"core", "rules"}},
      {"notation", {"core", "rules", "deedlog"}},
      {"service", {"core", "rules", "deedlog", "notation", "journal"}},
      {"present", {"core", "rules", "deedlog", "notation", "journal", "service"}},
      {"bots", {"core", "rules", "deedlog", "notation", "journal", "service", "present"}},
      {"replay", {"core", "rules", "deedlog", "notation", "journal", "service", "present"}},
      // The analysis: play-outs of the built-in players from a position (analyse, chances, the
      // price of a trade, the analyst player the match is given).
      {"analysis", {"core", "rules", "deedlog", "notation", "journal", "service", "present", "bots"}},
      {"commands", {"core", "rules", "deedlog", "notation", "journal", "service", "present", "bots", "analysis", "replay"}},
      // The server: its routes call the services the commands call and answer with present's JSON;
      // it reuses a few of the commands' helpers (the options they share, a move's stamp).
      {"serve", {"core", "rules", "deedlog", "notation", "journal", "service", "present", "bots", "analysis", "replay", "commands"}},
  };
  return table;
}

// The headers of include/deedlog/ that belong to a layer other than the engine's face: the
// core values, the edition, the notation's game file. A header of include/deedlog/ not named
// here is the engine's face ("deedlog").
const std::map<std::string, std::string>& face_layers() {
  static const std::map<std::string, std::string> table = {
      {"ids.h", "core"},         {"money.h", "core"},       {"clock_stamp.h", "core"},
      {"status.h", "core"},      {"name_match.h", "core"},  {"ruleset.h", "rules"},
      {"house_rules.h", "rules"}, {"ruleset_catalog.h", "rules"}, {"game_file.h", "notation"},
  };
  return table;
}

std::string layer_of_face_header(const std::string& name) {
  const auto it = face_layers().find(name);
  return it == face_layers().end() ? "deedlog" : it->second;
}

// The layer a quoted include names: "present/money_words.h" -> present, "deedlog/money.h" ->
// core, "deedlog/decide.h" -> deedlog.
std::string folder_of_include(const std::string& path) {
  const std::string folder = path.substr(0, path.find('/'));
  return folder == "deedlog" ? layer_of_face_header(path.substr(folder.size() + 1)) : folder;
}

struct Crossing {
  std::string file;
  std::string include;
};

std::vector<Crossing> crossings() {
  const fs::path root(deedlog::testing::source_dir());
  std::vector<Crossing> out;
  const std::regex include_line(R"re(#include\s+"([a-z_]+/[^"]+)")re");
  auto check_dir = [&](const fs::path& dir, const std::string& folder_layer) {
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      if (!entry.is_regular_file() || !is_source(entry.path())) continue;
      const std::string layer =
          folder_layer == "deedlog" ? layer_of_face_header(entry.path().filename().string()) : folder_layer;
      const std::string text = read(entry.path());
      for (auto it = std::sregex_iterator(text.begin(), text.end(), include_line); it != std::sregex_iterator(); ++it) {
        const std::string inc = (*it)[1];
        const std::string target = folder_of_include(inc);
        if (target == layer) continue;
        if (!allowed().at(layer).count(target))
          out.push_back({fs::relative(entry.path(), root).generic_string(), inc});
      }
    }
  };
  for (const auto& [layer, _] : allowed()) {
    const fs::path dir = layer == "deedlog" ? root / "include/deedlog" : root / "src" / layer;
    if (fs::exists(dir)) check_dir(dir, layer);
  }
  return out;
}

TEST(Layers, EveryFolderIncludesOnlyTheLayersBelowIt) {
  for (const Crossing& c : crossings()) ADD_FAILURE() << c.file << " includes " << c.include << ": a layer above it";
}

TEST(Layers, EveryFolderOfSrcHasItsRule) {
  for (const auto& entry : fs::directory_iterator(fs::path(deedlog::testing::source_dir()) / "src")) {
    if (!entry.is_directory()) continue;
    const std::string name = entry.path().filename().string();
    if (name == "python") continue;  // bindings: a program of their own, like referee/
    EXPECT_TRUE(allowed().count(name)) << "src/" << name << " has no rule in this test: say what it may include";
  }
}

// GameLog (src/service/game_log.cpp) is the one reader of stored events above the journal:
// every other reader gets events it has checked. The engine's codec is also used by the
// engine itself, the fuzz targets and tests of the codec.
TEST(Layers, OnlyGameLogDecodesStoredEvents) {
  const fs::path root(deedlog::testing::source_dir());
  int files = 0;
  for (const char* dir : {"src", "referee", "replay"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      if (!entry.is_regular_file() || !is_source(entry.path())) continue;
      const std::string rel = fs::relative(entry.path(), root).generic_string();
      if (rel.rfind("src/engine/", 0) == 0 || rel == "src/service/game_log.cpp") continue;
      ++files;
      EXPECT_EQ(read(entry.path()).find("decode_event("), std::string::npos)
          << rel << " decodes stored events itself: read them through GameLog (service/game_log.h)";
    }
  }
  EXPECT_GT(files, 40);
}

// Every header the table gives a layer is in include/deedlog/ (a renamed or moved one would
// otherwise count as the engine's face, or not at all).
TEST(Layers, TheFaceHeadersOfOtherLayersExist) {
  const fs::path face = fs::path(deedlog::testing::source_dir()) / "include/deedlog";
  for (const auto& [name, layer] : face_layers())
    EXPECT_TRUE(fs::exists(face / name)) << "include/deedlog/" << name << " (" << layer << ") is not there";
}

// The layers of include/deedlog/'s headers are judged as strictly as src/'s folders: the core
// values include nothing of ours above the core, the edition only the core, the engine's face
// not the notation.
TEST(Layers, TheFaceIsJudgedByEachHeadersLayer) {
  EXPECT_EQ(folder_of_include("deedlog/money.h"), "core");
  EXPECT_EQ(folder_of_include("deedlog/ruleset.h"), "rules");
  EXPECT_EQ(folder_of_include("deedlog/game_file.h"), "notation");
  EXPECT_EQ(folder_of_include("deedlog/decide.h"), "deedlog");
  EXPECT_FALSE(allowed().at("core").count("rules"));
  EXPECT_FALSE(allowed().at("rules").count("deedlog"));
  EXPECT_FALSE(allowed().at("deedlog").count("notation"));
  EXPECT_FALSE(allowed().at("journal").count("deedlog"));
}

// The engine's test program links the engine alone (cmake/tests.cmake): its tests and the
// support headers they include, followed to the end, name nothing above the engine (the words a
// refusal makes are tests/present's; a failed engine check prints support/refusal_facts.h).
TEST(Layers, EngineTestsIncludeNothingAboveTheEngine) {
  const fs::path root(deedlog::testing::source_dir());
  const std::regex include_line(R"re(#include\s+"([a-z_]+/[^"]+)")re");
  std::set<std::string> engine_may = allowed().at("engine");
  engine_may.insert("engine");
  std::vector<fs::path> todo;
  for (const auto& entry : fs::directory_iterator(root / "tests/engine"))
    if (entry.is_regular_file() && is_source(entry.path())) todo.push_back(entry.path());
  ASSERT_GT(todo.size(), 10u);
  std::set<std::string> seen;
  while (!todo.empty()) {
    const fs::path file = todo.back();
    todo.pop_back();
    const std::string text = read(file);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), include_line); it != std::sregex_iterator(); ++it) {
      const std::string inc = (*it)[1];
      if (inc.rfind("support/", 0) == 0) {
        if (seen.insert(inc).second) todo.push_back(root / "tests" / inc);
        continue;
      }
      EXPECT_TRUE(engine_may.count(folder_of_include(inc)))
          << fs::relative(file, root).generic_string() << " includes " << inc << ": above the engine";
    }
  }
  EXPECT_TRUE(seen.count("support/table.h"));
}

// The crossings test is only as good as its reading of includes: it must see some.
TEST(Layers, TheCheckSeesTheIncludesItJudges) {
  const std::string text = read(fs::path(deedlog::testing::source_dir()) / "src/commands/referee_commands.cpp");
  EXPECT_NE(text.find("#include \"service/game_log.h\""), std::string::npos);
}

}  // namespace
}  // namespace deedlog
