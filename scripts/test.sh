#!/usr/bin/env bash
# Installs what is missing, builds ./build (Release, every optional part: scripts/build.sh), and
# runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
