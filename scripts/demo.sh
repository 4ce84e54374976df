#!/usr/bin/env bash
# The main job on the sample data: install what is missing, build the two programs (only them:
# the tests are scripts/test.sh's to build), then referee a sample game end to end: import it
# into a fresh journal, show the final position, verify it, replay the end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh referee replay  # build/, Release, as scripts/test.sh builds it
game=${1:-samples/uk-1972/long-game.game}
db=$(mktemp -d)/demo.db
echo "== referee import $game"
./build/referee --db "$db" import "$game"
echo "== referee status"
./build/referee --db "$db" status
echo "== referee verify"
./build/referee --db "$db" verify
echo "== replay (the last 40 events)"
last=$(./build/referee --db "$db" status --json | sed -n 's/.*"seq":\([0-9]*\).*/\1/p')
./build/replay --db "$db" --from $((last > 40 ? last - 40 : 1))
echo "== the journal is $db (open it with: sqlite3 $db 'select seq, type, payload from events limit 20')"
