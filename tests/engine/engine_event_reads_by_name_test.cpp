// Every read of an event's field goes through the name its type declares (event_types.h, read
// through event_fields.h: fields::DiceThrown::doubles_run(e)), or, where code serves several types
// at once, through fields::shared. Only the codec and the declaration itself touch the stored
// fields by their stored names. This test reads the sources and fails on a raw read
// (`e.count`, `ev.event.amount`, `c.e.square`) anywhere else; writes (`e.count = 2`) may stay.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/source_tree.h"

namespace fs = std::filesystem;

namespace deedlog {
namespace {

// The stored fields a type names by meaning (the player and the clock are read as they are).
constexpr const char* kFields =
    "count|flag|amount2|amount|mask2|mask|cards2|cards|die1|die2|square|other|card|deck|order|text";

// The files that may read the stored fields raw: the codec and the declaration.
const std::set<std::string> kAllowed = {
    "src/engine/event_codec.cpp", "src/engine/event_codec_json.h", "include/deedlog/event_fields.h",
    "include/deedlog/event_types.h", "include/deedlog/event.h"};

fs::path source_dir() {
  if (const char* dir = std::getenv("deedlog::testing::source_dir()"); dir != nullptr && *dir != '\0') return dir;
  return deedlog::testing::source_dir();
}

struct Scan {
  int files = 0;
  int named = 0;  // reads through fields::Type::name or fields::shared
  std::vector<std::string> raw;
};

Scan scan() {
  Scan out;
  const std::string fields = kFields;
  // A value of type Event, by the names the code gives it, or a logged event's `.event`.
  const std::regex declared(R"(\bEvent\s*&?\s+(\w+)\s*[=;:),])");
  const std::regex named(R"(\bfields::\w+::\w+\()");
  const fs::path root = source_dir();
  for (const char* dir : {"src", "include", "python", "referee", "replay"}) {
    if (!fs::exists(root / dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      if (!entry.is_regular_file() || !testing::is_cpp_source(entry.path())) continue;
      const std::string rel = fs::relative(entry.path(), root).generic_string();
      ++out.files;
      // Comments may name a field; code may not read it.
      const std::string code = std::regex_replace(testing::read_source(entry.path()), std::regex(R"(//[^\n]*)"), "");
      out.named += static_cast<int>(std::distance(std::sregex_iterator(code.begin(), code.end(), named), std::sregex_iterator()));
      if (kAllowed.count(rel) != 0) continue;
      std::set<std::string> names = {"e", "ev", "event"};
      for (auto it = std::sregex_iterator(code.begin(), code.end(), declared); it != std::sregex_iterator(); ++it)
        names.insert((*it)[1].str());
      std::string alternatives = "event";  // x.event.count
      for (const std::string& n : names) alternatives += "|" + n;
      // A read: the field not written (`= x`, `+= x`, `-= x`, a non-const call on a list).
      const std::regex read("(?:^|[^\\w])(?:" + alternatives + ")\\.(" + fields +
                            ")\\b(?!\\s*(?:\\(|=[^=]|\\+=|-=|\\.(?:insert|push_back|append|clear|assign)\\())");
      std::size_t line = 1, counted_to = 0;
      for (auto it = std::sregex_iterator(code.begin(), code.end(), read); it != std::sregex_iterator(); ++it) {
        const std::size_t at = static_cast<std::size_t>(it->position(0));
        for (; counted_to < at; ++counted_to)
          if (code[counted_to] == '\n') ++line;
        out.raw.push_back(rel + ":" + std::to_string(line) + ": " + it->str(0));
      }
    }
  }
  return out;
}

TEST(EventFields, EveryFieldIsReadThroughItsDeclaredName) {
  const Scan s = scan();
  std::cout << "files " << s.files << ", reads by name " << s.named << ", raw reads " << s.raw.size() << "\n";
  EXPECT_GT(s.files, 100);
  for (const std::string& r : s.raw)
    ADD_FAILURE() << r << ": read the field through its declared name (include/deedlog/event_fields.h)";
}

// The scan sees what it must: a raw read in a file is found, a write and a read by name are not.
TEST(EventFields, TheScanFindsARawRead) {
  const std::string fields = kFields;
  const std::regex read("(?:^|[^\\w])(?:event|e|ev)\\.(" + fields +
                        ")\\b(?!\\s*(?:\\(|=[^=]|\\+=|-=|\\.(?:insert|push_back|append|clear|assign)\\())");
  EXPECT_TRUE(std::regex_search("x = e.count + 1;", read));
  EXPECT_TRUE(std::regex_search("if (ev.event.square == 3)", read));
  EXPECT_TRUE(std::regex_search("f(c.e.amount);", read));
  EXPECT_FALSE(std::regex_search("e.count = 2;", read));
  EXPECT_FALSE(std::regex_search("e.order.push_back(c);", read));
  EXPECT_FALSE(std::regex_search("fields::DiceThrown::doubles_run(e)", read));
  EXPECT_TRUE(std::regex_search("by->event.text", read));
  EXPECT_FALSE(std::regex_search("cmd.square", read));
  EXPECT_FALSE(std::regex_search("e.square(3)", read));
}

}  // namespace
}  // namespace deedlog
