// A build without the HTTP server (-DDEEDLOG_SERVER=OFF: no cpp-httplib, no serve_*.cpp, no
// referee-serve): `referee serve` reads its options as always, then says the build left it out.
#include <ostream>

#include "commands/serve_command.h"
#include "core/exit_code.h"

namespace deedlog {

int run_serve(const CommonOptions&, const ServeOptions&, std::ostream&, std::ostream& err) {
  err << "referee serve: this build has no HTTP server: it was configured with DEEDLOG_SERVER off "
         "(build again with -DDEEDLOG_SERVER=ON and cpp-httplib, Debian's libcpp-httplib-dev)\n";
  return kExitFailure;
}

}  // namespace deedlog
