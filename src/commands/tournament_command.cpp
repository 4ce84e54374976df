#include "commands/tournament_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "bots/bot_player.h"
#include "commands/tournament_export_command.h"
#include "core/exit_code.h"
#include "core/plural.h"
#include "core/printable_text.h"
#include "deedlog/game_file.h"
#include "deedlog/valuation.h"
#include "journal/journal.h"
#include "journal/postgres_uri.h"
#include "journal/private_file.h"
#include "present/game_json.h"
#include "present/html_text.h"
#include "present/money_words.h"
#include "present/refusal_words.h"
#include "present/tournament_pages.h"
#include "present/tournament_json.h"
#include "present/tournament_words.h"
#include "service/game_session.h"
#include "service/round_print.h"
#include "service/tournament.h"
#include "service/tournament_duplicate.h"
#include "service/tournament_seating.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

int fail(std::ostream& err, const Status& s) { return tournament_failed(err, s); }
int usage(std::ostream& err, const std::string& message) { return tournament_usage(err, message); }

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    const auto b = cur.find_first_not_of(" \t");
    const auto e = cur.find_last_not_of(" \t");
    out.push_back(b == std::string::npos ? std::string() : cur.substr(b, e - b + 1));
    cur.clear();
  };
  for (char c : text) {
    if (c == ',') flush();
    else cur += c;
  }
  flush();
  return out;
}

// The key the command was given, checked against the tournament's: 0 when it opens it.
int check_key(const Tournament& t, const TournamentOptions& opt, std::ostream& err) {
  if (opt.key.empty()) {
    return usage(err, fmt::format("'{}' is the Head Judge's: give the key tournament new printed in {} or in a file "
                                  "only you can read (--key-file FILE)",
                                  opt.action, kJudgeKeyVariable));
  }
  if (!judge_key_matches(t, opt.key)) {
    err << "referee tournament: refused: that is not the Head Judge's key of tournament " << t.id
        << " (nothing was written)\n";
    return kExitFailure;
  }
  return kExitOk;
}

int run_new_tournament(const CommonOptions& o, const TournamentOptions& opt, std::ostream& out, std::ostream& err) {
  if (opt.name.empty() || opt.players.empty() || opt.rounds == 0)
    return usage(err, "new needs --name, --players \"A, B, ...\" and --rounds R");
  TournamentSettings s;
  s.name = opt.name;
  s.players = split_names(opt.players);
  s.rounds = opt.rounds;
  s.table_size = opt.table_size;
  s.ruleset = opt.ruleset;
  if (!opt.variant.empty()) s.variants = split_names(opt.variant);
  s.time_limit = opt.time_limit;
  s.duplicate = opt.duplicate;
  s.auto_call_time = opt.auto_call_time;
  for (const std::string& pair : opt.apart) {
    const std::vector<std::string> names = split_names(pair);
    if (names.size() != 2) return usage(err, fmt::format("--apart takes two entrants' names, \"A, B\", not '{}'", pair));
    s.apart.push_back(ApartPair{names[0], names[1]});
  }
  if (opt.tie_breaks)
    if (Status st = parse_tie_breaks(*opt.tie_breaks, &s.tie_breaks); !st.is_ok()) return fail(err, st);
  if (opt.final) {
    FinalRule rule{};
    if (opt.final_rule.empty()) return usage(err, "new: --final takes crowns (the final's winner is champion) or points");
    if (Status st = parse_final_rule(opt.final_rule, &rule); !st.is_ok()) return fail(err, st);
    s.final_rule = rule;
  }
  std::unique_ptr<Journal> j;
  if (Status st = Journal::open(o.db, &j); !st.is_ok()) return fail(err, st);
  std::int64_t id = 0;
  std::string key;
  if (Status st = create_tournament(*j, s, &id, &key); !st.is_ok()) return fail(err, st);
  // The first head: the genesis, which hashes the name, the settings and the key's digest.
  TournamentRow row;
  if (Status st = j->tournament(id, &row); !st.is_ok()) return fail(err, st);
  if (o.json) {
    out << ojson{{"tournament", id}, {"judge_key", key}, {"head", row.genesis}}.dump() << "\n";
    return kExitOk;
  }
  out << "Tournament " << id << " (" << s.name << "): " << s.players.size() << " players, " << s.rounds
      << " rounds at tables of " << s.table_size << ".\n"
      << "Head Judge's key: " << key << "\n"
      << "Keep it: it is shown only now (the journal keeps its SHA-256). Keep it in a file only you can read\n"
      << "(umask 077; then --key-file FILE) or in " << kJudgeKeyVariable
      << ", never on a command line, where every account can read it.\n"
      << head_words(id, 0, row.genesis)
      << "Next: referee --db " << o.db << " tournament seat --round 1 --key-file FILE\n";
  return kExitOk;
}

