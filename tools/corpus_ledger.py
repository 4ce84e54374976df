#!/usr/bin/env python3
"""A scorekeeper's ledger, used to write the games of samples/corpus/ (docs/corpus.md).

It keeps its own account of a game (cash, positions, deeds, mortgages, buildings) from the
edition's data file, throws dice from a seeded random source as a table would, and writes the
lines a scorekeeper types, with comments that say what happened. It never runs the referee:
the referee judges the file afterwards, by `referee import`.

A game is a story (see samples/corpus/stories.py): the players throw, buy, bid and claim rent
as the ledger's simple policy says, and the story adds the rest (trades, mortgages, houses,
corrections, the late claim, the bankruptcy, time called).
"""
import json
import math
import os
import random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

EDITION_FILES = {
    "uk-1972": "src/rules/data/uk-1972.json",
    "us-standard": "src/rules/data/us-standard.json",
}

SAFE_CARD_ACTIONS = {"collect-from-bank", "pay-bank", "advance-to", "move-relative",
                     "collect-from-each-player", "pay-each-player", "move-back-to"}


def load_edition(edition):
    path = EDITION_FILES.get(edition, "tests/data/editions-flat/%s.json" % edition)
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return json.load(f)


def quote(name):
    if all(ch.isalnum() for ch in name) and not name[0].isdigit():
        return name
    return '"%s"' % name


class Refused(Exception):
    pass


