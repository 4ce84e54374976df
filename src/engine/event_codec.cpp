#include "deedlog/event_codec.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <fmt/format.h>
#include <limits>
#include <nlohmann/json.hpp>
#include <string_view>
#include <type_traits>

#include "deedlog/event_text.h"
#include "deedlog/state_check.h"
#include "engine/event_codec_json.h"

namespace deedlog {
namespace {

constexpr std::array<std::string_view, kEventTypeCount> kNames = {
#define DEEDLOG_EVENT_NAME(Type, summary) #Type,
    DEEDLOG_EVENT_TYPES(DEEDLOG_EVENT_NAME)
#undef DEEDLOG_EVENT_NAME
};

constexpr std::array<std::uint32_t, kEventTypeCount> kSlots = [] {
  std::array<std::uint32_t, kEventTypeCount> slots{};
#define DEEDLOG_EVENT_SLOT(Type, slot, name, Cpp, meaning) \
  slots[static_cast<std::size_t>(EventType::Type)] |= static_cast<std::uint32_t>(EventSlot::slot);
  DEEDLOG_EVENT_FIELDS(DEEDLOG_EVENT_SLOT)
#undef DEEDLOG_EVENT_SLOT
  return slots;
}();

// The payload's keys: the stored fields' names.
constexpr std::array<std::string_view, kEventSlotCount> kSlotKeys = {
    "player", "other", "square", "deck", "card", "die1", "die2", "flag", "count",
    "amount", "amount2", "mask", "mask2", "cards", "cards2", "clock", "text", "order"};

bool uses(EventType t, EventSlot slot) {
  return (kSlots[static_cast<std::size_t>(t)] & static_cast<std::uint32_t>(slot)) != 0;
}

// count is a number of squares, buildings, turns or a percentage.
constexpr std::int32_t kMaxCount = 1'000'000;

// A mask as the codec writes it: decimal digits only (std::stoull alone would take "-1" or
// " 12" and wrap or skip).
std::uint64_t parse_mask(const std::string& text) {
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
    throw std::invalid_argument("not a decimal number");
  return std::stoull(text);
}

bool mask_within(std::uint64_t mask, int squares) { return squares >= 64 || (mask >> squares) == 0; }

// What a stored field that names something may hold, from its declared C++ type
// (event_types.h): a plain PlayerId, SquareId or CardIndex is an index in range and nothing
// else; PlayerOrBank, PlayerOrReferee and SquareOrNone admit their one sentinel besides; an
// enum one of its values.
enum class Kind : std::uint8_t {
  Free, Seat, SeatOrBank, SeatOrReferee, Square, SquareOrNone, Card, Lot, Type, Reason, Exit
};

template <typename Cpp>
constexpr Kind kind_of(EventSlot slot) {
  using T = std::remove_cv_t<std::remove_reference_t<Cpp>>;
  if constexpr (std::is_same_v<T, PlayerOrBank>) return Kind::SeatOrBank;
  else if constexpr (std::is_same_v<T, PlayerOrReferee>) return Kind::SeatOrReferee;
  else if constexpr (std::is_same_v<T, SquareOrNone>) return Kind::SquareOrNone;
  else if constexpr (std::is_same_v<T, AuctionLot>) return Kind::Lot;
  else if constexpr (std::is_same_v<T, EventType>) return Kind::Type;
  else if constexpr (std::is_same_v<T, JailReason>) return Kind::Reason;
  else if constexpr (std::is_same_v<T, JailExit>) return Kind::Exit;
  else if constexpr (std::is_same_v<T, PlayerId>) return Kind::Seat;
  else if constexpr (std::is_same_v<T, std::uint8_t>)  // SquareId and CardIndex: the slot tells
    return slot == EventSlot::square ? Kind::Square : slot == EventSlot::card ? Kind::Card : Kind::Free;
  else return Kind::Free;
}

constexpr int slot_index(EventSlot slot) { return __builtin_ctz(static_cast<std::uint32_t>(slot)); }

using KindRow = std::array<Kind, kEventSlotCount>;
constexpr std::array<KindRow, kEventTypeCount> kKinds = [] {
  std::array<KindRow, kEventTypeCount> kinds{};
#define DEEDLOG_EVENT_KIND(Type, slot, name, Cpp, meaning) \
  kinds[static_cast<std::size_t>(EventType::Type)][static_cast<std::size_t>(slot_index(EventSlot::slot))] = kind_of<Cpp>(EventSlot::slot);
  DEEDLOG_EVENT_FIELDS(DEEDLOG_EVENT_KIND)
#undef DEEDLOG_EVENT_KIND
  return kinds;
}();

// The value of a slot that can name something (player, other, square, card, count).
std::int64_t naming_value(const Event& e, int slot) {
  switch (static_cast<EventSlot>(1u << static_cast<unsigned>(slot))) {
    case EventSlot::player: return e.player;
    case EventSlot::other: return e.other;
    case EventSlot::square: return e.square;
    case EventSlot::card: return e.card;
    case EventSlot::count: return e.count;
    default: return 0;
  }
}

// "" when every field that names a player, a square, a card or an enum's value names one this
// game has, or the sentinel its type admits. A field the type declares but the payload leaves
// out holds its default (-1, 255), which is checked like any other value: a TurnStarted with
// no player names nobody, and is refused.
std::string names_out_of_range(const Event& e, const EventBounds& b) {
  const KindRow& kinds = kKinds[static_cast<std::size_t>(e.type)];
  const int cards = b.cards[static_cast<std::size_t>(e.deck)];
  for (int slot = 0; slot < kEventSlotCount; ++slot) {
    const Kind kind = kinds[static_cast<std::size_t>(slot)];
    if (kind == Kind::Free) continue;
    const std::int64_t v = naming_value(e, slot);
    const bool seat = v >= 0 && v < b.players;
    const bool square = v >= 0 && v < b.squares;
    const char* key = kSlotKeys[static_cast<std::size_t>(slot)].data();
    switch (kind) {
      case Kind::Free: break;
      case Kind::Seat:
        if (!seat) return fmt::format("its {} names player {}, not a seat at this table of {}", key, v, b.players);
        break;
      case Kind::SeatOrBank:
        if (!seat && v != kBank)
          return fmt::format("its {} names player {}, neither a seat at this table of {} nor the Bank", key, v, b.players);
        break;
      case Kind::SeatOrReferee:
        if (!seat && v != kReferee)
          return fmt::format("its {} names player {}, neither a seat at this table of {} nor the referee", key, v, b.players);
        break;
      case Kind::Square:
        if (!square) return fmt::format("its {} names square {}, not one of the board's {}", key, v, b.squares);
        break;
      case Kind::SquareOrNone:
        if (!square && v != kNoSquare) return fmt::format("its {} names square {}, not one of the board's {}", key, v, b.squares);
        break;
      case Kind::Card:
        if (v < 0 || v >= cards) return fmt::format("its {} names card {} of a pack of {}", key, v, cards);
        break;
      case Kind::Lot:
        if (v < 0 || v > static_cast<int>(AuctionLot::Hotel)) return fmt::format("its {} is no auction lot", key);
        break;
      case Kind::Type:
        if (v < 0 || v >= kEventTypeCount) return fmt::format("its {} is no event type", key);
        break;
      case Kind::Reason:
        if (v < 0 || v > static_cast<int>(JailReason::ThreeDoubles)) return fmt::format("its {} is no reason for jail", key);
        break;
      case Kind::Exit:
        if (v < 0 || v > static_cast<int>(JailExit::SkippedGo)) return fmt::format("its {} is no way out of jail", key);
        break;
    }
  }
  // An auction's lot and square agree: a property lot names its square, a building lot none.
  if (e.type == EventType::AuctionOpened || e.type == EventType::AuctionWon || e.type == EventType::AuctionUnsold) {
    const bool property = e.count == static_cast<int>(AuctionLot::Property);
    if (property == (e.square == kNoSquare)) return "its lot and its square disagree";
  }
  // A count of buildings is one a site can carry (it becomes the site's, and indexes its rents).
  if (e.type == EventType::PropertyAssigned && (e.count < 0 || e.count > kHotel)) return "it puts more than a hotel on a site";
  if (e.type == EventType::HotelSold && (e.count < 0 || e.count >= kHotel)) return "it leaves more houses than a site can carry";
  return {};
}

// "" when every field of a decoded event is in range for the game.
std::string out_of_bounds(const Event& e, const EventBounds& b) {
  if (std::string why = names_out_of_range(e, b); !why.empty()) return why;
  const auto seat = [&](PlayerId p) { return p == kBank || p == kReferee || (p >= 0 && p < b.players); };
  if (!seat(e.player) || !seat(e.other)) return "it names a player who is not at the table";
  if (e.square != kNoSquare && e.square >= b.squares) return fmt::format("it names square {}, off the board", e.square);
  const int cards = b.cards[static_cast<std::size_t>(e.deck)];
  if (e.card != kNoCard && e.card >= cards) return fmt::format("it names card {} of a pack of {}", e.card, cards);
  if (e.order.size() > static_cast<std::size_t>(cards)) return "its pack order has more cards than the pack";
  std::uint64_t seen = 0;
  for (CardIndex c : e.order) {
    if (c >= cards || (seen >> c & 1) != 0) return "its pack order names a card twice or one the pack lacks";
    seen |= std::uint64_t{1} << c;
  }
  if (!mask_within(e.mask, b.squares) || !mask_within(e.mask2, b.squares)) return "it names squares off the board";
  const auto money = [](Money m) { return m.units >= -kMaxMoneyUnits && m.units <= kMaxMoneyUnits; };
  if (!money(e.amount) || !money(e.amount2)) return "it carries a sum beyond any game";
  if (e.count < -kMaxCount || e.count > kMaxCount) return "its count is out of range";
  if (e.clock != kNoTime && (e.clock < -kMaxMoneyUnits || e.clock > kMaxMoneyUnits)) return "its time is out of range";
  if (e.cards > 2 * kMaxCards || e.cards2 > 2 * kMaxCards) return "it names more cards than the packs hold";
  // Up to kMaxEventTextBytes is what is written now; longer text up to the reading bound is an
  // older writer's, read so the game still opens (verify names it).
  if (e.text.size() > kMaxReadEventTextBytes) return "its text is too long";
  return {};
}

}  // namespace

std::string undeclared_fields(const Event& e) {
  const Event d;
  std::string out;
  const auto check = [&](bool differs, EventSlot slot) {
    if (differs && !uses(e.type, slot)) {
      if (!out.empty()) out += ", ";
      out += kSlotKeys[static_cast<std::size_t>(__builtin_ctz(static_cast<std::uint32_t>(slot)))];
    }
  };
  check(e.player != d.player, EventSlot::player);
  check(e.other != d.other, EventSlot::other);
  check(e.square != d.square, EventSlot::square);
  check(e.deck != d.deck, EventSlot::deck);
  check(e.card != d.card, EventSlot::card);
  check(e.die1 != d.die1, EventSlot::die1);
  check(e.die2 != d.die2, EventSlot::die2);
  check(e.flag != d.flag, EventSlot::flag);
  check(e.count != d.count, EventSlot::count);
  check(e.amount != d.amount, EventSlot::amount);
  check(e.amount2 != d.amount2, EventSlot::amount2);
  check(e.mask != d.mask, EventSlot::mask);
  check(e.mask2 != d.mask2, EventSlot::mask2);
  check(e.cards != d.cards, EventSlot::cards);
  check(e.cards2 != d.cards2, EventSlot::cards2);
  check(e.clock != d.clock, EventSlot::clock);
  check(!e.text.empty(), EventSlot::text);
  check(!e.order.empty(), EventSlot::order);
  return out;
}

EventBounds event_bounds(const Ruleset& ruleset, int players) {
  EventBounds b;
  b.players = players;
  b.squares = ruleset.board_size();
  for (int d = 0; d < kDeckCount; ++d)
    b.cards[static_cast<std::size_t>(d)] = static_cast<int>(ruleset.decks[static_cast<std::size_t>(d)].cards.size());
  return b;
}

bool decode_event(const std::string& type, const std::string& payload, Event* out, std::string* error) {
  return decode_event(type, payload, EventBounds{}, out, error);
}

const char* event_type_name(EventType t) {
  const auto i = static_cast<std::size_t>(t);
  return i < kNames.size() ? kNames[i].data() : "?";
}

bool event_type_from_name(const std::string& name, EventType* out) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) {
      *out = static_cast<EventType>(i);
      return true;
    }
  }
  return false;
}

