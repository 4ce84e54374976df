#include "service/statistics.h"

#include <algorithm>

#include "service/game_session.h"
#include "service/game_log.h"
#include "deedlog/evolve.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {

namespace {

// The jail strategy a game's players followed, as its tags say.
std::string jail_strategy_of(const GameHeader& header) {
  for (const auto& [tag, value] : header.tags)
    if (tag == "JailStrategy") return value;
  return "mixed";
}

}  // namespace

Status journal_statistics(Journal& journal, JournalStatistics* out, int skip_throws) {
  JournalStatistics st;
  st.skip_throws = std::max(0, skip_throws);
  std::vector<GameRow> games;
  if (Status s = journal.games(&games); !s.is_ok()) return s;
  for (const GameRow& row : games) {
    GameHeader header;
    if (Status s = header_from_json(row.header, &header); !s.is_ok()) return s;
    Ruleset r;
    if (Status s = ruleset_for(header, &r); !s.is_ok()) return s;
    if (st.square_names.empty()) {
      for (const Square& sq : r.squares) st.square_names.push_back(sq.name);
      st.landings.assign(r.squares.size(), 0);
      st.jail_square = r.jail_square;
    }
    if (st.wins_by_seat.size() < header.players.size()) st.wins_by_seat.resize(header.players.size(), 0);
    const std::string strategy = jail_strategy_of(header);
    auto seen = std::find_if(st.jail_strategies.begin(), st.jail_strategies.end(),
                             [&](const auto& entry) { return entry.first == strategy; });
    if (seen == st.jail_strategies.end()) st.jail_strategies.emplace_back(strategy, 1);
    else ++seen->second;
    Game g;
    g.id = row.game_id;
    g.header = header;
    g.ruleset = r;
    State s = initial_state(r, header);
    PlayerId thrower = kBank;  // whose throw's landing is still to be counted
    std::vector<int> throws_of(header.players.size(), 0);  // each token's throws so far this game
    auto count_landing = [&] {
      if (thrower == kBank) return;
      const PlayerState& p = s.player(thrower);
      if (p.square < st.landings.size()) ++st.landings[p.square];
      if (p.in_jail) ++st.landings_in_jail;
      thrower = kBank;
    };
    std::int64_t moves = 0;
    // What a take-back voided is not counted: the figures are of the game as it stands. Every
    // event is folded by the one fold (GameLog::fold), which returns to the position before
    // the moves a take-back voids; only the events that stand, neither a take-back nor its
    // line, are counted (docs/design.md, "Take-backs").
    std::vector<LoggedEvent> events;
    const GameLog log(journal, g);
    Status scan = log.read_all(1, 0, &events);
    mark_voided(&events);
    for (std::size_t i = 0; scan.is_ok() && i < events.size(); ++i) {
      const Event& e = events[i].event;
      const bool take_back_line = e.type == EventType::MovePlayed && i + 1 < events.size() &&
                                  events[i + 1].event.type == EventType::MovesTakenBack;
      if (events[i].voided_by != 0 || take_back_line || e.type == EventType::MovesTakenBack) {
        scan = log.fold(&s, events[i]);
        continue;
      }
      if (e.type == EventType::DiceThrown) {
        count_landing();  // the last throw's consequences are all in by now
        const bool seat = e.player >= 0 && static_cast<std::size_t>(e.player) < throws_of.size();
        if (!seat || ++throws_of[static_cast<std::size_t>(e.player)] > st.skip_throws) {
          thrower = e.player;
          ++st.throws;
        }
      }
      if (e.type == EventType::MovePlayed) ++moves;
      scan = log.fold(&s, events[i]);
    }
    if (!scan.is_ok()) return scan;
    count_landing();
    ++st.games;
    st.game_moves.push_back(moves);
    if (s.phase == Phase::GameOver && s.winner >= 0) ++st.wins_by_seat[static_cast<std::size_t>(s.winner)];
    else ++st.unfinished;
  }
  *out = std::move(st);
  return Status::ok();
}

}  // namespace deedlog
