#pragma once
// An edition as data: the board, the card packs, the edition's words and the named settings
// where editions differ. The engine reads these; it never asks which edition it is playing.
#include <array>
#include <map>
#include <cstdint>
#include <string>
#include <vector>

#include "deedlog/house_rules.h"
#include "deedlog/ids.h"
#include "deedlog/money.h"

namespace deedlog {

enum class SquareKind : std::uint8_t {
  Go, Street, Station, Utility, Tax, Chance, CommunityChest, Jail, FreeParking, GoToJail
};

// How many buildings a site carries: 0..4 houses, or kHotel.
inline constexpr std::uint8_t kHotel = 5;

struct Square {
  std::string name;
  std::vector<std::string> aliases;  // well-known short names ("Angel")
  SquareKind kind = SquareKind::FreeParking;
  int group = -1;                    // index into Ruleset::groups; -1 when not a property
  Money price;                       // printed price (properties)
  Money mortgage_value;              // what the Bank lends on it
  Money house_cost;                  // price of one house (streets)
  Money hotel_cost;                  // price of the hotel on top of the four houses given back
  std::array<Money, 6> rent{};       // streets: unimproved, 1..4 houses, hotel
  Money tax;                         // tax squares: the amount due
  int tax_percent = 0;               // > 0: the player may pay this % of his total worth instead

  bool is_property() const {
    return kind == SquareKind::Street || kind == SquareKind::Station || kind == SquareKind::Utility;
  }
};

struct Group {
  std::string name;                 // "Dark Blue", "Stations"
  std::vector<SquareId> members;
};

enum class CardAction : std::uint8_t {
  AdvanceTo,             // move forward to target; salary when passing the start
  MoveBackTo,            // move backwards to target; no salary
  MoveRelative,          // move by spaces (negative = back); salary only when going forward past the start
  GoToJail,
  CollectFromBank,       // amount
  PayBank,               // amount
  CollectFromEachPlayer, // amount from every other player
  PayEachPlayer,         // amount to every other player
  Repairs,               // per_house, per_hotel
  AdvanceToNearest,      // forward to the nearest square of nearest_kind; rent as the card says
  GetOutOfJailFree,
  PayOrDrawOther,        // pay amount to the Bank, or take a card from other_deck
};

struct Card {
  std::string text;  // the card in the project's words
  CardAction action = CardAction::CollectFromBank;
  Money amount;
  Money per_house;
  Money per_hotel;
  SquareId target = kNoSquare;
  int spaces = 0;
  DeckId other_deck = DeckId::Chance;
  SquareKind nearest_kind = SquareKind::Station;  // AdvanceToNearest
  int rent_multiplier = 1;         // AdvanceToNearest: the owner is paid this many times the rent
  int dice_rent_multiplier = 0;    // AdvanceToNearest, > 0: throw the dice, pay this many times the throw
};

struct Deck {
  std::string name;  // "Chance", "Community Chest" (the edition's word)
  std::vector<Card> cards;
};

// The edition's words, used wherever a user reads them.
struct Words {
  std::string currency = "£";     // leads amounts: £200
  std::string house = "house";
  std::string houses = "houses";
  std::string hotel = "hotel";
  std::string hotels = "hotels";
  std::string jail = "Jail";
  std::string go = "GO";
  std::string station = "station";
  std::string salary = "salary";
  std::string jail_card = "Get Out of Jail Free";  // the card's name, without "card"
};

// When rent must be asked for, or it is lost.
enum class RentWindow : std::uint8_t {
  BeforeNextThrow,            // uk-1972: before the next throw of the dice (any player's)
  BeforeSecondFollowingThrow, // US: before the second player following throws
  Timed,                      // computer: for timed.rent_seconds from the landing; no throw closes it
};

struct JailPolicy {
  Money fine;                     // paid to leave
  int max_turns = 3;              // turns a player may spend trying for doubles
  int fine_before_throw_turns = 2;// on which of those turns (1..N) the fine may be paid before throwing
  bool doubles_throw_again = true;// leaving by doubles gives another throw (uk-1972: yes)
  bool doubles_count_toward_three = true; // the leaving double starts the run of three doubles
  // computer: "skipping a go" is a way out: the player stays put this turn and is free.
  bool may_skip_go = false;
  // computer: after the last failed throw the player chooses: pay and move, or miss his next go.
  bool last_failure_may_miss_go = false;
  // computer: "Whilst in jail a player can't ... bid ... trade ... mortgage".
  bool jailed_may_bid = true;
  bool jailed_may_trade = true;
  bool jailed_may_mortgage = true;  // a jailed player may still mortgage to pay a debt
};

// The computer edition's clock: a decision left longer than this is lost. 0 = no clock.
// Measured between the @TIME stamps of the moves; a move without a stamp cannot be late.
struct TimedWindows {
  int buy_seconds = 0;      // from landing on an unowned site to "buys"
  int rent_seconds = 0;     // from the landing to the owner's "claims rent"
  int auction_seconds = 0;  // from the opening or the last bid to the next bid
};

// How a declined property's auction runs.
struct AuctionRules {
  int opening_percent = 0;  // the first bid is at least this % of the printed price (0: any amount)
  Money step;               // each bid beats the last by at least this (0: by any amount)
};

// When trades may be proposed.
struct TradeRules {
  bool only_before_own_throw = false;  // computer: the proposer is the player to move, before his throw
  int offers_per_turn = 0;             // computer: 1; 0 = no limit
};

// What a mortgage covers and what lifting it costs.
struct MortgageRules {
  bool covers_buildings = false;   // computer: a built site is mortgaged with its buildings (half their price)
  bool lift_at_list_price = false; // computer: a mortgaged site comes back only at its printed price
  bool before_throw_only = false;  // computer: mortgaged in one's own turn before the throw (or to pay a debt)
};

enum class Rounding : std::uint8_t { Up, Down, Nearest };

// The short game: deeds dealt at the start, the game ended at an agreed time and estates valued.
struct ShortGamePolicy {
  int deeds_dealt = 2;       // title deeds the Banker deals each player
  bool deeds_paid = true;    // players pay the Bank the printed price of the deeds dealt
  bool always = false;       // the edition is itself a short game (us-short), no variant needed
};

// Where houses may stand and which properties earn a group's double rent.
enum class BuildingGroups : std::uint8_t {
  ColourGroups,   // the printed colour groups (every edition but regional-currency)
  Conglomerates,  // regional-currency: groups the owner forms; a plain colour group earns no double rent
};

// regional-currency: a side of the board with its own currency. Squares first..last belong to it.
struct CurrencyRegion {
  std::string name;      // "South"
  std::string currency;  // "green": said after amounts in this currency ("$40 green")
  SquareId first = kNoSquare;
  SquareId last = kNoSquare;
  bool contains(SquareId s) const { return s >= first && s <= last; }
};

// The Currency Conversion Table: what a payer pays, in percent of the sum due, by the spread
// (the payer's exchange rate minus the payee's). Empty: one currency, nothing is converted.
struct CurrencyConversion {
  int min_spread = 0;
  std::vector<int> percent;  // percent[i] is for spread min_spread + i
  bool empty() const { return percent.empty(); }
  int max_spread() const { return min_spread + static_cast<int>(percent.size()) - 1; }
};

struct Ruleset {
  std::string id;     // "uk-1972"
  std::string title;  // "Monopoly, UK (London) edition, 1972 rules"
  Words words;
  std::vector<Square> squares;  // the board, in order of travel
  std::vector<Group> groups;
  std::array<Deck, kDeckCount> decks;

