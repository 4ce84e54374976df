#pragma once
// A table for engine tests: the uk-1972 edition, a game started from a setup, and moves
// played straight through decide/evolve (no parser, no journal), each checked as it goes.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/invariants.h"
#include "deedlog/player_ref.h"
#include "deedlog/ruleset_catalog.h"
#include "rules/card_lookup.h"
#include "support/refusal_facts.h"

namespace deedlog::testing {

// A built-in edition, loaded once per test program.
inline const Ruleset& edition(const std::string& id) {
  static std::map<std::string, Ruleset> loaded;
  auto it = loaded.find(id);
  if (it == loaded.end()) {
    Ruleset r;
    const Status s = load_ruleset(id, &r);
    if (!s.is_ok()) throw std::runtime_error(s.message());
    it = loaded.emplace(id, std::move(r)).first;
  }
  return it->second;
}

inline const Ruleset& uk1972() { return edition("uk-1972"); }

// uk-1972 with the Free Parking jackpot house rule turned on.
inline const Ruleset& uk1972_jackpot() {
  static const Ruleset r = [] {
    Ruleset x = uk1972();
    x.house.free_parking_jackpot = true;
    return x;
  }();
  return r;
}

inline SquareId square_named(const Ruleset& r, const std::string& name) {
  for (std::size_t i = 0; i < r.squares.size(); ++i)
    if (r.squares[i].name == name) return static_cast<SquareId>(i);
  throw std::runtime_error("no square " + name);
}

inline CardIndex card_named(const Ruleset& r, DeckId d, const std::string& text) {
  const auto& cards = r.decks[static_cast<int>(d)].cards;
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i].text == text) return static_cast<CardIndex>(i);
  throw std::runtime_error("no card " + text);
}

// A refusal as a test reads it: the engine's value (rule, code, facts) and, to print when a
// check fails, those facts told (support/refusal_facts.h). The words a player reads are the
// present layer's: tests/present makes them from the value (refusal_text).
struct Refused : Violation {
  std::string message;
};

// Whether a refusal carries the fact a among its values (engine tests assert these; the words
// made of them are the present layer's, tests/present).
inline bool has_arg(const Violation& v, const RefusalArg& a) {
  for (const RefusalArg& x : v.args)
    if (x.kind == a.kind && x.id == a.id && x.amount == a.amount) return true;
  return false;
}

class Table {
 public:
  explicit Table(std::vector<std::string> players = {"Ann", "Ben", "Cat"},
                 std::optional<SetupPosition> setup = std::nullopt, std::optional<std::uint64_t> seed = std::nullopt,
                 const Ruleset& ruleset = uk1972())
      : r_(ruleset) {
    header_.ruleset = ruleset.id;
    header_.players = std::move(players);
    header_.seed = seed;
    state_ = initial_state(r_, header_);
    Decision d = decide_start(r_, header_, setup);
    if (!d.accepted) throw std::runtime_error("setup refused: " + refusal_facts(d.violation));
    for (const Event& e : d.events) evolve(state_, e);
    EXPECT_EQ(check_invariants(r_, state_), "") << "after the opening";
  }

  const Ruleset& ruleset() const { return r_; }
  const State& state() const { return state_; }
  // For tests that need a position no opening can reach quickly (a pack seen through).
  State& mutable_state() { return state_; }
  const PlayerState& player(PlayerId p) const { return state_.player(p); }
  SquareId sq(const std::string& name) const { return square_named(r_, name); }
  const Holding& holding(const std::string& name) const { return state_.holdings[sq(name)]; }

  // Plays a move that must be legal; returns its events.
  Events play(const Command& c) {
    Decision d = decide(r_, state_, c);
    EXPECT_TRUE(d.accepted) << "refused: " << refusal_facts(d.violation);
    for (const Event& e : d.events) evolve(state_, e);
    // Every engine test checks the whole position after every move it plays (STYLE.md 9).
    EXPECT_EQ(check_invariants(r_, state_), "") << "after a move by seat " << int(c.actor);
    last_ = d.events;
    return d.events;
  }
  // Proposes a move that must be refused; returns the ruling. The position is unchanged.
  Refused refuse(const Command& c) {
    const State before = state_;
    Decision d = decide(r_, state_, c);
    EXPECT_FALSE(d.accepted) << "accepted a move that should be refused";
    EXPECT_EQ(before, state_);
    Refused refused{d.violation, refusal_facts(d.violation)};
    return refused;
  }

  // Shorthands.
  Events roll(PlayerId p, int a, int b) { return play(cmd(Verb::Roll, p, a, b)); }
  Events buy(PlayerId p) { return play(cmd(Verb::Buy, p)); }
  Events decline(PlayerId p) { return play(cmd(Verb::Decline, p)); }
  Events bid(PlayerId p, std::int64_t amount) {
    Command c = cmd(Verb::Bid, p);
    c.amount = Money{amount};
    return play(c);
  }
  Events pass(PlayerId p) { return play(cmd(Verb::Pass, p)); }
  Events claim(PlayerId p) { return play(cmd(Verb::ClaimRent, p)); }
  Events draw(PlayerId p, const std::string& text) { return play(draw_cmd(p, text)); }
  // A draw naming the card as a player writes it, read as the notation reads it.
  Command draw_cmd(PlayerId p, const std::string& text) const {
    Command c = cmd(Verb::Draw, p);
    c.card_query = text;
    c.card_in_pack = card_in_each_pack(text, r_);
    return c;
  }
  Events end_turn(PlayerId p) { return play(cmd(Verb::EndTurn, p)); }

  static Command cmd(Verb v, PlayerId p, int a = 0, int b = 0) {
    Command c;
    c.verb = v;
    c.actor = p;
    c.die1 = a;
    c.die2 = b;
    return c;
  }

  const Events& last() const { return last_; }
  bool last_has(EventType t) const {
    for (const Event& e : last_)
      if (e.type == t) return true;
    return false;
  }
  const Event& last_of(EventType t) const {
    for (const Event& e : last_)
      if (e.type == t) return e;
    throw std::runtime_error(std::string("no event ") + std::to_string(static_cast<int>(t)));
  }

 private:
  const Ruleset& r_;
  GameHeader header_;
  State state_;
  Events last_;
};

inline SetupPosition setup_with(std::vector<PlayerSetup> players, std::optional<PlayerId> turn = std::nullopt) {
  SetupPosition s;
  s.players = std::move(players);
  s.turn = turn;
  return s;
}

inline PlayerSetup seat(PlayerId p, std::optional<std::int64_t> cash = std::nullopt, std::optional<SquareId> at = std::nullopt) {
  PlayerSetup ps;
  ps.player = p;
  if (cash) ps.cash = Money{*cash};
  ps.at = at;
  return ps;
}

inline PropertySetup prop(SquareId s, int houses = 0, bool mortgaged = false, bool hotel = false) {
  return PropertySetup{s, houses, hotel, mortgaged};
}

}  // namespace deedlog::testing

namespace deedlog {
using testing::Refused;
}  // namespace deedlog
