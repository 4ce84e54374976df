#!/usr/bin/env bash
# referee serve built without PostgreSQL journals: the server (cpp-httplib) on, DEEDLOG_POSTGRES,
# line editing, Python and the tests off, into ./build-server-only (Release, so its objects are
# the test stage's wherever the optional parts change nothing). A club that keeps its games in
# SQLite files need not install libpq. Checks that:
#   * referee-serve is built and needs no libpq (readelf -d);
#   * a server over an SQLite journal starts, creates a game, rules a move and a refusal, and
#     answers the game's status, through its HTTP API (curl), and stops on SIGTERM with exit 0;
#   * a postgresql:// journal is refused naming DEEDLOG_POSTGRES (exit 1).
# The whole serve test program (tests/serve) passes in such a build too; it is run by hand, not
# here, since the test stage runs it already on the full build (docs/serve.md, "Builds").
#   bash scripts/server-only.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build-server-only
bash scripts/setup.sh
source scripts/configure.sh
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DDEEDLOG_WERROR="$deedlog_werror" -DDEEDLOG_SERVER=ON \
  -DDEEDLOG_POSTGRES=OFF -DDEEDLOG_LINE_EDITING=OFF -DDEEDLOG_PYTHON=OFF -DDEEDLOG_TESTS=OFF >/dev/null
cmake --build "$dir" -j "$(nproc)" --target referee referee-serve

fail=0
problem() { echo "server-only: $*" >&2; fail=1; }

needed=$(readelf -d "$dir/referee-serve" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
if grep -q '^libpq' <<<"$needed"; then problem "referee-serve needs libpq"; fi
echo "server-only: referee-serve needs $(echo $needed)"

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
# Its standard output into a file (a pipe read once and closed would leave a later line nowhere
# to go); its first line says where it listens: "listening on http://127.0.0.1:PORT".
"$dir/referee" --db "$work/club.db" serve --listen 127.0.0.1:0 >"$work/said" 2>"$work/serve.err" &
server_pid=$!
first=""
for _ in $(seq 600); do
  # A whole line only: one still being written could end in half the port.
  if [ "$(wc -l <"$work/said")" -ge 1 ]; then
    first=$(head -n 1 "$work/said")
    break
  fi
  sleep 0.1
done
[[ "$first" == listening* ]] || problem "the server said nothing within a minute: $(cat "$work/serve.err")"
port=${first##*:}
base="http://127.0.0.1:$port"
if [[ "$port" =~ ^[0-9]+$ ]]; then
  created=$(curl -sS -X POST "$base/api/games" -H 'Content-Type: application/json' \
    -d '{"ruleset": "uk-1972", "players": ["Ann", "Ben"]}')
  game=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["game"])' <<<"$created") || problem "no game created: $created"
  key=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["key"])' <<<"$created") || problem "no key given: $created"
  move() {  # move TEXT -> the HTTP status
    curl -sS -o "$work/move.json" -w '%{http_code}' -X POST "$base/api/games/$game/moves" \
      -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d "{\"move\": \"$1\"}"
  }
  seq_now() { curl -sS "$base/api/games/$game" | python3 -c 'import json, sys; print(json.load(sys.stdin)["seq"])'; }
  before=$(seq_now) || problem "no status of the new game"
  [ "$(move 'Ann rolls 2 3')" = 200 ] || problem "a legal throw was not recorded: $(cat "$work/move.json")"
  [ "$(move 'Ben rolls 1 2')" = 422 ] || problem "a throw out of turn was not refused: $(cat "$work/move.json")"
  grep -q '"rule"' "$work/move.json" || problem "the refusal names no rule: $(cat "$work/move.json")"
  after=$(seq_now) || problem "no status of the game after the throw"
  [ "${after:-0}" -gt "${before:-0}" ] || problem "the game's status is at event ${after:-none}, not past ${before:-none}"
else
  problem "the server did not say its port: $first"
fi
kill -TERM "$server_pid"
rc=0
wait "$server_pid" || rc=$?
server_pid=""
[ "$rc" = 0 ] || problem "the server ended with exit $rc on SIGTERM: $(cat "$work/serve.err")"
"$dir/referee" --db "$work/club.db" verify >/dev/null || problem "the journal the server wrote does not verify"

rc=0
"$dir/referee" --db "postgresql:///club?host=$work" serve --listen 127.0.0.1:0 >/dev/null 2>"$work/pg.err" || rc=$?
{ [ "$rc" = 1 ] && grep -q DEEDLOG_POSTGRES "$work/pg.err"; } ||
  problem "a postgresql:// journal gave exit $rc: $(cat "$work/pg.err")"

if ((fail)); then
  echo "server-only: FAILED" >&2
  exit 1
fi
echo "server-only: referee serve builds and serves an SQLite journal without PostgreSQL"
