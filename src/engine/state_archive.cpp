#include "deedlog/state_archive.h"

#include <cereal/archives/portable_binary.hpp>
#include <cereal/types/array.hpp>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace deedlog {

// Every field of State is listed below. A field added to State and forgotten here would be
// lost by every snapshot (as the computer edition's clocks once were); this size changes
// with any new field, so the build stops until the list and kStateFormatVersion are updated
// (and tests/engine_snapshot_test.cpp checks that a save and a load give back the same State).
static_assert(std::is_trivially_copyable_v<State>, "State is saved and copied as a plain value");
static_assert(sizeof(State) == 1960,
              "State changed: list the new field in state_archive.cpp and bump kStateFormatVersion");

namespace {

// A bool as one byte that must be 0 or 1: reading any other byte into a bool is undefined,
// and a damaged or crafted snapshot may hold one.
struct Flag {
  bool& value;
  template <class Archive>
  void save(Archive& a) const {
    a(static_cast<std::uint8_t>(value ? 1 : 0));
  }
  template <class Archive>
  void load(Archive& a) {
    std::uint8_t byte = 0;
    a(byte);
    if (byte > 1) throw std::runtime_error("a flag of the snapshot is neither 0 nor 1");
    value = byte == 1;
  }
};

Flag flag(bool& b) { return Flag{b}; }

}  // namespace

template <class Archive>
void serialize(Archive& a, Money& m) {
  a(m.units);
}

template <class Archive>
void serialize(Archive& a, PlayerState& p) {
  a(p.cash, p.square, flag(p.in_jail), p.jail_turns, flag(p.bankrupt), p.jail_cards, p.throws, p.owes);
}

template <class Archive>
void serialize(Archive& a, Holding& h) {
  a(h.owner, h.buildings, flag(h.mortgaged));
}

template <class Archive>
void serialize(Archive& a, PackState& p) {
  a(p.unseen, p.known, p.head, p.size, p.out);
}

template <class Archive>
void serialize(Archive& a, AuctionState& x) {
  a(x.lot, x.square, x.high_bid, x.high_bidder, x.passed, x.since);
}

template <class Archive>
void serialize(Archive& a, RentClaim& c) {
  a(flag(c.open), c.payer, c.owner, c.square, c.amount, c.closes_on, c.since);
}

template <class Archive>
void serialize(Archive& a, TradeOffer& o) {
  a(flag(o.open), o.from, o.to, o.give, o.get, o.give_cash, o.get_cash, o.give_cards, o.get_cards);
}

template <class Archive>
void serialize(Archive& a, State& s) {
  a(s.player_count, s.players, s.holdings, s.bank_houses, s.bank_hotels, s.packs, s.turn, s.phase, s.doubles,
    s.last_die1, s.last_die2, flag(s.rolled_this_turn), flag(s.throw_again), s.pending_square, s.offered_at,
    s.offers_this_turn, s.pending_deck, s.pending_fine, s.pending_multiplier, s.auction, s.rents, s.offer,
    s.bank_auction_queue, s.placing_player, s.placing_lot, s.phase_after_auction, s.lift_at_once,
    flag(s.short_game), flag(s.time_called), flag(s.finish_round), s.time_up_at, flag(s.set_up), s.winner, flag(s.seeded), flag(s.sealed), s.seed, s.throws, s.seq, s.bank_takings,
    s.jackpot, s.conglomerates, s.moves_played, s.move_lines);
}

std::string save_state(const State& s) {
  std::ostringstream out;
  {
    cereal::PortableBinaryOutputArchive archive(out);
    const std::uint32_t version = kStateFormatVersion;
    archive(version, const_cast<State&>(s));
  }
  return out.str();
}

std::optional<std::string> snapshot_bytes(const State& s) {
  std::string bytes = save_state(s);
  State back;
  if (!load_state(bytes, &back) || !(back == s)) return std::nullopt;
  return bytes;
}

bool load_state(const std::string& bytes, State* s) {
  try {
    std::istringstream in(bytes);
    cereal::PortableBinaryInputArchive archive(in);
    std::uint32_t version = 0;
    archive(version);
    if (version != kStateFormatVersion) return false;
    State loaded;
    archive(loaded);
    if (in.peek() != std::char_traits<char>::eof()) return false;  // bytes left over: not one of ours
    *s = loaded;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace deedlog
