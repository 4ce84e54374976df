#pragma once
// referee analyse: luck and skill in a recorded game, move by move, as GNU Backgammon analyses a
// match (docs/analysis.md). Every figure is a win share estimated by play-outs of the built-in
// players (analysis/chances.h): the play-outs throw their own dice and draw the cards nobody has seen
// in an order of their own, never the order a seeded game recorded for its future.
//
// Common random numbers: every position evaluated for one move (the position after it, each
// throw or card that could have come, each alternative to a decision) is played out with the same
// play-out seeds, a function of (seed, the move's seq, the play-out's index) alone, so the
// differences compared are not drowned in the dice, and the same seed gives the same analysis on
// any number of threads.
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/chances.h"
#include "deedlog/command.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "deedlog/status.h"
#include "journal/journal.h"
#include "service/analysis_report.h"

namespace deedlog {

struct AnalysisOptions {
  // Play-outs of each branch in the first batch (docs/analysis.md, "Precision"); with
  // precision 0 the only batch, the play-outs of each position or alternative evaluated.
  int games = 200;
  // The target half-width of each luck and error interval (the widened one that decides a mark);
  // 0: one batch of `games`, as the analyst's best_move plays by default.
  double precision = 0;
  // The target half-width of each player's total luck (each chance event gets an equal part).
  double total_precision = 0;
  int max_games = 0;         // the cap on the play-outs of a branch (at least `games`)
  std::uint64_t seed = 1;
  int threads = 0;           // 0: one a core; the answer is the same for any number
  std::int64_t from = 0;     // the first event analysed (0: the first move)
  std::int64_t to = 0;       // the last (0: to the end)
  int max_moves = 4000;      // a play-out still going after this many moves is unfinished
};

// The thresholds of the marks, in win share (docs/analysis.md, "Thresholds").
inline constexpr double kDoubtfulError = 0.02;
inline constexpr double kBadError = 0.04;
inline constexpr double kVeryBadError = 0.08;

// The band of an error rate on our own, uncalibrated scale (docs/analysis.md, "Rating").
std::string rating_band(double error_rate);

// Analyses game `game_id` of the journal. InvalidArgument for options out of range or a --from
// beyond the game's end; NotFound for no such game; Corrupt when a play-out's bot is refused.
Status analyse_game(Journal& journal, std::int64_t game_id, const AnalysisOptions& options, Analysis* out);

// The analyst player's play-outs (`referee match --player NAME=analyst`): the analysis's horizon
// and model, every player bidding the spread of the built-in players it is matched against
// (Bidding::Spread) rather than as a sound bidder. A play-out forecasts the game the analyst is
// in: forecast with rivals who bid by worth, it weighed its buys, declines and bids against
// auctions its real rivals do not hold, and won less (docs/analysis-views.md, "The analyst
// player"). The analysis of a recorded game keeps sound bidders (analysis_play_outs): it judges
// a move by what players who know the game would do next.
PlayOutPolicy analyst_play_outs(const Ruleset& ruleset);

// Whether the analysis weighs a move of verb v where it answers choice c (deedlog/verbs.h,
// verb_choices) against that choice's alternatives (docs/analysis.md, "Skill"): where they are a
// fixed few (buy or decline; the card's fine or a card; the fine, a card or a throw out of jail;
// accept or reject; the tax's two ways), only the verbs among them; where the move made is one of
// them itself (a bid, a building or mortgage, an offer), any verb. A move not weighed is left out.
bool weighs_answer(Choice choice, Verb verb);

// The best move, by the play-outs of `play_outs` (analysis_play_outs, analyst_play_outs), in
// place of `proposed` (a legal move of the player to act at `position`, e.g. the built-in
// player's): when `proposed` is a decision the analysis weighs (buy or decline, bid or pass, pay
// the fine or throw, build, sell, mortgage, lift, offer, accept or reject, the tax), its
// alternatives are played out from `position` and the one with the best win share for its maker
// is returned; any other move comes back as it is. `key` seeds
// the play-outs (with options.seed), so a match can make each decision's play-outs its own.
// When the best is not to make the offer proposed, the answer is "ends turn" where the rules
// allow it now (else the offer as proposed). In a seeded position the alternatives are played
// from the players' view (the unseen cards shuffled again), never from the recorded order.
// `players`: the game's names, for the words of a play-out gone wrong.
Status best_move(const Ruleset& ruleset, const State& position, const CardsSeen& seen, const Command& proposed,
                 const std::vector<std::string>& players, const AnalysisOptions& options,
                 const PlayOutPolicy& play_outs, std::uint64_t key, Command* best);

// The analyst player of `referee match` (bots/match.h, AnalystMove): best_move with the analyst's
// play-outs (analyst_play_outs), kAnalystGames of them a branch on one thread, seeded by the
// game's seed and `key`.
Status analyst_move(const Ruleset& ruleset, const State& position, const CardsSeen& seen, const Command& proposed,
                    const std::vector<std::string>& players, std::uint64_t game_seed, std::uint64_t key, Command* best);

// The analyst's play-outs for each decision it weighs: fewer than `referee analyse` runs (200),
// so a match of hundreds of games stays within a benchmark's hour. 96 rather than 48 since the
// play-outs stop at the analysis's horizon (about ten times cheaper): on the same 100 deals it won
// 0.070 more of the games while its play-outs bid soundly; with them bidding the spread (now), 48
// did as well on 100 deals (docs/analysis-views.md, "The analyst player").
inline constexpr int kAnalystGames = 96;

}  // namespace deedlog
