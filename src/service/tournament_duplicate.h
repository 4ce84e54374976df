#pragma once
// Duplicate rounds (issue "Tournaments", --duplicate): every table of a round plays the same dice
// and card orders from one sealed seed, committed by its SHA-256 before the round and revealed
// after time is called. This file is the hook seat_round calls for a duplicate tournament; the
// sealing, the commitment and the reveal are built here (tournament_duplicate.cpp).
#include <string>
#include <vector>

#include "deedlog/game_header.h"
#include "journal/journal.h"
#include "deedlog/status.h"

namespace deedlog {

struct Tournament;

// What a duplicate round adds when it is seated.
struct DuplicateRound {
  std::string commitment;      // the SHA-256 (hex) of the round's seed, printed by `tournament seat`
  std::string record_payload;  // JSON object text kept in the round's "seated" record ("" for none)
  bool dice_by_seat = false;   // the tables' dice dealt by seat ([SealedDice "by-seat"])
};

// Called by seat_round, before the round's games are created, for a tournament made with
// --duplicate: may change each table's header (headers[i] is table i + 1's) and fills *out.
// A failure stops the seating; nothing is written.
// The round's seed is 256 bits from the operating system, kept beside the journal (sealed_seeds.h);
// every table's header gets its commitment ([Sealed]), so each game is thrown from it, by seat
// ([SealedDice "by-seat"]: a seat's k-th throw is the same at every table, whatever its size); the
// round's record says so ({"commitment", "dice": "by-seat"}). Rounds seated before the scheme came
// have no "dice" and their games no [SealedDice]: they were dealt by the table's throws, and
// verify as they were.
Status prepare_duplicate_round(Journal& journal, const Tournament& t, int round, std::vector<GameHeader>* headers,
                               DuplicateRound* out);

// `tournament reveal --round N`: the round's seed and commitment, once time is called in the
// round (refused: time_not_called, nothing revealed). InvalidArgument for a round not seated or
// not a duplicate round.
struct RoundReveal {
  int round = 0;
  std::string seed;
  std::string commitment;
  bool time_not_called = false;
};
Status reveal_round(Journal& journal, const Tournament& t, int round, RoundReveal* out);

}  // namespace deedlog
