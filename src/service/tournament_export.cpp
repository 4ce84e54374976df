#include "service/tournament_export.h"

#include "deedlog/valuation.h"
#include "service/game_session.h"

namespace deedlog {

Status tournament_round_ended(Journal& journal, const TournamentRound& r, bool* ended) {
  *ended = true;
  if (r.time_called) return Status::ok();
  for (const TournamentTable& table : r.tables) {
    Game g;
    if (Status s = load_game(journal, table.game, 0, &g); !s.is_ok()) return s;
    if (!g.state.time_called && !game_is_over(g.ruleset, g.state)) {
      *ended = false;
      return Status::ok();
    }
  }
  return Status::ok();
}

Status gather_tournament_export(Journal& journal, const Tournament& t, TournamentExport* out) {
  TournamentExport e;
  if (Status s = tournament_standings(journal, t, &e.standings, &e.rounds_counted); !s.is_ok()) return s;
  for (const TournamentRound& r : t.rounds) {
    ExportedRound round;
    round.round = r.round;
    round.final = r.final;
    round.duplicate = !r.commitment.empty();
    round.commitment = r.commitment;
    round.dice_by_seat = r.dice_by_seat;
    round.time_called = r.time_called;
    if (Status s = tournament_round_ended(journal, r, &round.ended); !s.is_ok()) return s;
    round.hidden = round.duplicate && !round.ended;
    for (const TournamentTable& table : r.tables) {
      ExportedTable x;
      x.table = table.table;
      x.game = table.game;
      x.players = table.players;
      if (!round.hidden) {
        TableResult result;
        if (Status s = table_result(journal, t, r.round, table.table, &result); !s.is_ok()) return s;
        x.result = std::move(result);
      }
      round.tables.push_back(std::move(x));
    }
    e.rounds.push_back(std::move(round));
  }
  *out = std::move(e);
  return Status::ok();
}

}  // namespace deedlog
