#include "cli/command_line.h"

namespace deedlog::cli {

po::options_description every_option(const ProgramHelp& program) {
  po::options_description all;
  if (program.global) all.add(*program.global);
  for (const CommandHelp& c : program.commands)
    if (c.options)
      for (const auto& o : c.options->options())
        if (!all.find_nothrow(o->long_name(), false)) all.add(o);
  return all;
}

namespace {

bool takes_value(const po::options_description& all, const std::string& long_name) {
  const po::option_description* o = all.find_nothrow(long_name, false);
  return o && o->semantic()->max_tokens() > 0;
}

}  // namespace

std::optional<std::size_t> command_word(const std::vector<std::string>& args, const ProgramHelp& program) {
  const po::options_description all = every_option(program);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") return i + 1 < args.size() ? std::optional<std::size_t>(i + 1) : std::nullopt;
    if (a.size() < 2 || a[0] != '-') return i;  // a word, or "-"
    if (a.rfind("--", 0) == 0 && a.find('=') == std::string::npos && takes_value(all, a.substr(2))) ++i;
  }
  return std::nullopt;
}

}  // namespace deedlog::cli
