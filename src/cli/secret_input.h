#pragma once
// Keys read where no other account can see them (docs/interface.md, "Keys"): from a file only
// its owner may read (--key-file FILE, refused when others may read it, as ssh refuses a private
// key), from a named environment variable, or typed at a prompt that does not echo. Never from
// the command line: every account on the computer reads every process's argv (`ps`).
#include <string>

#include "deedlog/status.h"

namespace deedlog::cli {

// Where one secret may come from, for one command.
struct SecretSource {
  std::string what;      // "the Head Judge's key": for the messages
  std::string variable;  // the environment variable that may hold it ("DEEDLOG_JUDGE_KEY")
  std::string file;      // --key-file FILE as given ("" when not given)
  std::string prompt;    // asked on the terminal when standard input is one ("" never asks)
};

// The secret, from the first of: the file (when given), the variable, the prompt (standard
// input a terminal, echo off). Spaces and line ends around it are not part of it.
// InvalidArgument when the file cannot be read, is not a regular file, is not the user's own,
// may be read or written by others (mode beyond 0600), or holds no key; NotFound when nothing
// gave a secret. The messages say where to give it.
Status read_secret(const SecretSource& source, std::string* secret);

// The words for a secret given on the command line: refused, and where to give it instead.
std::string secret_on_command_line(const SecretSource& source, const std::string& option);

}  // namespace deedlog::cli
