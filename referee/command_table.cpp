// Each command's help (its options, usage, words and examples) and, beside it, the function that
// reads its options and calls into src/commands; referee_commands() at the end pairs them, one row
// a command.
#include "command_table.h"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/secret_input.h"
#include "commands/analyse_command.h"
#include "commands/chances_command.h"
#include "commands/copy_command.h"
#include "commands/engine_session.h"
#include "commands/games_listing.h"
#include "commands/match_command.h"
#include "commands/play_lines.h"
#include "commands/table_session.h"
#include "commands/tournament_command.h"
#include "commands/trade_price_command.h"
#include "commands/train_model_command.h"
#include "core/exit_code.h"
#include "deedlog/command.h"
#include "serve/serve_command.h"
#include "serve/serve_table.h"

namespace deedlog {
namespace {

namespace po = boost::program_options;
using Options = std::shared_ptr<po::options_description>;

// The most play-outs one may ask for: each is kept until they are summed, so a number beyond
// these would exhaust the memory before it said anything (chances and train-model in all; the
// analysis and the price of a trade a position, where each position's are kept).
constexpr int kMostPlayOuts = 1'000'000;
constexpr int kMostPlayOutsAPosition = 100'000;

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

Options options(const std::string& caption) { return std::make_shared<po::options_description>(caption); }

void add_at(po::options_description& o, const char* what) {
  o.add_options()("at", po::value<std::int64_t>()->default_value(0)->value_name("SEQ"), what);
}

void add_snapshot_every(po::options_description& o) {
  o.add_options()("snapshot-every", po::value<std::int64_t>()->default_value(256)->value_name("N"),
                  "store a snapshot of the position every N events (0: none); a cache, never the truth");
}

// --key KEY, known so that it can be refused with the words saying where a key is given (a key
// on the command line is every account's to read: docs/interface.md, "Keys"), rather than
// taken, or refused as an unknown option.
void add_refused_key(po::options_description& o) {
  o.add_options()("key", po::value<std::string>()->value_name("KEY"),
                  "refused (exit 2): every account can read a command line; give the key with --key-file or the "
                  "environment");
}

void add_ruleset_file(po::options_description& o) {
  o.add_options()("ruleset-file", po::value<std::string>()->value_name("FILE"),
                  "play under your own edition's data file, which may extend a built-in one (docs/editions.md)");
}

Options global_options() {
  Options o = options("Global options");
  o->add_options()("help,h", "this help; with a command, that command's")(
      "version", "print the version and exit")(
      "db", po::value<std::string>()->default_value("deedlog.db")->value_name("FILE"),
      "the journal: an SQLite file, or a PostgreSQL database as a postgresql:// URI; only new, import, play, "
      "simulate, copy and serve create it")(
      "game", po::value<std::int64_t>()->value_name("ID"), "the game (may be left out when the file holds one game)")(
      "json", "print JSON on stdout instead of words, errors too ({\"error\": ...})");
  return o;
}

cli::CommandHelp new_command() {
  Options o = options("Options of new");
  o->add_options()("ruleset", po::value<std::string>()->value_name("R"),
                   "the edition: uk-1972, military, us-standard, us-short, bahamas, computer, regional-currency")(
      "players", po::value<std::string>()->value_name("NAMES"), "the players in seating order, comma separated; the first moves first")(
      "variant", po::value<std::string>()->default_value("")->value_name("V"), "edition options, comma separated (short-game, time-limit)")(
      "house-rules", po::value<std::string>()->default_value("")->value_name("H"),
      "house rules the table plays, comma separated (docs/rules.md, \"House rules\")")(
      "seed", po::value<std::uint64_t>()->value_name("N"), "the referee throws, shuffles and deals from this seed")(
      "sealed", "a sealed game: the referee throws and shuffles from a seed of 256 bits from the operating system, kept "
                "beside the journal where no player reads it; the header holds its SHA-256 (`referee reveal` shows it "
                "once play is over)")(
      "seal-like", po::value<std::int64_t>()->value_name("ID"),
      "sealed with the same seed as game ID (duplicate tables: the same k-th throw, the same card orders)");
  add_ruleset_file(*o);
  return {"new", "start a game; prints its id",
          "new --ruleset R --players \"A, B\" [--variant V] [--house-rules H] [--seed N | --sealed | --seal-like ID] "
          "[--ruleset-file FILE]",
          "The journal is created when missing; a refused start leaves no file behind.",
          {"--db club.db new --ruleset uk-1972 --players \"Ann, Ben, Cat\"",
           "new --ruleset us-short --players \"Ann, Ben\" --seed 7"},
          o};
}

int run_new_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  if ((!vm.count("ruleset") && c.o.ruleset_file.empty()) || !vm.count("players"))
    return c.usage_error("--ruleset (or --ruleset-file) and --players are required");
  NewOptions n;
  if (vm.count("ruleset")) n.ruleset = vm["ruleset"].as<std::string>();
  n.players = vm["players"].as<std::string>();
  n.variant = vm["variant"].as<std::string>();
  n.house_rules = vm["house-rules"].as<std::string>();
  if (vm.count("seed")) n.seed = vm["seed"].as<std::uint64_t>();
  n.sealed = vm.count("sealed") > 0;
  if (vm.count("seal-like")) n.seal_like = vm["seal-like"].as<std::int64_t>();
  if ((n.seed ? 1 : 0) + (n.sealed ? 1 : 0) + (n.seal_like ? 1 : 0) > 1)
    return c.usage_error("one of --seed, --sealed and --seal-like");
  return run_new(c.o, n, c.out, c.err);
}

cli::CommandHelp import_command() {
  Options o = options("Options of import");
  add_ruleset_file(*o);
  add_snapshot_every(*o);
  return {"import", "start a game from a .game file and play every move in order", "import FILE.game|-",
          "The game and its moves are one transaction. A line that does not parse writes nothing (exit 2);\n"
          "the first refused move stops the import, keeping the legal moves before it (exit 3).\n"
          "With --game N the file continues game N: its first moves must be the game's moves, line for\n"
          "line; the moves after them are played. A game holding a move the file does not is refused,\n"
          "nothing written (take the moves back first: Referee takes back N).\n"
          "FILE '-' reads the game from standard input.",
          {"--db club.db import samples/uk-1972/long-game.game", "import - < friday.game",
           "--db club.db import --game 3 friday.game"},
          o};
}

int run_import_line(const CommandCall& c) {
  return c.want_args(1, "one FILE.game, or - for standard input") ? run_import(c.o, c.args[0], c.out, c.err) : kExitUsage;
}

// Every move of the notation, one line each, in the verb list's order, with what it is
// (deedlog/verbs.h: each verb's example and what it says).
std::string moves_help() {
  std::string out;
  for (const Verb v : kVerbsListed) {
    const VerbWords words = verb_words(v);
    // What it is in a column of its own; after a long example, on the next line.
    constexpr std::size_t kColumn = 38;
    std::string line = "  " + std::string(words.example);
    if (line.size() >= kColumn) {
      out += line + "\n";
      line.clear();
    }
    line.resize(kColumn, ' ');
    out += line + std::string(words.says) + "\n";
  }
  return out;
}

cli::CommandHelp play_command() {
  Options o = options("Options of play");
  o->add_options()("dry-run", "rule only; record nothing")(
      "expect-seq", po::value<std::int64_t>()->value_name("SEQ"),
      "record only if the game's last event is still SEQ (else conflict, exit 1, nothing written)");
  add_snapshot_every(*o);
  return {"play", "rule on a move; record it if legal, explain the refusal if not", "play [--dry-run] [--expect-seq SEQ] MOVE|-",
          "MOVE is one line of the notation (docs/notation.md), in quotes: [@TIME] ACTOR VERB ...\n" + moves_help() +
          "As said at the table: Ann throws 3 4 / Ann buys \"King's Cross Station\" / Ann uses a card /\n"
          "  Ann builds houses on Angel, Euston (one move per site) / Ann mortgages \"Park Lane\" and Mayfair /\n"
          "  Ann bids £1,000 / Ben declines (answers an offer) / a card by its printed words.\n"
          "Names match without regard to case; a unique prefix is enough (\"Angel\").\n"
          "The referee works out every sum itself: the notation records what was done and thrown.\n"
          "\n"
          "MOVE '-' reads moves one a line from standard input; blank lines and # comments are skipped.\n"
          "Each is ruled on and recorded before the next is read. The first refused move stops it\n"
          "(exit 3; the moves before it stay recorded), as does a line that does not parse (exit 2).\n"
          "Text: each line is echoed as 'line N: MOVE' before its ruling. JSON: one document a line,\n"
          "as play --json gives, with \"line\" added.",
          {"play \"Ann rolls 3 4\"", "--game 2 play --dry-run \"Ann buys\"", "play --expect-seq 57 \"Ann buys\"",
           "--json play \"Ben claims rent\"", "play - < moves.txt"},
          o};
}

int run_play_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(1, "one move in quotes, e.g. \"Ann rolls 3 4\", or - for moves from standard input")) return kExitUsage;
  const std::optional<std::int64_t> expect_seq =
      vm.count("expect-seq") ? std::optional<std::int64_t>(vm["expect-seq"].as<std::int64_t>()) : std::nullopt;
  if (c.args[0] != "-") return run_play(c.o, c.args[0], vm.count("dry-run") > 0, expect_seq, c.out, c.err);
  if (vm.count("dry-run") || expect_seq)
    return c.usage_error("--dry-run and --expect-seq take one move, not - (each line of - is recorded)");
  return run_play_lines(c.o, std::cin, c.out, c.err);
}

