#include "replay/html_page.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "deedlog/clock_stamp.h"
#include "core/plural.h"
#include "core/printable_text.h"
#include "present/narration.h"
#include "replay/commentary.h"
#include "replay/svg_board.h"
#include "deedlog/event_fields.h"
#include "deedlog/evolve.h"
#include "deedlog/valuation.h"
#include "present/money_words.h"

namespace deedlog {
namespace {

using json = nlohmann::json;

const char* kind_word(SquareKind k) {
  switch (k) {
    case SquareKind::Go: return "go";
    case SquareKind::Street: return "street";
    case SquareKind::Station: return "station";
    case SquareKind::Utility: return "utility";
    case SquareKind::Tax: return "tax";
    case SquareKind::Chance: return "chance";
    case SquareKind::CommunityChest: return "chest";
    case SquareKind::Jail: return "jail";
    case SquareKind::FreeParking: return "parking";
    case SquareKind::GoToJail: return "gotojail";
  }
  return "?";
}

json rect_json(const Rect& r) { return json::array({r.x, r.y, r.w, r.h}); }

// Per player: cash, square, flags, net worth, owed. flags: 1 in jail, 2 bankrupt,
// 4 * jail turns used (2 bits), 16 * Get Out of Jail Free cards held.
std::array<std::int64_t, 5> player_row(const State& s, const Valuation& v, PlayerId p) {
  const PlayerState& ps = s.player(p);
  const std::int64_t flags = (ps.in_jail ? 1 : 0) | (ps.bankrupt ? 2 : 0) | ((ps.jail_turns & 3) << 2) |
                             (static_cast<std::int64_t>(ps.jail_card_count()) << 4);
  return {ps.cash.units, ps.square, flags, v.estates[static_cast<std::size_t>(p)].total.units, ps.total_owed().units};
}

// The square to mark for an event, or kNoSquare: never a number off the board (the page's
// script indexes its squares by it).
SquareId event_square(const Ruleset& r, const Event& e, const State& after) {
  SquareId s = kNoSquare;
  if (fields::shared::square_if_any(e) != kNoSquare) s = fields::shared::square_if_any(e);
  else if (e.type != EventType::TurnStarted && e.player >= 0 && e.player < after.player_count)
    s = after.player(e.player).square;
  return s < r.squares.size() ? s : kNoSquare;
}

json page_data(const Timeline& t, std::int64_t start) {
  const Ruleset& r = t.ruleset();
  json d;
  d["title"] = t.title();
  d["edition"] = r.title;
  d["ruleset"] = r.id;
  d["game"] = t.game_id();
  d["last"] = t.last();
  d["start"] = start;
  d["words"] = {{"currency", r.words.currency}, {"jail", r.words.jail},   {"house", r.words.house},
                {"houses", r.words.houses},     {"hotel", r.words.hotel}, {"go", r.words.go}};
  const auto letters = token_letters(t.names());
  d["players"] = json::array();
  for (std::size_t p = 0; p < t.names().size(); ++p)
    d["players"].push_back({{"name", t.names()[p]},
                            {"token", letters[p]},
                            {"colour", player_colour(static_cast<PlayerId>(p)).web}});
  const BoardGeometry g = board_geometry(r.board_size());
  const auto parts = square_parts(r, g);
  d["board"] = {{"size", g.size}, {"pitch", kBoardTokenPitch}, {"radius", kBoardTokenRadius}};
  d["squares"] = json::array();
  for (int i = 0; i < r.board_size(); ++i) {
    const Square& sq = r.square(static_cast<SquareId>(i));
    const SquareParts& sp = parts[static_cast<std::size_t>(i)];
    json j = {{"name", sq.name},
              {"kind", kind_word(sq.kind)},
              {"colour", group_colour(r, sq.group).web},
              {"price", sq.price.units},
              {"box", rect_json(sp.box)},
              {"owner", rect_json(sp.owner)},
              {"band", rect_json(sp.band)},
              {"tokens", rect_json(sp.tokens)},
              {"across", sp.across},
              {"corner", sp.corner}};
    if (sp.prisoners.w > 0) j["prisoners"] = rect_json(sp.prisoners);
    d["squares"].push_back(j);
  }
  // Every event: its type, its words (the commentary), the square it is about.
  json events = json::array();
  json player_rows = json::array();
  json holding_rows = json::array();
  json phases = json::array();
  State s = t.state_at(0);
  State prev = s;
  std::vector<std::array<std::int64_t, 5>> last_rows(t.names().size(), {INT64_MIN, 0, 0, 0, 0});
  std::string last_phase;
  auto record = [&](std::int64_t seq) {
    const Valuation v = value_estates(r, s);
    for (PlayerId p = 0; p < s.player_count; ++p) {
      const auto row = player_row(s, v, p);
      if (row != last_rows[static_cast<std::size_t>(p)]) {
        player_rows.push_back({seq, p, row[0], row[1], row[2], row[3], row[4]});
        last_rows[static_cast<std::size_t>(p)] = row;
      }
    }
    for (int i = 0; i < r.board_size(); ++i) {
      const Holding& h = s.holdings[static_cast<std::size_t>(i)];
      if (seq == 0 ? h.owner != kBank : !(h == prev.holdings[static_cast<std::size_t>(i)]))
        holding_rows.push_back({seq, i, h.owner, h.buildings, h.mortgaged ? 1 : 0});
    }
    const std::string words = phase_words(r, t.names(), s);
    if (words != last_phase) {
      phases.push_back({seq, words});
      last_phase = words;
    }
  };
  record(0);
  for (std::int64_t q = 1; q <= t.last(); ++q) {
    const TimelineEvent& te = t.at(q);
    // A move's @TIME stamp is notation; the page shows it as a time ("21:47:55 · Ann buys").
    std::string words = te.event.type == EventType::MovePlayed ? readable_move_text(printable_text(fields::MovePlayed::line(te.event)))
                                                               : commentary(r, t.names(), s, te.event);
    // What a take-back voided stays on the page, said to be void (the take-back says why).
    if (t.voided_by(q) != 0) words += fmt::format(" [void: taken back at event {}]", t.voided_by(q));
    prev = s;
    t.step(s, q);
    const SquareId mark = event_square(r, te.event, s);
    events.push_back({te.type, words, mark == kNoSquare ? -1 : static_cast<int>(mark)});
    record(q);
  }
  d["events"] = std::move(events);
  d["playerRows"] = std::move(player_rows);
  d["holdingRows"] = std::move(holding_rows);
  d["phases"] = std::move(phases);
  json turns = json::array();
  for (int turn = 1; turn <= t.turn_count(); ++turn) turns.push_back({t.turn_first(turn), t.turn_player(turn)});
  d["turns"] = std::move(turns);
  d["moves"] = t.moves();
  json kinds;
  for (EventKind k : {EventKind::Rent, EventKind::Bankruptcy, EventKind::Ruling}) {
    json seqs = json::array();
    for (std::int64_t q = 1; q <= t.last(); ++q)
      if (is_kind(t.event(q), k)) seqs.push_back(q);
    kinds[kind_name(k)] = std::move(seqs);
  }
  d["kinds"] = std::move(kinds);
  return d;
}

// JSON inside a <script> element: nothing in it may close the element.
std::string script_safe(std::string text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '<' && i + 1 < text.size() && (text[i + 1] == '/' || text[i + 1] == '!')) {
      out += "\\u003c";
    } else {
      out += text[i];
    }
  }
  return out;
}

