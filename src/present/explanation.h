#pragma once
// referee explain SEQ: why an event happened: the move that caused it, the rule, and the
// arithmetic (rent: the site, its group, buildings, doubling, the dice; interest; valuation).
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

struct Explanation {
  std::int64_t seq = 0;
  std::string type;
  std::string words;          // the event as a sentence
  std::int64_t move_seq = 0;  // the MovePlayed that caused it (0: the opening)
  std::string move;           // that move's text
  std::string rule;           // "uk-1972/rent/double-on-complete-group"
  std::string section;
  std::vector<std::string> reasoning;  // the steps, arithmetic included
  std::int64_t voided_by = 0;  // the take-back that voided it (docs/design.md, "Take-backs"), 0 while it stands
  // A sealed game's throw or card (docs/trust.md, "Sealed chance"): the throw's number in the
  // game (from 1; 0 for a card), and, once the seed is revealed, whether the event is the seed's.
  bool sealed = false;
  std::int64_t sealed_throw = 0;
  std::optional<bool> seed_agrees;
};

Status explain_event(Journal& journal, std::int64_t game_id, std::int64_t seq, Explanation* out);
nlohmann::ordered_json explanation_json(const Explanation& e);
std::string explanation_text(const Explanation& e);

}  // namespace deedlog
