#pragma once
// A tournament table's key, derived from the Head Judge's (docs/tournaments.md, "Tables' keys"):
// HMAC-SHA256 of the tournament, round and table under the judge's key. So the judge, and only
// the judge, can print a lost card again, on any machine and after any restart, while the
// journal still keeps only each key's SHA-256. Rounds seated before keys were derived (their
// keys drawn at random) are told apart by the stored digest, which no derived key matches.
#include <cstdint>
#include <string>

namespace deedlog {

struct TournamentTable;

// The key of table `table` of round `round` of tournament `tournament`, 64 hex digits.
std::string table_key(const std::string& judge_key, std::int64_t tournament, int round, int table);

// The table's key as the judge can make it again; empty when the round's keys were drawn at
// random (seated by an earlier version), which only its seating printed.
std::string reprinted_table_key(const std::string& judge_key, std::int64_t tournament, int round,
                                const TournamentTable& t);

}  // namespace deedlog
