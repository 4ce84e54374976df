// Reading a file of several games one game at a time (deedlog/game_reader.h).
#include "deedlog/game_reader.h"

#include <string_view>

#include "notation/lexer.h"

namespace deedlog {
namespace {

using notation::clean_line;
using notation::lower_ascii;

// The byte order mark some editors put at the start of a UTF-8 file.
constexpr std::string_view kBom = "\xEF\xBB\xBF";

// What a line is to the reader: a tag line ([Name "value"]), a blank one (nothing but a comment,
// or a line that does not read, which the parser reports in its place), or a line of a body.
struct LineKind {
  bool tag = false;
  bool blank = false;
  bool names_ruleset = false;
};

LineKind kind_of(const std::string& line) {
  std::string clean;
  if (!clean_line(line, &clean).empty()) clean.clear();
  LineKind k;
  k.blank = clean.empty();
  k.tag = !k.blank && clean.front() == '[' && clean.find('"') != std::string::npos;
  k.names_ruleset = k.tag && lower_ascii(clean).rfind("[ruleset", 0) == 0;
  return k;
}

}  // namespace

bool GameReader::read_line(std::string* line) {
  if (!std::getline(in_, *line)) return false;
  ++line_number_;
  if (line_number_ == 1 && std::string_view(*line).substr(0, kBom.size()) == kBom) line->erase(0, kBom.size());
  return true;
}

bool GameReader::next(GameText* out) {
  if (ended_ && !carried_any_) return false;
  GameText game;
  bool in_body = false;
  if (carried_any_) {
    game.text = std::move(carried_);
    game.first_line = carried_first_line_;
    in_body = carried_in_body_;
    carried_.clear();
    carried_any_ = false;
  } else {
    game.first_line = line_number_ + 1;
  }
  // A run of tag lines (and blank lines among them) after a line of the body: the next game's
  // tags if one of them is a Ruleset tag, else lines of this game (a stray tag, refused by the
  // parser). Which, is known only where the run ends.
  std::string run;
  int run_first_line = 0;
  bool in_run = false, run_names_ruleset = false;
  const auto give = [&] {
    ++given_;
    *out = std::move(game);
    return true;
  };
  std::string line;
  while (!ended_ && read_line(&line)) {
    const LineKind k = kind_of(line);
    if (in_run) {
      if (k.tag || k.blank) {
        (run += line) += '\n';
        run_names_ruleset = run_names_ruleset || k.names_ruleset;
        continue;
      }
      if (run_names_ruleset) {  // the run starts the next game, this line its first of a body
        carried_ = std::move(run);
        (carried_ += line) += '\n';
        carried_first_line_ = run_first_line;
        carried_in_body_ = true;
        carried_any_ = true;
        return give();
      }
      game.text += run;
      run.clear();
      in_run = false;
    } else if (k.tag && in_body) {
      in_run = true;
      run = line + '\n';
      run_first_line = line_number_;
      run_names_ruleset = k.names_ruleset;
      continue;
    }
    (game.text += line) += '\n';
    if (!k.blank && !k.tag) in_body = true;
  }
  ended_ = true;
  if (in_run && run_names_ruleset) {  // a game of tags alone ends the file
    carried_ = std::move(run);
    carried_first_line_ = run_first_line;
    carried_in_body_ = false;
    carried_any_ = true;
  } else if (in_run) {
    game.text += run;
  }
  return give();
}

}  // namespace deedlog
