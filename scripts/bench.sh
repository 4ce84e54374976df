#!/usr/bin/env bash
# Measures deedlog and prints the table for the README's performance section.
#   bash scripts/bench.sh          the in-process benchmarks and the whole-process latency
#   bash scripts/bench.sh --big    also builds a journal over 1 GB and one game of 4.5 M events,
#                                  and measures verify's memory on each
#   bash scripts/bench.sh --journal   only the journal's figures against their goals (wall, CPU)
#   bash scripts/bench.sh --engine    only referee engine's round trip and referee match's games
#   bash scripts/bench.sh --serve     only referee serve under load: serve_load's games at once,
#                                  on SQLite and on a throw-away PostgreSQL (docs/scaling.md)
#   bash scripts/bench.sh --analysis  only the analysis's figures against their goals (docs/analysis.md):
#                                  analyse of the README's long game (seeds 1 and 2), chances of its
#                                  last position, and the analyst against the built-in player over
#                                  ANALYST_GAMES paired games (default 1,000: about 850 s of CPU,
#                                  some 7 minutes on 2 quiet cores: docs/analysis-views.md)
#   bash scripts/bench.sh --seating [--players N]
#                                  only the seating's repeat meetings and seconds a round
#                                  (bench/seating_bench.cpp, docs/tournaments.md "Seating"), of
#                                  every number of players or only N
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# build/ as scripts/build.sh configures it (Release), so the two scripts do not rebuild it in turn.
source scripts/configure.sh
configure_full build -DCMAKE_BUILD_TYPE=Release -DDEEDLOG_PYTHON=ON
if [ "${1:-}" = "--seating" ]; then
  cmake --build build -j "$(nproc)" --target seating_bench >/dev/null
  echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  exec ./build/seating_bench "${@:2}"
fi
if [ "${1:-}" = "--analysis" ]; then
  cmake --build build -j "$(nproc)" --target referee >/dev/null
else
  cmake --build build -j "$(nproc)" --target referee serve_load >/dev/null
  [ "${1:-}" = "--serve" ] || cmake --build build -j "$(nproc)" --target deedlog_bench >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/{print $2}') GiB"
echo
mode=${1:-}

