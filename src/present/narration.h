#pragma once
// Events and positions in words (and in JSON), in the edition's vocabulary.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/event.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "service/game_log.h"

namespace deedlog {

struct Game;

// One event as a sentence: "Ann threw 3 and 4.", "Ben paid Ann £22 rent for Piccadilly."
std::string narrate(const Ruleset& ruleset, const std::vector<std::string>& names, const Event& e);
// The same, said with the position before the event, which tells what the event alone cannot:
// an offer ended by its maker was withdrawn, by the player offered it, turned down.
std::string narrate(const Ruleset& ruleset, const std::vector<std::string>& names, const Event& e, const State& before);

// A game's events said in the order recorded, from its first: as narrate(), and remembering the
// open offer, so that its end is said as a withdrawal or a refusal.
class EventNarrator {
 public:
  EventNarrator(const Ruleset& ruleset, const std::vector<std::string>& names) : ruleset_(ruleset), names_(names) {}
  std::string operator()(const Event& e);

 private:
  const Ruleset& ruleset_;
  const std::vector<std::string>& names_;
  PlayerId maker_ = kBank;    // the open offer's maker (kBank: none open)
  PlayerId offered_ = kBank;  // and the player it is made to
};

// The position as the text `referee status` prints.
std::string position_text(const Game& game);
// The position as INTERFACE.md's status JSON.
nlohmann::ordered_json position_json(const Game& game);

// What the game waits on now, in words: the phase ("Ann to throw"), or over it what holds the game
// up (a debt to be paid or declared bankrupt on), the time limit called, the end of the game.
std::string phase_words(const Ruleset& ruleset, const std::vector<std::string>& names, const State& s);

// Whether the game has ended and who won: a GameOver phase (the last player standing), or in a
// short game the time called and the move in progress done (the estates valued; several
// winners on a tie).
struct GameEnd {
  bool over = false;
  std::vector<PlayerId> winners;
};
GameEnd game_end(const Ruleset& ruleset, const State& s);
std::string phase_name(Phase p);

// Why a position asked for at an event inside a move is shown after the whole move
// (service/game_log.h, MoveSpan): "event 12 is inside the move "Ann throws 3 4" (events 11 to
// 14): shown after that whole move".
std::string between_moves_note(std::int64_t asked, const MoveSpan& span);

}  // namespace deedlog
