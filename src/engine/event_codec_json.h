#pragma once
// The event codec as first written, on nlohmann::json: the reference the hand-written codec
// (event_codec.cpp) is held to. decode_event hands it every payload not in the plain form
// encode_payload writes, so its verdicts and words on odd or malformed payloads stand; the
// tests compare the two on many payloads (tests/engine_codec_test.cpp).
#include <string>

#include "deedlog/event_codec.h"

namespace deedlog {

std::string encode_payload_json(const Event& e);
bool decode_event_json(const std::string& type, const std::string& payload, const EventBounds& bounds, Event* out,
                       std::string* error);

}  // namespace deedlog
