#include "commands/table_session.h"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "commands/command_outcome.h"
#include "commands/table_lines.h"
#include "commands/trade_price_command.h"
#include "core/exit_code.h"
#include "present/narration.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

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
  if (ends_session(line)) return false;
  std::ostringstream ruling, problem;
  int c = kExitOk;
  if (asks_legal_moves(line)) {
    c = run_moves(o, "", ruling, problem);
  } else if (const std::optional<std::string> offer = price_asked(line)) {
    TradePriceAsk ask;  // at the position now, as precise as the price needs, on every core
    ask.offer = *offer;
    c = run_trade_price(o, ask, ruling, problem);
  } else {
    c = run_play(o, move_of_line(line), false, std::nullopt, ruling, problem);
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

// The prompt's words and the completer's names for the game g.
TableView view_of(const Game& g) {
  return TableView{phase_words(g.ruleset, g.header.players, g.state), &g.ruleset, g.header.players};
}

}  // namespace

int run_table(const CommonOptions& o, std::istream& in, std::ostream& out, std::ostream& err) {
  Game g;
  if (!current(o, &g, err)) return kExitFailure;
  const std::string greeting =
      fmt::format("Game {} ({}): a move a line; ? lists the legal moves, :price OFFER prices a trade, undo takes back the "
                  "last, quit ends.\n",
                  g.id, g.header.ruleset);
  return table_lines(
      in, out, greeting, view_of(g),
      [&](const std::string& line, int* code) { return answer(o, line, out, err, code); },
      [&](TableView* view, int* code) {
        if (!current(o, &g, err)) {
          *code = kExitFailure;
          return false;
        }
        *view = view_of(g);
        return true;
      });
}

}  // namespace deedlog