class Table:
    def __init__(self, edition, players, seed, variant=None, title=None, site=None,
                 clock=None, started=None, time_limit=None, header_comment=None):
        self.edition = edition
        self.data = load_edition(edition)
        self.s = self.data["settings"]
        self.board = self.data["board"]
        self.cur = self.data["words"]["currency"]
        self.players = list(players)
        self.rng = random.Random(seed)
        self.cash = {p: self.s["starting_cash"] for p in players}
        self.pos = {p: 0 for p in players}
        self.out = set()
        self.owner = {}
        self.mortgaged = set()
        self.houses = {}  # square -> 0..5 (5 = hotel)
        self.conglomerates = {}  # player -> list of lists
        self.turn_i = 0
        self.doubles = 0
        self.lines = []
        self.moves = 0
        self.drawn = {"chance": set(), "community-chest": set()}
        self.clock = clock  # seconds since midnight for @TIME stamps (computer edition)
        self.unclaimed = []  # (move number, owner, lander, square) of landings left unclaimed
        self.notes = {}
        self.variant = variant
        self.reserve = {}
        self.snaps = []
        self.avoid_owner = set()
        self.dream = {}
        self.over = False
        hdr = []
        if header_comment:
            for line in header_comment.strip().splitlines():
                hdr.append("# " + line if line else "#")
        hdr.append('[Ruleset "%s"]' % edition)
        hdr.append('[Players "%s"]' % ", ".join(players))
        if variant:
            hdr.append('[Variant "%s"]' % variant)
        if title:
            hdr.append('[Title "%s"]' % title)
        if site:
            hdr.append('[Site "%s"]' % site)
        self.sparse = None
        if started:
            hdr.append('[Started "%s"]' % started)
            hh, mm = started[11:13], started[14:16]
            self.sparse = int(hh) * 3600 + int(mm) * 60
            self.last_stamp = self.sparse - 600
        if time_limit:
            hdr.append('[TimeLimit "%s"]' % time_limit)
        self.lines.extend(hdr)
        self.lines.append("")
        self.square_index = {}
        for i, sq in enumerate(self.board):
            self.square_index[sq["name"]] = i

    # ----- writing ---------------------------------------------------------------------
    def stamp(self, gap=None, text=""):
        if self.sparse is not None:
            # a table's game: the scorekeeper notes the time now and then, at a throw
            self.sparse += self.rng.randint(25, 50)
            if (" rolls " in text or " throws " in text) and self.sparse - self.last_stamp >= 600:
                self.last_stamp = self.sparse
                t = self.sparse % 86400
                return "@%02d:%02d:%02d " % (t // 3600, t // 60 % 60, t % 60)
            return ""
        if self.clock is None:
            return ""
        self.clock += gap if gap is not None else self.rng.randint(3, 6)
        t = self.clock % 86400
        return "@%02d:%02d:%02d " % (t // 3600, t // 60 % 60, t % 60)

    def emit(self, text, comment=None, gap=None, count=1):
        self.snaps.append((len(self.lines), dict(self.cash)))
        line = self.stamp(gap, text) + text
        if comment:
            line = line.ljust(38) + " # " + comment
        self.lines.append(line)
        self.moves += count
        return self.moves

    def blank(self, comment=None):
        self.lines.append("" if comment is None else "# " + comment)

    def text(self):
        return "\n".join(self.lines).rstrip() + "\n"

    # ----- the board -------------------------------------------------------------------
    def sq(self, name_or_index):
        if isinstance(name_or_index, int):
            return name_or_index
        return self.square_index[name_or_index]

    def name(self, i):
        return self.board[i]["name"]

    def qname(self, i):
        return quote(self.name(i))

    def kind(self, i):
        return self.board[i]["kind"]

    def is_property(self, i):
        return self.kind(i) in ("street", "station", "utility")

    def group(self, i):
        return self.board[i].get("group")

    def group_members(self, g):
        return [i for i, s in enumerate(self.board) if s.get("group") == g]

    def money(self, n):
        return "%s%d" % (self.cur, n)

    @property
    def current(self):
        return self.players[self.turn_i]

    def live(self):
        return [p for p in self.players if p not in self.out]

    def next_player(self):
        self.doubles = 0
        n = len(self.players)
        for k in range(1, n + 1):
            j = (self.turn_i + k) % n
            if self.players[j] not in self.out:
                self.turn_i = j
                return

    def props_of(self, p):
        return [i for i, o in self.owner.items() if o == p]

    # ----- regional currency -----------------------------------------------------------
    def regional(self):
        return "regions" in self.s

    def region_of_square(self, i):
        for r in self.s.get("regions", []):
            if self.sq(r["from"]) <= i <= self.sq(r["to"]):
                return r
        return None

    def rate(self, region):
        k = self.s["regions"].index(region)
        rep = self.players[k] if k < len(self.players) else None
        if rep in self.out:
            rep = None
        lo, hi = self.sq(region["from"]), self.sq(region["to"])
        r = 0
        for i, o in self.owner.items():
            if lo <= i <= hi:
                r += 1 if o == rep else -1
        return r

    def player_rate(self, p):
        return self.rate(self.s["regions"][self.players.index(p)])

    def pct(self, spread):
        return self.s["currency_conversion"][str(spread)]

    def pay_conv(self, payer_rate, payee_rate, amount):
        if not self.regional():
            return amount
        return max(1, math.ceil(amount * self.pct(payer_rate - payee_rate) / 100 - 1e-9))

    def bank_pays(self, p, region_rate, amount):
        if not self.regional():
            return amount
        return math.floor(amount * self.pct(self.player_rate(p) - region_rate) / 100 + 1e-9)

    def sq_rate(self, p, i):
        r = self.region_of_square(i) if self.regional() else None
        return self.rate(r) if r else (self.player_rate(p) if self.regional() else 0)

    # ----- money -----------------------------------------------------------------------
    def liquid(self, p):
        """Cash and all that p could raise by selling buildings and mortgaging."""
        total = self.cash[p]
        for i in self.props_of(p):
            h = self.houses.get(i, 0)
            top = self.top_of(i)
            hc = self.board[top if top is not None else i].get("house_cost", 0)
            if h:
                total += (h * hc) // 2 if h < 5 else (4 * hc + self.board[i].get("hotel_cost", hc)) // 2
            if i not in self.mortgaged:
                total += self.bank_pays(p, self.sq_rate(p, i), self.board[i]["mortgage"])
        return total

    def rent(self, i, dice_total):
        o = self.owner[i]
        if i in self.mortgaged:
            return 0
        k = self.kind(i)
        if k == "station":
            n = sum(1 for j in self.props_of(o) if self.kind(j) == "station"
                    and j not in self.mortgaged)
            return self.s["station_rent"][n - 1]
        if k == "utility":
            n = sum(1 for j in self.props_of(o) if self.kind(j) == "utility")
            return dice_total * self.s["utility_multiplier"][n - 1]
        h = self.houses.get(i, 0)
        rents = self.board[i]["rent"]
        if h:
            top = self.top_of(i)
            return self.board[top]["rent"][h] if top is not None else rents[h]
        if self.regional():
            for c in self.conglomerates.get(o, []):
                if i in c:
                    top = max((j for j in c if self.kind(j) == "street"),
                              key=lambda j: self.board[j]["rent"][0])
                    return 2 * self.board[top]["rent"][0]
            return rents[0]
        members = self.group_members(self.group(i))
        if all(self.owner.get(j) == o for j in members):
            if self.s.get("double_rent_needs_unmortgaged_group", True):
                if not any(j in self.mortgaged for j in members):
                    return 2 * rents[0]
            else:
                return 2 * rents[0]
        return rents[0]

    def conglomerate_of(self, i):
        for cs in self.conglomerates.values():
            for c in cs:
                if i in c:
                    return c
        return None

    def top_of(self, i):
        c = self.conglomerate_of(i)
        if not c:
            return None
        return max((j for j in c if self.kind(j) == "street"),
                   key=lambda j: (self.board[j]["rent"][0], self.board[j]["rent"][5], self.board[j]["price"]))

    def house_cost(self, p, i):
        top = self.top_of(i)
        face = self.board[top if top is not None else i]["house_cost"]
        if self.regional():
            return self.pay_conv(self.player_rate(p), self.sq_rate(p, i), face)
        return face

    def form_conglomerate(self, p, squares, comment=None):
        idx = [self.sq(x) for x in squares]
        self.conglomerates.setdefault(p, []).append(idx)
        self.emit("%s forms conglomerate %s" % (p, ", ".join(self.qname(i) for i in idx)), comment)

    # ----- throwing --------------------------------------------------------------------
    def cost_of_landing(self, p, i, dice_total):
        """What landing on i could cost p at most, for the dice chooser."""
        k = self.kind(i)
        if self.is_property(i) and i in self.owner and self.owner[i] != p:
            o = self.owner[i]
            return self.pay_conv(self.player_rate(p) if self.regional() else 0,
                                 self.player_rate(o) if self.regional() else 0,
                                 self.rent(i, dice_total))
        if k == "tax":
            return self.board[i]["tax"]
        if k in ("chance", "community-chest"):
            return 200
        return 0

    def choose_dice(self, p, target=None, avoid=(), allow_double=True, cheap=True):
        start = self.pos[p]
        options = []
        for a in range(1, 7):
            for b in range(1, 7):
                options.append((a, b))
        if target is not None:
            t = self.sq(target)
            hits = [(a, b) for a, b in options if (start + a + b) % 40 == t
                    and (allow_double and self.doubles < 2 or a != b)]
            if hits:
                return self.rng.choice(hits)
        for _ in range(400):
            a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
            if a == b and (not allow_double or self.doubles >= 2):
                continue
            j = (start + a + b) % 40
            if self.kind(j) == "go-to-jail" or j in [self.sq(x) for x in avoid]:
                continue
            if self.avoid_owner and (self.owner.get(j) in self.avoid_owner
                                     or self.kind(j) in ("chance", "community-chest")):
                continue
            if self.kind(j) in ("chance", "community-chest") and not self.safe_cards(j, p):
                continue
            if cheap and self.cost_of_landing(p, j, a + b) > self.cash[p] - 20:
                continue
            return a, b
        raise Refused("no dice for %s at %d" % (p, start))

    def pack_of(self, i):
        return "chance" if self.kind(i) == "chance" else "community-chest"

    def safe_cards(self, i, p):
        pack = self.pack_of(i)
        cards = self.data["decks"][pack]["cards"]
        out = []
        for n, c in enumerate(cards):
            if n in self.drawn[pack] or c["action"] not in SAFE_CARD_ACTIONS:
                continue
            if c["action"] == "move-relative":
                j = (i + c["spaces"]) % 40
                if self.kind(j) != "street" and self.kind(j) != "tax":
                    continue
            if self.regional() and c["action"] in ("collect-from-each-player", "pay-each-player"):
                continue
            cost = c.get("amount", 0) if c["action"] == "pay-bank" else 0
            if c["action"] == "pay-each-player":
                cost = c["amount"] * (len(self.live()) - 1)
            if c["action"] == "collect-from-each-player" and any(
                    self.cash[q] < c["amount"] + 50 for q in self.live() if q != p):
                continue
            if c["action"] in ("advance-to", "move-back-to"):
                j = self.sq(c["target"])
                if self.is_property(j) and j in self.owner and self.owner[j] != p:
                    cost = self.rent(j, 7) * 2 + 100
            if cost > self.cash[p] - 60:
                continue
            out.append(n)
        return out

    def card_words(self, card):
        """The words a scorekeeper writes: the card's first clause when it is unique."""
        text = card["text"]
        short = text.split(":")[0].split(". ")[0].strip()
        if short != text:
            low = short.lower()
            hits = [c for pack in self.data["decks"].values() for c in pack["cards"]
                    if c["text"].lower().startswith(low)]
            if len(hits) == 1 and len(short.split()) >= 2:
                return short
        return text

    # ----- a turn ----------------------------------------------------------------------
    def roll(self, target=None, claim=True, comment=None, buy=None, dice=None, avoid=()):
        """One throw of the player to move and everything that follows it."""
        p = self.current
        a, b = dice if dice else self.choose_dice(p, target=target, avoid=avoid)
        start = self.pos[p]
        j = (start + a + b) % 40
        notes = []
        passed = start + a + b >= 40
        if passed:
            notes.append("past %s" % self.name(0) if j else "%s" % self.name(0))
        self.pos[p] = j
        what = self.name(j) if j else None
        if what:
            extra = ""
            if self.kind(j) == "jail":
                extra = ", just visiting"
            elif self.owner.get(j) == p:
                extra = ", already %s" % p + "'s"
            elif j in self.mortgaged:
                extra = ", mortgaged: no rent"
            notes.append(what + extra)
        self.emit("%s %s %d %d" % (p, self.rng.choice(["rolls", "rolls", "rolls", "throws"]), a, b),
                  comment if comment else (" to ".join(notes) if notes else None))
        if passed:
            self.cash[p] += self.s["salary"]
        self.land(p, j, a + b, claim=claim, buy=buy)
        if a == b and not self.over and p not in self.out:
            self.doubles += 1
            return True
        if p not in self.out:
            self.next_player()
        return False

    def turn(self, **kw):
        """A whole turn: throws again after doubles."""
        again = self.roll(**kw)
        while again and not self.over:
            again = self.roll()

    def land(self, p, j, total, claim=True, buy=None):
        k = self.kind(j)
        if self.is_property(j):
            if j not in self.owner:
                self.offer_purchase(p, j, buy)
            elif self.owner[j] != p:
                o = self.owner[j]
                r = self.rent(j, total)
                if r == 0:
                    return
                if not claim:
                    self.unclaimed.append((self.moves, o, p, j))
                    return
                pay = self.pay_conv(self.player_rate(p) if self.regional() else 0,
                                    self.player_rate(o) if self.regional() else 0, r)
                self.cash[p] -= pay
                self.cash[o] += r
                self.emit("%s claims rent" % o, "%s%s %s" % (self.cur, r, self.rent_note(j, pay, r)),
                          gap=self.rng.randint(3, 7))
        elif k == "tax":
            t = self.board[j]["tax"]
            if self.board[j].get("tax_percent"):
                self.emit("%s pays tax flat" % p, "%s%d" % (self.cur, t))
            self.cash[p] -= t
        elif k in ("chance", "community-chest"):
            self.draw(p, j)

    def rent_note(self, j, pay, r):
        h = self.houses.get(j, 0)
        s = "for " + self.name(j)
        if h == 5:
            s += " with a " + self.data["words"]["hotel"]
        elif h:
            s += " with %d %s" % (h, self.data["words"]["houses" if h > 1 else "house"])
        if self.regional() and pay != r:
            s += ", paid %s%d in the lander's money" % (self.cur, pay)
        return s

    def offer_purchase(self, p, j, buy=None):
        price = self.board[j]["price"]
        cost = self.pay_conv(self.player_rate(p), self.sq_rate(p, j), price) if self.regional() else price
        reserve = self.reserve.get(p, 250)
        if self.group(j) and self.group(j) == self.dream.get(p):
            reserve = 100
        want = buy if buy is not None else (self.cash[p] - cost >= reserve and self.rng.random() < 0.93)
        if want:
            self.cash[p] -= cost
            self.owner[j] = p
            self.emit(self.rng.choice(["%s buys" % p, "%s buys" % p, "%s buys %s" % (p, self.qname(j))]),
                      "%s%d" % (self.cur, cost), gap=self.rng.randint(2, 6))
            return
        self.emit("%s declines" % p, gap=self.rng.randint(2, 9) if self.clock is None else 4)
        if not self.s.get("auctions", True):
            return
        self.auction(p, j)

    def auction(self, p, j):
        price = self.board[j]["price"]
        live = self.live()
        bidders = [q for q in live if self.cash[q] > price // 2 + 200]
        comp = self.clock is not None
        bid = 0
        winner = None
        if bidders:
            step = 10
            bid = max(10, (price + 1) // 2) if comp else self.rng.choice([10, 20, 50, price // 2])
            rounds = self.rng.randint(1, 4)
            order = bidders[:]
            self.rng.shuffle(order)
            n = 0
            for r in range(rounds):
                for q in order:
                    if bid > self.cash[q] - 150:
                        continue
                    if winner == q:
                        continue
                    self.emit("%s bids %d" % (q, bid), gap=self.rng.randint(2, 6))
                    winner = q
                    n += 1
                    bid += step if comp else self.rng.choice([10, 10, 20, 30])
                    if n >= 4:
                        break
                if n >= 4:
                    break
        if winner:
            bid_paid = [int(x.split()[2]) for x in self.lines if x.split() and False] or None
            # the last bid written is the price paid
            last = self.lines[-1]
            words = last.split("#")[0].split()
            paid = int(words[-1])
            for q in live:
                if q != winner:
                    self.emit("%s passes" % q, gap=self.rng.randint(1, 3) if comp else None)
            self.lines[-1] = self.lines[-1].ljust(38) + " # to %s for %s%d" % (winner, self.cur, paid)
            self.cash[winner] -= paid
            self.owner[j] = winner
        else:
            for q in live:
                self.emit("%s passes" % q, gap=self.rng.randint(2, 5))
            self.lines[-1] = self.lines[-1].ljust(38) + " # no bid: %s stays with the Bank" % self.name(j)

    def draw(self, p, j):
        pack = self.pack_of(j)
        cards = self.data["decks"][pack]["cards"]
        n = self.rng.choice(self.safe_cards(j, p))
        self.drawn[pack].add(n)
        c = cards[n]
        self.emit('%s draws "%s"' % (p, self.card_words(c)), gap=self.rng.randint(3, 6))
        act = c["action"]
        reg_rate = self.sq_rate(p, j)
        if act == "collect-from-bank":
            self.cash[p] += self.bank_pays(p, reg_rate, c["amount"])
        elif act == "pay-bank":
            self.cash[p] -= self.pay_conv(self.player_rate(p) if self.regional() else 0, reg_rate, c["amount"])
        elif act == "collect-from-each-player":
            for q in self.live():
                if q != p:
                    self.cash[q] -= c["amount"]
                    self.cash[p] += c["amount"]
        elif act == "pay-each-player":
            for q in self.live():
                if q != p:
                    self.cash[q] += c["amount"]
                    self.cash[p] -= c["amount"]
        elif act in ("advance-to", "move-back-to"):
            t = self.sq(c["target"])
            if act == "advance-to" and t <= j:
                self.cash[p] += self.s["salary"]
            self.pos[p] = t
            self.land(p, t, 7)
        elif act == "move-relative":
            t = (j + c["spaces"]) % 40
            self.pos[p] = t
            self.land(p, t, 7)

    # ----- dealings --------------------------------------------------------------------
    def deal(self, p, squares, paid=True):
        idx = [self.sq(s) for s in squares]
        for i in idx:
            self.owner[i] = p
            if paid:
                self.cash[p] -= self.board[i]["price"]
        self.emit("Referee deals %s: %s" % (p, ", ".join(self.qname(i) for i in idx)),
                  ("%s%d in all" % (self.cur, sum(self.board[i]["price"] for i in idx))) if paid else "free")

    def offer(self, a, b, give=(), get=(), give_cash=0, get_cash=0, accept=True, comment=None,
              answer_comment=None):
        give = [self.sq(x) for x in give]
        get = [self.sq(x) for x in get]

        def side(props, cash):
            items = [self.qname(i) for i in props]
            if cash:
                items.append(str(cash))
            return ", ".join(items) if items else "nothing"
        self.emit("%s offers %s: %s for %s" % (a, b, side(give, give_cash), side(get, get_cash)),
                  comment)
        if not accept:
            self.emit("%s %s" % (b, self.rng.choice(["rejects", "declines"])), answer_comment)
            return
        # cash at the rates before the deeds move
        if give_cash:
            self.cash[a] -= self.pay_conv(self.player_rate(a), self.player_rate(b), give_cash) \
                if self.regional() else give_cash
            self.cash[b] += give_cash
        if get_cash:
            self.cash[b] -= self.pay_conv(self.player_rate(b), self.player_rate(a), get_cash) \
                if self.regional() else get_cash
            self.cash[a] += get_cash
        interest = []
        for i in give:
            self.transfer(i, b, interest)
        for i in get:
            self.transfer(i, a, interest)
        self.emit("%s accepts" % b, answer_comment)

    def interest(self, i):
        pct = self.s.get("mortgage_interest_percent", 10)
        return math.ceil(self.board[i]["mortgage"] * pct / 100 - 1e-9)

    def transfer(self, i, to, notes=None):
        self.owner[i] = to
        for p, cs in self.conglomerates.items():
            self.conglomerates[p] = [c for c in cs if i not in c]
        if i in self.mortgaged:
            fee = self.interest(i)
            if fee:
                self.cash[to] -= self.pay_conv(self.player_rate(to), self.sq_rate(to, i), fee) \
                    if self.regional() else fee

    def mortgage(self, p, squares, comment=None):
        idx = [self.sq(s) for s in squares]
        got = 0
        for i in idx:
            assert self.owner[i] == p and i not in self.mortgaged and not self.houses.get(i)
            v = self.bank_pays(p, self.sq_rate(p, i), self.board[i]["mortgage"])
            self.cash[p] += v
            got += v
            self.mortgaged.add(i)
        names = [self.qname(i) for i in idx]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        self.emit("%s mortgages %s" % (p, joined), comment or "%s%d" % (self.cur, got),
                  count=len(idx))

    def unmortgage(self, p, square, comment=None):
        i = self.sq(square)
        m = self.board[i]["mortgage"]
        if self.s.get("mortgage", {}).get("lift_at_list_price"):
            cost = self.board[i]["price"]
        else:
            cost = m + self.interest(i)
        cost = self.pay_conv(self.player_rate(p), self.sq_rate(p, i), cost) if self.regional() else cost
        self.cash[p] -= cost
        self.mortgaged.discard(i)
        self.emit("%s unmortgages %s" % (p, self.qname(i)), comment or "%s%d" % (self.cur, cost))

    def build(self, p, squares, count=1, comment=None):
        idx = [self.sq(s) for s in squares]
        cost = 0
        for i in idx:
            self.houses[i] = self.houses.get(i, 0) + count
            cost += self.house_cost(p, i) * count
        self.cash[p] -= cost
        word = self.data["words"]["houses" if count > 1 or len(idx) > 1 else "house"]
        if len(idx) == 1:
            what = ("%d %s" % (count, word)) if count > 1 else "a " + word
            self.emit("%s builds %s on %s" % (p, what, self.qname(idx[0])), comment or "%s%d" % (self.cur, cost))
        else:
            what = ("%d %s" % (count, word)) if count > 1 else word
            self.emit("%s builds %s on %s" % (p, what, ", ".join(self.qname(i) for i in idx)),
                      comment or "%s%d" % (self.cur, cost), count=len(idx))

    def award(self, p, amount, payer=None, reason=None, comment=None):
        line = "Referee awards %s %d" % (p, amount)
        if payer:
            line += " from %s" % payer
            self.cash[payer] -= amount
        self.cash[p] += amount
        if reason:
            line += ' for "%s"' % reason
        return self.emit(line, comment)

    def mistyped_roll_taken_back(self, reason=None):
        """The scorekeeper types the wrong dice; the referee takes the line back."""
        p = self.current
        start = self.pos[p]
        for _ in range(200):
            a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
            j = (start + a + b) % 40
            if a != b and self.kind(j) in ("free-parking", "jail") or (
                    a != b and self.is_property(j) and j not in self.owner):
                break
        self.emit("%s rolls %d %d" % (p, a, b), "the scorekeeper misheard the dice")
        self.emit('Referee takes back 1 for "%s"' % (reason or "mistyped dice"))
        self.moves -= 0

    def call_time(self, comment=None):
        self.emit("Referee calls time", comment)
        self.over = True

    def bankrupt(self, p, creditor=None, comment=None):
        self.emit("%s declares bankruptcy" % p, comment)
        if creditor:
            if self.regional():
                # the bankrupt's cash reaches the creditor at its worth in his currency
                spread = self.player_rate(creditor) - self.player_rate(p)
                self.cash[creditor] += math.floor(self.cash[p] * self.pct(spread) / 100 + 1e-9)
            else:
                self.cash[creditor] += self.cash[p]
            props = self.props_of(p)
            for i in props:
                h = self.houses.pop(i, 0)
                if h:
                    self.cash[creditor] += (h * self.board[i]["house_cost"]) // 2
                self.owner[i] = creditor
                for q, cs in self.conglomerates.items():
                    self.conglomerates[q] = [c for c in cs if i not in c]
            self.out.add(p)
            for i in props:
                if i in self.mortgaged:
                    fee = self.interest(i)
                    self.cash[creditor] -= self.pay_conv(self.player_rate(creditor), self.sq_rate(creditor, i), fee) \
                        if self.regional() else fee
        else:
            self.out.add(p)
            for i in self.props_of(p):
                del self.owner[i]
                self.mortgaged.discard(i)
                self.houses.pop(i, None)
        self.cash[p] = 0

    def worth(self, p):
        """The short game's valuation: cash, deeds at their price (mortgaged at half), buildings
        at cost."""
        total = self.cash[p]
        for i in self.props_of(p):
            price = self.board[i]["price"]
            total += price // 2 if i in self.mortgaged else price
            h = self.houses.get(i, 0)
            total += h * self.board[i].get("house_cost", 0)
        return total

    def report(self):
        out = []
        for p in self.players:
            out.append("%s %s%d at %s%s" % (p, self.cur, self.cash[p], self.name(self.pos[p]),
                                            " (out)" if p in self.out else ""))
        return "; ".join(out)
