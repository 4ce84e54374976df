#!/usr/bin/env bash
# Builds everything into ./build-asan as a Debug build (asserts on, the engine checks the whole
# position after every event) with AddressSanitizer and UndefinedBehaviorSanitizer (g++), and
# runs every test there. Any memory error, leak or undefined behaviour fails the test it is in.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
CC=gcc CXX=g++ cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_CXX_FLAGS=$flags" "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >/dev/null
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
cmake --build build-asan -j "$(nproc)"
# Left out here, run by scripts/test.sh only: the statistical landing tests (millions of
# seeded throws, 3 to 5 minutes each under the sanitizers, and no code that the other tests do
# not reach) and the crash and race tests (hundreds of whole programs killed or racing: they
# test the journal's durability, not memory). Of the corpus test, its corpus games run
# (Corpus.corpus_*, Corpus.late_claim_*, docs/corpus.md); its Corpus.sample_* cases, the same
# commands on the short samples, would double its time here. Everything else runs.
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" \
  -E '^(LandingFrequencies\.|Crash\.|Atomic\.EightImports|Corpus\.sample_)'

