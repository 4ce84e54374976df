// Fuzz target: the journal's event codec (src/engine/event_codec.h).
// Input: an event type name, a newline, then the JSON payload (as in the journal's
// `type` and `payload` columns). When the payload decodes, the event is encoded again and
// must decode to the same event: the round trip the journal relies on.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "deedlog/event_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string type = newline == std::string::npos ? input : input.substr(0, newline);
  const std::string payload = newline == std::string::npos ? std::string() : input.substr(newline + 1);
  deedlog::Event event;
  std::string error;
  if (!deedlog::decode_event(type, payload, &event, &error)) return 0;
  const std::string encoded = deedlog::encode_payload(event);
  deedlog::Event again;
  if (!deedlog::decode_event(type, encoded, &again, &error)) {
    std::fprintf(stderr, "%s: the payload encoded from a decoded event does not decode: %s\n  %s\n", type.c_str(),
                 error.c_str(), encoded.c_str());
    std::abort();
  }
  if (!(again == event)) {
    std::fprintf(stderr, "%s: decode(encode(event)) differs from the event\n  payload: %s\n  encoded: %s\n",
                 type.c_str(), payload.c_str(), encoded.c_str());
    std::abort();
  }
  if (deedlog::encode_payload(again) != encoded) {
    std::fprintf(stderr, "%s: encoding is not stable\n  %s\n", type.c_str(), encoded.c_str());
    std::abort();
  }
  return 0;
}
