#pragma once
// referee settle PLAYER: what a player owes, what they could still raise, whether they are
// bankrupt under the edition's rule, and if so the whole settlement. A player who already went
// bankrupt has nothing left to settle: the report says when, to whom and what it did.
#include <iosfwd>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "service/game_session.h"
#include "journal/journal.h"

namespace deedlog {

// A bankruptcy already recorded: the event, the creditor, the move that caused it and that
// move's events in words.
struct PastBankruptcy {
  std::int64_t seq = 0;   // the PlayerBankrupted event; 0: none found
  PlayerId creditor = kBank;
  std::int64_t move_seq = 0;
  std::string move;
  std::vector<std::string> events;
};

// Reads the journal up to the game's position for the player's bankruptcy.
Status find_bankruptcy(Journal& journal, const Game& game, PlayerId player, PastBankruptcy* out);

// `past` is the player's recorded bankruptcy when the player is already bankrupt, else null.
nlohmann::ordered_json settlement_json(const Game& game, PlayerId player, const PastBankruptcy* past = nullptr);
std::string settlement_text(const Game& game, PlayerId player, const PastBankruptcy* past = nullptr);

}  // namespace deedlog
