// Fuzz target: decide on arbitrary commands in arbitrary reachable positions, after the way
// the shakmaty chess library is fuzzed: the list of legal moves and decide must agree.
// Input: two bytes choosing a position of the sample games (fuzz_positions.h); a byte of how
// many legal moves to play on from it, each chosen by a byte; then commands, each built from
// the bytes that follow. Checked:
//  * every listed legal move is accepted;
//  * a listed move of a form with a range (dice, an amount) is accepted exactly when its value
//    is in the form's range;
//  * an arbitrary command of a verb whose moves the list gives in full is accepted only when it
//    is a listed move or one of a listed form, in range;
//  * after every accepted move the position keeps the invariants (check_state, and even building).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "deedlog/invariants.h"
#include "deedlog/legal_moves.h"
#include "deedlog/state_check.h"
#include "fuzz_positions.h"

namespace {

using namespace deedlog;

struct Bytes {
  const std::uint8_t* p;
  std::size_t left;
  bool empty() const { return left == 0; }
  std::uint8_t next() {
    if (left == 0) return 0;
    --left;
    return *p++;
  }
  std::int64_t wide() { return static_cast<std::int16_t>(next() << 8 | next()); }
};

[[noreturn]] void fail(const char* what, const Command& c) {
  std::fprintf(stderr, "fuzz_decide: %s (verb %d, actor %d, square %d, amount %lld, dice %d %d)\n", what,
               static_cast<int>(c.verb), static_cast<int>(c.actor), static_cast<int>(c.square),
               static_cast<long long>(c.amount.units), c.die1, c.die2);
  std::abort();
}

// Plays an accepted command on s and checks the position it leaves.
void play(const Ruleset& r, int players, State& s, const Command& c, const Decision& d) {
  // Folded from the events, as a reader of the journal would: the position checked is the one
  // the stored events give.
  evolve(s, move_line(c, {}));
  fuzzing::apply_all(s, d.events);
  if (!check_between_moves(r, players, s).empty()) fail(check_between_moves(r, players, s).c_str(), c);
  if (!check_invariants(r, s, /*move_complete=*/true).empty()) fail(check_invariants(r, s, true).c_str(), c);
}

// c is lm's move with only the value its range lets vary changed (or none).
bool of_form(const LegalMove& lm, Command c) {
  switch (lm.range.kind) {
    case MoveRange::Kind::Exact: break;
    case MoveRange::Kind::Dice:
      c.die1 = lm.command.die1;
      c.die2 = lm.command.die2;
      break;
    case MoveRange::Kind::Amount: c.amount = lm.command.amount; break;
    case MoveRange::Kind::ThreeColours: c.give.properties = lm.command.give.properties; break;
    case MoveRange::Kind::Deeds: c.give.properties = lm.command.give.properties; break;
  }
  return c == lm.command;
}

bool in_range(const LegalMove& lm, const Command& c) {
  switch (lm.range.kind) {
    case MoveRange::Kind::Exact: return c == lm.command;
    case MoveRange::Kind::Dice: return c.die1 >= 1 && c.die1 <= 6 && c.die2 >= 1 && c.die2 <= 6;
    case MoveRange::Kind::Amount: return c.amount.units >= lm.range.min && c.amount.units <= lm.range.max;
    case MoveRange::Kind::ThreeColours: return true;  // not varied here
    case MoveRange::Kind::Deeds: return true;         // not varied here
  }
  return false;
}

// Verbs whose every accepted move the list gives (as itself or as a form). Offers, awards,
// take-backs, deals, draws and the referee's building auctions are open-ended or the
// referee's: the list shows some of them, or none.
bool listed_in_full(Verb v) {
  switch (v) {
    case Verb::Buy: case Verb::Decline: case Verb::Bid: case Verb::Pass: case Verb::PayFine: case Verb::UseCard:
    case Verb::Mortgage: case Verb::Unmortgage: case Verb::Accept: case Verb::Reject: case Verb::EndTurn:
    case Verb::SkipGo:
      return true;
    default: return false;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& all = fuzzing::positions().all;
  if (size < 3 || all.empty()) return 0;
  Bytes in{data, size};
  const std::size_t pick = (std::size_t{in.next()} << 8) | in.next();
  const fuzzing::Position& start = all[pick % all.size()];
  const Ruleset& r = *start.ruleset;
  State s = start.state;
  // On from the sample's position by legal moves, the fuzzer choosing which.
  for (int steps = in.next() % 32; steps > 0 && !in.empty(); --steps) {
    const std::vector<LegalMove> moves = legal_moves(r, s);
    if (moves.empty()) break;
    const LegalMove& lm = moves[in.next() % moves.size()];
    const Decision d = decide(r, s, lm.command);
    if (!d.accepted) fail("a listed move is refused", lm.command);
    play(r, start.players, s, lm.command, d);
  }
  const std::vector<LegalMove> moves = legal_moves(r, s);
  for (const LegalMove& lm : moves)
    if (!decide(r, s, lm.command).accepted) fail("a listed move is refused", lm.command);
  // Commands: a listed form with its value varied, or anything at all.
  while (!in.empty()) {
    Command c;
    const std::uint8_t how = in.next();
    if (how % 2 == 0 && !moves.empty()) {
      const LegalMove& lm = moves[in.next() % moves.size()];
      c = lm.command;
      if (lm.range.kind == MoveRange::Kind::Dice) {
        c.die1 = in.next() % 8;
        c.die2 = in.next() % 8;
      } else if (lm.range.kind == MoveRange::Kind::Amount) {
        c.amount = Money{lm.range.min + in.wide()};
      }
      const Decision d = decide(r, s, c);
      if (d.accepted != in_range(lm, c)) fail(d.accepted ? "a move out of its form's range is accepted" : "a move in its form's range is refused", c);
      continue;
    }
    c.verb = static_cast<Verb>(in.next() % kVerbCount);
    c.actor = static_cast<PlayerId>(static_cast<int>(in.next() % (start.players + 2)) - 2);
    c.square = in.next();
    c.amount = Money{in.wide()};
    c.count = in.next() % 4;
    c.hotel = in.next() % 2 == 1;
    c.die1 = in.next() % 8;
    c.die2 = in.next() % 8;
    c.counterparty = static_cast<PlayerId>(static_cast<int>(in.next() % (start.players + 1)) - 1);
    c.payer = static_cast<PlayerId>(static_cast<int>(in.next() % (start.players + 1)) - 1);
    c.tax = static_cast<TaxChoice>(in.next() % 3);
    const Decision d = decide(r, s, c);
    if (d.accepted) {
      State after = s;
      play(r, start.players, after, c, d);
    }
    if (listed_in_full(c.verb)) {
      // The same move with only the fields its verb reads (the notation writes no others):
      // accepted only when listed, as itself or in a listed form's range.
      Command plain = make_command(c.verb, c.actor);
      if (c.verb == Verb::Bid) plain.amount = c.amount;
      if (c.verb == Verb::Mortgage || c.verb == Verb::Unmortgage) plain.square = c.square;
      if (decide(r, s, plain).accepted) {
        bool listed = false;
        for (const LegalMove& lm : moves) listed = listed || (of_form(lm, plain) && in_range(lm, plain));
        if (!listed) fail("an accepted move is of no listed form", plain);
      }
    }
  }
  return 0;
}
