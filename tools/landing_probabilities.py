#!/usr/bin/env python3
"""Long-run landing probabilities for the US standard board, as an exact Markov chain.

Built the way Truman Collins built the published tables ("Probabilities in the Game of
Monopoly"): the state is the square, how many doubles have been thrown so far this turn and,
for the long stay, the turn in jail; a Chance or Community Chest draw is uniform over the 16
cards of its pack (the long-run frequency of a pack that cycles, with both Get Out of Jail
Free cards in it). Two jail strategies:

  short  leave Jail at once (pay, or use a card) at the start of the next turn, then throw
         as any turn (doubles throw again);
  long   stay: throw for doubles; doubles leave, moving by the throw, without another throw;
         the third failed throw pays the fine and moves by that throw.

Two ways to count (the script prints both):

  per throw  where a token ends after each throw and everything the throw causes (cards,
             Go to Jail, three doubles): what `referee stats` counts (its `share`);
  per turn   where a token ends its turn (only the throws that end a turn).

The published tables count per throw: in jail 9.39% and just visiting 2.14% (long stay) are
per-throw figures; per turn they would be 10.94% and 2.08%.

A real game departs from the published model in one way that matters: a Get Out of Jail Free
card drawn is kept, and its pack has 15 cards until the card is played. --chance-held,
--chest-held and --card-third-turn give the chain those shares (docs/landing-frequencies.md).

Python 3 standard library only. Usage:

  python3 tools/landing_probabilities.py            both strategies, both counts
  python3 tools/landing_probabilities.py --long     long stay only
  python3 tools/landing_probabilities.py --short    short stay only
  python3 tools/landing_probabilities.py --long --cpp
        the per-throw table for the long stay as C++ data (tests/programs/landing_test.cpp): the
        probability, the asymptotic variance of the landing count per throw (the binomial
        p(1-p) corrected for the serial correlation of a token's throws), the first-order
        change per unit share of draws from a 15-card pack (each pack) and of third jail turns
        begun with a card, the error of that first-order correction, and the chi-square's
        distribution
  python3 tools/landing_probabilities.py --long --compare stats.json [--journal sims.db]
        `referee --json stats` output against the table; with the journal the stats came
        from, also against the chain corrected for the jail cards held in those games
"""
import argparse
import math
import sys

N = 40
JAIL = 10
GO_TO_JAIL = 30
CHANCE = (7, 22, 36)
CHEST = (2, 17, 33)
RAILROADS = (5, 15, 25, 35)
UTILITIES = (12, 28)

NAMES = [
    "GO", "Mediterranean Avenue", "Community Chest", "Baltic Avenue", "Income Tax",
    "Reading Railroad", "Oriental Avenue", "Chance", "Vermont Avenue", "Connecticut Avenue",
    "Jail", "St. Charles Place", "Electric Company", "States Avenue", "Virginia Avenue",
    "Pennsylvania Railroad", "St. James Place", "Community Chest", "Tennessee Avenue",
    "New York Avenue", "Free Parking", "Kentucky Avenue", "Chance", "Indiana Avenue",
    "Illinois Avenue", "B. & O. Railroad", "Atlantic Avenue", "Ventnor Avenue", "Water Works",
    "Marvin Gardens", "Go to Jail", "Pacific Avenue", "North Carolina Avenue", "Community Chest",
    "Pennsylvania Avenue", "Short Line", "Chance", "Park Place", "Luxury Tax", "Boardwalk",
]

IN_JAIL = "in-jail"  # where a token is after being sent to jail


def nearest(sq, kinds):
    for k in range(1, N + 1):
        if (sq + k) % N in kinds:
            return (sq + k) % N
    raise ValueError(sq)


def resolve(sq, q_chance=1 / 16, q_chest=1 / 16):
    """Where a token that arrives on sq ends up: [(probability, square or IN_JAIL)].
    q_chance, q_chest: the probability of each particular card (1/16; 1/15 while a Get Out of
    Jail Free card is held out of its pack)."""
    if sq == GO_TO_JAIL:
        return [(1.0, IN_JAIL)]
    if sq in CHANCE:
        # Movement cards of the US Atlantic City pack (src/rules/data/us-standard.json); the
        # other 6 (dividend, Get Out of Jail Free, repairs, poor tax, chairman, building loan)
        # leave the token where it is.
        moves = [0, 24, 11, nearest(sq, UTILITIES), nearest(sq, RAILROADS), nearest(sq, RAILROADS), 5, 39]
        out = [(q_chance, m) for m in moves]
        out.append((q_chance, IN_JAIL))
        out += [(q_chance * p, t) for p, t in resolve(sq - 3, q_chance, q_chest)]  # back three
        out.append((1 - 10 * q_chance, sq))
        return out
    if sq in CHEST:
        return [(q_chest, 0), (q_chest, IN_JAIL), (1 - 2 * q_chest, sq)]
    return [(1.0, sq)]


DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def build_chain(strategy, chance_held=0.0, chest_held=0.0, card_third_turn=0.0):
    """States: (square, doubles so far this turn) for square != 30, plus ('J', turns failed).
    Returns the states and, for each, its successors [(probability, state index, ends turn)].

    The published model is the default. The others describe a real game: chance_held and
    chest_held are the shares of draws made while that pack's Get Out of Jail Free card is held
    by a player (15 cards, not 16); card_third_turn is the share of third turns in jail (long
    stay) begun by playing a held card, after which doubles throw again as in any turn."""
    q_chance = (1 - chance_held) / 16 + chance_held / 15
    q_chest = (1 - chest_held) / 16 + chest_held / 15
    states = [(sq, d) for sq in range(N) if sq != GO_TO_JAIL for d in range(3)]
    jail_turns = 3 if strategy == "long" else 1
    states += [("J", j) for j in range(jail_turns)]
    index = {s: i for i, s in enumerate(states)}

    def land(after, doubles_run):
        """Successor states of a token arriving on 'after' with doubles_run doubles so far
        (None: the turn ends with this throw)."""
        out = []
        for p, t in resolve(after % N, q_chance, q_chest):
            if t == IN_JAIL:
                out.append((p, index[("J", 0)], True))
            elif doubles_run is None:
                out.append((p, index[(t, 0)], True))
            else:
                out.append((p, index[(t, doubles_run)], doubles_run == 0))
        return out

    def ordinary_throw(sq, d):
        succ = []
        for a, b in DICE:
            if a == b and d == 2:
                succ.append((1 / 36, index[("J", 0)], True))  # third double: to jail, no move
            else:
                succ += [(p / 36, t, e) for p, t, e in land(sq + a + b, d + 1 if a == b else 0)]
        return succ

    transitions = []
    for s in states:
        if s[0] != "J":
            transitions.append(ordinary_throw(*s))
        elif strategy == "short":
            transitions.append(ordinary_throw(JAIL, 0))  # pays at once, then throws as any turn
        else:
            j = s[1]
            succ = []
            for a, b in DICE:
                if a == b and j == 2 and card_third_turn:
                    succ += [(card_third_turn * p / 36, t, e) for p, t, e in land(JAIL + a + b, 1)]
                    succ += [((1 - card_third_turn) * p / 36, t, e) for p, t, e in land(JAIL + a + b, None)]
                elif a == b:
                    succ += [(p / 36, t, e) for p, t, e in land(JAIL + a + b, None)]
                elif j == 2:
                    succ += [(p / 36, t, e) for p, t, e in land(JAIL + a + b, None)]  # fine, then moves
                else:
                    succ.append((1 / 36, index[("J", j + 1)], True))
            transitions.append(succ)
    for succ in transitions:
        assert abs(sum(p for p, _, _ in succ) - 1) < 1e-12
    return states, transitions


def stationary(transitions):
    n = len(transitions)
    pi = [1.0 / n] * n
    for _ in range(100000):
        nxt = [0.0] * n
        for i, succ in enumerate(transitions):
            w = pi[i]
            if w:
                for p, t, _ in succ:
                    nxt[t] += w * p
        # Damped (lazy) step: the same fixed point, and no oscillation.
        nxt = [(a + b) / 2 for a, b in zip(pi, nxt)]
        if max(abs(a - b) for a, b in zip(pi, nxt)) < 1e-16:
            return nxt
        pi = nxt
    raise RuntimeError("no convergence")


def category(state):
    """What `referee stats` reports a landing as: a square number, or 'jail' (in jail)."""
    return "jail" if state[0] == "J" else state[0]


CATEGORIES = [sq for sq in range(N) if sq != GO_TO_JAIL] + ["jail"]  # square 10 here is just visiting


def label(c):
    return "In Jail" if c == "jail" else ("Just Visiting" if c == JAIL else NAMES[c])


