#include "serve/serve_tournament.h"

#include <fmt/format.h>
#include <httplib.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "serve/serve_body.h"
#include "serve/serve_reply.h"
#include "core/plural.h"
#include "deedlog/clock_stamp.h"
#include "deedlog/valuation.h"
#include "journal/journal.h"
#include "present/game_json.h"
#include "present/html_text.h"
#include "present/refusal_words.h"
#include "present/tournament_csv.h"
#include "present/tournament_json.h"
#include "present/tournament_pages.h"
#include "present/tournament_record.h"
#include "service/game_session.h"
#include "service/round_print.h"
#include "service/tournament_export.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

std::string tag_of(const GameHeader& h, const std::string& name) {
  for (const auto& [n, v] : h.tags)
    if (n == name) return v;
  return "";
}

// Seconds left before the game's hour: [Started] (dated) plus [TimeLimit]; a tournament's games
// carry no [Started] (docs/tournaments.md), so their clock runs from when the round was seated
// (round_at, its record's time). None when the game has no [TimeLimit] or no start is known.
std::optional<std::int64_t> seconds_left(const Game& g, const std::string& round_at) {
  if (g.header.time_limit.empty()) return std::nullopt;
  const std::optional<std::int64_t> limit = duration_seconds(g.header.time_limit);
  const std::string& from = is_dated(g.header.started) ? g.header.started : round_at;
  const std::int64_t start = is_dated(from) ? clock_seconds(from) : kNoTime;
  if (!limit || start == kNoTime) return std::nullopt;
  const std::int64_t now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  return std::max<std::int64_t>(0, start + *limit - now);
}


// The judge's view: the standings and each round's tables. The tables of a duplicate round still
// in play show who leads only to the Head Judge.
Status tournament_view(Journal& j, const Tournament& t, bool judge, TournamentView* out) {
  TournamentView v;
  if (Status s = tournament_standings(j, t, &v.standings, &v.rounds_counted); !s.is_ok()) return s;
  for (const TournamentRound& r : t.rounds) {
    RoundView rv;
    rv.round = r.round;
    rv.final = r.final;
    rv.time_called = r.time_called;
    rv.duplicate = !r.commitment.empty();
    rv.commitment = r.commitment;
    if (rv.duplicate)
      if (Status s = tournament_round_ended(j, r, &rv.ended); !s.is_ok()) return s;
    std::string seated_at;
    for (const TournamentLogLine& l : t.log)
      if (l.seq == r.record_seq) seated_at = l.at;
    for (const TournamentTable& table : r.tables) {
      Game g;
      if (Status s = load_game(j, table.game, 0, &g); !s.is_ok()) return s;
      TableView tv;
      tv.table = table.table;
      tv.game = table.game;
      tv.players = table.players;
      tv.over = game_is_over(g.ruleset, g.state);
      tv.time_called = g.state.time_called;
      const std::optional<std::int64_t> left = seconds_left(g, seated_at);
      if (left && !tv.time_called && !tv.over) tv.seconds_left = left;
      if (rv.duplicate && !rv.ended && !judge) {
        tv.hidden = true;
      } else {
        TableResult result;
        if (Status s = table_result(j, t, r.round, table.table, &result); !s.is_ok()) return s;
        tv.seq = result.seq;
        if (!result.placings.empty()) tv.leader = result.placings.front().player;
        for (const Placing& p : result.placings) tv.net_worth.emplace_back(p.player, p.net_worth);
      }
      rv.tables.push_back(std::move(tv));
    }
    v.rounds.push_back(std::move(rv));
  }
  *out = std::move(v);
  return Status::ok();
}

