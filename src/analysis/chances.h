#pragma once
// referee chances: how likely each player is to win from a position, by playing the game out
// many times with the built-in players (seeded, on every core). Play-out i depends on the seed
// and i alone, so the same seed gives the same answer on any number of threads.
// `referee chances` plays them as the analysis does: stopped after a horizon and scored by the
// edition's evaluation model (docs/evaluation-model.md), or to the end when there is none.
//
// A play-out knows what the players at the table know, no more. It throws its own dice (a game
// recorded at a table has no seed; a seeded one would throw the same dice every time), and the
// cards nobody has seen turned up lie on top of each pack in an order drawn by the play-out,
// uniformly: the cards turned up are under them in the order they went back, the cards the
// players hold are out of the pack. A seeded game's recorded order of its cards is never used.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bots/win_interval.h"
#include "deedlog/cards_to_come.h"
#include "deedlog/command.h"
#include "deedlog/violation.h"
#include "deedlog/status.h"
#include "journal/journal.h"
#include "service/game.h"
#include "service/game_log.h"
#include "deedlog/event.h"
#include "deedlog/state.h"
#include "deedlog/ruleset.h"

namespace deedlog {

class EvaluationModel;  // bots/evaluation_model.h

// How a play-out is played and scored (docs/analysis.md, "Play-outs").
struct PlayOutPolicy {
  // After this many moves a play-out still going stops and is scored by `model` (each player's
  // win share as the model reads the position); 0, or no model: played to the end (max_moves).
  int horizon = 0;
  const EvaluationModel* model = nullptr;
  // A position the model reads as nearly decided (one player's share above this) is not scored
  // at the horizon but played on, `play_on` moves more at a time (0: to the end), and read again
  // each time, for the model is under-confident where one player dominates. 0: always scored.
  // The analysis and `chances` leave it off: measured, it brings the win shares nearer play-outs
  // to the end but not the luck, at several times the cost (docs/evaluation-model.md, "Bias").
  double decided = 0;
  int play_on = 0;
  // The built-in players bid at a property's auction as a sound bidder would (by the site's
  // worth to the bidder: groups completed or blocked, cash), not the spread of `simulate`'s
  // players, whose choices the behaviour signature pins (bots/bot_player.h, Bidding).
  bool sound_bids = false;
};

struct ChancesOptions {
  int games = 1000;          // play-outs
  std::uint64_t seed = 1;
  int max_moves = 4000;      // a play-out still going after this many moves counts as unfinished
  int threads = 0;           // 0: one a core; the answer is the same for any number
  // How each play-out is played and scored: to the end by default here; `referee chances` asks
  // for analysis_play_outs (a horizon scored by the edition's model) unless told --to-end.
  PlayOutPolicy policy;
};

struct PlayerChance {
  PlayerId player = 0;
  int wins = 0;              // play-outs the player won outright (the game ended before any horizon)
  double share = 0;          // the mean of the player's worth over the play-outs (to the end: wins / play-outs)
  // The 95% interval of the share: Wilson's score interval of the wins when every play-out went
  // to its end; the normal interval of the mean worth (clipped to 0..1) when some were scored.
  double low = 0, high = 0;
};

struct Chances {
  int games = 0;
  int unfinished = 0;        // play-outs stopped at the move limit (a win for nobody)
  int scored = 0;            // play-outs stopped at the horizon and scored by the model
  std::int64_t moves = 0;    // moves played over all the play-outs
  std::vector<PlayerChance> players;  // seat order, every seat (a bankrupt player wins none)
};


// Plays `options.games` games out from `position` (each from play_out_start with its own seed).
// invalid_argument for no play-outs.
// CardsSeen, note_card_seen: the engine's (deedlog/cards_to_come.h).

// What the players have seen of the packs in `game` up to its position (game.state.seq), from
// its events; a move taken back is as if not played.
Status cards_seen(Journal& journal, const Game& game, CardsSeen* out);

// The same at the position after event `seq`, from a game's events read in order from its first
// and marked (mark_voided): the cards turned up by then, in moves that stood then (a take-back
// after seq does not unsee them). cards_seen and the analysis's every position ask it.
CardsSeen cards_seen_at(const std::vector<LoggedEvent>& events, std::int64_t seq);

// The position a play-out starts from: `position` with the play-out's own dice (seed) and, in
// each pack, the cards not in `seen` (nor held by a player) shuffled by the seed on top of the
// cards seen, these in the order the position has them.
State play_out_start(const Ruleset& ruleset, const State& position, const CardsSeen& seen, std::uint64_t seed);

// The horizon of the analysis's play-outs, in moves (docs/evaluation-model.md, "The horizon").
inline constexpr int kAnalysisHorizon = 48;

// The z of the 95% intervals of the analysis and of a trade's price, rounded as their figures
// have always been worked (estimate_chances keeps the exact quantile for its own interval).
inline constexpr double kAnalysisZ95 = 1.96;

// The play-outs of the analysis and of `chances` for `ruleset`: to a horizon scored by the
// edition's shipped model when it has one (a user's edition has none: to the end), sound bids.
PlayOutPolicy analysis_play_outs(const Ruleset& ruleset);

// One play-out from play_out_start(position, seen, seed), the built-in players moving for
// everyone, to the game's end, max_moves moves or the policy's horizon.
struct PlayOut {
  PlayerId winner = kBank;  // kBank: unfinished, or stopped at the horizon
  // Each seat's part of this play-out's win: 1 for the winner and 0 for the others in a game
  // played to its end; the model's shares for one stopped at the horizon; equal parts among the
  // players still in for one still going at max_moves. Sums to 1.
  std::array<double, kMaxPlayers> worth{};
  bool scored = false;      // stopped at the horizon and scored by the model
  std::int64_t moves = 0;
  bool refused = false;     // a bot proposed a move the rules refused (a bot's fault: reported)
  Command move;             // when refused: the move, and the ruling on it
  Violation violation;
};
PlayOut play_out(const Ruleset& ruleset, const State& position, const CardsSeen& seen, std::uint64_t seed, int max_moves,
                 const PlayOutPolicy& policy = {});

// Plays `count` play-outs, play(t) the t-th, on simulation_threads(threads, ...) threads, each
// into slot t of the answer: which thread played what does not change it. Every caller's
// play-outs (chances, the analysis, a trade's price) are played so.
std::vector<PlayOut> play_outs_on_threads(std::size_t count, int threads,
                                          const std::function<PlayOut(std::size_t)>& play);

// players: the game's names, for the words of a play-out gone wrong.
Status estimate_chances(const Ruleset& ruleset, const State& position, const CardsSeen& seen,
                        const std::vector<std::string>& players, const ChancesOptions& options, Chances* out);

}  // namespace deedlog
