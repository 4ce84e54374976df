// Event payloads round-trip exactly, and bad ones are refused with a reason.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "deedlog/event_codec.h"

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
  e.deck = DeckId::CommunityChest;
  e.order = {3, 1, 2};
  Event back;
  std::string error;
  ASSERT_TRUE(decode_event("DeckShuffled", encode_payload(e), &back, &error)) << error;
  EXPECT_EQ(back, e);
  EXPECT_EQ(encode_payload(Event{}), "{}");
}

// Every type round-trips with every field it declares set away from its default.
TEST(EventCodec, EveryDeclaredFieldRoundTrips) {
  for (int i = 0; i < kEventTypeCount; ++i) {
    Event e;
    e.type = static_cast<EventType>(i);
    const std::uint32_t slots = event_slots(e.type);
    const auto has = [&](EventSlot s) { return (slots & static_cast<std::uint32_t>(s)) != 0; };
    if (has(EventSlot::player)) e.player = 2;
    if (has(EventSlot::other)) e.other = 1;
    if (has(EventSlot::square)) e.square = 39;
    if (has(EventSlot::deck)) e.deck = DeckId::CommunityChest;
    if (has(EventSlot::card)) e.card = 4;
    if (has(EventSlot::die1)) e.die1 = 6;
    if (has(EventSlot::die2)) e.die2 = 1;
    if (has(EventSlot::flag)) e.flag = true;
    if (has(EventSlot::count)) e.count = 2;
    if (has(EventSlot::amount)) e.amount = Money{1234567};
    if (has(EventSlot::amount2)) e.amount2 = Money{-5};
    if (has(EventSlot::mask)) e.mask = 0x3;
    if (has(EventSlot::mask2)) e.mask2 = 0x8000000000ULL;
    if (has(EventSlot::cards)) e.cards = 1;
    if (has(EventSlot::cards2)) e.cards2 = 2;
    if (has(EventSlot::clock)) e.clock = 3600;
    if (has(EventSlot::text)) e.text = "Ann draws \"Advance to Mayfair\"";
    if (has(EventSlot::order)) e.order = {3, 1, 2};
    EXPECT_EQ(undeclared_fields(e), "") << event_type_name(e.type);
    Event back;
    std::string error;
    ASSERT_TRUE(decode_event(event_type_name(e.type), encode_payload(e), &back, &error))
        << event_type_name(e.type) << ": " << error;
    EXPECT_EQ(back, e) << event_type_name(e.type);
  }
}

// A stored event says only what its type declares: a field of another type's is refused,
// as is a key no event has.
TEST(EventCodec, AFieldTheTypeDoesNotDeclareIsRefused) {
  Event e;
  std::string error;
  EXPECT_FALSE(decode_event("RentPaid", R"({"player":0,"die1":3})", &e, &error));
  EXPECT_NE(error.find("die1"), std::string::npos) << error;
  EXPECT_FALSE(decode_event("TurnStarted", R"({"player":0,"count":3})", &e, &error));
  EXPECT_FALSE(decode_event("TurnStarted", R"({"player":0,"colour":"red"})", &e, &error));
  EXPECT_TRUE(decode_event("TurnStarted", R"({"player":0})", &e, &error)) << error;
  Event wrong;
  wrong.type = EventType::TurnStarted;
  wrong.count = 3;
  EXPECT_EQ(undeclared_fields(wrong), "count");
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