def per_throw(states, pi):
    out = {c: 0.0 for c in CATEGORIES}
    for s, w in zip(states, pi):
        out[category(s)] += w
    return out


def per_turn(states, transitions, pi):
    """Share of turns ending on each square: the probability flow into turn-ending states."""
    out = {c: 0.0 for c in CATEGORIES}
    for i, succ in enumerate(transitions):
        for p, t, ends in succ:
            if ends:
                out[category(states[t])] += pi[i] * p
    total = sum(out.values())
    return {c: v / total for c, v in out.items()}, total


def solve(matrix, rhs_columns):
    """Gaussian elimination with partial pivoting: matrix X = each right-hand side."""
    n = len(matrix)
    a = [row[:] + [col[i] for col in rhs_columns] for i, row in enumerate(matrix)]
    m = len(rhs_columns)
    for k in range(n):
        piv = max(range(k, n), key=lambda r: abs(a[r][k]))
        a[k], a[piv] = a[piv], a[k]
        inv = 1.0 / a[k][k]
        rowk = a[k]
        for r in range(k + 1, n):
            f = a[r][k] * inv
            if f:
                row = a[r]
                for c in range(k, n + m):
                    row[c] -= f * rowk[c]
    x = [[0.0] * n for _ in range(m)]
    for j in range(m):
        for i in range(n - 1, -1, -1):
            s = a[i][n + j] - sum(a[i][c] * x[j][c] for c in range(i + 1, n))
            x[j][i] = s / a[i][i]
    return x


def asymptotic_covariance(states, transitions, pi):
    """The covariance matrix of the landing counts per throw over a long run of one token:
    Sigma_cd = <f_c, h_d> + <f_d, h_c> - <f_c, f_d> (inner products weighted by pi), where f_c
    is the centred indicator of category c and h_c = sum_k P^k f_c solves (I - P + 1 pi) h = f_c.
    The diagonal is the variance a binomial p(1-p) would be if throws were independent."""
    n = len(states)
    m = [[0.0] * n for _ in range(n)]
    for i, succ in enumerate(transitions):
        m[i][i] += 1.0
        for p, t, _ in succ:
            m[i][t] -= p
        for j in range(n):
            m[i][j] += pi[j]
    probs = per_throw(states, pi)
    f = [[(1.0 if category(s) == c else 0.0) - probs[c] for s in states] for c in CATEGORIES]
    h = solve(m, f)
    k = len(CATEGORIES)
    inner = lambda u, v: sum(w * a * b for w, a, b in zip(pi, u, v))
    fh = [[inner(f[c], h[d]) for d in range(k)] for c in range(k)]
    return [[fh[c][d] + fh[d][c] - inner(f[c], f[d]) for d in range(k)] for c in range(k)]


def table(strategy, **model):
    states, transitions = build_chain(strategy, **model)
    pi = stationary(transitions)
    throw = per_throw(states, pi)
    turn, turn_ends_per_throw = per_turn(states, transitions, pi)
    return states, transitions, pi, throw, turn, turn_ends_per_throw


def print_tables(strategy, **model):
    _, _, _, throw, turn, ends = table(strategy, **model)
    title = "long stay in jail (throw for doubles until the third turn)" if strategy == "long" else \
        "short stay in jail (leave at once by paying)"
    print(f"== {title} ==")
    if any(model.values()):
        print("   model: " + ", ".join(f"{k} {v}" for k, v in model.items()))
    print(f"   throws per turn {1 / ends:.6f}")
    print(f"   {'square':<26} {'per throw %':>12} {'per turn %':>11}")
    rows = []
    for c in CATEGORIES:
        sq = JAIL if c == "jail" else c
        print(f"{sq:>2} {label(c):<26} {100 * throw[c]:>12.4f} {100 * turn[c]:>11.4f}")
        if c != "jail":
            rows.append((throw[c], label(c)))
    rows.sort(reverse=True)
    print("   most landed on (per throw, jail aside): " + ", ".join(f"{n} {100 * p:.2f}%" for p, n in rows[:5]))
    print()


MODEL_TERMS = ("chance_held", "chest_held", "card_third_turn")


