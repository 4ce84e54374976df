#!/usr/bin/env python3
"""The stories of the corpus games (docs/corpus.md): `python3 tools/corpus_stories.py` writes
samples/corpus/<edition>/<game>.game with the ledger of tools/corpus_ledger.py, and
samples/corpus/corpus.json, the list the corpus test reads (tests/programs/corpus_commands_test.cpp).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_ledger import Table, ROOT, Refused  # noqa: E402

OUT = os.path.join(ROOT, "samples", "corpus")


# ----- what a story does between throws -------------------------------------------------------
def street_groups(t):
    gs = []
    for i, s in enumerate(t.board):
        if s["kind"] == "street" and s["group"] not in gs:
            gs.append(s["group"])
    return gs


def complete_group_by_trade(t, p, max_price_factor=1.3, prefer=None):
    """p buys another player's share of a colour group he has begun; the group once whole."""
    best = None
    for g in street_groups(t):
        members = t.group_members(g)
        mine = [i for i in members if t.owner.get(i) == p]
        others = [i for i in members if t.owner.get(i) not in (None, p)]
        if not mine or len(mine) + len(others) != len(members) or not others:
            continue
        if any(i in t.mortgaged or t.houses.get(i) for i in members):
            continue
        q = t.owner[others[0]]
        theirs = [i for i in others if t.owner[i] == q]
        price = int(sum(t.board[i]["price"] for i in theirs) * max_price_factor) // 10 * 10
        if t.cash[p] - price < 350:
            continue
        score = (g == prefer, len(mine), -price)
        if best is None or score > best[0]:
            best = (score, g, q, theirs, price, len(theirs) == len(others))
    if not best:
        return None
    _, g, q, theirs, price, whole = best
    t.offer(p, q, give_cash=price, get=theirs,
            comment="%s wants the %s group" % (p, g),
            answer_comment="%s takes the money" % q)
    return g if whole else None


def build_round(t, p, g, limit_cash=300):
    """One house on each site of the group (a list line), if the cash allows."""
    members = g if isinstance(g, list) else t.group_members(g)
    cost = sum(t.house_cost(p, i) for i in members)
    most = min(4, t.s.get("houses_per_hotel", 4))
    if t.cash[p] - cost < limit_cash or max(t.houses.get(i, 0) for i in members) >= most:
        return False
    t.build(p, members)
    return True


def mortgage_spare(t, p, keep_groups=()):
    for i in sorted(t.props_of(p), key=lambda i: t.board[i]["mortgage"]):
        if i in t.mortgaged or t.houses.get(i) or t.conglomerate_of(i):
            continue
        g = t.group(i)
        if g in keep_groups:
            continue
        if t.kind(i) == "street" and any(t.houses.get(j) for j in t.group_members(g)):
            continue
        if t.kind(i) in ("station", "utility") and sum(
                1 for j in t.props_of(p) if t.kind(j) == t.kind(i)) > 1:
            continue
        return i
    return None


def owned_targets(t, p, cheap=True):
    """Squares owned by others that p can reach this throw and pay for at once."""
    out = []
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                continue
            j = (t.pos[p] + a + b) % 40
            if t.is_property(j) and t.owner.get(j) not in (None, p) and j not in t.mortgaged:
                r = t.cost_of_landing(p, j, a + b)
                if r and (not cheap or r < t.cash[p] - 100):
                    out.append((j, (a, b)))
    return out


def form_conglomerate(t, p):
    """regional-currency: three unmortgaged streets of three colours, the cheapest first."""
    streets = sorted((i for i in t.props_of(p) if t.kind(i) == "street" and i not in t.mortgaged
                      and not t.conglomerate_of(i)), key=lambda i: t.board[i]["price"])
    pick = []
    for i in streets:
        if t.group(i) not in [t.group(j) for j in pick]:
            pick.append(i)
        if len(pick) == 3:
            break
    if len(pick) < 3:
        return None
    t.form_conglomerate(p, pick, "%s stacks three colours: %s goes on top" % (p, t.name(
        max(pick, key=lambda j: (t.board[j]["rent"][0], t.board[j]["rent"][5], t.board[j]["price"])))))
    return pick