# referee serve under load (docs/scaling.md): serve_load starts a server on 127.0.0.1, creates
# SERVE_GAMES games (default 100) and plays SERVE_MOVES moves of each (default 20) from 16
# clients at once. On SQLite (a file in $work), then on PostgreSQL: a throw-away server made as
# the tests make theirs (tests/support/postgres_server.h: initdb in a temporary folder, a unix
# socket there and no TCP), or a row saying why there is none. The load average is printed
# beside the figures: they are worth little on a machine that is busy with something else.
serve_figures() {
  local games=${SERVE_GAMES:-100} moves=${SERVE_MOVES:-20}
  echo "| referee serve, $games games of $moves moves at once, 16 clients | moves/s | p50 ms | p99 ms | errors | load average before |"
  echo "|---|---|---|---|---|---|"
  serve_row() {  # serve_row STORE DB
    local load
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    ./build/serve_load --referee ./build/referee --db "$2" --games "$games" --moves-per-game "$moves" --threads 16 \
      >"$work/serve.json" || true
    python3 - "$1" "$work/serve.json" "$load" <<'PY'
import json, sys
store, path, load = sys.argv[1], sys.argv[2], sys.argv[3]
try:
    f = json.load(open(path))
except ValueError:
    print(f"| {store} | (serve_load gave no figures) | | | | {load} |")
    sys.exit(0)
print(f"| {store}: {f['moves']:,} moves in {f['seconds']} s | {f['moves_per_second']:,.0f} | {f['p50_ms']} | {f['p99_ms']} | {f['errors']} | {load} |")
PY
  }
  serve_row "SQLite (WAL, a file)" "$work/serve.db"
  local bin="" version
  for version in 17 16 15 14 13; do
    if [ -x "/usr/lib/postgresql/$version/bin/initdb" ]; then bin=/usr/lib/postgresql/$version/bin; break; fi
  done
  if [ -z "$bin" ]; then
    echo "| PostgreSQL | skipped: the server is not installed (Debian's postgresql; scripts/setup.sh) | | | | |"
    return 0
  fi
  # A folder of its own outside $work (which only its owner may enter): the server may run as
  # another user.
  local pg as=""
  pg=$(mktemp -d /tmp/deedlog-bench-pg-XXXXXX)
  if [ "$(id -u)" = 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
      echo "| PostgreSQL | skipped: running as root and there is no postgres user to run the server as | | | | |"
      rm -rf "$pg"
      return 0
    fi
    chown postgres: "$pg"
    as="runuser -u postgres --"
  fi
  # fsync on, unlike the tests' server: these figures are meant to include durable commits.
  if ! $as "$bin/initdb" -D "$pg/data" -U postgres --auth=trust -E UTF8 >"$work/pg-setup.log" 2>&1 ||
    ! $as "$bin/pg_ctl" -D "$pg/data" -l "$pg/server.log" -w \
      -o "-c listen_addresses='' -k $pg -p 54331 -c max_connections=200" start >>"$work/pg-setup.log" 2>&1; then
    echo "| PostgreSQL | skipped: the throw-away server did not start ($(tail -1 "$work/pg-setup.log")) | | | | |"
    rm -rf "$pg"
    return 0
  fi
  # shellcheck disable=SC2064
  trap "$as $bin/pg_ctl -D $pg/data -m fast -w stop >/dev/null 2>&1; rm -rf '$work' '$pg'" EXIT
  $as "$bin/psql" -h "$pg" -p 54331 -U postgres -qc "CREATE DATABASE bench" >/dev/null
  serve_row "PostgreSQL $version (unix socket, same machine)" "postgresql:///bench?host=$pg&port=54331&user=postgres"
}
if [ "$mode" = "--serve" ]; then
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  serve_figures
  exit 0
fi
if [ "$mode" != "--journal" ] && [ "$mode" != "--engine" ] && [ "$mode" != "--analysis" ]; then
./build/deedlog_bench --benchmark_min_time=1 --benchmark_format=json >"$work/bench.json" 2>/dev/null
python3 - "$work/bench.json" <<'PY'
import json, sys
names = {
  "BM_EvolveFold": "evolve fold in memory (events/s)",
  "BM_ReplayJournal": "replay from the SQLite file: read, decode, fold (events/s)",
  "BM_VerifyJournal": "verify: hash chain and every move re-decided (events/s)",
  "BM_ImportLongGame": "import, one transaction per move, WAL (events/s)",
  "BM_SimulateInMemory": "simulate in memory (throws/s)",
  "BM_SimulateJournalled": "simulate journalled to SQLite (throws/s)",
}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    rate = b.get("items_per_second", 0)
    print(f"| {names.get(b['name'], b['name'])} | {rate:,.0f} |")
PY
fi

# The journal's figures (docs/journal.md, "Speed"), each a whole process timed by /usr/bin/time:
# wall seconds, and CPU (user + system) seconds, beside the goal of the speed issue.
timed() {  # timed OUT COMMAND...: runs COMMAND with stdout to OUT; leaves "wall cpu maxrss_kb" in $work/t
  /usr/bin/time -f "%e %U %S %M" -o "$work/t.raw" "${@:2}" >"$1"
  awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}' "$work/t.raw" >"$work/t"
}
figure() {  # figure WHAT COUNT GOAL: COUNT items over the last timed run, per wall and per CPU second
  read -r wall cpu _ <"$work/t"
  python3 -c "import sys; n, w, c = int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]); \
print(f'| {sys.argv[1]} | {n/max(w,1e-3):,.0f} ({w:.2f} s) | {n/max(c,1e-3):,.0f} ({c:.2f} s) | {sys.argv[5]} |')" \
    "$1" "$2" "$wall" "$cpu" "$3"
}
json_field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
# referee engine and referee match (docs/engine-protocol.md): a separate function, a table of its own.
engine_figures() {
  echo
  echo "| figure | per wall second (wall) | per CPU second (CPU, the referee) | goal |"
  echo "|---|---|---|---|"
  python3 bench/engine_round_trip.py ./build/referee 20000
  python3 bench/engine_round_trip.py ./build/referee 5000 --db "$work/engine.db"
  timed "$work/match.json" ./build/referee --json match --games 1000 --seed 1 --player Ann=builtin --player Ben=random
  figure "referee match, 1,000 games of builtin against random (games/s)" 1000 "(a figure)"
  timed "$work/match-py.json" ./build/referee --json match --games 100 --seed 1 --player Ann=builtin \
    --player Py="python3 examples/bots/random_bot.py"
  figure "referee match, 100 games of builtin against the Python bot (games/s; CPU: the referee only)" 100 "(a figure)"
}
if [ "$mode" = "--engine" ]; then engine_figures; exit 0; fi

