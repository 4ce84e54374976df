#!/usr/bin/env bash
# Installs the Debian packages deedlog builds and tests with, when any is missing (tmux and
# chromium run the replay's terminal and HTML tests; chromium-driver lets a test drive the page of
# referee serve through WebDriver, tests/serve/serve_browser_test.cpp; clang and libclang-rt-14-dev,
# with its libFuzzer, build the fuzz targets; strace kills the program at each write in the crash
# tests, unshare mounts a read-only folder for the read-only journal test; python3-dev and
# pybind11-dev build the Python module, docs/library.md; postgresql and libpq-dev: the journal on
# a PostgreSQL server, whose tests start a throw-away server; libedit-dev is the line editor of
# referee table, BSD-licensed where GNU readline would put the programs under the GPL;
# libcpp-httplib-dev is the HTTP server of referee serve, docs/serve.md; nginx-light is the front
# of its documented deployment, which holds slow and idle clients so they cost the server no
# thread, deploy/nginx/deedlog-serve.conf, run by tests/serve/serve_front_test.cpp; time is GNU
# time, which .ci/run and scripts/bench.sh measure with; curl speaks to the server built without
# PostgreSQL in scripts/server-only.sh). Safe to run again.
set -euo pipefail
packages=(build-essential cmake ccache pkg-config libsqlite3-dev sqlite3 postgresql libpq-dev libboost-program-options-dev
          libcereal-dev libfmt-dev nlohmann-json3-dev libssl-dev libgtest-dev libbenchmark-dev tmux libedit-dev libcpp-httplib-dev
          nginx-light chromium chromium-driver fonts-dejavu-core clang libclang-rt-14-dev strace util-linux python3-dev pybind11-dev time curl)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi
