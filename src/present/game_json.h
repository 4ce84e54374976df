#pragma once
// The JSON documents of a game that more than one caller gives: `referee play --json`,
// `status --json`, `value --json` and `moves --json` (INTERFACE.md sections 3 and 4), built once
// so the referee's commands and the Python module (python/) answer in the same shapes.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"
#include "deedlog/valuation.h"
#include "present/refusal_words.h"
#include "service/game.h"
#include "service/game_log.h"
#include "service/game_session.h"

namespace deedlog {

// {"rule", "section", "message"}
nlohmann::ordered_json violation_json(const Ruling& ruling);

// One recorded event: seq, type, at, actor, its stored fields, and its words.
nlohmann::ordered_json event_json(const Game& game, const LoggedEvent& row);

// `play --json`: accepted, dry_run (when one), events, violation (when refused), seq, head.
nlohmann::ordered_json play_json(const Game& game, const PlayOutcome& outcome, bool dry_run);

// The referee's rulings recorded in a game up to its position, each as (seq, words).
using RecordedRulings = std::vector<std::pair<std::int64_t, std::string>>;
Status recorded_rulings(Journal& journal, const Game& game, RecordedRulings* out);

// `status --json`: the position (present/narration.h), the rulings when any, the head.
nlohmann::ordered_json status_json(const Game& game, const RecordedRulings& rulings);

// `value --json`: each estate by the edition's end-of-game rules, item by item, and the winner.
nlohmann::ordered_json value_json(const Game& game);
// One item of an estate in words ("Mayfair at its printed price"), as `value` prints it.
std::string valuation_item_words(const Ruleset& ruleset, const ValuationItem& item);

// `moves --json`: the player to move, the phase, every legal move in notation and the forms
// of those that may vary (and of a trade). `now`: as legal_moves takes it.
nlohmann::ordered_json moves_json(const Game& game, std::int64_t now);

}  // namespace deedlog
