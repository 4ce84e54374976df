#pragma once
// The words of `referee tournament`'s answers that more than one of them says, and the log's:
// each record's line, an entry's line, the tournament's head to keep.
#include <cstdint>
#include <string>
#include <vector>

#include "service/tournament.h"

namespace deedlog {

// A record in the log's words: "round 2 seated (3 tables)", "time called in round 1", "sheet of
// round 1, table 2 (game 2)", "no-show: Ben from round 2"; any other kind (an appeal, which the
// log's own lines tell about) by its name.
std::string record_words(const TournamentRecordPayload& record);

// "Fay: enters from round 2." (a late entry), "Dan: leaves from round 2." (a withdrawal, a no-show).
std::string entry_words(const TournamentEntry& e);

// The tournament's head in words, for the Head Judge to keep outside the journal: written down,
// it lets verify --tournament ID --expect-head show that the records were not rewritten since.
std::string head_words(std::int64_t id, std::int64_t records, const std::string& head);

// The tie-breaks after points, in the tournament's order, as words ("share, head-to-head,
// opponents, entry"; "..., then the order of entry" where the list leaves it out).
std::string tie_break_list(const Tournament& t);

// `tournament standings`: the scale (at every size of table seated), the tie-breaks in order and
// the final's rule, a line a player (points, net worth, each tie-break's figure by its name, a
// finalist's place in the final, a withdrawal or a no-show), the champion once the final is
// counted and what decided it, then the head.
std::string standings_words(const Tournament& t, const std::vector<Standing>& standings, int rounds_counted);

// `tournament log`: every record, then the appeals and the sheets, then the head.
std::string tournament_log_words(const Tournament& t);

}  // namespace deedlog
