#include "commands/table_lines.h"

#include <unistd.h>

#include <algorithm>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <istream>
#include <memory>
#include <string>
#include <vector>

// libedit's readline interface, not GNU readline's: the same calls under a BSD licence, which
// binds nothing on the programs that link it (docs/interface.md, "referee table").
#include <editline/readline.h>

#include "commands/table_completion.h"
#include "core/exit_code.h"
#include "core/text_line.h"

namespace deedlog {
namespace {

// What the completer offers: the lines that complete the line being typed
// (commands/table_completion.h), for the game's edition and players; set while a session runs.
const TableView* g_view = nullptr;

// libedit hands over the line up to the cursor as one word (the only word-break character is a
// newline, which a line never holds), so a completion may rewrite every word of it: a name of
// several words typed without quotes comes back quoted. Answers libedit's matches: [0] what the
// line becomes (what all the lines found begin with), then each line found.
char** complete(const char* text, int start, int end) {
  rl_attempted_completion_over = 1;  // no file names
  if (g_view == nullptr || g_view->ruleset == nullptr || start < 0 || end < start) return nullptr;
  const std::string line(rl_line_buffer, static_cast<std::size_t>(std::min(end, rl_end)));
  std::vector<std::string> found = line_completions(*g_view->ruleset, g_view->players, line);
  // Only what keeps the part before the word libedit gave (all of it, when the break works).
  const std::string kept = line.substr(0, static_cast<std::size_t>(start));
  std::vector<std::string> mine;
  for (const std::string& f : found)
    if (f.rfind(kept, 0) == 0) mine.push_back(f.substr(kept.size()));
  (void)text;
  if (mine.empty()) return nullptr;
  char** matches = static_cast<char**>(std::malloc((mine.size() + 2) * sizeof(char*)));
  if (matches == nullptr) return nullptr;
  matches[0] = strdup(mine.size() == 1 ? mine.front().c_str() : common_start(mine).c_str());
  std::size_t n = 1;
  if (mine.size() > 1)
    for (const std::string& m : mine) matches[n++] = strdup(m.c_str());
  matches[n] = nullptr;
  return matches;
}

}  // namespace

int table_lines(std::istream& in, std::ostream& out, const std::string& greeting, TableView view,
                const TableAnswer& answer, const TableRefresh& refresh) {
  int code = kExitOk;
  if (!::isatty(STDIN_FILENO) || &in != &std::cin) {
    for (std::string text; std::getline(in, text);) {
      const std::string line = trimmed(text);
      if (line.empty() || line[0] == '#') continue;
      if (!answer(line, &code)) return code;
    }
    return code;
  }
  // The prompt holds the edition's words ("£200"): libedit reads it as multibyte text in the
  // locale's encoding, and fails on UTF-8 in the default "C" locale. The user's locale, or UTF-8.
  if (const char* loc = std::setlocale(LC_CTYPE, ""); loc == nullptr || MB_CUR_MAX == 1)
    std::setlocale(LC_CTYPE, "C.UTF-8");
  g_view = &view;
  static char no_break[] = "\n";
  rl_basic_word_break_characters = no_break;
  rl_completer_word_break_characters = no_break;
  rl_attempted_completion_function = complete;
  out << greeting << std::flush;
  while (true) {
    const std::string prompt = "Now: " + view.now + "> ";
    std::unique_ptr<char, decltype(&std::free)> read(readline(prompt.c_str()), &std::free);
    if (!read) break;
    const std::string line = trimmed(read.get());
    if (line.empty() || line[0] == '#') continue;
    add_history(line.c_str());
    if (!answer(line, &code)) break;
    if (!refresh(&view, &code)) break;
  }
  g_view = nullptr;
  return code;
}

}  // namespace deedlog
