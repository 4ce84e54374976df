// replay: a saved game, the way people want to watch it: stepped through on the terminal,
// told event by event or turn by turn (words, JSON, or the .game notation), or drawn as one
// HTML page, a board picture or a net-worth chart (docs/replay.md).
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands/command_outcome.h"
#include "commands/games_listing.h"

#include "core/exit_code.h"
#include "service/game_session.h"
#include "replay/html_page.h"
#include "replay/report.h"
#include "replay/screen.h"
#include "replay/svg_board.h"
#include "replay/terminal.h"
#include "replay/timeline.h"
#include "replay/win_chart.h"
#include "service/kept_analysis.h"
#include "cli/program_help.h"
#include "deedlog_version.h"
#include "journal/journal.h"

namespace po = boost::program_options;
using namespace deedlog;

namespace {

int fail(const Status& s) {
  std::cerr << "replay: " << s.message() << "\n";
  return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
}

int usage(const std::string& message) {
  std::cerr << "replay: " << message << "\n";
  return kExitUsage;
}

// Writes text to a file ("-": standard output).
bool write_file(const std::string& path, const std::string& text) {
  if (path == "-") {
    std::cout << text;
    return static_cast<bool>(std::cout);
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "replay: cannot write " << path << "\n";
    return false;
  }
  return true;
}

}  // namespace

// replay's options and what it says of itself: one table behind --help and the man page.
cli::ProgramHelp replay_help() {
  cli::ProgramHelp p;
  p.name = "replay";
  p.summary = "steps through, tells, prints or draws a saved game of the referee's journal";
  p.usage =
      "[--db FILE] [--game ID] [--interactive] [--from SEQ|tN] [--to SEQ|tN] [--turns]\n"
      "       [--format text|json|notation] [--json] [--html FILE] [--svg FILE] [--at SEQ|tN|end] [--plot FILE]\n"
      "       [--analysis FILE]";
  p.description =
      "Without --format, --html, --svg or --plot, and with --game given on a terminal, the replay is\n"
      "interactive. A point in the game is an event's sequence number (57), a turn (t12) or end.\n"
      "A FILE of - is standard output. docs/replay.md has the keys, the page's address and the pictures.";
  p.examples = {"--db club.db --game 1", "--db club.db --turns --from t10 --to t12",
                "--db club.db --format notation > again.game", "--db club.db --html game.html",
                "--db club.db --svg board.svg --at 400",
                "--db club.db --html game.html --analysis analysis.json"};
  p.global = std::make_shared<po::options_description>("Options");
  p.global->add_options()("help,h", "this help")("version", "print the version and exit")
      ("db", po::value<std::string>()->default_value("deedlog.db")->value_name("FILE"), "the journal file")
      ("game", po::value<std::int64_t>()->value_name("ID"), "the game's id (may be left out when the file holds one game)")
      ("all-games", "with --format notation: every game of the file, one after another (a .game file of several games, which import reads back)")
      ("interactive,i", "step through the game on the terminal (keys: ? lists them)")
      ("from", po::value<std::string>()->value_name("SEQ|tN"), "narrate from this event (or the start of turn tN)")
      ("to", po::value<std::string>()->value_name("SEQ|tN"), "stop after this event (or the end of turn tN); the position shown is there")
      ("turns", "turn by turn: a heading per turn, its moves and what they caused, the cash after it")
      ("format", po::value<std::string>()->value_name("F"), "text (the default), json, or notation (a .game file that imports to the same journal)")
      ("json", "the same as --format json; errors too are JSON on stdout ({\"error\": ...})")
      ("html", po::value<std::string>()->value_name("FILE"), "write the whole game as one self-contained HTML page")
      ("svg", po::value<std::string>()->value_name("FILE"), "write the board as an SVG picture (after --at)")
      ("at", po::value<std::string>()->value_name("SEQ|tN|end"), "--svg: the point drawn (default: the end); --html, --interactive: where to start")
      ("plot", po::value<std::string>()->value_name("FILE"), "write each player's net worth over the game as an SVG chart")
      ("analysis", po::value<std::string>()->value_name("FILE"),
       "a kept analysis (referee analyse --json): --html draws the win-chance graph under the board, --plot beside the net worth, "
       "--format notation writes it in comments; without it, the analysis kept beside the journal for the game's head, if any");
  p.exit_codes =
      "0  done\n"
      "1  anything else: not a journal, no such game, a file that cannot be written\n"
      "2  usage error: bad options";
  return p;
}