std::uint32_t event_slots(EventType t) {
  const auto i = static_cast<std::size_t>(t);
  return i < kSlots.size() ? kSlots[i] : 0;
}

namespace {

// The codec's own reading and writing of payloads. verify decodes every stored event, and
// self-play encodes every event it journals: through nlohmann::json that was a quarter of
// verify's time (a tree of nodes per payload). A payload is a flat object of whole numbers,
// booleans, strings and one small array, so both directions are written here by hand.
//
// The reader takes only the form encode_payload writes (no spaces, ASCII text, a
// key at most once, every value in its field's range). Anything else is handed to the JSON
// library's reading (decode_event_json), whose verdict and words stand: the hand reader only
// ever accepts what that reading accepts, with the same event, so stored data is judged as
// before (tests/engine_codec_test.cpp compares the two on many payloads, malformed ones too).
class PlainPayload {
 public:
  explicit PlainPayload(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  // true when the whole payload is in the plain form and every field is in range; e is then
  // the event it states (before the game's bounds are checked).
  bool read(Event* e) {
    if (!eat('{')) return false;
    if (eat('}')) return p_ == end_;
    const std::uint32_t declared = event_slots(e->type);
    std::uint32_t seen = 0;
    do {
      int slot = 0;
      if (!key(&slot)) return false;
      const std::uint32_t bit = 1u << static_cast<unsigned>(slot);
      if ((declared & bit) == 0 || (seen & bit) != 0) return false;
      seen |= bit;
      if (!eat(':') || !value(slot, e)) return false;
    } while (eat(','));
    return eat('}') && p_ == end_;
  }

 private:
  bool eat(char c) {
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }

  // A key, by its slot's index in kSlotKeys.
  bool key(int* slot) {
    if (!eat('"')) return false;
    const char* start = p_;
    while (p_ != end_ && *p_ != '"' && *p_ != '\\') ++p_;
    if (p_ == end_ || *p_ != '"') return false;
    const std::string_view k(start, static_cast<std::size_t>(p_ - start));
    ++p_;
    for (std::size_t i = 0; i < kSlotKeys.size(); ++i) {
      if (kSlotKeys[i] == k) {
        *slot = static_cast<int>(i);
        return true;
      }
    }
    return false;
  }

  // A JSON integer in [lo, hi]: -?(0|[1-9][0-9]*), at most 18 digits (so it cannot wrap; a
  // longer one goes to the JSON library). A fraction or exponent after it is caught by the
  // caller, which wants ',', '}' or ']' next.
  bool whole(std::int64_t lo, std::int64_t hi, std::int64_t* out) {
    const bool negative = eat('-');
    if (p_ == end_ || *p_ < '0' || *p_ > '9') return false;
    std::int64_t x = 0;
    if (*p_ == '0') {
      ++p_;
    } else {
      const char* start = p_;
      while (p_ != end_ && *p_ >= '0' && *p_ <= '9') {
        if (p_ - start == 18) return false;
        x = x * 10 + (*p_ - '0');
        ++p_;
      }
    }
    if (negative) x = -x;
    if (x < lo || x > hi) return false;
    *out = x;
    return true;
  }

  template <typename T>
  bool small(std::int64_t lo, std::int64_t hi, T* field) {
    std::int64_t v = 0;
    if (!whole(lo, hi, &v)) return false;
    *field = static_cast<T>(v);
    return true;
  }

  // A string of printable ASCII without escapes.
  bool plain_string(std::string_view* out) {
    if (!eat('"')) return false;
    const char* start = p_;
    while (p_ != end_) {
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') break;
      if (c < 0x20 || c >= 0x80 || c == '\\') return false;
      ++p_;
    }
    if (p_ == end_) return false;
    *out = std::string_view(start, static_cast<std::size_t>(p_ - start));
    ++p_;
    return true;
  }

  // A move's text: printable ASCII, with the two-character escapes (a square's name is often
  // quoted in a move: \"Old Kent Road\"). \u escapes and bytes beyond ASCII go to the library.
  bool text(std::string* out) {
    if (!eat('"')) return false;
    out->clear();
    const char* run = p_;  // the start of the bytes not yet copied
    while (p_ != end_) {
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        out->append(run, p_);
        ++p_;
        return true;
      }
      if (c < 0x20 || c >= 0x80) return false;
      if (c != '\\') {
        ++p_;
        continue;
      }
      out->append(run, p_);
      if (++p_ == end_) return false;
      switch (*p_) {
        case '"': *out += '"'; break;
        case '\\': *out += '\\'; break;
        case '/': *out += '/'; break;
        case 'b': *out += '\b'; break;
        case 'f': *out += '\f'; break;
        case 'n': *out += '\n'; break;
        case 'r': *out += '\r'; break;
        case 't': *out += '\t'; break;
        default: return false;
      }
      run = ++p_;
    }
    return false;
  }

