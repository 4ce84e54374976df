#pragma once
// Reading a git-style command line: options may come before or after the command word, so the
// word is found first (knowing which options take a value), then the whole line is parsed
// against the global options and that command's own.
#include <optional>
#include <string>
#include <vector>

#include "cli/program_help.h"

namespace deedlog::cli {

// The index in args (argv without the program's name) of the first word that is not an option
// nor an option's value; "-" is a word (standard input). None when there is no such word.
std::optional<std::size_t> command_word(const std::vector<std::string>& args, const ProgramHelp& program);

// Every option of the program, global and of each command (to tell which take a value).
po::options_description every_option(const ProgramHelp& program);

}  // namespace deedlog::cli