int run_seat(Journal& j, Tournament& t, const CommonOptions& o, const TournamentOptions& opt, std::ostream& out,
             std::ostream& err) {
  if (opt.round == 0) return usage(err, "seat needs --round N");
  if (!opt.final_rule.empty())
    return usage(err, "seat: --final takes no value (a final's rule is new's: --final crowns|points)");
  TournamentRound round;
  SeatingGaps gaps;
  if (opt.final && opt.duplicate)
    return usage(err, "seat: a final is one table, with no other table to deal its dice to: --final takes no --duplicate");
  if (Status s = seat_round(j, t, opt.round, opt.final, opt.key, &round, &gaps, opt.duplicate); !s.is_ok())
    return fail(err, s);
  const int repeats = gaps.repeat_meetings;
  if (o.json) {
    out << seat_json(round, repeats, gaps).dump() << "\n";
    return kExitOk;
  }
  out << (round.final ? "Final" : "Round " + std::to_string(round.round)) << " of " << t.settings.name << ": "
      << round.tables.size() << " tables, " << repeats << " repeat meetings";
  if (t.settings.planned && !round.final) out << " (" << gaps.planned_repeat_meetings << " in the rounds planned from here)";
  out << ".\n";
  for (const ApartPair& pair : gaps.apart_together)
    out << fmt::format("  {} and {} are at one table: no seating kept them apart.\n", pair.a, pair.b);
  for (const TournamentTable& table : round.tables) {
    std::string players;
    for (const std::string& p : table.players) players += (players.empty() ? "" : ", ") + p;
    out << fmt::format("  Table {}: game {}: {} ({} throws first)\n    table key: {}\n", table.table, table.game, players,
                       table.players.front(), table.key);
  }
  if (!round.commitment.empty()) out << "Commitment (SHA-256 of the round's seed): " << round.commitment << "\n";
  out << "Each table plays its game: referee --db " << o.db << " --game ID table\n";
  return kExitOk;
}

int run_call_time(Journal& j, Tournament& t, const CommonOptions& o, const TournamentOptions& opt, std::ostream& out,
                  std::ostream& err) {
  if (opt.round == 0) return usage(err, "call-time needs --round N");
  std::vector<CallTimeOutcome> outcomes;
  if (Status s = call_time_in_round(j, t, opt.round, &outcomes); !s.is_ok()) return fail(err, s);
  if (o.json) {
    out << call_time_json(opt.round, outcomes).dump() << "\n";
    return kExitOk;
  }
  out << "Time called in round " << opt.round << ".\n";
  for (const CallTimeOutcome& c : outcomes)
    out << fmt::format("  Table {} (game {}): {}\n", c.table, c.game,
                       !c.called ? "over before time was called"
                                 : c.over ? "over" : "time called; the move in progress is completed as the rules say");
  return kExitOk;
}

int run_reveal_round(Journal& j, const Tournament& t, const CommonOptions& o, const TournamentOptions& opt,
                     std::ostream& out, std::ostream& err) {
  if (opt.round == 0) return usage(err, "reveal needs --round N");
  RoundReveal r;
  if (Status s = reveal_round(j, t, opt.round, &r); !s.is_ok()) return fail(err, s);
  if (o.json) {
    out << reveal_json(r).dump() << "\n";
    return r.time_not_called ? kExitRefused : kExitOk;
  }
  if (r.time_not_called) {
    out << "refused: " << reveal_refused_words(r) << " [tournament/reveal-after-time]\n";
    return kExitRefused;
  }
  out << fmt::format("Round {}'s seed: {}\nIts SHA-256 (the commitment printed when the round was seated): {}\n"
                     "Check any table with: referee --db {} --game ID verify --seed {}\n",
                     opt.round, r.seed, r.commitment, o.db, r.seed);
  return kExitOk;
}

int run_standings(Journal& j, const Tournament& t, const CommonOptions& o, std::ostream& out, std::ostream& err) {
  if (o.json) {
    ojson doc;
    if (Status s = standings_json(j, t, &doc); !s.is_ok()) return fail(err, s);
    out << doc.dump() << "\n";
    return kExitOk;
  }
  std::vector<Standing> standings;
  int counted = 0;
  if (Status s = tournament_standings(j, t, &standings, &counted); !s.is_ok()) return fail(err, s);
  out << standings_words(t, standings, counted);
  return kExitOk;
}

int run_sheet(Journal& j, Tournament& t, const CommonOptions& o, const TournamentOptions& opt, std::ostream& out,
              std::ostream& err) {
  if (opt.round == 0 || opt.table == 0 || opt.html.empty()) return usage(err, "sheet needs --round N --table T --html FILE");
  TableResult r;
  if (Status s = table_result(j, t, opt.round, opt.table, &r); !s.is_ok()) return fail(err, s);
  Game g;
  if (Status s = load_game(j, r.game, 0, &g); !s.is_ok()) return fail(err, s);
  const std::string page = sheet_html(t, r, g, without_password(o.db));
  {
    std::ofstream file(opt.html, std::ios::binary | std::ios::trunc);
    if (!(file << page) || !file.flush()) {
      err << "referee tournament: cannot write " << opt.html << " (nothing was recorded)\n";
      return kExitFailure;
    }
  }
  TournamentSheet sheet;
  if (Status s = record_sheet(j, t, r, opt.html, &sheet); !s.is_ok()) return fail(err, s);
  const TournamentSheet* replaced = nullptr;
  for (const TournamentSheet& s : t.sheets)
    if (s.superseded_by == sheet.record_seq) replaced = &s;
  if (o.json) {
    out << sheet_json(t, r, sheet, replaced).dump() << "\n";
    return kExitOk;
  }
  out << fmt::format("Score sheet of round {}, table {} (game {}) written to {}: head event {}, hash {}\n", r.round, r.table,
                     r.game, opt.html, r.seq, r.head.substr(0, kShortHash));
  if (!r.over) out << "The game is not over: the figures may still change.\n";
  if (replaced)
    out << fmt::format("It supersedes the sheet recorded as {} (head {}): {}\n", replaced->record_seq,
                       replaced->head.substr(0, kShortHash), replaced->why_superseded);
  out << head_words(t.id, t.last_seq, t.head);
  return kExitOk;
}

int run_print(Journal& j, Tournament& t, const CommonOptions& o, const TournamentOptions& opt, std::ostream& out,
              std::ostream& err) {
  if (opt.html.empty() || (opt.round == 0) == !opt.standings_chart)
    return usage(err, "print needs --round N or --standings, and --html FILE");
  if (opt.standings_chart) {
    std::vector<Standing> standings;
    int counted = 0;
    if (Status s = tournament_standings(j, t, &standings, &counted); !s.is_ok()) return fail(err, s);
    if (Status s = write_private_file(opt.html, standings_wall_html(t, standings, counted)); !s.is_ok()) {
      err << "referee tournament: cannot write " << opt.html << ": " << s.message() << "\n";
      return kExitFailure;
    }
    if (o.json) out << ojson{{"standings", counted}, {"file", opt.html}}.dump() << "\n";
    else out << fmt::format("The standings after {} round{} printed to {}.\n", counted, counted == 1 ? "" : "s", opt.html);
    return kExitOk;
  }
  PrintedRound printed;
  if (Status s = print_round(j, t, opt.round, opt.key, &printed); !s.is_ok()) return fail(err, s);
  // The page carries every table's key: written as the keys' files are, readable by this account
  // alone, whatever the umask.
  if (Status s = write_private_file(opt.html, round_print_html(t, printed, without_password(o.db))); !s.is_ok()) {
    err << "referee tournament: cannot write " << opt.html << ": " << s.message() << "\n";
    return kExitFailure;
  }
  if (o.json) {
    out << round_print_json(printed, opt.html).dump() << "\n";
    return kExitOk;
  }
  out << round_print_words(printed, opt.html);
  return kExitOk;
}