class Story:
    def __init__(self, t, dream=None, creditor=None, debtor=None):
        self.t = t
        self.dream = dream or {}
        self.turns = 0
        self.creditor = creditor
        self.debtor = debtor
        self.group_built = None
        self.meta = {"late_claims": [], "explain": None}

    def steer(self, p):
        g = self.dream.get(p)
        if not g:
            return None
        t = self.t
        free = [i for i in t.group_members(g) if i not in t.owner]
        for i in free:
            d = (i - t.pos[p]) % 40
            if 2 <= d <= 12 and t.rng.random() < 0.7:
                return i
        return None

    def keep_cash(self, p, floor=180):
        t = self.t
        if t.cash[p] < floor:
            keep = [self.group_built] if p == self.creditor and self.group_built else []
            i = mortgage_spare(t, p, keep_groups=keep)
            if i is not None and t.conglomerate_of(i):
                i = None
            if i is not None:
                t.mortgage(p, [i], comment="%s is short of cash" % p)

    def turn(self, **kw):
        t = self.t
        p = t.current
        self.turns += 1
        self.keep_cash(p)
        if "target" not in kw:
            kw["target"] = self.steer(p)
        t.turn(**kw)

    def play(self, n):
        for _ in range(n):
            if self.t.over:
                return
            self.turn()

    def play_until(self, moves):
        while self.t.moves < moves and not self.t.over:
            self.turn()

    # the features every edition's games show
    def take_back(self):
        t = self.t
        t.mistyped_roll_taken_back("mistyped dice: %s threw something else" % t.current)

    def late_claim(self):
        """A landing on an owned site whose owner does not ask (shown later with dispute)."""
        t = self.t
        for _ in range(12):
            p = t.current
            self.keep_cash(p)
            tg = owned_targets(t, p)
            if tg:
                j, dice = tg[0]
                o = t.owner[j]
                t.turn(dice=dice, claim=False,
                       comment="%s: %s is busy and does not ask for the rent" % (t.name(j), o))
                claim = {"landing_move": t.unclaimed[-1][0], "claim": "%s claims rent" % o}
                self.meta["late_claims"].append(claim)
                # three more turns, so the claim is late in every edition; meanwhile nobody
                # lands on the owner's sites, so no claim of his could be read as this one
                t.avoid_owner = {o}
                self.turn()
                self.turn()
                self.turn()
                t.avoid_owner = set()
                claim["late_move"] = t.moves
                return True
            self.turn()
        return False

    def mortgaged_trade(self):
        """Someone mortgages a spare deed, later sells it to another player, still mortgaged."""
        t = self.t
        for _ in range(10):
            p = t.current
            i = mortgage_spare(t, p, keep_groups=[self.group_built] if self.group_built else [])
            buyers = [q for q in t.live() if q != p and t.cash[q] > 500]
            if i is not None and buyers:
                t.mortgage(p, [i], comment="%s raises money on it" % p)
                self.turn()
                q = t.current if t.current in buyers else buyers[0]
                price = t.board[i]["price"] // 2 // 10 * 10 or 10
                # the offer is made on the seller's turn, before his throw (the computer edition asks it)
                while t.current != p:
                    self.turn()
                t.offer(p, q, give=[i], get_cash=price,
                        comment="%s, mortgaged as it is" % t.name(i),
                        answer_comment=("%s pays the 10%% interest on the mortgage" % q)
                        if t.s.get("mortgage_interest_percent", 10) else None)
                return i
            self.turn()
        return None

    def award(self):
        t = self.t
        ps = t.live()
        a, b = ps[0], ps[1]
        if t.cash[b] < 100:
            a, b = b, a
        return t.award(a, 20, payer=b if not t.regional() else None,
                       reason="change miscounted at the last payment: %s kept %s20 too much" % (b, t.cur)
                       if not t.regional() else "salary the Banker forgot to pay %s" % a)

    def try_build(self):
        t = self.t
        p = t.current
        if p != self.creditor:
            return
        if not self.group_built and t.regional():
            self.group_built = form_conglomerate(t, p)
        elif not self.group_built:
            g = complete_group_by_trade(t, p, prefer=self.dream.get(p))
            if g:
                self.group_built = g
        if self.group_built:
            build_round(t, p, self.group_built)

    def bankruptcy(self, max_turns=120):
        """The debtor plays on until he lands on the creditor's houses and cannot pay."""
        t = self.t
        c, d = self.creditor, self.debtor
        for _ in range(max_turns):
            p = t.current
            if p == c and not self.group_built:
                self.try_build()
            if p == c and self.group_built:
                self.keep_cash(p, floor=400)
                build_round(t, p, self.group_built, limit_cash=60)
            if p == d:
                self.keep_cash(p, floor=450)
                best = None
                for a in range(1, 7):
                    for b in range(1, 7):
                        if a == b:
                            continue
                        j = (t.pos[d] + a + b) % 40
                        if t.owner.get(j) == c and t.houses.get(j) and t.rent(j, a + b):
                            r = t.cost_of_landing(d, j, a + b)
                            if r > t.liquid(d):
                                best = ("bust", j, (a, b), r)
                            elif r < t.cash[d] - 20 and (best is None or best[0] == "pay" and r > best[3]):
                                best = ("pay", j, (a, b), r)
                if best and best[0] == "bust":
                    _, j, dice, r = best
                    start = t.pos[d]
                    a, b = dice
                    if start + a + b >= 40:
                        t.cash[d] += t.s["salary"]
                    t.pos[d] = j
                    t.emit("%s rolls %d %d" % (d, a, b), t.name(j))
                    t.emit("%s claims rent" % c, "%s%d: %s has %s%d and could raise %s%d at most"
                           % (t.cur, r, d, t.cur, t.cash[d], t.cur, t.liquid(d)))
                    return j, r
                if best:
                    self.turns += 1
                    t.turn(dice=best[2])
                    continue
            self.turn()
        raise Refused("no bankruptcy")


