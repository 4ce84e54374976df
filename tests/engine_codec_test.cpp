// Event payloads round-trip exactly, and bad ones are refused with a reason.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/event_codec.h"

namespace deedlog {
namespace {

TEST(EventCodec, EveryTypeHasANameThatRoundTrips) {
  for (int i = 0; i < kEventTypeCount; ++i) {
    EventType t{};
    ASSERT_TRUE(event_type_from_name(event_type_name(static_cast<EventType>(i)), &t)) << i;
    EXPECT_EQ(static_cast<int>(t), i);
  }
}

TEST(EventCodec, PayloadRoundTripsExactly) {
  Event e;
  e.type = EventType::DeckShuffled;
  e.player = 3;
  e.other = kBank;
  e.square = 39;
  e.deck = DeckId::CommunityChest;
  e.card = 4;
  e.die1 = 6;
  e.die2 = 1;
  e.flag = true;
  e.count = -3;
  e.amount = Money{1234567};
  e.text = "Ann draws \"Advance to Mayfair\"";
  e.order = {3, 1, 2};
  Event back;
  std::string error;
  ASSERT_TRUE(decode_event("DeckShuffled", encode_payload(e), &back, &error)) << error;
  EXPECT_EQ(back, e);
  EXPECT_EQ(encode_payload(Event{}), "{}");
}

TEST(EventCodec, BadPayloadsAreRefused) {
  Event e;
  std::string error;
  EXPECT_FALSE(decode_event("NoSuchEvent", "{}", &e, &error));
  EXPECT_FALSE(decode_event("DiceThrown", "[1,2]", &e, &error));
  EXPECT_FALSE(decode_event("DiceThrown", "{\"die1\":9}", &e, &error));
  EXPECT_FALSE(decode_event("DiceThrown", "{\"player\":\"x\"}", &e, &error));
  EXPECT_FALSE(decode_event("DiceThrown", "not json", &e, &error));
}

// docs/journal.md is the format written down: it must name every event type there is.
TEST(EventCodec, TheJournalFormatDocumentListsEveryEventType) {
  std::ifstream in(std::string(DEEDLOG_SOURCE_DIR) + "/docs/journal.md");
  std::stringstream doc;
  doc << in.rdbuf();
  for (int i = 0; i < kEventTypeCount; ++i) {
    const std::string name = std::string("`") + event_type_name(static_cast<EventType>(i)) + "`";
    EXPECT_NE(doc.str().find(name), std::string::npos) << name << " is missing from docs/journal.md";
  }
}

}  // namespace
}  // namespace deedlog
