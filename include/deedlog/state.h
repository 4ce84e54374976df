#pragma once
// The position: everything the rules need to rule on the next move, and nothing else.
// A plain value (trivially copyable, fixed size): copied freely, compared with ==, folded fast,
// and saved to a snapshot as it is.
#include <array>
#include <cstdint>
#include <type_traits>

#include "deedlog/clock_stamp.h"
#include "deedlog/ids.h"
#include "deedlog/money.h"

namespace deedlog {

struct PlayerState {
  Money cash;
  SquareId square = 0;
  bool in_jail = false;
  std::uint8_t jail_turns = 0;  // turns spent in jail trying for doubles
  bool bankrupt = false;
  // Get Out of Jail Free cards held, by pack: the card goes back to its own pack when used.
  std::array<std::uint8_t, kDeckCount> jail_cards{};
  // The dice this player has thrown in the game (his turns' throws, re-throws, jail throws and
  // a card's rent throw): the index of his seat's next throw in a game sealed by seat
  // ([SealedDice "by-seat"], docs/trust.md "Sealed chance").
  std::uint32_t throws = 0;
  // Owed and not yet paid: [0] to the Bank, [p + 1] to player p. The game waits while any is owed.
  std::array<Money, kMaxPlayers + 1> owes{};

  int jail_card_count() const { return jail_cards[0] + jail_cards[1]; }
  Money total_owed() const {
    Money t;
    for (const Money& m : owes) t += m;
    return t;
  }
  // Whether any sum stands in owes at all (almost never): one branch-free pass, written out,
  // since the rules and the bots ask on nearly every move. total_owed() says how much.
  bool owes_any() const {
    static_assert(kMaxPlayers + 1 == 9);
    return (owes[0].units | owes[1].units | owes[2].units | owes[3].units | owes[4].units | owes[5].units |
            owes[6].units | owes[7].units | owes[8].units) != 0;
  }
  bool operator==(const PlayerState&) const = default;
};

struct Holding {
  PlayerId owner = kBank;        // kBank: not yet sold
  std::uint8_t buildings = 0;    // 0..4 houses, 5 = hotel
  bool mortgaged = false;
  bool operator==(const Holding&) const = default;
};

// A card pack as far as the table knows it. Cards never turned up are still on top in an
// order nobody knows; cards turned up go to the bottom, so the order of those is known.
// Once every card has been seen, the next card is certain.
struct PackState {
  std::uint64_t unseen = 0;                 // bit i: card i has not been turned up yet
  std::array<CardIndex, kMaxCards> known{}; // ring: cards under the unseen ones, top first
  std::uint8_t head = 0;
  std::uint8_t size = 0;
  std::uint64_t out = 0;                    // bit i: card i is held by a player (not in the pack)

  CardIndex known_at(int i) const { return known[(head + i) % kMaxCards]; }
  void push_bottom(CardIndex c) { known[(head + size) % kMaxCards] = c; ++size; }
  void pop_top() { head = static_cast<std::uint8_t>((head + 1) % kMaxCards); --size; }
  bool operator==(const PackState&) const = default;
};

// What an open auction sells.
enum class AuctionLot : std::uint8_t { Property = 0, House = 1, Hotel = 2 };

enum class Phase : std::uint8_t {
  AwaitingRoll,   // the player whose turn it is must throw (or, in jail, pay or use a card first)
  BuyDecision,    // the player stands on an unowned property: buys or declines
  Auction,        // a declined property is being auctioned
  AwaitingCard,   // the player must turn up a card from pending_deck
  CardChoice,     // the player must pay the card's fine or take a card from pending_deck
  TurnOver,       // the move is over; the player may still deal, build or end the turn
  Placing,        // the winner of a building auction must place the building he bought
  GameOver,       // the last player left has won
  TaxChoice,      // the player on a tax square chooses the flat sum or the percentage of his worth
  CardDice,       // a card sent the player to an owned utility: he throws the dice for the rent
  JailChoice,     // computer: the last throw in jail failed: pay the fine and move, or miss the next go
};

struct AuctionState {
  AuctionLot lot = AuctionLot::Property;
  SquareId square = kNoSquare;            // the property sold (lot Property)
  Money high_bid;
  PlayerId high_bidder = kBank;
  std::uint8_t passed = 0;  // bit p: player p has dropped out
  std::int64_t since = kNoTime;  // timed editions: when it opened or the last bid came (seconds)
  bool operator==(const AuctionState&) const = default;
};

// Rent owed for a landing on an owned property, while the owner may still ask for it.
struct RentClaim {
  bool open = false;
  PlayerId payer = kBank;
  PlayerId owner = kBank;
  SquareId square = kNoSquare;
  Money amount;
  // The throw that closes the window: kBank = the next throw of anyone (uk-1972); a seat =
  // that player's next throw (US: "the second player following").
  PlayerId closes_on = kBank;
  std::int64_t since = kNoTime;  // timed editions: when the token landed (seconds)
  bool operator==(const RentClaim&) const = default;
};
// regional-currency: at most nine Conglomerates of three fit on a board of 28 properties.
inline constexpr int kMaxConglomerates = 10;

// How many moves one take-back may void at most (rule referee/take-back): the position keeps
// where the last this many moves began. After a take-back the position is the earlier one, with
// where its own last moves began, so repeated take-backs reach back to the opening.
inline constexpr int kTakeBackDepth = 32;

// How many rent claims can be open at once (a US window spans several landings).
inline constexpr int kMaxRentClaims = 8;

// An offer of a trade waiting for its answer.
struct TradeOffer {
  bool open = false;
  PlayerId from = kBank;
  PlayerId to = kBank;
  std::uint64_t give = 0;   // bit s: square s goes from `from` to `to`
  std::uint64_t get = 0;    // bit s: square s goes from `to` to `from`
  Money give_cash;
  Money get_cash;
  std::uint8_t give_cards = 0;
  std::uint8_t get_cards = 0;
  bool operator==(const TradeOffer&) const = default;
};

struct State {
  std::uint8_t player_count = 0;
  std::array<PlayerState, kMaxPlayers> players{};
  std::array<Holding, kMaxSquares> holdings{};
  int bank_houses = 0;
  int bank_hotels = 0;
  std::array<PackState, kDeckCount> packs{};

