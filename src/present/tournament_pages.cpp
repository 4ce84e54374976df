#include "present/tournament_pages.h"

#include <fmt/format.h>

#include "present/html_text.h"
#include "present/tournament_json.h"

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
  std::string pages;
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
