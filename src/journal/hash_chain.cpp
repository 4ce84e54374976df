#include "journal/hash_chain.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <string_view>
#include <type_traits>

#include "journal/sha256.h"

namespace deedlog {
namespace {

// Domain tags: a header can never hash like an event, and a future format (v2) can never
// hash like this one, whatever the field contents.
constexpr std::string_view kGenesisTag = "deedlog-genesis-v1\n";
constexpr std::string_view kEventTag = "deedlog-event-v1\n";
constexpr std::string_view kMoveTag = "deedlog-move-v2\n";

// A netstring: decimal byte length, ':', the bytes, ','. The length makes the split between
// fields unambiguous whatever bytes the fields hold (no separator can be forged inside one).
// Fed to the digest piece by piece: the same bytes as joining them first, without the copy.
void add_field(Sha256* h, std::string_view field) {
  char length[24];
  char* end = std::to_chars(length, length + sizeof length - 1, field.size()).ptr;
  *end++ = ':';
  h->update(std::string_view(length, static_cast<std::size_t>(end - length)));
  h->update(field);
  h->update(",");
}

void add_number(Sha256* h, std::int64_t n) {
  char digits[24];
  char* end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  add_field(h, std::string_view(digits, static_cast<std::size_t>(end - digits)));
}

// Every stored hash is one format: its tag, then each field in order, a number by its decimal
// digits. Written once, so that no two hashes can drift apart in how a field is fed.
template <class... Fields>
std::string digest(std::string_view tag, const Fields&... fields) {
  Sha256 h;
  h.update(tag);
  const auto add = [&h](const auto& field) {
    if constexpr (std::is_integral_v<std::decay_t<decltype(field)>>) {
      add_number(&h, field);
    } else {
      add_field(&h, field);
    }
  };
  (add(fields), ...);
  return h.hex();
}

// A JSON reader just large enough to check a value and find where it ends (RFC 8259; no
// number is converted, no tree is built).
class JsonScan {
 public:
  explicit JsonScan(std::string_view text) : t_(text) {}
  std::size_t pos() const { return i_; }
  bool at_end() const { return i_ == t_.size(); }
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < t_.size() && t_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool value(int depth = 0) {
    if (depth > 512) return false;
    space();
    if (i_ >= t_.size()) return false;
    switch (t_[i_]) {
      case '{': {
        ++i_;
        if (eat('}')) return true;
        do {
          space();
          if (!string(nullptr) || !eat(':') || !value(depth + 1)) return false;
        } while (eat(','));
        return eat('}');
      }
      case '[': {
        ++i_;
        if (eat(']')) return true;
        do {
          if (!value(depth + 1)) return false;
        } while (eat(','));
        return eat(']');
      }
      case '"': return string(nullptr);
      case 't': return word("true");
      case 'f': return word("false");
      case 'n': return word("null");
      default: return number();
    }
  }
  // A string; when out is given, its text unescaped (escapes other than \uXXXX only).
  bool string(std::string* out) {
    if (i_ >= t_.size() || t_[i_] != '"') return false;
    ++i_;
    while (i_ < t_.size()) {
      const char c = t_[i_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        if (out) out->push_back(c);
        continue;
      }
      if (i_ >= t_.size()) return false;
      const char e = t_[i_++];
      static constexpr std::string_view kSimple = "\"\\/bfnrt";
      static constexpr std::string_view kMeant = "\"\\/\b\f\n\r\t";
      if (const auto k = kSimple.find(e); k != std::string_view::npos) {
        if (out) out->push_back(kMeant[k]);
      } else if (e == 'u') {
        if (out) return false;  // not in a type name deedlog writes
        for (int d = 0; d < 4; ++d, ++i_)
          if (i_ >= t_.size() || std::isxdigit(static_cast<unsigned char>(t_[i_])) == 0) return false;
      } else {
        return false;
      }
    }
    return false;
  }

