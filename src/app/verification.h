#pragma once
// referee verify: the hash chain holds, and deciding every recorded move again on the
// position before it gives exactly the events recorded after it.
#include <cstdint>
#include <string>

#include "core/status.h"
#include "journal/journal.h"

namespace deedlog {

struct VerifyReport {
  bool ok = true;
  std::int64_t events = 0;
  std::int64_t moves = 0;
  ChainReport chain;
  std::int64_t first_bad_seq = 0;
  std::string problem;  // words for the user when !ok
};

Status verify_game(Journal& journal, std::int64_t game_id, VerifyReport* report);

}  // namespace deedlog
