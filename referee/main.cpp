// referee: rules on moves of a property-trading game and keeps the game's journal.
// A thin shell: the command line read against referee/command_table.cpp, calls into src/commands,
// exit code out.
#include <boost/program_options.hpp>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "commands/command_outcome.h"
#include "commands/copy_command.h"
#include "core/exit_code.h"
#include "service/game_session.h"
#include "commands/analyse_command.h"
#include "commands/engine_session.h"
#include "commands/games_listing.h"
#include "commands/match_command.h"
#include "commands/play_lines.h"
#include "serve/serve_command.h"
#include "serve/serve_table.h"
#include "commands/table_session.h"
#include "commands/tournament_command.h"
#include "commands/referee_commands.h"
#include "commands/chances_command.h"
#include "commands/trade_price_command.h"
#include "commands/train_model_command.h"
#include "cli/command_line.h"
#include "cli/program_help.h"
#include "cli/secret_input.h"
#include "deedlog_version.h"
#include "journal/journal.h"
#include "command_table.h"
#include "deedlog/ruleset_catalog.h"

namespace po = boost::program_options;
using namespace deedlog;

namespace {

using Args = std::vector<std::string>;

// The most play-outs one may ask for: each is kept until they are summed, so a number beyond
// these would exhaust the memory before it said anything (chances and train-model in all; the
// analysis and the price of a trade a position, where each position's are kept).
constexpr int kMostPlayOuts = 1'000'000;
constexpr int kMostPlayOutsAPosition = 100'000;

bool has(const Args& args, const std::string& word) {
  for (const std::string& a : args)
    if (a == word) return true;
  return false;
}

int usage_error(std::ostream& err, const std::string& where, const std::string& message) {
  err << where << ": " << message << "\n";
  return kExitUsage;
}

int unknown_command(const cli::ProgramHelp& help, const std::string& typed, std::ostream& err) {
  std::string message = "'" + typed + "' is not a referee command.";
  const std::vector<std::string> near = cli::nearest_commands(help, typed);
  for (std::size_t i = 0; i < near.size(); ++i)
    message += (i == 0 ? " Did you mean " : " or ") + std::string("'") + near[i] + "'" + (i + 1 == near.size() ? "?" : "");
  return usage_error(err, "referee", message + " ('referee help' lists the commands)");
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", std::gmtime(&now));
  return text;
}

// The words a shell completes (completions/): commands, a command's options, the players of
// the game at hand, the editions. Never an error: a completion that fails offers nothing.
int complete(const cli::ProgramHelp& help, const Args& words, const CommonOptions& o, std::ostream& out) {
  const std::string what = words.empty() ? "" : words[0];
  if (what == "commands")
    for (const cli::CommandHelp& c : help.commands) out << c.name << "\n";
  if (what == "options") {
    for (const std::string& name : cli::option_names(*help.global)) out << name << "\n";
    // --key is known only to be refused (a key on the command line is every account's): not offered.
    if (const cli::CommandHelp* c = words.size() > 1 ? cli::find_command(help, words[1]) : nullptr)
      for (const std::string& name : cli::option_names(*c->options))
        if (name != "--key") out << name << "\n";
  }
  if (what == "rulesets")
    for (const std::string& id : builtin_ruleset_ids()) out << id << "\n";
  if (what == "games") write_game_ids(o.db, out);
  if (what == "players") {
    std::unique_ptr<Journal> journal;
    std::int64_t id = 0;
    GameRow row;
    GameHeader header;
    if (journal_may_exist(o.db) && Journal::open(o.db, &journal, true).is_ok() &&
        resolve_game_id(*journal, o.game, &id).is_ok() && journal->game(id, &row).is_ok() &&
        header_from_json(row.header, &header).is_ok())
      for (const std::string& name : header.players) out << name << "\n";
  }
  return kExitOk;
}

// Where the Head Judge's key and a table's key are taken from (cli/secret_input.h): a file of
// mode 0600, the environment, or a prompt that does not echo; never the command line.
cli::SecretSource judge_key_source(const po::variables_map& vm) {
  return {"the Head Judge's key", kJudgeKeyVariable, vm.count("key-file") ? vm["key-file"].as<std::string>() : "",
          "Head Judge's key (not shown): "};
}
cli::SecretSource table_key_source(const po::variables_map& vm) {
  return {"the table's key", kTableKeyVariable, vm.count("key-file") ? vm["key-file"].as<std::string>() : "",
          "Table's key (not shown): "};
}

int run_program_beside(const std::string& name, const Args& words, std::ostream& out, std::ostream& err);

// referee table: at the journal file, or with --server through a judge's referee serve (the
// program with the HTTP library in it, as for serve).
int run_table_command(const po::variables_map& vm, const Args& line, const CommonOptions& o, std::ostream& out,
                      std::ostream& err) {
  const std::string where = "referee table";
  if (vm.count("key")) return usage_error(err, where, cli::secret_on_command_line(table_key_source(vm), "--key"));
  if (!vm.count("server")) {
    if (vm.count("key-file"))
      return usage_error(err, where, "--key-file is the table's key for --server; a table at the journal needs none");
    return run_table(o, std::cin, out, err);
  }
#ifndef DEEDLOG_SERVE_IN_THIS_PROGRAM
  return run_program_beside("referee-serve", line, out, err);
#else
  (void)line;
  if (!kServerTableBuilt) return run_server_table(o, ServerTableOptions{}, std::cin, out, err);
  if (!o.game) return usage_error(err, where, "--server needs the game: --game ID (the number the judge gave the table)");
  ServerTableOptions t;
  t.server = vm["server"].as<std::string>();
  if (Status s = cli::read_secret(table_key_source(vm), &t.key); !s.is_ok()) return usage_error(err, where, s.message());
  return run_server_table(o, t, std::cin, out, err);
#endif
}

int dispatch(const std::string& cmd, const po::variables_map& vm, const Args& args, const Args& line,
             const CommonOptions& o, std::ostream& out, std::ostream& err) {
  const std::string where = "referee " + cmd;
  auto want_args = [&](std::size_t n, const char* what) {
    if (args.size() == n) return true;
    err << where << ": expected " << what << " (see 'referee " << cmd << " --help')\n";
    return false;
  };
  auto at = [&] { return vm["at"].as<std::int64_t>(); };
  if (vm.count("at") && at() < 0) return usage_error(err, where, "--at takes an event number (1 or more; 0: the last)");
  if (vm.count("snapshot-every") && o.snapshot_every < 0)
    return usage_error(err, where, "--snapshot-every takes 0 (none) or a positive number of events");
  if (cmd == "new") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    if ((!vm.count("ruleset") && o.ruleset_file.empty()) || !vm.count("players"))
      return usage_error(err, where, "--ruleset (or --ruleset-file) and --players are required");
    NewOptions n;
    if (vm.count("ruleset")) n.ruleset = vm["ruleset"].as<std::string>();
    n.players = vm["players"].as<std::string>();
    n.variant = vm["variant"].as<std::string>();
    n.house_rules = vm["house-rules"].as<std::string>();
    if (vm.count("seed")) n.seed = vm["seed"].as<std::uint64_t>();
    n.sealed = vm.count("sealed") > 0;
    if (vm.count("seal-like")) n.seal_like = vm["seal-like"].as<std::int64_t>();
    if ((n.seed ? 1 : 0) + (n.sealed ? 1 : 0) + (n.seal_like ? 1 : 0) > 1)
      return usage_error(err, where, "one of --seed, --sealed and --seal-like");
    return run_new(o, n, out, err);
  }
  if (cmd == "import") return want_args(1, "one FILE.game, or - for standard input") ? run_import(o, args[0], out, err) : kExitUsage;
  if (cmd == "play") {
    if (!want_args(1, "one move in quotes, e.g. \"Ann rolls 3 4\", or - for moves from standard input")) return kExitUsage;
    const std::optional<std::int64_t> expect_seq =
        vm.count("expect-seq") ? std::optional<std::int64_t>(vm["expect-seq"].as<std::int64_t>()) : std::nullopt;
    if (args[0] != "-") return run_play(o, args[0], vm.count("dry-run") > 0, expect_seq, out, err);
    if (vm.count("dry-run") || expect_seq)
      return usage_error(err, where, "--dry-run and --expect-seq take one move, not - (each line of - is recorded)");
    return run_play_lines(o, std::cin, out, err);
  }
  if (cmd == "simulate") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    SimulateOptions so;
    so.ruleset = vm["ruleset"].as<std::string>();
    so.games = vm["games"].as<int>();
    so.seed = vm["seed"].as<std::uint64_t>();
    so.players = vm["players"].as<int>();
    so.max_moves = vm["max-moves"].as<int>();
    so.journal = vm.count("no-journal") == 0;
    so.cash = vm["cash"].as<std::int64_t>();
    so.variant = vm["variant"].as<std::string>();
    so.jail_strategy = vm["jail-strategy"].as<std::string>();
    so.threads = vm["threads"].as<int>();
    if (so.games < 0 || so.max_moves < 1)
      return usage_error(err, where, "--games must be 0 or more and --max-moves at least 1");
    if (so.threads < 0) return usage_error(err, where, "--threads must be 0 (one a core) or more");
    return run_simulate(o, so, out, err);
  }
  if (cmd == "engine")
    return want_args(0, "no arguments") ? run_engine(o, !vm["db"].defaulted(), std::cin, out, err) : kExitUsage;