def print_cpp(strategy):
    """The test's data: the published (16-card) probability per throw, its asymptotic variance,
    the first-order change for each way a real game departs from the published model (a share of
    draws from a 15-card pack, a share of third jail turns begun with a card), and the largest
    error of that first-order reference anywhere in the unit cube of the three shares."""
    states, transitions, pi, base, _, _ = table(strategy)
    cov = asymptotic_covariance(states, transitions, pi)
    slopes = {}
    for term in MODEL_TERMS:
        slopes[term] = table(strategy, **{term: 1.0})[3]
    grid = [0.0, 0.25, 0.5, 0.75, 1.0]
    worst = {c: 0.0 for c in CATEGORIES}
    for a in grid:
        for b in grid:
            for t in (grid if strategy == "long" else [0.0]):
                exact = table(strategy, chance_held=a, chest_held=b, card_third_turn=t)[3]
                for c in CATEGORIES:
                    linear = base[c] + a * (slopes["chance_held"][c] - base[c]) + \
                        b * (slopes["chest_held"][c] - base[c]) + t * (slopes["card_third_turn"][c] - base[c])
                    worst[c] = max(worst[c], abs(exact[c] - linear))
    k = len(CATEGORIES)
    corr = [[cov[c][d] / math.sqrt(cov[c][c] * cov[d][d]) for d in range(k)] for c in range(k)]
    mean = sum(corr[c][c] for c in range(k))
    var = 2 * sum(corr[c][d] ** 2 for c in range(k) for d in range(k))
    print(f"// python3 tools/landing_probabilities.py --{strategy} --cpp")
    print(f"// {strategy} stay, per throw. The chi-square sum over the {k} categories of (O - E)^2 / (n variance)")
    a, nu = var / (2 * mean), 2 * mean * mean / var
    z = 3.7190  # one-sided standard normal quantile for 1e-4; Wilson-Hilferty for the chi-square's
    threshold = a * nu * (1 - 2 / (9 * nu) + z * math.sqrt(2 / (9 * nu))) ** 3
    print(f"// has mean {mean:.4f} and variance {var:.4f}: about {a:.4f} times a chi-square with "
          f"{nu:.2f} degrees of freedom,")
    print(f"// which exceeds {threshold:.1f} with probability 1e-4 (Wilson-Hilferty).")
    print("// {name, square, in jail, published probability, variance per throw, binomial p(1-p),")
    print("//  change per unit share: chance_held, chest_held, card_third_turn; linearisation error}")
    for i, c in enumerate(CATEGORIES):
        sq = JAIL if c == "jail" else c
        d = [slopes[t][c] - base[c] for t in MODEL_TERMS]
        print(f"    {{\"{label(c)}\", {sq}, {'true' if c == 'jail' else 'false'}, {base[c]:.10f}, {cov[i][i]:.10f}, "
              f"{base[c] * (1 - base[c]):.10f}, {d[0]:+.10f}, {d[1]:+.10f}, {d[2]:+.10f}, {worst[c]:.2e}}},")


def held_shares(journal_path):
    """From a deedlog journal: the share of Chance and of Community Chest draws made while that
    pack's Get Out of Jail Free card was held by a player, and the share of third turns in jail
    begun by playing a card (the long stay's bots do; see docs/landing-frequencies.md)."""
    import json
    import sqlite3
    db = sqlite3.connect(f"file:{journal_path}?mode=ro", uri=True)
    draws, held_draws = [0, 0], [0, 0]
    third_turns = third_turn_cards = 0
    game = None
    for game_id, kind, payload in db.execute(
            "select game_id, type, payload from events where type in ('CardDrawn', 'JailCardKept', "
            "'JailCardReturned', 'JailCardAssigned', 'SentToJail', 'JailTurnFailed', 'LeftJail', 'DiceThrown') "
            "order by game_id, seq"):
        if game_id != game:
            game, held, in_jail, jail_turns = game_id, [False, False], {}, {}
        e = json.loads(payload)
        p, deck = e.get("player", 0), e.get("deck", 0)
        if kind == "CardDrawn":
            draws[deck] += 1
            held_draws[deck] += held[deck]
        elif kind in ("JailCardKept", "JailCardAssigned"):
            held[deck] = True
        elif kind == "JailCardReturned":
            held[deck] = False
        elif kind == "SentToJail":
            in_jail[p], jail_turns[p] = True, 0
        elif kind == "JailTurnFailed":
            jail_turns[p] = e.get("count", 0)
        elif kind == "LeftJail":
            if e.get("count", 0) == 2 and jail_turns.get(p) == 2:  # JailExit::Card on the third turn
                third_turns += 1
                third_turn_cards += 1
            in_jail[p] = False
        elif kind == "DiceThrown" and in_jail.get(p) and jail_turns.get(p) == 2:
            third_turns += 1
    share = lambda a, b: a / b if b else 0.0
    return share(held_draws[0], draws[0]), share(held_draws[1], draws[1]), share(third_turn_cards, third_turns)


