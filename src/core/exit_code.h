#pragma once
// The exit codes of INTERFACE.md section 2.
namespace deedlog {
enum ExitCode : int {
  kExitOk = 0,        // done / move accepted
  kExitFailure = 1,   // anything else: not a journal, a broken chain, I/O
  kExitUsage = 2,     // usage error (bad options, text that does not parse)
  kExitRefused = 3,   // move refused by the rules
};
}  // namespace deedlog
