#include "commands/games_listing.h"

#include <filesystem>
#include <ostream>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <ostream>
#include <vector>

#include "core/exit_code.h"
#include "service/game_log.h"
#include "service/game_session.h"
#include "present/narration.h"
#include "journal/journal.h"

namespace deedlog {

Status summarize_game(Journal& journal, std::int64_t id, GameSummary* summary) {
  Game g;
  if (Status s = load_game(journal, id, 0, &g); !s.is_ok()) return s;
  summary->id = id;
  summary->ruleset = g.header.ruleset;
  summary->players = g.header.players;
  summary->events = g.state.seq;
  // Over as status says it: the last player standing, or a short game's time called and its
  // move done (a tie leaves the winner unnamed).
  const GameEnd end = game_end(g.ruleset, g.state);
  summary->over = end.over;
  if (end.winners.size() == 1 && end.winners.front() >= 0 &&
      static_cast<std::size_t>(end.winners.front()) < g.header.players.size())
    summary->winner = g.header.players[static_cast<std::size_t>(end.winners.front())];
  // The moves that stand: a take-back's line and the moves it voided are not counted.
  summary->moves = g.state.moves_played;
  return Status::ok();
}

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

std::string state_words(const GameSummary& g) {
  if (!g.over) return "in play";
  return g.winner.empty() ? "over" : "over, won by " + g.winner;
}

}  // namespace

int run_games(const CommonOptions& o, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> journal;
  std::vector<GameRow> rows;
  Status s = Journal::open(o.db, &journal, true);
  if (s.is_ok()) s = journal->games(&rows);
  std::vector<GameSummary> games(rows.size());
  for (std::size_t i = 0; s.is_ok() && i < rows.size(); ++i) s = summarize_game(*journal, rows[i].game_id, &games[i]);
  if (!s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return kExitFailure;
  }
  if (o.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const GameSummary& g : games) {
      nlohmann::ordered_json j{{"game", g.id}, {"ruleset", g.ruleset}, {"players", g.players},
                               {"moves", g.moves}, {"events", g.events}, {"over", g.over}};
      if (!g.winner.empty()) j["winner"] = g.winner;
      list.push_back(j);
    }
    out << nlohmann::ordered_json{{"games", list}}.dump() << "\n";
    return kExitOk;
  }
  if (games.empty()) {
    out << "the journal holds no game yet\n";
    return kExitOk;
  }
  out << fmt::format("{:>4}  {:<18} {:>6} {:>7}  {:<24} {}\n", "game", "ruleset", "moves", "events", "state", "players");
  for (const GameSummary& g : games)
    out << fmt::format("{:>4}  {:<18} {:>6} {:>7}  {:<24} {}\n", g.id, g.ruleset, g.moves, g.events, state_words(g),
                       joined(g.players));
  return kExitOk;
}

void write_game_ids(const std::string& db, std::ostream& out) {
  std::unique_ptr<Journal> journal;
  std::vector<GameRow> games;
  if (!journal_may_exist(db) || !Journal::open(db, &journal, true).is_ok() || !journal->games(&games).is_ok())
    return;
  for (const GameRow& g : games) out << g.game_id << "\n";
}

}  // namespace deedlog
