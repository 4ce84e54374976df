#pragma once
// A refused claim of rent, said from what the journal remembers. The position alone knows only
// the claims still open, so the engine refuses every other claim with the rule of asking in
// time; the journal tells the three cases apart: a landing on a mortgaged site (no rent), rent
// already paid, and a claim that came after the throw that closed its window.
#include <optional>

#include "deedlog/command.h"
#include "deedlog/violation.h"
#include "journal/journal.h"
#include "service/game.h"

namespace deedlog {

// The refusal to give instead of `refused` (a ClaimRent refused with NoRentOwed), or nullopt
// when the journal says nothing more exact. Reads the game's events up to game.state.seq.
std::optional<Violation> rent_claim_refusal(Journal& journal, const Game& game, const Command& claim,
                                            const Violation& refused);

}  // namespace deedlog
