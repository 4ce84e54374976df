// The event types are declared once (include/deedlog/event_types.h); docs/journal.md's table of
// them is that declaration written out, and the named accessors read the stored fields.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "support/build_paths.h"
#include "deedlog/event_codec.h"
#include "deedlog/event_fields.h"

namespace deedlog {
namespace {

struct FieldDoc {
  EventType type;
  const char* slot;
  const char* name;
  const char* meaning;
};
struct TypeDoc {
  const char* name;
  const char* summary;
};

constexpr FieldDoc kFields[] = {
#define DEEDLOG_FIELD_DOC(Type, slot, name, Cpp, meaning) {EventType::Type, #slot, #name, meaning},
    DEEDLOG_EVENT_FIELDS(DEEDLOG_FIELD_DOC)
#undef DEEDLOG_FIELD_DOC
};
constexpr TypeDoc kTypes[] = {
#define DEEDLOG_TYPE_DOC(Type, summary) {#Type, summary},
    DEEDLOG_EVENT_TYPES(DEEDLOG_TYPE_DOC)
#undef DEEDLOG_TYPE_DOC
};

// The table docs/journal.md must hold, made from the declaration.
std::string expected_table() {
  std::string out = "| type | what it records | fields: stored as `key` name, and what it holds |\n|---|---|---|\n";
  for (int i = 0; i < kEventTypeCount; ++i) {
    out += std::string("| `") + kTypes[i].name + "` | " + kTypes[i].summary + " | ";
    bool first = true;
    for (const FieldDoc& f : kFields) {
      if (static_cast<int>(f.type) != i) continue;
      out += std::string(first ? "" : "; ") + "`" + f.slot + "` " + f.name + ": " + f.meaning;
      first = false;
    }
    out += " |\n";
  }
  return out;
}

std::string read_doc() {
  std::ifstream in(std::string(deedlog::testing::source_dir()) + "/docs/journal.md");
  std::stringstream doc;
  doc << in.rdbuf();
  return doc.str();
}

TEST(EventTypes, TheJournalDocumentHoldsTheDeclaredTable) {
  const std::string doc = read_doc();
  const std::string begin = "<!-- event types: begin -->\n", end = "<!-- event types: end -->";
  const auto b = doc.find(begin), e = doc.find(end);
  ASSERT_NE(b, std::string::npos) << "docs/journal.md lacks " << begin;
  ASSERT_NE(e, std::string::npos) << "docs/journal.md lacks " << end;
  EXPECT_EQ(doc.substr(b + begin.size(), e - b - begin.size()), expected_table())
      << "docs/journal.md's event table differs from include/deedlog/event_types.h; the table should read:\n"
      << expected_table();
}

TEST(EventTypes, EachTypeNamesAFieldOnce) {
  for (const FieldDoc& a : kFields)
    for (const FieldDoc& b : kFields)
      if (&a != &b && a.type == b.type) {
        EXPECT_STRNE(a.slot, b.slot) << event_type_name(a.type) << " declares " << a.slot << " twice";
        EXPECT_STRNE(a.name, b.name) << event_type_name(a.type) << " names two fields " << a.name;
      }
}

TEST(EventTypes, EveryTypeIsNamedAndTheNamesAreTheDeclarations) {
  ASSERT_EQ(std::size(kTypes), static_cast<std::size_t>(kEventTypeCount));
  for (int i = 0; i < kEventTypeCount; ++i)
    EXPECT_STREQ(event_type_name(static_cast<EventType>(i)), kTypes[i].name);
}

TEST(EventTypes, AccessorsReadAndWriteTheStoredFieldUnderItsName) {
  Event e;
  e.type = EventType::DiceThrown;
  fields::DiceThrown::set_doubles_run(e, 2);
  fields::DiceThrown::set_throws_again(e, true);
  EXPECT_EQ(e.count, 2);
  EXPECT_TRUE(e.flag);
  EXPECT_EQ(fields::DiceThrown::doubles_run(e), 2);

  Event r;
  r.type = EventType::RentDue;
  fields::RentDue::set_closes_on(r, PlayerOrBank{3});
  fields::RentDue::set_owner(r, PlayerId{1});
  EXPECT_EQ(r.count, 3);
  EXPECT_EQ(r.other, 1);
  EXPECT_EQ(fields::RentDue::closes_on(r).seat(), 3);

  Event j;
  j.type = EventType::SentToJail;
  fields::SentToJail::set_reason(j, JailReason::ThreeDoubles);
  EXPECT_EQ(fields::SentToJail::reason(j), JailReason::ThreeDoubles);
  EXPECT_EQ(undeclared_fields(j), "");
}

}  // namespace
}  // namespace deedlog
