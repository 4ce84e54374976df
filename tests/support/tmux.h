#pragma once
// A terminal for the tests of interactive programs (replay, referee table): tmux runs the
// program in a detached session on a server of its own, keys are typed with send-keys and the
// screen is read with capture-pane.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "support/cli.h"

namespace deedlog::testing {

class Tmux {
 public:
  // session: the session's name, also part of the server's socket name (one server a process).
  explicit Tmux(std::string session)
      : session_(std::move(session)), socket_(fmt::format("deedlog-{}-test-{}", session_, ::getpid())) {}
  ~Tmux() { (void)cmd("kill-server"); }
  Tmux(const Tmux&) = delete;
  Tmux& operator=(const Tmux&) = delete;

  static bool available() { return std::system("command -v tmux >/dev/null 2>&1") == 0; }
  RunResult cmd(const std::string& args) const { return run("tmux", "-L " + socket_ + " -f /dev/null " + args); }
  bool start(int cols, int rows, const std::string& command) const {
    return cmd(fmt::format("new-session -d -x {} -y {} -s {} {}", cols, rows, session_, quote(command))).code == 0;
  }
  void keys(const std::string& keys) const { (void)cmd("send-keys -t " + session_ + " " + keys); }
  std::string screen(bool escapes = false) const {
    return cmd(std::string("capture-pane -p ") + (escapes ? "-e " : "") + "-t " + session_).out;
  }
  // The screen once it shows text and has settled: two captures alike, 20 ms apart (up to 10
  // seconds). On a loaded machine a capture can land mid-redraw: the header already new, the
  // rest not yet.
  std::string wait_for(const std::string& text) const {
    std::string s;
    for (int i = 0; i < 500; ++i) {
      s = screen();
      if (s.find(text) != std::string::npos) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (screen() == s) return s;
        continue;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "the screen never showed \"" << text << "\":\n" << s;
    return s;
  }
  bool running() const { return cmd("has-session -t " + session_).code == 0; }

 private:
  std::string session_;
  std::string socket_;
};

}  // namespace deedlog::testing
