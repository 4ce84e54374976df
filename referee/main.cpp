// referee: rules on moves of a property-trading game and keeps the game's journal.
// A thin shell: options in, calls into src/app, exit code out.
#include <boost/program_options.hpp>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "app/exit_code.h"
#include "app/referee_commands.h"

namespace po = boost::program_options;
using namespace deedlog;

namespace {

const std::map<std::string, std::string> kCommands = {
    {"new", "start a game: --ruleset R --players \"Ann, Ben\" [--variant V] [--house-rules H] [--seed N]; prints its id"},
    {"import", "import FILE.game: start a game from the file and play every move in order"},
    {"play", "play \"MOVE\" [--dry-run]: rule on one move; record it if legal"},
    {"simulate", "simulate --ruleset R --games N --seed S [--players K] [--max-moves M] [--no-journal] [--cash N] [--jail-strategy mixed|short|long]: seeded bots play whole games"},
    {"stats", "stats: over every game in the file: where throws end, game lengths, wins by seat"},
    {"status", "status [--at SEQ]: the position now, or after event SEQ"},
    {"moves", "moves: every legal move now, in notation (what a puzzled player or a bot asks)"},
    {"settle", "settle PLAYER [--at SEQ]: what he owes, what he could raise, whether he is bankrupt, the settlement"},
    {"value", "value [--at SEQ]: each estate valued by the short game's rules, item by item, and the richest"},
    {"audit", "audit FILE.game: every breach of the rules in a game played at the table; exit 3 if any"},
    {"dispute", "dispute \"CLAIM\" [--at SEQ]: rule on a claim (rent, salary, a fine, a build, a card, a bankruptcy, who wins)"},
    {"explain", "explain SEQ: why event SEQ happened: the move, the rule, the arithmetic"},
    {"log", "log [--from SEQ] [--to SEQ]: the journal, event by event"},
    {"verify", "verify: check the hash chain and decide every recorded move again"},
};

void usage(std::ostream& out) {
  out << "usage: referee [--db FILE] [--game ID] [--json] COMMAND [ARGS]\n\ncommands:\n";
  for (const auto& [name, what] : kCommands) out << "  " << name << std::string(9 - name.size(), ' ') << what << "\n";
  out << "\nexit codes: 0 done/accepted, 3 refused by the rules, 2 usage error, 1 anything else\n"
         "`referee COMMAND --help` for a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description common("common options");
  common.add_options()("help,h", "this help")("db", po::value<std::string>()->default_value("deedlog.db"),
                                                "the journal file (SQLite; created when missing)")(
      "game", po::value<std::int64_t>(), "the game's id (may be left out when the file holds one game)")(
      "json", "print one JSON document instead of words")(
      "ruleset-file", po::value<std::string>(), "new, import: play under your own edition's data file (docs/editions.md)")(
      "snapshot-every", po::value<std::int64_t>()->default_value(256), "play, import, simulate: store a snapshot every N events (0: none)");
  po::options_description specific("command options");
  specific.add_options()("ruleset", po::value<std::string>(), "new, simulate: the edition (uk-1972, ...)")(
      "variant", po::value<std::string>()->default_value(""), "new, simulate: edition options, comma separated")(
      "house-rules", po::value<std::string>()->default_value(""),
      "new: house rules the table plays, comma separated (docs/rules.md, \"House rules\")")(
      "seed", po::value<std::uint64_t>(), "new: the referee throws and shuffles from this seed")(
      "dry-run", "play: rule only; record nothing")(
      "expect-seq", po::value<std::int64_t>(),
      "play: record only if the game's last event is still this one (else conflict, exit 1, nothing written)")(
      "expect-head", po::value<std::string>(),
      "verify: fail unless the game's chain holds and contains this hash (12 to 64 hex digits, as status prints it)")(
      "now", po::value<std::string>()->default_value(""),
      "moves: the moment asked about (@TIME form, HH:MM:SS or ISO-8601): the computer edition's windows run out by it")("at", po::value<std::int64_t>()->default_value(0),
                                                    "status, value, settle, dispute: the position after this event")(
      "from", po::value<std::int64_t>()->default_value(1), "log: first event")(
      "to", po::value<std::int64_t>()->default_value(0), "log: last event")(
      "games", po::value<int>()->default_value(1), "simulate: how many games")(
      "players", po::value<std::string>(), "new: the players; simulate: how many (default 4)")(
      "max-moves", po::value<int>()->default_value(4000), "simulate: stop a game after this many moves")(
      "no-journal", "simulate: play in memory only, write nothing")(
      "cash", po::value<std::int64_t>()->default_value(0), "simulate: every player starts with this much (long games)")(
      "jail-strategy", po::value<std::string>()->default_value("mixed"),
      "simulate: mixed, short (leave jail at once: card or fine) or long (throw for doubles until the third turn)");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())("args", po::value<std::vector<std::string>>());
  po::positional_options_description pos;
  pos.add("command", 1).add("args", -1);
  po::options_description all;
  all.add(common).add(specific).add(hidden);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "referee: " << e.what() << "\n";
    usage(std::cerr);
    return kExitUsage;
  }
  if (!vm.count("command")) {
    usage(vm.count("help") ? std::cout : std::cerr);
    return vm.count("help") ? kExitOk : kExitUsage;
  }
  const std::string cmd = vm["command"].as<std::string>();
  const auto it = kCommands.find(cmd);
  if (it == kCommands.end()) {
    std::cerr << "referee: unknown command '" << cmd << "'\n";
    usage(std::cerr);
    return kExitUsage;
  }
  if (vm.count("help")) {
    std::cout << "referee " << it->second << "\n\n" << common << "\n" << specific;
    return kExitOk;
  }
  CommonOptions o;
  o.db = vm["db"].as<std::string>();
  if (vm.count("game")) o.game = vm["game"].as<std::int64_t>();
  o.json = vm.count("json") > 0;
  if (vm.count("ruleset-file")) o.ruleset_file = vm["ruleset-file"].as<std::string>();
  o.snapshot_every = vm["snapshot-every"].as<std::int64_t>();
  if (o.snapshot_every < 0) {
    std::cerr << "referee: --snapshot-every takes 0 (none) or a positive number of events\n";
    return kExitUsage;
  }
  if (vm["at"].as<std::int64_t>() < 0) {
    std::cerr << "referee: --at takes an event number (1 or more; 0 or left out: the last)\n";
    return kExitUsage;
  }
  const std::vector<std::string> args = vm.count("args") ? vm["args"].as<std::vector<std::string>>() : std::vector<std::string>{};
  auto want_args = [&](std::size_t n, const char* what) {
    if (args.size() == n) return true;
    std::cerr << "referee " << cmd << ": expected " << what << "\n";
    return false;
  };
  try {
    if (cmd == "new") {
      if (!want_args(0, "no arguments") || (!vm.count("ruleset") && o.ruleset_file.empty()) || !vm.count("players")) {
        std::cerr << "referee new: --ruleset (or --ruleset-file) and --players are required\n";
        return kExitUsage;
      }
      NewOptions n;
      if (vm.count("ruleset")) n.ruleset = vm["ruleset"].as<std::string>();
      n.players = vm["players"].as<std::string>();
      n.variant = vm["variant"].as<std::string>();
      n.house_rules = vm["house-rules"].as<std::string>();
      if (vm.count("seed")) n.seed = vm["seed"].as<std::uint64_t>();
      return run_new(o, n, std::cout, std::cerr);
    }
    if (cmd == "import") return want_args(1, "one FILE.game") ? run_import(o, args[0], std::cout, std::cerr) : kExitUsage;
    if (cmd == "play")
      return want_args(1, "one move in quotes, e.g. \"Ann rolls 3 4\"")
                 ? run_play(o, args[0], vm.count("dry-run") > 0,
                            vm.count("expect-seq") ? std::optional<std::int64_t>(vm["expect-seq"].as<std::int64_t>())
                                                   : std::nullopt,
                            std::cout, std::cerr)
                 : kExitUsage;
    if (cmd == "simulate") {
      if (!want_args(0, "no arguments")) return kExitUsage;
      SimulateOptions so;
      if (vm.count("ruleset")) so.ruleset = vm["ruleset"].as<std::string>();
      so.games = vm["games"].as<int>();
      if (vm.count("seed")) so.seed = vm["seed"].as<std::uint64_t>();
      if (vm.count("players")) {
        try {
          so.players = std::stoi(vm["players"].as<std::string>());
        } catch (...) {
          std::cerr << "referee simulate: --players takes a number (2 to 8)\n";
          return kExitUsage;
        }
      }
      so.max_moves = vm["max-moves"].as<int>();
      so.journal = vm.count("no-journal") == 0;
      so.cash = vm["cash"].as<std::int64_t>();
      so.variant = vm["variant"].as<std::string>();
      so.jail_strategy = vm["jail-strategy"].as<std::string>();
      if (so.games < 0 || so.max_moves < 1) {
        std::cerr << "referee simulate: --games must be 0 or more and --max-moves at least 1\n";
        return kExitUsage;
      }
      return run_simulate(o, so, std::cout, std::cerr);
    }
    if (cmd == "stats") return want_args(0, "no arguments") ? run_stats(o, std::cout, std::cerr) : kExitUsage;
    if (cmd == "status") return want_args(0, "no arguments") ? run_status(o, vm["at"].as<std::int64_t>(), std::cout, std::cerr) : kExitUsage;
    if (cmd == "moves")
      return want_args(0, "no arguments") ? run_moves(o, vm["now"].as<std::string>(), std::cout, std::cerr) : kExitUsage;
    if (cmd == "settle")
      return want_args(1, "one player's name") ? run_settle(o, args[0], vm["at"].as<std::int64_t>(), std::cout, std::cerr)
                                               : kExitUsage;
    if (cmd == "audit") return want_args(1, "one FILE.game") ? run_audit(o, args[0], std::cout, std::cerr) : kExitUsage;
    if (cmd == "dispute")
      return want_args(1, "one claim in quotes, e.g. \"Ben claims rent\"")
                 ? run_dispute(o, args[0], vm["at"].as<std::int64_t>(), std::cout, std::cerr)
                 : kExitUsage;
    if (cmd == "explain") {
      if (!want_args(1, "one event number")) return kExitUsage;
      std::int64_t seq = 0;
      try {
        seq = std::stoll(args[0]);
      } catch (...) {
        std::cerr << "referee explain: '" << args[0] << "' is not an event number\n";
        return kExitUsage;
      }
      return run_explain(o, seq, std::cout, std::cerr);
    }
    if (cmd == "value") return want_args(0, "no arguments") ? run_value(o, vm["at"].as<std::int64_t>(), std::cout, std::cerr) : kExitUsage;
    if (cmd == "log")
      return want_args(0, "no arguments")
                 ? run_log(o, vm["from"].as<std::int64_t>(), vm["to"].as<std::int64_t>(), std::cout, std::cerr)
                 : kExitUsage;
    if (cmd == "verify") return want_args(0, "no arguments") ? run_verify(o, vm.count("expect-head") ? vm["expect-head"].as<std::string>() : std::string(), std::cout, std::cerr) : kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "referee: " << e.what() << "\n";
    return kExitFailure;
  }
  return kExitUsage;
}
