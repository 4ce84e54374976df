#include "service/tournament_duplicate.h"

namespace deedlog {

// Not built yet: a duplicate round is refused, never seated as an ordinary one (its players were
// promised equal luck). The duplicate rounds' change replaces this body.
Status prepare_duplicate_round(const Tournament&, int round, std::vector<GameHeader>*, DuplicateRound*) {
  return Status::invalid_argument("round " + std::to_string(round) +
                                  " is a duplicate round, and this program cannot seat duplicate rounds yet");
}

}  // namespace deedlog
