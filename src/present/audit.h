#pragma once
// referee audit FILE.game: a game as it was played at the table, every breach reported (not
// just the first), the illegal lines skipped, and how the referee's position differs from what
// the table believed.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/status.h"
#include "present/refusal_words.h"

namespace deedlog {

struct Breach {
  // "rule": the rules refuse it; "notation": the line does not parse; "chance": a sealed game's
  // throw or card written as the seed (--seed) does not give it: the referee plays the seed's.
  std::string kind = "rule";
  int line = 0;
  std::string move;                 // the line as written
  Ruling violation;                 // the rule broken, in words
  std::vector<std::string> legal;   // what was legal instead at that point (a sample of the moves)
  bool table_version_known = false; // whether the table's version of the move could be replayed
};

struct PlayerDifference {
  std::string player;
  std::int64_t referee_cash = 0;
  std::int64_t table_cash = 0;
  std::string referee_square;
  std::string table_square;
  struct Holding {
    std::string property;
    std::string by_rules;   // "not his", "his, bare", "his, 1 house", "his, mortgaged"
    std::string at_table;
  };
  std::vector<Holding> holdings;  // properties where the two differ
};

struct AuditReport {
  std::string file;
  int moves = 0;
  int accepted = 0;
  std::vector<Breach> breaches;
  std::vector<PlayerDifference> differences;  // players whose positions differ at the end
  nlohmann::ordered_json referee_position;    // the corrected final position (status JSON)
  // A sealed game's file ([Sealed "..."]), docs/trust.md "Sealed chance": whether its dice and
  // cards were checked against the seed (--seed) or taken as written.
  bool sealed = false;
  bool seed_checked = false;
  // A sealed game's throw written without its dice, and no seed given: nothing from there on can
  // be checked (the line, the move as written, and how many lines were left unchecked).
  int unchecked_line = 0;
  std::string unchecked_move;
  int unchecked_lines = 0;
};

// Problems with the file itself (unreadable, a line that does not parse, an illegal setup)
// come back as a non-ok Status; breaches of the rules are the report.
// A sealed game's file is audited with its seed when one is given (checked against the file's
// commitment: a seed that is not the game's is an invalid argument), else with its dice as written.
Status audit_game_file(const std::string& path, AuditReport* report,
                       const std::optional<std::string>& seed = std::nullopt);

nlohmann::ordered_json audit_json(const AuditReport& r);
std::string audit_text(const AuditReport& r);

}  // namespace deedlog