cli::CommandHelp at_command(const std::string& name, const std::string& summary, const std::string& usage,
                            const char* at_what, std::vector<std::string> examples) {
  Options o = options("Options of " + name);
  add_at(*o, at_what);
  return {name, summary, usage, "", std::move(examples), o};
}

cli::CommandHelp status_command() {
  Options o = options("Options of status");
  add_at(*o, "the position after this event (0: now)");
  o->add_options()("setup", "the position as a whole .game text with a [Setup], which imports to the same position");
  return {"status", "the position now, or after event SEQ", "status [--at SEQ] [--setup]",
          "--setup writes the game's tags and the position as a [Setup] (docs/notation.md, \"Setup\"): a new\n"
          "game from the position, like chess's FEN. What a [Setup] cannot state is said on stderr.",
          {"status", "--json status --at 57", "status --setup > from-here.game"}, o};
}

int run_status_line(const CommandCall& c) {
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  return c.vm.count("setup") ? run_status_setup(c.o, c.at(), c.out, c.err) : run_status(c.o, c.at(), c.out, c.err);
}

cli::CommandHelp table_command() {
  Options o = options("Options of table");
  add_snapshot_every(*o);
  o->add_options()("server", po::value<std::string>()->value_name("URL"),
                   "play through a judge's referee serve (http://HOST:PORT) instead of the journal file: the table "
                   "reads only its own game, never the journal, other tables' games or a sealed seed")(
      "key-file", po::value<std::string>()->value_name("FILE"),
      "--server: the table's key, from a file only you can read (mode 0600; or the environment's "
      "DEEDLOG_TABLE_KEY, or typed when asked)");
  add_refused_key(*o);
  return {"table", "a live session at the table: moves one by one, each ruled and recorded",
          "table [--server URL [--key-file FILE]]",
          "From a terminal: the position as the prompt, history, Tab completes names, verbs and squares.\n"
          "  ?      the legal moves now\n"
          "  undo   take back the last move (Referee takes back)\n"
          "  quit   end the session (so does the end of the input)\n"
          "Each legal move is recorded before the next is read; a refusal is explained and the session goes\n"
          "on. From a pipe: no prompt, one answer a line (JSON under --json), as play - but not stopping.\n"
          "With --server URL and --game ID the session is the same, played through referee serve: the\n"
          "server rules and records each move (POST /api/games/ID/moves with the table's key) and says the\n"
          "position; a take-back is the referee's (undo is asked and refused 403 with a table's key). The\n"
          "table's key comes from --key-file FILE (mode 0600, yours), else DEEDLOG_TABLE_KEY, else a prompt\n"
          "that does not echo; never --key (exit 2). Exit 1 when the server refuses the key or cannot be\n"
          "reached (docs/tournaments.md, \"Duplicate rounds from the command line\").",
          {"--db club.db --game 2 table", "table < moves.txt",
           "--game 7 table --server http://judge.club.lan:8080 --key-file ~/table3.key"},
          o};
}

// Where a table's key is taken from (cli/secret_input.h): a file of mode 0600, the environment,
// or a prompt that does not echo; never the command line.
cli::SecretSource table_key_source(const po::variables_map& vm) {
  return {"the table's key", kTableKeyVariable, vm.count("key-file") ? vm["key-file"].as<std::string>() : "",
          "Table's key (not shown): "};
}

// referee table: at the journal file, or with --server through a judge's referee serve (the
// program with the HTTP library in it, as for serve).
int run_table_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  if (vm.count("key")) return c.usage_error(cli::secret_on_command_line(table_key_source(vm), "--key"));
  if (!vm.count("server")) {
    if (vm.count("key-file"))
      return c.usage_error("--key-file is the table's key for --server; a table at the journal needs none");
    return run_table(c.o, std::cin, c.out, c.err);
  }
#ifndef DEEDLOG_SERVE_IN_THIS_PROGRAM
  return run_program_beside("referee-serve", c.line, c.out, c.err);
#else
  if (!kServerTableBuilt) return run_server_table(c.o, ServerTableOptions{}, std::cin, c.out, c.err);
  if (!c.o.game) return c.usage_error("--server needs the game: --game ID (the number the judge gave the table)");
  ServerTableOptions t;
  t.server = vm["server"].as<std::string>();
  if (Status s = cli::read_secret(table_key_source(vm), &t.key); !s.is_ok()) return c.usage_error(s.message());
  return run_server_table(c.o, t, std::cin, c.out, c.err);
#endif
}

