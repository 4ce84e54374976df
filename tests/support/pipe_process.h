#pragma once
// A program run from a test with pipes to its standard input and output: a line written, a
// line read back (referee engine, and the bots of referee match).
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace deedlog::testing {

class PipeProcess {
 public:
  explicit PipeProcess(const std::vector<std::string>& argv) {
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::close(in[1]);
      ::close(out[0]);
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~PipeProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (to_ >= 0) ::close(to_);
    if (from_ >= 0) ::close(from_);
  }

  void write_line(const std::string& line) {
    const std::string text = line + "\n";
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = ::write(to_, text.data() + done, text.size() - done);
      if (n <= 0) return;
      done += static_cast<std::size_t>(n);
    }
  }

  // The next line without its '\n'; "" at the end of the output.
  std::string read_line() {
    for (;;) {
      const std::size_t eol = buffer_.find('\n');
      if (eol != std::string::npos) {
        std::string line = buffer_.substr(0, eol);
        buffer_.erase(0, eol + 1);
        return line;
      }
      char chunk[4096];
      const ssize_t n = ::read(from_, chunk, sizeof chunk);
      if (n <= 0) {
        std::string rest;
        rest.swap(buffer_);
        return rest;
      }
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  std::string ask(const std::string& line) {
    write_line(line);
    return read_line();
  }

  void close_input() {
    if (to_ >= 0) ::close(to_);
    to_ = -1;
  }

  // Sends the program a signal (a server is stopped with SIGTERM, then waited for).
  int pid() const { return pid_; }

  void send_signal(int sig) {
    if (pid_ > 0) ::kill(pid_, sig);
  }

  // Waits for the program to end: its exit code, or -1.
  int wait() {
    int status = 0;
    if (pid_ <= 0 || ::waitpid(pid_, &status, 0) != pid_) return -1;
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1;
  int from_ = -1;
  std::string buffer_;
};

}  // namespace deedlog::testing
