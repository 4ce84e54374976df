#!/usr/bin/env bash
# Builds the fuzz targets (fuzz/, docs/fuzzing.md) with clang and libFuzzer in ./build-asan, the
# clang sanitizer build scripts/sanitize.sh runs the tests in (nothing to build when it has run),
# makes their seed corpora from samples/ and the edition data, and runs each target for
# SECONDS (default 60), as many at once as there are cores. Fails when any target finds a crash, a leak, undefined behaviour or a
# hang; the input that did it is kept in build-asan/fuzz/artifacts/TARGET/.
#   bash scripts/fuzz.sh [SECONDS]
# FUZZ_TARGETS="fuzz_ruleset ..." runs only those; FUZZ_WORK=DIR keeps the corpora there (they
# grow as the fuzzers find new paths, and a later run starts from them) instead of a temporary
# folder that is removed at the end. FUZZ_SEED=N seeds libFuzzer's mutations (default 1, so a
# run on the same commit walks the same inputs and a red CI can be run again to the same end);
# FUZZ_SEED=0 lets libFuzzer draw one, for the long exploratory runs of docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2; }
read -r -a targets <<<"${FUZZ_TARGETS:-fuzz_game_file fuzz_event_codec fuzz_state_archive fuzz_ruleset fuzz_event_fold fuzz_decide}"
jobs="$(nproc)"
fuzz_seed="${FUZZ_SEED:-1}"
[[ "$fuzz_seed" =~ ^[0-9]+$ ]] || { echo "fuzz: FUZZ_SEED must be a number" >&2; exit 2; }

bash scripts/setup.sh

# -O1 -g without NDEBUG: the asserts stay on while fuzzing (scripts/configure.sh).
source scripts/configure.sh
configure_sanitizers
cmake --build build-asan -j "$jobs" --target fuzz_targets referee
out=build-asan/fuzz
mkdir -p "$out"

# Seed corpora, made afresh in a temporary folder (nothing binary is kept in the repository).
if [[ -n "${FUZZ_WORK:-}" ]]; then
  work="$(mkdir -p "$FUZZ_WORK" && cd "$FUZZ_WORK" && pwd)"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/deedlog-fuzz.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
fi
for t in fuzz_game_file fuzz_event_codec fuzz_state_archive fuzz_ruleset fuzz_event_fold fuzz_decide; do mkdir -p "$work/$t"; done
mapfile -t games < <(find samples -name '*.game' | sort)
for f in "${games[@]}"; do cp "$f" "$work/fuzz_game_file/$(echo "$f" | tr / _)"; done
cp src/rules/data/*.json "$work/fuzz_ruleset/"
# A journal with every sample in it, snapshots every 16 events: its events (type, newline,
# payload) seed the codec and its snapshots the state decoder.
db="$work/seed.db"
rm -f "$db"
seed_referee() {  # exit 3 (a move refused, as in the dispute samples) still leaves its events
  local rc=0
  ASAN_OPTIONS=detect_leaks=0 build-asan/referee --db "$db" --snapshot-every 16 "$@" >/dev/null 2>"$work/referee.err" || rc=$?
  if ((rc != 0 && rc != 3)); then
    echo "fuzz: warning: referee $* exited $rc (fewer seeds):" >&2
    tail -n 5 "$work/referee.err" >&2
  fi
}
for f in "${games[@]}"; do seed_referee import "$f"; done
seed_referee simulate --ruleset uk-1972 --games 2 --seed 7
sqlite3 "$db" "select writefile('$work/fuzz_event_codec/seed-' || row_number() over (), type || char(10) || payload)
               from (select distinct type, payload from events);" >/dev/null
# A snapshot row is the event's hash and the state's digest (64 hex each, docs/journal.md), then
# the state bytes the decoder reads.
sqlite3 "$db" "select writefile('$work/fuzz_state_archive/seed-' || game_id || '-' || seq, substr(state, 129)) from snapshots;" >/dev/null
# fuzz_event_fold: two bytes choosing a sample position, then eight stored events in a row (type,
# tab, payload, one a line); 400 such runs. fuzz_decide: two bytes choosing a position, a byte of
# legal moves to play on, then bytes for the moves and commands (seeded, so each run starts alike).
sqlite3 -separator $'\t' "$db" "select type, payload from events order by game_id, seq;" >"$work/events.tsv"
split -l 8 -a 4 "$work/events.tsv" "$work/chunk-"
n=0
for chunk in $(ls "$work"/chunk-* | head -n 400); do
  printf "\\x$(printf %02x $((n / 256 % 256)))\\x$(printf %02x $((n * 37 % 256)))" >"$work/fuzz_event_fold/seed-$n"
  cat "$chunk" >>"$work/fuzz_event_fold/seed-$n"
  n=$((n + 1))
done
rm -f "$work"/chunk-* "$work/events.tsv"
RANDOM=25
for n in $(seq 0 127); do
  bytes=""
  for _ in $(seq 1 48); do bytes+="\\x$(printf %02x $((RANDOM % 256)))"; done
  printf "\\x$(printf %02x $((n / 2)))\\x$(printf %02x $((n * 53 % 256)))\\x$(printf %02x $((n % 32)))$bytes" >"$work/fuzz_decide/seed-$n"
done

# The targets run side by side, one a core (each fuzzer is one process on one core): CI's
# minute a target costs a minute of wall time per core, not per target.
run_target() {  # run_target TARGET: its log in $out/TARGET.log, its exit code in $out/TARGET.rc
  local t=$1 rc=0
  mkdir -p "$out/artifacts/$t"
  echo "fuzz: $t for ${seconds}s from $(find "$work/$t" -type f | wc -l) seeds"
  # A hang (-timeout) and running out of memory (-rss_limit_mb) count as failures too.
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    "build-asan/$t" "$work/$t" -max_total_time="$seconds" -seed="$fuzz_seed" -timeout=25 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$out/artifacts/$t/" >"$out/$t.log" 2>&1 </dev/null || rc=$?
  echo "$rc" >"$out/$t.rc"
}
rm -f "$out"/*.rc
running=0
for t in "${targets[@]}"; do
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
  run_target "$t" &
  running=$((running + 1))
done
wait

status=0
summary=""
for t in "${targets[@]}"; do
  log="$out/$t.log"
  rc="$(cat "$out/$t.rc" 2>/dev/null || echo 1)"
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
  cov="$(grep -oE 'cov: [0-9]+' "$log" | tail -1 || true)"
  line="$(printf '%-20s %10s runs %8s exec/s  %s' "$t" "${runs:-?}" "${rate:-?}" "${cov:-}")"
  if ((rc != 0)); then
    status=1
    line="$line  FAILED (exit $rc; see $log)"
    echo "fuzz: $t failed; the end of its log:" >&2
    tail -n 60 "$log" >&2
    ls "$out/artifacts/$t/" >&2
  fi
  summary+="$line"$'\n'
done
echo
echo "fuzz: executions per target (${seconds}s each)"
printf '%s' "$summary"
if ((status != 0)); then
  echo "fuzz: a target failed; reproduce with build-asan/TARGET build-asan/fuzz/artifacts/TARGET/FILE (docs/fuzzing.md)" >&2
fi
exit "$status"