cli::CommandHelp moves_command() {
  Options o = options("Options of moves");
  o->add_options()("now", po::value<std::string>()->default_value("")->value_name("TIME"),
                   "the moment asked about (HH:MM:SS or ISO-8601): the computer edition's windows run out by it");
  return {"moves", "every legal move now, in notation", "moves [--now TIME]",
          "What a puzzled player or a bot asks. Moves that take a number or a name are given as a form to fill in.",
          {"moves", "--json moves"}, o};
}

int run_moves_line(const CommandCall& c) {
  return c.want_args(0, "no arguments") ? run_moves(c.o, c.vm["now"].as<std::string>(), c.out, c.err) : kExitUsage;
}

cli::CommandHelp stats_command() {
  Options o = options("Options of stats");
  o->add_options()("skip-throws", po::value<int>()->default_value(0)->value_name("K"),
                   "leave out each token's first K throws of each game (the published tables assume a token "
                   "already in play)");
  return {"stats", "over every game in the file: where throws end, game lengths, wins by seat", "stats [--skip-throws K]",
          "Says which jail strategy the games' players followed (simulate --jail-strategy writes it).",
          {"--db sims.db stats", "--db sims.db --json stats --skip-throws 10"}, o};
}

int run_stats_line(const CommandCall& c) {
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  const int skip = c.vm["skip-throws"].as<int>();
  if (skip < 0) return c.usage_error("--skip-throws takes 0 or more throws");
  return run_stats(c.o, skip, c.out, c.err);
}

cli::CommandHelp log_command() {
  Options o = options("Options of log");
  o->add_options()("from", po::value<std::int64_t>()->default_value(1)->value_name("SEQ"), "the first event")(
      "to", po::value<std::int64_t>()->default_value(0)->value_name("SEQ"), "the last event (0: the end)");
  return {"log", "the journal, event by event", "log [--from SEQ] [--to SEQ]", "", {"log --from 40 --to 60", "--json log"}, o};
}

int run_log_line(const CommandCall& c) {
  return c.want_args(0, "no arguments")
             ? run_log(c.o, c.vm["from"].as<std::int64_t>(), c.vm["to"].as<std::int64_t>(), c.out, c.err)
             : kExitUsage;
}

cli::CommandHelp verify_command() {
  Options o = options("Options of verify");
  o->add_options()("expect-head", po::value<std::string>()->value_name("HASH"),
                   "fail unless the game's (or the tournament's) chain holds and contains HASH (12 to 64 hex digits, "
                   "as status, tournament new and tournament standings print it)")(
      "seed", po::value<std::string>()->value_name("HEX"),
      "a sealed game's revealed seed: check its dice and cards against it (and it against the header's commitment)")(
      "tournament", po::value<std::int64_t>()->value_name("ID"),
      "check this tournament's records instead of games: their chain, and that they agree with the settings, "
      "each other and the games they name");
  return {"verify", "check the hash chain and decide every recorded move again",
          "verify [--expect-head HASH] [--seed HEX] [--tournament ID]",
          "Every game and every tournament of the file, or the game given with --game, or the tournament given with "
          "--tournament. Exit 1 when a chain is broken, a record disagrees, or the hash expected is not in the chain.",
          {"--db club.db verify", "--game 2 verify --expect-head 13f8989b1ca4",
           "--db club.db verify --tournament 1 --expect-head 5e0c1d9a7b42"},
          o};
}

int run_verify_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  return run_verify(c.o, vm.count("expect-head") ? vm["expect-head"].as<std::string>() : std::string(), c.out, c.err,
                    vm.count("seed") ? std::optional<std::string>(vm["seed"].as<std::string>()) : std::nullopt,
                    vm.count("tournament") ? std::optional<std::int64_t>(vm["tournament"].as<std::int64_t>())
                                           : std::nullopt);
}

cli::CommandHelp dispute_command() {
  cli::CommandHelp c = at_command("dispute", "rule on a claim: rent, salary, a fine, a build, a card, who wins",
                                  "dispute CLAIM [--at SEQ]", "rule on the position after this event (0: now)",
                                  {"dispute \"Ben claims rent\" --at 41"});
  c.description =
      "A sealed game's throw (JSON \"sealed_chance\"): the move the journal records next is ruled with the\n"
      "dice and cards it recorded (\"recorded\"); another throw with the revealed seed's (\"seed\"), or,\n"
      "before the reveal, on whether it is allowed alone, its dice not shown (\"withheld\"). Dice written in\n"
      "(\"Ann rolls 3 4\") are refused, rule referee/sealed-dice.";
  return c;
}

int run_dispute_line(const CommandCall& c) {
  return c.want_args(1, "one claim in quotes, e.g. \"Ben claims rent\"") ? run_dispute(c.o, c.args[0], c.at(), c.out, c.err)
                                                                         : kExitUsage;
}

cli::CommandHelp audit_command() {
  Options o = options("Options of audit");
  o->add_options()("seed", po::value<std::string>()->value_name("HEX"),
                   "a sealed game's revealed seed: check the file's dice and cards against it (it must match the "
                   "file's [Sealed] commitment, else exit 2)");
  return {"audit", "every breach of the rules in a game played at the table", "audit [--seed HEX] FILE.game|-",
          "Exit 3 when any breach is found, 0 for a clean game. FILE '-' reads standard input.\n"
          "A sealed game's file ([Sealed \"...\"]): without --seed, a throw written with its dice (\"Ann rolls 3 4\")\n"
          "is taken as the referee threw it and its cards as written; a throw written without dice cannot be\n"
          "checked, and the audit stops there (exit 1 when nothing before it is a breach; JSON \"complete\":\n"
          "false, \"unchecked\"). With --seed, every throw and card is checked against the seed: one that is not\n"
          "the seed's is a breach (kind \"chance\", rule referee/sealed-dice) and the referee plays the seed's.",
          {"audit table-game.game", "--json audit - < table-game.game", "audit --seed HEX duplicate-table.game"}, o};
}

int run_audit_line(const CommandCall& c) {
  if (!c.want_args(1, "one FILE.game, or - for standard input")) return kExitUsage;
  return run_audit(c.o, c.args[0], c.out, c.err,
                   c.vm.count("seed") ? std::optional<std::string>(c.vm["seed"].as<std::string>()) : std::nullopt);
}

cli::CommandHelp reveal_command() {
  Options o = options("Options of reveal");
  return {"reveal", "a sealed game's seed, once play is over",
          "reveal",
          "Prints the seed a sealed game's dice and cards came from, and its commitment (the SHA-256 the header\n"
          "holds), once every game sealed with that seed is over or has had time called; before that, exit 3\n"
          "(rule referee/reveal-after-play). The seed is then marked revealed: verify checks the games against it.\n"
          "--json: {\"game\", \"games\", \"seed\", \"commitment\"}.",
          {"--db club.db --game 4 reveal", "--json --game 4 reveal"}, o};
}

int run_reveal_line(const CommandCall& c) {
  return c.want_args(0, "no arguments") ? run_reveal(c.o, c.out, c.err) : kExitUsage;
}

