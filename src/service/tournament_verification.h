#pragma once
// referee verify --tournament: a tournament's records hold to their chain, read as every reader
// reads them (fold_tournament_record, service/tournament.h), and agree with the tournament's
// settings, with each other and with the games they name. What this catches with and without a
// head kept outside the journal: docs/trust.md, "Tournaments".
#include <cstdint>
#include <string>

#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

struct TournamentVerifyReport {
  bool ok = true;
  std::int64_t records = 0;  // records whose links were checked
  std::int64_t games = 0;    // the tables' games read (header and chain)
  std::string first_head;    // the genesis, as stored: what `tournament new` printed
  std::string head;          // the last record's hash (the first head before any record); "" when the chain breaks
  // The chain itself does not hold: the records (or the row) are not the ones written, and what
  // they say was not looked at further.
  bool chain_broken = false;
  std::int64_t first_bad_seq = 0;  // the record at fault when !ok (0: the tournament's own row)
  std::string problem;             // words for the user when !ok
  // Where the anchor given stands in a chain that holds: 0 for the first head, N for record N's
  // hash, -1 when no hash of the chain begins with it (or no anchor was given).
  std::int64_t anchor_seq = -1;
};

// Checks tournament id (NotFound when there is none). anchor: a hash kept outside (12 to 64
// lowercase hex digits, a prefix of a head) or "" for none; whether it is found is in
// report->anchor_seq, for the caller to judge. A finding is a report with ok = false, not a
// failed Status: that is kept for a journal that cannot be read at all.
Status verify_tournament(Journal& journal, std::int64_t id, const std::string& anchor, TournamentVerifyReport* report);

}  // namespace deedlog
