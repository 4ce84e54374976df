#!/usr/bin/env python3
"""Writes game GAME of the journal DB as a .game file: its header's tags and setup, then the
canonical text of each move (the MovePlayed events). Reads only `games` and `events`, as any
sqlite3 user can. Usage: journal_to_game.py DB GAME OUT.game"""
import json
import sqlite3
import sys

db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
game = int(sys.argv[2])
header = json.loads(db.execute("SELECT header FROM games WHERE game_id = ?", (game,)).fetchone()[0])
lines = ['[Ruleset "%s"]' % header["ruleset"], '[Players "%s"]' % ", ".join(header["players"])]
if "seed" in header:
    lines.append('[Seed "%s"]' % header["seed"])
if header.get("setup"):
    lines += ["[Setup]", header["setup"].rstrip("\n"), "[Moves]"]
for (payload,) in db.execute(
        "SELECT payload FROM events WHERE game_id = ? AND type = 'MovePlayed' ORDER BY seq", (game,)):
    lines.append(json.loads(payload)["text"])
with open(sys.argv[3], "w", encoding="utf-8") as out:
    out.write("\n".join(lines) + "\n")