int run_appeal(Journal& j, Tournament& t, const CommonOptions& o, const TournamentOptions& opt, std::ostream& out,
               std::ostream& err) {
  if (!o.game) return usage(err, "appeal needs --game ID");
  if (opt.words.size() != 1) return usage(err, "appeal takes the claim, in quotes");
  TournamentAppeal a;
  std::optional<Violation> refused;
  if (Status s = record_appeal(j, t, *o.game, opt.words[0], opt.upheld, opt.correction, &a, &refused); !s.is_ok())
    return fail(err, s);
  if (refused) {
    Game g;
    if (Status s = load_game(j, *o.game, 0, &g); !s.is_ok()) return fail(err, s);
    const Ruling words = ruling_of(g.ruleset, *refused, g.header.players);
    if (o.json) out << ojson{{"accepted", false}, {"violation", violation_json(words)}}.dump() << "\n";
    else out << fmt::format("Refused: {}\n  rule {} (rule book section {})\nThe correction was not recorded, nor the appeal.\n",
                            words.message, words.rule, words.section);
    return kExitRefused;
  }
  if (o.json) {
    const ojson doc = appeal_json(a);
    out << doc.dump() << "\n";
    return kExitOk;
  }
  out << fmt::format("Appeal {} in game {} (round {}, table {}): {}.\n", a.number, a.game, a.round, a.table,
                     a.upheld ? "upheld" : "rejected");
  if (a.upheld) out << fmt::format("  The correction '{}' is recorded in the game from event {}.\n", printable_text(a.correction), a.game_seq);
  else out << fmt::format("  The ruling is noted in the game from event {} (Referee notes ...); nothing else changes.\n",
                          a.game_seq);
  for (const TournamentSheet& s : t.sheets)
    if (a.upheld && s.game == a.game && s.superseded_by == 0)
      out << fmt::format("  The sheet of round {}, table {} ({}) no longer holds: write it again (tournament sheet).\n",
                         s.round, s.table, s.file);
  return kExitOk;
}

int run_tournament_log(const Tournament& t, const CommonOptions& o, std::ostream& out) {
  if (o.json) out << tournament_log_json(t).dump() << "\n";
  else out << tournament_log_words(t);
  return kExitOk;
}

int run_entry(Journal& j, Tournament& t, EntryKind kind, const CommonOptions& o, const TournamentOptions& opt,
              std::ostream& out, std::ostream& err) {
  if (opt.words.size() != 1) return usage(err, opt.action + " takes one player's name");
  TournamentEntry e;
  if (Status s = record_entry(j, t, kind, opt.words[0], &e); !s.is_ok()) return fail(err, s);
  if (o.json) out << entry_json(e).dump() << "\n";
  else out << entry_words(e) << "\n";
  return kExitOk;
}

// What an action needs opened before it runs.
enum class Opens {
  Nothing,               // it opens (or makes) the journal itself
  JournalOnly,           // the journal, no tournament loaded
  JournalAndTournament,  // the journal and the tournament (--tournament, or the journal's last)
};

// What an action runs with: the journal and the tournament, as far as its row asks them opened.
struct TournamentRun {
  Journal* opened;
  Tournament* loaded;
  const CommonOptions& o;
  const TournamentOptions& opt;
  std::ostream& out;
  std::ostream& err;
  Journal& journal() const { return *opened; }
  Tournament& tournament() const { return *loaded; }
};

