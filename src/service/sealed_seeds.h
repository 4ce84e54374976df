#pragma once
// Sealed games (duplicate rounds): the referee throws the dice and shuffles the packs from a
// seed that no player can read until it is revealed. The seed is kept apart from the journal's
// record, in the journal's seal store (Journal::seals(): beside an SQLite file in `<file>.seals`,
// readable by its owner alone; in the table deedlog_seals on PostgreSQL); the game's header
// holds only its commitment, the SHA-256 of the seed's text, so the journal can be handed round
// before the reveal and checked against the seed after it (docs/trust.md, "Sealed chance").
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "deedlog/command.h"
#include "deedlog/event.h"
#include "deedlog/game_header.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

// 32 bytes from the operating system's generator (getrandom), as 64 lowercase hex digits.
Status make_sealed_seed(std::string* seed);

// The commitment to a seed: the SHA-256 (lowercase hex) of its text exactly as revealed.
std::string seed_commitment(const std::string& seed);

// A seed as the referee takes it: 32 to 128 hex digits (at least 128 bits), lowercase.
bool well_formed_seed(const std::string& seed);

// The chance a sealed game's move may use: the dice of throws first_throw to first_throw + 3
// (a move throws twice at most: the turn's and a card's rent throw), each pack's order and the
// short game's deal. A function of the seed alone (and the throw's number), so every game
// sealed with one seed gets the same k-th throw and the same orders.
SealedChance sealed_chance(const Ruleset& ruleset, const std::string& seed, std::uint64_t first_throw);

// Who throws in `move` at `state`, for a game sealed by seat: the move's player (a turn's
// throw, a re-throw after doubles, a jail throw and a card's rent throw are all made in the
// thrower's own move), else the player on turn.
PlayerId sealed_thrower(const State& state, const Command& move);

// The dice of a seat's k-th throw (k from 0) in a game sealed by seat: a function of the seed,
// the seat (the player's place at the table, from 0) and k alone, so seat s's k-th throw is the
// same at every table sealed with the seed, whatever the table's size and however many throws
// the other seats made before it. Drawn from a stream of its own, "seat/S/dice/K" (S from 1),
// apart from the by-throw scheme's "dice/K".
std::array<int, 2> seat_dice(const std::string& seed, int seat, std::uint64_t k);

// The chance of the move about to be decided at `state` in the scheme the header names
// ([SealedDice]): by throw, sealed_chance(r, seed, state.throws); by seat, the same packs and deal
// with the dice those of the thrower's seat from his next throw on (the engine still numbers
// them from state.throws: a move's throws are all its thrower's).
SealedChance sealed_chance_for_move(const Ruleset& ruleset, const GameHeader& header, const std::string& seed,
                                    const State& state, PlayerId thrower);

// The chance a recorded move used, read back from its events (the dice thrown, the cards turned
// up, the deeds dealt), for `verify` before the seed is revealed: deciding the move again with
// it checks everything but the dice and cards themselves.
SealedChance recorded_chance(const Ruleset& ruleset, const Events& recorded, std::uint64_t first_throw);

// A seed as kept for a commitment (journal/seal_store.h): the seed, and whether it was revealed.
using SealRecord = StoredSeal;

// Keeps a seed in the journal's seal store, by its commitment; *commitment gets it. A game
// whose header says `[Sealed C]` is then thrown from it: create_game finds it there (so `new --seal-like`, a tournament's tables and an
// import of a sealed game's file all share one seed by naming its commitment).
Status keep_seed(const Journal& journal, const std::string& seed, std::string* commitment);
// The seed kept for a commitment, or nullopt when this journal keeps none for it. Corrupt when
// what is kept is not the commitment's seed (its SHA-256 differs, or it is not a seed);
// permission_denied when this account may not read the seal store; not_private when the store,
// or (for a seed not yet revealed) the journal, is not its owner's alone (journal/private_file.h).
Status seed_for(const Journal& journal, const std::string& commitment, std::optional<SealRecord>* record);
// The seed of a commitment once revealed, for the readers that only check or explain a game
// (verify, explain, dispute): nullopt while it is secret, and when this account cannot read the
// seeds or they are not kept privately. A revealed seed is no secret, and a reader that cannot
// have it checks the chance as recorded, as it does on a copy with no seeds beside it: these
// readers never fail for a store that a throw would refuse. Corrupt as seed_for.
Status revealed_seed_for(const Journal& journal, const std::string& commitment, std::optional<std::string>* seed);
// True when the move, in this position of a sealed game, is dealt the referee's sealed chance:
// a throw the referee makes (no dice written), a card it turns up (none named), the fine paid
// after the last failed throw (the token moves by that throw, onto a card maybe). Before the
// reveal, whoever only asks about such a move (dispute, a dry run) is told whether it is
// allowed and never what it gives: its dice and cards are every table's of the round still to
// come (docs/trust.md, "Sealed chance").
bool deals_sealed_chance(const State& state, const Command& move);

// The games of the journal sealed with this commitment, in order of id.
Status games_sealed_with(Journal& journal, const std::string& commitment, std::vector<std::int64_t>* games);

// The reveal: the seed of a commitment once every game sealed with it is over or has had time
// called; then it is marked revealed (verify checks those games against it). Otherwise
// still_in_play names a game in play and nothing changes. Status not ok: no seed kept for it.
struct Reveal {
  std::string seed;
  std::string commitment;
  std::vector<std::int64_t> games;
  std::int64_t still_in_play = 0;
};
Status reveal_seed(Journal& journal, const std::string& commitment, Reveal* out);

}  // namespace deedlog