def compare(strategy, stats_path, journal_path):
    """Measured shares (`referee --json stats`) against the published table and, given the journal,
    against the chain corrected for the Get Out of Jail Free cards held in those games."""
    import json
    with open(stats_path) as f:
        stats = json.load(f)
    n = stats["throws"]
    measured = {}
    for sq in stats["squares"]:
        i = sq["index"]
        if i == JAIL:
            measured[JAIL] = sq["just_visiting"] / n
            measured["jail"] = sq["in_jail"] / n
        elif i != GO_TO_JAIL:
            measured[i] = sq["landings"] / n
    states, transitions, pi, base, _, _ = table(strategy)
    model = {}
    if journal_path:
        ch, cc, card = held_shares(journal_path)
        model = dict(chance_held=ch, chest_held=cc, card_third_turn=card if strategy == "long" else 0.0)
        states, transitions, pi, corrected, _, _ = table(strategy, **model)
    cov = asymptotic_covariance(states, transitions, pi)
    print(f"{stats['games']} games, n = {n} throws, {strategy} stay")
    if model:
        print("held Get Out of Jail Free cards: " + ", ".join(f"{k} {v:.4f}" for k, v in model.items()))
    print(f"{'':>2} {'square':<22} {'published':>10} {'corrected':>10} {'measured':>10} {'z pub':>7} {'z corr':>7}")
    chi_pub = chi_corr = 0.0
    worst = (0.0, None)
    for i, c in enumerate(CATEGORIES):
        se = math.sqrt(cov[i][i] / n)
        z_pub = (measured[c] - base[c]) / se
        chi_pub += z_pub ** 2
        z_corr = (measured[c] - corrected[c]) / se if model else float("nan")
        chi_corr += z_corr ** 2 if model else 0.0
        z = z_corr if model else z_pub
        if abs(z) > abs(worst[0]):
            worst = (z, c)
        sq = JAIL if c == "jail" else c
        print(f"{sq:>2} {label(c):<22} {100 * base[c]:>9.4f}% "
              f"{(f'{100 * corrected[c]:>9.4f}%') if model else '':>10} {100 * measured[c]:>9.4f}% "
              f"{z_pub:>+7.2f} {(f'{z_corr:>+7.2f}') if model else '':>7}")
    print(f"chi-square over {len(CATEGORIES)} categories (variance-weighted): against the published table "
          f"{chi_pub:.1f}" + (f", against the corrected chain {chi_corr:.1f}" if model else ""))
    print(f"largest deviation: {worst[0]:+.2f} standard errors ({label(worst[1])})")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--long", action="store_true", help="long stay only")
    ap.add_argument("--short", action="store_true", help="short stay only")
    ap.add_argument("--cpp", action="store_true", help="the per-throw table and its corrections as C++ data for the test")
    ap.add_argument("--chance-held", type=float, default=0.0, metavar="F",
                    help="share of Chance draws made while its Get Out of Jail Free card is held (15 cards)")
    ap.add_argument("--chest-held", type=float, default=0.0, metavar="F",
                    help="the same for Community Chest")
    ap.add_argument("--card-third-turn", type=float, default=0.0, metavar="F",
                    help="long stay: share of third turns in jail begun by playing a card (doubles then throw again)")
    ap.add_argument("--compare", metavar="STATS.json",
                    help="compare `referee --json stats` output with the table (give --long or --short)")
    ap.add_argument("--journal", metavar="FILE.db",
                    help="with --compare: the journal the stats came from, to correct for held jail cards")
    args = ap.parse_args(argv)
    if args.compare:
        if args.long == args.short:
            ap.error("--compare needs --long or --short")
        compare("long" if args.long else "short", args.compare, args.journal)
        return
    strategies = [s for s, on in (("short", args.short), ("long", args.long)) if on] or ["short", "long"]
    for s in strategies:
        if args.cpp:
            print_cpp(s)
        else:
            print_tables(s, chance_held=args.chance_held, chest_held=args.chest_held,
                         card_third_turn=args.card_third_turn if s == "long" else 0.0)


if __name__ == "__main__":
    main(sys.argv[1:])