// The page's parts that change (the standings, each round's tables, the appeals): rendered here
// for the first answer and again for each refresh the page's script asks (with the Head Judge's
// key in its header, so a hidden table's leader shows to the judge), which swaps #view whole.
// Everything from the journal goes in escaped. The data-* attributes are what the browser test
// reads (tests/serve/tournament_judge_page_test.cpp): keep them stable.
std::string view_part(const TournamentView& v, const Tournament& t) {
  std::string html = fmt::format("<h2>Standings after {}</h2>\n<div class=\"wide\"><table id=\"standings\">"
                                 "<tr><th>Rank</th><th>Player</th><th>Points</th><th>Net worth</th></tr>\n",
                                 count_of(v.rounds_counted, "round"));
  for (const Standing& s : v.standings) {
    const std::string player = html_escape(s.player);
    const std::string points = points_json(s.points).dump();
    html += fmt::format("<tr data-player=\"{}\" data-rank=\"{}\" data-points=\"{}\" data-worth=\"{}\" data-withdrawn=\"{}\" "
                        "data-no-show=\"{}\"><td>{}</td><td>{}{}</td><td>{}</td><td>{}</td></tr>\n",
                        player, s.rank, points, s.net_worth.units, s.withdrawn, s.no_show, s.rank, player,
                        s.no_show     ? " <small>(no-show)</small>"
                        : s.withdrawn ? " <small>(withdrawn)</small>"
                                      : "",
                        points, s.net_worth.units);
  }
  html += "</table></div>\n";
  for (const RoundView& r : v.rounds) {
    html += fmt::format("<section class=\"round\" data-round=\"{}\" data-final=\"{}\" data-time-called=\"{}\" "
                        "data-ended=\"{}\">\n<h2>{}{}{}</h2>\n",
                        r.round, r.final, r.time_called, r.ended,
                        r.final ? fmt::format("The final (round {})", r.round) : fmt::format("Round {}", r.round),
                        r.duplicate ? ", duplicate" : "", r.time_called ? ": time called" : "");
    // A duplicate round's commitment, on the page as in seat's output (docs/tournaments.md).
    if (r.duplicate)
      html += fmt::format("<p>Commitment (the SHA-256 of the round's seed): <code>{}</code>{}</p>\n", html_escape(r.commitment),
                          r.time_called ? fmt::format(" &middot; <a class=\"reveal\" href=\"/api/tournaments/{}/rounds/{}/reveal\">"
                                                      "the seed, revealed</a>",
                                                      t.id, r.round)
                                        : std::string());
    // The Head Judge's button; the script enables it once this tab holds a key.
    if (!r.time_called)
      html += fmt::format("<p class=\"judge-only\"><button type=\"button\" class=\"call-time\" data-round=\"{}\" disabled>"
                          "Call time in round {}</button></p>\n",
                          r.round, r.round);
    html += "<div class=\"wide\"><table><tr><th>Table</th><th>Players</th><th>State</th><th>Leads</th><th>Time left</th></tr>\n";
    for (const TableView& tv : r.tables) {
      std::string players;
      for (const std::string& p : tv.players) (players += players.empty() ? "" : ", ") += p;
      // Time called shows first: a game it ended is over too, and the judge wants to see why.
      const char* state = tv.time_called ? "time-called" : tv.over ? "over" : "in-play";
      const char* words = tv.time_called ? (tv.over ? "time called, over" : "time called, move finishing")
                          : tv.over      ? "over"
                                         : "in play";
      const std::string leader = tv.hidden || !tv.leader ? "" : html_escape(*tv.leader);
      const std::string leads = tv.hidden ? "(hidden until the round ends)" : leader;
      std::string left;
      if (tv.seconds_left) left = fmt::format("{}:{:02}", *tv.seconds_left / 60, *tv.seconds_left % 60);
      html += fmt::format("<tr data-game=\"{}\" data-table=\"{}\" data-state=\"{}\" data-leader=\"{}\" data-hidden=\"{}\">"
                          "<td><a href=\"{}\">Table {}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                          tv.game, tv.table, state, leader, tv.hidden, table_page(tv.game), tv.table, html_escape(players),
                          words, leads, left);
    }
    html += "</table></div>\n</section>\n";
  }
  html += fmt::format("<h2>Appeals</h2>\n<ol id=\"appeals\" data-count=\"{}\">\n", t.appeals.size());
  for (const TournamentAppeal& a : t.appeals) {
    std::string ruling = a.upheld ? "upheld: " + html_escape(a.correction) : std::string("rejected");
    html += fmt::format("<li data-appeal=\"{}\" data-game=\"{}\" data-outcome=\"{}\">Round {}, table {} (game {}): {} "
                        "&mdash; {}</li>\n",
                        a.number, a.game, a.upheld ? "upheld" : "rejected", a.round, a.table, a.game,
                        html_escape(a.claim), ruling);
  }
  html += fmt::format("</ol>\n<p><a href=\"/api/tournaments/{0}/log\">The log</a> (appeals, calls of time, sheets).</p>\n"
                      "<p id=\"exports\">To keep or print: <a href=\"/api/tournaments/{0}/standings/print\" target=\"_blank\">the "
                      "standings as a wall chart</a> &middot; <a href=\"/api/tournaments/{0}/standings.csv\">standings.csv</a> "
                      "&middot; <a href=\"/api/tournaments/{0}/results.csv\">results.csv</a> &middot; <a "
                      "href=\"/api/tournaments/{0}/record\">the record</a> (checked with <code>referee tournament check "
                      "FILE</code>).</p>\n",
                      t.id);
  return html;
}