  // A mask: a string of decimal digits (parse_mask's form), at most 19 so it cannot wrap.
  bool mask(std::uint64_t* out) {
    std::string_view digits;
    if (!plain_string(&digits) || digits.empty() || digits.size() > 19) return false;
    std::uint64_t x = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') return false;
      x = x * 10 + static_cast<std::uint64_t>(c - '0');
    }
    *out = x;
    return true;
  }

  bool value(int slot, Event* e) {
    constexpr std::int64_t kInt32Min = std::numeric_limits<std::int32_t>::min();
    constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
    // The JSON library's reading allows the whole int64 for these; 18 digits here.
    constexpr std::int64_t kWide = 999'999'999'999'999'999;
    std::int64_t v = 0;
    switch (slot) {
      case 0: return small(-2, kMaxPlayers - 1, &e->player);
      case 1: return small(-2, kMaxPlayers - 1, &e->other);
      case 2: return small(0, 255, &e->square);
      case 3:
        if (!whole(0, kDeckCount - 1, &v)) return false;
        e->deck = static_cast<DeckId>(v);
        return true;
      case 4: return small(0, 255, &e->card);
      case 5: return small(0, 6, &e->die1);
      case 6: return small(0, 6, &e->die2);
      case 7:
        if (end_ - p_ >= 4 && std::string_view(p_, 4) == "true") {
          p_ += 4;
          e->flag = true;
          return true;
        }
        if (end_ - p_ >= 5 && std::string_view(p_, 5) == "false") {
          p_ += 5;
          e->flag = false;
          return true;
        }
        return false;
      case 8: return small(kInt32Min, kInt32Max, &e->count);
      case 9:
        if (!whole(-kWide, kWide, &v)) return false;
        e->amount = Money{v};
        return true;
      case 10:
        if (!whole(-kWide, kWide, &v)) return false;
        e->amount2 = Money{v};
        return true;
      case 11: return mask(&e->mask);
      case 12: return mask(&e->mask2);
      case 13: return small(0, 255, &e->cards);
      case 14: return small(0, 255, &e->cards2);
      case 15: return small(-kWide, kWide, &e->clock);
      case 16: return text(&e->text);
      case 17:
        if (!eat('[')) return false;
        e->order.clear();
        if (eat(']')) return true;
        do {
          CardIndex c = 0;
          if (!small(0, kMaxCards - 1, &c)) return false;
          e->order.push_back(c);
        } while (eat(','));
        return eat(']');
      default: return false;
    }
  }

