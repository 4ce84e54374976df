#include "engine/gate.h"

#include <array>
#include <initializer_list>

#include "engine/decide_support.h"
#include "deedlog/clock_stamp.h"
#include "deedlog/rule_book.h"
#include "deedlog/valuation.h"

namespace deedlog {
namespace {

using PhaseSet = std::uint16_t;

constexpr PhaseSet bit(Phase p) { return static_cast<PhaseSet>(1u << static_cast<unsigned>(p)); }
constexpr PhaseSet phases(std::initializer_list<Phase> list) {
  PhaseSet set = 0;
  for (Phase p : list) set = static_cast<PhaseSet>(set | bit(p));
  return set;
}
constexpr PhaseSet kNoPhase = 0;
constexpr PhaseSet kAnyPhase = 0xFFFF;
constexpr PhaseSet kBetweenMoves = phases({Phase::AwaitingRoll, Phase::TurnOver});

// What the building auction's buyer leaves open while he places his building.
enum class WhilePlacing : std::uint8_t { Refused, Allowed, PlacerOnly };

// Whose turn it must be, in the phases of a TurnRow.
enum class TurnCheck : std::uint8_t {
  None,
  Mover,           // the player whose move it is (the lander, the drawer, the chooser)
  MoverInEdition,  // the player whose turn it is, where the edition builds only in turn
  StartsTurn,      // a throw, or a jailed player's fine or card before it: the player to move,
                   // or once the last move is over the next player, whose turn it starts
};

struct TurnRow {
  PhaseSet when = kNoPhase;
  TurnCheck check = TurnCheck::None;
  RuleRef rule{};
  RefusalCode refusal = RefusalCode::UnknownMove;
};

// A verb's row: who may make it and what holds it back. The rows come from the verb list
// (deedlog/verbs.h), where each verb's row stands beside its words, its fields by name; a field a
// row leaves out keeps the default here.
struct VerbGate {
  VerbMaker maker = VerbMaker::Player;
  bool waits_for_debts = false;  // it moves the game on, which waits while a debt is unpaid
  WhilePlacing while_placing = WhilePlacing::Refused;
  bool new_dealing = false;           // the referee's: refused once time is called (a player's move
                                      // is refused then unless it completes the move in progress)
  PhaseSet completes = kNoPhase;      // the phases where a player's move completes the move in progress
  bool completes_while_owing = false; // raising cash to pay a debt completes the move too
  bool needs_deeds_dealt = false;     // the short game: the deeds are dealt before the first throw
  std::array<TurnRow, 3> turn_rows{}; // the first row whose phases hold decides the turn check
  PhaseSet allowed = kAnyPhase;       // the phases that allow it; else the refusal below
  RuleRef phase_rule{};
  RefusalCode phase_refusal = RefusalCode::UnknownMove;
  bool listed_alone = false;          // the legal moves list it with no arguments, for each player
};

// One row per Verb, at the verb's value.
// A field a row leaves out takes its default member initialiser, which is what leaving it out
// means; GCC's -Wmissing-field-initializers would call each one a mistake.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
constexpr std::array<VerbGate, kVerbCount> gate_rows() {
  std::array<VerbGate, kVerbCount> rows{};
#define DEEDLOG_VERB_GATE(Name, code, rule, form, choices, words, gate) \
  rows[code] = VerbGate{.maker = verb_maker(Verb::Name), DEEDLOG_FIELDS gate};
  DEEDLOG_VERBS(DEEDLOG_VERB_GATE)
#undef DEEDLOG_VERB_GATE
  return rows;
}
#pragma GCC diagnostic pop
constexpr std::array<VerbGate, kVerbCount> kGates = gate_rows();

}  // namespace

bool listed_alone(Verb v) { return kGates[static_cast<std::size_t>(v)].listed_alone; }

namespace {

// The facts each refusal of the gate's says.
Violation refusal(const Ruleset& r, const State& s, const Command& c, const RuleRef& rule,
                  RefusalCode code) {
  switch (code) {
    case RefusalCode::OnlyLanderBuys:
      return violation(r, rule, code, {arg::player(s.turn), arg::square(s.pending_square), arg::act(c.verb)});
    case RefusalCode::NothingToBuyOrDecline:
      return violation(r, rule, code, waiting_on(s), {arg::player(c.actor), arg::act(c.verb)});
    case RefusalCode::CardThrowIsOthers:
    case RefusalCode::CardIsOthers:
    case RefusalCode::ChoiceIsOthers: return violation(r, rule, code, {arg::player(s.turn)});
    case RefusalCode::NotYourTurnToEnd: return violation(r, rule, code, {arg::player(s.turn), arg::player(c.actor)});
    case RefusalCode::BuildOnlyInOwnTurn: return violation(r, rule, code, {arg::player(c.actor), arg::player(s.turn)});
    case RefusalCode::NoCardDue:
    case RefusalCode::MustFinishPending: return violation(r, rule, code, waiting_on(s));
    default: return violation(r, rule, code);
  }
}

bool holds(PhaseSet set, Phase p) { return (set & bit(p)) != 0; }

// A move that starts a turn (a throw, or a jailed player's fine or card before his throw) may
// come once the last player's move is over: it passes the turn on by itself (its rule starts it).
std::optional<Violation> starts_turn(const Ruleset& r, const State& s, const Command& c) {
  if (s.phase == Phase::TurnOver) {
    const PlayerId next = next_player(s);
    if (c.actor == s.turn && s.player_count > 1)
      return violation(r, rule::kTurnOrder, RefusalCode::MoveIsOver, {arg::player(c.actor), arg::player(next)});
    if (c.actor != next)
      return violation(r, rule::kTurnOrder, RefusalCode::NotYourTurnPlaysNext, {arg::player(c.actor), arg::player(next)});
    return std::nullopt;
  }
  if (s.phase != Phase::AwaitingRoll)
    return violation(r, rule::kFinishTheMove, RefusalCode::CannotActNow, waiting_on(s),
                     {arg::player(c.actor), arg::act(c.verb)});
  if (c.actor != s.turn)
    return violation(r, rule::kTurnOrder, RefusalCode::NotYourTurnMustThrow, {arg::player(c.actor), arg::player(s.turn)});
  return std::nullopt;
}

std::optional<Violation> turn_and_phase(const Ruleset& r, const State& s, const Command& c, const VerbGate& g) {
  for (const TurnRow& row : g.turn_rows) {
    if (!holds(row.when, s.phase)) continue;
    // Where building waits for the builder's turn, the next player may build once the last
    // player's move is over: like his throw, it begins his turn (decide_build starts it).
    const bool next_begins = s.phase == Phase::TurnOver && s.player_count > 1 && c.actor != s.turn &&
                             c.actor == next_player(s);
    const bool refused = (row.check == TurnCheck::Mover && c.actor != s.turn) ||
                         (row.check == TurnCheck::MoverInEdition && r.build_only_in_turn && c.actor != s.turn &&
                          !next_begins);
    if (refused) return refusal(r, s, c, row.rule, row.refusal);
    if (row.check == TurnCheck::StartsTurn)
      if (auto v = starts_turn(r, s, c)) return v;
    break;
  }
  if (!holds(g.allowed, s.phase)) return refusal(r, s, c, g.phase_rule, g.phase_refusal);
  return std::nullopt;
}

bool completes_the_move(const State& s, const Command& c, const VerbGate& g) {
  return holds(g.completes, s.phase) || (g.completes_while_owing && s.player(c.actor).total_owed().units > 0);
}

}  // namespace

std::optional<Violation> gate(const Ruleset& r, const State& s, const Command& c) {
  const VerbGate& g = kGates[static_cast<std::size_t>(c.verb)];
  if (g.maker == VerbMaker::Correction) return std::nullopt;
  if (s.phase == Phase::GameOver) return violation(r, rule::kGameOver, RefusalCode::GameIsOver, waiting_on(s));
  // rule short-game/agreed-hour: once a move's stamp is past the agreed finishing hour, time is up:
  // the referee must call it (`Referee calls time`) before anything else is ruled. The stamps
  // recorded decide, never a clock; a move without a stamp cannot be shown late.
  if (!s.time_called && s.time_up_at != kNoTime && c.verb != Verb::CallTime) {
    const std::optional<std::int64_t> past = seconds_between(s.time_up_at, c.clock);
    if (past && *past > 0)
      return violation(r, rule::kShortAgreedHour, RefusalCode::AgreedHourPassed,
                       {arg::count(s.time_up_at), arg::count(c.clock)});
  }
  if (c.actor == kReferee) {
    if (g.maker != VerbMaker::Referee) return violation(r, rule::kTurnOrder, RefusalCode::RefereeMovesOnly);
    if (g.waits_for_debts)
      if (auto v = debts_block(r, s)) return v;
    if (s.time_called && g.new_dealing && time_called_waits_on(r, s) != TimeCalledWait::Round)
      return violation(r, rule::kShortTime, RefusalCode::TimeCalledNoDealings);
    return turn_and_phase(r, s, c, g);
  }
  if (!is_active(s, c.actor)) return violation(r, rule::kTurnOrder, RefusalCode::PlayerNotInGame);
  // rule shortage/auction: the building bought at auction is placed at once; nothing else first.
  if (s.phase == Phase::Placing &&
      !(g.while_placing == WhilePlacing::Allowed ||
        (g.while_placing == WhilePlacing::PlacerOnly && c.actor == s.placing_player)))
    return violation(r, rule::kShortageAuction, RefusalCode::MustFinishPending, waiting_on(s));
  // A player's referee verb is refused below, after the checks that came first before the gate.
  if (g.waits_for_debts && g.maker == VerbMaker::Player)
    if (auto v = debts_block(r, s)) return v;
  // rule short-game/time-called: the move in progress is completed with its transactions; nothing
  // new begins, and once nothing waits the game is over. Under finish-round (rule
  // short-game/finish-round) the round is played out first, as any other.
  if (s.time_called) {
    const TimeCalledWait waits = time_called_waits_on(r, s);
    if (waits == TimeCalledWait::Nothing)
      return s.finish_round ? violation(r, rule::kShortFinishRound, RefusalCode::TimeCalledRoundComplete)
                            : violation(r, rule::kShortTime, RefusalCode::TimeCalledMoveCompleted);
    if (waits != TimeCalledWait::Round && !completes_the_move(s, c, g))
      return violation(r, s.finish_round ? rule::kShortFinishRound : rule::kShortTime,
                       RefusalCode::TimeCalledMoveCompleted);
  }
  if (g.needs_deeds_dealt && !dealing_done(r, s)) return violation(r, rule::kShortDeal, RefusalCode::DealFirst);
  if (g.maker == VerbMaker::Referee) return violation(r, rule::kTurnOrder, RefusalCode::RefereeOnlyVerb);
  return turn_and_phase(r, s, c, g);
}

}  // namespace deedlog