# The analysis against the goals of docs/analysis.md ("Cost", "Precision"), each a whole process
# timed by /usr/bin/time (wall, and CPU: user + system). The figures of the analysis come from its
# --json: the widest half-width of a luck interval and of an error interval (the widened one
# that decides a mark), over moves[] and missed[] where there is one; the marks by level; each
# player's total luck with its interval ("n/a" where the document gives none).
analysis_figures() {
  local game=samples/uk-1972/long-game.game seed games=${ANALYST_GAMES:-1000}
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "| referee analyse of $game, the default settings | wall (goal ≤ 45 s) | CPU (goal ≤ 90 s) | widest luck interval (goal ≤ ±0.02) | widest error interval (goal ≤ ±0.02) | marks: doubtful, bad, very bad, uncertain |"
  echo "|---|---|---|---|---|---|"
  for seed in 1 2; do
    # A journal of its own for each seed: an analysis kept beside it is never the other's.
    ./build/referee --db "$work/analyse-$seed.db" import "$game" >/dev/null
    timed "$work/analyse-$seed.json" ./build/referee --db "$work/analyse-$seed.db" --json analyse --seed "$seed"
    read -r wall cpu _ <"$work/t"
    python3 - "$work/analyse-$seed.json" "$seed" "$wall" "$cpu" <<'PY'
import json, sys
doc, seed, wall, cpu = json.load(open(sys.argv[1])), sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
entries = doc.get("moves", []) + doc.get("missed", [])
def widest(key):
    halves = [(e[key][1] - e[key][0]) / 2 for e in entries if isinstance(e.get(key), list) and len(e[key]) == 2]
    return f"±{max(halves):.3f} (of {len(halves)})" if halves else "n/a"
marks = {m: sum(1 for e in entries if e.get("mark") == m) for m in ("doubtful", "bad", "very_bad", "uncertain")}
ok = lambda good: "" if good else " ✗"
print(f"| seed {seed} | {wall:.1f} s{ok(wall <= 45)} | {cpu:.1f} s{ok(cpu <= 90)} | {widest('luck_interval')} | "
      f"{widest('error_interval')} | {marks['doubtful']}, {marks['bad']}, {marks['very_bad']}, {marks['uncertain']} |")
PY
  done
  echo
  echo "| player's total luck (goal: interval ≤ ±0.05) | seed 1 | seed 2 |"
  echo "|---|---|---|"
  python3 - "$work/analyse-1.json" "$work/analyse-2.json" <<'PY'
import json, sys
docs = [json.load(open(p)) for p in sys.argv[1:]]
def luck(p):
    if p is None: return "n/a"
    text = f"{p['luck']:+.3f}" if isinstance(p.get("luck"), (int, float)) else "n/a"
    i = p.get("luck_interval")
    if isinstance(i, list) and len(i) == 2:
        text += f" [{i[0]:+.3f}, {i[1]:+.3f}] ±{(i[1] - i[0]) / 2:.3f}" + ("" if (i[1] - i[0]) / 2 <= 0.05 else " ✗")
    else:
        text += " (interval n/a)"
    return text
names = [p["name"] for p in docs[0].get("players", [])]
for n in names:
    row = [next((p for p in d.get("players", []) if p["name"] == n), None) for d in docs]
    print(f"| {n} | {luck(row[0])} | {luck(row[1])} |")
PY
  echo
  echo "| figure | wall | CPU | goal |"
  echo "|---|---|---|---|"
  timed "$work/chances.json" ./build/referee --db "$work/analyse-1.db" --json chances --games 10000 --seed 1
  read -r wall cpu _ <"$work/t"
  echo "| referee chances --games 10000, the long game's last position, $(nproc) cores | ${wall} s | ${cpu} s | wall ≤ 0.5 s |"
  # The analyst against the built-in player: referee match seats each deal twice, the seats
  # swapped (docs/engine-protocol.md), so the games are paired. A match plays its games one
  # after another; the games are split among one match a core, each its own seeds, and the
  # wins summed (a share's 95% Wilson interval over all the games, as match gives it).
  local cores parts=() i n
  cores=$(nproc)
  for ((i = 0; i < cores; i++)); do
    n=$(( (games / 2 / cores + (i < games / 2 % cores ? 1 : 0)) * 2 ))
    [ "$n" -gt 0 ] || continue
    ( /usr/bin/time -f "%e %U %S" -o "$work/match-$i.time" ./build/referee --json match --games "$n" --seed $((1000 + i)) \
        --player Ann=analyst --player Ben=builtin >"$work/match-$i.json" ) &
    parts+=("$work/match-$i")
  done
  wait
  python3 - "$games" "${parts[@]}" <<'PY'
import json, math, sys
games_asked, parts = int(sys.argv[1]), sys.argv[2:]
wins = games = unfinished = 0
wall = cpu = 0.0
for part in parts:
    doc = json.load(open(part + ".json"))
    ann = next(p for p in doc["players"] if p["name"] == "Ann")
    wins, games, unfinished = wins + ann["wins"], games + ann["games"], unfinished + doc["unfinished"]
    w, u, s = (float(x) for x in open(part + ".time").read().split()[-3:])
    wall, cpu = max(wall, w), cpu + u + s
z = 1.959964
p = wins / games if games else 0.0
centre = (p + z * z / (2 * games)) / (1 + z * z / games) if games else 0.0
half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games) if games else 0.0
mark = "" if p >= 0.75 else " ✗"
print(f"| the analyst against the built-in player, {games} games ({games // 2} deals, seats swapped; {unfinished} unfinished), "
      f"{len(parts)} matches at once | {wall:.0f} s | {cpu:.0f} s | share {p:.3f} [{centre - half:.3f}, {centre + half:.3f}]{mark}, goal ≥ 0.75 |")