#ifdef DEEDLOG_SERVE_IN_THIS_PROGRAM
  if (cmd == "serve") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    if (!vm.count("listen")) return usage_error(err, where, "--listen HOST:PORT is required (e.g. 127.0.0.1:8080)");
    ServeOptions so;
    so.listen = vm["listen"].as<std::string>();
    so.rate = vm["rate"].as<double>();
    if (vm.count("keys")) so.keys = vm["keys"].as<std::string>();
    so.analysis_games = vm["analysis-games"].as<int>();
    so.price_games = vm["price-games"].as<int>();
    return run_serve(o, so, out, err);
  }
#endif
  if (cmd == "match") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    MatchCommandOptions mo;
    mo.ruleset = vm["ruleset"].as<std::string>();
    mo.games = vm["games"].as<int>();
    mo.seed = vm["seed"].as<std::uint64_t>();
    if (vm.count("player")) mo.players = vm["player"].as<std::vector<std::string>>();
    mo.max_moves = vm["max-moves"].as<int>();
    mo.move_time = vm["move-time"].as<double>();
    mo.call_time_after = vm["call-time-after"].as<int>();
    mo.variant = vm["variant"].as<std::string>();
    mo.journal = !vm["db"].defaulted();
    return run_match(o, mo, out, err);
  }
  if (cmd == "games") return want_args(0, "no arguments") ? run_games(o, out, err) : kExitUsage;
  if (cmd == "tournament") {
    TournamentOptions t;
    if (!args.empty()) t.action = args[0];
    t.words.assign(args.begin() + (args.empty() ? 0 : 1), args.end());
    if (vm.count("tournament")) t.tournament = vm["tournament"].as<std::int64_t>();
    if (vm.count("name")) t.name = vm["name"].as<std::string>();
    if (vm.count("players")) t.players = vm["players"].as<std::string>();
    t.rounds = vm["rounds"].as<int>();
    t.table_size = vm["table-size"].as<int>();
    t.ruleset = vm["ruleset"].as<std::string>();
    t.variant = vm["variant"].as<std::string>();
    t.time_limit = vm["time-limit"].as<std::string>();
    t.duplicate = vm.count("duplicate") > 0;
    t.auto_call_time = vm.count("auto-call-time") > 0;
    t.standings_chart = vm.count("standings") > 0;
    if (vm.count("apart")) t.apart = vm["apart"].as<std::vector<std::string>>();
    t.round = vm["round"].as<int>();
    t.final = vm.count("final") > 0;
    if (t.final) t.final_rule = vm["final"].as<std::string>();
    if (vm.count("tie-breaks")) t.tie_breaks = vm["tie-breaks"].as<std::string>();
    t.table = vm["table"].as<int>();
    if (vm.count("html")) t.html = vm["html"].as<std::string>();
    t.upheld = vm.count("upheld") > 0;
    if (vm.count("correction")) t.correction = vm["correction"].as<std::string>();
    if (vm.count("csv")) t.csv = vm["csv"].as<std::string>();
    if (vm.count("out")) t.out = vm["out"].as<std::string>();
    if (vm.count("record")) t.record = vm["record"].as<std::string>();
    if (vm.count("key")) return usage_error(err, where, cli::secret_on_command_line(judge_key_source(vm), "--key"));
    if (t.round < 0 || t.table < 0 || t.rounds < 0) return usage_error(err, where, "--round, --table and --rounds take 1 or more");
    // Asked for only by the actions that need it, so that standings never prompts.
    if (tournament_action_needs_key(t.action))
      if (Status s = cli::read_secret(judge_key_source(vm), &t.key); !s.is_ok() && !s.is_not_found())
        return usage_error(err, where, s.message());
    return run_tournament(o, t, out, err);
  }
  if (cmd == "autoplay") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    return run_autoplay(o, vm["moves"].as<int>(), vm["seed"].as<std::uint64_t>(), out, err);
  }
  if (cmd == "chances") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    ChancesCommandOptions co;
    co.at = at();
    co.games = vm["games"].as<int>();
    co.seed = vm["seed"].as<std::uint64_t>();
    co.max_moves = vm["max-moves"].as<int>();
    co.threads = vm["threads"].as<int>();
    co.to_end = vm.count("to-end") > 0;
    co.horizon = vm["horizon"].as<int>();
    if (vm.count("model")) co.model_file = vm["model"].as<std::string>();
    if (co.games < 1 || co.games > kMostPlayOuts || co.max_moves < 1 || co.threads < 0 || co.horizon < 0)
      return usage_error(err, where,
                         "--games takes 1 to 1000000, --max-moves 1 or more, --threads (0: one a core) and --horizon 0 or more");
    return run_chances(o, co, out, err);
  }
  if (cmd == "analyse") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    if (vm.count("trade")) {
      if (vm.count("annotate") || !vm["from"].defaulted() || !vm["to"].defaulted())
        return usage_error(err, where, "--trade prices one offer at one position (--at SEQ): not with --from, --to or --annotate");
      // The analysis's targets are not the price's (its changes are sampled to ±0.02, or --games
      // fixes them): given with --trade they would be passed over in silence.
      if (!vm["precision"].defaulted() || !vm["total-precision"].defaulted() || !vm["max-games"].defaulted())
        return usage_error(err, where,
                           "--precision, --total-precision and --max-games are the analysis's: --trade samples each "
                           "change to within 0.02, or takes --games N play-outs a position");
      TradePriceAsk ta;
      ta.offer = vm["trade"].as<std::string>();
      ta.at = at();
      // --games given: exactly that many play-outs a position; left out: as many as the precision needs.
      ta.options.games = vm["games"].defaulted() ? 0 : vm["games"].as<int>();
      ta.options.seed = vm["seed"].as<std::uint64_t>();
      ta.options.threads = vm["threads"].as<int>();
      ta.options.max_moves = vm["max-moves"].as<int>();
      if ((!vm["games"].defaulted() && (ta.options.games < 2 || ta.options.games > kMostPlayOutsAPosition)) ||
          ta.options.max_moves < 1 || ta.options.threads < 0)
        return usage_error(err, where, "--games takes 2 to 100000, --max-moves 1 or more, --threads 0 (one a core) or more");
      return run_trade_price(o, ta, out, err);
    }
    if (!vm["at"].defaulted()) return usage_error(err, where, "--at is the position of --trade's offer; the analysis takes --from and --to");
    AnalyseCommandOptions ao;
    ao.games = vm["games"].as<int>();
    ao.seed = vm["seed"].as<std::uint64_t>();
    ao.threads = vm["threads"].as<int>();
    ao.from = vm["from"].as<std::int64_t>();
    ao.to = vm["to"].as<std::int64_t>();
    ao.max_moves = vm["max-moves"].as<int>();
    if (vm.count("annotate")) ao.annotate = vm["annotate"].as<std::string>();
    // --games N alone asks for N play-outs a position, as it always did; with --precision too
    // (or neither: the default), N is the first batch of the adaptive sampling.
    ao.precision = !vm["games"].defaulted() && vm["precision"].defaulted() ? 0.0 : vm["precision"].as<double>();
    ao.total_precision = vm["total-precision"].as<double>();
    ao.max_games = vm["max-games"].as<int>();
    if (ao.games < 2 || ao.games > kMostPlayOutsAPosition || ao.max_moves < 1 || ao.threads < 0 || ao.from < 0 ||
        ao.to < 0 || !(ao.precision >= 0) || !(ao.total_precision >= 0) || ao.max_games < 0 ||
        ao.max_games > kMostPlayOutsAPosition)
      return usage_error(err, where,
                         "--games takes 2 to 100000, --max-moves 1 or more, --threads 0 (one a core) or more, --from and --to an event's seq, "
                         "--precision and --total-precision 0 or more, --max-games 0 to 100000");
    return run_analyse(o, ao, out, err);
  }
  if (cmd == "train-model") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    TrainModelCommandOptions to;
    if (vm.count("ruleset")) to.ruleset = vm["ruleset"].as<std::string>();
    to.variant = vm["variant"].as<std::string>();
    to.games = vm["games"].as<int>();
    to.seed = vm["seed"].as<std::uint64_t>();
    to.threads = vm["threads"].as<int>();
    if (vm.count("out")) to.out = vm["out"].as<std::string>();
    if (to.ruleset.empty() || to.out.empty()) return usage_error(err, where, "--ruleset R and --out FILE are required");
    if (to.games < 1 || to.games > kMostPlayOuts || to.threads < 0)
      return usage_error(err, where, "--games takes 1 to 1000000, --threads 0 (one a core) or more");
    return run_train_model(o, to, out, err);
  }
  if (cmd == "stats") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    const int skip = vm["skip-throws"].as<int>();
    if (skip < 0) return usage_error(err, where, "--skip-throws takes 0 or more throws");
    return run_stats(o, skip, out, err);
  }
  if (cmd == "status") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    return vm.count("setup") ? run_status_setup(o, at(), out, err) : run_status(o, at(), out, err);
  }
  if (cmd == "table") return want_args(0, "no arguments") ? run_table_command(vm, line, o, out, err) : kExitUsage;
  if (cmd == "moves") return want_args(0, "no arguments") ? run_moves(o, vm["now"].as<std::string>(), out, err) : kExitUsage;
  if (cmd == "settle") return want_args(1, "one player's name") ? run_settle(o, args[0], at(), out, err) : kExitUsage;
  if (cmd == "audit")
    return want_args(1, "one FILE.game, or - for standard input")
               ? run_audit(o, args[0], out, err,
                           vm.count("seed") ? std::optional<std::string>(vm["seed"].as<std::string>()) : std::nullopt)
               : kExitUsage;
  if (cmd == "dispute")
    return want_args(1, "one claim in quotes, e.g. \"Ben claims rent\"") ? run_dispute(o, args[0], at(), out, err) : kExitUsage;
  if (cmd == "explain") {
    if (!want_args(1, "one event number")) return kExitUsage;
    std::int64_t seq = 0;
    try {
      seq = std::stoll(args[0]);
    } catch (...) {
      return usage_error(err, where, "'" + args[0] + "' is not an event number");
    }
    return run_explain(o, seq, out, err);
  }
  if (cmd == "value") return want_args(0, "no arguments") ? run_value(o, at(), out, err) : kExitUsage;
  if (cmd == "log")
    return want_args(0, "no arguments") ? run_log(o, vm["from"].as<std::int64_t>(), vm["to"].as<std::int64_t>(), out, err)
                                        : kExitUsage;
  if (cmd == "copy") {
    if (!want_args(0, "no arguments")) return kExitUsage;
    CopyOptions c;
    if (vm.count("from")) c.from = vm["from"].as<std::string>();
    if (vm.count("to")) c.to = vm["to"].as<std::string>();
    c.game = o.game;
    c.json = o.json;
    return run_copy(c, out, err);
  }
  if (cmd == "verify")
    return want_args(0, "no arguments")
               ? run_verify(o, vm.count("expect-head") ? vm["expect-head"].as<std::string>() : std::string(), out, err,
                            vm.count("seed") ? std::optional<std::string>(vm["seed"].as<std::string>()) : std::nullopt,
                            vm.count("tournament") ? std::optional<std::int64_t>(vm["tournament"].as<std::int64_t>())
                                                   : std::nullopt)
               : kExitUsage;
  if (cmd == "reveal") return want_args(0, "no arguments") ? run_reveal(o, out, err) : kExitUsage;
  return usage_error(err, "referee", "'" + cmd + "' has no handler");  // a command in the table but not here
}