int run(int argc, char** argv) {
  const cli::ProgramHelp help = replay_help();
  const po::options_description& opts = *help.global;
  const std::vector<std::string> line(argv + 1, argv + argc);
  // Shell completion (completions/): `replay __complete games [--db FILE]` lists the game ids.
  if (!line.empty() && line[0] == "__complete") {
    std::string db = "deedlog.db";
    for (std::size_t i = 1; i + 1 < line.size(); ++i)
      if (line[i] == "--db") db = line[i + 1];
    if (line.size() > 1 && line[1] == "games") write_game_ids(db, std::cout);
    return kExitOk;
  }
  if (std::find(line.begin(), line.end(), "--help-man") != line.end()) {
    std::cout << cli::man_page(help, DEEDLOG_VERSION, cli::today_utc());
    return kExitOk;
  }
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(line).options(opts).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "replay: " << e.what() << " (see 'replay --help')\n";
    return kExitUsage;
  }
  if (vm.count("help")) {
    std::cout << cli::program_help_text(help);
    return kExitOk;
  }
  if (vm.count("version")) {
    std::cout << "replay (deedlog) " << DEEDLOG_VERSION << "\n";
    return kExitOk;
  }

  ReplayReportOptions report;
  const bool json = vm.count("json") > 0;
  bool format_given = json;
  if (vm.count("format")) {
    const std::string f = vm["format"].as<std::string>();
    if (f == "text") report.format = ReplayFormat::Text;
    else if (f == "json") report.format = ReplayFormat::Json;
    else if (f == "notation") report.format = ReplayFormat::Notation;
    else return usage("--format is text, json or notation, not \"" + f + "\"");
    if (json && report.format != ReplayFormat::Json) return usage("--json and --format " + f + " disagree");
    format_given = true;
  }
  if (json) report.format = ReplayFormat::Json;
  report.turns = vm.count("turns") > 0;
  const bool files = vm.count("html") || vm.count("svg") || vm.count("plot");
  const bool narrated = format_given || report.turns || vm.count("from") || vm.count("to");
  bool interactive = vm.count("interactive") > 0;
  if (interactive && (files || narrated))
    return usage("--interactive shows the game on the terminal; it does not mix with --format, --json, --turns, --from, --to, --html, --svg or --plot");
  if (!interactive && !files && !narrated && vm.count("game") && replay_on_terminal()) interactive = true;
  if (vm.count("all-games") && (report.format != ReplayFormat::Notation || vm.count("game") || vm.count("to") || files))
    return usage("--all-games goes with --format notation alone (every game, each from its start to its end)");
  if (report.format == ReplayFormat::Notation && (vm.count("from") || report.turns))
    return usage("--format notation prints the whole game from its start (use --to to stop early)");
  if (vm.count("at") && !vm.count("svg") && !vm.count("html") && !interactive)
    return usage("--at goes with --svg, --html or --interactive");
  if (vm.count("analysis") && !vm.count("html") && !vm.count("plot") && report.format != ReplayFormat::Notation)
    return usage("--analysis goes with --html, --plot or --format notation");
  if (vm.count("analysis") && vm.count("all-games")) return usage("--analysis is of one game; it does not go with --all-games");

  try {
    std::unique_ptr<Journal> journal;
    if (Status s = Journal::open(vm["db"].as<std::string>(), &journal, true); !s.is_ok()) return fail(s);
    if (vm.count("all-games")) {
      // Like PGN: the games one after another, each with its own tags, a blank line between.
      std::vector<GameRow> rows;
      if (Status s = journal->games(&rows); !s.is_ok()) return fail(s);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        Timeline timeline;
        if (Status s = Timeline::load(*journal, rows[i].game_id, &timeline); !s.is_ok()) return fail(s);
        if (i > 0) std::cout << "\n";
        if (Status s = write_replay_report(timeline, report, std::cout); !s.is_ok()) return fail(s);
      }
      return kExitOk;
    }
    std::int64_t id = 0;
    std::optional<std::int64_t> wanted;
    if (vm.count("game")) wanted = vm["game"].as<std::int64_t>();
    if (Status s = resolve_game_id(*journal, wanted, &id); !s.is_ok()) return fail(s);
    Timeline timeline;
    if (Status s = Timeline::load(*journal, id, &timeline); !s.is_ok()) return fail(s);
    const std::unique_ptr<AnalysisStore> kept_analyses = journal->open_analysis_store();
    journal.reset();

    // The analysis shown: the file named, checked against the game (a file of another game or
    // another head is refused, exit 2); else the one kept beside the journal for this head, if
    // any (a damaged one is passed over with a warning: it is a cache).
    std::optional<WinSeries> win;
    std::optional<nlohmann::json> analysis;
    if (vm.count("analysis")) {
      nlohmann::json doc;
      if (Status s = read_analysis_file(vm["analysis"].as<std::string>(), &doc); !s.is_ok())
        return fail(s.is_not_found() ? Status::invalid_argument(s.message()) : s);
      analysis = std::move(doc);
    } else if (vm.count("html") || vm.count("plot")) {
      nlohmann::json doc;
      const Status s = find_kept_analysis(*kept_analyses, id, timeline.head_hash(), &doc);
      if (s.is_ok()) analysis = std::move(doc);
      else if (!s.is_not_found()) std::cerr << "replay: the kept analysis is passed over: " << s.message() << "\n";
    }
    if (analysis) {
      WinSeries series;
      Status s = win_series(timeline, *analysis, &series);
      if (!s.is_ok() && vm.count("analysis")) return fail(s);
      if (s.is_ok()) win = std::move(series);
      else std::cerr << "replay: the kept analysis is passed over: " << s.message() << "\n";
      if (!win) analysis.reset();
    }

    auto point = [&](const char* option, bool end, std::int64_t fallback, std::int64_t* out) -> Status {
      *out = fallback;
      if (!vm.count(option)) return Status::ok();
      Status s = parse_point(timeline, vm[option].as<std::string>(), end, out);
      if (!s.is_ok()) return Status::invalid_argument(std::string("--") + option + ": " + s.message());
      return s;
    };

    if (interactive) {
      std::int64_t start = 0;
      if (Status s = point("at", false, replay_start_position(timeline), &start); !s.is_ok()) return fail(s);
      return run_interactive_replay(timeline, start, std::cerr);
    }
    if (files) {
      if (vm.count("html")) {
        std::int64_t start = 0;
        if (Status s = point("at", false, replay_start_position(timeline), &start); !s.is_ok()) return fail(s);
        if (!write_file(vm["html"].as<std::string>(), replay_html(timeline, start, win ? &*win : nullptr))) return kExitFailure;
      }
      if (vm.count("svg")) {
        std::int64_t at = 0;
        if (Status s = point("at", true, timeline.last(), &at); !s.is_ok()) return fail(s);
        if (!write_file(vm["svg"].as<std::string>(), board_svg(timeline, at, BoardSvgOptions{}))) return kExitFailure;
      }
      if (vm.count("plot")) {
        const WorthSeries series = net_worth_series(timeline, kWorthChartPoints);
        const std::string picture = win ? worth_and_win_svg(timeline, series, *win) : worth_chart_svg(timeline, series, ChartOptions{});
        if (!write_file(vm["plot"].as<std::string>(), picture)) return kExitFailure;
      }
      if (!narrated) return kExitOk;
    }
    if (Status s = point("from", false, 1, &report.from); !s.is_ok()) return fail(s);
    if (Status s = point("to", true, 0, &report.to); !s.is_ok()) return fail(s);
    if (analysis && report.format == ReplayFormat::Notation && vm.count("analysis")) {
      if (vm.count("to")) return usage("--format notation with --analysis writes the whole game (the analysis is of its head)");
      std::cout << annotated_notation(timeline, *analysis);
      return kExitOk;
    }
    if (Status s = write_replay_report(timeline, report, std::cout); !s.is_ok()) return fail(s);
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "replay: " << e.what() << "\n";
    return kExitFailure;
  }
}

int main(int argc, char** argv) {
  const std::vector<std::string> line(argv + 1, argv + argc);
  // Only --json needs its failures caught: the interactive replay keeps the streams untouched.
  if (std::find(line.begin(), line.end(), "--json") == line.end()) return run(argc, argv);
  // replay's functions write to std::cout and std::cerr themselves: the streams are redirected
  // for the run, so that under --json a failure is also JSON on stdout.
  return run_reporting_errors(true, "replay", std::cout, std::cerr, [&](std::ostream& out, std::ostream& err) {
    std::streambuf* const cout_buffer = std::cout.rdbuf(out.rdbuf());
    std::streambuf* const cerr_buffer = std::cerr.rdbuf(err.rdbuf());
    const int code = run(argc, argv);
    std::cout.flush();
    std::cerr.flush();
    std::cout.rdbuf(cout_buffer);
    std::cerr.rdbuf(cerr_buffer);
    return code;
  });
}
