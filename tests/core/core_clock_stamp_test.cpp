// The @TIME stamps as seconds: the computer edition's ten-second windows are measured with them.
#include <gtest/gtest.h>

#include "deedlog/clock_stamp.h"

namespace deedlog {
namespace {

TEST(ClockStamp, ATimeOfDayIsSecondsSinceMidnight) {
  EXPECT_EQ(clock_seconds("19:42:10"), 19 * 3600 + 42 * 60 + 10);
  EXPECT_EQ(clock_seconds("00:00"), 0);
  EXPECT_EQ(clock_seconds("23:59:59.250"), 86399);
}

TEST(ClockStamp, AFullTimeIsSecondsSince1970Utc) {
  EXPECT_EQ(clock_seconds("2026-11-22T19:00:00Z"), 1795374000);
  EXPECT_EQ(clock_seconds("2026-11-22T20:00:00+01:00"), 1795374000);
  EXPECT_EQ(clock_seconds("2026-11-22T18:30:00-0030"), 1795374000);
  EXPECT_EQ(clock_seconds("2000-02-29T00:00:00Z"), 951782400);
  EXPECT_TRUE(is_dated("2026-11-22T19:00:00Z"));
  EXPECT_FALSE(is_dated("19:00:00"));
}

TEST(ClockStamp, AnythingElseIsNoTime) {
  for (const char* bad : {"", "7:00", "24:00", "19:60", "19:00:61", "19:00:00.", "19:00:00x", "2026-02-29T10:00:00Z",
                          "2026-13-01T10:00:00Z", "2026-11-22 19:00:00", "2026-11-22T19:00:00+1", "tomorrow"})
    EXPECT_EQ(clock_seconds(bad), kNoTime) << bad;
}

TEST(ClockStamp, SecondsBetweenStamps) {
  EXPECT_EQ(seconds_between(clock_seconds("19:00:00"), clock_seconds("19:00:11")), 11);
  // Past midnight with times of day alone: the later one is taken to be within a day.
  EXPECT_EQ(seconds_between(clock_seconds("23:59:58"), clock_seconds("00:00:07")), 9);
  EXPECT_EQ(seconds_between(clock_seconds("2026-11-22T23:59:58Z"), clock_seconds("2026-11-23T00:00:07Z")), 9);
  // A dated stamp and a time of day are compared by the time of day (UTC).
  EXPECT_EQ(seconds_between(clock_seconds("2026-11-22T19:00:00Z"), clock_seconds("19:00:12")), 12);
  // An answer stamped before the question (written to the minute, or out of order) is early, not
  // a day late.
  EXPECT_EQ(seconds_between(clock_seconds("19:42:30"), clock_seconds("19:42")), -30);
  EXPECT_EQ(seconds_between(clock_seconds("00:00:05"), clock_seconds("23:59:59")), -6);
  EXPECT_FALSE(seconds_between(kNoTime, clock_seconds("19:00:00")).has_value());
  EXPECT_FALSE(seconds_between(clock_seconds("19:00:00"), kNoTime).has_value());
}

// Stamps as the replay shows them: no "@", a full stamp's date and time apart.
TEST(ClockStamp, ReadableForms) {
  EXPECT_EQ(readable_stamp("@21:47:55"), "21:47:55");
  EXPECT_EQ(readable_stamp("21:47"), "21:47");
  EXPECT_EQ(readable_stamp("@2026-11-22T20:15:02Z"), "2026-11-22 20:15:02 UTC");
  EXPECT_EQ(readable_stamp("2026-11-22T20:15:02+01:00"), "2026-11-22 20:15:02 +01:00");
  EXPECT_EQ(readable_stamp("soon"), "soon");
  EXPECT_EQ(readable_move_text("@21:47:55 Ann claims rent"), "21:47:55 · Ann claims rent");
  EXPECT_EQ(readable_move_text("Ann claims rent"), "Ann claims rent");
}

// A [TimeLimit] in seconds: hours, minutes and seconds as the header gives them.
TEST(ClockStamp, TimeLimitsInSeconds) {
  EXPECT_EQ(duration_seconds("90m"), 5400);
  EXPECT_EQ(duration_seconds("1h30m"), 5400);
  EXPECT_EQ(duration_seconds("45s"), 45);
  EXPECT_EQ(duration_seconds("1m30s"), 90);
  EXPECT_EQ(duration_seconds("1h0m5s"), 3605);
  EXPECT_FALSE(duration_seconds("0s").has_value());
  EXPECT_FALSE(duration_seconds("30").has_value());
  EXPECT_FALSE(duration_seconds("5x").has_value());
}

}  // namespace
}  // namespace deedlog