// Reads the line against the global options and those of cmd ("" for none).
bool parse(const cli::ProgramHelp& help, const cli::CommandHelp* command, const Args& line, po::variables_map* vm,
           std::ostream& err) {
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())("args", po::value<Args>());
  po::positional_options_description positional;
  positional.add("command", 1).add("args", -1);
  po::options_description all;
  all.add(*help.global).add(hidden);
  if (command) all.add(*command->options);
  try {
    po::store(po::command_line_parser(line).options(all).positional(positional).run(), *vm);
    po::notify(*vm);
    return true;
  } catch (const std::exception& e) {
    const std::string name = command ? command->name : "";
    err << "referee" << (name.empty() ? "" : " " + name) << ": " << e.what() << " (see 'referee "
        << (name.empty() ? "" : name + " ") << "--help')\n";
    return false;
  }
}

// Another program installed beside this one (found as git finds its helpers, else on the
// PATH), run in this process's place with the words given: `referee replay ...` runs replay, and
// `referee serve ...` runs referee-serve (this program with the HTTP server built in, kept apart
// so that every other command starts without loading it).
int run_program_beside(const std::string& name, const Args& words, std::ostream& out, std::ostream& err) {
  std::error_code failed;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", failed);
  std::string program = failed ? std::string() : (self.parent_path() / name).string();
  if (program.empty() || ::access(program.c_str(), X_OK) != 0) program = name;  // then on the PATH
  Args forwarded = words;
  std::vector<char*> argv;
  argv.push_back(program.data());
  for (std::string& a : forwarded) argv.push_back(a.data());
  argv.push_back(nullptr);
  out.flush();
  ::execvp(program.c_str(), argv.data());
  err << "referee: cannot start " << name << " (" << std::strerror(errno) << "); it is installed beside referee\n";
  return kExitFailure;
}

