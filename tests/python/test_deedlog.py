"""The Python module deedlog (docs/library.md): a game in memory answers as the referee's --json.

Run by ctest (Python.Module) with PYTHONPATH at the build folder's python/ and DEEDLOG_REFEREE
naming the referee built beside it, which the module's answers are compared with.
"""
import json
import os
import random
import subprocess
import tempfile
import unittest

import deedlog

REFEREE = os.environ.get("DEEDLOG_REFEREE")


def referee(db, *args):
    """The referee's --json answer and its exit code."""
    done = subprocess.run([REFEREE, "--db", db, "--json", *args], capture_output=True, text=True)
    return (json.loads(done.stdout) if done.stdout.strip() else None), done.returncode


class GameTest(unittest.TestCase):
    def test_the_built_in_editions(self):
        self.assertIn("uk-1972", deedlog.rulesets())
        self.assertIn("us-standard", deedlog.rulesets())
        self.assertRegex(deedlog.__version__, r"^\d+\.\d+\.\d+$")

    def test_a_new_game_waits_for_the_first_throw(self):
        g = deedlog.Game("uk-1972", ["Ann", "Ben"], seed=1)
        self.assertEqual(g.players, ["Ann", "Ben"])
        self.assertEqual(g.ruleset, "uk-1972")
        self.assertFalse(g.over)
        self.assertEqual(g.turn, "Ann")
        moves = g.moves()
        self.assertTrue(moves)
        self.assertTrue(all(m.startswith("Ann ") for m in moves))
        status = g.status()
        self.assertEqual(status["ruleset"], "uk-1972")
        self.assertEqual([p["name"] for p in status["players"]], ["Ann", "Ben"])
        self.assertEqual(status["seq"], g.seq)
        self.assertEqual(len(status["head"]), 64)

    def test_players_may_be_one_string(self):
        g = deedlog.Game("us-standard", "Ann, Ben, Cat", seed=2)
        self.assertEqual(g.players, ["Ann", "Ben", "Cat"])

    def test_a_refused_move_is_a_ruling_not_an_exception(self):
        g = deedlog.Game("uk-1972", ["Ann", "Ben"], seed=1)
        seq = g.seq
        answer = g.play("Ben buys")
        self.assertFalse(answer["accepted"])
        self.assertEqual(answer["events"], [])
        self.assertTrue(answer["violation"]["rule"].startswith("uk-1972/"))
        self.assertTrue(answer["violation"]["section"])
        self.assertEqual(g.seq, seq)

    def test_a_line_that_is_not_notation_raises_value_error(self):
        g = deedlog.Game("uk-1972", ["Ann", "Ben"], seed=1)
        with self.assertRaises(ValueError):
            g.play("Zed dances")
        with self.assertRaises(ValueError):
            deedlog.Game("no-such-edition", ["Ann", "Ben"])
        with self.assertRaises(ValueError):
            deedlog.Game("uk-1972", ["Ann"])

    def test_a_setup_starts_from_a_position(self):
        g = deedlog.Game("uk-1972", ["Ann", "Ben"], seed=4,
                         setup='Ann: cash 1200; owns Mayfair, "Park Lane"\nTurn: Ben')
        status = g.status()
        ann = status["players"][0]
        self.assertEqual(ann["cash"], 1200)
        self.assertEqual(sorted(p["name"] for p in ann["properties"]), ["Mayfair", "Park Lane"])
        self.assertEqual(g.turn, "Ben")

    def test_a_setup_that_is_not_notation_is_refused_by_its_own_line(self):
        with self.assertRaisesRegex(ValueError, "^setup line 2: "):
            deedlog.Game("uk-1972", ["Ann", "Ben"], setup="Ann: cash 3\nZed: cash 3")
        # Only setup lines: a section among them would add moves or tags behind the caller's back.
        with self.assertRaises(ValueError):
            deedlog.Game("uk-1972", ["Ann", "Ben"], setup="Ann: cash 3\n[Moves]\nAnn rolls 3 4")
        with self.assertRaises(ValueError):
            deedlog.Game("uk-1972", ['Ann"]\n[Variant "short-game', "Ben"])

    def test_a_setup_the_rules_refuse_raises_refused(self):
        with self.assertRaises(deedlog.Refused):
            deedlog.Game("uk-1972", ["Ann", "Ben"], setup="Ann: owns Mayfair (hotel)")

    def test_a_short_game_variant(self):
        g = deedlog.Game("uk-1972", ["Ann", "Ben"], seed=5, variant="short-game")
        self.assertIn("winner", g.value())
        self.assertFalse(g.value()["final"])

    def test_random_whole_games_every_listed_move_is_accepted(self):
        for ruleset, seed in [("uk-1972", 1), ("us-standard", 2), ("military", 3), ("computer", 4), ("bahamas", 5)]:
            pick = random.Random(seed)
            g = deedlog.Game(ruleset, ["Ann", "Ben", "Cat"], seed=seed)
            for _ in range(400):
                if g.over:
                    break
                move = pick.choice(g.moves())
                answer = g.play(move)
                self.assertTrue(answer["accepted"], (ruleset, move, answer))
                self.assertEqual(answer["seq"], g.seq)
                self.assertEqual(answer["events"][0]["type"], "MovePlayed")
            value = g.value()
            self.assertEqual([p["name"] for p in value["players"]], ["Ann", "Ben", "Cat"])

    def test_a_game_played_to_its_end(self):
        # Ann, nearly broke, among Ben's hotels: she lands on one before long and cannot pay.
        # The bot neither sells, mortgages nor builds, and declares bankruptcy only when nothing
        # else is listed.
        setup = ('Ann: cash 50\n'
                 'Ben: owns "Old Kent Road" (hotel), "Whitechapel Road" (hotel), "Bow Street" (hotel), '
                 '"Marlborough Street" (hotel), "Vine Street" (hotel), Strand (hotel), "Fleet Street" (hotel), '
                 '"Trafalgar Square" (hotel), "Park Lane" (hotel), Mayfair (hotel)')
        pick = random.Random(9)
        g = deedlog.Game("uk-1972", ["Ann", "Ben"], seed=9, setup=setup)
        for _ in range(2000):
            if g.over:
                break
            moves = g.moves()
            liked = [m for m in moves if not any(w in m for w in (" sells ", " mortgages ", " builds ", "bankruptcy"))]
            self.assertTrue(g.play(pick.choice(liked or moves))["accepted"])
        self.assertTrue(g.over)
        status = g.status()
        self.assertTrue(status["over"])
        self.assertEqual(status["winner"], "Ben")
        self.assertEqual(g.value()["winner"], "Ben")
        self.assertEqual(g.moves(), [])

    def test_a_short_game_ends_when_time_is_called(self):
        pick = random.Random(6)
        g = deedlog.Game("uk-1972", ["Ann", "Ben", "Cat"], seed=6, variant="short-game")
        self.assertIn("Referee calls time", g.moves())
        for _ in range(60):
            moves = [m for m in g.moves() if "bankruptcy" not in m and "calls time" not in m]
            self.assertTrue(g.play(pick.choice(moves))["accepted"])
        self.assertFalse(g.over)
        self.assertTrue(g.play("Referee calls time")["accepted"])
        for _ in range(200):
            if g.over:
                break
            moves = g.moves()
            self.assertTrue(g.play(pick.choice([m for m in moves if "bankruptcy" not in m] or moves))["accepted"])
        self.assertTrue(g.over)
        self.assertTrue(g.value()["final"])
        self.assertTrue(g.status()["over"])


@unittest.skipUnless(REFEREE, "DEEDLOG_REFEREE names the referee to compare with")
class SameAsTheRefereeTest(unittest.TestCase):
    """The same seeded game played by the module and by `referee` answers alike, dict for dict."""

    def compare(self, ruleset, players, seed, moves, variant=None):
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "game.db")
            new = ["new", "--ruleset", ruleset, "--players", ", ".join(players), "--seed", str(seed)]
            if variant:
                new += ["--variant", variant]
            _, rc = referee(db, *new)
            self.assertEqual(rc, 0)
            g = deedlog.Game(ruleset, players, seed=seed, variant=variant)
            self.assertEqual(g.status(), referee(db, "status")[0])
            pick = random.Random(seed)
            for _ in range(moves):
                cli_moves, _ = referee(db, "moves")
                self.assertEqual(g.moves(), cli_moves["moves"])
                self.assertEqual(g.moves_json(), cli_moves)
                if not cli_moves["moves"]:
                    break
                move = pick.choice(cli_moves["moves"])
                answer, rc = referee(db, "play", move)
                self.assertEqual(rc, 0)
                self.assertEqual(g.play(move), answer)
            self.assertEqual(g.status(), referee(db, "status")[0])
            self.assertEqual(g.value(), referee(db, "value")[0])
            refused, rc = referee(db, "play", "Referee calls time")
            self.assertEqual(g.play("Referee calls time"), refused)

    def test_uk_1972(self):
        self.compare("uk-1972", ["Ann", "Ben", "Cat"], 11, 40)

    def test_us_short_game(self):
        self.compare("us-short", ["Ann", "Ben"], 12, 30)

    def test_a_ruling_is_in_the_status(self):
        # A correction by the referee is part of the status (its "rulings"), as in `referee status`.
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "game.db")
            referee(db, "new", "--ruleset", "uk-1972", "--players", "Ann, Ben", "--seed", "3")
            g = deedlog.Game("uk-1972", ["Ann", "Ben"], seed=3)
            move = 'Referee awards Ann 50 from Ben for "a miscounted rent"'
            answer, rc = referee(db, "play", move)
            self.assertEqual(g.play(move), answer)
            if answer["accepted"]:
                self.assertIn("rulings", g.status())
            self.assertEqual(g.status(), referee(db, "status")[0])


if __name__ == "__main__":
    unittest.main()