cli::CommandHelp copy_command() {
  Options o = options("Options of copy");
  o->add_options()("from", po::value<std::string>()->value_name("JOURNAL"), "the journal to copy from (read only)")(
      "to", po::value<std::string>()->value_name("JOURNAL"), "the journal to copy to (created when missing)");
  return {"copy", "copy games between journals (SQLite files, PostgreSQL databases), verified on arrival",
          "copy --from JOURNAL --to JOURNAL [--game ID]",
          "Every game, or the one given with --game, with its id, header and hashes. A journal is a file or a\n"
          "postgresql:// URI. Refused, writing nothing, when the destination already holds one of the game ids.",
          {"copy --from club.db --to postgresql:///club", "copy --from postgresql:///club --to backup.db --game 3"},
          o};
}

int run_copy_line(const CommandCall& c) {
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  CopyOptions copy;
  if (c.vm.count("from")) copy.from = c.vm["from"].as<std::string>();
  if (c.vm.count("to")) copy.to = c.vm["to"].as<std::string>();
  copy.game = c.o.game;
  copy.json = c.o.json;
  return run_copy(copy, c.out, c.err);
}

cli::CommandHelp simulate_command() {
  Options o = options("Options of simulate");
  o->add_options()("ruleset", po::value<std::string>()->default_value("uk-1972")->value_name("R"), "the edition")(
      "games", po::value<int>()->default_value(1)->value_name("N"), "how many games")(
      "seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"), "the seed: the same seed gives the same games")(
      "players", po::value<int>()->default_value(4)->value_name("K"), "players a game (2 to 8)")(
      "max-moves", po::value<int>()->default_value(4000)->value_name("M"), "stop a game after this many moves")(
      "variant", po::value<std::string>()->default_value("")->value_name("V"), "edition options, comma separated")(
      "no-journal", "play in memory only; write nothing")(
      "cash", po::value<std::int64_t>()->default_value(0)->value_name("N"), "every player starts with this much (long games)")(
      "jail-strategy", po::value<std::string>()->default_value("mixed")->value_name("S"),
      "mixed, short (leave jail at once: card or fine) or long (throw for doubles until the third turn)")(
      "threads", po::value<int>()->default_value(0)->value_name("T"),
      "games played at once (0: one a core); the games are the same for any number");
  add_snapshot_every(*o);
  return {"simulate", "seeded computer players play whole games",
          "simulate [--ruleset R] [--games N] [--seed S] [--players K] [--max-moves M] [--no-journal] [--cash N]",
          "The games are written to the journal as a human game would be (verify decides them again). The games "
          "finished so far are committed together, in one transaction synced to disk (group commit); a game is "
          "reported, and counted, only once its transaction has committed, so none is reported before it is durable.",
          {"--db sims.db simulate --ruleset uk-1972 --games 1000 --seed 7 --players 4",
           "simulate --games 300 --seed 3 --no-journal"},
          o};
}

int run_simulate_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
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
  if (so.games < 0 || so.max_moves < 1) return c.usage_error("--games must be 0 or more and --max-moves at least 1");
  if (so.threads < 0) return c.usage_error("--threads must be 0 (one a core) or more");
  return run_simulate(c.o, so, c.out, c.err);
}

cli::CommandHelp engine_command() {
  Options o = options("Options of engine");
  add_ruleset_file(*o);
  return {"engine", "a long-running engine for programs: JSON lines on stdin and stdout", "engine [--db FILE]",
          "One JSON request a line in, one answer a line out, in order (docs/engine-protocol.md):\n"
          "  {\"cmd\": \"new\", \"ruleset\": \"uk-1972\", \"players\": [\"Ann\", \"Ben\"], \"seed\": 7}   -> {\"ok\": true, \"game\": 1}\n"
          "  {\"cmd\": \"moves\"}  {\"cmd\": \"play\", \"move\": \"Ann rolls\", \"expect_seq\": 12}\n"
          "  {\"cmd\": \"status\"}  {\"cmd\": \"value\"}  {\"cmd\": \"quit\"}\n"
          "moves, play, status and value answer as the commands' --json; \"game\" picks a game (default:\n"
          "the last one started), \"id\" is echoed. A bad request is {\"ok\": false, \"error\": ...} and\n"
          "the engine goes on. Games are kept in memory unless --db is given, then in that journal.\n"
          "With --ruleset-file, a new game that names no \"ruleset\" is of that edition.",
          {"engine", "--db club.db engine < requests.jsonl"},
          o};
}

int run_engine_line(const CommandCall& c) {
  return c.want_args(0, "no arguments") ? run_engine(c.o, !c.vm["db"].defaulted(), std::cin, c.out, c.err) : kExitUsage;
}

cli::CommandHelp serve_command() {
  Options o = options("Options of serve");
  o->add_options()("listen", po::value<std::string>()->value_name("HOST:PORT"),
                   "the address to serve on, e.g. 127.0.0.1:8080 (port 0: any free port, printed)")(
      "rate", po::value<double>()->default_value(20)->value_name("N"),
      "requests a second each client address may make on average (bursts of twice that); more get 429")(
      "keys", po::value<std::string>()->value_name("FILE"),
      "a file for the games' hashed write keys (default: a table in a PostgreSQL journal's database, "
      "or the SQLite file's name + .keys)")(
      "analysis-games", po::value<int>()->default_value(24)->value_name("N"),
      "GET /api/games/ID/analysis computes an analysis not kept in the background, one game at a time on one "
      "thread, with N play-outs a position (0: none computed, only a kept one served)")(
      "price-games", po::value<int>()->default_value(0)->value_name("N"),
      "POST /api/games/ID/price plays N play-outs a position (0: as many as the price's precision needs; "
      "docs/trade-price.md)");
  add_snapshot_every(*o);
  add_ruleset_file(*o);
  return {"serve", "the HTTP server for clubs: the API, live updates and a web page", "serve --listen HOST:PORT [--rate N] [--keys FILE]",
          "Over the same journal as the other commands (docs/serve.md):\n"
          "  POST /api/games {ruleset, players, variant?, seed?}  -> 201 {\"game\": ID, \"key\": KEY}\n"
          "  POST /api/games/ID/moves {move, expect_seq?}  (Authorization: Bearer KEY) -> as play --json\n"
          "  POST /api/games/ID/price {offer}  (Authorization: Bearer KEY) -> as analyse --trade OFFER --json\n"
          "  GET /api/games/ID, /moves, /events?from=SEQ, /stream (server-sent events), /analysis, and / (the page).\n"
          "Stops on Ctrl-C or SIGTERM.",
          {"--db club.db serve --listen 127.0.0.1:8080", "serve --listen 0.0.0.0:8080 --rate 5"},
          o};
}

