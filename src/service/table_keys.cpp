#include "service/table_keys.h"

#include <fmt/format.h>

#include "journal/secret_key.h"
#include "service/tournament.h"

namespace deedlog {

std::string table_key(const std::string& judge_key, std::int64_t tournament, int round, int table) {
  // The purpose names the scheme's version, so a later scheme never yields the same keys.
  return derived_key(judge_key, fmt::format("deedlog table key v1\ntournament {}\nround {}\ntable {}", tournament,
                                            round, table));
}

std::string reprinted_table_key(const std::string& judge_key, std::int64_t tournament, int round,
                                const TournamentTable& t) {
  std::string key = table_key(judge_key, tournament, round, t.table);
  return key_matches(key, t.key_sha256) ? key : std::string();
}

}  // namespace deedlog
