#pragma once
// referee tournament ... and referee autoplay (docs/tournaments.md, docs/interface.md): options
// in, the tournament service (service/tournament.h) called, words or JSON out.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "commands/referee_commands.h"

namespace deedlog {

struct TournamentOptions {
  std::string action;             // new, seat, call-time, standings, sheet, appeal, log, enter, withdraw, no-show
  std::vector<std::string> words;  // the action's arguments (an appeal's claim, a player's name)
  std::optional<std::int64_t> tournament;  // --tournament ID (default: the journal's last)
  // new
  std::string name, players, ruleset = "uk-1972", variant, time_limit;
  int rounds = 0;
  int table_size = 4;
  bool duplicate = false;
  // seat, call-time, sheet
  int round = 0;
  int table = 0;
  bool final = false;
  std::string html;
  // appeal
  bool upheld = false;
  std::string correction;
  // The Head Judge's key, read by the shell from --key-file FILE, the environment's
  // DEEDLOG_JUDGE_KEY or the terminal (cli/secret_input.h), never from the command line; "" when
  // none was given.
  std::string key;
};

// The environment variable that may hold the Head Judge's key.
inline constexpr const char* kJudgeKeyVariable = "DEEDLOG_JUDGE_KEY";

// Whether the action needs the Head Judge's key (every one but new, standings, log and reveal):
// the shell asks for a key only then.
bool tournament_action_needs_key(const std::string& action);

int run_tournament(const CommonOptions& o, const TournamentOptions& t, std::ostream& out, std::ostream& err);

// referee autoplay: the built-in players play game --game on, K moves (0: to its end, or
// max_moves), their own dice from seed where the game is not seeded.
int run_autoplay(const CommonOptions& o, int moves, std::uint64_t seed, std::ostream& out, std::ostream& err);

}  // namespace deedlog
