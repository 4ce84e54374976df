#pragma once
// The answers every route of referee serve gives alike (docs/serve.md, "The API"): a JSON
// document with its status, an error as {"error": MESSAGE}, and the number a route's path
// names (a game, a tournament, a round), read once here so that every route refuses a path
// number too large to be an id the same way.
#include <cstdint>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "serve/httplib_names.h"

namespace deedlog {

// The document, one line of JSON and a newline, with the status.
void send_json(httplib::Response& res, int code, const nlohmann::ordered_json& doc);

// {"error": message} with the status.
void send_error(httplib::Response& res, int code, const std::string& message);

// The path's number at match `at` (the routes' patterns take digits only): 0 when it is too
// large for an id, which no game, tournament or round has.
std::int64_t path_number(const httplib::Request& req, std::size_t at = 1);

}  // namespace deedlog
