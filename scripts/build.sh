#!/usr/bin/env bash
# Configures and builds deedlog into ./build: a Release build (what a user builds, and what CI
# tests), with every optional part (scripts/configure.sh), ccache when present.
#   bash scripts/build.sh [TARGET...]     everything, or only the targets named
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/configure.sh
configure_full build -DCMAKE_BUILD_TYPE=Release -DDEEDLOG_PYTHON=ON
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build build -j "$(nproc)" "${targets[@]}"
