#pragma once
// One `referee serve` on a free port of 127.0.0.1 over a journal (a file or a postgresql:// URI),
// stopped with SIGTERM when it goes out of scope, which must end it with exit code 0. By default
// a rate no test reaches, so no request of a test is ever a 429.
#include <gtest/gtest.h>
#include <httplib.h>

#include <csignal>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/pipe_process.h"

namespace deedlog::testing {

class ServeProcess {
 public:
  // options: serve's options after --listen (the rate by default; a test of the rate gives its own).
  explicit ServeProcess(const std::string& db, const std::vector<std::string>& options = {"--rate", "100000"})
      : process_(command(db, options)) {
    const std::string line = process_.read_line();  // "listening on http://127.0.0.1:PORT"
    const std::size_t colon = line.rfind(':');
    if (colon != std::string::npos) port_ = std::stoi(line.substr(colon + 1));
  }
  ~ServeProcess() {
    process_.send_signal(SIGTERM);
    EXPECT_EQ(process_.wait(), 0);
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  int port() const { return port_; }  // 0 when the server did not say where it listens
  int pid() const { return process_.pid(); }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    return c;
  }

 private:
  static std::vector<std::string> command(const std::string& db, const std::vector<std::string>& options) {
    std::vector<std::string> argv{deedlog::testing::referee_program(), "--db", db, "serve", "--listen", "127.0.0.1:0"};
    argv.insert(argv.end(), options.begin(), options.end());
    return argv;
  }

  PipeProcess process_;
  int port_ = 0;
};

}  // namespace deedlog::testing