  Money starting_cash;
  Money salary;                   // for passing or landing on the start square
  SquareId jail_square = kNoSquare;
  int doubles_to_jail = 3;        // this many doubles in a row: to Jail without moving
  JailPolicy jail;
  bool auctions = true;           // a declined property is auctioned at once
  RentWindow rent_window = RentWindow::BeforeNextThrow;
  bool double_rent_needs_unmortgaged_group = true; // uk-1972: one mortgaged site stops double rent
  bool jailed_owner_collects_rent = true;
  std::vector<Money> station_rent;       // by number of stations owned unmortgaged: [1], [2], ...
  std::vector<int> utility_multiplier;   // by number of utilities owned unmortgaged
  int houses_per_hotel = 4;
  int house_stock = 32;
  int hotel_stock = 12;
  int max_players = 8;
  HouseRules house;                        // house rules the edition file (or the game's tag) turns on
  bool build_only_in_turn = true;          // uk-1972: "in his turn"; US: "at any time"
  bool hotel_sells_as_houses = false;      // US: a hotel may be sold back one house at a time (= 5 houses)
  bool game_ends_at_first_bankruptcy = false;  // us-short: the first bankruptcy ends the game; estates valued
  int mortgage_interest_percent = 10;      // charged on lifting, and on a mortgaged deed changing hands
  Rounding interest_rounding = Rounding::Up;  // how 10% of an odd mortgage (£75) becomes whole money
  ShortGamePolicy short_game;
  // The computer edition's settings (each is off in the editions played at a table).
  TimedWindows timed;
  AuctionRules auction;
  TradeRules trade;
  MortgageRules mortgage;
  bool build_in_sequence = false;        // computer: houses go on the set's sites in their printed order
  bool buildings_sold_back = true;       // computer: no; buildings leave only by mortgage
  bool insolvency_at_mortgage_value = false;  // computer: the Bank pays the creditor the mortgage value, sites back on sale
  bool first_player_drawn = false;       // computer: with a Seed, the referee draws who goes first
  bool referee_throws = false;           // computer: a new game gets a Seed, so the referee can throw
  BuildingGroups building_groups = BuildingGroups::ColourGroups;
  // regional-currency: the regions in seating order (the first named player represents the
  // first region) and the table that converts between their currencies. Both empty elsewhere.
  std::vector<CurrencyRegion> regions;
  CurrencyConversion currency_conversion;

  // The edition's own rule-book section names, by the uk-1972 name the engine uses: rulings cite
  // the book the players hold ("JAIL" is "PRISON" in the military edition).
  std::map<std::string, std::string> section_names;

  const std::string& section(const std::string& uk_name) const {
    const auto it = section_names.find(uk_name);
    return it == section_names.end() ? uk_name : it->second;
  }
  const Square& square(SquareId s) const { return squares[s]; }
  int board_size() const { return static_cast<int>(squares.size()); }
};

}  // namespace deedlog
