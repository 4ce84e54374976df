#pragma once
// The JSON documents of a game that more than one command gives: play's answer, status, the
// legal moves, the valuation. Built once here so that the command line (referee play --json,
// status --json, moves --json, value --json) and the engine for programs (referee engine, the
// bot protocol of referee match) answer with the same bytes for the same game.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/legal_moves.h"
#include "deedlog/status.h"
#include "deedlog/valuation.h"
#include "present/refusal_words.h"
#include "service/agreed_hour.h"
#include "service/game.h"
#include "service/game_log.h"
#include "service/game_session.h"

namespace deedlog {

// {"rule", "section", "message"}
nlohmann::ordered_json violation_json(const Ruling& ruling);

// One journalled event: seq, type, at, actor, its stored fields, and its words.
nlohmann::ordered_json event_json(const Game& game, const LoggedEvent& row);
// The same document from the parts of any stored event (the replay's timeline keeps its own):
// the row's fields, the payload's fields, and the event in the edition's words.
nlohmann::ordered_json event_json(const Ruleset& ruleset, const std::vector<std::string>& names, std::int64_t seq,
                                  const std::string& type, const std::string& at, const std::string& actor,
                                  const std::string& payload, const Event& event);

// play --json: accepted, dry_run (when), withheld (a dry run of a sealed game's chance: no
// events), events, violation (when refused), seq, head. game is
// the game after the move (play_move moved it on).
nlohmann::ordered_json play_json(const Game& game, const PlayOutcome& outcome, bool dry_run);

// The referee's rulings recorded in a game (RulingRecorded and NoteRecorded events): their seq and words.
using RecordedRulings = std::vector<std::pair<std::int64_t, std::string>>;

// status --json: the position (present/narration.h's position_json), the rulings so far when
// any, and the head hash.
// `hour`: what the journal says of the agreed finishing hour (service/agreed_hour.h), stated as
// `agreed_hour` when the game has a TimeLimit.
nlohmann::ordered_json status_json(const Game& game, const RecordedRulings& rulings, const AgreedHour& hour);
// The referee's rulings recorded up to the game's position, read through GameLog.
Status recorded_rulings(Journal& journal, const Game& game, RecordedRulings* out);

// Whether a trade may be proposed now: the moves list a trade as a form to fill in.
bool trading_open(const State& state);

// moves --json for these legal moves (legal_moves' list, or a part of it): the player to move,
// the phase, each move in notation, the forms of those a program may vary, and the trade form
// while trading is open.
nlohmann::ordered_json moves_json(const Game& game, const std::vector<LegalMove>& moves);
// The same for the moves legal now (`now`: a clock time, as legal_moves takes it).
nlohmann::ordered_json moves_json(const Game& game, std::int64_t now);

// value --json: each estate item by item, and the richest (or the tie).
// Why a game whose time is called is not over yet, in words ("" when nothing waits).
std::string time_called_wait_words(TimeCalledWait waits);
nlohmann::ordered_json value_json(const Game& game, const Valuation& valuation);
// The same for the game's own position.
nlohmann::ordered_json value_json(const Game& game);

// The name value --json gives an item's kind ("mortgaged-property"), and its words.
std::string valuation_item_kind(ValuationItem::Kind kind);
std::string valuation_item_words(const Ruleset& ruleset, const ValuationItem& item);

}  // namespace deedlog
