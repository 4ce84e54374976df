#!/usr/bin/env bash
# Measures deedlog and prints the table for the README's performance section.
#   bash scripts/bench.sh          the in-process benchmarks and the whole-process latency
#   bash scripts/bench.sh --big    also builds a journal over 1 GB and measures verify's memory
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$(nproc)" --target referee deedlog_bench >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/{print $2}') GiB"
echo
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

# A ruling on the last move of a game over 10,000 events, whole process, median of 30.
./build/referee --db "$work/long.db" simulate --games 1 --seed 5 --players 3 --cash 100000 --max-moves 2600 >/dev/null
events=$(./build/referee --db "$work/long.db" --json status | python3 -c 'import json,sys; print(json.load(sys.stdin)["seq"])')
move=$(./build/referee --db "$work/long.db" --json moves | python3 -c 'import json,sys; print(json.load(sys.stdin)["moves"][0])')
python3 - "$work/long.db" "$move" "$events" <<'PY'
import statistics, subprocess, sys, time
db, move, events = sys.argv[1], sys.argv[2], sys.argv[3]
times = []
for _ in range(30):
    t = time.perf_counter()
    subprocess.run(["./build/referee", "--db", db, "play", "--dry-run", move], check=True, stdout=subprocess.DEVNULL)
    times.append((time.perf_counter() - t) * 1000)
print(f"| referee play --dry-run on the last move of a {events}-event game, whole process (median ms) | {statistics.median(times):.1f} |")
PY

if [ "${1:-}" = "--big" ]; then
  # A journal over 1 GB, then verify's peak resident memory.
  ./build/referee --db "$work/big.db" simulate --games 2200 --seed 11 >/dev/null
  size=$(du -m "$work/big.db" | cut -f1)
  rss=$( { /usr/bin/time -v ./build/referee --db "$work/big.db" verify >/dev/null; } 2>&1 | awk -F: '/Maximum resident/{print $2}')
  echo "| verify of a ${size} MB journal: peak resident memory (MB) | $((rss / 1024)) |"
fi
