#include "bots/program_bot.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace deedlog {

ProgramBot::~ProgramBot() { finish(); }

bool ProgramBot::start() {
  int in_pipe[2], out_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) return false;
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    return false;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) ::close(fd);
    return false;
  }
  if (pid == 0) {
    // Its own process group, so that stopping it stops whatever it started too.
    ::setpgid(0, 0);
    ::dup2(in_pipe[0], STDIN_FILENO);
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::signal(SIGPIPE, SIG_DFL);
    // Through the shell, so a command line with arguments and quotes works as typed; exec keeps
    // one process to stop.
    const std::string line = "exec " + command_;
    ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here: whichever runs first, the group exists before it is signalled
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  to_bot_ = in_pipe[1];
  from_bot_ = out_pipe[0];
  pid_ = pid;
  pending_.clear();
  ++starts_;
  return true;
}

void ProgramBot::stop() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  ::close(to_bot_);
  ::close(from_bot_);
  pid_ = -1;
  to_bot_ = from_bot_ = -1;
  pending_.clear();
}

void ProgramBot::finish() {
  if (pid_ <= 0) return;
  ::close(to_bot_);
  to_bot_ = -1;
  // A second to end by itself on the end of its input, as a well-behaved filter does.
  for (int i = 0; i < 100; ++i) {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
      ::kill(-pid_, SIGKILL);  // anything it left running in its group
      ::close(from_bot_);
      pid_ = -1;
      from_bot_ = -1;
      return;
    }
    ::usleep(10000);
  }
  to_bot_ = ::open("/dev/null", O_WRONLY | O_CLOEXEC);  // stop() closes it
  stop();
}

ProgramBot::Reply ProgramBot::ask(const std::string& request, double seconds, std::string* answer) {
  if (pid_ <= 0 && !start()) return Reply::Exited;
  std::string line = request + "\n";
  for (std::size_t done = 0; done < line.size();) {
    // SIGPIPE is ignored by the match, so a program that is gone gives EPIPE here.
    const ssize_t n = ::write(to_bot_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      stop();
      return Reply::Exited;
    }
    done += static_cast<std::size_t>(n);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  char buf[4096];
  for (;;) {
    const std::size_t eol = pending_.find('\n');
    if (eol != std::string::npos) {
      *answer = pending_.substr(0, eol);
      pending_.erase(0, eol + 1);
      return Reply::Answered;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      stop();
      return Reply::TimedOut;
    }
    pollfd p{from_bot_, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count() + 1, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline is checked above
    const ssize_t n = ::read(from_bot_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      stop();
      return Reply::Exited;
    }
    pending_.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace deedlog
