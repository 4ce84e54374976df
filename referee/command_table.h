#pragma once
// referee's commands, options and examples: the one table behind --help, help CMD, the man
// page and the shell completion.
#include "cli/program_help.h"

namespace deedlog {

cli::ProgramHelp referee_help();

}  // namespace deedlog
