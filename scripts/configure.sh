#!/usr/bin/env bash
# The project's build folders, configured in one place (sourced by build.sh, sanitize.sh, fuzz.sh
# and minimal.sh; docs/design.md, "The build"):
#   configure_full DIR [cmake args]        every optional part on by name (a package gone missing
#                                          stops the configure instead of leaving tests out)
#   configure_minimal DIR [cmake args]     every optional part and the tests off
# Warnings stop these builds in CI (CI=true, which .ci/run sets) or when DEEDLOG_WERROR=ON is in
# the environment; never for someone running the README's commands with a newer compiler.
if [ -n "${DEEDLOG_WERROR:-}" ]; then
  deedlog_werror=$DEEDLOG_WERROR
elif [ "${CI:-}" = true ]; then
  deedlog_werror=ON
else
  deedlog_werror=OFF
fi

# ccache (CMakeLists.txt uses it when present) keys each object on paths relative to the clone
# and not on the folder it was built in, so a fresh clone reuses what another clone of the same
# code compiled (CI builds a clean clone each time; the sanitizer build's -g would otherwise tie
# every object to its folder).
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
export CCACHE_NOHASHDIR=1

# A folder configured with another compiler before is configured afresh (CMake cannot switch).
forget_other_compiler() {  # forget_other_compiler DIR COMPILER
  local cache="$1/CMakeCache.txt" was
  [ -f "$cache" ] || return 0
  was=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$cache")
  if [ -n "$was" ] && [ "$(basename "$was")" != "$2" ]; then
    echo "configure: $1 was configured with $was; configuring it afresh for $2"
    rm -rf "$cache" "$1/CMakeFiles"
  fi
}

configure_full() {
  local dir=$1
  shift
  cmake -S . -B "$dir" -DDEEDLOG_WERROR="$deedlog_werror" -DDEEDLOG_SERVER=ON -DDEEDLOG_POSTGRES=ON \
    -DDEEDLOG_LINE_EDITING=ON -DDEEDLOG_TESTS=ON "$@" >/dev/null
}

configure_minimal() {
  local dir=$1
  shift
  cmake -S . -B "$dir" -DDEEDLOG_WERROR="$deedlog_werror" -DDEEDLOG_SERVER=OFF -DDEEDLOG_POSTGRES=OFF \
    -DDEEDLOG_LINE_EDITING=OFF -DDEEDLOG_PYTHON=OFF -DDEEDLOG_TESTS=OFF "$@" >/dev/null
}

# build-asan: clang, Debug with -O1 (asserts on), AddressSanitizer and UndefinedBehaviorSanitizer
# everywhere, and the fuzz targets (their four libraries with the fuzzer's coverage hooks). Debug
# information is line tables only: a report's stack names each file and line, which is all CI
# reads of it, and full -g cost 10% to 25% more compile time. The test programs' own files are
# compiled at -O0, still instrumented (half their compile time at -O1: 11.2 s against 5.6 s for one
# file); the libraries they test keep -O1.
# scripts/sanitize.sh runs the tests in it; scripts/fuzz.sh runs the fuzz targets from it.
configure_sanitizers() {
  local flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
  forget_other_compiler build-asan clang++
  CC=clang CXX=clang++ configure_full build-asan -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-gline-tables-only -O1" -DDEEDLOG_TEST_CODE_OPTIONS=-O0 \
    "-DCMAKE_CXX_FLAGS=$flags" "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" \
    -DDEEDLOG_PYTHON=OFF -DDEEDLOG_FUZZ=ON -DDEEDLOG_BENCH=OFF
}