// The script of the judge's page: the Head Judge's key (kept in this tab's sessionStorage, sent
// only in the Authorization header, never in an address), calling time, ruling appeals, and the
// view refreshed every 30 s without losing what is typed. Plain JS, nothing from elsewhere.
constexpr const char* kJudgeScript = R"js(
"use strict";
const $ = (id) => document.getElementById(id);
const tid = document.body.dataset.tournament;
const store = "deedlog-judge-" + tid;
let pendingRound = 0, refreshes = 0;
function key() { return sessionStorage.getItem(store) || ""; }
function headers() {
  const h = { "Content-Type": "application/json" };
  if (key()) h["Authorization"] = "Bearer " + key();
  return h;
}
// The answer to the judge's last action: its HTTP status and kind for programs, words for people.
function answer(status, kind, text, rule) {
  const p = $("answer");
  p.dataset.status = String(status);
  p.dataset.kind = kind;
  p.dataset.rule = rule || "";
  p.className = kind === "error" ? "error" : "done";
  p.textContent = text;
  p.scrollIntoView({ block: "nearest" });  // on a phone the tools may be a screen away from the button tapped
}
function errorWords(status, doc) {
  const why = status === 401 ? "this key opens nothing here (the Head Judge's key is needed)"
            : status === 403 ? "this is a table's key: it plays its own game only"
            : "";
  return "Refused (HTTP " + status + "): " + (doc.error || why) + (why && doc.error ? " \u2014 " + why : "");
}
async function send(path, body) {
  let r;
  try { r = await fetch(path, { method: "POST", headers: headers(), body: JSON.stringify(body) }); }
  catch (e) { return { status: 0, doc: { error: "the server cannot be reached" } }; }
  let doc = {};
  try { doc = await r.json(); } catch (e) { doc = {}; }
  return { status: r.status, doc };
}
// The key's state and the buttons it opens.
function showKey() {
  const has = key() !== "";
  const s = $("key-state");
  s.dataset.hasKey = String(has);
  s.textContent = has ? "This tab holds a key: it is sent with each action (and kept only until the tab closes)."
                      : "No key in this tab: the page shows the event; calling time and appeals need the Head Judge's key.";
  $("key-forget").disabled = !has;
  document.querySelectorAll("button.call-time").forEach((b) => { b.disabled = !has; });
  $("appeal-send").disabled = !has;
  ["seat-send", "print-send", "sheet-send"].forEach((id) => { $(id).disabled = !has; });
  document.querySelectorAll("button.entry").forEach((b) => { b.disabled = !has; });
}
// The games an appeal may be about, from the tables in the view.
function games() {
  const sel = $("appeal-game");
  const was = sel.value;
  sel.textContent = "";
  document.querySelectorAll("#view section.round").forEach((r) => {
    r.querySelectorAll("tr[data-game]").forEach((row) => {
      const o = document.createElement("option");
      o.value = row.dataset.game;
      o.textContent = "Round " + r.dataset.round + ", table " + row.dataset.table + " (game " + row.dataset.game + ")";
      sel.appendChild(o);
    });
  });
  if (was && sel.querySelector("option[value=\"" + was + "\"]")) sel.value = was;
}
// The view again from the server (with the key: a hidden table's leader shows to the judge).
async function refresh() {
  let r;
  try { r = await fetch(location.pathname, { headers: headers(), cache: "no-store" }); } catch (e) { return; }
  if (!r.ok) return;
  const doc = new DOMParser().parseFromString(await r.text(), "text/html");
  const v = doc.getElementById("view");
  if (!v) return;
  $("view").replaceChildren(...Array.from(v.childNodes).map((n) => document.adoptNode(n)));
  $("view").dataset.refreshed = String(++refreshes);
  games();
  nextRound();
  showKey();
}
function useKey() {
  const k = $("judge-key").value.trim();
  if (!k) return;
  sessionStorage.setItem(store, k);
  $("judge-key").value = "";
  showKey();
  refresh();
}
$("key-use").onclick = useKey;
$("judge-key").onkeydown = (e) => { if (e.key === "Enter") { e.preventDefault(); useKey(); } };
$("key-forget").onclick = () => { sessionStorage.removeItem(store); showKey(); refresh(); };
// Calling time asks once more before it is done: it ends every unfinished game of the round.
$("view").addEventListener("click", (e) => {
  const b = e.target.closest("button.call-time");
  if (!b || b.disabled) return;
  pendingRound = parseInt(b.dataset.round, 10);
  $("confirm-words").textContent = "Call time in every unfinished game of round " + pendingRound + "? It cannot be undone.";
  $("confirm").dataset.round = String(pendingRound);
  $("confirm").hidden = false;
  $("confirm").scrollIntoView({ block: "center" });
  $("confirm-yes").focus();
});
$("confirm-no").onclick = () => { pendingRound = 0; $("confirm").hidden = true; };
$("confirm-yes").onclick = async () => {
  const round = pendingRound;
  $("confirm").hidden = true;
  pendingRound = 0;
  if (!round) return;
  const r = await send("/api/tournaments/" + tid + "/rounds/" + round + "/call-time", {});
  if (r.status === 200) {
    const called = (r.doc.games || []).filter((g) => g.called).map((g) => "table " + g.table + " (game " + g.game + ")");
    answer(200, "call-time", "Time called in round " + round + ": " + (called.length ? called.join(", ") : "no game was still in play") + ".");
  } else answer(r.status, "error", errorWords(r.status, r.doc));
  refresh();
};
$("appeal-upheld").onchange = $("appeal-rejected").onchange = () => {
  $("correction-row").hidden = !$("appeal-upheld").checked;
};
$("appeal-send").onclick = async () => {
  const upheld = $("appeal-upheld").checked;
  const body = { game: parseInt($("appeal-game").value, 10), claim: $("appeal-claim").value.trim(), upheld };
  if (upheld) body.correction = $("appeal-correction").value.trim();
  const r = await send("/api/tournaments/" + tid + "/appeals", body);
  if (r.status === 201) {
    answer(201, "appeal", "Appeal " + r.doc.appeal + " (game " + r.doc.game + ") " + (r.doc.upheld ? "upheld: " + r.doc.correction : "rejected") + ", recorded in the game.");
    $("appeal-claim").value = "";
    $("appeal-correction").value = "";
  } else if (r.doc.violation) {
    answer(r.status, "error", "Refused: the correction breaks " + r.doc.violation.rule + ": " + r.doc.violation.message, r.doc.violation.rule);
  } else answer(r.status, "error", errorWords(r.status, r.doc));
  refresh();
};
// Seating the next round (or the final): the answer names each table; the cards, with the
// tables' keys, are printed from the round's printed page, never shown here.
$("seat-send").onclick = async () => {
  const round = parseInt($("seat-round").value, 10);
  if (!(round > 0)) return answer(400, "error", "Which round? A number, 1 or more.");
  const r = await send("/api/tournaments/" + tid + "/rounds/" + round + "/seat", { final: $("seat-final").checked, duplicate: $("seat-duplicate").checked });
  if (r.status === 201) {
    const tables = (r.doc.tables || []).map((t) => "table " + t.table + ": " + t.players.join(", "));
    answer(201, "seat", (r.doc.final ? "The final" : "Round " + round) + " seated (" + tables.join("; ") + "), " +
           r.doc.repeat_meetings + (r.doc.repeat_meetings === 1 ? " repeat meeting" : " repeat meetings") +
           (r.doc.commitment ? ", duplicate, commitment " + r.doc.commitment : "") + ". Print its cards for the tables' keys.");
    $("print-round").value = String(round);
  } else answer(r.status, "error", errorWords(r.status, r.doc));
  refresh();
};
// A late entry, a withdrawal, a no-show: from the next round seated.
document.querySelectorAll("button.entry").forEach((b) => {
  b.onclick = async () => {
    const name = $("entry-name").value.trim();
    if (!name) return answer(400, "error", "Whose? Type the player's name.");
    const r = await send("/api/tournaments/" + tid + "/" + b.dataset.route, { name });
    if (r.status === 201) {
      answer(201, "entry", name + ": " + b.textContent.toLowerCase() + " recorded, from the next round seated.");
      $("entry-name").value = "";
    } else answer(r.status, "error", errorWords(r.status, r.doc));
    refresh();
  };
});
// The round's cards and sheets in a window of their own, to print: asked with the key in the
// header (a link could not carry it), so the window is opened first, while the tap still counts.
$("print-send").onclick = async () => {
  const round = parseInt($("print-round").value, 10);
  if (!(round > 0)) return answer(400, "error", "Which round? A number, 1 or more.");
  const w = window.open("", "_blank");
  let r;
  try { r = await fetch("/api/tournaments/" + tid + "/rounds/" + round + "/print", { headers: headers(), cache: "no-store" }); }
  catch (e) { if (w) w.close(); return answer(0, "error", "Refused (HTTP 0): the server cannot be reached"); }
  if (!r.ok) {
    if (w) w.close();
    let doc = {};
    try { doc = await r.json(); } catch (e) { doc = {}; }
    return answer(r.status, "error", errorWords(r.status, doc));
  }
  const page = await r.text();
  if (w) { w.document.open(); w.document.write(page); w.document.close(); }
  answer(200, "print", "Round " + round + "'s cards and sheets are in a new window" + (w ? "" : " (blocked: allow pop-ups)") + ".");
};
// A table's score sheet: recorded (its head, to be signed), then shown in a window of its own to
// print, as the round's cards are.
$("sheet-send").onclick = async () => {
  const round = parseInt($("sheet-round").value, 10), table = parseInt($("sheet-table").value, 10);
  if (!(round > 0) || !(table > 0)) return answer(400, "error", "Which round and table? Numbers, 1 or more.");
  const w = window.open("", "_blank");
  const r = await send("/api/tournaments/" + tid + "/rounds/" + round + "/tables/" + table + "/sheet", {});
  if (r.status !== 201) {
    if (w) w.close();
    answer(r.status, "error", errorWords(r.status, r.doc));
    return refresh();
  }
  if (w) { w.document.open(); w.document.write(r.doc.html); w.document.close(); }
  answer(201, "sheet", "The sheet of round " + round + ", table " + table + " is recorded (head " + String(r.doc.head).slice(0, 12) +
         ")" + (w ? "" : "; allow pop-ups to print it") + ".");
  refresh();
};
function nextRound() {
  const rounds = document.querySelectorAll("#view section.round");
  const input = $("seat-round");
  if (document.activeElement !== input) input.value = String(rounds.length + 1);
  if (!$("print-round").value && rounds.length) $("print-round").value = String(rounds.length);
}
$("judge").hidden = false;
document.body.classList.add("scripted");
nextRound();
games();
showKey();
if (key()) refresh();
setInterval(refresh, 30000);
)js";