#ifdef DEEDLOG_SERVE_IN_THIS_PROGRAM
int run_serve_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  if (!vm.count("listen")) return c.usage_error("--listen HOST:PORT is required (e.g. 127.0.0.1:8080)");
  ServeOptions so;
  so.listen = vm["listen"].as<std::string>();
  so.rate = vm["rate"].as<double>();
  if (vm.count("keys")) so.keys = vm["keys"].as<std::string>();
  so.analysis_games = vm["analysis-games"].as<int>();
  so.price_games = vm["price-games"].as<int>();
  return run_serve(c.o, so, c.out, c.err);
}
#else
// referee serve ...: referee-serve, this program with the HTTP server built in (kept apart so that
// every other command starts without loading it), with the whole line.
int hand_over_to_serve(const Args& line, std::size_t, std::ostream& out, std::ostream& err) {
  return run_program_beside("referee-serve", line, out, err);
}
#endif

cli::CommandHelp match_command() {
  Options o = options("Options of match");
  o->add_options()("ruleset", po::value<std::string>()->default_value("uk-1972")->value_name("R"), "the edition")(
      "games", po::value<int>()->default_value(2)->value_name("N"), "how many games (a multiple of the bots' number pairs every seed fully)")(
      "seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"), "the seed: the same seed deals the same luck")(
      "player", po::value<std::vector<std::string>>()->composing()->value_name("NAME=PROGRAM"),
      "a bot, one seat each (2 or more): PROGRAM is builtin, random, analyst (the analysis's best move at each decision), or a command line speaking the bot protocol")(
      "max-moves", po::value<int>()->default_value(4000)->value_name("M"), "a game still going after this many moves is unfinished")(
      "move-time", po::value<double>()->default_value(5.0)->value_name("SECONDS"),
      "the time a program has for each decision; one that takes longer is stopped and loses the game")(
      "call-time-after", po::value<int>()->default_value(400)->value_name("M"),
      "a short game (us-short, or the short-game variant): the referee calls time after M moves and the richest wins")(
      "variant", po::value<std::string>()->default_value("")->value_name("V"), "edition options, comma separated");
  add_snapshot_every(*o);
  return {"match", "bots play each other: wins, a 95% interval and a rating per bot",
          "match [--ruleset R] --games N [--seed S] --player NAME=PROGRAM --player NAME=PROGRAM ... [--move-time SECONDS]",
          "Each seed is played once per rotation of the seats, so every bot meets the same dice and cards\n"
          "from every seat. A program is started once; for each decision it reads one JSON line\n"
          "{\"you\", \"position\", \"moves\", \"forms\"} and answers {\"move\": \"...\"} (docs/engine-protocol.md).\n"
          "A refused move, a program that exits, or one slower than --move-time loses that game.\n"
          "The games are journalled only when --db is given (then verify, replay and dispute read them).",
          {"match --games 1000 --seed 7 --player Ann=builtin --player Ben=random",
           "match --games 20 --player Ann=builtin --player Py='python3 examples/bots/random_bot.py'",
           "--db match.db --json match --games 10 --player A=builtin --player B=builtin"},
          o};
}

int run_match_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
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
  return run_match(c.o, mo, c.out, c.err);
}

cli::CommandHelp chances_command() {
  Options o = options("Options of chances");
  add_at(*o, "the position after this event (0: now)");
  o->add_options()("games", po::value<int>()->default_value(1000)->value_name("N"), "how many play-outs")(
      "seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"),
      "the seed: the same seed gives the same answer, on any number of cores")(
      "max-moves", po::value<int>()->default_value(4000)->value_name("M"),
      "a play-out still going after this many moves counts as unfinished")(
      "threads", po::value<int>()->default_value(0)->value_name("T"), "play-outs played at once (0: one a core)")(
      "to-end", "play every play-out to the game's end (or --max-moves), not to the horizon")(
      "horizon", po::value<int>()->default_value(0)->value_name("N"),
      "stop each play-out after N moves and score it by the model (0: the analysis's horizon)")(
      "model", po::value<std::string>()->value_name("FILE"),
      "score by this model file (made by train-model) instead of the edition's shipped one");
  return {"chances", "each player's chance to win from here, by seeded play-outs on every core",
          "chances [--at SEQ] [--games N] [--seed S] [--max-moves M] [--threads T] [--to-end | --horizon N] [--model FILE]",
          "The built-in players play the game out N times from the position, each play-out with its own dice\n"
          "from the seed and its index. As the analysis does, each play-out stops after the horizon (48 moves)\n"
          "and is scored by the edition's evaluation model (docs/evaluation-model.md); a user's own edition has\n"
          "no model, and --to-end asks for none: those play out to the end. A player's win share is the mean of\n"
          "his part of each play-out, with its 95% interval; wins counts the play-outs he won outright, before\n"
          "the horizon. The share of play-outs still going at the move limit is given too, and, in a time-limit\n"
          "game, who leads were time called now. JSON: {\"players\": [{\"name\", \"wins\", \"win\", \"low\",\n"
          "\"high\"}], \"horizon\", \"model\", \"scored\", \"unfinished\", \"unfinished_share\", \"seconds\",\n"
          "\"time_called_now\"?}.",
          {"--db club.db chances --games 10000 --seed 7", "--json chances --at 400 --games 2000"},
          o};
}

int run_chances_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  ChancesCommandOptions co;
  co.at = c.at();
  co.games = vm["games"].as<int>();
  co.seed = vm["seed"].as<std::uint64_t>();
  co.max_moves = vm["max-moves"].as<int>();
  co.threads = vm["threads"].as<int>();
  co.to_end = vm.count("to-end") > 0;
  co.horizon = vm["horizon"].as<int>();
  if (vm.count("model")) co.model_file = vm["model"].as<std::string>();
  if (co.games < 1 || co.games > kMostPlayOuts || co.max_moves < 1 || co.threads < 0 || co.horizon < 0)
    return c.usage_error("--games takes 1 to 1000000, --max-moves 1 or more, --threads (0: one a core) and --horizon 0 or more");
  return run_chances(c.o, co, c.out, c.err);
}

cli::CommandHelp train_model_command() {
  Options o = options("Options of train-model");
  o->add_options()("ruleset", po::value<std::string>()->value_name("R"), "the built-in edition")(
      "variant", po::value<std::string>()->default_value("")->value_name("V"),
      "plain, or short-game (time-limit is fitted as the short game); us-short is always a short game")(
      "games", po::value<int>()->default_value(2000)->value_name("N"), "self-play games")(
      "seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"), "the seed: the same seed, the same file")(
      "threads", po::value<int>()->default_value(0)->value_name("T"),
      "games played at once (0: one a core); the file is the same for any number")(
      "out", po::value<std::string>()->value_name("FILE"), "the model file to write (whole, or not at all)");
  return {"train-model", "fit an evaluation model from self-play: the figures play-outs are scored by",
          "train-model --ruleset R [--variant V] --games N --seed S --out FILE",
          "The play-outs' own players play N games; positions along each, labelled with the game's winner, fit\n"
          "a conditional logit by maximum likelihood (docs/evaluation-model.md). The same options write the same\n"
          "file, byte for byte; scripts/train-models.sh retrains every model shipped in data/models/.",
          {"train-model --ruleset uk-1972 --games 20000 --seed 1 --out data/models/uk-1972.model",
           "train-model --ruleset military --variant short-game --games 20000 --seed 1 --out my.model"},
          o};
}

