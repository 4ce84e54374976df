// The page referee serve gives at GET /: one self-contained file (no fetch but the API's own,
// no script, style, font or icon from elsewhere), so a club's laptop serves it with no network.
// Text from the journal is put in with textContent only, never as markup: player names are
// typed by anyone. The board is the replay's drawing (replay/svg_board.h), asked of the server
// as a picture, so an <img> shows it and nothing in it can run.
//
// Ids and data-* attributes on the parts that change (seq, turn, players, moves, refusal, log)
// are what tests/app_serve_browser_test.cpp reads through WebDriver: keep them stable.
#include <fmt/format.h>

#include <string>

#include "serve/serve_command.h"
#include "core/plural.h"
#include "replay/svg_board.h"
#include "replay/timeline.h"

namespace deedlog {

Status serve_board(Journal& journal, std::int64_t game, const std::string& at, std::string* svg) {
  std::int64_t seq = -1;  // the last event
  if (!at.empty()) {
    try {
      std::size_t used = 0;
      seq = std::stoll(at, &used);
      if (used != at.size() || seq < 0) seq = -2;
    } catch (const std::exception&) {
      seq = -2;
    }
    if (seq == -2) return Status::invalid_argument(fmt::format("at={}: an event's seq (0 or more) is wanted", at));
  }
  Timeline t;
  if (Status s = Timeline::load(journal, game, &t); !s.is_ok()) return s;
  if (seq > t.last()) return Status::not_found(fmt::format("game {} has {}, not {}", game, count_of(t.last(), "event"), seq));
  BoardSvgOptions o;
  o.caption = false;  // the page tells the position beside the board, in text a phone can enlarge
  *svg = board_svg(t, seq < 0 ? t.last() : seq, o);
  return Status::ok();
}

const std::string& serve_page() {
  static const std::string page = R"page(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>deedlog referee</title>
<style>
* { box-sizing: border-box; }
body { font-family: system-ui, "DejaVu Sans", sans-serif; margin: 0 auto; padding: 0.5em; max-width: 1400px; color: #222; }
h1 { font-size: 1.3em; margin: 0.2em 0 0.4em; }
h2 { font-size: 1.05em; margin: 0.8em 0 0.3em; }
#setup { display: flex; flex-wrap: wrap; gap: 0 1em; align-items: flex-start; }
#setup > * { flex: 1 1 22em; min-width: 0; }
fieldset, details { margin: 0 0 0.6em; padding: 0.4em 0.6em; border: 1px solid #bbb; border-radius: 6px; }
legend { padding: 0 0.3em; }
summary { cursor: pointer; padding: 0.2em 0; }
details[open] summary { margin-bottom: 0.3em; }
.row { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; }
.row label { display: flex; gap: 0.3em; align-items: center; flex: 1 1 9em; min-width: 0; }
.row label input { flex: 1 1 auto; min-width: 0; width: 100%; }
input, button { font-size: 1em; }
input { padding: 0.35em; border: 1px solid #999; border-radius: 4px; }
button { padding: 0.45em 0.8em; min-height: 2.6em; border: 1px solid #1b4d2b; border-radius: 6px; background: #e6f2e8; color: #1b4d2b; cursor: pointer; }
button:disabled { color: #888; border-color: #bbb; background: #f2f2f2; cursor: default; }
#bar { display: flex; flex-wrap: wrap; gap: 0.3em 1em; padding: 0.4em 0.6em; background: #1b4d2b; color: #fff; border-radius: 6px; }
#bar:empty { display: none; }
#turn { font-weight: bold; }
#mode { font-style: italic; }
#main { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.5em 1.2em; margin-top: 0.5em; }
@media (min-width: 900px) { #main { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } }
#board { display: block; width: 100%; max-width: 760px; height: auto; margin: 0 auto; }
#board[hidden] { display: none; }
table { border-collapse: collapse; width: 100%; }
td, th { border-bottom: 1px solid #ccc; padding: 0.25em 0.4em; text-align: left; }
td.cash { text-align: right; font-variant-numeric: tabular-nums; }
tr.to-move td { background: #fff6d5; }
#moves, #completions { display: flex; flex-wrap: wrap; gap: 0.35em; }
#typing { display: flex; gap: 0.4em; margin-top: 0.6em; }
#move { flex: 1 1 auto; min-width: 0; }
#completions { margin-top: 0.35em; }
#completions button { background: #fff; min-height: 2.2em; }
#forms { font-size: 0.85em; color: #555; margin: 0.3em 0; }
#pads:empty { display: none; }
.pad { margin: 0.5em 0; }
.pad .die { display: flex; flex-wrap: wrap; gap: 0.3em; align-items: center; margin: 0.2em 0; }
.pad .die span { min-width: 3.2em; }
.pad .die button { min-width: 2.8em; }
.pad .die button[aria-pressed="true"] { background: #1b4d2b; color: #fff; }
.pad input { width: 8em; }
#refusal { color: #a00; font-weight: bold; margin: 0.4em 0; }
#refusal:empty { display: none; }
#clock { background: #fff6d5; border: 1px solid #c90; border-radius: 6px; padding: 0.4em; font-weight: bold; }
#table-key { font-family: monospace; overflow-wrap: anywhere; font-size: 0.85em; }
#table-key:empty { display: none; }
#refusal-rule { font-family: monospace; font-weight: normal; }
#log { max-height: 18em; overflow-y: auto; font-size: 0.9em; margin: 0; padding-left: 3.2em; border: 1px solid #ddd; border-radius: 4px; }
#log li.move { font-weight: bold; }
#log li .chances, #chances { font-weight: normal; color: #555; font-size: 0.9em; }
</style>
</head>
<body>
<h1>deedlog referee</h1>
<div id="setup">
<fieldset><legend>A game</legend><div class="row">
  <label>game <input id="game" size="5" inputmode="numeric"></label>
  <label>key <input id="key" size="20" placeholder="only to make moves" autocomplete="off" spellcheck="false"></label>
  <button id="open">Open</button>
</div></fieldset>
<details id="new-game" open><summary>A new game</summary><div class="row">
  <label>edition <input id="ruleset" value="uk-1972" size="12"></label>
  <label>players <input id="players" placeholder="Ann, Ben" size="20"></label>
  <button id="create">Start</button>
</div></details>
</div>
<div id="bar"></div>
<div id="main">
<div id="board-side"><img id="board" alt="the board" width="732" height="732" hidden></div>
<div id="play-side">
<table id="players_table"></table>
<p id="chances"></p>
<h2>Moves</h2>
<div id="moves"></div>
<div id="pads"></div>
<div id="typing"><input id="move" placeholder="a move, e.g. Ann rolls (Tab completes)" autocomplete="off"
  autocapitalize="off" spellcheck="false"><button id="play">Play</button></div>
<div id="completions"></div>
<p id="forms"></p>
<p id="refusal" role="alert"></p>
<p id="clock" role="status" hidden></p>
<p id="table-key"></p>
<h2>What happened</h2>
<ol id="log"></ol>
</div>
</div>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
let game = null, legal = [], stems = [], shownSeq = -1, shownMoves = "", asked = 0;
// Each player's chances after each move, from the analysis at the game's head (GET .../analysis:
// kept, or worked out by the server in the background, one game at a time; 202 while it runs).
let analysis = null, analysisTimer = null;
const markSigns = { doubtful: "?!", bad: "?", very_bad: "??", uncertain: "(?)" };
function chancesText(win) {
  return Object.keys(win || {}).map((n) => n + " " + Math.round(100 * win[n]) + "%").join(" \u00b7 ");
}
function showChances() {
  if (!analysis) return;
  const bySeq = {};
  (analysis.moves || []).forEach((m) => { bySeq[m.seq] = m; });
  document.querySelectorAll("#log li.move").forEach((li) => {
    const m = bySeq[li.dataset.seq];
    let c = li.querySelector(".chances");
    if (!m) { if (c) c.remove(); return; }
    if (!c) { c = document.createElement("span"); c.className = "chances"; li.appendChild(c); }
    c.textContent = " " + (m.mark ? markSigns[m.mark] + " " : "") + chancesText(m.win);
    c.dataset.win = JSON.stringify(m.win);
  });
  const moves = analysis.moves || [];
  const last = moves.length ? moves[moves.length - 1].win : (analysis.start || {}).win;
  $("chances").textContent = "Chances now: " + chancesText(last) + " (" + analysis.games + " play-outs a position)";
}
async function askAnalysis(seq) {
  clearTimeout(analysisTimer);
  const r = await api("GET", "/api/games/" + game + "/analysis");
  if (seq !== shownSeq) return;
  if (r.status === 200) { analysis = r.doc; showChances(); }
  else if (r.status === 202) {
    $("chances").textContent = "Chances: being worked out\u2026";
    analysisTimer = setTimeout(() => askAnalysis(seq), 5000);
  } else { $("chances").textContent = ""; }
}

// A refusal: its words and, apart, the rule it cites (data-rule too, for programs).
function say(text, rule) {
  const p = $("refusal");
  p.textContent = "";
  p.dataset.rule = rule || "";
  if (!text) return;
  const words = document.createElement("span");
  words.id = "refusal-words";
  words.textContent = text;
  p.appendChild(words);
  if (rule) {
    p.appendChild(document.createTextNode(" rule "));
    const code = document.createElement("code");
    code.id = "refusal-rule";
    code.textContent = rule;
    p.appendChild(code);
  }
}

function hasKey() { return $("key").value.trim() !== ""; }

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  const key = $("key").value.trim();
  if (key) headers["Authorization"] = "Bearer " + key;
  const r = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  let doc = {};
  try { doc = await r.json(); } catch (e) { doc = { error: "HTTP " + r.status }; }
  return { status: r.status, doc };
}

function cell(row, text, tag, cls) {
  const c = document.createElement(tag || "td");
  c.textContent = text;
  if (cls) c.className = cls;
  row.appendChild(c);
}

function span(parent, id, text) {
  const s = document.createElement("span");
  if (id) s.id = id;
  s.textContent = text;
  parent.appendChild(s);
  return s;
}

async function refresh() {
  if (game === null) return;
  const mine = ++asked;  // answers to an older refresh that come late are dropped
  const s = await api("GET", "/api/games/" + game);
  const m = await api("GET", "/api/games/" + game + "/moves");
  const v = await api("GET", "/api/games/" + game + "/value");
  if (mine !== asked) return;
  if (s.status !== 200) { say(s.doc.error); return; }
  const st = s.doc;
  const bar = $("bar");
  bar.textContent = "";
  span(bar, "", "game " + st.game + " · " + st.ruleset);
  const seq = span(bar, "", "event ");
  const b = document.createElement("b");
  b.id = "seq";
  b.textContent = String(st.seq);
  seq.appendChild(b);
  const turn = span(bar, "turn", st.over ? "The game is over" + (st.winner ? ": " + st.winner + " wins." : ".")
                                         : (st.turn && st.turn.words) || "");
  turn.dataset.player = (st.turn && st.turn.player) || "";
  turn.dataset.phase = (st.turn && st.turn.phase) || "";
  span(bar, "mode", hasKey() ? "at the table" : "watching (no key: moves are made at the table)");
  $("seq").dataset.seq = String(st.seq);

  const t = $("players_table");
  t.textContent = "";
  const head = document.createElement("tr");
  ["player", "cash", "net worth", "square"].forEach((h) => cell(head, h, "th"));
  t.appendChild(head);
  // Each estate as the short game's rules value it (GET .../value, as referee value --json):
  // why the winner won is there to see, in every game.
  const worth = {};
  ((v.status === 200 && v.doc.players) || []).forEach((e) => { worth[e.name] = e.total; });
  (st.players || []).forEach((p) => {
    const row = document.createElement("tr");
    row.dataset.name = p.name;
    row.dataset.cash = String(p.cash);
    row.dataset.square = String(p.square);
    if (st.turn && st.turn.player === p.name && !st.over) row.className = "to-move";
    cell(row, p.name + (p.bankrupt ? " (bankrupt)" : p.in_jail ? " (in jail)" : ""));
    cell(row, String(p.cash), "td", "cash");
    const w = worth[p.name];
    row.dataset.worth = w === undefined ? "" : String(w);
    cell(row, w === undefined ? "" : String(w), "td", "cash worth");
    cell(row, p.square_name || String(p.square));
    t.appendChild(row);
  });
  if (st.seq !== shownSeq) {
    shownSeq = st.seq;
    analysis = null;
    askAnalysis(st.seq);
    // The seq in the address: each position is its own picture, so none is shown stale.
    $("board").src = "/api/games/" + game + "/board?at=" + st.seq;
    $("board").hidden = false;
    boardAt = st.seq;
  }

  const forms = (m.status === 200 && m.doc.forms) || [];
  // A form's move holds example values ("Cat rolls 1 2"): the table fills in the real ones, so
  // it is never a button nor a completion; only its words up to the values are ("Cat rolls ").
  const examples = new Set(forms.map((f) => f.move));
  legal = ((m.status === 200 && m.doc.moves) || []).filter((text) => !examples.has(text));
  stems = forms.map(stemOf).filter((x) => x);
  // The buttons are made again only when the moves change: one under a finger stays put.
  const same = JSON.stringify([legal, forms, hasKey()]);
  if (same !== shownMoves) {
    shownMoves = same;
    const box = $("moves");
    box.textContent = "";
    legal.forEach((text) => {
      const btn = document.createElement("button");
      // "Ann rolls" alone is a throw the referee makes (from a seeded game's seed): a real one.
      btn.textContent = / rolls$/.test(text) ? text + " (the referee throws)" : text;
      btn.dataset.move = text;
      btn.disabled = !hasKey();
      btn.onclick = () => play(text);
      box.appendChild(btn);
    });
    pads(forms);
  }
  $("forms").textContent = forms.map((f) => "also: " + (stemOf(f) ? stemOf(f) + "\u2026" : f.move) + " (" + f.fill + ")").join("; ");
  complete();
}

// A form's words before its values: "Cat rolls 1 2" with verb "rolls" is "Cat rolls ".
function stemOf(f) {
  if (!f.verb) return null;
  const at = f.move.indexOf(" " + f.verb);
  return at < 0 ? null : f.move.slice(0, at + f.verb.length + 1) + " ";
}

// What a form leaves to the table, to fill in by hand: the dice as thrown (a pad of faces for
// each die), a bid (a number, empty until typed). Nothing is chosen until the table chooses it.
function pads(forms) {
  const box = $("pads");
  box.textContent = "";
  forms.forEach((f) => {
    const stem = stemOf(f);
    if (!stem || (f.verb !== "rolls" && f.verb !== "bids")) return;
    const set = document.createElement("fieldset");
    set.className = "pad";
    set.dataset.player = f.player || "";
    set.dataset.verb = f.verb;
    const legend = document.createElement("legend");
    set.appendChild(legend);
    const record = document.createElement("button");
    record.className = "record";
    record.disabled = true;
    if (f.verb === "rolls") {
      legend.textContent = stem.trim() + ": tap each die as it shows";
      const dice = [0, 0];
      const ready = () => {
        record.disabled = !hasKey() || !(dice[0] && dice[1]);
        record.textContent = dice[0] && dice[1] ? "Record: " + stem + dice[0] + " " + dice[1] : "Record the throw";
      };
      [1, 2].forEach((n) => {
        const row = document.createElement("div");
        row.className = "die";
        row.dataset.die = String(n);
        span(row, "", "die " + n);
        const faces = f.choices || [];
        faces.forEach((face) => {
          const b = document.createElement("button");
          b.textContent = String(face);
          b.dataset.die = String(n);
          b.dataset.face = String(face);
          b.setAttribute("aria-pressed", "false");
          b.disabled = !hasKey();
          b.onclick = () => {
            dice[n - 1] = face;
            row.querySelectorAll("button").forEach((o) => o.setAttribute("aria-pressed", String(o === b)));
            ready();
          };
          row.appendChild(b);
        });
        set.appendChild(row);
      });
      ready();
      record.onclick = () => { if (dice[0] && dice[1]) play(stem + dice[0] + " " + dice[1]); };
    } else {
      legend.textContent = stem.trim() + ": " + f.fill;
      const amount = document.createElement("input");
      amount.type = "number";
      amount.inputMode = "numeric";
      amount.min = String(f.min);
      amount.max = String(f.max);
      amount.disabled = !hasKey();
      record.textContent = "Record the bid";
      amount.oninput = () => { record.disabled = !hasKey() || !/^[0-9]+$/.test(amount.value.trim()); };
      record.onclick = () => { const v = amount.value.trim(); if (/^[0-9]+$/.test(v)) play(stem + v); };
      set.appendChild(amount);
    }
    set.appendChild(record);
    box.appendChild(set);
  });
}

// Many events come at once (a move's several, or a whole game when watching starts): one
// refresh for the lot, so a long game does not spend the address's rate of requests.
let refreshing = null;
function refreshSoon() {
  if (refreshing) return;
  refreshing = setTimeout(() => { refreshing = null; refresh(); }, 150);
}

async function play(text) {
  if (game === null || !text) return;
  const r = await api("POST", "/api/games/" + game + "/moves", { move: text });
  if (r.status === 200) { say(""); $("move").value = ""; complete(); }
  else if (r.doc.violation) {
    const v = r.doc.violation;
    say("Refused: " + v.message + (v.section ? " (section " + v.section + ")" : ""), v.rule);
  } else say(r.doc.error || ("HTTP " + r.status));
  refreshSoon();
}

// Completion from the legal moves: those that begin with what is typed, or whose words after
// the player's name do ("bu" finds "Ann buys"). Tap one, or Tab takes the one (or what all the
// ones found begin with). A move with values to fill in completes to its words before them
// ("Ann rolls "), never to an example.
function found(typed) {
  const t = typed.trim().toLowerCase();
  if (!t) return [];
  return legal.concat(stems).filter((m) => {
    const l = m.toLowerCase();
    return l.startsWith(t) || l.slice(l.indexOf(" ") + 1).startsWith(t);
  });
}
function complete() {
  const box = $("completions");
  box.textContent = "";
  const typed = $("move").value.trim();
  found(typed).filter((m) => m.trim() !== typed).slice(0, 8).forEach((m) => {
    const b = document.createElement("button");
    b.textContent = m;
    b.dataset.move = m;
    b.onclick = () => { $("move").value = m; complete(); $("move").focus(); };
    box.appendChild(b);
  });
}
function tabComplete() {
  const input = $("move");
  const typed = input.value;
  const all = found(typed);
  if (all.length === 0) return false;
  let common = all[0];
  if (all.length > 1) {
    if (!all.every((m) => m.toLowerCase().startsWith(typed.trim().toLowerCase()))) return false;
    for (const m of all) while (!m.startsWith(common)) common = common.slice(0, -1);
  }
  if (common.length <= typed.length) return false;
  input.value = common;
  complete();
  return true;
}

// The picture of a game a watcher may not see (a duplicate round's, until the round ends) is
// refused to an <img>, which sends no key: the page asks for it with the key and shows the answer.
let boardAt = -1, boardBlob = null;
$("board").onerror = async () => {
  const img = $("board");
  if (!hasKey() || game === null || img.src.startsWith("blob:")) return;
  const at = boardAt, id = game;
  const r = await fetch("/api/games/" + id + "/board?at=" + at, { headers: { Authorization: "Bearer " + $("key").value.trim() } });
  if (!r.ok || at !== boardAt || id !== game) return;
  if (boardBlob) URL.revokeObjectURL(boardBlob);
  boardBlob = URL.createObjectURL(await r.blob());
  img.src = boardBlob;
};

// An event of the game's stream, shown in "What happened" (once: a stream opened again after
// a break starts from the next one).
let nextSeq = 1;
function shown(ev) {
  if (ev.seq < nextSeq) return;
  nextSeq = ev.seq + 1;
  const li = document.createElement("li");
  li.value = ev.seq;
  li.dataset.seq = String(ev.seq);
  li.dataset.type = ev.type;
  if (ev.type === "MovePlayed") li.className = "move";
  li.textContent = ev.words + (ev.voided_by ? " (taken back)" : "");
  $("log").appendChild(li);
  showChances();
  $("log").scrollTop = $("log").scrollHeight;
  refreshSoon();
}

// The tournament clock's warning: so many minutes left in the round (docs/tournaments.md, "The
// clock"), shown until the round's end.
function clockWarned(w) {
  const p = $("clock");
  p.dataset.minutes = String(w.minutes);
  p.textContent = (w.minutes === 1 ? "One minute" : w.minutes + " minutes") + " or less left in round " + w.round +
                  " (it ends at " + w.ends_at + ").";
  p.hidden = false;
}

// The stream is read with fetch() rather than EventSource, which cannot send a key: a table of a
// duplicate round still in play reads its own game with its key (docs/serve.md, "Tournaments").
// Server-sent events are parsed here: blocks apart by a blank line, "data:" lines the event,
// ":" lines comments. A stream that ends or breaks is opened again from the next event; one
// refused (401, 403: the game is hidden from this window) is asked again every 30 s, so a
// watcher sees the game once its round ends.
let streamStop = null, streamTimer = null;
function follow(id) {
  clearTimeout(streamTimer);
  if (streamStop) streamStop.abort();
  const stop = new AbortController();
  streamStop = stop;
  readStream(id, stop).then((again) => {
    if (stop.signal.aborted || id !== game) return;
    streamTimer = setTimeout(() => { if (streamStop === stop) follow(id); }, again);
  });
}
async function readStream(id, stop) {
  const headers = { Accept: "text/event-stream" };
  if (hasKey()) headers["Authorization"] = "Bearer " + $("key").value.trim();
  try {
    const r = await fetch("/api/games/" + id + "/stream?from=" + nextSeq, { headers, signal: stop.signal, cache: "no-store" });
    if (r.status === 401 || r.status === 403) { $("log").dataset.stream = "refused"; return 30000; }
    if (!r.ok || !r.body) { $("log").dataset.stream = "closed"; return 5000; }
    $("log").dataset.stream = "open";
    const reader = r.body.getReader();
    const text = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer = (buffer + text.decode(value, { stream: true })).replace(/\r\n/g, "\n");
      for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const lines = block.split("\n");
        const data = lines.filter((l) => l.startsWith("data:")).map((l) => l.slice(5).replace(/^ /, "")).join("\n");
        const named = lines.find((l) => l.startsWith("event:"));
        // A named event is the server's word to the table (the tournament clock's warning), never
        // one of the game's events.
        if (!data || id !== game) continue;
        if (!named) shown(JSON.parse(data));
        else if (named.slice(6).trim() === "clock") clockWarned(JSON.parse(data));
      }
    }
  } catch (e) {
    if (stop.signal.aborted) return 0;
  }
  $("log").dataset.stream = "closed";
  return 2000;
}

// The key typed for a game is kept for this tab only (sessionStorage): a key typed on a shared
// device does not outlive the tab. One kept by an older page (localStorage) is moved here.
function savedKey(id) {
  const name = "deedlog-key-" + id;
  const old = localStorage.getItem(name);
  if (old) { localStorage.removeItem(name); if (!sessionStorage.getItem(name)) sessionStorage.setItem(name, old); }
  return sessionStorage.getItem(name);
}

function watch(id) {
  game = id;
  shownSeq = -1;
  shownMoves = "";
  nextSeq = 1;
  $("game").value = id;
  $("new-game").open = false;  // out of the way of the game, on a phone above all
  const saved = savedKey(id);
  if (saved && !$("key").value) $("key").value = saved;
  history.replaceState(null, "", "/?game=" + id);  // the game only: a key is never in an address
  $("log").textContent = "";
  say("");
  // The whole game's events first, then each new one as it is recorded (by anyone).
  follow(id);
  refresh();
}

$("open").onclick = () => {
  const id = parseInt($("game").value, 10);
  if (!(id > 0)) { say("a game is a number"); return; }
  if (hasKey()) sessionStorage.setItem("deedlog-key-" + id, $("key").value.trim());
  watch(id);
};
$("create").onclick = async () => {
  const players = $("players").value.split(",").map((s) => s.trim()).filter((s) => s);
  const r = await api("POST", "/api/games", { ruleset: $("ruleset").value.trim(), players });
  if (r.status !== 201) { say(r.doc.error); return; }
  sessionStorage.setItem("deedlog-key-" + r.doc.game, r.doc.key);
  $("key").value = r.doc.key;
  // This window keeps the referee's key; the players get the table's, which only plays.
  $("table-key").textContent = "The table's key (players' moves only): " + r.doc.table_key;
  say("");
  watch(r.doc.game);
};
$("play").onclick = () => play($("move").value.trim());
$("move").oninput = complete;
$("move").onkeydown = (e) => {
  if (e.key === "Enter") { e.preventDefault(); play($("move").value.trim()); }
  else if (e.key === "Tab" && !e.shiftKey && tabComplete()) e.preventDefault();
};
const wanted = parseInt(new URLSearchParams(location.search).get("game"), 10);
if (wanted > 0) watch(wanted);
</script>
</body>
</html>
)page";
  return page;
}

}  // namespace deedlog
