// The page referee serve gives at GET /: placeholder, replaced below.
#include <string>

#include "commands/serve_command.h"

namespace deedlog {

const std::string& serve_page() {
  static const std::string page = "<!doctype html><title>deedlog</title>";
  return page;
}

}  // namespace deedlog
