#pragma once
// For an audit: what the table believed a move did when the move broke a rule. The referee
// refuses it; the table went ahead. Only moves whose effect is plain can be replayed this way
// (rent paid late, a card out of order, a fine paid when it was not due, a purchase or a house
// the rules did not allow); for the others the table's version is unknown.
#include <optional>

#include "deedlog/command.h"
#include "deedlog/event.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

struct TableMemory {
  // The last rent each owner could have asked for, even after its window closed.
  struct LastRent {
    PlayerId payer = kBank;
    SquareId square = kNoSquare;
    Money amount;
  };
  std::array<LastRent, kMaxPlayers> last_rent{};
  void note(const Event& e);
};

// The events the table applied for a refused move, or nothing when that cannot be known.
std::optional<Events> table_version(const Ruleset& ruleset, const State& state, const TableMemory& memory,
                                    const Command& command);

}  // namespace deedlog
