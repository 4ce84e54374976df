#pragma once
// referee settle PLAYER: what a player owes, what he could still raise, whether he is bankrupt
// under the edition's rule, and if so the whole settlement.
#include <iosfwd>
#include <nlohmann/json.hpp>

#include "app/game_session.h"

namespace deedlog {

nlohmann::ordered_json settlement_json(const Game& game, PlayerId player);
std::string settlement_text(const Game& game, PlayerId player);

}  // namespace deedlog
