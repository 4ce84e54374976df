#pragma once
// referee audit FILE.game: a game as it was played at the table, every breach reported (not
// just the first), the illegal lines skipped, and how the referee's position differs from what
// the table believed.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "deedlog/status.h"
#include "present/refusal_words.h"

namespace deedlog {

struct Breach {
  std::string kind = "rule";        // "rule": the rules refuse it; "notation": the line does not parse
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
};

// Problems with the file itself (unreadable, a line that does not parse, an illegal setup)
// come back as a non-ok Status; breaches of the rules are the report.
Status audit_game_file(const std::string& path, AuditReport* report);

nlohmann::ordered_json audit_json(const AuditReport& r);
std::string audit_text(const AuditReport& r);

}  // namespace deedlog
