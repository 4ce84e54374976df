#include "service/tournament_duplicate.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "service/sealed_seeds.h"
#include "service/tournament.h"

namespace deedlog {

Status prepare_duplicate_round(Journal& journal, const Tournament&, int, std::vector<GameHeader>* headers,
                               DuplicateRound* out) {
  // One seed for the round, drawn now, so nobody (the Head Judge included) chose it; the tables
  // learn only its commitment until time is called.
  std::string seed, commitment;
  if (Status s = make_sealed_seed(&seed); !s.is_ok()) return s;
  if (Status s = keep_seed(journal, seed, &commitment); !s.is_ok()) return s;
  // Dealt by seat: the k-th throw of seat s is the same at every table of the round, so a seat is
  // compared with the same seat elsewhere on the same dice (the score against the field).
  for (GameHeader& h : *headers) {
    h.seed.reset();
    h.sealed = commitment;
    h.sealed_dice = std::string(kSealedDiceBySeat);
  }
  out->commitment = commitment;
  out->dice_by_seat = true;
  out->record_payload = nlohmann::ordered_json{{"commitment", commitment}, {"dice", std::string(kSealedDiceBySeat)}}.dump();
  return Status::ok();
}

Status reveal_round(Journal& journal, const Tournament& t, int n, RoundReveal* out) {
  *out = RoundReveal{};
  out->round = n;
  const TournamentRound* round = t.round(n);
  if (round == nullptr) return Status::invalid_argument(fmt::format("round {} is not seated", n));
  if (round->commitment.empty()) return Status::invalid_argument(fmt::format("round {} is not a duplicate round: it has no seed", n));
  out->commitment = round->commitment;
  // rule tournament/reveal-after-time: the seed is every table's dice still to come, so it is
  // shown only once the Head Judge has called time in the round.
  if (!round->time_called) {
    out->time_not_called = true;
    return Status::ok();
  }
  Reveal reveal;
  if (Status s = reveal_seed(journal, round->commitment, &reveal); !s.is_ok()) return s;
  if (reveal.still_in_play != 0) {
    out->time_not_called = true;
    return Status::ok();
  }
  out->seed = reveal.seed;
  return Status::ok();
}

}  // namespace deedlog
