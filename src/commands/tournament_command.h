#pragma once
// referee tournament ... and referee autoplay (docs/tournaments.md, docs/interface.md): options
// in, the tournament service (service/tournament.h) called, words or JSON out.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/referee_commands.h"

namespace deedlog {

// The actions of `referee tournament` are declared once, in a table in tournament_command.cpp: each
// row names the action, its lines of help, whether it needs the Head Judge's key and what it
// opens, and the function that runs it. The usage's synopsis, the help's list of actions, the
// check of an action given, whether a key is asked for and the dispatch are all made from it.

// The actions' names, in the table's order, joined by separator ("new|seat|...").
std::string tournament_action_names(std::string_view separator);

// The help's list of actions, the table's rows' lines in order.
std::string tournament_actions_help();

// The actions that need no key, in the table's order, as a sentence's list ("new, standings and log").
std::string tournament_actions_without_key();

struct TournamentOptions {
  std::string action;             // one of the table's actions (tournament_action_names)
  std::vector<std::string> words;  // the action's arguments (an appeal's claim, a player's name)
  std::optional<std::int64_t> tournament;  // --tournament ID (default: the journal's last)
  // new
  std::string name, players, ruleset = "uk-1972", variant, time_limit;
  int rounds = 0;
  int table_size = 4;
  bool duplicate = false;
  bool auto_call_time = false;  // new: the server calls time at the limit
  bool standings_chart = false;  // print --standings: the wall chart, not a round
  std::vector<std::string> apart;  // --apart "A, B", once a pair
  std::optional<std::string> tie_breaks;  // --tie-breaks "share, head-to-head, ..." (none: the default order)
  std::string final_rule;                 // --final crowns|points ("" when --final was given no value)
  // seat, call-time, sheet
  int round = 0;
  int table = 0;
  bool final = false;  // --final given (seat: a final table; new: with its rule, final_rule)
  std::string html;
  // appeal
  bool upheld = false;
  std::string correction;
  // export, check
  std::string csv;     // --csv standings|results
  std::string out;     // --out FILE (the CSV's; standard output without it)
  std::string record;  // --record FILE
  // The Head Judge's key, read by the shell from --key-file FILE, the environment's
  // DEEDLOG_JUDGE_KEY or the terminal (cli/secret_input.h), never from the command line; "" when
  // none was given.
  std::string key;
};

// The environment variable that may hold the Head Judge's key.
inline constexpr const char* kJudgeKeyVariable = "DEEDLOG_JUDGE_KEY";

// Whether the action needs the Head Judge's key (the actions' table): the shell asks for a key only then.
bool tournament_action_needs_key(const std::string& action);

// How every tournament action ends in error: the status's words on err, exit 2 for what the
// user typed wrong (InvalidArgument), 1 otherwise; a usage problem, pointing at --help.
int tournament_failed(std::ostream& err, const Status& s);
int tournament_usage(std::ostream& err, const std::string& message);

int run_tournament(const CommonOptions& o, const TournamentOptions& t, std::ostream& out, std::ostream& err);

// referee autoplay: the built-in players play game --game on, K moves (0: to its end, or
// max_moves), their own dice from seed where the game is not seeded.
int run_autoplay(const CommonOptions& o, int moves, std::uint64_t seed, std::ostream& out, std::ostream& err);

}  // namespace deedlog
