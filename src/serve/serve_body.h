#pragma once
// The bodies of referee serve's POST routes (docs/serve.md, "The API"): registered so that a
// POST without a body (curl -X POST: no Content-Length, no chunks) has an empty one, as HTTP/1.1
// says, instead of waiting for bytes that never come; and read as one JSON object whose every
// field the route takes (commands/request_fields.h), an empty body being {}. A route checks its
// key before it reads its body, so a wrong key is 401/403 whatever the body holds.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "commands/request_fields.h"
#include "serve/httplib_names.h"

namespace deedlog {

using PostHandler = std::function<void(const httplib::Request&, httplib::Response&)>;

// Registers handler for POSTs to pattern; the request it gets carries the body (empty when the
// request declared none).
void add_post_route(httplib::Server& http, const std::string& pattern, PostHandler handler);

// The request's body in *body, when it is one JSON object (or empty: {}) carrying only fields of
// `rules`, each of its type. Otherwise false, with the 400 answered: {"error"}, and "field" naming
// a field the route does not take or one of the wrong type. route names the route for the
// message ("a move", "call-time").
bool read_body(const httplib::Request& req, httplib::Response& res, const std::vector<FieldRule>& rules,
               std::string_view route, nlohmann::ordered_json* body);

}  // namespace deedlog
