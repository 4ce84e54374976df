#!/usr/bin/env bash
# Retrains every evaluation model shipped in data/models/ (docs/evaluation-model.md): run by hand,
# never in CI (a few minutes on two cores). The same program writes the same files, byte for
# byte; commit them with the change that made them differ (new features, other players).
#   bash scripts/train-models.sh [GAMES] [SEED]      (build/referee built first)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-20000}"
seed="${2:-1}"
referee=build/referee
[ -x "$referee" ] || { echo "train-models.sh: build referee first (bash scripts/build.sh referee)" >&2; exit 2; }
mkdir -p data/models
for edition in uk-1972 military regional-currency computer us-standard bahamas; do
  "$referee" train-model --ruleset "$edition" --games "$games" --seed "$seed" --out "data/models/$edition.model"
  "$referee" train-model --ruleset "$edition" --variant short-game --games "$games" --seed "$seed" \
    --out "data/models/$edition.short-game.model"
done
# us-short is itself a short game: its one model is named by the edition and says short-game.
"$referee" train-model --ruleset us-short --games "$games" --seed "$seed" --out data/models/us-short.short-game.model