std::string view_page(const TournamentView& v, const Tournament& t) {
  const std::string name = html_escape(t.settings.name);
  std::string html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                     "<link rel=\"icon\" href=\"data:,\">\n<title>";
  html += name;
  // Without a script the page reloads itself; with one, the script refreshes the view alone, so
  // an appeal half typed is not lost.
  html += "</title>\n<noscript><meta http-equiv=\"refresh\" content=\"30\"></noscript>\n<style>\n"
          "* { box-sizing: border-box; }\n"
          "body { font-family: system-ui, \"DejaVu Sans\", sans-serif; margin: 0 auto; padding: 0.5em; max-width: 1100px; color: #222; }\n"
          "h1 { font-size: 1.3em; margin: 0.2em 0 0.4em; } h2 { font-size: 1.05em; margin: 0.8em 0 0.3em; }\n"
          ".wide { overflow-x: auto; }\n"
          "table { border-collapse: collapse; margin-bottom: 0.6em; min-width: 100%; }\n"
          "td, th { border-bottom: 1px solid #ccc; padding: 0.25em 0.4em; text-align: left; }\n"
          "input, button, select { font-size: 1em; max-width: 100%; }\n"
          "input, select { padding: 0.35em; border: 1px solid #999; border-radius: 4px; }\n"
          "button { padding: 0.45em 0.8em; min-height: 2.6em; border: 1px solid #1b4d2b; border-radius: 6px; background: #e6f2e8; color: #1b4d2b; cursor: pointer; }\n"
          "button:disabled { color: #888; border-color: #bbb; background: #f2f2f2; cursor: default; }\n"
          "fieldset { margin: 0 0 0.6em; padding: 0.4em 0.6em; border: 1px solid #bbb; border-radius: 6px; }\n"
          ".row { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; margin: 0.3em 0; }\n"
          ".row label { display: flex; gap: 0.3em; align-items: center; flex: 1 1 12em; min-width: 0; }\n"
          ".row label input, .row label select { flex: 1 1 auto; min-width: 0; width: 100%; }\n"
          ".row label.choice { flex: 0 0 auto; }\n"
          "#confirm { background: #fff6d5; border: 1px solid #c90; border-radius: 6px; padding: 0.5em; }\n"
          "#answer:empty { display: none; } #answer { padding: 0.4em; border-radius: 6px; }\n"
          "#answer.error { color: #a00; font-weight: bold; } #answer.done { background: #e6f2e8; }\n"
          "#key-state { font-size: 0.9em; color: #555; }\n"
          "body:not(.scripted) .judge-only { display: none; }\n"
          "</style></head>\n<body data-tournament=\"";
  html += std::to_string(t.id);
  html += "\">\n<h1>";
  html += name;
  html += "</h1>\n<div id=\"view\">\n";
  html += view_part(v, t);
  html += "</div>\n"
          "<section id=\"judge\" hidden>\n<h2>The Head Judge</h2>\n"
          "<div class=\"row\"><label>Key <input id=\"judge-key\" type=\"password\" autocomplete=\"off\" autocapitalize=\"off\" "
          "spellcheck=\"false\" placeholder=\"the Head Judge's key\"></label>"
          "<button type=\"button\" id=\"key-use\">Use</button><button type=\"button\" id=\"key-forget\">Forget</button></div>\n"
          "<p id=\"key-state\" data-has-key=\"false\"></p>\n"
          "<div id=\"confirm\" hidden><p id=\"confirm-words\"></p><div class=\"row\">"
          "<button type=\"button\" id=\"confirm-yes\">Call time</button><button type=\"button\" id=\"confirm-no\">Cancel</button>"
          "</div></div>\n"
          "<fieldset id=\"seating\"><legend>Seating and printing</legend>\n"
          "<div class=\"row\"><label>Round <input id=\"seat-round\" type=\"number\" min=\"1\" inputmode=\"numeric\"></label>"
          "<label class=\"choice\"><input type=\"checkbox\" id=\"seat-final\"> the final</label>"
          "<label class=\"choice\"><input type=\"checkbox\" id=\"seat-duplicate\"> duplicate (dice dealt by seat)</label>"
          "<button type=\"button\" id=\"seat-send\" disabled>Seat the round</button></div>\n"
          "<div class=\"row\"><label>Round <input id=\"print-round\" type=\"number\" min=\"1\" inputmode=\"numeric\"></label>"
          "<button type=\"button\" id=\"print-send\" disabled>Print its cards and sheets</button></div>\n"
          "<div class=\"row\"><label>Round <input id=\"sheet-round\" type=\"number\" min=\"1\" inputmode=\"numeric\"></label>"
          "<label>Table <input id=\"sheet-table\" type=\"number\" min=\"1\" inputmode=\"numeric\"></label>"
          "<button type=\"button\" id=\"sheet-send\" disabled>Record a table's sheet</button></div>\n"
          "</fieldset>\n"
          "<fieldset id=\"players\"><legend>Players, from the next round seated</legend>\n"
          "<div class=\"row\"><label>Name <input id=\"entry-name\" autocomplete=\"off\" placeholder=\"the player's name\"></label></div>\n"
          "<div class=\"row\"><button type=\"button\" class=\"entry\" data-route=\"entries\" disabled>Late entry</button>"
          "<button type=\"button\" class=\"entry\" data-route=\"withdrawals\" disabled>Withdrawal</button>"
          "<button type=\"button\" class=\"entry\" data-route=\"no-shows\" disabled>No-show</button></div>\n"
          "</fieldset>\n"
          "<fieldset id=\"appeal\"><legend>An appeal</legend>\n"
          "<div class=\"row\"><label>Game <select id=\"appeal-game\"></select></label></div>\n"
          "<div class=\"row\"><label>Claim <input id=\"appeal-claim\" autocomplete=\"off\" placeholder=\"what the player claims\">"
          "</label></div>\n"
          "<div class=\"row\"><label class=\"choice\"><input type=\"radio\" name=\"outcome\" id=\"appeal-rejected\" checked> "
          "rejected</label><label class=\"choice\"><input type=\"radio\" name=\"outcome\" id=\"appeal-upheld\"> upheld</label></div>\n"
          "<div class=\"row\" id=\"correction-row\" hidden><label>Correction <input id=\"appeal-correction\" autocomplete=\"off\" "
          "autocapitalize=\"off\" spellcheck=\"false\" placeholder=\"the referee's move, e.g. Referee awards Ann 50\"></label></div>\n"
          "<div class=\"row\"><button type=\"button\" id=\"appeal-send\" disabled>Record the ruling</button></div>\n"
          "</fieldset>\n<p id=\"answer\" role=\"status\"></p>\n</section>\n<script>";
  html += kJudgeScript;
  html += "</script>\n</body></html>\n";
  return html;
}

}  // namespace

