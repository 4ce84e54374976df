// Event payloads round-trip exactly, and bad ones are refused with a reason.
#include <gtest/gtest.h>

#include <fstream>
#include <limits>
#include <random>
#include <sstream>

#include "support/build_paths.h"
#include "deedlog/event_codec.h"
#include "deedlog/state_check.h"
#include "engine/event_codec_json.h"

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
    // An auction's lot and square agree: a property lot (0) names its square.
    if (e.type == EventType::AuctionOpened || e.type == EventType::AuctionWon || e.type == EventType::AuctionUnsold)
      e.count = 0;
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

// The codec reads and writes payloads by hand (for speed); the reading it replaced, on
// nlohmann::json, is kept as the reference. Over many events of every type, and many payloads
// spoilt on purpose (spaces, escapes, keys twice, numbers too long or not whole, bytes cut or
// added), the two must agree: the same verdict, the same event, the same words. And the hand
// writer must write every payload byte for byte as the library did: stored hashes cover them.
class CodecAgainstReference : public ::testing::Test {
 protected:
  std::mt19937_64 rng{20261125};

  std::int64_t pick(std::initializer_list<std::int64_t> edges, std::int64_t lo, std::int64_t hi) {
    if (rng() % 3 == 0) return *(edges.begin() + static_cast<std::ptrdiff_t>(rng() % edges.size()));
    return lo + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
  }

  std::string some_text() {
    static const std::string kPieces[] = {"Ann ", "buys", " Mayfair", "\"", "\\", "\n", "\t", "\x01", "\x1f", "\x7f",
                                          "/",    "£",    "é",        "€",  "😀", "\xff", "\xc3", "\xed\xa0\x80"};
    std::string t;
    const std::size_t n = rng() % 6;
    for (std::size_t i = 0; i < n; ++i) {
      // Mostly plain words, as moves are written.
      const std::size_t k = rng() % 4 == 0 ? rng() % std::size(kPieces) : rng() % 3;
      t += kPieces[k];
    }
    return t;
  }

  Event some_event() {
    Event e;
    e.type = static_cast<EventType>(rng() % kEventTypeCount);
    const std::uint32_t slots = event_slots(e.type);
    const auto has = [&](EventSlot s) { return (slots & static_cast<std::uint32_t>(s)) != 0 && rng() % 4 != 0; };
    // A field that names a player or a square is left at its default (-1, 255) less often:
    // most types admit no sentinel there, so such an event is refused.
    const auto names = [&](EventSlot s) { return (slots & static_cast<std::uint32_t>(s)) != 0 && rng() % 16 != 0; };
    if (names(EventSlot::player)) e.player = static_cast<PlayerId>(pick({-2, -1, 0, 7}, 0, 2));
    if (names(EventSlot::other)) e.other = static_cast<PlayerId>(pick({-2, -1, 0, 7}, 0, 2));
    if (names(EventSlot::square)) e.square = static_cast<SquareId>(pick({0, 39, 40, 63, 255}, 0, 39));
    if (has(EventSlot::deck)) e.deck = static_cast<DeckId>(pick({0, 1}, 0, kDeckCount - 1));
    if (has(EventSlot::card)) e.card = static_cast<CardIndex>(pick({0, 15, 16, 63, 255}, 0, 255));
    if (has(EventSlot::die1)) e.die1 = static_cast<std::int8_t>(pick({0, 1, 6}, 0, 6));
    if (has(EventSlot::die2)) e.die2 = static_cast<std::int8_t>(pick({0, 1, 6}, 0, 6));
    if (has(EventSlot::flag)) e.flag = rng() % 2 == 0;
    if (has(EventSlot::count))
      e.count = static_cast<std::int32_t>(pick({-1'000'001, -1'000'000, 1'000'000, 1'000'001, -2147483647 - 1, 2147483647},
                                               -2, 6));
    const std::initializer_list<std::int64_t> sums = {-kMaxMoneyUnits - 1, -kMaxMoneyUnits, kMaxMoneyUnits,
                                                      kMaxMoneyUnits + 1, 999'999'999'999'999'999,
                                                      std::numeric_limits<std::int64_t>::max(),
                                                      std::numeric_limits<std::int64_t>::min() + 1};
    if (has(EventSlot::amount)) e.amount = Money{pick(sums, -100000, 100000)};
    if (has(EventSlot::amount2)) e.amount2 = Money{pick(sums, -100000, 100000)};
    if (has(EventSlot::mask)) e.mask = rng() % 3 == 0 ? rng() : rng() % (1ULL << 40);
    if (has(EventSlot::mask2)) e.mask2 = rng() % 3 == 0 ? ~0ULL : rng() % (1ULL << 40);
    if (has(EventSlot::cards)) e.cards = static_cast<std::uint8_t>(pick({0, 128, 129, 255}, 0, 255));
    if (has(EventSlot::cards2)) e.cards2 = static_cast<std::uint8_t>(pick({0, 128, 129, 255}, 0, 255));
    if (has(EventSlot::clock)) e.clock = pick(sums, 0, 1'000'000);
    if (has(EventSlot::text)) e.text = some_text();
    if (has(EventSlot::order)) {
      const std::size_t n = rng() % 20;
      for (std::size_t i = 0; i < n; ++i) e.order.push_back(static_cast<CardIndex>(pick({0, 63, 64, 255}, 0, 20)));
    }
    return e;
  }

