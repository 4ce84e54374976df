#pragma once
// A bot that is another program (referee match): started once with pipes to its standard input
// and output, asked one JSON line a decision, answering one line. A program that exits, or is
// slower than the time it has, is stopped; the next game starts it again.
#include <sys/types.h>

#include <string>

namespace deedlog {

class ProgramBot {
 public:
  explicit ProgramBot(std::string command_line) : command_(std::move(command_line)) {}
  ~ProgramBot();
  ProgramBot(const ProgramBot&) = delete;
  ProgramBot& operator=(const ProgramBot&) = delete;

  enum class Reply { Answered, TimedOut, Exited };
  // Writes request (one line, without its '\n') and waits at most seconds for one line back.
  // TimedOut stops the program; Exited means it had ended (or could not be started).
  Reply ask(const std::string& request, double seconds, std::string* answer);

  bool running() const { return pid_ > 0; }
  // Closes its input and gives it a moment to end; stops it if it does not.
  void finish();
  int restarts() const { return starts_ > 0 ? starts_ - 1 : 0; }

 private:
  bool start();
  void stop();

  std::string command_;
  pid_t pid_ = -1;
  int to_bot_ = -1;
  int from_bot_ = -1;
  std::string pending_;  // read past the end of the last answer
  int starts_ = 0;
};

}  // namespace deedlog
