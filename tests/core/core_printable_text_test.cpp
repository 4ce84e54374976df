// Tests of stored free text as it is shown (core/printable_text.h): what acts on a terminal or a
// page is written out, everything else is left as written.
#include <gtest/gtest.h>

#include "core/printable_text.h"

namespace deedlog {
namespace {

TEST(PrintableText, WritesOutControlsAndTextDirectionCharacters) {
  EXPECT_EQ(printable_text("a\x1b[31mb"), "a<U+001B>[31mb");                 // ESC
  EXPECT_EQ(printable_text("a\nb\rc"), "a<U+000A>b<U+000D>c");               // line breaks
  EXPECT_EQ(printable_text("a\x7f" "b"), "a<U+007F>b");                      // DEL
  EXPECT_EQ(printable_text("a\xc2\x85" "b\xc2\x9b"), "a<U+0085>b<U+009B>");  // C1: NEL, CSI
  EXPECT_EQ(printable_text("a\xe2\x80\xae" "b"), "a<U+202E>b");              // right-to-left override
  EXPECT_EQ(printable_text("\xe2\x81\xa6" "x\xe2\x81\xa9"), "<U+2066>x<U+2069>");  // isolates
  EXPECT_EQ(printable_text("\xe2\x80\x8f" "\xd8\x9c"), "<U+200F><U+061C>");  // RLM, Arabic letter mark
  EXPECT_EQ(printable_text("a\tb"), "a b");
}

TEST(PrintableText, LeavesOrdinaryTextAlone) {
  for (const char* text : {"Ann buys  # paid in cash", "Zoë", "Ελένη", "Мария", "שרה", "مريم", "李", "🎲 rolled", ""})
    EXPECT_EQ(printable_text(text), text);
}

TEST(PrintableText, ShowsABrokenSequenceAsTheReplacementCharacter) {
  EXPECT_EQ(printable_text("a\xff" "b"), "a\xef\xbf\xbd" "b");
  EXPECT_EQ(printable_text("a\xe2\x80"), "a\xef\xbf\xbd\xef\xbf\xbd");
}

}  // namespace
}  // namespace deedlog