PY
}
if [ "$mode" = "--analysis" ]; then analysis_figures; exit 0; fi

echo
echo "| figure | per wall second (wall) | per CPU second (CPU) | goal |"
echo "|---|---|---|---|"
# Self-play journalled to a file on disk: one transaction per game, durable when it commits.
timed "$work/sim.json" ./build/referee --db "$work/sim.db" --json simulate --games 300 --seed 3
figure "self-play journalled to SQLite on disk, durable at the end of each game (throws/s)" \
  "$(json_field "$work/sim.json" throws)" "≥ 300,000 (wall)"
timed "$work/mem.json" ./build/referee --json simulate --games 300 --seed 3 --no-journal
figure "self-play in memory, for comparison (throws/s)" "$(json_field "$work/mem.json" throws)" "(the ceiling)"
sim_events=$(json_field "$work/sim.json" events)
# Verify on one core (taskset): the chain and every move decided again, every game of the file.
timed "$work/verify.out" taskset -c 0 ./build/referee --db "$work/sim.db" verify
figure "verify from SQLite, one core (events/s)" "$sim_events" "≥ 1,000,000"
# Import: a long game written out as a .game file (its moves' canonical text), into a new file.
./build/referee --db "$work/long-src.db" --json simulate --games 1 --seed 5 --players 3 --cash 1000000 --max-moves 25000 >"$work/long-src.json"
python3 bench/journal_to_game.py "$work/long-src.db" 1 "$work/long.game"
timed "$work/import.out" ./build/referee --db "$work/import.db" --json import "$work/long.game"
figure "import a game file of $(json_field "$work/import.out" seq) events (events/s)" \
  "$(json_field "$work/import.out" seq)" "≥ 100,000 (wall)"
echo
[ "$mode" = "--journal" ] && exit 0

# Self-play and chances against the speed issue's goals (docs/performance.md), wall and CPU.
speed_figures() {
  echo "| figure | per wall second (wall) | per CPU second (CPU) | goal |"
  echo "|---|---|---|---|"
  timed "$work/one-core.json" taskset -c 0 ./build/referee --json simulate --games 2000 --seed 3 --no-journal --threads 1
  figure "self-play in memory, one core (throws/s)" "$(json_field "$work/one-core.json" throws)" "≥ 2,600,000"
  timed "$work/all-cores.json" ./build/referee --json simulate --games 2000 --seed 3 --no-journal --threads 0
  figure "self-play in memory, $(nproc) cores (throws/s)" "$(json_field "$work/all-cores.json" throws)" "both cores used"
  # 10,000 play-outs of a four-player game 150 moves in (642 events), every core.
  ./build/referee --db "$work/mid.db" simulate --games 1 --seed 9 --players 4 --max-moves 150 >/dev/null
  timed "$work/chances.json" ./build/referee --db "$work/mid.db" --json chances --games 10000 --seed 7
  figure "chances: play-outs of a mid-game position, $(nproc) cores (play-outs/s)" 10000 "10,000 in seconds"
}
speed_figures
echo