const char* kStyle = R"css(
:root { --ink: #1d2a22; --paper: #f6f4ee; --line: #c9c3b4; --accent: #1b4d2b; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
       font: 14px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif; }
header { padding: 10px 18px 6px; border-bottom: 1px solid var(--line); display: flex; gap: 18px; align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 20px; margin: 0; color: var(--accent); }
header .sub { color: #555; }
main { display: grid; grid-template-columns: minmax(420px, 700px) minmax(380px, 1fr); gap: 16px; padding: 12px 18px; }
#boardcol svg { width: 100%; height: auto; display: block; }
#controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 8px; }
#controls button { font: inherit; padding: 3px 9px; border: 1px solid #8a8474; background: #fff; border-radius: 4px; cursor: pointer; }
#controls button:hover { background: #eef5ee; }
#slider { width: 100%; margin: 4px 0 6px; }
#pos { font-weight: bold; margin-left: 6px; }
#commentary { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; min-height: 120px; }
#commentary .move { font-weight: bold; margin-bottom: 4px; }
#commentary ol { margin: 0; padding: 0; list-style: none; }
#commentary li { color: #666; }
#commentary li .seq { display: inline-block; min-width: 3.2em; color: #999; font-size: 11px; }
#commentary li.current { color: var(--ink); font-weight: bold; }
#now { margin: 6px 0 10px; color: #333; font-style: italic; }
#players { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 8px; }
.player { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 6px 9px; }
.player.turn { box-shadow: 0 0 0 2px #ffb000; }
.player.out { opacity: 0.55; }
.player .head { display: flex; align-items: center; gap: 6px; }
.player .name { font-weight: bold; flex: 1; }
.player .cash { font-weight: bold; font-size: 16px; }
.tok { display: inline-block; width: 18px; height: 18px; border-radius: 50%; color: #fff; font-size: 11px;
       font-weight: bold; text-align: center; line-height: 18px; }
.player .where, .player .worth { color: #444; font-size: 12px; }
.deeds { display: flex; flex-wrap: wrap; gap: 3px; margin-top: 4px; }
.deed { font-size: 11px; padding: 0 4px; border-radius: 3px; border: 1px solid #999; background: #f3f3f3; }
.deed.mortgaged { text-decoration: line-through; opacity: 0.6; }
#chartbox { margin-top: 12px; background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 4px; }
#chartbox svg { width: 100%; height: auto; display: block; cursor: crosshair; }
#winbox { margin-top: 8px; background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 4px; }
#winbox svg { width: 100%; height: auto; display: block; cursor: pointer; }
#movebox { margin-top: 12px; }
#movelist { height: 260px; overflow-y: auto; background: #fff; border: 1px solid var(--line); border-radius: 6px;
            margin: 0; padding: 4px 8px; list-style: none; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
#movelist li { cursor: pointer; padding: 0 4px; white-space: pre; }
#movelist li.turn { color: var(--accent); font-weight: bold; margin-top: 4px; cursor: pointer; }
#movelist li.current { background: #ffe7a8; }
.keys { color: #666; font-size: 12px; margin-top: 6px; }
kbd { border: 1px solid #aaa; border-radius: 3px; padding: 0 3px; background: #fff; font-size: 11px; }
main > * { min-width: 0; }
/* A phone, or any window narrower than the two columns: one column, the board first and as
   wide as the screen, the controls under it within reach, nothing wider than the window. */
@media (max-width: 860px) {
  header { padding: 8px 10px 4px; gap: 8px; }
  header h1 { font-size: 17px; }
  main { grid-template-columns: minmax(0, 1fr); gap: 10px; padding: 8px 10px; }
  #controls button { padding: 6px 10px; }
  #players { grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
  #movelist { height: 200px; }
  #movelist li { white-space: pre-wrap; }
  .keys { display: none; }
}
)css";

const char* kScript = R"js(
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("replay-data").textContent);
  var N = D.last, P = D.players.length, NS = D.squares.length, W = 5;
  var SVGNS = "http://www.w3.org/2000/svg";
  // Every position's players and holdings, filled forward from the changes the data lists.
  var pl = new Float64Array((N + 1) * P * W), hs = new Int16Array((N + 1) * NS), phaseAt = new Int32Array(N + 1);
  (function fill() {
    var rows = D.playerRows, k = 0, cur = new Float64Array(P * W);
    var hrows = D.holdingRows, h = 0, hcur = new Int16Array(NS);
    var ph = D.phases, m = 0, pcur = 0;
    for (var i = 0; i < NS; i++) hcur[i] = 0;
    for (var q = 0; q <= N; q++) {
      while (k < rows.length && rows[k][0] === q) { var r = rows[k++]; for (var f = 0; f < W; f++) cur[r[1] * W + f] = r[2 + f]; }
      while (h < hrows.length && hrows[h][0] === q) { var x = hrows[h++]; hcur[x[1]] = (x[2] + 1) | (x[3] << 4) | (x[4] << 7); }
      while (m < ph.length && ph[m][0] === q) { pcur = m++; }
      pl.set(cur, q * P * W); hs.set(hcur, q * NS); phaseAt[q] = pcur;
    }
  })();
  var turnStarts = D.turns.map(function (t) { return t[0]; });
  function upper(arr, v) { var lo = 0, hi = arr.length; while (lo < hi) { var mid = (lo + hi) >> 1; if (arr[mid] <= v) lo = mid + 1; else hi = mid; } return lo; }
  function turnOf(p) { return p <= 0 ? 0 : upper(turnStarts, p); }
  function moveOf(p) { var i = upper(D.moves, p); return i === 0 ? 0 : D.moves[i - 1]; }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function money(v) {
    var s = String(Math.abs(v)), out = "";
    for (var i = 0; i < s.length; i++) { if (i > 0 && (s.length - i) % 3 === 0) out += ","; out += s[i]; }
    return (v < 0 ? "-" : "") + D.words.currency + out;
  }
  function esc(s) { return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"); }
  function $(id) { return document.getElementById(id); }

  // The board's changing layer: the same drawing as replay_svg.cpp's dynamic_layer.
  function rect(r, extra) { return '<rect x="' + r[0] + '" y="' + r[1] + '" width="' + r[2] + '" height="' + r[3] + '" ' + extra + '/>'; }
  function slots(a, n) {
    var pitch = D.board.pitch, out = [];
    var cols = Math.max(1, Math.floor((a[2] - 2) / pitch)), rows = Math.ceil(n / cols), used = Math.min(n, cols);
    var x0 = a[0] + a[2] / 2 - (used - 1) * pitch / 2, y0 = a[1] + a[3] / 2 - (rows - 1) * pitch / 2;
    for (var i = 0; i < n; i++) out.push([x0 + (i % cols) * pitch, y0 + Math.floor(i / cols) * pitch]);
    return out;
  }
  function token(x, y, p) {
    return '<g class="token"><circle cx="' + x + '" cy="' + y + '" r="' + D.board.radius + '" fill="' + D.players[p].colour +
      '" stroke="#fff" stroke-width="1.5"/><text x="' + x + '" y="' + (y + 3.5) + '" text-anchor="middle" font-size="10" font-weight="bold" fill="#fff">' +
      esc(D.players[p].token) + '</text></g>';
  }
  function drawBoard(p) {
    var out = "", base = p * NS;
    for (var i = 0; i < NS; i++) {
      var sq = D.squares[i], v = hs[base + i], owner = (v & 15) - 1, b = (v >> 4) & 7, mort = (v >> 7) & 1;
      if (owner < 0 || sq.corner) continue;
      out += rect(sq.owner, 'class="owner" fill="' + D.players[owner].colour + '"');
      if (mort) out += rect(sq.box, 'class="mortgaged" fill="url(#hatch)"') + '<text x="' + (sq.box[0] + sq.box[2] / 2) + '" y="' +
        (sq.box[1] + sq.box[3] / 2 + 3) + '" text-anchor="middle" font-size="8" font-weight="bold" fill="#700">MORTGAGED</text>';
      if (b > 0) {
        var band = sq.band;
        if (b === 5) {
          var w = sq.across ? 26 : 14, h = sq.across ? 14 : 26;
          out += rect([band[0] + band[2] / 2 - w / 2, band[1] + band[3] / 2 - h / 2, w, h], 'class="hotel" fill="#c8102e" stroke="#fff"');
        } else {
          var size = 11, gap = 2.5, span = b * size + (b - 1) * gap;
          for (var k = 0; k < b; k++) {
            var x = sq.across ? band[0] + band[2] / 2 - span / 2 + k * (size + gap) : band[0] + band[2] / 2 - size / 2;
            var y = sq.across ? band[1] + band[3] / 2 - size / 2 : band[1] + band[3] / 2 - span / 2 + k * (size + gap);
            out += rect([x, y, size, size], 'class="house" fill="#1a8f2e" stroke="#fff"');
          }
        }
      }
    }
    var mark = p > 0 ? D.events[p - 1][2] : -1;
    if (mark >= 0) { var bx = D.squares[mark].box; out += rect([bx[0] + 2, bx[1] + 2, bx[2] - 4, bx[3] - 4], 'class="highlight" fill="none" stroke="#ffb000" stroke-width="4"'); }
    for (var s = 0; s < NS; s++) {
      var sqr = D.squares[s], visitors = [], prisoners = [];
      for (var q = 0; q < P; q++) {
        var o = (p * P + q) * W, flags = pl[o + 2];
        if ((flags & 2) || pl[o + 1] !== s) continue;
        ((flags & 1) && sqr.prisoners ? prisoners : visitors).push(q);
      }
      if (prisoners.length) slots(sqr.prisoners, prisoners.length).forEach(function (xy, k) { out += token(xy[0], xy[1], prisoners[k]); });
      if (visitors.length) slots(sqr.tokens, visitors.length).forEach(function (xy, k) { out += token(xy[0], xy[1], visitors[k]); });
    }
    $("dynamic").innerHTML = out;
  }

  function deedsHtml(p, q) {
    var out = "", base = p * NS;
    for (var i = 0; i < NS; i++) {
      var v = hs[base + i], owner = (v & 15) - 1, b = (v >> 4) & 7, mort = (v >> 7) & 1, sq = D.squares[i];
      if (owner !== q) continue;
      var extra = mort ? " (mortgaged)" : b === 5 ? " (" + D.words.hotel + ")" : b === 1 ? " (1 " + D.words.house + ")" : b > 1 ? " (" + b + " " + D.words.houses + ")" : "";
      var style = sq.colour ? ' style="border-color:' + sq.colour + ';box-shadow: inset 4px 0 0 ' + sq.colour + '"' : "";
      out += '<span class="deed' + (mort ? " mortgaged" : "") + '"' + style + '>' + esc(sq.name + extra) + "</span>";
    }
    return out;
  }

  function drawPlayers(p) {
    var turn = turnOf(p), mover = turn > 0 ? D.turns[turn - 1][1] : -1;
    for (var q = 0; q < P; q++) {
      var o = (p * P + q) * W, cash = pl[o], square = pl[o + 1], flags = pl[o + 2], worth = pl[o + 3], owed = pl[o + 4];
      var c = $("cash-" + q);
      c.textContent = money(cash);
      c.setAttribute("data-cash", String(cash));
      var where = (flags & 2) ? "bankrupt, out of the game" :
        (flags & 1) ? "in " + D.words.jail + ", " + plural((flags >> 2) & 3, "turn") + " used" : "on " + D.squares[square].name;
      var cards = flags >> 4;
      if (cards) where += " · " + cards + " Get Out of " + D.words.jail + " Free card" + (cards > 1 ? "s" : "");
      if (owed) where += " · owes " + money(owed);
      $("where-" + q).textContent = where;
      $("worth-" + q).textContent = "net worth " + money(worth);
      $("deeds-" + q).innerHTML = deedsHtml(p, q);
      var panel = $("player-" + q);
      panel.classList.toggle("turn", q === mover);
      panel.classList.toggle("out", !!(flags & 2));
    }
  }

  function drawCommentary(p) {
    var box = $("commentary");
    if (p <= 0) { box.innerHTML = '<div class="move">Before the first event</div>'; return; }
    var m = moveOf(p), first = m === 0 ? 1 : m + 1;
    var html = '<div class="move' + (m === p ? " current" : "") + '">' + esc(m === 0 ? "The opening" : D.events[m - 1][1]) + "</div><ol>";
    var from = Math.max(first, p - 30);
    for (var q = from; q <= p; q++)
      html += "<li" + (q === p ? ' class="current"' : "") + '><span class="seq">' + q + "</span>" + esc(D.events[q - 1][1]) + "</li>";
    box.innerHTML = html + "</ol>";
    $("now").textContent = "Now: " + D.phases[phaseAt[p]][1];
    var centre = $("centre-words");
    if (centre) centreWords(centre, m === 0 ? "The opening" : D.events[m - 1][1]);
  }

  // The words in the board's centre, wrapped into lines as the SVG's own caption is
  // (replay/commentary.h, wrap_words), so a long line stays inside the board: at most
  // CENTRE_LINES lines of CENTRE_CHARS characters, the last cut short with an ellipsis.
  var CENTRE_CHARS = 56, CENTRE_LINES = 6;
  function wrapWords(text, width) {
    var words = String(text).split(/\s+/), lines = [], line = "";
    for (var i = 0; i < words.length; i++) {
      var w = words[i];
      if (!w) continue;
      while (w.length > width) {  // a word longer than a line is cut
        if (line) { lines.push(line); line = ""; }
        lines.push(w.slice(0, width));
        w = w.slice(width);
      }
      if (line && line.length + 1 + w.length > width) { lines.push(line); line = w; }
      else line = line ? line + " " + w : w;
    }
    if (line) lines.push(line);
    return lines;
  }
  function centreWords(centre, text) {
    while (centre.firstChild) centre.removeChild(centre.firstChild);
    var lines = wrapWords(text, CENTRE_CHARS), x = centre.getAttribute("x");
    if (lines.length > CENTRE_LINES) {
      lines = lines.slice(0, CENTRE_LINES);
      var last = lines[CENTRE_LINES - 1];
      lines[CENTRE_LINES - 1] = (last.length > CENTRE_CHARS - 2 ? last.slice(0, CENTRE_CHARS - 2) : last) + " \u2026";
    }
    centre.setAttribute("data-lines", String(lines.length));
    for (var i = 0; i < lines.length; i++) {
      var t = document.createElementNS("http://www.w3.org/2000/svg", "tspan");
      t.setAttribute("x", x);
      if (i > 0) t.setAttribute("dy", "16");
      t.textContent = lines[i];
      centre.appendChild(t);
    }
  }

  var moveItems = {};
  function buildMoveList() {
    var list = $("movelist"), html = "", t = 0;
    for (var i = 0; i < D.moves.length; i++) {
      var m = D.moves[i];
      while (t < turnStarts.length && turnStarts[t] <= m) {
        html += '<li class="turn" data-seq="' + turnStarts[t] + '">Turn ' + (t + 1) + ": " + esc(D.players[D.turns[t][1]].name) + "</li>";
        t++;
      }
      html += '<li class="move" id="move-' + m + '" data-seq="' + m + '">' + String(m).padStart(6, " ") + "  " + esc(D.events[m - 1][1]) + "</li>";
    }
    list.innerHTML = html;
    list.addEventListener("click", function (e) {
      var li = e.target.closest("li");
      if (!li) return;
      var s = +li.getAttribute("data-seq");
      go(li.classList.contains("move") ? lastOfMove(s) : s);
    });
  }
  // The end of turn t's first move (a turn that begins in the opening starts before its move).
  function turnOpening(t) { var s = turnStarts[t - 1], i = upper(D.moves, s - 1); return i < D.moves.length ? lastOfMove(D.moves[i]) : s; }
  function lastOfMove(m) { var i = upper(D.moves, m); return i < D.moves.length ? D.moves[i] - 1 : N; }
  var shownMove = null;
  function drawMoveList(p) {
    var m = moveOf(p);
    if (shownMove) shownMove.classList.remove("current");
    shownMove = m ? $("move-" + m) : null;
    if (shownMove) {
      shownMove.classList.add("current");
      var list = $("movelist"), top = shownMove.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 20) list.scrollTop = top - list.clientHeight / 2;
    }
  }

  function drawChart(p) {
    var svg = $("worth"), cursor = $("worth-cursor");
    if (!svg || !cursor) return;
    var x0 = +svg.getAttribute("data-x0"), x1 = +svg.getAttribute("data-x1"), s0 = +svg.getAttribute("data-seq0"), s1 = +svg.getAttribute("data-seq1");
    var x = x0 + Math.max(0, Math.min(1, (p - s0) / Math.max(1, s1 - s0))) * (x1 - x0);
    cursor.setAttribute("x1", x); cursor.setAttribute("x2", x);
    var wsvg = $("win"), wcursor = $("win-cursor");
    if (wsvg && wcursor) {
      var w0 = +wsvg.getAttribute("data-x0"), w1 = +wsvg.getAttribute("data-x1"), ws0 = +wsvg.getAttribute("data-seq0"), ws1 = +wsvg.getAttribute("data-seq1");
      var wx = w0 + Math.max(0, Math.min(1, (p - ws0) / Math.max(1, ws1 - ws0))) * (w1 - w0);
      wcursor.setAttribute("x1", wx); wcursor.setAttribute("x2", wx);
    }
  }

  var pos = -1;
  function go(p) {
    p = Math.max(0, Math.min(N, Math.round(p)));
    pos = p;
    $("slider").value = String(p);
    var turn = turnOf(p);
    var label = "Event " + p + " of " + N + (turn > 0 ? " · turn " + turn + " of " + turnStarts.length + ": " + D.players[D.turns[turn - 1][1]].name : p > 0 ? " · the opening" : "");
    var el = $("pos");
    el.textContent = label;
    el.setAttribute("data-seq", String(p));
    drawBoard(p); drawPlayers(p); drawCommentary(p); drawMoveList(p); drawChart(p);
    if (history.replaceState) history.replaceState(null, "", "#seq=" + p);
  }
  function find(kind, forward) {
    var list = D.kinds[kind], i = upper(list, pos);
    if (forward) { if (i < list.length) go(list[i]); }
    else { var j = upper(list, pos - 1) - 1; if (j >= 0) go(list[j]); }
  }
  function nextTurn() { var t = turnOf(pos); go(t < turnStarts.length ? turnStarts[t] : N); }
  function prevTurn() {
    var t = turnOf(pos);
    if (t <= 0) go(0); else if (pos > turnStarts[t - 1]) go(turnStarts[t - 1]); else go(t > 1 ? turnStarts[t - 2] : 0);
  }
  function nextMove() { var m = moveOf(pos); if (m && lastOfMove(m) > pos) go(lastOfMove(m)); else { var i = upper(D.moves, pos); go(i < D.moves.length ? lastOfMove(D.moves[i]) : N); } }
  function prevMove() { var m = moveOf(pos); go(m ? m - 1 : 0); }

  var timer = null;
  function play(on) {
    if (timer) { clearInterval(timer); timer = null; }
    if (on) timer = setInterval(function () { if (pos >= N) play(false); else go(pos + 1); }, 450);
    $("play").textContent = timer ? "Pause" : "Play";
  }

  var actions = {
    first: function () { go(0); }, prevturn: prevTurn, prev: function () { go(pos - 1); },
    next: function () { go(pos + 1); }, nextturn: nextTurn, last: function () { go(N); },
    prevmove: prevMove, nextmove: nextMove,
    play: function () { play(!timer); },
    rent: function () { find("rent", true); }, bankruptcy: function () { find("bankruptcy", true); },
    ruling: function () { find("ruling", true); }
  };
  Object.keys(actions).forEach(function (id) { $(id).addEventListener("click", actions[id]); });
  $("slider").addEventListener("input", function () { go(+this.value); });
  $("worth") && $("worth").addEventListener("click", function (e) {
    var svg = this, pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
    var x = pt.matrixTransform(svg.getScreenCTM().inverse()).x;
    var x0 = +svg.getAttribute("data-x0"), x1 = +svg.getAttribute("data-x1"), s0 = +svg.getAttribute("data-seq0"), s1 = +svg.getAttribute("data-seq1");
    go(s0 + (x - x0) / (x1 - x0) * (s1 - s0));
  });
  // The win-chance graph: a click goes to the move of the point nearest it (its last event).
  $("win") && $("win").addEventListener("click", function (e) {
    var svg = this, pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
    var x = pt.matrixTransform(svg.getScreenCTM().inverse()).x, best = null, bestd = Infinity;
    var t = e.target && e.target.getAttribute && e.target.getAttribute("data-seq");
    if (t !== null && t !== undefined && t !== "") { go(+t); return; }
    Array.prototype.forEach.call(svg.querySelectorAll(".win-point"), function (c) {
      var d = Math.abs(+c.getAttribute("cx") - x);
      if (d < bestd) { bestd = d; best = c; }
    });
    if (best) go(+best.getAttribute("data-seq"));
  });
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.id === "slider" && /^Arrow|^Page|^Home|^End/.test(e.key)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key, done = true;
    switch (k) {
      case "ArrowRight": case "n": case "l": go(pos + 1); break;
      case "ArrowLeft": case "p": case "h": go(pos - 1); break;
      case "ArrowDown": case "PageDown": case "]": case "j": nextTurn(); break;
      case "ArrowUp": case "PageUp": case "[": case "k": prevTurn(); break;
      case "Home": case "<": go(0); break;
      case "End": case ">": go(N); break;
      case "m": nextMove(); break;
      case "M": prevMove(); break;
      case "r": find("rent", true); break;
      case "R": find("rent", false); break;
      case "b": find("bankruptcy", true); break;
      case "B": find("bankruptcy", false); break;
      case "u": find("ruling", true); break;
      case "U": find("ruling", false); break;
      case " ": play(!timer); break;
      default: done = false;
    }
    if (done) e.preventDefault();
  });

  // The address names the point to open at: #seq=N or #turn=T (after that turn's first move),
  // then &step=K presses the step
  // button K times (back when K is negative) and &turnstep=K the turn buttons.
  function fromHash() {
    var h = location.hash.replace(/^#/, ""), args = {};
    h.split("&").forEach(function (kv) { var i = kv.indexOf("="); if (i > 0) args[kv.slice(0, i)] = kv.slice(i + 1); });
    var p = D.start;
    if (args.seq === "end") p = N; else if (args.seq !== undefined && !isNaN(+args.seq)) p = +args.seq;
    // #turn=T opens as turn T begins at the table: its first move (the throw) made and shown,
    // with everything the throw caused (docs/replay.md).
    if (args.turn !== undefined && +args.turn >= 1 && +args.turn <= turnStarts.length) p = turnOpening(+args.turn);
    go(p);
    var step = +(args.step || 0), tstep = +(args.turnstep || 0);
    for (var i = 0; i < Math.abs(step); i++) $(step > 0 ? "next" : "prev").click();
    for (var j = 0; j < Math.abs(tstep); j++) $(tstep > 0 ? "nextturn" : "prevturn").click();
  }
  window.addEventListener("hashchange", fromHash);
  buildMoveList();
  fromHash();
  document.body.setAttribute("data-ready", "1");
})();
)js";

}  // namespace