int run_train_model_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  TrainModelCommandOptions to;
  if (vm.count("ruleset")) to.ruleset = vm["ruleset"].as<std::string>();
  to.variant = vm["variant"].as<std::string>();
  to.games = vm["games"].as<int>();
  to.seed = vm["seed"].as<std::uint64_t>();
  to.threads = vm["threads"].as<int>();
  if (vm.count("out")) to.out = vm["out"].as<std::string>();
  if (to.ruleset.empty() || to.out.empty()) return c.usage_error("--ruleset R and --out FILE are required");
  if (to.games < 1 || to.games > kMostPlayOuts || to.threads < 0)
    return c.usage_error("--games takes 1 to 1000000, --threads 0 (one a core) or more");
  return run_train_model(c.o, to, c.out, c.err);
}

cli::CommandHelp tournament_command() {
  Options o = options("Options of tournament");
  o->add_options()("tournament", po::value<std::int64_t>()->value_name("ID"),
                   "the tournament (default: the journal's last)")(
      "name", po::value<std::string>()->value_name("NAME"), "new: the tournament's name (each game's [Event])")(
      "players", po::value<std::string>()->value_name("NAMES"), "new: the entrants, comma separated")(
      "rounds", po::value<int>()->default_value(0)->value_name("R"), "new: how many rounds")(
      "table-size", po::value<int>()->default_value(4)->value_name("K"), "new: players a table (smaller tables only where the numbers force it)")(
      "ruleset", po::value<std::string>()->default_value("uk-1972")->value_name("R"), "new: the games' edition")(
      "variant", po::value<std::string>()->default_value("")->value_name("V"),
      "new: the games' variants (time-limit is added unless short-game is given; finish-round for championship play)")(
      "time-limit", po::value<std::string>()->default_value("")->value_name("T"), "new: each game's [TimeLimit], e.g. 90m")(
      "duplicate", "new: every round a duplicate round (each seat's dice and the cards the same at every table); "
      "seat: this round duplicate")(
      "auto-call-time", "new: referee serve calls time in a round when its --time-limit runs out (counted from its "
      "seating), and warns its tables 10 and 1 minutes before")(
      "apart", po::value<std::vector<std::string>>()->composing()->value_name("\"A, B\""),
      "new: two entrants never seated at one table (siblings, partners); once a pair")(
      "tie-breaks", po::value<std::string>()->value_name("LIST"),
      "new: the tie-breaks after points, in order, from share, head-to-head, opponents, entry, net-worth (default: "
      "\"share, head-to-head, opponents, entry\")")(
      "round", po::value<int>()->default_value(0)->value_name("N"), "seat, call-time, sheet, print: the round")(
      "final", po::value<std::string>()->implicit_value("")->value_name("crowns|points"),
      "seat (no value): a final table of the leaders in the standings, after the rounds; new: what the final decides, "
      "crowns (its winner is champion, the default) or points (it adds a round of points)")(
      "standings", "print: the standings as a wall chart (instead of --round N)")(
      "table", po::value<int>()->default_value(0)->value_name("T"), "sheet: the table")(
      "html", po::value<std::string>()->value_name("FILE"), "sheet, print: the page to write")(
      "upheld", "appeal: the Head Judge upholds the claim (its correction is played into the game)")(
      "correction", po::value<std::string>()->value_name("MOVE"),
      "appeal: the correction to record when upheld (default: the claim itself, a referee's move)")(
      "csv", po::value<std::string>()->value_name("WHAT"), "export: standings or results, as CSV")(
      "out", po::value<std::string>()->value_name("FILE"),
      "export --csv: the file to write (new, mode 0600; standard output without it)")(
      "record", po::value<std::string>()->value_name("FILE"),
      "export: the whole event as one open record (JSON, docs/tournament-record.md), a new file of mode 0600")(
      "key-file", po::value<std::string>()->value_name("FILE"),
      "the Head Judge's key, which every command that writes needs, from a file only you can read (mode 0600; or "
      "the environment's DEEDLOG_JUDGE_KEY, or typed when asked)");
  add_refused_key(*o);
  return {"tournament", "a tournament: seating, time called, standings, score sheets and appeals",
          "tournament " + tournament_action_names("|") + " [OPTIONS]",
          tournament_actions_help() +
          "Points by place: 6 to the first, 0 to the last, evenly between (a table of 4: 6, 4, 2, 0; of 3: 6, 3, 0),\n"
          "so every table's places are worth 3 points on average. A bankrupt player is placed below those still\n"
          "in, by the order of going out; the others by net worth when time was called (equal worth shares the\n"
          "places' points). Standings: points, then the tie-breaks new chose (default: share of the table's net\n"
          "worth, head to head, opponents' points, order of entry; a tournament made before they could be chosen:\n"
          "total net worth, head to head, order of entry). After a final under crowns (the default) its winner is\n"
          "champion and the finalists come first, by their place in it; under points it adds a round of points.\n"
          "docs/tournaments.md states each tie-break's formula.\n"
          "Every command but " + tournament_actions_without_key() + " needs the Head Judge's key: from\n"
          "--key-file FILE (a file of mode 0600, yours), else DEEDLOG_JUDGE_KEY, else typed at a prompt that does\n"
          "not echo (standard input a terminal); missing, exit 2; wrong, exit 1, nothing written. A key on the\n"
          "command line (--key KEY) is refused, exit 2: every account can read a command line. A head kept (new's,\n"
          "standings', sheet's, log's) is checked with: referee verify --tournament ID --expect-head HASH.\n"
          "docs/tournaments.md says how an event is run.",
          {"--db club.db tournament new --name \"Club Open\" --players \"Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal\" --rounds 3 --time-limit 90m",
           "--db club.db tournament seat --round 1 --key-file ~/.deedlog/judge.key", "--db club.db tournament call-time --round 1",
           "--db club.db --json tournament standings",
           "--db club.db tournament sheet --round 1 --table 2 --html r1t2.html",
           "--db club.db tournament print --round 2 --html round2.html --key-file ~/.deedlog/judge.key",
           "--db club.db tournament export --csv standings --out standings.csv",
           "--db club.db tournament export --record club-open.json", "--db club.db tournament check club-open.json",
           "--db club.db --game 7 tournament appeal \"Ben was not paid rent\" --upheld --correction 'Referee awards Ben 26 from Ann for \"rent\"'"},
          o};
}

// Where the Head Judge's key is taken from (cli/secret_input.h), as the table's is.
cli::SecretSource judge_key_source(const po::variables_map& vm) {
  return {"the Head Judge's key", kJudgeKeyVariable, vm.count("key-file") ? vm["key-file"].as<std::string>() : "",
          "Head Judge's key (not shown): "};
}

