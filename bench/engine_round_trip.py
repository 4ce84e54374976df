#!/usr/bin/env python3
"""A bot's round trip through `referee engine`: ask the legal moves, play one, as fast as the
pipes allow. Prints one row of scripts/bench.sh's table: round trips per wall second (this
driver's own JSON work included) and per CPU second of the engine process.

    python3 bench/engine_round_trip.py build/referee 20000 [--db FILE]
"""
import json
import resource
import subprocess
import sys
import time


def main():
    referee, trips = sys.argv[1], int(sys.argv[2])
    extra = sys.argv[3:]
    engine = subprocess.Popen([referee] + extra + ["engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def ask(request):
        engine.stdin.write(json.dumps(request) + "\n")
        engine.stdin.flush()
        return json.loads(engine.stdout.readline())

    seed = 1
    ask({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben", "Cat"], "seed": seed})
    done = 0
    start = time.perf_counter()
    while done < trips:
        listed = ask({"cmd": "moves"})["moves"]
        if not listed:  # game over: the next one
            seed += 1
            ask({"cmd": "new", "ruleset": "uk-1972", "players": ["Ann", "Ben", "Cat"], "seed": seed})
            continue
        # The bot's choice: throw, buy or end the turn when it can, so games go on.
        move = listed[0]
        for word in (" claims rent", " buys", " rolls", " ends turn", " pays"):
            chosen = [m for m in listed if word in m]
            if chosen:
                move = chosen[0]
                break
        answer = ask({"cmd": "play", "move": move})
        if not answer.get("accepted"):
            raise SystemExit(f"refused: {move}: {answer}")
        done += 1
    wall = time.perf_counter() - start
    ask({"cmd": "quit"})
    engine.wait()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    where = "journal on disk" if extra else "in memory"
    print(f"| referee engine, a bot's round trip (moves, then play), {where} (round trips/s) "
          f"| {done / wall:,.0f} ({wall:.2f} s; {1e6 * wall / done:.0f} µs each) "
          f"| {done / max(cpu, 1e-3):,.0f} ({cpu:.2f} s; {1e6 * cpu / done:.0f} µs each) | well under 1 ms each |")


if __name__ == "__main__":
    main()