  // A payload spoilt in one of the ways a file can be: the hand reader must leave each to the
  // library's reading, or read it as the library does.
  std::string spoil(std::string p) {
    static const std::string kBits[] = {
        " ",         "\t",        "\n",       "\\",         "\"",         "\\u0041",  "\\n",     ",",
        ":",         "{",         "}",        "[",          "]",          "-",        "0",       "01",
        "-0",        "1.0",       "1e2",      "E",          ".",          "+",        "true",    "null",
        "\xff",      "\xc3\xa9",  "\x01",     "99999999999999999999",     "18446744073709551616",
        "9223372036854775807",    "-9223372036854775808",   "1000000000000000000", ",\"player\":1",
        ",\"text\":\"x\"",        ",\"order\":[1,1]",       ",\"mask\":\"-1\"",    ",\"mask\":\"\"",
        ",\"flag\":1",            ",\"colour\":\"red\"",    "\"text\":",           "/*c*/"};
    switch (rng() % 5) {
      case 0:  // a byte cut
        if (!p.empty()) p.erase(rng() % p.size(), 1);
        break;
      case 1: {  // a piece added anywhere
        p.insert(rng() % (p.size() + 1), kBits[rng() % std::size(kBits)]);
        break;
      }
      case 2:  // a byte changed
        if (!p.empty()) p[rng() % p.size()] = static_cast<char>(rng() % 256);
        break;
      case 3:  // a piece added before the end
        if (p.size() > 1) p.insert(p.size() - 1, kBits[rng() % std::size(kBits)]);
        break;
      default:  // cut short
        p.resize(rng() % (p.size() + 1));
    }
    return p;
  }

  void expect_same_reading(const std::string& type, const std::string& payload) {
    EventBounds small;
    small.players = 3;
    small.squares = 40;
    small.cards = {16, 16};
    for (const EventBounds& bounds : {EventBounds{}, small}) {
      Event fast, reference;
      std::string fast_error, reference_error;
      const bool fast_ok = decode_event(type, payload, bounds, &fast, &fast_error);
      const bool reference_ok = decode_event_json(type, payload, bounds, &reference, &reference_error);
      ASSERT_EQ(fast_ok, reference_ok) << type << " " << payload << ": " << fast_error << reference_error;
      if (fast_ok) {
        ASSERT_EQ(fast, reference) << type << " " << payload;
      } else {
        ASSERT_EQ(fast_error, reference_error) << type << " " << payload;
      }
      ++readings;
      accepted += fast_ok ? 1 : 0;
    }
  }

  int readings = 0;
  int accepted = 0;
};

TEST_F(CodecAgainstReference, TheHandWriterWritesWhatTheLibraryWrote) {
  int written = 0;
  for (int i = 0; i < 40000; ++i) {
    const Event e = some_event();
    std::string fast, reference;
    bool fast_threw = false, reference_threw = false;
    try {
      fast = encode_payload(e);
    } catch (const std::exception&) {
      fast_threw = true;
    }
    try {
      reference = encode_payload_json(e);
    } catch (const std::exception&) {
      reference_threw = true;  // text that is not UTF-8: refused alike
    }
    ASSERT_EQ(fast_threw, reference_threw) << event_type_name(e.type) << " " << reference;
    ASSERT_EQ(fast, reference) << event_type_name(e.type);
    written += fast_threw ? 0 : 1;
  }
  EXPECT_GT(written, 30000);
}

TEST_F(CodecAgainstReference, TheHandReaderReadsAsTheLibraryRead) {
  for (int i = 0; i < 8000; ++i) {
    const Event e = some_event();
    std::string payload;
    try {
      payload = encode_payload_json(e);
    } catch (const std::exception&) {
      continue;
    }
    const std::string type = event_type_name(e.type);
    expect_same_reading(type, payload);
    // Read under another type too: its keys are then undeclared, or declared differently.
    expect_same_reading(event_type_name(static_cast<EventType>(rng() % kEventTypeCount)), payload);
    for (int k = 0; k < 8; ++k) {
      std::string spoilt = spoil(payload);
      if (k >= 4) spoilt = spoil(spoilt);
      expect_same_reading(type, spoilt);
    }
    if (HasFatalFailure()) return;
  }
  // Both verdicts were met many times.
  EXPECT_GT(accepted, readings / 20);
  EXPECT_LT(accepted, readings * 9 / 10);
}