  const char* p_;
  const char* end_;
};

void append_number(std::string& out, std::int64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// A string as nlohmann::json's dump writes it (the stored payloads' form: their hashes
// depend on every byte). Text beyond ASCII is left to the library, which also refuses bytes
// that are not UTF-8, as it always did.
void append_string(std::string& out, const std::string& s) {
  for (char ch : s) {
    if (static_cast<unsigned char>(ch) >= 0x80) {
      out += nlohmann::json(s).dump();
      return;
    }
  }
  out += '"';
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '\b': out += "\\b"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\f': out += "\\f"; break;
      case '\r': out += "\\r"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c <= 0x1F) {
          constexpr char kHex[] = "0123456789abcdef";
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 0xF];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

}  // namespace

std::string encode_payload_json(const Event& e) {
  const Event d;
  // An event carries only the fields its type declares (the effects module builds them so).
  assert(undeclared_fields(e).empty());
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (e.player != d.player) j["player"] = e.player;
  if (e.other != d.other) j["other"] = e.other;
  if (e.square != d.square) j["square"] = e.square;
  if (e.deck != d.deck) j["deck"] = static_cast<int>(e.deck);
  if (e.card != d.card) j["card"] = e.card;
  if (e.die1 != d.die1) j["die1"] = e.die1;
  if (e.die2 != d.die2) j["die2"] = e.die2;
  if (e.flag != d.flag) j["flag"] = e.flag;
  if (e.count != d.count) j["count"] = e.count;
  if (e.amount != d.amount) j["amount"] = e.amount.units;
  if (e.amount2 != d.amount2) j["amount2"] = e.amount2.units;
  if (e.mask != d.mask) j["mask"] = std::to_string(e.mask);
  if (e.mask2 != d.mask2) j["mask2"] = std::to_string(e.mask2);
  if (e.clock != d.clock) j["clock"] = e.clock;
  if (e.cards != d.cards) j["cards"] = e.cards;
  if (e.cards2 != d.cards2) j["cards2"] = e.cards2;
  if (!e.text.empty()) j["text"] = e.text;
  if (!e.order.empty()) j["order"] = e.order;
  return j.dump();
}

