#!/usr/bin/env bash
# The smallest build: every optional part and the tests off (scripts/configure.sh), into
# ./build-min (Release, so its objects are the test stage's wherever the optional parts change
# nothing: asserts on are the sanitizer build's, with clang). Then checks that it needs nothing but the core's packages, in
# what it compiled and in what it links, and that what was left out says so to the user:
#   * every header the compiler read (its dependency files) belongs to the source tree, the
#     build folder or one of the allowed Debian packages (dpkg -S), and none is a header of
#     libpq, cpp-httplib, libedit, GoogleTest, pybind11/Python or OpenSSL's TLS;
#   * configure never looked for those packages (no trace of them in CMakeCache.txt);
#   * referee and replay need (readelf -d) only the core's libraries; referee-serve is not built;
#   * referee plays a game, `table` reads plain lines, a postgresql:// journal is refused naming
#     DEEDLOG_POSTGRES (exit 1, nothing written), `serve` says DEEDLOG_SERVER (exit 1).
#   bash scripts/minimal.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build-min
bash scripts/setup.sh
source scripts/configure.sh
# Release, as the test stage's build: the layers that do not change with the optional parts compile
# to the same objects, so on CI ccache has them from that build and this stage compiles the rest.
configure_minimal "$dir" -DCMAKE_BUILD_TYPE=Release
cmake --build "$dir" -j "$(nproc)"

fail=0
problem() { echo "minimal: $*" >&2; fail=1; }

# The packages whose headers and libraries the library and the programs may use: the C and C++
# run-time, the kernel's headers, and the design card's and the core's packages.
allowed_packages='^(libc6-dev|libstdc\+\+-[0-9]+-dev|libgcc-[0-9]+-dev|linux-libc-dev|libboost[0-9.]*-dev|libboost-program-options[0-9.]*-dev|libsqlite3-dev|libfmt-dev|libcereal-dev|nlohmann-json3-dev|libssl-dev)$'
# Headers that must not be read even from an allowed package: OpenSSL's TLS (the core uses its
# libcrypto only).
denied_headers='/(postgresql|libpq[^/]*|httplib\.h|editline|histedit\.h|gtest|gmock|pybind11|python3[^/]*|benchmark)(/|$)|/openssl/(ssl|tls1|dtls1|ssl2|ssl3)\.h$'

# Every header named in the dependency files gcc wrote (-MD), outside the tree and the build.
# (Files in the tree are named relative to the build folder, ../src/...; generated ones by their
# absolute path, inside the build folder.)
headers=$(find "$dir" -name '*.o.d' -print0 | xargs -0 cat | tr ' \\' '\n\n' | grep '^/' | grep -v ':$' |
  grep -v -e "^$PWD/" | sort -u | xargs -r realpath -e | sort -u)
count=$(printf '%s\n' "$headers" | grep -c . || true)
((count > 0)) || problem "no headers found in $dir's dependency files"
if denied=$(printf '%s\n' "$headers" | grep -E "$denied_headers"); then
  problem "headers of a left-out part were compiled:"$'\n'"$denied"
fi
packages=$(printf '%s\n' "$headers" | { xargs -r dpkg -S 2>/dev/null || true; } | cut -d: -f1 | tr ',' '\n' | sed 's/^ *//' | sort -u)
unowned=$(printf '%s\n' "$headers" | { xargs -r dpkg -S 2>&1 >/dev/null || true; } | sed -n 's/^dpkg-query: no path found matching pattern //p')
[ -z "$unowned" ] || problem "headers of no Debian package were compiled:"$'\n'"$unowned"
for p in $packages; do
  [[ "$p" =~ $allowed_packages ]] || problem "a header of $p was compiled"
done
echo "minimal: $count headers outside the tree, from: $(echo $packages)"

# Configure did not look for the left-out packages.
if found=$(grep -E '^(GTest_DIR|pybind11_DIR|Python3_EXECUTABLE|LIBPQ_|HTTPLIB_|LIBEDIT_|benchmark_DIR)' "$dir/CMakeCache.txt"); then
  problem "configure looked for a left-out package:"$'\n'"$found"
fi

# What the programs need at run time.
allowed_libraries='^(libsqlite3|libboost_program_options|libfmt|libcrypto|libstdc\+\+|libm|libgcc_s|libc|ld-linux[-a-z0-9_]*)\.so'
for program in referee replay; do
  needed=$(readelf -d "$dir/$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  for lib in $needed; do
    [[ "$lib" =~ $allowed_libraries ]] || problem "$program needs $lib"
  done
  echo "minimal: $program needs $(echo $needed)"
done
[ ! -e "$dir/referee-serve" ] || problem "referee-serve was built"

# The programs work, and the parts left out say so.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$dir/referee" --db "$work/g.db" import samples/uk-1972/long-game.game >/dev/null || problem "referee import failed"
"$dir/referee" --db "$work/g.db" verify >/dev/null || problem "referee verify failed"
"$dir/replay" --db "$work/g.db" --from 1 --to 5 >/dev/null || problem "replay failed"
"$dir/referee" --db "$work/t.db" new --ruleset uk-1972 --players "Ann, Ben" >/dev/null
printf 'Ann rolls 2 3\nAnn buys\n' | "$dir/referee" --db "$work/t.db" --json table >"$work/table.out" ||
  problem "referee table from a pipe failed"
[ "$(grep -c '"accepted": *true' "$work/table.out")" = 2 ] || problem "referee table did not accept both lines: $(cat "$work/table.out")"
rc=0
"$dir/referee" --db "postgresql:///club?host=$work" games >"$work/pg.out" 2>"$work/pg.err" || rc=$?
{ [ "$rc" = 1 ] && grep -q DEEDLOG_POSTGRES "$work/pg.err"; } || problem "a postgresql:// journal gave exit $rc: $(cat "$work/pg.err")"
rc=0
"$dir/referee" --db "$work/s.db" serve --listen 127.0.0.1:0 >/dev/null 2>"$work/serve.err" || rc=$?
{ [ "$rc" = 1 ] && grep -q DEEDLOG_SERVER "$work/serve.err"; } || problem "referee serve gave exit $rc: $(cat "$work/serve.err")"
[ ! -e "$work/s.db" ] || problem "referee serve left a journal behind"

if ((fail)); then
  echo "minimal: FAILED" >&2
  exit 1
fi
echo "minimal: the library and the programs build and run with the core's packages only"
