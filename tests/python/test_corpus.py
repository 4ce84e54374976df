"""Every game of samples/corpus/ and every sample under samples/, played move by move through the
Python module, stands where `referee import` of the same file stands (docs/corpus.md).

Run by ctest (Python.Module) with PYTHONPATH at the build folder's python/, DEEDLOG_REFEREE naming
the referee and DEEDLOG_SOURCE_DIR the source tree. The C++ side of the same walk is
tests/corpus_commands_test.cpp.
"""
import glob
import json
import os
import re
import subprocess
import tempfile
import unittest

import deedlog

REFEREE = os.environ.get("DEEDLOG_REFEREE")
SOURCE = os.environ.get("DEEDLOG_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))

TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')


def referee(db, *args):
    done = subprocess.run([REFEREE, "--db", db, "--json", *args], capture_output=True, text=True)
    return (json.loads(done.stdout) if done.stdout.strip() else None), done.returncode


def read_game(path):
    """The tags, the [Setup] lines and the move lines of a .game file (one game)."""
    tags, setup, moves = {}, [], []
    section = "tags"
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\r\n")
            bare = line.strip()
            if section != "moves" and bare.lower() == "[setup]":
                section = "setup"
                continue
            if section != "moves" and bare.lower() == "[moves]":
                section = "moves"
                continue
            if not bare or bare.startswith("#"):
                continue
            if section == "tags":
                m = TAG.match(bare)
                if m:
                    tags[m.group(1).lower()] = m.group(2)
                    continue
                section = "moves"
            if section == "setup":
                setup.append(line)
            else:
                moves.append(line)
    return tags, setup, moves


def games():
    found = sorted(glob.glob(os.path.join(SOURCE, "samples", "**", "*.game"), recursive=True))
    return [g for g in found if open(g, encoding="utf-8").read().count("[Ruleset") == 1]


class CorpusTest(unittest.TestCase):
    def test_the_corpus_is_walked(self):
        corpus = [g for g in games() if os.sep + "corpus" + os.sep in g]
        self.assertGreaterEqual(len(corpus), 14)

    def test_every_game_played_through_the_module_stands_where_the_import_stands(self):
        for path in games():
            with self.subTest(game=os.path.relpath(path, SOURCE)):
                self.walk(path)

    def walk(self, path):
        tags, setup, lines = read_game(path)
        if tags.get("ruleset") == "computer" and "seed" not in tags:
            # The module seeds every computer game it starts (docs/library.md), so it draws the
            # first player: a record of the program's own screen cannot be played through it.
            self.skipTest("an unseeded computer game: the module seeds it")
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "g.db")
            imported, code = referee(db, "import", path)
            self.assertIn(code, (0, 3), imported)
            log, logged = referee(db, "log")
            args = dict(seed=int(tags["seed"]) if "seed" in tags else None, variant=tags.get("variant"),
                        setup="\n".join(setup) if setup else None, started=tags.get("started"),
                        time_limit=tags.get("timelimit"))
            if logged != 0:
                # A setup the rules refuse creates no game, here or there.
                self.assertEqual(code, 3, imported)
                with self.assertRaises(deedlog.Refused):
                    deedlog.Game(tags["ruleset"], tags["players"], **args)
                return
            played = [e["text"] for e in log["events"] if e["type"] == "MovePlayed"]
            g = deedlog.Game(tags["ruleset"], tags["players"], **args)
            k = 0  # moves of the journal played so far
            middle = None
            for line in lines:
                try:
                    answers = [g.play(line)]
                    n = 1
                except ValueError as e:
                    # A line of several moves: the module plays one move at a time, so the
                    # journal's own moves stand in for it.
                    if "moves" not in str(e):
                        raise
                    n = int(re.search(r"(\d+) moves", str(e)).group(1))
                    answers = [g.play(text) for text in played[k:k + n]]
                if not all(a["accepted"] for a in answers):
                    self.assertEqual(code, 3, "the module refused what the import accepted: %s %s" % (line, answers))
                    break
                k += n
                if middle is None and k >= len(played) // 2:
                    middle = (g.seq, g.status(), g.value())
            status, _ = referee(db, "status")
            mine = g.status()
            # The header the module writes holds no Title or Site, so the chain's hashes differ.
            for doc in (status, mine):
                doc.pop("game", None)
                doc.pop("head", None)
            self.assertEqual(mine, status)
            value, _ = referee(db, "value")
            self.assertEqual({p["name"]: p["total"] for p in g.value()["players"]},
                             {p["name"]: p["total"] for p in value["players"]})
            moves, _ = referee(db, "moves")
            self.assertEqual(g.moves_json()["moves"], moves["moves"])
            if middle:
                seq, then, worth = middle
                at, _ = referee(db, "status", "--at", str(seq))
                for doc in (at, then):
                    doc.pop("game", None)
                    doc.pop("head", None)
                self.assertEqual(then, at, "status at event %d" % seq)


if __name__ == "__main__":
    unittest.main()