def write(t, edition, name, meta):
    folder = os.path.join(OUT, edition)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + ".game"), "w", encoding="utf-8") as f:
        f.write(t.text())
    # what the game must referee to (samples/*/NAME.expected.json, tests/programs/scenario_test.cpp):
    # the ledger's figures, never the referee's output
    players = []
    for p in t.players:
        entry = {"name": p, "cash": t.cash[p], "bankrupt": p in t.out}
        if p not in t.out:
            entry["square"] = t.pos[p]
        players.append(entry)
    status = {"players": players}
    ended = t.over or (t.s.get("game_ends_at_first_bankruptcy") and t.out)
    status["over"] = bool(ended)
    status["time_called"] = bool(t.over)
    if ended and not t.regional():
        live = t.live()
        status["winner"] = max(live, key=t.worth)
    with open(os.path.join(folder, name + ".expected.json"), "w", encoding="utf-8") as f:
        json.dump({"exit": 0, "status": status}, f, indent=1)
        f.write("\n")
    meta = dict(meta)
    meta.update({"file": "samples/corpus/%s/%s.game" % (edition, name), "ruleset": edition,
                 "moves": t.moves, "players": t.players, "ledger": t.report()})
    return meta


# ----- the games -------------------------------------------------------------------------------
def bankrupt_game(edition, name, players, seed, creditor, debtor, dream, title, intro,
                  site=None, clock=None, on_bankrupt=None, tail=6, **kw):
    """Tries seeds from `seed` on until the story fits in 80 to 200 moves."""
    for attempt in range(seed, seed + 200):
        try:
            t, meta = bankrupt_story(edition, players, attempt, creditor, debtor, dream, title, intro,
                                     site, clock, on_bankrupt, tail, **kw)
        except Refused:
            continue
        if 90 <= t.moves <= 190:
            return write(t, edition, name, meta)
    raise Refused("no seed fits " + name)