TEST_F(CodecAgainstReference, OddPayloadsAreJudgedAlike) {
  const std::pair<const char*, const char*> cases[] = {
      {"DiceThrown", ""},
      {"DiceThrown", "{}"},
      {"DiceThrown", " {}"},
      {"DiceThrown", "{} "},
      {"DiceThrown", "{}x"},
      {"DiceThrown", "{"},
      {"DiceThrown", "{,}"},
      {"DiceThrown", R"({"die1":3,})"},
      {"DiceThrown", R"({"die1":3,"die1":4})"},
      {"DiceThrown", R"({"die1":03})"},
      {"DiceThrown", R"({"die1":-0})"},
      {"DiceThrown", R"({"die1":3.0})"},
      {"DiceThrown", R"({"die1":3e0})"},
      {"DiceThrown", R"({"die1":"3"})"},
      {"DiceThrown", R"({"die1":true})"},
      {"DiceThrown", R"({"die1":null})"},
      {"DiceThrown", R"({"di\u00651":3})"},
      {"DiceThrown", R"({ "die1" : 3 })"},
      {"DiceThrown", "{\"die1\":3}\n"},
      {"DiceThrown", R"([1,2])"},
      {"DiceThrown", R"(3)"},
      {"DiceThrown", R"("x")"},
      {"MovePlayed", R"({"text":"Ann rolls"})"},
      {"MovePlayed", R"({"text":"Ann \"rolls\""})"},
      {"MovePlayed", R"({"text":"Ann\u0020rolls"})"},
      {"MovePlayed", R"({"text":"\ud800"})"},
      {"MovePlayed", "{\"text\":\"\xc3\xa9\"}"},
      {"MovePlayed", "{\"text\":\"\xc3\"}"},
      {"MovePlayed", "{\"text\":\"a\tb\"}"},
      {"MovePlayed", "{\"text\":\"a\x7f\"}"},
      {"MovePlayed", R"({"text":""})"},
      {"MovePlayed", R"({"text":"a"})"},
      {"MovePlayed", R"({"text":"a)"},
      {"MovePlayed", R"({"text":5})"},
      {"MovePlayed", R"({"text":"x","text":"y"})"},
      {"MovePlayed", R"({"text":"a\/b\\c\"d\be\ff\ng\rh\ti"})"},
      {"MovePlayed", R"({"text":"a\qb"})"},
      {"MovePlayed", R"({"text":"a\")"},
      {"MovePlayed", R"({"text":"a\"})"},
      {"MovePlayed", R"({"text":"\"\""})"},
      {"MovePlayed", R"({"text":"\u00e9\n"})"},
      {"MovePlayed", R"({"text":"\U0041"})"},
  };
  for (const auto& [type, payload] : cases) expect_same_reading(type, payload);
  // Every payload the other types' fields allow, at their edges.
  for (int t = 0; t < kEventTypeCount; ++t) {
    const std::string type = event_type_name(static_cast<EventType>(t));
    for (const char* key : {"player", "other", "square", "deck", "card", "die1", "die2", "count", "amount", "amount2",
                            "cards", "cards2", "clock"}) {
      for (const char* v : {"-9223372036854775809", "-9223372036854775808", "-1000000000000000000",
                            "-999999999999999999", "-100000000000000001", "-2147483649", "-2147483648", "-3", "-2",
                            "-1", "0", "1", "6", "7", "8", "255", "256", "2147483647", "2147483648",
                            "999999999999999999", "1000000000000000000", "9223372036854775807",
                            "9223372036854775808", "18446744073709551615", "18446744073709551616"})
        expect_same_reading(type, std::string("{\"") + key + "\":" + v + "}");
    }
    for (const char* mask : {"\"\"", "\"0\"", "\"007\"", "\"-1\"", "\" 1\"", "\"1 \"", "\"18446744073709551615\"",
                             "\"18446744073709551616\"", "\"9999999999999999999\"", "\"00000000000000000001\"",
                             "\"000000000000000000001\"", "1", "\"1099511627775\"", "\"1099511627776\""}) {
      expect_same_reading(type, std::string("{\"mask\":") + mask + "}");
      expect_same_reading(type, std::string("{\"mask2\":") + mask + "}");
    }
    for (const char* order : {"[]", "[0]", "[63]", "[64]", "[-1]", "[1,1]", "[1,2", "[1,]", "[,1]", "[1.0]", "[\"1\"]",
                              "[[1]]", "{}", "1", "[ 1 ]"})
      expect_same_reading(type, std::string("{\"order\":") + order + "}");
    for (const char* flag : {"true", "false", "1", "0", "\"true\"", "null", "tru", "falsey"})
      expect_same_reading(type, std::string("{\"flag\":") + flag + "}");
  }
}

// docs/journal.md is the format written down: it must name every event type there is.
TEST(EventCodec, TheJournalFormatDocumentListsEveryEventType) {
  std::ifstream in(std::string(deedlog::testing::source_dir()) + "/docs/journal.md");
  std::stringstream doc;
  doc << in.rdbuf();
  for (int i = 0; i < kEventTypeCount; ++i) {
    const std::string name = std::string("`") + event_type_name(static_cast<EventType>(i)) + "`";
    EXPECT_NE(doc.str().find(name), std::string::npos) << name << " is missing from docs/journal.md";
  }
}

}  // namespace
}  // namespace deedlog
