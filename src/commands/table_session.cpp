#include "commands/table_session.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <istream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

// libedit's readline interface, not GNU readline's: the same calls under a BSD licence, which
// binds nothing on the programs that link it (docs/interface.md, "referee table").
#include <editline/readline.h>

#include "commands/command_outcome.h"
#include "commands/table_completion.h"
#include "core/exit_code.h"
#include "core/text_line.h"
#include "present/narration.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

// What the completer offers: the lines that complete the line being typed
// (commands/table_completion.h), for the game's edition and players; set while a session runs.
const Game* g_game = nullptr;

// libedit hands over the line up to the cursor as one word (the only word-break character is a
// newline, which a line never holds), so a completion may rewrite every word of it: a name of
// several words typed without quotes comes back quoted. Answers libedit's matches: [0] what the
// line becomes (what all the lines found begin with), then each line found.
char** complete(const char* text, int start, int end) {
  rl_attempted_completion_over = 1;  // no file names
  if (g_game == nullptr || start < 0 || end < start) return nullptr;
  const std::string line(rl_line_buffer, static_cast<std::size_t>(std::min(end, rl_end)));
  std::vector<std::string> found = line_completions(g_game->ruleset, g_game->header.players, line);
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

// The game as it is now, for the prompt and the completer (read again after each move: another
// writer may have played in between).
bool current(const CommonOptions& o, Game* g, std::ostream& err) {
  std::unique_ptr<Journal> j;
  std::int64_t id = 0;
  Status s = Journal::open(o.db, &j, true);
  if (s.is_ok()) s = resolve_game_id(*j, o.game, &id);
  if (s.is_ok()) s = load_game(*j, id, 0, g);
  if (!s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return false;
  }
  return true;
}

// One line of the session; false when it ends the session (quit, or a failure: *code says).
bool answer(const CommonOptions& o, const std::string& line, std::ostream& out, std::ostream& err, int* code) {
  if (line == "quit" || line == "exit") return false;
  std::ostringstream ruling, problem;
  int c = kExitOk;
  if (line == "?") {
    c = run_moves(o, "", ruling, problem);
  } else {
    c = run_play(o, line == "undo" ? "Referee takes back" : line, false, std::nullopt, ruling, problem);
  }
  out << ruling.str() << std::flush;
  if (c == kExitOk || c == kExitRefused) return true;
  const ErrorReport report = error_report(problem.str(), "referee");
  if (!report.message.empty()) err << "referee: " << report.message << "\n";
  if (o.json) out << error_json(report.message, std::nullopt) << std::flush;
  if (c == kExitUsage) return true;  // a line that does not parse: say so, read the next
  *code = c;
  return false;
}

}  // namespace

int run_table(const CommonOptions& o, std::istream& in, std::ostream& out, std::ostream& err) {
  Game g;
  if (!current(o, &g, err)) return kExitFailure;
  int code = kExitOk;
  if (!::isatty(STDIN_FILENO) || &in != &std::cin) {
    for (std::string text; std::getline(in, text);) {
      const std::string line = trimmed(text);
      if (line.empty() || line[0] == '#') continue;
      if (!answer(o, line, out, err, &code)) return code;
    }
    return code;
  }
  // The prompt holds the edition's words ("£200"): libedit reads it as multibyte text in the
  // locale's encoding, and fails on UTF-8 in the default "C" locale. The user's locale, or UTF-8.
  if (const char* loc = std::setlocale(LC_CTYPE, ""); loc == nullptr || MB_CUR_MAX == 1)
    std::setlocale(LC_CTYPE, "C.UTF-8");
  g_game = &g;
  static char no_break[] = "\n";
  rl_basic_word_break_characters = no_break;
  rl_completer_word_break_characters = no_break;
  rl_attempted_completion_function = complete;
  out << fmt::format("Game {} ({}): a move a line; ? lists the legal moves, undo takes back the last, quit ends.\n",
                     g.id, g.header.ruleset)
      << std::flush;
  while (true) {
    const std::string prompt = "Now: " + phase_words(g.ruleset, g.header.players, g.state) + "> ";
    std::unique_ptr<char, decltype(&std::free)> read(readline(prompt.c_str()), &std::free);
    if (!read) break;
    const std::string line = trimmed(read.get());
    if (line.empty() || line[0] == '#') continue;
    add_history(line.c_str());
    if (!answer(o, line, out, err, &code)) break;
    if (!current(o, &g, err)) {
      code = kExitFailure;
      break;
    }
  }
  g_game = nullptr;
  return code;
}

}  // namespace deedlog
