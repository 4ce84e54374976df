#pragma once
// referee verify: the hash chain holds, and deciding every recorded move again on the
// position before it gives exactly the events recorded after it.
#include <cstdint>
#include <string>

#include <optional>
#include <vector>

#include "deedlog/status.h"
#include "deedlog/violation.h"
#include "journal/journal.h"

namespace deedlog {

struct VerifyReport {
  bool ok = true;
  std::int64_t events = 0;
  std::int64_t moves = 0;  // the moves that stand, as `games` counts them (a take-back's line and what it voided not counted)
  std::int64_t lines = 0;  // every move line recorded and re-decided, those included
  ChainReport chain;
  std::int64_t first_bad_seq = 0;
  std::string problem;  // words for the user when !ok
  // When a recorded move (or the opening) is refused by the rules: the refusal, for present's
  // words (present/refusal_words).
  std::optional<Violation> refusal;
  // A game written before headers stated their setup: its opening is checked only against itself.
  bool legacy_opening = false;
  std::int64_t snapshots_checked = 0;  // stored snapshots found equal to the folded position
  // A sealed game: the dice and cards were checked against its revealed seed (true), or, before
  // the reveal, taken as recorded (false: everything else was checked).
  bool sealed = false;
  bool chance_checked = false;
  // Events whose text is longer than a move may record now (kMaxEventTextBytes): written before
  // the limit was checked. They read and verify as any other; they are named so a club knows.
  std::vector<std::int64_t> long_text_seqs;
};

// Also compares every sound snapshot stored for the game with the position folded from the
// events: deedlog never stores a wrong one, so one that differs was altered (ok = false).
// A sealed game is checked against its seed when the seed is revealed (kept beside the journal
// and marked revealed) or given here (`verify --seed`): a seed whose commitment is not the
// header's fails the game.
Status verify_game(Journal& journal, std::int64_t game_id, VerifyReport* report,
                   const std::optional<std::string>& seed = std::nullopt);

}  // namespace deedlog
