#pragma once
// A proposed move: one line of the notation after names are resolved. What the people at
// the table did and what the dice showed; never the sums (the referee works those out).
#include <array>
#include <cstddef>
#include <initializer_list>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "deedlog/clock_stamp.h"
#include "deedlog/ids.h"
#include "deedlog/money.h"
#include "deedlog/verbs.h"

namespace deedlog {

// The verbs of a move line, declared with everything that belongs to each in deedlog/verbs.h:
// "rolls 3 4", "claims rent", "Referee takes back 3 for "mistyped dice"" (docs/notation.md).
#define DEEDLOG_VERB_ENUM(Name, code, ...) Name = code,
enum class Verb : std::uint8_t { DEEDLOG_VERBS(DEEDLOG_VERB_ENUM) };
#undef DEEDLOG_VERB_ENUM

#define DEEDLOG_VERB_COUNT(...) +1
inline constexpr std::size_t kVerbCount = 0 DEEDLOG_VERBS(DEEDLOG_VERB_COUNT);
#undef DEEDLOG_VERB_COUNT

// The verbs in the list's order (verbs.h), as help lists them.
#define DEEDLOG_VERB_LISTED(Name, ...) Verb::Name,
inline constexpr std::array<Verb, kVerbCount> kVerbsListed = {DEEDLOG_VERBS(DEEDLOG_VERB_LISTED)};
#undef DEEDLOG_VERB_LISTED

// A verb's words (verbs.h): its name, usage, what a refusal and completion call it, who makes it.
// A field a row leaves out takes its default member initialiser, which is what leaving it out
// means; GCC's -Wmissing-field-initializers would call each one a mistake.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
constexpr VerbWords verb_words(Verb v) {
  switch (v) {
#define DEEDLOG_VERB_WORDS(Name, code, rule, form, choices, words, gate) \
  case Verb::Name: return VerbWords{DEEDLOG_FIELDS words};
    DEEDLOG_VERBS(DEEDLOG_VERB_WORDS)
#undef DEEDLOG_VERB_WORDS
  }
  return VerbWords{};
}
#pragma GCC diagnostic pop

// A verb's canonical words, as a move with no arguments is written ("rolls", "claims rent").
constexpr std::string_view verb_name(Verb v) { return verb_words(v).name; }

constexpr VerbMaker verb_maker(Verb v) { return verb_words(v).maker; }

// The choices a move of verb v answers (verbs.h): the one a move answers is the one its position
// puts; none for a move that answers no choice.
constexpr ChoiceSet verb_choices(Verb v) {
  switch (v) {
#define DEEDLOG_VERB_CHOICES(Name, code, rule, form, choices, ...) \
  case Verb::Name: return choice_set({DEEDLOG_FIELDS choices});
    DEEDLOG_VERBS(DEEDLOG_VERB_CHOICES)
#undef DEEDLOG_VERB_CHOICES
  }
  return 0;
}

// The values are 0 to kVerbCount - 1, each once (a new verb takes the next).
constexpr bool verb_codes_dense() {
  bool seen[kVerbCount] = {};
  for (int code : {
#define DEEDLOG_VERB_CODE(Name, code, ...) code,
           DEEDLOG_VERBS(DEEDLOG_VERB_CODE)
#undef DEEDLOG_VERB_CODE
       }) {
    if (code < 0 || static_cast<std::size_t>(code) >= kVerbCount || seen[code]) return false;
    seen[code] = true;
  }
  return true;
}
static_assert(verb_codes_dense(), "deedlog/verbs.h: each verb's code is 0 to N-1, each once");

// One side of a trade: what a player hands over.
struct TradeSide {
  std::vector<SquareId> properties;
  Money cash;
  int jail_cards = 0;
  bool operator==(const TradeSide&) const = default;
};

enum class TaxChoice : std::uint8_t { None, Flat, Percent };

// A sealed game's chance, as the referee deals it from a seed no player sees (the shell holds
// the seed and derives this; the engine never sees the seed itself). The dice of the game's
// throws from number `first_throw` on, each pack's order as shuffled (top first), and the
// order the deeds are dealt in a short game. The k-th throw of every game sealed with one seed
// gets the same dice, and every pack the same order, whoever throws or draws.
struct SealedChance {
  std::uint64_t first_throw = 0;
  std::vector<std::array<int, 2>> dice;                   // dice[i]: throw first_throw + i
  std::array<std::vector<CardIndex>, kDeckCount> packs;   // each pack's order, top first
  std::vector<SquareId> deeds;                            // the short game's deal, in order
  // A record read back (verify, a claim of the move played), not the referee's deal: a card the
  // recorded line names is checked against it. In the referee's deal no card may be named.
  bool as_recorded = false;
  bool operator==(const SealedChance&) const = default;
};

struct Command {
  Verb verb = Verb::Roll;
  PlayerId actor = kReferee;
  // The @TIME stamp: as written ("" when none), kept for the journal and the canonical line, and
  // in seconds (deedlog/clock_stamp.h) as the notation read it: the engine reads only the seconds.
  std::string at;
  std::int64_t clock = kNoTime;

  // Roll: both 0 when the referee is to throw from the Seed.
  int die1 = 0;
  int die2 = 0;

  Money amount;                    // Bid
  SquareId square = kNoSquare;     // Build, Sell, Mortgage, Unmortgage
  int count = 1;                   // Build, Sell: how many houses; TakeBack: how many moves
  bool hotel = false;              // Build, Sell, AuctionBuilding: the hotel rather than houses
  // Build, Sell: the line's other sites ("sells 2 houses on A, B"), each given the same; the whole
  // line is one move, its evenness judged once every site is done.
  std::vector<SquareId> more_sites;

  // Draw: what the player said the card was, as written (empty when the referee draws, in
  // seeded games), and the card it names in each pack, as the notation read it (kNoCard: not in
  // that pack). Which pack is due is the engine's to know ("Advance to GO" is in both), so the
  // notation names the card in both and the engine takes the one of the pack due.
  std::string card_query;
  std::array<CardIndex, kDeckCount> card_in_pack{kNoCard, kNoCard};

  PlayerId counterparty = kBank;  // Offer: to whom; Deal: to whom the deeds are dealt
  TradeSide give;                 // Offer: what the actor hands over; Deal: the deeds dealt (properties);
                                  // FormConglomerate: the three properties (properties)
  TradeSide get;                  // Offer: what the actor receives

  TaxChoice tax = TaxChoice::None;  // PayTax

  // Award: counterparty receives `amount` (or the deed `square`) from `payer` (kBank: the Bank);
  // note: the ruling's reason as written after "for" ("" when none). TakeBack: its reason too.
  PlayerId payer = kBank;
  std::string note;

  // A sealed game: the chance the referee deals for this move (set by the shell, never read
  // from the notation: "Ann rolls" in a sealed game is thrown from it).
  std::optional<SealedChance> chance;

  bool operator==(const Command&) const = default;
};

inline Command make_command(Verb verb, PlayerId actor) {
  Command c;
  c.verb = verb;
  c.actor = actor;
  return c;
}

}  // namespace deedlog
