#pragma once
// A simple, seeded computer player for `referee simulate`: buys what it can afford, bids up to
// a limit, builds evenly on complete groups, raises money by the rules and goes bankrupt when it
// must, trades now and then. It proposes moves; decide() rules on them like a human's. On a game
// recorded at a table (no seed) it throws its own dice, names a card not yet seen when the
// pack's order is unknown, and deals a short game not yet dealt; in a seeded game the referee
// throws and turns the cards, and the bot's own chance is not drawn for them.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "deedlog/command.h"
#include "deedlog/decide.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog {

// What a jailed bot does before its throw.
enum class JailStrategy {
  Mixed,        // now and then plays a Get Out of Jail Free card or pays, at random (the default)
  LeaveAtOnce,  // "short stay": plays a card if it holds one, else pays the fine, at its first turn in jail
  StayLong,     // "long stay": throws for doubles until the third turn; never pays before throwing; plays a
                // held card only at the start of its third turn, which it would leave at anyway
};

// How a bot bids at a property's auction.
enum class Bidding {
  Spread,  // a random 60-120% of the printed price whatever the groups: simulate's players (pinned by the signature)
  Sound,   // by the lot's worth to the bidder: groups completed or blocked, cash less a reserve, raised
           // in steps (bots/site_worth.h; the analysis's play-outs and the analyst's own proposals)
};

class BotTable {
 public:
  BotTable(const Ruleset& ruleset, std::uint64_t seed, JailStrategy jail = JailStrategy::Mixed,
           Bidding bidding = Bidding::Spread);

  // The next move to propose (of any player, or the referee's), or nothing when the game is over.
  std::optional<Command> next_move(const State& s);

  // The decision on the move next_move just returned, when the bot already asked decide about
  // that very move on that very position to choose it (decide is pure: asking again would give
  // the same answer). Nothing otherwise. Self-play rules on each move once, not twice.
  std::optional<Decision> take_decision(const Command& move);

 private:
  // decide's answer on a move the bot considers; an accepted one is kept for take_decision.
  bool accepts(const State& s, const Command& c);
  std::uint64_t random(std::uint64_t bound);  // the bots' own dice: seeded, outside the engine
  bool chance(int percent) { return random(100) < static_cast<std::uint64_t>(percent); }

  std::optional<Command> raise_money(const State& s, PlayerId p);
  std::optional<Command> auction_move(const State& s);
  std::optional<Command> development(const State& s, PlayerId p);
  std::optional<Command> form_conglomerate(const State& s, PlayerId p);
  std::optional<Command> trade(const State& s, PlayerId p);
  std::optional<Command> leave_jail(const State& s, PlayerId p);
  std::optional<Command> deal(const State& s);
  Command throw_dice(const State& s, PlayerId p);  // a throw: the referee's dice, or the bot's own at a table
  Command draw(const State& s, PlayerId p);        // a card: the known top, or one not yet seen, named  // a short game's deal, when the table has not dealt yet
  bool wants_to_skip(const State& s, PlayerId p);  // computer edition: skips a go in jail  // the fixed strategies' card or fine

  const Ruleset& r_;
  std::uint64_t seed_;
  std::uint64_t counter_ = 0;
  JailStrategy jail_ = JailStrategy::Mixed;
  Bidding bidding_ = Bidding::Spread;
  // Each colour group's squares and, of those, its streets (the sites that take buildings), as
  // masks of the board: the edition's, fixed for the game.
  struct GroupMasks {
    std::uint64_t members = 0;
    std::uint64_t streets = 0;
  };
  std::vector<GroupMasks> group_masks_;
  // A player's deeds, and which of them are mortgaged, as masks of the board.
  struct Deeds {
    std::uint64_t mine = 0;
    std::uint64_t pledged = 0;
    std::uint64_t sites = 0;  // colour groups: the streets that may take a building (group_masks_)
  };
  const Deeds& deeds(const State& s, PlayerId p);
  std::array<Holding, kMaxSquares> seen_{};  // the holdings deeds_ was worked out from
  bool deeds_known_ = false;
  std::array<Deeds, kMaxPlayers> deeds_{};
  std::optional<Command> tried_;   // the last move accepted while choosing, and its decision
  std::optional<Decision> tried_decision_;
};

}  // namespace deedlog
