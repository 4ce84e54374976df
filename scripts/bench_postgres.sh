#!/usr/bin/env bash
# The journal on PostgreSQL against SQLite: the rate of play-like appends (one transaction a
# move, as referee import and play write them), both stores on this machine. A throw-away
# server (initdb in a temporary folder, a unix socket only, fsync on as a real server has it)
# is started and stopped. Figures, not a test: bash scripts/bench_postgres.sh [GAME_FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-samples/uk-1972/long-game.game}
cmake --build build -j2 --target referee >/dev/null
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d)
as_owner=()
if [ "$(id -u)" -eq 0 ]; then chown postgres "$work"; as_owner=(runuser -u postgres --); fi
stop() { "${as_owner[@]}" "$bin/pg_ctl" -D "$work/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap stop EXIT
"${as_owner[@]}" "$bin/initdb" -D "$work/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-c listen_addresses='' -k $work -p 54330" start >/dev/null
"${as_owner[@]}" "$bin/psql" -h "$work" -p 54330 -U postgres -qc "CREATE DATABASE bench" postgres
pg="postgresql:///bench?host=$work&port=54330&user=postgres"
file="$work/bench.db"
rate() {  # journal -> "events/s moves/s seconds"
  local db=$1 start end
  start=$(date +%s.%N)
  ./build/referee --db "$db" import "$game" >/dev/null
  end=$(date +%s.%N)
  ./build/referee --db "$db" --json games | python3 -c "
import json, sys
g = json.load(sys.stdin)['games'][-1]
t = $end - $start
print(f\"{g['events'] / t:9.0f} events/s  {g['moves'] / t:7.0f} moves/s  ({g['moves']} moves, {g['events']} events, {t:.2f} s)\")"
}
echo "import of $game, one transaction a move:"
echo "  SQLite (WAL):     $(rate "$file")"
echo "  PostgreSQL $(basename "$(dirname "$bin")"):    $(rate "$pg")"