  PlayerId turn = 0;               // whose turn it is
  Phase phase = Phase::AwaitingRoll;
  std::uint8_t doubles = 0;        // doubles thrown in a row this turn
  std::int8_t last_die1 = 0;       // the last throw (utility rent uses it)
  std::int8_t last_die2 = 0;
  bool rolled_this_turn = false;
  bool throw_again = false;        // the last throw earns another, unless the move ends in jail
  SquareId pending_square = kNoSquare;  // BuyDecision
  std::int64_t offered_at = kNoTime;    // BuyDecision in a timed edition: when the token landed (seconds)
  std::uint8_t offers_this_turn = 0;    // trade offers made since the turn began (computer: one)
  DeckId pending_deck = DeckId::Chance; // AwaitingCard, CardChoice
  Money pending_fine;                   // CardChoice: the fine offered
  std::uint8_t pending_multiplier = 0;  // CardDice: the rent is this many times the throw
  AuctionState auction;
  std::array<RentClaim, kMaxRentClaims> rents{};  // open claims first come, first listed
  TradeOffer offer;
  // Properties the Bank took from a player bankrupt to it, still to be auctioned one by one.
  std::uint64_t bank_auction_queue = 0;
  PlayerId placing_player = kBank;   // Placing: who must place the building won at auction
  AuctionLot placing_lot = AuctionLot::House;
  Phase phase_after_auction = Phase::TurnOver;  // where a building or bankruptcy auction returns to
  // Mortgaged deeds that just changed hands, their 10% paid: lifted before the next throw of the
  // dice ("at once", MORTGAGES) they cost the principal only. Bit s: square s.
  std::uint64_t lift_at_once = 0;
  bool short_game = false;           // the game ends at an agreed time and estates are valued
  bool time_called = false;          // short game: the agreed finishing time was announced
  bool finish_round = false;         // [Variant "finish-round"]: time called ends the game once the round is complete
  // The agreed finishing hour ([Started] + [TimeLimit]) in seconds as deedlog/clock_stamp.h reads a
  // stamp (since 1970 UTC); kNoTime when the game has none. A move stamped after it is refused
  // until time is called (rule short-game/agreed-hour).
  std::int64_t time_up_at = kNoTime;
  // The game began from a [Setup] of a position in play (a token moved or in jail, a deed or a
  // card held), so a short game's deal is over: RULES FOR PLAYING THE SHORT GAME deal before the
  // first throw of a game begun at the start. A setup that only changes the starting cash is still
  // at the start, and is dealt as usual.
  bool set_up = false;
  PlayerId winner = kBank;           // GameOver

  bool seeded = false;             // the referee throws and shuffles from seed
  // The referee throws and shuffles from a seed kept apart from the game (a sealed game, for
  // duplicate rounds): each move brings its chance (Command::chance); `seed` stays 0.
  bool sealed = false;
  std::uint64_t seed = 0;
  std::uint64_t throws = 0;        // dice thrown in the game: the index of the next seeded throw
  std::int64_t seq = 0;            // the last event folded in
  // Money the Bank has taken in less what it has paid out: with the players' cash, it sums to
  // the money the players started with (a check on every event).
  Money bank_takings;
  Money jackpot;  // house rule free_parking_jackpot: the Bank's takings waiting on Free Parking
  // regional-currency: each Conglomerate as the mask of its three squares (bit s: square s);
  // 0 = a free slot. The top of the stack follows from the deeds, so it is not stored.
  std::array<std::uint64_t, kMaxConglomerates> conglomerates{};
  // The moves played since the opening and not taken back, and the seq of the move line
  // (MovePlayed) of each of the last kTakeBackDepth of them: move m (from 0) at
  // [m % kTakeBackDepth]. What a take-back may void, and from which event.
  std::int64_t moves_played = 0;
  std::array<std::int64_t, kTakeBackDepth> move_lines{};

  const PlayerState& player(PlayerId p) const { return players[static_cast<std::size_t>(p)]; }
  bool rent_open() const {
    for (const RentClaim& c : rents)
      if (c.open) return true;
    return false;
  }
  PlayerState& player(PlayerId p) { return players[static_cast<std::size_t>(p)]; }
  bool operator==(const State&) const = default;
};
// State is copied as a plain value (decide works on a copy; a snapshot is its bytes): nothing in
// it may own memory.
static_assert(std::is_trivially_copyable_v<State>, "State must stay a plain, fixed-size value");

}  // namespace deedlog
