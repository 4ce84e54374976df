#pragma once
// referee dispute "CLAIM" [--at SEQ]: the disputes players actually have, each a claim in the
// notation's words, ruled from the journal: upheld or rejected, the rule, the reasoning, and
// the correction it implies (a `Referee awards ...` line, recorded only if someone plays it).
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

struct DisputeRuling {
  std::string claim;        // the claim in canonical notation
  std::int64_t at = 0;      // ruled on the position after this event (the end of a move)
  std::int64_t asked_at = 0;  // the event the user named (--at), when it was inside a move
  std::string note;         // why `at` is not the event asked for, or ""
  bool upheld = false;
  std::string rule;
  std::string section;
  std::vector<std::string> reasoning;
  std::string correction;   // a notation line that would put things right, or ""
  std::int64_t voided_by = 0;  // the take-back that voided the position ruled on (--at), 0 when it stands
  // A sealed game's throw (docs/trust.md, "Sealed chance"): where the dice ruled with came from.
  // "recorded": the claim is the move the journal records next, decided with the dice and cards
  // it recorded; "seed": the seed is revealed, decided with its dice; "withheld": a throw the
  // journal does not record, before the reveal: ruled on legality alone, no dice shown. "" when
  // the claim throws nothing or the game is not sealed.
  std::string sealed_chance;
};

// Usage problems (a claim that does not parse, an event that does not exist) come back as a
// non-ok Status; the ruling itself is always a value.
Status rule_on_claim(Journal& journal, std::int64_t game_id, const std::string& claim,
                     std::optional<std::int64_t> at, DisputeRuling* out);

nlohmann::ordered_json dispute_json(const DisputeRuling& d);
std::string dispute_text(const DisputeRuling& d);

}  // namespace deedlog
