#pragma once
// A proposed move: one line of the notation after names are resolved. What the people at
// the table did and what the dice showed; never the sums (the referee works those out).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock_stamp.h"
#include "core/ids.h"
#include "core/money.h"

namespace deedlog {

enum class Verb : std::uint8_t {
  Roll,               // "rolls 3 4", or "rolls" when the referee throws from the Seed
  Buy,                // "buys"
  Decline,            // "declines"
  Bid,                // "bids 120"
  Pass,               // "passes"
  ClaimRent,          // "claims rent"
  Draw,               // "draws "Advance to Mayfair"" / "draws chance:7" / "draws" (seeded)
  PayFine,            // "pays fine"
  UseCard,            // "uses card"
  Build,              // "builds house on X" / "builds 2 houses on X" / "builds hotel on X"
  Sell,               // "sells house on X" / "sells 2 houses on X" / "sells hotel on X"
  Mortgage,           // "mortgages X"
  Unmortgage,         // "unmortgages X"
  Offer,              // "offers Ben: Mayfair, 100 for "Park Lane", card"
  Accept,             // "accepts"
  Reject,             // "rejects"
  PayTax,             // "pays tax flat" / "pays tax 10%"
  DeclareBankruptcy,  // "declares bankruptcy"
  EndTurn,            // "ends turn"
  CallTime,           // "Referee calls time"
  Deal,               // "Referee deals Ann: Mayfair, "Park Lane"" (short game: title deeds dealt)
  AuctionBuilding,    // "Referee auctions house" / "Referee auctions hotel" (building shortage)
  Award,              // a correction: "Referee awards Ann 50 from Ben for "rent on Mayfair"",
                      // "Referee awards Ann 200" (from the Bank), "Referee awards Ann Mayfair" (the deed)
  ClaimSalary,        // "Ann claims salary": only in disputes (the referee pays salary itself)
  SkipGo,             // "skips go": computer edition, a jailed player sits out a go (and is then free)
  FormConglomerate,   // "Ann forms conglomerate A, B, C" (regional-currency; the three in give.properties)
  TakeBack,           // a correction: "Referee takes back", "Referee takes back 3 for "mistyped dice""
                      // (count: how many moves; note: the reason)
};

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
  bool operator==(const SealedChance&) const = default;
};

struct Command {
  Verb verb = Verb::Roll;
  PlayerId actor = kReferee;
  // The @TIME stamp: as written ("" when none), kept for the journal and the canonical line, and
  // in seconds (core/clock_stamp.h) as the notation read it: the engine reads only the seconds.
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