def bankrupt_story(edition, players, seed, creditor, debtor, dream, title, intro, site, clock,
                   on_bankrupt, tail, deals=None, **kw):
    t = Table(edition, players, seed, title=title, site=site, clock=clock, header_comment=intro, **kw)
    s = Story(t, dream=dream, creditor=creditor, debtor=debtor)
    t.dream = dream
    t.reserve = {creditor: 500, debtor: 40}
    if deals:
        for p, ds in zip(players, deals):
            t.deal(p, ds, paid=t.s["short_game"]["deeds_paid"])
        t.blank()
    s.play(4)
    s.take_back()
    s.play(5)
    s.late_claim()
    s.play(2)
    t.blank()
    for _ in range(20):
        if t.current == creditor:
            s.try_build()
        s.turn()
        if s.group_built and t.moves > 45:
            break
    if not s.group_built:
        raise Refused("no group")
    s.award()
    s.mortgaged_trade()
    t.blank()
    j, r = s.bankruptcy()
    if on_bankrupt:
        on_bankrupt(t, s, j, r)
    else:
        t.bankrupt(debtor, creditor, comment="%s is out; %s takes all that is left" % (debtor, creditor))
    if t.current in t.out:
        t.next_player()
    if not t.s.get("game_ends_at_first_bankruptcy"):
        for _ in range(tail):
            if len(t.live()) < 2:
                break
            s.turn()
    s.meta["settle"] = creditor
    return t, s.meta


def computer_insolvency(t, s, j, r):
    """computer.txt: the creditor is paid the debtor's cash and the mortgage value of what he
    holds; his sites go back on sale."""
    d, c = s.debtor, s.creditor
    t.cash[c] += t.liquid(d)
    t.emit("%s declares bankruptcy" % d, "insolvent: %s receives %s%d, the sites go back on sale"
           % (c, t.cur, t.liquid(d)))
    t.out.add(d)
    for i in t.props_of(d):
        del t.owner[i]
        t.mortgaged.discard(i)
        t.houses.pop(i, None)
    t.cash[d] = 0


def evening(edition, name, players, seed, title, intro, moves=120, deals=None, conglomerate=False,
            **kw):
    """An evening's play that stops unfinished: every feature but the bankruptcy."""
    for attempt in range(seed, seed + 200):
        try:
            t = Table(edition, players, attempt, title=title, header_comment=intro, **kw)
            s = Story(t, creditor=players[-1])
            t.reserve = {players[-1]: 450}
            if deals:
                for p, ds in zip(players, deals):
                    t.deal(p, ds, paid=t.s["short_game"]["deeds_paid"])
                t.blank()
            s.play(3)
            s.take_back()
            s.play(6)
            s.late_claim()
            s.play(3)
            s.award()
            s.mortgaged_trade()
            t.blank()
            while t.moves < moves:
                s.try_build()
                s.turn()
        except Refused:
            continue
        if conglomerate and not s.group_built:
            continue
        t.blank("the evening ends here, the game unfinished")
        s.meta["settle"] = players[0]
        return write(t, edition, name, s.meta)
    raise Refused("no seed fits " + name)


