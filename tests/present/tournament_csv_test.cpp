// The CSV cells of `tournament export --csv` (present/tournament_csv.h): RFC 4180's quoting of
// commas, quotes and line breaks, and text a spreadsheet would run as a formula written as text.
#include "present/tournament_csv.h"

#include <gtest/gtest.h>

namespace deedlog {
namespace {

TEST(TournamentCsv, PlainTextIsWrittenAsItIs) {
  EXPECT_EQ(csv_text_cell("Ann"), "Ann");
  EXPECT_EQ(csv_text_cell("Ann Smith (club)"), "Ann Smith (club)");
  EXPECT_EQ(csv_text_cell(""), "");
  EXPECT_EQ(csv_text_cell("A=B"), "A=B");  // only a first character runs a formula
}

TEST(TournamentCsv, CommasQuotesAndLineBreaksAreQuoted) {
  EXPECT_EQ(csv_text_cell("Smith, Ann"), "\"Smith, Ann\"");
  EXPECT_EQ(csv_text_cell("Ann \"Ace\" Smith"), "\"Ann \"\"Ace\"\" Smith\"");
  EXPECT_EQ(csv_text_cell("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_text_cell("two\r\nlines"), "\"two\r\nlines\"");
}

TEST(TournamentCsv, AFormulaIsWrittenAsText) {
  EXPECT_EQ(csv_text_cell("=SUM(A1)"), "\"'=SUM(A1)\"");
  EXPECT_EQ(csv_text_cell("-Ann"), "\"'-Ann\"");
  EXPECT_EQ(csv_text_cell("+Ben"), "\"'+Ben\"");
  EXPECT_EQ(csv_text_cell("@Cat"), "\"'@Cat\"");
  EXPECT_EQ(csv_text_cell("\tDan"), "\"'\tDan\"");
  EXPECT_EQ(csv_text_cell("\rEve"), "\"'\rEve\"");
  EXPECT_EQ(csv_text_cell("=HYPERLINK(\"http://x\",\"y\")"), "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
}

}  // namespace
}  // namespace deedlog
