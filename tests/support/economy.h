#pragma once
// Helpers for the economy tests (building, selling, mortgages, trades, debts, bankruptcy, the
// short game): commands for the economy verbs, a Table whose game has variants, and small
// readers of the position. Built on support/table.h, which is left as it is.
#include <gtest/gtest.h>

#include <cstdlib>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

#include "deedlog/invariants.h"
#include "deedlog/valuation.h"
#include "support/table.h"

namespace deedlog {

// Readable failures: "£175" rather than the bytes of the struct.
inline void PrintTo(const Money& m, std::ostream* os) { *os << "£" << m.units; }

namespace testing {

// uk-1972 squares the economy tests use (board indices, src/rules/data/uk-1972.json).
inline constexpr SquareId kOldKentRoad = 1;
inline constexpr SquareId kWhitechapel = 3;
inline constexpr SquareId kIncomeTax = 4;
inline constexpr SquareId kKingsCross = 5;
inline constexpr SquareId kAngel = 6;
inline constexpr SquareId kEuston = 8;
inline constexpr SquareId kPentonville = 9;
inline constexpr SquareId kPallMall = 11;
inline constexpr SquareId kElectric = 12;
inline constexpr SquareId kWhitehall = 13;
inline constexpr SquareId kNorthumberland = 14;
inline constexpr SquareId kMarylebone = 15;
inline constexpr SquareId kBowStreet = 16;
inline constexpr SquareId kMarlborough = 18;
inline constexpr SquareId kVineStreet = 19;
inline constexpr SquareId kStrand = 21;
inline constexpr SquareId kFleetStreet = 23;
inline constexpr SquareId kTrafalgar = 24;
inline constexpr SquareId kFenchurch = 25;
inline constexpr SquareId kLeicester = 26;
inline constexpr SquareId kCoventry = 27;
inline constexpr SquareId kWaterWorks = 28;
inline constexpr SquareId kPiccadilly = 29;
inline constexpr SquareId kRegent = 31;
inline constexpr SquareId kOxford = 32;
inline constexpr SquareId kBond = 34;
inline constexpr SquareId kLiverpoolSt = 35;
inline constexpr SquareId kParkLane = 37;
inline constexpr SquareId kSuperTax = 38;
inline constexpr SquareId kMayfair = 39;

inline std::string rule_id(const char* id) { return std::string("uk-1972/") + id; }

// A seat with its cash, square and holdings.
inline PlayerSetup holder(PlayerId p, std::int64_t cash, std::vector<PropertySetup> owns,
                          std::optional<SquareId> at = std::nullopt) {
  PlayerSetup ps = seat(p, cash, at);
  ps.owns = std::move(owns);
  return ps;
}

// A seat with its holdings, its cash as the edition starts it.
inline PlayerSetup owning(PlayerId p, std::vector<PropertySetup> owns) {
  PlayerSetup ps = seat(p);
  ps.owns = std::move(owns);
  return ps;
}

inline PropertySetup hotel(SquareId s) { return prop(s, 0, false, true); }
inline PropertySetup mortgaged(SquareId s) { return prop(s, 0, true); }

// ---- Commands -------------------------------------------------------------------------------

inline Command build_cmd(PlayerId p, SquareId s, int count = 1, bool is_hotel = false) {
  Command c = Table::cmd(Verb::Build, p);
  c.square = s;
  c.count = count;
  c.hotel = is_hotel;
  return c;
}
inline Command build_hotel_cmd(PlayerId p, SquareId s) { return build_cmd(p, s, 1, true); }

inline Command sell_cmd(PlayerId p, SquareId s, int count = 1, bool is_hotel = false) {
  Command c = Table::cmd(Verb::Sell, p);
  c.square = s;
  c.count = count;
  c.hotel = is_hotel;
  return c;
}
inline Command sell_hotel_cmd(PlayerId p, SquareId s) { return sell_cmd(p, s, 1, true); }

inline Command mortgage_cmd(PlayerId p, SquareId s) {
  Command c = Table::cmd(Verb::Mortgage, p);
  c.square = s;
  return c;
}
inline Command unmortgage_cmd(PlayerId p, SquareId s) {
  Command c = Table::cmd(Verb::Unmortgage, p);
  c.square = s;
  return c;
}

inline TradeSide side(std::vector<SquareId> properties, std::int64_t cash = 0, int cards = 0) {
  TradeSide t;
  t.properties = std::move(properties);
  t.cash = Money{cash};
  t.jail_cards = cards;
  return t;
}

// "Ann offers Ben: GIVE for GET".
inline Command offer_cmd(PlayerId from, PlayerId to, TradeSide give, TradeSide get) {
  Command c = Table::cmd(Verb::Offer, from);
  c.counterparty = to;
  c.give = std::move(give);
  c.get = std::move(get);
  return c;
}
inline Command accept_cmd(PlayerId p) { return Table::cmd(Verb::Accept, p); }
inline Command reject_cmd(PlayerId p) { return Table::cmd(Verb::Reject, p); }
inline Command bankruptcy_cmd(PlayerId p) { return Table::cmd(Verb::DeclareBankruptcy, p); }

// "Referee auctions house" / "Referee auctions hotel".
inline Command referee_auctions(bool is_hotel = false) {
  Command c = Table::cmd(Verb::AuctionBuilding, kReferee);
  c.hotel = is_hotel;
  return c;
}
// "Referee calls time".
inline Command call_time_cmd() { return Table::cmd(Verb::CallTime, kReferee); }
// "Referee deals NAME: DEED, DEED".
inline Command deal_cmd(PlayerId to, std::vector<SquareId> deeds) {
  Command c = Table::cmd(Verb::Deal, kReferee);
  c.counterparty = to;
  c.give.properties = std::move(deeds);
  return c;
}

// ---- Reading events and the position -------------------------------------------------------

inline int count_of(const Events& events, EventType t) {
  int n = 0;
  for (const Event& e : events) n += e.type == t ? 1 : 0;
  return n;
}

inline std::vector<EventType> types_of(const Events& events) {
  std::vector<EventType> out;
  for (const Event& e : events) out.push_back(e.type);
  return out;
}

// The events of one type, in order.
inline std::vector<Event> all_of(const Events& events, EventType t) {
  std::vector<Event> out;
  for (const Event& e : events)
    if (e.type == t) out.push_back(e);
  return out;
}

// What p owes creditor (kBank: the Bank).
inline Money owes(const Table& t, PlayerId p, PlayerId creditor) {
  return t.player(p).owes[static_cast<std::size_t>(creditor + 1)];
}

inline int buildings(const Table& t, SquareId s) { return t.state().holdings[s].buildings; }
inline PlayerId owner(const Table& t, SquareId s) { return t.state().holdings[s].owner; }
inline bool is_mortgaged(const Table& t, SquareId s) { return t.state().holdings[s].mortgaged; }

// The position is sound (engine/invariants.h): money conserved, 32 houses and 12 hotels in all,
// groups built evenly, nothing owned by a bankrupt.
inline void expect_sound(const Table& t) { EXPECT_EQ(check_invariants(uk1972(), t.state()), ""); }

// A Table whose game carries variants ("short-game", "time-limit"): Table's own header has
// none, so the opening is decided again from a header with them and put in place of Table's.
// start, when given, receives the opening's events (the seeded deal among them).
inline Table variant_table(std::vector<std::string> players, std::vector<std::string> variants,
                           std::optional<SetupPosition> setup = std::nullopt,
                           std::optional<std::uint64_t> seed = std::nullopt, Events* start = nullptr,
                           const Ruleset& r = uk1972()) {
  Table t(players, setup, seed, r);
  GameHeader h;
  h.ruleset = r.id;
  h.players = std::move(players);
  h.variants = std::move(variants);
  h.seed = seed;
  State s = initial_state(r, h);
  Decision d = decide_start(r, h, setup);
  if (!d.accepted) throw std::runtime_error("setup refused: " + refusal_facts(d.violation));
  for (const Event& e : d.events) evolve(s, e);
  t.mutable_state() = s;
  if (start) *start = d.events;
  return t;
}

inline Table short_game(std::vector<std::string> players = {"Ann", "Ben"},
                        std::optional<SetupPosition> setup = std::nullopt,
                        std::optional<std::uint64_t> seed = std::nullopt, Events* start = nullptr) {
  return variant_table(std::move(players), {"short-game"}, std::move(setup), seed, start);
}

}  // namespace testing
}  // namespace deedlog