Status find_tournament_seat(Journal& j, const Game& g, TournamentSeat* out) {
  *out = TournamentSeat();
  const std::string event = tag_of(g.header, "Event");
  if (event.empty()) return Status::ok();
  std::vector<TournamentRow> rows;
  if (Status s = j.tournaments(&rows); !s.is_ok()) return s;
  for (const TournamentRow& row : rows) {
    if (row.name != event) continue;
    Tournament t;
    if (Status s = load_tournament(j, row.tournament_id, &t); !s.is_ok()) return s;
    for (const TournamentRound& r : t.rounds)
      for (const TournamentTable& table : r.tables) {
        if (table.game != g.id) continue;
        out->found = true;
        out->round = r.round;
        out->table = table.table;
        if (!r.commitment.empty()) {
          bool ended = true;
          if (Status s = tournament_round_ended(j, r, &ended); !s.is_ok()) return s;
          out->hidden = !ended;
        }
        out->tournament = std::move(t);
        return Status::ok();
      }
  }
  return Status::ok();
}

KeyRole tournament_key_role(const TournamentSeat& seat, std::int64_t game, const std::string& key) {
  if (!seat.found || key.empty()) return KeyRole::None;
  if (judge_key_matches(seat.tournament, key)) return KeyRole::Referee;
  if (table_key_game(seat.tournament, key) == game) return KeyRole::Table;
  return KeyRole::None;
}