std::string replay_html(const Timeline& t, std::int64_t start, const WinSeries* win) {
  const Ruleset& r = t.ruleset();
  start = std::clamp<std::int64_t>(start, 0, t.last());
  const json data = page_data(t, start);
  BoardSvgOptions bo;
  bo.caption = false;
  bo.for_html = true;
  ChartOptions co;
  co.cursor = true;
  const std::string board = board_svg(t, start, bo);
  const std::string chart = worth_chart_svg(t, net_worth_series(t, kWorthChartPoints), co);

  std::string players;
  const State s = t.state_at(start);
  const auto letters = token_letters(t.names());
  for (std::size_t p = 0; p < t.names().size(); ++p) {
    const PlayerState& ps = s.player(static_cast<PlayerId>(p));
    players += fmt::format(
        "<div class=\"player\" id=\"player-{0}\"><div class=\"head\"><span class=\"tok\" style=\"background:{1}\">{2}</span>"
        "<span class=\"name\">{3}</span><span class=\"cash\" id=\"cash-{0}\" data-cash=\"{4}\">{5}</span></div>"
        "<div class=\"where\" id=\"where-{0}\"></div><div class=\"worth\" id=\"worth-{0}\"></div>"
        "<div class=\"deeds\" id=\"deeds-{0}\"></div></div>\n",
        p, player_colour(static_cast<PlayerId>(p)).web, xml_escape(letters[p]), xml_escape(t.names()[p]), ps.cash.units,
        xml_escape(money_grouped(r, ps.cash)));
  }
  std::string html;
  html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<meta name=\"generator\" content=\"deedlog replay\">\n";
  html += fmt::format("<title>{} · deedlog replay</title>\n<style>{}</style>\n</head>\n<body>\n", xml_escape(t.title()), kStyle);
  std::string names;
  for (const auto& n : t.names()) names += (names.empty() ? "" : ", ") + n;
  html += fmt::format("<header><h1>{}</h1><span class=\"sub\">{} · {} · {}, {}</span></header>\n",
                      xml_escape(t.title()), xml_escape(r.title), xml_escape(names), count_of(t.last(), "event"),
                      count_of(t.turn_count(), "turn"));
  html += "<main>\n<section id=\"boardcol\">\n" + board;
  if (win) {
    ChartOptions wo;
    wo.cursor = true;
    wo.height = 220;
    html += "<div id=\"winbox\">\n" + win_chart_svg(t, *win, wo) + "</div>\n";
  }
  html += "<div id=\"movebox\"><ol id=\"movelist\"></ol></div>\n</section>\n";
  html += "<section id=\"side\">\n<div id=\"controls\">"
          "<button id=\"first\" title=\"the start (Home)\">|&#9664;</button>"
          "<button id=\"prevturn\" title=\"previous turn (&#8593;)\">&#9664;&#9664; turn</button>"
          "<button id=\"prevmove\" title=\"previous move (M)\">&#9664; move</button>"
          "<button id=\"prev\" title=\"previous event (&#8592;)\">&#9664;</button>"
          "<button id=\"next\" title=\"next event (&#8594;)\">&#9654;</button>"
          "<button id=\"nextmove\" title=\"next move (m)\">move &#9654;</button>"
          "<button id=\"nextturn\" title=\"next turn (&#8595;)\">turn &#9654;&#9654;</button>"
          "<button id=\"last\" title=\"the end (End)\">&#9654;|</button>"
          "<button id=\"play\" title=\"play (space)\">Play</button>"
          "<button id=\"rent\" title=\"next rent (r)\">next rent</button>"
          "<button id=\"bankruptcy\" title=\"next debt or bankruptcy (b)\">next bankruptcy</button>"
          "<button id=\"ruling\" title=\"next ruling (u)\">next ruling</button>"
          "<span id=\"pos\"></span></div>\n";
  html += fmt::format("<input type=\"range\" id=\"slider\" min=\"0\" max=\"{}\" value=\"{}\" aria-label=\"event\">\n", t.last(), start);
  html += "<div id=\"commentary\"></div>\n<div id=\"now\"></div>\n";
  html += "<div id=\"players\">\n" + players + "</div>\n";
  html += "<div id=\"chartbox\">\n" + chart + "</div>\n";
  html += "<div class=\"keys\">Keys: <kbd>&#8594;</kbd>/<kbd>&#8592;</kbd> event, <kbd>&#8595;</kbd>/<kbd>&#8593;</kbd> turn, "
          "<kbd>m</kbd>/<kbd>M</kbd> move, <kbd>Home</kbd>/<kbd>End</kbd>, <kbd>r</kbd> rent, <kbd>b</kbd> bankruptcy, "
          "<kbd>u</kbd> ruling (shift: back), <kbd>space</kbd> play. The address (#seq=N) names the point shown.</div>\n";
  html += "</section>\n</main>\n";
  html += "<script type=\"application/json\" id=\"replay-data\">" + script_safe(data.dump()) + "</script>\n";
  html += std::string("<script>") + kScript + "</script>\n</body>\n</html>\n";
  return html;
}

}  // namespace deedlog