// The action (the first word) and its words are the tournament's own table's to read
// (commands/tournament_command.cpp).
int run_tournament_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  TournamentOptions t;
  if (!c.args.empty()) t.action = c.args[0];
  t.words.assign(c.args.begin() + (c.args.empty() ? 0 : 1), c.args.end());
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
  if (vm.count("key")) return c.usage_error(cli::secret_on_command_line(judge_key_source(vm), "--key"));
  if (t.round < 0 || t.table < 0 || t.rounds < 0) return c.usage_error("--round, --table and --rounds take 1 or more");
  // Asked for only by the actions that need it, so that standings never prompts.
  if (tournament_action_needs_key(t.action))
    if (Status s = cli::read_secret(judge_key_source(vm), &t.key); !s.is_ok() && !s.is_not_found())
      return c.usage_error(s.message());
  return run_tournament(c.o, t, c.out, c.err);
}

cli::CommandHelp autoplay_command() {
  Options o = options("Options of autoplay");
  o->add_options()("moves", po::value<int>()->default_value(0)->value_name("K"), "play K moves (0: to the game's end)")(
      "seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"),
      "the built-in players' own choices and, in a game not seeded, their dice");
  add_snapshot_every(*o);
  return {"autoplay", "the built-in players play a game on: K moves, or to its end", "autoplay [--moves K] [--seed S]",
          "Every move is ruled and recorded as if typed. For tests, and for a table that must leave.",
          {"--db club.db --game 3 autoplay --moves 40 --seed 7", "--game 3 autoplay"},
          o};
}

int run_autoplay_line(const CommandCall& c) {
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  return run_autoplay(c.o, c.vm["moves"].as<int>(), c.vm["seed"].as<std::uint64_t>(), c.out, c.err);
}

cli::CommandHelp analyse_command() {
  Options o = options("Options of analyse");
  o->add_options()("games", po::value<int>()->default_value(100)->value_name("N"),
                   "play-outs of each position or alternative in the first batch (with --precision 0: the only one)")(
      "precision", po::value<double>()->default_value(0.02)->value_name("P"),
      "sample until each luck and error interval is at most +/-P (0: one batch of --games)")(
      "total-precision", po::value<double>()->default_value(0.05)->value_name("P"),
      "sample until each player's total luck interval is at most +/-P")(
      "max-games", po::value<int>()->default_value(2000)->value_name("C"),
      "at most C play-outs of each position or alternative (a target not reached is reported)")(
      "seed", po::value<std::uint64_t>()->default_value(1)->value_name("S"),
      "the seed: the same seed gives the same analysis, on any number of cores")(
      "threads", po::value<int>()->default_value(0)->value_name("T"), "play-outs played at once (0: one a core)")(
      "from", po::value<std::int64_t>()->default_value(0)->value_name("SEQ"), "analyse the moves from this event")(
      "to", po::value<std::int64_t>()->default_value(0)->value_name("SEQ"), "analyse the moves up to this event (0: the end)")(
      "max-moves", po::value<int>()->default_value(4000)->value_name("M"),
      "a play-out still going after this many moves counts as unfinished")(
      "annotate", po::value<std::string>()->value_name("FILE"),
      "also write the game as a .game file with the analysis and the marks (?!, ?, ?\?) in comments after the moves")(
      "trade", po::value<std::string>()->value_name("OFFER"),
      "the price of a trade instead (docs/trade-price.md): each player's win share before the offer and after it is "
      "accepted, and the fair cash in place of the offer's; --games N fixes the play-outs a position (else sampled "
      "until each change is within 0.02)");
  add_at(*o, "with --trade: the position after this event (0: the game's last)");
  return {"analyse", "luck and skill, move by move: win chances, the luck of each throw and card, the error of each decision",
          "analyse [--precision P] [--total-precision P] [--games N] [--max-games C] [--seed S] [--threads T] [--from SEQ] "
          "[--to SEQ] [--annotate FILE] | analyse --trade OFFER [--at SEQ]",
          "Each position is played out by the built-in players, with their own dice and the cards nobody\n"
          "has seen in an order of their own, in batches until every interval reaches its target. A throw's or card's luck is the mover's win share after\n"
          "it minus the average over what could have come; a decision's error is the win share lost against\n"
          "the best alternative, marked doubtful (2%), bad (4%) or very bad (8%) by its interval's lower end, or\n"
          "uncertain where the play-outs cannot tell the alternatives apart (docs/analysis.md). JSON: {\"players\": [{\"name\",\n"
          "\"luck\", \"decisions\", \"error_rate\", \"marks\", \"rating\"}], \"moves\": [{\"seq\", \"move\",\n"
          "\"player\", \"win\", \"luck\"?, \"error\"?, \"mark\"?, \"best\"?}], \"games\", \"seed\", \"head\"}.\n"
          "The analysis is kept beside the journal for the game's head (docs/analysis-views.md), where\n"
          "replay --html and --plot and the server's page show it; a new move makes it stale.",
          {"--db club.db analyse", "--json analyse --games 400 --seed 7 --from 100 --to 300",
           "analyse --trade \"Ann offers Ben: 200 for Mayfair\" --at 57"},
          o};
}

int run_trade_price_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (vm.count("annotate") || !vm["from"].defaulted() || !vm["to"].defaulted())
    return c.usage_error("--trade prices one offer at one position (--at SEQ): not with --from, --to or --annotate");
  // The analysis's targets are not the price's (its changes are sampled to ±0.02, or --games
  // fixes them): given with --trade they would be passed over in silence.
  if (!vm["precision"].defaulted() || !vm["total-precision"].defaulted() || !vm["max-games"].defaulted())
    return c.usage_error(
        "--precision, --total-precision and --max-games are the analysis's: --trade samples each "
        "change to within 0.02, or takes --games N play-outs a position");
  TradePriceAsk ta;
  ta.offer = vm["trade"].as<std::string>();
  ta.at = c.at();
  // --games given: exactly that many play-outs a position; left out: as many as the precision needs.
  ta.options.games = vm["games"].defaulted() ? 0 : vm["games"].as<int>();
  ta.options.seed = vm["seed"].as<std::uint64_t>();
  ta.options.threads = vm["threads"].as<int>();
  ta.options.max_moves = vm["max-moves"].as<int>();
  if ((!vm["games"].defaulted() && (ta.options.games < 2 || ta.options.games > kMostPlayOutsAPosition)) ||
      ta.options.max_moves < 1 || ta.options.threads < 0)
    return c.usage_error("--games takes 2 to 100000, --max-moves 1 or more, --threads 0 (one a core) or more");
  return run_trade_price(c.o, ta, c.out, c.err);
}

int run_analyse_line(const CommandCall& c) {
  const po::variables_map& vm = c.vm;
  if (!c.want_args(0, "no arguments")) return kExitUsage;
  if (vm.count("trade")) return run_trade_price_line(c);
  if (!vm["at"].defaulted()) return c.usage_error("--at is the position of --trade's offer; the analysis takes --from and --to");
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
    return c.usage_error(
        "--games takes 2 to 100000, --max-moves 1 or more, --threads 0 (one a core) or more, --from and --to an event's seq, "
        "--precision and --total-precision 0 or more, --max-games 0 to 100000");
  return run_analyse(c.o, ao, c.out, c.err);
}

cli::CommandHelp plain_command(const std::string& name, const std::string& summary, const std::string& usage,
                               const std::string& description, std::vector<std::string> examples) {
  return {name, summary, usage, description, std::move(examples), options("Options of " + name)};
}

