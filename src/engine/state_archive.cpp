#include "engine/state_archive.h"

#include <cereal/archives/portable_binary.hpp>
#include <cereal/types/array.hpp>
#include <sstream>

namespace deedlog {

template <class Archive>
void serialize(Archive& a, Money& m) {
  a(m.units);
}

template <class Archive>
void serialize(Archive& a, PlayerState& p) {
  a(p.cash, p.square, p.in_jail, p.jail_turns, p.bankrupt, p.jail_cards, p.owes);
}

template <class Archive>
void serialize(Archive& a, Holding& h) {
  a(h.owner, h.buildings, h.mortgaged);
}

template <class Archive>
void serialize(Archive& a, PackState& p) {
  a(p.unseen, p.known, p.head, p.size, p.out);
}

template <class Archive>
void serialize(Archive& a, AuctionState& x) {
  a(x.lot, x.square, x.high_bid, x.high_bidder, x.passed);
}

template <class Archive>
void serialize(Archive& a, RentClaim& c) {
  a(c.open, c.payer, c.owner, c.square, c.amount, c.closes_on);
}

template <class Archive>
void serialize(Archive& a, TradeOffer& o) {
  a(o.open, o.from, o.to, o.give, o.get, o.give_cash, o.get_cash, o.give_cards, o.get_cards);
}

template <class Archive>
void serialize(Archive& a, State& s) {
  a(s.player_count, s.players, s.holdings, s.bank_houses, s.bank_hotels, s.packs, s.turn, s.phase, s.doubles,
    s.last_die1, s.last_die2, s.rolled_this_turn, s.throw_again, s.pending_square, s.pending_deck, s.pending_fine, s.pending_multiplier,
    s.auction, s.rents, s.offer, s.bank_auction_queue, s.placing_player, s.placing_lot, s.phase_after_auction,
    s.lift_at_once, s.short_game, s.time_called, s.winner, s.seeded, s.seed, s.throws, s.seq, s.bank_takings, s.jackpot,
    s.conglomerates);
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

bool load_state(const std::string& bytes, State* s) {
  try {
    std::istringstream in(bytes);
    cereal::PortableBinaryInputArchive archive(in);
    std::uint32_t version = 0;
    archive(version);
    if (version != kStateFormatVersion) return false;
    State loaded;
    archive(loaded);
    *s = loaded;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace deedlog