def short_game(edition, name, players, seed, deals, title, intro, variant, stamps=None,
               moves=110, **kw):
    t = Table(edition, players, seed, title=title, header_comment=intro, variant=variant, **kw)
    t.first_clock = t.sparse
    s = Story(t, creditor=players[0])
    paid = t.s["short_game"]["deeds_paid"]
    for p, ds in zip(players, deals):
        t.deal(p, ds, paid=paid)
    t.blank()
    s.play(4)
    s.take_back()
    s.play(5)
    s.late_claim()
    for _ in range(8):
        s.try_build()
        s.turn()
    s.award()
    s.mortgaged_trade()
    while t.moves < moves:
        s.try_build()
        s.turn()
    # time is called between turns, with no move unfinished
    t.blank()
    if t.sparse is not None:
        # the agreed hour: the first quarter hour after the last move, so no move passes it
        limit = (t.sparse - t.first_clock) // 900 * 900 + 900
        hour = t.first_clock + limit
        for k, line in enumerate(t.lines):
            if line.startswith("[TimeLimit"):
                t.lines[k] = '[TimeLimit "%dh%02dm"]' % (limit // 3600, limit // 60 % 60)
        t.call_time("%02d:%02d, the agreed hour: the richest player wins" % (hour // 3600 % 24, hour // 60 % 60))
    else:
        t.call_time("the agreed hour: the richest player wins")
    s.meta["settle"] = players[1]
    return write(t, edition, name, s.meta)


def main():
    games = []
    games.append(bankrupt_game(
        "uk-1972", "club-night-bankruptcy", ["Ann", "Ben", "Cat"], 101, "Ben", "Cat",
        {"Ben": "Orange", "Ann": "Light Blue", "Cat": "Red"},
        "Club night, the long game",
        "The 1972 UK game as the scorekeeper wrote it down, dice and cards as they fell.\n"
        "Ben buys up the oranges and builds; Cat, short of cash, lands on them once too often.",
        site="The Crown, back room"))
    games.append(short_game(
        "uk-1972", "short-game-at-the-hour", ["Ann", "Ben", "Cat", "Dan"], 102,
        [["Old Kent Road", "Whitechapel Road"], ["Bow Street", "Vine Street"],
         ["King's Cross Station", "Strand"], ["Euston Road", "Bond Street"]],
        "The short game, two hours",
        "The short game (RULES FOR PLAYING THE SHORT GAME): two deeds dealt to each and paid\n"
        "for, then play until the agreed hour, when the Banker calls time between turns. The\n"
        "scorekeeper notes the time now and then.",
        "short-game", started="2026-11-21T19:00:00Z", time_limit="1h"))
    games.append(bankrupt_game(
        "military", "garrison-night-bankruptcy", ["Ann", "Ben", "Cat"], 201, "Ann", "Ben",
        {"Ann": "Orange", "Ben": "Green", "Cat": "Red"},
        "Mess night",
        "The military edition at the mess: Ammo Stores and Barracks, Garrisons, Combat and\n"
        "Training cards, the Prison. Ann builds Ammo Stores; Ben cannot meet her rent in the end."))
    games.append(short_game(
        "military", "short-game-at-the-hour", ["Ann", "Ben", "Cat"], 202,
        [["Watchkeeper", "Reaper"], ["Lynx", "Wildcat"], ["Jackal", "Foxhound"]],
        "Short game at the mess",
        "The military short game: two deeds each, paid for; time called at the agreed hour.",
        "short-game"))
    games.append(bankrupt_game(
        "us-standard", "family-game-bankruptcy", ["Ann", "Ben", "Cat", "Dan"], 301, "Dan", "Ann",
        {"Dan": "Orange", "Cat": "Light Blue", "Ben": "Red"},
        "Sunday afternoon",
        "The US game on the Atlantic City board. Dan builds on the oranges; Ann goes broke on them."))
    games.append(short_game(
        "us-standard", "time-limit-called", ["Ann", "Ben", "Cat"], 302,
        [["Baltic Avenue", "Oriental Avenue"], ["St. Charles Place", "States Avenue"],
         ["Reading Railroad", "Kentucky Avenue"]],
        "The time-limit game",
        "ANOTHER GOOD SHORT GAME: TIME LIMIT GAME. Two deeds each, paid for; the richest\n"
        "player at the agreed hour wins.",
        "time-limit"))
    games.append(bankrupt_game(
        "bahamas", "island-bankruptcy", ["Ann", "Ben", "Cat"], 401, "Cat", "Ben",
        {"Cat": "Orange", "Ann": "Red", "Ben": "Yellow"},
        "Bahamas evening",
        "The Bahamas Edition: START, CHEST, the WAITING AREA, CITY TAX and STATE TAX.\n"
        "Cat builds on the oranges; Ben runs out of money on them."))
    games.append(short_game(
        "bahamas", "time-limit-called", ["Ann", "Ben", "Cat", "Dan"], 402,
        [["Light Blue 1", "Orange 1"], ["Pink 1", "Red 2"], ["Yellow 1", "Green 1"],
         ["Dark Blue 1", "Brown 2"]],
        "Time-limit game in the Bahamas",
        "The Bahamas time-limit game: two deeds each, paid for; time called at the agreed hour.\n"
        "The scorekeeper notes the time now and then.",
        "time-limit", started="2026-11-22T15:30:00Z", time_limit="1h"))
    games.append(bankrupt_game(
        "computer", "program-as-banker-insolvency", ["Ann", "Ben", "Cat"], 501, "Ann", "Cat",
        {"Ann": "Light Blue", "Ben": "Orange", "Cat": "Green"},
        "The computer as banker",
        "The computer edition (computer.txt): the program is the Banker and its clock, the @TIME\n"
        "stamps, gives ten seconds to buy, to bid and to claim rent. Cat ends insolvent.",
        clock=19 * 3600, on_bankrupt=computer_insolvency))
    games.append(evening(
        "computer", "program-as-banker-evening", ["Ann", "Ben", "Cat", "Dan"], 502,
        "Four at the screen",
        "The computer edition with four players, the program's clock in the @TIME stamps;\n"
        "the evening ends with the game unfinished.", moves=115, clock=20 * 3600 + 15 * 60))
    games.append(bankrupt_game(
        "us-short", "dealt-to-the-first-bankruptcy", ["Ann", "Ben", "Cat"], 601, "Ben", "Cat",
        {"Ben": "Orange"},
        "The short game to the first bankruptcy",
        "RULES FOR A SHORT GAME: three deeds dealt free to each, three houses before a hotel,\n"
        "and the game ends at the first bankruptcy, when the richest wins.",
        deals=[["Oriental Avenue", "Reading Railroad", "Pacific Avenue"],
               ["St. James Place", "Tennessee Avenue", "Baltic Avenue"],
               ["Kentucky Avenue", "Ventnor Avenue", "Electric Company"]]))
    games.append(evening(
        "us-short", "dealt-and-unfinished", ["Ann", "Ben", "Cat", "Dan"], 602,
        "Short game, four players",
        "The US short game with four players: three deeds dealt free to each; the evening ends\n"
        "before anyone is bankrupt.", moves=110,
        deals=[["Mediterranean Avenue", "Vermont Avenue", "Short Line"],
               ["States Avenue", "Virginia Avenue", "Water Works"],
               ["Illinois Avenue", "Atlantic Avenue", "B. & O. Railroad"],
               ["Pennsylvania Avenue", "Park Place", "Pennsylvania Railroad"]]))
    games.append(bankrupt_game(
        "regional-currency", "conglomerate-bankruptcy", ["Ann", "Ben", "Cat"], 701, "Cat", "Ann",
        {},
        "Four currencies",
        "regional-currency (regional-currency.txt): Ann represents South (green), Ben West (pink),\n"
        "Cat North (yellow); nobody represents East. Every sum is paid converted at the rates of\n"
        "the moment. Cat stacks a Conglomerate and builds on it; Ann cannot pay in the end."))
    games.append(evening(
        "regional-currency", "four-regions-evening", ["Ann", "Ben", "Cat", "Dan"], 702,
        "All four regions",
        "regional-currency with four players: South (Ann, green), West (Ben, pink), North (Cat,\n"
        "yellow), East (Dan, blue). A declined property waits for the next lander; Dan forms a\n"
        "Conglomerate. The evening ends unfinished.", moves=120, conglomerate=True))
    return games


if __name__ == "__main__":
    games = main()
    with open(os.path.join(OUT, "corpus.json"), "w", encoding="utf-8") as f:
        json.dump({"games": games}, f, indent=1)
        f.write("\n")
    for g in games:
        print(g["file"], g["moves"], g["ledger"])