 private:
  bool word(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  bool digits() {
    const std::size_t start = i_;
    while (i_ < t_.size() && t_[i_] >= '0' && t_[i_] <= '9') ++i_;
    return i_ > start;
  }
  bool number() {
    if (i_ < t_.size() && t_[i_] == '-') ++i_;
    if (i_ < t_.size() && t_[i_] == '0') {
      ++i_;
    } else if (!digits()) {
      return false;
    }
    if (i_ < t_.size() && t_[i_] == '.') {
      ++i_;
      if (!digits()) return false;
    }
    if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      ++i_;
      if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      if (!digits()) return false;
    }
    return true;
  }

  std::string_view t_;
  std::size_t i_ = 0;
};

void append_json_string(std::string* out, std::string_view text) {
  out->push_back('"');
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(c);
    } else if (static_cast<unsigned char>(c) < 0x20) {
      static constexpr char kHex[] = "0123456789abcdef";
      out->append("\\u00");
      out->push_back(kHex[(c >> 4) & 0xF]);
      out->push_back(kHex[c & 0xF]);
    } else {
      out->push_back(c);
    }
  }
  out->push_back('"');
}

}  // namespace

bool is_json(std::string_view text) {
  JsonScan scan(text);
  if (!scan.value()) return false;
  scan.space();
  return scan.at_end();
}

std::string move_events_json(const std::vector<NewEvent>& events, std::size_t begin, std::size_t end) {
  std::size_t size = 2;
  for (std::size_t i = begin; i < end; ++i) size += events[i].type.size() + events[i].payload.size() + 6;
  std::string out;
  out.reserve(size);
  out.push_back('[');
  for (std::size_t i = begin; i < end; ++i) {
    if (i != begin) out.push_back(',');
    out.push_back('[');
    append_json_string(&out, events[i].type);
    out.push_back(',');
    out.append(events[i].payload);
    out.push_back(']');
  }
  out.push_back(']');
  return out;
}

bool split_move_events(std::string_view events, std::vector<std::pair<std::string, std::string>>* out,
                       std::string* problem) {
  out->clear();
  JsonScan scan(events);
  const auto bad = [&](const char* what) {
    *problem = fmt::format("its events are not a list of [type, payload] pairs: {} at byte {}", what, scan.pos());
    return false;
  };
  if (!scan.eat('[')) return bad("no opening [");
  if (!scan.eat(']')) {
    do {
      std::string type;
      if (!scan.eat('[')) return bad("an element that is not a pair");
      scan.space();
      if (!scan.string(&type)) return bad("a type that is not a plain string");
      if (!scan.eat(',')) return bad("a pair without its payload");
      scan.space();
      const std::size_t from = scan.pos();
      if (!scan.value()) return bad("a payload that is not JSON");
      std::string payload(events.substr(from, scan.pos() - from));
      if (!scan.eat(']')) return bad("a pair with more than two members");
      out->emplace_back(std::move(type), std::move(payload));
    } while (scan.eat(','));
    if (!scan.eat(']')) return bad("no closing ]");
  }
  scan.space();
  if (!scan.at_end()) return bad("text after the list");
  return true;
}

std::string genesis_hash(const std::string& header) { return digest(kGenesisTag, header); }

std::string tournament_genesis(const std::string& name, const std::string& settings, const std::string& judge_key_sha256) {
  return digest("deedlog-tournament-v1\n", name, settings, judge_key_sha256);
}

std::string tournament_record_hash(const TournamentRecord& record) {
  return digest("deedlog-tournament-record-v1\n", record.prev_hash, record.tournament_id, record.seq, record.at,
                record.kind, record.payload);
}

std::string event_hash(const EventRow& event) {
  return digest(kEventTag, event.prev_hash, event.game_id, event.seq, event.at, event.actor, event.type, event.payload);
}

std::string move_hash(const MoveRow& move) {
  return digest(kMoveTag, move.prev_hash, move.game_id, move.seq, move.count, move.at, move.actor, move.events);
}

}  // namespace deedlog