bool decode_event_json(const std::string& type, const std::string& payload, const EventBounds& bounds, Event* out,
                       std::string* error) {
  Event e;
  if (!event_type_from_name(type, &e.type)) {
    *error = "unknown event type '" + type + "'";
    return false;
  }
  try {
    const auto j = nlohmann::json::parse(payload);
    if (!j.is_object()) {
      *error = "payload is not a JSON object";
      return false;
    }
    // A key the type does not declare is refused: a stored event says only what its type says.
    for (auto it = j.begin(); it != j.end(); ++it) {
      const auto slot = std::find(kSlotKeys.begin(), kSlotKeys.end(), it.key());
      if (slot == kSlotKeys.end() ||
          !uses(e.type, static_cast<EventSlot>(1u << static_cast<unsigned>(slot - kSlotKeys.begin())))) {
        *error = fmt::format("the payload has a field '{}' that a {} does not have", it.key().substr(0, 40), type);
        return false;
      }
    }
    // Every number must be a whole number in its field's range: a float, a string or a value
    // that would wrap in the field's type is refused, never converted.
    const auto whole = [](const nlohmann::json& v, std::int64_t lo, std::int64_t hi, std::int64_t* value) {
      if (!v.is_number_integer()) return false;
      if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) return false;
      const auto x = v.get<std::int64_t>();
      if (x < lo || x > hi) return false;
      *value = x;
      return true;
    };
    auto small = [&](const char* k, auto* field, std::int64_t lo, std::int64_t hi) {
      if (!j.contains(k)) return true;
      std::int64_t v = 0;
      if (!whole(j.at(k), lo, hi, &v)) return false;
      *field = static_cast<std::remove_reference_t<decltype(*field)>>(v);
      return true;
    };
    constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
    std::int64_t deck = 0, amount = 0, amount2 = 0;
    bool ok = small("player", &e.player, -2, kMaxPlayers - 1) && small("other", &e.other, -2, kMaxPlayers - 1) &&
              small("square", &e.square, 0, 255) && small("card", &e.card, 0, 255) &&
              small("die1", &e.die1, 0, 6) && small("die2", &e.die2, 0, 6) && small("deck", &deck, 0, kDeckCount - 1) &&
              small("count", &e.count, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max()) &&
              small("amount", &amount, kInt64Min, kInt64Max) && small("amount2", &amount2, kInt64Min, kInt64Max) &&
              small("clock", &e.clock, kInt64Min, kInt64Max) && small("cards", &e.cards, 0, 255) &&
              small("cards2", &e.cards2, 0, 255);
    e.deck = static_cast<DeckId>(deck);
    e.amount = Money{amount};
    e.amount2 = Money{amount2};
    if (j.contains("order")) {
      const auto& order = j.at("order");
      ok = ok && order.is_array();
      for (std::size_t i = 0; ok && i < order.size(); ++i) {
        std::int64_t c = 0;
        ok = whole(order[i], 0, kMaxCards - 1, &c);
        e.order.push_back(static_cast<CardIndex>(c));
      }
    }
    if (!ok) {
      *error = "a field of the payload is out of range or not a whole number";
      return false;
    }
    if (j.contains("flag")) e.flag = j.at("flag").get<bool>();
    // 64-bit masks are written as decimal strings: JSON readers often hold numbers as doubles.
    if (j.contains("mask")) e.mask = parse_mask(j.at("mask").get<std::string>());
    if (j.contains("mask2")) e.mask2 = parse_mask(j.at("mask2").get<std::string>());
    if (j.contains("text")) e.text = j.at("text").get<std::string>();
  } catch (const nlohmann::json::exception& ex) {
    *error = std::string("payload: ") + ex.what();
    return false;
  } catch (const std::exception& ex) {
    *error = std::string("payload: a mask is not a number: ") + ex.what();
    return false;
  }
  if (std::string why = out_of_bounds(e, bounds); !why.empty()) {
    *error = "a field of the payload is out of range: " + why;
    return false;
  }
  *out = std::move(e);
  return true;
}

