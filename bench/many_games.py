#!/usr/bin/env python3
"""Writes a file of many games, like PGN, for measuring `referee import` of it
(docs/performance.md, "referee import of a file of many games").

    python3 bench/many_games.py 10000 > many.game
    python3 bench/many_games.py 2000 samples/uk-1972/bankruptcy-to-bank.game > many.game

Each game is the sample game (by default samples/uk-1972/bankruptcy-to-bank.game) with an
[Event] tag of its own after its Players tag, so that no two games are the same.
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_SAMPLE = ROOT / "samples" / "uk-1972" / "bankruptcy-to-bank.game"


def main() -> None:
    if len(sys.argv) not in (2, 3) or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    games = int(sys.argv[1])
    sample = pathlib.Path(sys.argv[2]) if len(sys.argv) == 3 else DEFAULT_SAMPLE
    lines = sample.read_text(encoding="utf-8").splitlines()
    players = next(i for i, line in enumerate(lines) if line.lstrip().lower().startswith("[players"))
    out = sys.stdout
    for n in range(1, games + 1):
        out.write("\n".join(lines[: players + 1]))
        out.write(f'\n[Event "Club night, game {n}"]\n')
        out.write("\n".join(lines[players + 1 :]))
        out.write("\n\n")


if __name__ == "__main__":
    main()
