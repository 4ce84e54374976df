#include "journal/hash_chain.h"

#include <string_view>

namespace deedlog {
namespace {

// Domain tags: a header can never hash like an event, and a future format (v2) can never
// hash like this one, whatever the field contents.
constexpr std::string_view kGenesisTag = "deedlog-genesis-v1\n";
constexpr std::string_view kEventTag = "deedlog-event-v1\n";

// A netstring: decimal byte length, ':', the bytes, ','. The length makes the split between
// fields unambiguous whatever bytes the fields hold (no separator can be forged inside one).
void append_field(std::string* out, std::string_view field) {
  out->append(std::to_string(field.size()));
  out->push_back(':');
  out->append(field);
  out->push_back(',');
}

}  // namespace

std::string genesis_hash(const std::string& header) {
  std::string bytes(kGenesisTag);
  append_field(&bytes, header);
  return sha256_hex(bytes);
}

std::string event_hash(const EventRow& event) {
  std::string bytes(kEventTag);
  append_field(&bytes, event.prev_hash);
  append_field(&bytes, std::to_string(event.game_id));
  append_field(&bytes, std::to_string(event.seq));
  append_field(&bytes, event.at);
  append_field(&bytes, event.actor);
  append_field(&bytes, event.type);
  append_field(&bytes, event.payload);
  return sha256_hex(bytes);
}

}  // namespace deedlog
