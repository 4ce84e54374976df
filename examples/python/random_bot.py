#!/usr/bin/env python3
"""A bot that plays a whole game through the deedlog module, each seat picking at random
among the legal moves, and prints the result (docs/library.md):

    PYTHONPATH=build/python python3 examples/python/random_bot.py --ruleset uk-1972 --seed 7
"""
import argparse
import random
import time

import deedlog


def play_game(ruleset, players, seed, max_moves):
    """Plays one game from the seed; returns the game and the number of moves played."""
    game = deedlog.Game(ruleset, players, seed=seed)
    pick = random.Random(seed)
    moves = 0
    while not game.over and moves < max_moves:
        legal = game.moves()
        if not legal:
            break
        answer = game.play(pick.choice(legal))
        # Every listed move is legal: a refusal here would be a fault of the referee.
        assert answer["accepted"], answer
        moves += 1
    return game, moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="uk-1972", choices=deedlog.rulesets())
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=5000)
    args = parser.parse_args()
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][: args.players]
    total, started = 0, time.perf_counter()
    for g in range(args.games):
        game, moves = play_game(args.ruleset, names, args.seed + g, args.max_moves)
        total += moves
        value = game.value()
        if game.over:
            result = f"won by {value['winner'] or game.status().get('winner')}"
        else:
            result = f"unfinished; richest {value['winner'] or value.get('tied')}"
        print(f"game {g + 1} (seed {args.seed + g}): {moves} moves, {game.seq} events, {result}")
    seconds = time.perf_counter() - started
    print(f"{total} moves in {seconds:.2f} s: {total / max(seconds, 1e-9):,.0f} moves/s")


if __name__ == "__main__":
    main()
