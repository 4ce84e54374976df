// The page referee serve gives at GET /: one self-contained file (no fetch but the API's own,
// no script or style from elsewhere), so a club's laptop serves it with no network. Text from
// the journal is put in with textContent only, never as markup: player names are typed by anyone.
#include <string>

#include "commands/serve_command.h"

namespace deedlog {

const std::string& serve_page() {
  static const std::string page = R"page(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>deedlog referee</title>
<style>
body { font-family: sans-serif; margin: 1em; max-width: 48em; }
fieldset { margin-bottom: 1em; }
input { font-size: 1em; margin: 0.2em; }
button { font-size: 1em; margin: 0.2em; }
table { border-collapse: collapse; }
td, th { border-bottom: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }
#refusal { color: #a00; font-weight: bold; }
#log { max-height: 20em; overflow-y: auto; font-size: 0.9em; }
</style>
</head>
<body>
<h1>deedlog referee</h1>
<fieldset><legend>A game</legend>
  game <input id="game" size="5" inputmode="numeric">
  key <input id="key" size="20" placeholder="only to make moves">
  <button id="open">Watch</button>
</fieldset>
<fieldset><legend>A new game</legend>
  edition <input id="ruleset" value="uk-1972" size="12">
  players <input id="players" placeholder="Ann, Ben" size="20">
  <button id="create">Start</button>
</fieldset>
<p id="turn"></p>
<table id="players_table"></table>
<h2>Moves</h2>
<div id="moves"></div>
<p><input id="move" size="32" placeholder="a move, e.g. Ann rolls"> <button id="play">Play</button></p>
<p id="refusal"></p>
<h2>What happened</h2>
<ol id="log"></ol>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
let game = null, source = null;

function say(text) { $("refusal").textContent = text || ""; }

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  const key = $("key").value.trim();
  if (key) headers["Authorization"] = "Bearer " + key;
  const r = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  let doc = {};
  try { doc = await r.json(); } catch (e) { doc = { error: "HTTP " + r.status }; }
  return { status: r.status, doc };
}

function cell(row, text, tag) {
  const c = document.createElement(tag || "td");
  c.textContent = text;
  row.appendChild(c);
}

async function refresh() {
  if (game === null) return;
  const s = await api("GET", "/api/games/" + game);
  if (s.status !== 200) { say(s.doc.error); return; }
  const st = s.doc;
  $("turn").textContent = st.over ? "The game is over" + (st.winner ? ": " + st.winner + " wins." : ".")
                                   : (st.turn && st.turn.words) || "";
  const t = $("players_table");
  t.textContent = "";
  const head = document.createElement("tr");
  ["player", "cash", "square"].forEach((h) => cell(head, h, "th"));
  t.appendChild(head);
  (st.players || []).forEach((p) => {
    const row = document.createElement("tr");
    cell(row, p.name); cell(row, String(p.cash)); cell(row, p.square_name || String(p.square));
    t.appendChild(row);
  });
  const m = await api("GET", "/api/games/" + game + "/moves");
  const box = $("moves");
  box.textContent = "";
  ((m.doc && m.doc.moves) || []).forEach((text) => {
    const b = document.createElement("button");
    b.textContent = text;
    b.onclick = () => play(text);
    box.appendChild(b);
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
  if (r.status === 200) { say(""); $("move").value = ""; }
  else if (r.doc.violation) say("Refused (rule " + r.doc.violation.rule + "): " + r.doc.violation.message);
  else say(r.doc.error || ("HTTP " + r.status));
  refreshSoon();
}

function watch(id) {
  game = id;
  $("game").value = id;
  const saved = localStorage.getItem("deedlog-key-" + id);
  if (saved && !$("key").value) $("key").value = saved;
  $("log").textContent = "";
  if (source) source.close();
  // The whole game's events first, then each new one as it is recorded (by anyone).
  source = new EventSource("/api/games/" + id + "/stream?from=1");
  source.onmessage = (e) => {
    const ev = JSON.parse(e.data);
    const li = document.createElement("li");
    li.value = ev.seq;
    li.textContent = ev.words + (ev.voided_by ? " (taken back)" : "");
    $("log").appendChild(li);
    $("log").scrollTop = $("log").scrollHeight;
    refreshSoon();
  };
  refresh();
}

$("open").onclick = () => {
  const id = parseInt($("game").value, 10);
  if (!(id > 0)) { say("a game is a number"); return; }
  if ($("key").value.trim()) localStorage.setItem("deedlog-key-" + id, $("key").value.trim());
  watch(id);
};
$("create").onclick = async () => {
  const players = $("players").value.split(",").map((s) => s.trim()).filter((s) => s);
  const r = await api("POST", "/api/games", { ruleset: $("ruleset").value.trim(), players });
  if (r.status !== 201) { say(r.doc.error); return; }
  localStorage.setItem("deedlog-key-" + r.doc.game, r.doc.key);
  $("key").value = r.doc.key;
  say("");
  watch(r.doc.game);
};
$("play").onclick = () => play($("move").value.trim());
$("move").onkeydown = (e) => { if (e.key === "Enter") play($("move").value.trim()); };
const wanted = parseInt(new URLSearchParams(location.search).get("game"), 10);
if (wanted > 0) watch(wanted);
</script>
</body>
</html>
)page";
  return page;
}

}  // namespace deedlog
