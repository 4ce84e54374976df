#!/usr/bin/env bash
# What a synchronous standby costs referee serve a move (docs/scaling.md, "A standby and a
# failover"): serve_load against a PostgreSQL primary alone, then with a synchronous standby whose
# answer is made to take DELAY ms (synchronous_commit = remote_apply, recovery_min_apply_delay on
# the standby: on one machine the standby's round trip is otherwise too small to see). Throw-away
# servers on unix sockets in a temporary folder, as the tests make theirs; figures, not a test.
#   bash scripts/bench_standby.sh [DELAY_MS] [REFEREE]     (defaults: 20, ./build/referee)
set -euo pipefail
cd "$(dirname "$0")/.."
delay=${1:-20}
referee=${2:-./build/referee}
games=${GAMES:-32}
moves=${MOVES:-20}
threads=${THREADS:-16}
[ -x ./build/serve_load ] || cmake --build build -j2 --target serve_load >/dev/null
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d)
as_owner=()
if [ "$(id -u)" -eq 0 ]; then chown postgres "$work"; as_owner=(runuser -u postgres --); fi
pg() { "${as_owner[@]}" "$@"; }
stop() {
  for n in primary standby; do
    [ -f "$work/$n/postmaster.pid" ] && pg "$bin/pg_ctl" -D "$work/$n" -m immediate -w stop >/dev/null 2>&1 || true
  done
  rm -rf "$work"
}
trap stop EXIT
start() {  # start DIR PORT
  pg "$bin/pg_ctl" -D "$work/$1" -l "$work/$1.log" -w -o "-c listen_addresses='' -k $work -p $2" start >/dev/null
}
sql() { pg "$bin/psql" -h "$work" -p 54361 -U postgres -Atqc "$1" postgres; }
pg "$bin/initdb" -D "$work/primary" -U postgres --auth=trust -E UTF8 >/dev/null
start primary 54361
uri() { echo "postgresql:///$1?host=$work&port=54361&user=postgres"; }
run() {  # run DB -> serve_load's figures
  ./build/serve_load --referee "$referee" --db "$1" --games "$games" --moves-per-game "$moves" --threads "$threads"
}
sql "CREATE DATABASE alone"
echo "primary alone:                          $(run "$(uri alone)")"
pg "$bin/pg_basebackup" -h "$work" -p 54361 -U postgres -D "$work/standby" -R -X stream -c fast
echo "recovery_min_apply_delay = '${delay}ms'" >>"$work/standby/postgresql.auto.conf"
start standby 54362
sql "ALTER SYSTEM SET synchronous_standby_names = '*'"
sql "ALTER SYSTEM SET synchronous_commit = 'remote_apply'"
sql "SELECT pg_reload_conf()" >/dev/null
for _ in $(seq 100); do
  [ "$(sql "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'")" = 1 ] && break
  sleep 0.1
done
sql "CREATE DATABASE standby"
echo "synchronous standby, ${delay} ms to apply: $(run "$(uri standby)")"
