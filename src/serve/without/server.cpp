// A build without the HTTP server (-DDEEDLOG_SERVER=OFF: no cpp-httplib, no serve_*.cpp, no
// referee-serve): `referee serve` and `referee table --server` read their options as always,
// then say the build left the HTTP library out.
#include <ostream>

#include "serve/serve_command.h"
#include "serve/serve_table.h"
#include "core/exit_code.h"

namespace deedlog {

int run_serve(const CommonOptions&, const ServeOptions&, std::ostream&, std::ostream& err) {
  err << "referee serve: this build has no HTTP server: it was configured with DEEDLOG_SERVER off "
         "(build again with -DDEEDLOG_SERVER=ON and cpp-httplib, Debian's libcpp-httplib-dev)\n";
  return kExitFailure;
}

const bool kServerTableBuilt = false;

int run_server_table(const CommonOptions&, const ServerTableOptions&, std::istream&, std::ostream&, std::ostream& err) {
  err << "referee table: --server needs the HTTP client, and this build has none: it was configured with "
         "DEEDLOG_SERVER off (build again with -DDEEDLOG_SERVER=ON and cpp-httplib, Debian's libcpp-httplib-dev)\n";
  return kExitFailure;
}

}  // namespace deedlog