// One action of `referee tournament`: everything the shell, the help and the dispatch know of it.
struct TournamentAction {
  std::string_view name;
  bool needs_key;   // the Head Judge's: the shell asks for a key only then, and it is checked before run
  bool reads_only;  // opens the journal for reading only
  Opens opens;
  std::string_view help;  // its lines in `referee tournament --help` ("" when another row's line says it)
  int (*run)(const TournamentRun&);
};

// The actions, in the order the synopsis and the help list them. A new action is a row here
// (and its function above); docs/tournaments.md says what it does.
const TournamentAction kTournamentActions[] = {
    // Makes the journal when it is missing: opens nothing before it runs.
    {"new", false, false, Opens::Nothing,
     "  new --name N --players \"A, B, ...\" --rounds R [--table-size 4] [--ruleset E] [--variant V]\n"
     "      [--time-limit 90m] [--duplicate] [--apart \"A, B\"]... [--tie-breaks LIST] [--final crowns|points]\n"
     "      [--auto-call-time]           prints the Head Judge's key and the first head to keep\n"
     "                                   (JSON: {\"tournament\", \"judge_key\", \"head\"})\n",
     [](const TournamentRun& r) { return run_new_tournament(r.o, r.opt, r.out, r.err); }},
    {"seat", true, false, Opens::JournalAndTournament,
     "  seat --round N [--final] [--duplicate]   seats the round, one game a table tagged [Event] [Round]\n"
     "                                   [Table], each with its table's key (JSON: {\"round\", \"tables\":\n"
     "                                   [{\"table\", \"game\", \"players\", \"key\"}], \"commitment\"?, \"dice\"?});\n"
     "                                   --duplicate: this round duplicate, each seat's k-th throw the same at\n"
     "                                   every table (new --duplicate: every round)\n",
     [](const TournamentRun& r) { return run_seat(r.journal(), r.tournament(), r.o, r.opt, r.out, r.err); }},
    {"call-time", true, false, Opens::JournalAndTournament,
     "  call-time --round N             Referee calls time in every unfinished game of the round\n",
     [](const TournamentRun& r) { return run_call_time(r.journal(), r.tournament(), r.o, r.opt, r.out, r.err); }},
    {"standings", false, true, Opens::JournalAndTournament,
     "  standings                       points by place, then the standings (JSON: {\"tournament\", \"rounds\",\n"
     "                                   \"tie_breaks\", \"final_rule\", \"champion\", \"standings\": [{\"rank\",\n"
     "                                   \"player\", \"points\", \"net_worth\", \"tables\", \"tie_breaks\", \"final\"?,\n"
     "                                   \"field\"?}], \"head\", \"head_record\"}): the tournament's current head, to\n"
     "                                   keep; field, after duplicate rounds: the score against the same seat\n"
     "                                   at the round's other tables of its size, a percentage\n",
     [](const TournamentRun& r) { return run_standings(r.journal(), r.tournament(), r.o, r.out, r.err); }},
    {"sheet", true, false, Opens::JournalAndTournament,
     "  sheet --round N --table T --html FILE   the table's score sheet, with the game's head hash\n",
     [](const TournamentRun& r) { return run_sheet(r.journal(), r.tournament(), r.o, r.opt, r.out, r.err); }},
    // Reads only, but the page it writes carries every table's key.
    {"print", true, true, Opens::JournalAndTournament,
     "  print --standings --html FILE   the standings as a wall chart (rank, points, tie-breaks, net worth)\n"
     "  print --round N --html FILE     the round's table cards (seats, the table's key made again from the\n"
     "                                   judge's) and score sheets, one page a table; records nothing; the file\n"
     "                                   is readable by you alone (JSON: {\"round\", \"file\", \"tables\": [{\"table\",\n"
     "                                   \"game\", \"key_printed\"}]})\n",
     [](const TournamentRun& r) { return run_print(r.journal(), r.tournament(), r.o, r.opt, r.out, r.err); }},
    {"appeal", true, false, Opens::JournalAndTournament,
     "  appeal --game ID \"CLAIM\" [--upheld [--correction MOVE]]   the Head Judge's ruling, recorded\n",
     [](const TournamentRun& r) { return run_appeal(r.journal(), r.tournament(), r.o, r.opt, r.out, r.err); }},
    {"log", false, true, Opens::JournalAndTournament,
     "  log                             rounds, calls of time, appeals and their outcomes, sheets\n",
     [](const TournamentRun& r) { return run_tournament_log(r.tournament(), r.o, r.out); }},
    {"enter", true, false, Opens::JournalAndTournament,
     "  enter NAME / withdraw NAME / no-show NAME   from the next round seated\n",
     [](const TournamentRun& r) { return run_entry(r.journal(), r.tournament(), EntryKind::LateEntry, r.o, r.opt, r.out, r.err); }},
    // Its help is on enter's line.
    {"withdraw", true, false, Opens::JournalAndTournament,
     "",
     [](const TournamentRun& r) { return run_entry(r.journal(), r.tournament(), EntryKind::Withdrawal, r.o, r.opt, r.out, r.err); }},
    // Its help is on enter's line.
    {"no-show", true, false, Opens::JournalAndTournament,
     "",
     [](const TournamentRun& r) { return run_entry(r.journal(), r.tournament(), EntryKind::NoShow, r.o, r.opt, r.out, r.err); }},
    // Needs no key: before time is called it is refused for everyone, after it the seed is
    // everyone's to check the dice with.
    {"reveal", false, false, Opens::JournalAndTournament,
     "  reveal --round N                a duplicate round's seed, once time is called in the round (before:\n"
     "                                   exit 3, rule tournament/reveal-after-time); JSON: {\"round\", \"seed\",\n"
     "                                   \"commitment\"}, the commitment being the SHA-256 of the seed's text\n",
     [](const TournamentRun& r) { return run_reveal_round(r.journal(), r.tournament(), r.o, r.opt, r.out, r.err); }},
    // Read only, for everyone: a hidden round's results are left out of both (tournament_export.h).
    {"export", false, true, Opens::JournalAndTournament,
     "  export --csv standings|results [--out FILE]   the standings, or every player's result at every\n"
     "                                   table, as CSV (a duplicate round's results once it ends)\n"
     "  export --record FILE            the whole event as one open record (docs/tournament-record.md)\n",
     [](const TournamentRun& r) { return run_tournament_export(r.journal(), r.tournament(), r.o, r.opt, r.out, r.err); }},
    // The record names its tournament itself: the journal is opened, no tournament loaded.
    {"check", false, true, Opens::JournalOnly,
     "  check FILE                      makes the record again from the journal: exit 0 when every figure\n"
     "                                   agrees, 1 naming each that differs (JSON: {\"ok\", \"tournament\",\n"
     "                                   \"differences\": [{\"path\", \"record\", \"journal\"}]}), 2 for a file\n"
     "                                   that is not a record. Files written are new (one there: exit 2)\n",
     [](const TournamentRun& r) { return run_tournament_check(r.journal(), r.o, r.opt, r.out, r.err); }},
};

