#pragma once
// referee match: games between bots, each seat a bot (the built-in player, a random mover, or
// another program speaking the bot protocol), the seats rotated over each seed so that every
// bot meets the same dice and cards from every seat. Every move is put to decide() like a
// human's; a refused one loses the game for the bot that made it.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bots/win_interval.h"
#include "deedlog/cards_to_come.h"
#include "deedlog/command.h"
#include "deedlog/ruleset.h"
#include "deedlog/state.h"
#include "deedlog/status.h"
#include "journal/journal.h"
#include "present/refusal_words.h"

namespace deedlog {

struct MatchBot {
  std::string name;     // its player name at the table (the notation's rules for names)
  std::string program;  // "builtin", "random", or a command line (docs/engine-protocol.md, the bot protocol)
};

// The analyst player's move (`--player NAME=analyst`): in place of the built-in player's
// `proposed` move at `position`, the move the analysis finds best (analysis/analysis.h,
// analyst_move), given by the caller, for the analysis is a layer above the players. `seen`: the
// cards the players have seen; `game_seed` and `key` seed its play-outs.
using AnalystMove = std::function<Status(const Ruleset& ruleset, const State& position, const CardsSeen& seen,
                                         const Command& proposed, const std::vector<std::string>& players,
                                         std::uint64_t game_seed, std::uint64_t key, Command* best)>;

struct MatchOptions {
  std::string ruleset = "uk-1972";
  int games = 2;
  std::uint64_t seed = 1;
  std::vector<MatchBot> bots;  // 2 or more, one seat each
  int max_moves = 4000;        // a game still going after this many moves is unfinished
  double move_time = 5.0;      // seconds a program has for each decision
  // A short game ends when the referee calls the agreed time (rule book "RULES FOR PLAYING THE
  // SHORT GAME"); a match has no clock, so the referee calls it after this many moves. Without
  // it a short game ran to --max-moves and was counted unfinished.
  int call_time_after = 400;
  std::vector<std::string> variants;
  std::int64_t snapshot_every = 256;  // journalled games store a snapshot this often (0: none)
  AnalystMove analyst;                // the analyst's moves; none: a bot named analyst is refused
};

// How a game ended for the bot that lost it by its own doing.
struct Forfeit {
  std::string bot;
  std::string reason;            // "refused", "timeout", "exited", "bad answer", "not its move"
  std::string move;              // what it answered, as written
  std::optional<Ruling> ruling;  // the rules' refusal, for "refused"
  std::string detail;            // the parse error or what was wrong with the answer
};

struct MatchGame {
  int index = 0;                   // from 0
  std::uint64_t seed = 0;          // the game's own seed (its dice and packs)
  std::vector<std::string> seats;  // the bots in seating order
  std::int64_t game_id = 0;        // in the journal, 0 when not journalled
  std::int64_t moves = 0;
  bool finished = false;           // won, or lost by a forfeit; false: stopped at the move limit
  std::string winner;              // "" when unfinished (or when a forfeit leaves a tie)
  std::optional<Forfeit> forfeit;
};

struct MatchStanding {
  std::string name;
  std::string program;
  int games = 0;
  int wins = 0;
  int losses = 0;      // finished games another bot won, or this one forfeited
  int ties = 0;       // finished without a single winner (a valuation tied)
  int forfeits = 0;    // of which lost by a refused move, a timeout, an exit or a bad answer
  int unfinished = 0;
  double share = 0;    // wins / games
  double low = 0;      // the share's 95% interval (Wilson's score interval)
  double high = 0;
  double rating = 0;   // Elo-style, 1500 the average (docs/engine-protocol.md says how)
  int restarts = 0;    // a program started again after it exited or was stopped
};

struct MatchResult {
  std::vector<MatchGame> games;
  std::vector<MatchStanding> standings;  // in the order the bots were given
  int unfinished = 0;
  std::int64_t decisions = 0;            // moves asked of the bots, over all games
};

// Checks the options (names, programs, counts); invalid_argument with the words when wrong.
Status check_match_options(const MatchOptions& options);

// journal may be null: the games are played in memory only. progress(done, total) after each game.
Status play_match(const MatchOptions& options, Journal* journal, MatchResult* result,
                  const std::function<void(int, int)>& progress = {});


}  // namespace deedlog
