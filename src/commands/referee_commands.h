#pragma once
// The referee's commands, each writing to out/err and returning an exit code. The program
// in referee/ only parses options and calls these.
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "deedlog/status.h"

namespace deedlog {

class Journal;

struct CommonOptions {
  std::string db = "deedlog.db";
  std::optional<std::int64_t> game;
  bool json = false;
  std::string ruleset_file;  // a user's own edition (--ruleset-file), for games started by this command
  std::int64_t snapshot_every = 256;  // --snapshot-every: events between stored snapshots (0: none)
};

struct NewOptions {
  std::string ruleset;
  std::string players;   // "Ann, Ben"
  std::string variant;   // comma separated
  std::string house_rules;  // comma separated (deedlog/house_rules.h)
  std::optional<std::uint64_t> seed;
  bool sealed = false;                     // a sealed game, its seed fresh from the operating system
  std::optional<std::int64_t> seal_like;   // sealed with the seed of this game (duplicate tables)
};

// A command's failure as the user reads it ("referee: ...", a conflict said so, on err) and its
// exit code: usage for a bad argument, else failure.
int command_failed(std::ostream& err, const Status& s);
// The journal the options name, opened read-only, and the game they name (--game, or the
// journal's one game).
Status open_game_to_read(const CommonOptions& o, std::unique_ptr<Journal>* journal, std::int64_t* id);

int run_new(const CommonOptions& o, const NewOptions& n, std::ostream& out, std::ostream& err);
// status --setup: the position as a whole .game text with a [Setup].
int run_status_setup(const CommonOptions& o, std::int64_t at, std::ostream& out, std::ostream& err);
int run_import(const CommonOptions& o, const std::string& file, std::ostream& out, std::ostream& err);
// expect_seq: compare-and-set; recorded only if the game's last event is still this one.
int run_play(const CommonOptions& o, const std::string& move, bool dry_run, std::optional<std::int64_t> expect_seq,
             std::ostream& out, std::ostream& err);
int run_status(const CommonOptions& o, std::int64_t at, std::ostream& out, std::ostream& err);
int run_value(const CommonOptions& o, std::int64_t at, std::ostream& out, std::ostream& err);
// now: an @TIME stamp ("" for none): in the computer edition, the moves still open at that moment.
int run_moves(const CommonOptions& o, const std::string& now, std::ostream& out, std::ostream& err);
int run_settle(const CommonOptions& o, const std::string& player, std::int64_t at, std::ostream& out, std::ostream& err);
int run_explain(const CommonOptions& o, std::int64_t seq, std::ostream& out, std::ostream& err);
int run_dispute(const CommonOptions& o, const std::string& claim, std::int64_t at, std::ostream& out, std::ostream& err);
int run_audit(const CommonOptions& o, const std::string& file, std::ostream& out, std::ostream& err,
              const std::optional<std::string>& seed = std::nullopt);
struct SimulateOptions {
  std::string ruleset = "uk-1972";
  int games = 1;
  std::uint64_t seed = 1;
  int players = 4;
  int max_moves = 4000;
  bool journal = true;   // write the games to --db
  std::int64_t cash = 0; // > 0: every player starts with this much
  std::string variant;   // edition options, comma separated ("short-game")
  std::string jail_strategy = "mixed";  // mixed, short (leave at once) or long (stay, throw for doubles)
  int threads = 0;       // games played at once (0: one a core); the answer is the same for any
};
int run_simulate(const CommonOptions& o, const SimulateOptions& s, std::ostream& out, std::ostream& err);
// skip_throws: each token's first throws of each game left out (docs/landing-frequencies.md).
int run_stats(const CommonOptions& o, int skip_throws, std::ostream& out, std::ostream& err);
int run_log(const CommonOptions& o, std::int64_t from, std::int64_t to, std::ostream& out, std::ostream& err);
// expect_head: "" or a hash (12 to 64 hex digits) kept outside the journal: the game's chain
// must contain it at or before its head. tournament: check that tournament's records (and the
// anchor against its chain) instead of games; without it and without --game, every game and
// every tournament of the journal is checked.
int run_verify(const CommonOptions& o, const std::string& expect_head, std::ostream& out, std::ostream& err,
               const std::optional<std::string>& seed = std::nullopt,
               std::optional<std::int64_t> tournament = std::nullopt);
// reveal: a sealed game's seed and commitment, once every game sealed with it is over or has had
// time called (exit 3 before, rule referee/reveal-after-play).
int run_reveal(const CommonOptions& o, std::ostream& out, std::ostream& err);

}  // namespace deedlog
