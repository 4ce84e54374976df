#include "commands/table_session.h"

#include <fmt/format.h>
#include <unistd.h>

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
#include "core/exit_code.h"
#include "core/text_line.h"
#include "present/narration.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

// The words a line of the notation is made of, for completion: the players, the verbs in their
// canonical words, the squares (a name of several words quoted, as the notation reads it).
std::vector<std::string> completion_words(const Game& g) {
  std::vector<std::string> words = {"Referee", "rolls", "buys", "declines", "bids", "passes", "claims", "rent",
                                    "draws", "pays", "fine", "tax", "flat", "uses", "card", "builds", "sells",
                                    "house", "houses", "hotel", "on", "mortgages", "unmortgages", "offers", "for",
                                    "accepts", "rejects", "declares", "bankruptcy", "ends", "turn", "skips", "go",
                                    "takes", "back", "calls", "time", "awards", "from", "deals", "auctions", "undo",
                                    "quit", "?"};
  const auto add = [&](const std::string& name) {
    words.push_back(name.find(' ') == std::string::npos ? name : "\"" + name + "\"");
  };
  for (const std::string& p : g.header.players) add(p);
  for (const Square& s : g.ruleset.squares) add(s.name);
  return words;
}

std::vector<std::string>* g_words = nullptr;  // what the completer offers; set while a session runs

char* next_word(const char* text, int state) {
  static std::size_t at = 0;
  if (state == 0) at = 0;
  const std::size_t n = std::strlen(text);
  while (g_words && at < g_words->size()) {
    const std::string& w = (*g_words)[at++];
    if (w.size() >= n && strncasecmp(w.c_str(), text, n) == 0) return strdup(w.c_str());
  }
  return nullptr;
}

char** complete(const char* text, int, int) {
  rl_attempted_completion_over = 1;  // no file names
  return rl_completion_matches(text, next_word);
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
  std::vector<std::string> words = completion_words(g);
  g_words = &words;
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
  g_words = nullptr;
  return code;
}

}  // namespace deedlog
