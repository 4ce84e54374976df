#!/usr/bin/env bash
# Installs what is missing, builds ./build (Release, every optional part: scripts/build.sh), and
# runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
# The PostgreSQL failover test runs alone, after the others, and is given a second try: it kills
# and promotes real servers on a shared 2-core machine, and once in about ten runs under full load
# one of its servers was not ready in time. A defect fails both tries (docs/scaling.md).
failover=app_serve_failover_postgres_test
ctest --test-dir build --output-on-failure -j "$(nproc)" -E "^${failover}\$"
ctest --test-dir build --output-on-failure -R "^${failover}\$" --repeat until-pass:2