// referee replay ...: the replay program with the rest of the line, --db and --game included, so
// `referee --db club.db replay` shows a game as `replay --db club.db` does.
int run_replay_program(const Args& line, std::size_t word, std::ostream& out, std::ostream& err) {
  Args forwarded;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (i != word) forwarded.push_back(line[i]);
  return run_program_beside("replay", forwarded, out, err);
}

int run(const cli::ProgramHelp& help, const Args& line, std::ostream& out, std::ostream& err) {
  if (has(line, "--help-man")) {
    out << cli::man_page(help, DEEDLOG_VERSION, today());
    return kExitOk;
  }
  const std::optional<std::size_t> word = cli::command_word(line, help);
  const std::string cmd = word ? line[*word] : "";
  const bool completing = cmd == "__complete";
  if (cmd == "replay") return run_replay_program(line, *word, out, err);
#ifndef DEEDLOG_SERVE_IN_THIS_PROGRAM
  if (cmd == "serve") return run_program_beside("referee-serve", line, out, err);
#endif
  const cli::CommandHelp* command = cli::find_command(help, cmd);
  if (!cmd.empty() && !command && !completing && cmd != "help") return unknown_command(help, cmd, err);
  po::variables_map vm;
  if (!parse(help, cmd == "help" ? nullptr : command, line, &vm, err)) return kExitUsage;
  if (vm.count("version")) {
    out << "referee (deedlog) " << DEEDLOG_VERSION << "\n";
    return kExitOk;
  }
  const Args args = vm.count("args") ? vm["args"].as<Args>() : Args{};
  if (cmd.empty()) {
    (vm.count("help") ? out : err) << cli::program_help_text(help);
    return vm.count("help") ? kExitOk : kExitUsage;
  }
  if (cmd == "help") {
    if (args.empty()) return out << cli::program_help_text(help), kExitOk;
    const cli::CommandHelp* topic = cli::find_command(help, args[0]);
    if (!topic) return unknown_command(help, args[0], err);
    return out << cli::command_help_text(help, *topic), kExitOk;
  }
  if (vm.count("help")) return out << cli::command_help_text(help, *command), kExitOk;
  CommonOptions o;
  o.db = vm["db"].as<std::string>();
  if (vm.count("game")) o.game = vm["game"].as<std::int64_t>();
  o.json = vm.count("json") > 0;
  if (vm.count("ruleset-file")) o.ruleset_file = vm["ruleset-file"].as<std::string>();
  if (vm.count("snapshot-every")) o.snapshot_every = vm["snapshot-every"].as<std::int64_t>();
  if (completing) return complete(help, args, o, out);
  std::error_code ignored;
  const bool journal_existed = std::filesystem::exists(o.db, ignored);
  int code = kExitFailure;
  try {
    code = dispatch(cmd, vm, args, line, o, out, err);
  } catch (const std::exception& e) {
    err << "referee: " << e.what() << "\n";
  }
  if (code != kExitOk) remove_journal_left_empty(o.db, journal_existed);
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  const cli::ProgramHelp help = referee_help();
  const Args line(argv + 1, argv + argc);
  return run_reporting_errors(has(line, "--json"), "referee", std::cout, std::cerr,
                              [&](std::ostream& out, std::ostream& err) { return run(help, line, out, err); });
}