// referee replay ...: the replay program with the rest of the line, --db and --game included, so
// `referee --db club.db replay` shows a game as `replay --db club.db` does.
int hand_over_to_replay(const Args& line, std::size_t word, std::ostream& out, std::ostream& err) {
  Args forwarded;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (i != word) forwarded.push_back(line[i]);
  return run_program_beside("replay", forwarded, out, err);
}

// referee explain SEQ: the event's number read here, a word that is none refused as usage.
int run_explain_line(const CommandCall& c) {
  if (!c.want_args(1, "one event number")) return kExitUsage;
  std::int64_t seq = 0;
  try {
    seq = std::stoll(c.args[0]);
  } catch (...) {
    return c.usage_error("'" + c.args[0] + "' is not an event number");
  }
  return run_explain(c.o, seq, c.out, c.err);
}

// referee help [COMMAND]: the list of commands, or one command's help.
int run_help_line(const CommandCall& c) {
  if (c.args.empty()) return c.out << cli::program_help_text(c.program), kExitOk;
  const cli::CommandHelp* topic = cli::find_command(c.program, c.args[0]);
  if (!topic) return unknown_command(c.program, c.args[0], c.err);
  return c.out << cli::command_help_text(c.program, *topic), kExitOk;
}

}  // namespace

RefereeCommands referee_commands() {
  RefereeCommands t;
  cli::ProgramHelp& p = t.help;
  p.name = "referee";
  p.summary = "rules on the moves of a property-trading board game and keeps its journal";
  p.usage = "[--db FILE] [--game ID] [--json] COMMAND [OPTIONS] [ARGS]";
  p.description =
      "Every game is an append-only, hash-chained event journal in SQLite. referee rules on each\n"
      "proposed move, written in a plain-text notation like chess's PGN, records the legal ones\n"
      "with all their consequences, and refuses the illegal ones with a ruling that cites the rule.\n"
      "Options may come before or after the command. FILE '-' is standard input.";
  p.examples = {"--db club.db import samples/uk-1972/long-game.game", "--db club.db games",
                "--db club.db --game 1 status", "--db club.db verify"};
  p.global = global_options();
  // The commands, in the order help lists them: each its help and the function that runs it (or,
  // for a command another program answers, the one that hands the line over unread).
  t.rows = {
      {new_command(), run_new_line},
      {import_command(), run_import_line},
      {play_command(), run_play_line},
      {status_command(), run_status_line},
      {table_command(), run_table_line},
      {plain_command("games", "the games in the journal: id, ruleset, players, moves, state", "games",
                     "moves counts the moves recorded (the lines a .game file holds); events, every event.\n"
                     "JSON: {\"games\": [{\"game\", \"ruleset\", \"players\", \"moves\", \"events\", \"over\", \"winner\"}]}.",
                     {"--db club.db games", "--json games"}),
       [](const CommandCall& c) { return c.want_args(0, "no arguments") ? run_games(c.o, c.out, c.err) : kExitUsage; }},
      {moves_command(), run_moves_line},
      {at_command("value", "each estate valued item by item, and the richest", "value [--at SEQ]",
                  "the position after this event (0: now)", {"value", "--json value --at 400"}),
       [](const CommandCall& c) { return c.want_args(0, "no arguments") ? run_value(c.o, c.at(), c.out, c.err) : kExitUsage; }},
      {at_command("settle", "what a player owes, what he could raise, and the settlement", "settle PLAYER [--at SEQ]",
                  "the position after this event (0: now)", {"settle Ann"}),
       [](const CommandCall& c) {
         return c.want_args(1, "one player's name") ? run_settle(c.o, c.args[0], c.at(), c.out, c.err) : kExitUsage;
       }},
      {plain_command("explain", "why event SEQ happened: the move, the rule, the arithmetic", "explain SEQ",
                     "A sealed game's throw or card says it is the referee's from the seed kept apart and, once the\n"
                     "seed is revealed, whether it is the seed's (JSON \"sealed\": {\"throw\", \"seed_agrees\"}).",
                     {"explain 57"}),
       run_explain_line},
      {dispute_command(), run_dispute_line},
      {plain_command("replay", "show a saved game move by move: the replay program (terminal, HTML page, SVG)",
                     "replay [the replay program's options]",
                     "Runs the replay program installed beside referee with the rest of the line, --db and --game\n"
                     "included; 'replay --help' lists its options.",
                     {"--db club.db --game 1 replay", "--db club.db replay --html game.html"}),
       hand_over_to_replay},
      {audit_command(), run_audit_line},
      {log_command(), run_log_line},
      {verify_command(), run_verify_line},
      {reveal_command(), run_reveal_line},
      {copy_command(), run_copy_line},
      {simulate_command(), run_simulate_line},
      {match_command(), run_match_line},
      {engine_command(), run_engine_line},
#ifdef DEEDLOG_SERVE_IN_THIS_PROGRAM
      {serve_command(), run_serve_line},
#else
      {serve_command(), hand_over_to_serve},
#endif
      {chances_command(), run_chances_line},
      {analyse_command(), run_analyse_line},
      {train_model_command(), run_train_model_line},
      {stats_command(), run_stats_line},
      {tournament_command(), run_tournament_line},
      {autoplay_command(), run_autoplay_line},
      {plain_command("help", "a command's options and examples, or the list of commands", "help [COMMAND]", "",
                     {"help play"}),
       run_help_line},
  };
  for (const RefereeCommand& row : t.rows) p.commands.push_back(row.help);
  p.exit_codes =
      "0  done, or the move accepted\n"
      "1  anything else: not a journal, a broken chain, a conflict with another writer\n"
      "2  usage error: bad options, a line that does not parse\n"
      "3  refused by the rules (the ruling on stdout)";
  return t;
}

const RefereeCommand* RefereeCommands::find(const std::string& name) const {
  for (const RefereeCommand& row : rows)
    if (row.help.name == name) return &row;
  return nullptr;
}

int unknown_command(const cli::ProgramHelp& help, const std::string& typed, std::ostream& err) {
  std::string message = "'" + typed + "' is not a referee command.";
  const std::vector<std::string> near = cli::nearest_commands(help, typed);
  for (std::size_t i = 0; i < near.size(); ++i)
    message += (i == 0 ? " Did you mean " : " or ") + std::string("'") + near[i] + "'" + (i + 1 == near.size() ? "?" : "");
  err << "referee: " << message << " ('referee help' lists the commands)\n";
  return kExitUsage;
}

std::string CommandCall::where() const { return "referee " + command.name; }

int CommandCall::usage_error(const std::string& message) const {
  err << where() << ": " << message << "\n";
  return kExitUsage;
}

bool CommandCall::want_args(std::size_t n, const char* what) const {
  if (args.size() == n) return true;
  err << where() << ": expected " << what << " (see 'referee " << command.name << " --help')\n";
  return false;
}

std::int64_t CommandCall::at() const { return vm["at"].as<std::int64_t>(); }

}  // namespace deedlog
