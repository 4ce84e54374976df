// A [Setup] section on its own, for the game's header (app/game_session.cpp): printed with the
// section's own printer and read back with its own line parser, so the header holds nothing the
// notation would not accept in a file.
#include <fmt/format.h>

#include "deedlog/game_file.h"
#include "notation/internal.h"

namespace deedlog {

std::string setup_text(const SetupPosition& setup, const Ruleset& ruleset, const std::vector<std::string>& players) {
  return notation::print_setup(setup, ruleset, players);
}

bool parse_setup_text(const std::string& text, const Ruleset& ruleset, const std::vector<std::string>& players,
                      SetupPosition* out, ParseError* error) {
  const notation::Context ctx(ruleset, players);
  SetupPosition setup;
  int number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = std::string_view(text).substr(start, end - start);
    ++number;
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    if (std::string err = notation::parse_setup_line(line, ctx, &setup); !err.empty()) {
      if (error) *error = ParseError{number, fmt::format("the header's [Setup], line {}: {}", number, err)};
      return false;
    }
  }
  *out = std::move(setup);
  return true;
}

}  // namespace deedlog
