#pragma once
// What `referee analyse` finds in a recorded game, as plain values: each player's win chance
// after each move, the luck of each throw and card, the error of each decision, and the sums a
// player reads. Computed in src/analysis/analysis.h; worded and written as JSON in
// src/present/analysis_words.h. Every share is of the play-outs that finished (those still going
// at the move limit are counted apart, in `unfinished`).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace deedlog {

// A share of wins with its 95% interval.
struct WinShare {
  double share = 0;
  double low = 0, high = 0;
};

// Each player's win chance at one position, seat order.
struct WinChances {
  std::vector<WinShare> players;
  double unfinished = 0;  // the share of play-outs still going at the move limit
};

// The marks of a decision's error (docs/analysis.md, "Thresholds").
enum class ErrorMark : std::uint8_t { None, Doubtful, Bad, VeryBad, Uncertain };

// What an alternative to a decision is (docs/analysis.md, "Decisions"): a move the player could
// have made (the move made among them), or not making the move weighed: the offer not made
// (no trade), the turn ended without the builds planned (builds nothing). The analysis says which
// by this type; the words are present's (analysis_words.h, alternative_words).
enum class AlternativeKind : std::uint8_t { Move, NoTrade, BuildsNothing };

struct MoveAnalysis {
  std::int64_t seq = 0;      // the move's MovePlayed event
  std::string move;          // the move as recorded (canonical notation)
  int player = -1;           // the seat that made it; -1: the referee
  WinChances win;            // after the move
  // Throws and cards: the mover's win share after what came minus its average over what could
  // have come, with the 95% interval of that difference; `outcomes`: how many could have come.
  std::optional<double> luck;
  double luck_low = 0, luck_high = 0;
  int outcomes = 0;
  // Decisions: the win share lost against the best alternative (0 when the move made is the
  // best), its 95% interval, the mark, the best alternative in notation, and how many were weighed.
  std::optional<double> error;
  double error_low = 0, error_high = 0;
  ErrorMark mark = ErrorMark::None;
  std::string best;
  int alternatives = 0;
  // The play-outs each branch of the move got (docs/analysis.md, "Precision"), and whether the
  // cap on them stopped the sampling before every interval of the move reached its target.
  int playouts = 0;
  bool short_of_target = false;
};

// A turn let pass (docs/analysis.md, "Decisions not taken"): at the position after the turn's
// last move, building nothing against the build plans the rules allowed there.
struct MissedDecision {
  std::int64_t seq = 0;      // the last event of the turn's last move
  int player = -1;
  WinChances win;            // building nothing (the turn as played)
  double error = 0, error_low = 0, error_high = 0;
  ErrorMark mark = ErrorMark::None;
  std::string best;          // the best plan in notation, or the player's "builds nothing"
  int alternatives = 0;
  int playouts = 0;
  bool short_of_target = false;
};

// A moment of luck: the move and its luck.
struct LuckMoment {
  std::int64_t seq = 0;
  double luck = 0;
};

struct PlayerAnalysis {
  std::string name;
  double luck = 0;              // the sum of the luck of the throws and cards that were this player's
  double luck_low = 0, luck_high = 0;  // its 95% interval (the events' estimates are independent)
  double luck_variance = 0;     // the sum of the squared standard errors of the events' luck
  int chance_events = 0;        // how many
  std::optional<LuckMoment> luckiest, unluckiest;
  int decisions = 0;            // decisions analysed
  double total_error = 0;
  double error_rate = 0;        // total_error / decisions (0 when none)
  int doubtful = 0, bad = 0, very_bad = 0, uncertain = 0;
  std::string rating;           // the band of the error rate (docs/analysis.md: uncalibrated)
};

// The method of the analysis: a kept document of an older method is computed again
// (service/kept_analysis.h). 2: play-outs to a horizon scored by the model, continuous worth,
// adaptive precision, marks by interval, the graph agreeing with the luck, missed[]. 3: the model
// with weights of its own once every deed is sold (docs/evaluation-model.md), so every figure moves.
inline constexpr int kAnalysisMethod = 3;

struct Analysis {
  std::int64_t game = 0;
  std::string ruleset;
  int games = 0;                // play-outs of each branch in the first batch (docs/analysis.md)
  double precision = 0;         // the target half-width of a luck or error interval (0: one batch)
  double total_precision = 0;   // the target half-width of a player's total luck
  int max_games = 0;            // the cap on the play-outs of a branch
  int horizon = 0;              // the play-outs' horizon (0: to the end)
  std::int64_t playouts = 0;    // play-outs played in all
  double widest = 0;            // the widest half-width of a luck or error interval
  std::int64_t equivalent_games = 0;  // plain play-outs a position giving one share that interval
  int short_of_target = 0;      // estimates (moves and missed) whose target the cap stopped
  std::vector<MissedDecision> missed;
  std::uint64_t seed = 0;
  int max_moves = 0;
  std::int64_t from = 0, to = 0;  // the events analysed (the moves whose line lies in them)
  WinChances start;               // before the first move analysed
  std::vector<PlayerAnalysis> players;
  std::vector<MoveAnalysis> moves;
  std::int64_t positions = 0;     // positions played out (each `games` times)
  std::int64_t playout_moves = 0;
  double seconds = 0;
};

}  // namespace deedlog
