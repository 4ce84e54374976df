#!/usr/bin/env python3
"""A bot for `referee match` that plays a random legal move.

The referee starts this program once and, each time it must decide, writes one JSON line:
    {"you": "Py", "position": {...status JSON...}, "moves": ["Py rolls", ...], "forms": [...]}
It answers with one line, {"move": "..."}, and waits for the next. The end of its input ends
the match. Standard library only.

    referee match --games 20 --player Ann=builtin --player Py='python3 examples/bots/random_bot.py'
    python3 examples/bots/random_bot.py --seed 7       # its own choices from seed 7
"""
import json
import random
import sys


def choose(request, rng):
    moves = request.get("moves") or []
    # Prefer moving the game on to shuffling money about: throw, buy, pay when those are listed,
    # otherwise any listed move. A listed move is legal as written.
    for verb in (" claims rent", " buys", " rolls", " ends turn"):
        wanted = [m for m in moves if verb in m]
        if wanted and rng.random() < 0.8:
            return rng.choice(wanted)
    return rng.choice(moves) if moves else ""


def main():
    seed = 1
    if len(sys.argv) == 3 and sys.argv[1] == "--seed":
        seed = int(sys.argv[2])
    rng = random.Random(seed)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        sys.stdout.write(json.dumps({"move": choose(request, rng)}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
