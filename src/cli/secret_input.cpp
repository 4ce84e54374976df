#include "cli/secret_input.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include "core/text_line.h"

namespace deedlog::cli {
namespace {

// A key is a few dozen characters (64 hex digits); a file much longer is not a key file.
constexpr std::size_t kLongestKeyFile = 4096;

std::string where_to_give(const SecretSource& s) {
  return fmt::format("give {} in the environment variable {} or in a file only you can read (--key-file FILE, "
                     "chmod 600){}",
                     s.what, s.variable, s.prompt.empty() ? "" : ", or type it when asked (standard input a terminal)");
}

// The key's text: the file's or the variable's, without the line end an editor adds.
std::string key_text(const std::string& raw) {
  std::string t = raw;
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r' || t.back() == ' ' || t.back() == '\t')) t.pop_back();
  return trimmed(t);
}

Status read_key_file(const SecretSource& s, std::string* secret) {
  // Opened first and checked through the descriptor, so the file checked is the file read.
  const int fd = ::open(s.file.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return Status::invalid_argument(fmt::format("cannot read the key file {}: {}", s.file, std::strerror(errno)));
  struct stat st {};
  Status problem;
  if (::fstat(fd, &st) != 0) {
    problem = Status::invalid_argument(fmt::format("cannot read the key file {}: {}", s.file, std::strerror(errno)));
  } else if (!S_ISREG(st.st_mode)) {
    problem = Status::invalid_argument(fmt::format("the key file {} is not a regular file", s.file));
  } else if (st.st_uid != ::geteuid()) {
    problem = Status::invalid_argument(
        fmt::format("the key file {} is not yours: a key file must belong to the account that uses it", s.file));
  } else if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
    // As ssh refuses a private key others can read: the key is as good as theirs already.
    problem = Status::invalid_argument(
        fmt::format("the key file {} has mode {:04o}: others may read it; it must be readable by you alone "
                    "(chmod 600 {})",
                    s.file, st.st_mode & 07777, s.file));
  } else if (st.st_size > static_cast<off_t>(kLongestKeyFile)) {
    problem = Status::invalid_argument(fmt::format("the key file {} is too long to be a key", s.file));
  }
  std::string raw;
  if (problem.is_ok()) {
    char chunk[512];
    for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) != 0;) {
      if (n < 0) {
        if (errno == EINTR) continue;
        problem = Status::invalid_argument(fmt::format("cannot read the key file {}: {}", s.file, std::strerror(errno)));
        break;
      }
      raw.append(chunk, static_cast<std::size_t>(n));
      if (raw.size() > kLongestKeyFile) break;
    }
  }
  ::close(fd);
  if (!problem.is_ok()) return problem;
  *secret = key_text(raw);
  if (secret->empty()) return Status::invalid_argument(fmt::format("the key file {} holds no key", s.file));
  return Status::ok();
}

// The terminal's settings while echo is off, put back by a signal that ends the program there
// (Ctrl-C at the prompt must not leave the shell typing blind).
struct termios g_saved {};
volatile std::sig_atomic_t g_echo_off = 0;

extern "C" void restore_echo_and_end(int sig) {
  if (g_echo_off) ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_saved);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// One line typed on the terminal with echo off; false at the end of the input. Read from the
// descriptor a byte at a time, so nothing after the line is taken from what a session reads next.
bool ask_without_echo(const std::string& prompt, std::string* line) {
  if (::tcgetattr(STDIN_FILENO, &g_saved) != 0) return false;
  struct termios quiet = g_saved;
  quiet.c_lflag &= static_cast<tcflag_t>(~ECHO);
  quiet.c_lflag |= ECHONL;  // the Enter is shown, so the next words start on a line of their own
  const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  void (*before[4])(int) = {};
  for (std::size_t i = 0; i < 4; ++i) before[i] = std::signal(signals[i], restore_echo_and_end);
  g_echo_off = 1;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
  const std::string shown = prompt;
  for (std::size_t done = 0; done < shown.size();) {
    const ssize_t n = ::write(STDERR_FILENO, shown.data() + done, shown.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  bool got = false;
  line->clear();
  for (char c; ;) {
    const ssize_t n = ::read(STDIN_FILENO, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got = true;
    if (c == '\n') break;
    *line += c;
  }
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_saved);
  g_echo_off = 0;
  for (std::size_t i = 0; i < 4; ++i) std::signal(signals[i], before[i]);
  return got;
}

}  // namespace

Status read_secret(const SecretSource& s, std::string* secret) {
  secret->clear();
  if (!s.file.empty()) return read_key_file(s, secret);
  if (const char* env = std::getenv(s.variable.c_str()); env != nullptr && !key_text(env).empty()) {
    *secret = key_text(env);
    return Status::ok();
  }
  if (!s.prompt.empty() && ::isatty(STDIN_FILENO)) {
    std::string typed;
    if (ask_without_echo(s.prompt, &typed) && !key_text(typed).empty()) {
      *secret = key_text(typed);
      return Status::ok();
    }
  }
  return Status::not_found(fmt::format("{} is needed: {}", s.what, where_to_give(s)));
}

std::string secret_on_command_line(const SecretSource& s, const std::string& option) {
  return fmt::format("{} is not taken on the command line ({} KEY): every account on this computer can read a "
                     "command line (ps); {}",
                     s.what, option, where_to_give(s));
}

}  // namespace deedlog::cli
