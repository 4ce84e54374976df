#pragma once
// The lines of a table's session, read the same way whoever rules them: `referee table` at the
// journal (commands/table_session.h) and `referee table --server` through a judge's server
// (serve/serve_table.h). From a pipe: each line trimmed, blank lines and # comments skipped,
// no prompt. From a terminal: libedit, the position as the prompt, history, and Tab completing
// players' names, verbs and squares (commands/table_completion.h).
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "deedlog/ruleset.h"

namespace deedlog {

// What the prompt and the completer need of the game as it is now.
struct TableView {
  std::string now;                   // whose turn and what they may do, in words (the prompt: "Now: ...> ")
  const Ruleset* ruleset = nullptr;  // the edition, for completion; none: nothing is completed
  std::vector<std::string> players;  // the players' names, in seating order
};

// The session's words besides moves, the same at the journal and through a server.
inline bool ends_session(const std::string& line) { return line == "quit" || line == "exit"; }
inline bool asks_legal_moves(const std::string& line) { return line == "?"; }
// `:price OFFER` asks the price of a trade at the position now (docs/trade-price.md): a word no
// move line can begin with, since a colon is never in a player's name (player_name_problem).
// The offer as typed after the word, or nullopt for any other line.
inline std::optional<std::string> price_asked(const std::string& line) {
  static constexpr std::string_view kWord = ":price";
  if (line.compare(0, kWord.size(), kWord) != 0) return std::nullopt;
  const std::string rest = line.substr(kWord.size());
  if (!rest.empty() && rest.front() != ' ' && rest.front() != '\t') return std::nullopt;
  const std::size_t from = rest.find_first_not_of(" \t");
  return from == std::string::npos ? std::string() : rest.substr(from);
}
// `undo` is the move "Referee takes back" (rule referee/take-back): the last move voided.
inline std::string move_of_line(const std::string& line) { return line == "undo" ? "Referee takes back" : line; }

// One line answered: false when it ends the session (quit, or a failure: *code is set then).
using TableAnswer = std::function<bool(const std::string& line, int* code)>;
// The game read again after a line (another writer may have played in between): false when it
// cannot be (*code set).
using TableRefresh = std::function<bool(TableView* view, int* code)>;

// Reads lines from in until its end or until answer says stop; the exit code (0 at the end of
// the input). The terminal is used only when in is std::cin and standard input is one; there
// greeting is printed first and refresh is called after every line.
int table_lines(std::istream& in, std::ostream& out, const std::string& greeting, TableView view,
                const TableAnswer& answer, const TableRefresh& refresh);

}  // namespace deedlog
