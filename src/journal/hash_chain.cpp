#include "journal/hash_chain.h"

#include <charconv>
#include <string_view>

#include "journal/sha256.h"

namespace deedlog {
namespace {

// Domain tags: a header can never hash like an event, and a future format (v2) can never
// hash like this one, whatever the field contents.
constexpr std::string_view kGenesisTag = "deedlog-genesis-v1\n";
constexpr std::string_view kEventTag = "deedlog-event-v1\n";

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

}  // namespace

std::string genesis_hash(const std::string& header) {
  Sha256 h;
  h.update(kGenesisTag);
  add_field(&h, header);
  return h.hex();
}

std::string event_hash(const EventRow& event) {
  Sha256 h;
  h.update(kEventTag);
  add_field(&h, event.prev_hash);
  add_number(&h, event.game_id);
  add_number(&h, event.seq);
  add_field(&h, event.at);
  add_field(&h, event.actor);
  add_field(&h, event.type);
  add_field(&h, event.payload);
  return h.hex();
}

}  // namespace deedlog
