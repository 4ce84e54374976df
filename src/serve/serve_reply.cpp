#include "serve/serve_reply.h"

#include <httplib.h>

#include <exception>

namespace deedlog {

void send_json(httplib::Response& res, int code, const nlohmann::ordered_json& doc) {
  res.status = code;
  res.set_content(doc.dump() + "\n", "application/json");
}

void send_error(httplib::Response& res, int code, const std::string& message) {
  send_json(res, code, nlohmann::ordered_json{{"error", message}});
}

std::int64_t path_number(const httplib::Request& req, std::size_t at) {
  if (at >= req.matches.size()) return 0;
  try {
    return std::stoll(req.matches[at].str());
  } catch (const std::exception&) {
    return 0;  // out of range: more digits than any id
  }
}

}  // namespace deedlog
