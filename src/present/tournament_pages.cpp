#include "present/tournament_pages.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "present/html_text.h"
#include "present/tournament_json.h"
#include "present/tournament_words.h"
#include "service/tournament_tie_breaks.h"

namespace deedlog {
namespace {

// The placings as the sheet's rows: place, player, the valuation's parts, net worth, points, and
// an empty cell to sign.
std::string placing_rows(const TableResult& r) {
  std::string rows;
  for (const Placing& p : r.placings) {
    rows += fmt::format(
        "<tr><td>{}</td><td>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td>"
        "<td class=n>{}</td><td class=n><b>{}</b></td><td class=n>{}</td><td class=sig></td></tr>\n",
        p.place, html_escape(p.player) + (p.bankrupt ? fmt::format(" (bankrupt, out {})", p.out_order) : ""),
        p.cash.units, p.sites.units, p.mortgaged.units, p.buildings.units, p.debts.units, p.net_worth.units,
        points_json(p.points).dump());
  }
  return rows;
}

// The journal as a check command names it (after --db): a name a shell reads as one word as it
// is, any other in single quotes; none given (the server's page), the placeholder JOURNAL.
std::string journal_word(const std::string& journal) {
  if (journal.empty()) return "JOURNAL";
  const bool plain = journal.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._/:@+=,%-") ==
                     std::string::npos;
  if (plain) return journal;
  std::string quoted = "'";
  for (char c : journal) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// What the placeholder stands for, where the page uses it.
std::string journal_note(const std::string& journal) {
  return journal.empty() ? "<br>(JOURNAL: the event's journal, the file the Head Judge keeps it in)" : "";
}

constexpr const char* kSheetColumns =
    "<tr><th>Place</th><th>Player</th><th>Cash</th><th>Sites at price</th><th>Mortgaged at half</th><th>Buildings</th>"
    "<th>Debts</th><th>Net worth</th><th>Points</th><th>Signature</th></tr>";

}  // namespace

std::string sheet_html(const Tournament& t, const TableResult& r, const Game& g, const std::string& journal) {
  const std::string db = html_escape(journal_word(journal));
  const std::string rows = placing_rows(r);
  const std::string state = r.over ? "over" : "NOT FINISHED: the figures may still change";
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{name}: round {round}, table {table}</title>
<style>
@page {{ size: A4 landscape; margin: 12mm; }}
body {{ font-family: sans-serif; font-size: 11pt; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border: 1px solid #444; padding: 4px 6px; }}
td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
td.sig {{ width: 18%; }}
.head {{ font-family: monospace; font-size: 10pt; word-break: break-all; }}
</style></head><body>
<h1>{name}</h1>
<p>Round {round}, table {table}: game {game} ({ruleset}), {state}.</p>
<table>
{columns}
{rows}</table>
<p>Net worth as the short game reckons it: cash, each site at its printed price (a mortgaged one at half), houses and hotels at their cost, less debts. A bankrupt player is placed by the order of going out. Points: 6 to the first, 0 to the last, evenly between.</p>
<p>Head of the game's journal: event <span id="seq">{seq}</span>, hash <span class="head" id="head">{head}</span><br>
Check it: <code id="check-game">referee --db {db} --game {game} verify --expect-head {short}</code></p>
<p>Head of the tournament's records before this sheet: record <span id="tournament-records">{records}</span>, hash <span class="head" id="tournament-head">{tournament_head}</span><br>
Check it: <code id="check-tournament">referee --db {db} verify --tournament {tournament} --expect-head {tournament_short}</code>{note}</p>
<p>Head Judge: ____________________</p>
</body></html>
)",
                     fmt::arg("name", html_escape(t.settings.name)), fmt::arg("round", r.round), fmt::arg("table", r.table),
                     fmt::arg("game", r.game), fmt::arg("ruleset", html_escape(g.header.ruleset)), fmt::arg("state", state),
                     fmt::arg("columns", kSheetColumns), fmt::arg("rows", rows), fmt::arg("seq", r.seq), fmt::arg("head", r.head),
                     fmt::arg("short", r.head.substr(0, kShortHash)), fmt::arg("records", t.last_seq),
                     fmt::arg("tournament_head", t.head), fmt::arg("tournament", t.id),
                     fmt::arg("tournament_short", t.head.substr(0, kShortHash)), fmt::arg("db", db),
                     fmt::arg("note", journal_note(journal)));
}

std::string round_print_html(const Tournament& t, const PrintedRound& printed, const std::string& journal) {
  const std::string db = html_escape(journal_word(journal));
  const TournamentRound& round = printed.round;
  const std::string title =
      round.final ? fmt::format("{}: the final", html_escape(t.settings.name))
                  : fmt::format("{}: round {}", html_escape(t.settings.name), round.round);
  // First, for the wall: who sits where, by name and by table (no key on these pages).
  std::vector<std::pair<std::string, std::pair<int, std::size_t>>> seats_by_name;
  std::string by_table;
  for (const PrintedTable& p : printed.tables) {
    std::string players;
    for (std::size_t s = 0; s < p.table.players.size(); ++s) {
      seats_by_name.push_back({p.table.players[s], {p.table.table, s + 1}});
      (players += players.empty() ? "" : ", ") += html_escape(p.table.players[s]);
    }
    by_table += fmt::format("<tr data-table=\"{}\"><td class=n>{}</td><td>{}</td><td class=n>{}</td></tr>\n", p.table.table,
                            p.table.table, players, p.table.game);
  }
  std::sort(seats_by_name.begin(), seats_by_name.end());
  std::string by_name;
  for (const auto& [player, at] : seats_by_name)
    by_name += fmt::format("<tr data-player=\"{0}\"><td>{0}</td><td class=n>{1}</td><td class=n>{2}</td></tr>\n",
                           html_escape(player), at.first, at.second);
  std::string pages = fmt::format(R"(<section class=table id=pairings-by-name>
<h1>Seating by name</h1>
<p class=sub>{title}</p>
<table><tr><th>Player</th><th>Table</th><th>Seat (1 throws first)</th></tr>
{by_name}</table>
</section>
<section class=table id=pairings-by-table>
<h1>Seating by table</h1>
<p class=sub>{title}</p>
<table><tr><th>Table</th><th>Players, in throwing order</th><th>Game</th></tr>
{by_table}</table>
</section>
)",
                                  fmt::arg("title", title), fmt::arg("by_name", by_name), fmt::arg("by_table", by_table));
  for (const PrintedTable& p : printed.tables) {
    std::string seats;
    for (std::size_t s = 0; s < p.table.players.size(); ++s)
      seats += fmt::format("<li>{}{}</li>", html_escape(p.table.players[s]), s == 0 ? " <small>(throws first)</small>" : "");
    const std::string key =
        p.table.key.empty()
            ? "<p class=key>This round's keys were drawn at random when it was seated (an earlier version): "
              "only that seating printed them.</p>"
            : fmt::format("<p>The table's key (keep it at the table; it plays this game only):</p><p class=key>{}</p>",
                          p.table.key);
    const TableResult& r = p.result;
    const std::string state = r.over ? "The game is over" : "Figures as they stand: they may still change";
    pages += fmt::format(R"(<section class=table>
<h1>Table {table}</h1>
<p class=sub>{title} &middot; game {game} ({ruleset}){limit}</p>
<h2>Seats</h2>
<ol class=seats>{seats}</ol>
{key}
<p class=how>Play: <code>referee --game {game} table --server URL</code> with the key in a file only the table reads
(<code>--key-file FILE</code>), or the game's page on the server with the key.</p>
<h2>Score sheet</h2>
<p>{state}; head event {seq}, hash <span class=head>{short}</span> (check it: <code class=check>referee --db {db} --game {game} verify --expect-head {short}</code>){note}.</p>
<table>{columns}
{rows}</table>
<p>Head Judge: ____________________</p>
</section>
)",
                         fmt::arg("table", p.table.table), fmt::arg("title", title), fmt::arg("game", p.table.game),
                         fmt::arg("ruleset", html_escape(t.settings.ruleset)),
                         fmt::arg("limit", t.settings.time_limit.empty()
                                               ? std::string()
                                               : fmt::format(" &middot; time limit {}", html_escape(t.settings.time_limit))),
                         fmt::arg("seats", seats), fmt::arg("key", key), fmt::arg("state", state),
                         fmt::arg("seq", r.seq), fmt::arg("short", r.head.substr(0, kShortHash)),
                         fmt::arg("columns", kSheetColumns), fmt::arg("rows", placing_rows(r)), fmt::arg("db", db),
                         fmt::arg("note", journal_note(journal)));
  }
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}: cards and sheets</title>
<style>
@page {{ size: A4 landscape; margin: 12mm; }}
body {{ font-family: sans-serif; font-size: 11pt; }}
section.table {{ break-after: page; page-break-after: always; }}
section.table:last-child {{ break-after: auto; page-break-after: auto; }}
h1 {{ font-size: 28pt; margin: 0; }}
.sub {{ font-size: 13pt; }}
ol.seats {{ font-size: 16pt; }}
.key, .head {{ font-family: monospace; word-break: break-all; }}
.key {{ font-size: 14pt; border: 1px dashed #444; padding: 6px; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border: 1px solid #444; padding: 4px 6px; }}
td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
td.sig {{ width: 18%; }}
@media screen {{ section.table {{ border-bottom: 2px solid #888; margin-bottom: 2em; }} }}
</style></head><body>
{pages}</body></html>
)",
                     fmt::arg("title", title), fmt::arg("pages", pages));
}

std::string standings_wall_html(const Tournament& t, const std::vector<Standing>& standings, int rounds_counted) {
  std::string head = "<tr><th>Rank</th><th>Player</th><th>Points</th>";
  for (TieBreak tb : t.settings.tie_break_order()) head += fmt::format("<th>{}</th>", html_escape(std::string(tie_break_name(tb))));
  head += "<th>Net worth</th><th>Tables</th></tr>";
  std::string rows;
  for (const Standing& s : standings) {
    std::string figures;
    for (const TieBreakValue& v : s.tie_breaks) figures += fmt::format("<td class=n>{}</td>", tie_break_json(v).dump());
    rows += fmt::format("<tr data-player=\"{0}\" data-rank=\"{1}\"><td class=n>{1}</td><td>{0}{2}{3}</td><td class=n><b>{4}</b></td>"
                        "{5}<td class=n>{6}</td><td class=n>{7}</td></tr>\n",
                        html_escape(s.player), s.rank,
                        s.no_show     ? " <small>(no-show)</small>"
                        : s.withdrawn ? " <small>(withdrawn)</small>"
                                      : "",
                        s.final ? fmt::format(" <small>(final: place {})</small>", s.final->place) : "",
                        points_json(s.points).dump(), figures, s.net_worth.units, s.tables.size());
  }
  const std::string champion =
      !standings.empty() && standings.front().final
          ? fmt::format("<p class=champion id=champion>Champion: {}</p>\n", html_escape(standings.front().player))
          : std::string();
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{name}: standings</title>
<style>
@page {{ size: A4 portrait; margin: 10mm; }}
body {{ font-family: sans-serif; font-size: 13pt; }}
h1 {{ font-size: 24pt; margin: 0 0 0.2em; }}
.champion {{ font-size: 20pt; font-weight: bold; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border: 1px solid #444; padding: 3px 6px; }}
td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
tr {{ break-inside: avoid; page-break-inside: avoid; }}
</style></head><body>
<h1>{name}</h1>
<p>Standings after {rounds} round{s}: points, then {ties}. Head of the tournament's records: record {seq}, hash <code>{short}</code>.</p>
{champion}<table>{head}
{rows}</table>
</body></html>
)",
                     fmt::arg("name", html_escape(t.settings.name)), fmt::arg("rounds", rounds_counted),
                     fmt::arg("s", rounds_counted == 1 ? "" : "s"), fmt::arg("ties", html_escape(tie_break_list(t))),
                     fmt::arg("seq", t.last_seq), fmt::arg("short", t.head.substr(0, kShortHash)),
                     fmt::arg("champion", champion), fmt::arg("head", head), fmt::arg("rows", rows));
}

nlohmann::ordered_json round_print_json(const PrintedRound& printed, const std::string& file) {
  nlohmann::ordered_json tables = nlohmann::ordered_json::array();
  for (const PrintedTable& p : printed.tables)
    tables.push_back({{"table", p.table.table}, {"game", p.table.game}, {"key_printed", !p.table.key.empty()}});
  return {{"round", printed.round.round}, {"file", file}, {"tables", tables}};
}

std::string round_print_words(const PrintedRound& printed, const std::string& file) {
  int keys = 0;
  for (const PrintedTable& p : printed.tables) keys += p.table.key.empty() ? 0 : 1;
  const std::size_t n = printed.tables.size();
  std::string words = fmt::format("{} printed to {}: {} table{}, a page each (its card and its score sheet).\n",
                                  printed.round.final ? std::string("The final")
                                                      : fmt::format("Round {}", printed.round.round),
                                  file, n, n == 1 ? "" : "s");
  if (keys == static_cast<int>(n))
    words += "Each card carries its table's key: the file is readable by you alone; hand each card to its table.\n";
  else
    words += fmt::format("{} of the cards carry a key: this round's keys were drawn at random when it was seated (an "
                         "earlier version), and only that seating printed them.\n",
                         keys);
  return words;
}

}  // namespace deedlog