# A ruling on the last move of a game over 10,000 events, whole process, median of 30.
./build/referee --db "$work/long.db" simulate --games 1 --seed 5 --players 3 --cash 100000 --max-moves 2600 >/dev/null
events=$(./build/referee --db "$work/long.db" --json status | python3 -c 'import json,sys; print(json.load(sys.stdin)["seq"])')
move=$(./build/referee --db "$work/long.db" --json moves | python3 -c 'import json,sys; print(json.load(sys.stdin)["moves"][0])')
python3 - "$work/long.db" "$move" "$events" <<'PY'
import os, statistics, subprocess, sys, time
db, move, events = sys.argv[1], sys.argv[2], sys.argv[3]
times = []
for _ in range(30):
    t = time.perf_counter()
    subprocess.run(["./build/referee", "--db", db, "play", "--dry-run", move], check=True, stdout=subprocess.DEVNULL)
    times.append((time.perf_counter() - t) * 1000)
# CPU: the children's user + system time over 30 more runs, a mean (the clock ticks are 10 ms).
before = os.times()
for _ in range(30):
    subprocess.run(["./build/referee", "--db", db, "play", "--dry-run", move], check=True, stdout=subprocess.DEVNULL)
after = os.times()
cpu_ms = (after.children_user - before.children_user + after.children_system - before.children_system) * 1000 / 30
print(f"| referee play --dry-run on the last move of a {events}-event game, whole process (median ms) | wall {statistics.median(times):.1f}, CPU {cpu_ms:.1f} (mean) | goal ≤ 5 |")
PY

engine_figures

if [ "$mode" = "--big" ]; then
  # One game of about 4.5 million events, then verify's peak resident memory (goal: 50 MB).
  ./build/referee --db "$work/one.db" --snapshot-every 0 --json simulate --games 1 --seed 5 --players 2 --cash 100000000 --max-moves 950000 >"$work/one.json"
  timed "$work/one.out" ./build/referee --db "$work/one.db" verify
  read -r wall cpu rss <"$work/t"
  echo "| verify of one game of $(json_field "$work/one.json" events) events: peak resident memory (MB) | $((rss / 1024)) (wall ${wall} s, CPU ${cpu} s) | goal ≤ 50 |"
  # A journal over 1 GB, then verify's peak resident memory.
  ./build/referee --db "$work/big.db" simulate --games 2200 --seed 11 >/dev/null
  size=$(du -m "$work/big.db" | cut -f1)
  rss=$( { /usr/bin/time -v ./build/referee --db "$work/big.db" verify >/dev/null; } 2>&1 | awk -F: '/Maximum resident/{print $2}')
  echo "| verify of a ${size} MB journal: peak resident memory (MB) | $((rss / 1024)) |"
fi

# The Python module (docs/library.md, "Figures"): a random bot's whole games through it, each
# move moves(), a random choice and play(), which answers with the move's events as a dict.
python_module_figures() {
  cmake --build build -j "$(nproc)" --target deedlog_python >/dev/null 2>&1 || {
    echo "| Python module: not built (pybind11 and python3-dev missing?) | |"
    return 0
  }
  local python
  python=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' build/CMakeCache.txt)
  PYTHONPATH=build/python "${python:-python3}" - <<'PY'
import random, sys, time
sys.path.insert(0, "examples/python")
from random_bot import play_game
moves, started = 0, time.perf_counter()
for seed in range(1, 21):
    _, played = play_game("uk-1972", ["Ann", "Ben", "Cat"], seed, 3000)
    moves += played
seconds = time.perf_counter() - started
print(f"| Python module: a random bot's whole games, uk-1972, 3 players, 20 games of at most 3,000 moves: "
      f"moves(), choice, play() (moves/s) | {moves / seconds:,.0f} ({moves} moves, {seconds:.1f} s) |")
PY
}
[ "$mode" = "--journal" ] || python_module_figures
