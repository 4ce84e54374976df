#pragma once
// The JSON of the tournament's answers, shared by `referee tournament ... --json`
// (tournament_command.cpp) and the server's tournament routes (serve_tournament.cpp), so both say
// the same figures in the same shape (docs/interface.md, section 5).
#include <nlohmann/json.hpp>
#include <vector>

#include "deedlog/status.h"
#include "service/tournament.h"
#include "service/tournament_duplicate.h"

namespace deedlog {

class Journal;

// Points as the scale gives them: whole where they are whole, else to two places.
nlohmann::ordered_json points_json(double p);
nlohmann::ordered_json standing_json(const Standing& s);
nlohmann::ordered_json placing_json(const Placing& p);

// `tournament standings --json`: {"tournament", "name", "rounds", "standings": [...], "head",
// "head_record"}: the tournament's current head (its last record's hash) and that record's seq.
Status standings_json(Journal& j, const Tournament& t, nlohmann::ordered_json* out);

// `tournament call-time --json`: {"round", "games": [{"game", "table", "called", "over"}]}.
nlohmann::ordered_json call_time_json(int round, const std::vector<CallTimeOutcome>& outcomes);

// `tournament appeal --json`: the ruling recorded.
nlohmann::ordered_json appeal_json(const TournamentAppeal& a);

// `tournament reveal --json`: {"round", "seed", "commitment"}; before time is called in the round,
// {"accepted": false, "violation": {rule tournament/reveal-after-time, ...}} with the commitment
// in its words (the seed nowhere).
nlohmann::ordered_json reveal_json(const RoundReveal& r);
// The words of a reveal refused because time is not yet called in the round.
std::string reveal_refused_words(const RoundReveal& r);

// `tournament log --json`: rounds, appeals (with outcomes), sheets and every record (the tables'
// key digests left out), the first head and the current one.
nlohmann::ordered_json tournament_log_json(const Tournament& t);

}  // namespace deedlog