std::string encode_payload(const Event& e) {
  const Event d;
  // An event carries only the fields its type declares (the effects module builds them so).
  assert(undeclared_fields(e).empty());
  // The keys in the order the first encoder (encode_payload_json) wrote them.
  std::string out;
  out.reserve(48 + e.text.size() + 3 * e.order.size());
  out += '{';
  const auto key = [&](std::string_view k) {
    if (out.size() > 1) out += ',';
    out += '"';
    out += k;
    out += "\":";
  };
  const auto number = [&](std::string_view k, std::int64_t v) {
    key(k);
    append_number(out, v);
  };
  if (e.player != d.player) number("player", e.player);
  if (e.other != d.other) number("other", e.other);
  if (e.square != d.square) number("square", e.square);
  if (e.deck != d.deck) number("deck", static_cast<int>(e.deck));
  if (e.card != d.card) number("card", e.card);
  if (e.die1 != d.die1) number("die1", e.die1);
  if (e.die2 != d.die2) number("die2", e.die2);
  if (e.flag != d.flag) {
    key("flag");
    out += e.flag ? "true" : "false";
  }
  if (e.count != d.count) number("count", e.count);
  if (e.amount != d.amount) number("amount", e.amount.units);
  if (e.amount2 != d.amount2) number("amount2", e.amount2.units);
  // 64-bit masks are written as decimal strings: JSON readers often hold numbers as doubles.
  if (e.mask != d.mask) {
    key("mask");
    out += '"';
    out += std::to_string(e.mask);
    out += '"';
  }
  if (e.mask2 != d.mask2) {
    key("mask2");
    out += '"';
    out += std::to_string(e.mask2);
    out += '"';
  }
  if (e.clock != d.clock) number("clock", e.clock);
  if (e.cards != d.cards) number("cards", e.cards);
  if (e.cards2 != d.cards2) number("cards2", e.cards2);
  if (!e.text.empty()) {
    key("text");
    append_string(out, e.text);
  }
  if (!e.order.empty()) {
    key("order");
    out += '[';
    for (std::size_t i = 0; i < e.order.size(); ++i) {
      if (i > 0) out += ',';
      append_number(out, e.order[i]);
    }
    out += ']';
  }
  out += '}';
  return out;
}

bool decode_event(const std::string& type, const std::string& payload, const EventBounds& bounds, Event* out,
                  std::string* error) {
  Event e;
  if (!event_type_from_name(type, &e.type) || !PlainPayload(payload).read(&e))
    return decode_event_json(type, payload, bounds, out, error);
  if (std::string why = out_of_bounds(e, bounds); !why.empty()) {
    *error = "a field of the payload is out of range: " + why;
    return false;
  }
  *out = std::move(e);
  return true;
}


}  // namespace deedlog