// Where a sheet recorded through the server was written: to the judge's browser, not a file.
constexpr const char* kServedSheet = "(served to the Head Judge's page)";

void add_tournament_routes(httplib::Server& http, LendJournal lend, SendFailure fail,
                           std::function<std::string(const httplib::Request&)> bearer,
                           std::function<void(std::int64_t)> wrote) {
  // Loads the tournament the path names and hands it on; answers 404 itself.
  auto with_tournament = [lend, fail](const httplib::Request& req, httplib::Response& res,
                                      const std::function<void(Journal&, Tournament&)>& then) {
    const std::int64_t id = path_number(req);
    if (id <= 0) return send_json(res, 404, ojson{{"error", "no such tournament"}});
    const Status s = lend([&](Journal& j) {
      Tournament t;
      if (Status ls = load_tournament(j, id, &t); !ls.is_ok()) return fail(res, ls);
      then(j, t);
    });
    if (!s.is_ok()) fail(res, s);
  };
  // The Head Judge's key, or the answer: 401 without a key (or with one that opens nothing of the
  // tournament), 403 with a table's key.
  auto judge_only = [bearer](const Tournament& t, const httplib::Request& req, httplib::Response& res) {
    const std::string key = bearer(req);
    if (!key.empty() && judge_key_matches(t, key)) return true;
    if (!key.empty() && table_key_game(t, key) != 0) {
      send_json(res, 403, ojson{{"error", "this is the Head Judge's: a table's key plays its own game only"}});
      return false;
    }
    send_json(res, 401, ojson{{"error", "this needs the Head Judge's key: Authorization: Bearer KEY"}});
    return false;
  };

  // Loads the tournament and what the request's key may see of it (tournament_view: with the Head
  // Judge's key, the leaders of hidden tables too) and hands both on.
  auto with_view = [with_tournament, fail, bearer](
                       const httplib::Request& req, httplib::Response& res,
                       const std::function<void(const Tournament&, const TournamentView&)>& then) {
    with_tournament(req, res, [&](Journal& j, Tournament& t) {
      TournamentView view;
      const std::string key = bearer(req);
      if (Status s = tournament_view(j, t, !key.empty() && judge_key_matches(t, key), &view); !s.is_ok())
        return fail(res, s);
      then(t, view);
    });
  };

  http.Get(R"(/api/tournaments/(\d+))", [with_view](const httplib::Request& req, httplib::Response& res) {
    with_view(req, res, [&](const Tournament& t, const TournamentView& view) {
      send_json(res, 200, tournament_view_json(t, view));
    });
  });
  http.Get(R"(/api/tournaments/(\d+)/log)", [with_tournament](const httplib::Request& req, httplib::Response& res) {
    with_tournament(req, res, [&](Journal&, Tournament& t) { send_json(res, 200, tournament_log_json(t)); });
  });
  // The exports (docs/tournaments.md, "Exports and the record"), open to all as the standings
  // are: a hidden round's results are in neither until it ends.
  for (const auto& [name, csv] : {std::pair{"standings", &standings_csv}, std::pair{"results", &results_csv}}) {
    http.Get(fmt::format(R"(/api/tournaments/(\d+)/{}\.csv)", name),
             [with_tournament, fail, name = std::string(name), csv = csv](const httplib::Request& req, httplib::Response& res) {
               with_tournament(req, res, [&](Journal& j, Tournament& t) {
                 TournamentExport e;
                 if (Status s = gather_tournament_export(j, t, &e); !s.is_ok()) return fail(res, s);
                 res.set_header("Content-Disposition", fmt::format("attachment; filename=\"tournament-{}-{}.csv\"", t.id, name));
                 res.set_content(csv(e), "text/csv; charset=utf-8");
               });
             });
  }
  // The standings as a wall chart, to print (tournament print --standings): nothing secret in it.
  http.Get(R"(/api/tournaments/(\d+)/standings/print)", [with_tournament, fail](const httplib::Request& req, httplib::Response& res) {
    with_tournament(req, res, [&](Journal& j, Tournament& t) {
      std::vector<Standing> standings;
      int counted = 0;
      if (Status s = tournament_standings(j, t, &standings, &counted); !s.is_ok()) return fail(res, s);
      res.set_content(standings_wall_html(t, standings, counted), "text/html; charset=utf-8");
    });
  });
  http.Get(R"(/api/tournaments/(\d+)/record)", [with_tournament, fail](const httplib::Request& req, httplib::Response& res) {
    with_tournament(req, res, [&](Journal& j, Tournament& t) {
      TournamentExport e;
      if (Status s = gather_tournament_export(j, t, &e); !s.is_ok()) return fail(res, s);
      send_json(res, 200, tournament_record_json(t, e));
    });
  });
  // The judge's page. Its script asks it again with the Head Judge's key in the header (never in
  // the address), and then it names a hidden table's leader; the key itself is never in the page.
  http.Get(R"(/tournaments/(\d+))", [with_view](const httplib::Request& req, httplib::Response& res) {
    with_view(req, res, [&](const Tournament& t, const TournamentView& view) {
      res.set_header("Cache-Control", "no-store");
      res.set_content(view_page(view, t), "text/html; charset=utf-8");
    });
  });
  // A duplicate round's seed, once time is called in it (as tournament reveal --round N --json):
  // then it is everyone's, so no key is asked; before, 409 and the rule, the seed nowhere.
  http.Get(R"(/api/tournaments/(\d+)/rounds/(\d+)/reveal)", [with_tournament, fail](const httplib::Request& req, httplib::Response& res) {
    with_tournament(req, res, [&](Journal& j, Tournament& t) {
      RoundReveal r;
      if (Status s = reveal_round(j, t, static_cast<int>(path_number(req, 2)), &r); !s.is_ok()) return fail(res, s);
      res.set_header("Cache-Control", "no-store");
      send_json(res, r.time_not_called ? 409 : 200, reveal_json(r));
    });
  });
  add_post_route(http, R"(/api/tournaments/(\d+)/rounds/(\d+)/call-time)",
            [with_tournament, judge_only, fail, wrote](const httplib::Request& req, httplib::Response& res) {
              with_tournament(req, res, [&](Journal& j, Tournament& t) {
                if (!judge_only(t, req, res)) return;
                ojson body;  // no field: an empty body or {}
                if (!read_body(req, res, {}, "call-time", &body)) return;
                const int round = static_cast<int>(path_number(req, 2));
                std::vector<CallTimeOutcome> outcomes;
                if (Status s = call_time_in_round(j, t, round, &outcomes); !s.is_ok()) return fail(res, s);
                for (const CallTimeOutcome& c : outcomes) wrote(c.game);
                send_json(res, 200, call_time_json(round, outcomes));
              });
            });
  // Seating a round, as tournament seat --round N [--final] [--duplicate] --json: the tables' keys are in the
  // answer, for the judge to hand out (and made again by the print route).
  add_post_route(http, R"(/api/tournaments/(\d+)/rounds/(\d+)/seat)",
            [with_tournament, judge_only, fail, bearer](const httplib::Request& req, httplib::Response& res) {
              with_tournament(req, res, [&](Journal& j, Tournament& t) {
                if (!judge_only(t, req, res)) return;
                ojson body;
                if (!read_body(req, res, {{"final", FieldType::Boolean}, {"duplicate", FieldType::Boolean}}, "seat", &body))
                  return;
                TournamentRound round;
                SeatingGaps gaps;
                if (Status s = seat_round(j, t, static_cast<int>(path_number(req, 2)), body.value("final", false),
                                          bearer(req), &round, &gaps, body.value("duplicate", false));
                    !s.is_ok())
                  return fail(res, s);
                res.set_header("Cache-Control", "no-store");
                send_json(res, 201, seat_json(round, gaps.repeat_meetings, gaps));
              });
            });
  // A table's score sheet, recorded as tournament sheet records it (its head, to be signed), as
  // sheet --json's document with the page itself in "html", for the judge to print.
  add_post_route(http, R"(/api/tournaments/(\d+)/rounds/(\d+)/tables/(\d+)/sheet)",
            [with_tournament, judge_only, fail](const httplib::Request& req, httplib::Response& res) {
              with_tournament(req, res, [&](Journal& j, Tournament& t) {
                if (!judge_only(t, req, res)) return;
                ojson body;
                if (!read_body(req, res, {}, "a sheet", &body)) return;
                TableResult r;
                if (Status s = table_result(j, t, static_cast<int>(path_number(req, 2)), static_cast<int>(path_number(req, 3)), &r);
                    !s.is_ok())
                  return fail(res, s);
                Game g;
                if (Status s = load_game(j, r.game, 0, &g); !s.is_ok()) return fail(res, s);
                const std::string page = sheet_html(t, r, g, "");  // JOURNAL: the server keeps its files to itself
                TournamentSheet sheet;
                if (Status s = record_sheet(j, t, r, kServedSheet, &sheet); !s.is_ok()) return fail(res, s);
                const TournamentSheet* replaced = nullptr;
                for (const TournamentSheet& x : t.sheets)
                  if (x.superseded_by == sheet.record_seq) replaced = &x;
                ojson doc = sheet_json(t, r, sheet, replaced);
                doc["html"] = page;
                send_json(res, 201, doc);
              });
            });
  // A late entry, a withdrawal, a no-show: as tournament enter|withdraw|no-show NAME --json.
  const auto entry_route = [&](const std::string& path, EntryKind kind, const char* route) {
    add_post_route(http, R"(/api/tournaments/(\d+)/)" + path,
              [with_tournament, judge_only, fail, kind, route](const httplib::Request& req, httplib::Response& res) {
                with_tournament(req, res, [&](Journal& j, Tournament& t) {
                  if (!judge_only(t, req, res)) return;
                  ojson body;
                  if (!read_body(req, res, {{"name", FieldType::String}}, route, &body)) return;
                  if (!body.contains("name"))
                    return send_json(res, 400, ojson{{"error", "\"name\" (the player's) is needed"}, {"field", "name"}});
                  TournamentEntry e;
                  if (Status s = record_entry(j, t, kind, body["name"].get<std::string>(), &e); !s.is_ok())
                    return fail(res, s);
                  send_json(res, 201, entry_json(e));
                });
              });
  };
  entry_route("entries", EntryKind::LateEntry, "an entry");
  entry_route("withdrawals", EntryKind::Withdrawal, "a withdrawal");
  entry_route("no-shows", EntryKind::NoShow, "a no-show");
  // A round's table cards and score sheets, one page a table, as tournament print: the Head
  // Judge's, since every card carries its table's key; it records nothing.
  http.Get(R"(/api/tournaments/(\d+)/rounds/(\d+)/print)",
           [with_tournament, judge_only, fail, bearer](const httplib::Request& req, httplib::Response& res) {
             with_tournament(req, res, [&](Journal& j, Tournament& t) {
               if (!judge_only(t, req, res)) return;
               PrintedRound printed;
               if (Status s = print_round(j, t, static_cast<int>(path_number(req, 2)), bearer(req), &printed); !s.is_ok())
                 return fail(res, s);
               res.set_header("Cache-Control", "no-store");
               // The check commands name the journal JOURNAL: the page never says where the server keeps it.
               res.set_content(round_print_html(t, printed, ""), "text/html; charset=utf-8");
             });
           });
  add_post_route(http, R"(/api/tournaments/(\d+)/appeals)",
            [with_tournament, judge_only, fail, wrote](const httplib::Request& req, httplib::Response& res) {
              with_tournament(req, res, [&](Journal& j, Tournament& t) {
                if (!judge_only(t, req, res)) return;
                ojson body;
                if (!read_body(req, res,
                               {{"game", FieldType::Integer}, {"claim", FieldType::String}, {"upheld", FieldType::Boolean},
                                {"correction", FieldType::String}},
                               "an appeal", &body))
                  return;
                if (!body.contains("game") || !body.contains("claim"))
                  return send_json(res, 400, ojson{{"error", "\"game\" (a number) and \"claim\" (a string) are needed"},
                                                   {"field", body.contains("game") ? "claim" : "game"}});
                const bool upheld = body.value("upheld", false);
                const std::string correction = body.value("correction", std::string());
                if (upheld && correction.empty())
                  return send_json(res, 400, ojson{{"error", "an upheld appeal needs its \"correction\", a move"}});
                const std::int64_t game = body["game"].get<std::int64_t>();
                TournamentAppeal a;
                std::optional<Violation> refused;
                if (Status s = record_appeal(j, t, game, body["claim"].get<std::string>(), upheld, correction, &a, &refused);
                    !s.is_ok())
                  return fail(res, s);
                if (refused) {
                  Game g;
                  if (Status s = load_game(j, game, 0, &g); !s.is_ok()) return fail(res, s);
                  const Ruling words = ruling_of(g.ruleset, *refused, g.header.players);
                  return send_json(res, 422, ojson{{"accepted", false}, {"error", words.message},
                                                   {"violation", violation_json(words)}});
                }
                wrote(game);  // the correction, or the ruling's note, is in the game
                send_json(res, 201, appeal_json(a));
              });
            });
}

}  // namespace deedlog
