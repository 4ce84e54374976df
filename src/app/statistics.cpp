#include "app/statistics.h"

#include <fmt/format.h>

#include <algorithm>

#include "app/game_session.h"
#include "deedlog/event_codec.h"
#include "deedlog/evolve.h"
#include "rules/ruleset_catalog.h"

namespace deedlog {

Status journal_statistics(Journal& journal, JournalStatistics* out) {
  JournalStatistics st;
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
    const EventBounds bounds = event_bounds(r, static_cast<int>(header.players.size()));
    State s = initial_state(r, header);
    PlayerId thrower = kBank;  // whose throw's landing is still to be counted
    auto count_landing = [&] {
      if (thrower == kBank) return;
      const PlayerState& p = s.player(thrower);
      if (p.square < st.landings.size()) ++st.landings[p.square];
      if (p.in_jail) ++st.landings_in_jail;
      thrower = kBank;
    };
    std::int64_t moves = 0;
    std::string problem;
    Status scan = journal.scan(row.game_id, 1, 0, [&](const EventRow& er) {
      Event e;
      if (!decode_event(er.type, er.payload, bounds, &e, &problem)) return false;
      if (e.type == EventType::DiceThrown) {
        count_landing();  // the last throw's consequences are all in by now
        thrower = e.player;
        ++st.throws;
      }
      if (e.type == EventType::MovePlayed) ++moves;
      evolve(s, e);
      return true;
    });
    if (!scan.is_ok()) return scan;
    if (!problem.empty()) return Status::corrupt(problem);
    count_landing();
    ++st.games;
    st.game_moves.push_back(moves);
    if (s.phase == Phase::GameOver && s.winner >= 0) ++st.wins_by_seat[static_cast<std::size_t>(s.winner)];
    else ++st.unfinished;
  }
  *out = std::move(st);
  return Status::ok();
}

nlohmann::ordered_json statistics_json(const JournalStatistics& s) {
  nlohmann::ordered_json j;
  j["games"] = s.games;
  j["throws"] = s.throws;
  j["squares"] = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < s.landings.size(); ++i) {
    nlohmann::ordered_json sq{{"index", i}, {"name", s.square_names[i]}, {"landings", s.landings[i]},
                              {"share", s.throws ? static_cast<double>(s.landings[i]) / s.throws : 0.0}};
    if (static_cast<int>(i) == s.jail_square) {
      sq["in_jail"] = s.landings_in_jail;
      sq["just_visiting"] = s.landings[i] - s.landings_in_jail;
    }
    j["squares"].push_back(sq);
  }
  std::vector<std::int64_t> lengths = s.game_moves;
  std::sort(lengths.begin(), lengths.end());
  std::int64_t total = 0;
  for (auto l : lengths) total += l;
  j["game_moves"] = {{"min", lengths.empty() ? 0 : lengths.front()},
                     {"median", lengths.empty() ? 0 : lengths[lengths.size() / 2]},
                     {"mean", lengths.empty() ? 0.0 : static_cast<double>(total) / lengths.size()},
                     {"max", lengths.empty() ? 0 : lengths.back()}};
  j["wins_by_seat"] = s.wins_by_seat;
  j["unfinished"] = s.unfinished;
  return j;
}

std::string statistics_text(const JournalStatistics& s) {
  std::string out = fmt::format("{} games, {} throws\n\nwhere throws end:\n", s.games, s.throws);
  for (std::size_t i = 0; i < s.landings.size(); ++i) {
    out += fmt::format("  {:>2} {:<26} {:>9} {:>7.3f}%{}\n", i, s.square_names[i], s.landings[i],
                       s.throws ? 100.0 * s.landings[i] / s.throws : 0.0,
                       static_cast<int>(i) == s.jail_square
                           ? fmt::format("  (in jail {}, just visiting {})", s.landings_in_jail, s.landings[i] - s.landings_in_jail)
                           : "");
  }
  out += "\nwins by seat:";
  for (std::size_t i = 0; i < s.wins_by_seat.size(); ++i) out += fmt::format(" {}:{}", i + 1, s.wins_by_seat[i]);
  out += fmt::format("\nunfinished (move limit): {}\n", s.unfinished);
  return out;
}

}  // namespace deedlog
