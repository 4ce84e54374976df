#include "serve/serve_body.h"

#include <httplib.h>

#include <utility>

#include "serve/serve_reply.h"

namespace deedlog {

void add_post_route(httplib::Server& http, const std::string& pattern, PostHandler handler) {
  // cpp-httplib (0.11) reads a POST without Content-Length as a body running to the end of the
  // connection: a client that keeps the connection open waits for the read timeout and gets 400
  // before any handler is asked. A handler with a content reader is asked first; it reads a body
  // only when the request declares one.
  http.Post(pattern, [handler = std::move(handler)](const httplib::Request& req, httplib::Response& res,
                                                    const httplib::ContentReader& reader) {
    std::string body;
    if (req.has_header("Content-Length") || req.has_header("Transfer-Encoding")) {
      const bool read = reader([&](const char* data, std::size_t size) {
        body.append(data, size);
        return true;
      });
      // Too large (413) or cut short (400): the status is set; the server's error handler words it.
      if (!read) return;
    }
    // A copy that carries the body (the path's matches still point into req, alive until the
    // handler returns).
    httplib::Request with_body = req;
    with_body.body = std::move(body);
    handler(with_body, res);
  });
}

bool read_body(const httplib::Request& req, httplib::Response& res, const std::vector<FieldRule>& rules,
               std::string_view route, nlohmann::ordered_json* body) {
  const auto answer = [&](const nlohmann::ordered_json& doc) {
    send_json(res, 400, doc);
    return false;
  };
  if (req.body.find_first_not_of(" \t\r\n") == std::string::npos) {
    *body = nlohmann::ordered_json::object();
    return true;
  }
  *body = nlohmann::ordered_json::parse(req.body, nullptr, false);
  if (body->is_discarded() || !body->is_object()) return answer({{"error", "the body is one JSON object"}});
  if (const auto problem = field_problem(*body, rules, route))
    return answer({{"error", problem->message}, {"field", problem->field}});
  return true;
}

}  // namespace deedlog