const TournamentAction* action_named(const std::string& name) {
  for (const TournamentAction& a : kTournamentActions)
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace

int tournament_failed(std::ostream& err, const Status& s) {
  err << "referee tournament: " << (s.is_conflict() ? "refused: " : "") << s.message() << "\n";
  return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
}

int tournament_usage(std::ostream& err, const std::string& message) {
  err << "referee tournament: " << message << " (see 'referee tournament --help')\n";
  return kExitUsage;
}

std::string tournament_action_names(std::string_view separator) {
  std::string out;
  for (const TournamentAction& a : kTournamentActions) {
    if (!out.empty()) out += separator;
    out += a.name;
  }
  return out;
}

std::string tournament_actions_help() {
  std::string out;
  for (const TournamentAction& a : kTournamentActions) out += a.help;
  return out;
}

std::string tournament_actions_without_key() {
  std::vector<std::string_view> names;
  for (const TournamentAction& a : kTournamentActions)
    if (!a.needs_key) names.push_back(a.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += std::string(i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + std::string(names[i]);
  return out;
}

bool tournament_action_needs_key(const std::string& action) {
  const TournamentAction* a = action_named(action);
  return a != nullptr && a->needs_key;
}

int run_tournament(const CommonOptions& o, const TournamentOptions& opt, std::ostream& out, std::ostream& err) {
  const TournamentAction* action = action_named(opt.action);
  if (action == nullptr)
    return usage(err, opt.action.empty() ? "which? " + tournament_action_names(", ")
                                         : "'" + opt.action + "' is not a tournament command");
  // --duplicate chooses duplicate rounds: every round (new) or one (seat); nothing else takes it.
  if (opt.duplicate && opt.action != "new" && opt.action != "seat")
    return usage(err, opt.action + " takes no --duplicate (new: every round duplicate; seat --round N: that round)");
  if (action->opens == Opens::Nothing) return action->run({nullptr, nullptr, o, opt, out, err});
  if (!journal_may_exist(o.db)) {
    err << "referee tournament: there is no journal at " << o.db << "\n";
    return kExitFailure;
  }
  std::unique_ptr<Journal> j;
  if (Status s = Journal::open(o.db, &j, action->reads_only); !s.is_ok()) return fail(err, s);
  if (action->opens == Opens::JournalOnly) return action->run({j.get(), nullptr, o, opt, out, err});
  Tournament t;
  if (Status s = load_tournament(*j, opt.tournament.value_or(0), &t); !s.is_ok()) return fail(err, s);
  if (action->needs_key)
    if (const int code = check_key(t, opt, err); code != kExitOk) return code;
  return action->run({j.get(), &t, o, opt, out, err});
}

int run_autoplay(const CommonOptions& o, int moves, std::uint64_t seed, std::ostream& out, std::ostream& err) {
  if (moves < 0) {
    err << "referee autoplay: --moves takes 0 (to the end) or more\n";
    return kExitUsage;
  }
  if (!journal_may_exist(o.db)) {
    err << "referee autoplay: there is no journal at " << o.db << "\n";
    return kExitFailure;
  }
  std::unique_ptr<Journal> j;
  if (Status s = Journal::open(o.db, &j); !s.is_ok()) {
    err << "referee autoplay: " << s.message() << "\n";
    return kExitFailure;
  }
  std::int64_t id = 0;
  Game g;
  if (Status s = resolve_game_id(*j, o.game, &id); !s.is_ok()) {
    err << "referee autoplay: " << s.message() << "\n";
    return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
  }
  if (Status s = load_game(*j, id, 0, &g); !s.is_ok()) {
    err << "referee autoplay: " << s.message() << "\n";
    return kExitFailure;
  }
  g.snapshot_every = o.snapshot_every;
  // To the end: a game of bots ends long before this; a limit keeps a stuck game from running on.
  constexpr int kToTheEnd = 20000;
  const int limit = moves == 0 ? kToTheEnd : moves;
  BotTable bots(g.ruleset, seed);
  int played = 0;
  while (played < limit && !game_is_over(g.ruleset, g.state)) {
    const std::optional<Command> move = bots.next_move(g.state);
    if (!move) break;
    PlayOutcome po;
    if (Status s = play_move(*j, g, *move, false, &po); !s.is_ok()) {
      err << "referee autoplay: " << s.message() << " (" << played << " moves recorded before it)\n";
      return kExitFailure;
    }
    if (!po.decision.accepted) {
      const Ruling words = ruling_of(g.ruleset, po.decision.violation, g.header.players);
      err << "referee autoplay: the built-in player proposed '"
          << print_move(*move, g.ruleset, g.header.players) << "', which the rules refuse: " << words.message << " ("
          << played << " moves recorded before it)\n";
      return kExitFailure;
    }
    ++played;
  }
  const bool over = game_is_over(g.ruleset, g.state);
  if (o.json) {
    out << ojson{{"game", id}, {"moves", played}, {"seq", g.state.seq}, {"head", g.head_hash}, {"over", over}}.dump() << "\n";
    return kExitOk;
  }
  out << fmt::format("Game {}: {} played by the built-in players{}. Head: event {}, hash {}\n", id, count_of(played, "move"),
                     over ? "; the game is over" : "", g.state.seq, g.head_hash.substr(0, kShortHash));
  return kExitOk;
}

}  // namespace deedlog
