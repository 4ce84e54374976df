#!/usr/bin/env bash
# Builds everything into ./build-asan with clang, AddressSanitizer and UndefinedBehaviorSanitizer
# (asserts on, the engine checks the whole position after every event; -O1, as the sanitizers'
# authors advise for speed) and runs every test there. Any memory error, leak or undefined
# behaviour fails the test it is in. The same build holds the fuzz targets (-DDEEDLOG_FUZZ=ON:
# scripts/fuzz.sh builds and runs them here), so CI builds with clang once, for both.
#   bash scripts/sanitize.sh [--build-only]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/configure.sh
configure_sanitizers
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
cmake --build build-asan -j "$(nproc)"
[ "${1:-}" = "--build-only" ] && exit 0
# Left out here, run by scripts/test.sh only: the statistical landing tests (millions of
# seeded throws, minutes each under the sanitizers, and no code that the other tests do not
# reach); the crash and race tests (hundreds of whole programs killed or racing: they test
# the journal's durability, not memory); the PostgreSQL failover test (three primaries
# killed and standbys promoted: it tests replication, not memory). Of the corpus test, its
# corpus games run (Corpus.corpus_*, Corpus.late_claim_*, docs/corpus.md); its Corpus.sample_*
# cases, the same commands on the short samples, would double its time here. The luck balance of
# the analysis (AnalysisLuckBalance.*) is a statistical run over simulated games, timed for a
# Release build; so are the analysis's five-seed checks (AnalysisPrecision.*ForFiveSeeds: each
# analyses a position five times at the default precision, up to 2,000 play-outs a branch, the
# hotel throw's about 7 s of CPU in Release and ten times that here), whose code every other
# AnalysisPrecision test runs at lower cost. The memory of an import of 1,000 and of 8,000 games
# (ImportManyGames.EightTimes...) is measured on the plain build: the sanitizer's allocator holds freed memory in quarantine, so
# its peak grows with the work done. The import killed at each of its first writes
# (EmptyJournal.AnImportKilled...) is a crash test like Crash.*. The install checks (Install.*:
# the programs, man pages and the library installed, and a program built against it) prove what
# is installed, the same in either build. Everything else runs.
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" \
  -E '^(LandingFrequencies\.|ImportManyGames\.EightTimesTheGamesTakeNoMoreMemory$|Crash\.|EmptyJournal\.AnImportKilled|Install\.|AnalysisLuckBalance\.|AnalysisPrecision\..*ForFiveSeeds$|Atomic\.EightImports|app_serve_failover_postgres_test$|Corpus\.sample_)'
