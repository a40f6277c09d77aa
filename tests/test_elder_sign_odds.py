"""Elder Sign adventure odds under optimal play (mythlab.elder_sign.odds).

Rules under test are the Elder Sign rulebook's, Greek edition, pp. 5-11: "Επίλυση
Περιπέτειας" (one task per roll, used dice are spent, a failed roll sets one die aside and
rerolls the rest), "Σειρά των Εργασιών" (an arrow: rows in order), "Συγκέντρωση και Βοήθεια"
(focus: one die on the marker), "Χρήση Αντικειμένων & Ξορκιών" (spells hold a die;
yellow/red dice), "Χρήση Στοιχείων" (clues reroll chosen dice), and the terror effects of the
adventure list. Exactness is checked against the table of the published optimal solver
(github.com/englishcatfish/ElderSign, BSD-3), against an independent brute force over
ordered rolls written here, and by Monte Carlo.
"""

from __future__ import annotations

import csv
import hashlib
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from pathlib import Path

import pytest

from mythlab import DataError
from mythlab.elder_sign import (
    SCENARIOS,
    AdventureOdds,
    Situation,
    adventure,
    adventure_odds,
    adventures,
    load_adventures,
    odds_table,
)
from mythlab.elder_sign.dice import (
    elder_sign_dice,
    outcomes,
    parse_pool,
    parse_task,
    roll_probability,
)
from mythlab.engine.datafiles import game_data

# The 56 cards' names, task rows and terror effects as checked against the public adventure
# table (data/elder_sign/SOURCES.md names it) when they were entered: a digest, so an
# accidental edit of data/elder_sign/adventures.csv is caught without reading any outside file.
ADVENTURES_DIGEST = "c438a3a0f640a1ae4032e5a4a90cd25471916084d4f25fba994e2a1b7e13eaff"

# the published optimal solver's table: github.com/englishcatfish/ElderSign README (BSD-3),
# card PERIL,PERIL > LORE,LORE, FAQ wildcard; rows (focus, spell), columns SCENARIOS
PUBLISHED = {
    (0, 0): "2.252997 7.413286 17.246428 25.475103 42.755001 60.696999",
    (0, 1): "6.331679 18.872911 37.635907 50.038759 70.198097 84.727274",
    (1, 0): "3.772202 14.146246 31.917385 43.825856 65.468503 81.710824",
    (1, 1): "7.564600 25.074904 49.635519 62.693259 82.712372 93.588553",
}


# --- independent brute force ----------------------------------------------------------------
# Written from the rules, not from the module: ordered rolls (itertools.product), dice as a
# list, every subset of dice tried for every row, raw held faces (no canonical forms).

WILD = {"seed": ({"LORE", "PERIL", "TERROR"}, 1), "faq": ({"LORE", "PERIL", "TERROR"}, 4)}
DICE = {d.name: [f for f, _ in d.faces] for d in elder_sign_dice()}
KINDS = ("green", "yellow", "red")


def reads(face: str, wild: str) -> tuple[set[str], int]:
    if face == "WILD":
        return WILD[wild]
    if face.startswith("INV_"):
        return set(), int(face[4:])
    return {face}, 0


def meets(req: tuple[str, ...], group: list[str], wild: str) -> bool:
    """Whether a group of faces meets a requirement (an either-or of options)."""
    for option in req:
        if option.startswith("INV_"):
            if group and sum(reads(f, wild)[1] for f in group) >= int(option[4:]):
                return True
        elif len(group) == 1 and option in reads(group[0], wild)[0]:
            return True
    return False


def minimal_fit(row: list[tuple[str, ...]], faces: list[str], wild: str) -> bool:
    """Every die serves one requirement; each requirement's dice meet one of its options
    and none of them is spare for that option."""
    for owner in product(range(len(row)), repeat=len(faces)):
        groups = [[f for f, o in zip(faces, owner, strict=True) if o == r]
                  for r in range(len(row))]
        if all(any(meets((o,), g, wild) and all(not meets((o,), g[:i] + g[i + 1:], wild)
                                                for i in range(len(g))) for o in q)
               for q, g in zip(row, groups, strict=True)):
            return True
    return False


def serves(face: str, rows: list[list[tuple[str, ...]]], wild: str) -> bool:
    syms, pts = reads(face, wild)
    return any((o in syms) or (pts and o.startswith("INV_"))
               for row in rows for q in row for o in q)


def cost_list(text: str, rows: int) -> list[list[int]]:
    """task_costs notation ("row1:sanity-1;row2:stamina-2"), read independently."""
    out = [[0, 0] for _ in range(rows)]
    for token in text.split(";"):
        if token.startswith("row"):
            where, what = token.split(":")
            kind, amount = what.split("-")
            out[int(where[3:]) - 1][["sanity", "stamina"].index(kind)] += int(amount)
    return out


class Brute:
    """Optimal play by exhaustive search. ``monsters``: (row text, where) with ``where`` a
    0-based row to replace, ``("keep_1", row)`` to keep that row's first requirement, or
    ``None`` for a new row under the last task (last in an arrow's order); ``limits``:
    (sanity, stamina) or None. ``cast``: spells cast before a roll take any of its dice
    (the rulebook, p.9), or ("after") are spent on useful dice on seeing it."""

    def __init__(self, card: str, wild: str, focus: int | None, spell: int, clue: int,
                 terror: str | None, monsters=(), costs: str = "", limits=(None, None),
                 cast: str = "before"):
        self.cast = cast
        task = parse_task(card)
        self.rows = [[q.options for q in r] for r in task.rows]
        self.costs = cost_list(costs, len(self.rows))
        for text, where in monsters:
            req = [q.options for q in parse_task(text).rows[0].requirements]
            if where is None:
                self.rows.append(req)
                self.costs.append([0, 0])
            elif isinstance(where, tuple):
                self.rows[where[1]] = self.rows[where[1]][:1] + req
            else:
                self.rows[where] = req
                self.costs[where] = [0, 0]
        self.chain = list(range(len(self.rows))) if task.ordered else []
        self.limits = limits
        self.wild, self.terror = wild, terror
        self.start = (tuple(range(len(self.rows))), -1 if focus is None else focus, spell, clue)
        self.value = cache(self._value)
        self.best = cache(self._best)

    def can_pay(self, left, t) -> bool:
        done = [x for x in range(len(self.rows)) if x not in left or x == t]
        return all(limit is None or sum(self.costs[x][i] for x in done) < limit
                   for i, limit in enumerate(self.limits))

    def probability(self, spec: str) -> Fraction:
        counts = parse_pool(spec).counts
        pool = tuple(counts.get(k, 0) for k in KINDS)
        left, fl, sl, cl = self.start
        return self.value(left, pool, None, (), fl, sl, cl)

    def rolls(self, pool) -> list[tuple[tuple, Fraction]]:
        """Every ordered roll of ``pool`` (sorted), each with its probability."""
        dice = [k for k, n in zip(KINDS, pool, strict=True) for _ in range(n)]
        return [(tuple(sorted(zip(dice, faces, strict=True))), Fraction(1, 6 ** len(dice)))
                for faces in product(*[DICE[k] for k in dice])]

    def _value(self, left, pool, marker, held, fl, sl, cl) -> Fraction:
        if not left:
            return Fraction(1)
        if not sum(pool):
            return Fraction(0)
        best = Fraction(0)
        casts = range(min(sl, sum(pool) - 1) + 1) if self.cast == "before" else [0]
        for c in casts:   # spells cast before the roll: c of its dice go on them
            total = Fraction(0)
            for roll, p in self.rolls(pool):
                options = []
                for spelled in combinations(range(len(roll)), c):
                    rest = tuple(d for i, d in enumerate(roll) if i not in spelled)
                    after = list(pool)
                    for i in spelled:
                        after[KINDS.index(roll[i][0])] -= 1
                    options.append(self.best(
                        left, tuple(after), marker,
                        tuple(sorted(held + tuple(roll[i][1] for i in spelled))),
                        fl, sl - c, cl, rest))
                total += p * max(options)
            best = max(best, total)
        return best

    def _best(self, left, pool, marker, held, fl, sl, cl, roll) -> Fraction:
        wild, rows = self.wild, self.rows
        late = sl if self.cast == "after" else 0    # spells spent on seeing the roll
        best = Fraction(0)
        hl = ([marker] if marker else []) + list(held)
        first = [x for x in left if x in self.chain][:1]
        avail = [x for x in left
                 if (x in first or x not in self.chain) and self.can_pay(left, x)]
        n = len(roll)
        for t in avail:
            rest = tuple(x for x in left if x != t)
            for mask in range(1 << n):
                used = [roll[i] for i in range(n) if mask >> i & 1]
                for hmask in range(1 << len(hl)):
                    hused = [hl[j] for j in range(len(hl)) if hmask >> j & 1]
                    if not minimal_fit(rows[t], [f for _, f in used] + hused, wild):
                        continue
                    after = list(pool)
                    for k, _ in used:
                        after[KINDS.index(k)] -= 1
                    new_marker = None if marker and hmask & 1 else marker
                    off = 1 if marker else 0
                    new_held = [h for j, h in enumerate(held) if not hmask >> (j + off) & 1]
                    leftover = [roll[i] for i in range(n) if not mask >> i & 1]
                    for size in range(late + 1 if rest else 1):
                        for spelled in combinations(leftover, size):
                            if not all(serves(f, [rows[x] for x in rest], wild)
                                       for _, f in spelled):
                                continue
                            a2 = list(after)
                            for k, _ in spelled:
                                a2[KINDS.index(k)] -= 1
                            v = self.value(rest, tuple(a2), new_marker,
                                           tuple(sorted(new_held + [f for _, f in spelled])),
                                           fl, sl - size, cl)
                            best = max(best, v)
        # fail the roll
        shown = list(roll)
        if not (self.terror == "immediate_fail" and any(f == "TERROR" for _, f in shown)):
            lost = []
            if self.terror == "discard_all_terror":
                lost = [d for d in shown if d[1] == "TERROR"]
                shown = [d for d in shown if d[1] != "TERROR"]
            mine = [rows[x] for x in left]
            can_focus = fl != 0 and marker is None
            for fi in ([None] + list(range(len(shown))) if can_focus else [None]):
                if fi is not None and not serves(shown[fi][1], mine, wild):
                    continue
                rest1 = [d for i, d in enumerate(shown) if i != fi]
                for size in range(late + 1):
                    for sp in combinations(range(len(rest1)), size):
                        if not all(serves(rest1[i][1], mine, wild) for i in sp):
                            continue
                        rest2 = [d for i, d in enumerate(rest1) if i not in sp]
                        for ai in range(len(rest2)):
                            after = list(pool)
                            gone = lost + [rest2[ai]] + [rest1[i] for i in sp]
                            gone += [shown[fi]] if fi is not None else []
                            for k, _ in gone:
                                after[KINDS.index(k)] -= 1
                            v = self.value(
                                left, tuple(after),
                                shown[fi][1] if fi is not None else marker,
                                tuple(sorted(list(held) + [rest1[i][1] for i in sp])),
                                fl - 1 if fi is not None and fl > 0 else fl, sl - size, cl)
                            best = max(best, v)
        # spend a clue: reroll any chosen dice
        if cl:
            for mask in range(1, 1 << n):
                kept = [roll[i] for i in range(n) if not mask >> i & 1]
                again = [roll[i][0] for i in range(n) if mask >> i & 1]
                total = Fraction(0)
                for faces in product(*[DICE[k] for k in again]):
                    new = tuple(sorted(kept + list(zip(again, faces, strict=True))))
                    total += self.best(left, pool, marker, held, fl, sl, cl - 1, new)
                best = max(best, total / 6 ** len(again))
        return best


# --- the published table (englishcatfish/ElderSign, BSD-3) ----------------------------------

@pytest.mark.parametrize(("focus", "spell"), list(PUBLISHED))
def test_published_optimal_solver_table(focus, spell):
    """The published solver's table (its README), to its printed 6 decimals.

    Its model: one row per roll, a failed roll loses its best die to lose, focus keeps one
    die across a reroll, a spell holds one die (spent on seeing the roll: ``cast="after"``),
    FAQ wildcard (4 investigation)."""
    odds = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=focus, spell=spell,
                         cast="after")
    printed = [f"{float(odds.probability(s)) * 100:.6f}" for s in SCENARIOS]
    assert " ".join(printed) == PUBLISHED[(focus, spell)]
    assert SCENARIOS[-1] == "7G+Y+R"   # its last scenario: a 7th green die


def test_spells_are_cast_before_the_roll_p9():
    """Rulebook p.9: a spell is put into play just before the dice are rolled, then one die
    of that roll goes on it. Knowing the roll first (the published solver's model) is worth
    more; without spells the two models agree."""
    before = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=1, spell=1)
    after = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=1, spell=1,
                          cast="after")
    assert before.cast == "before" and before.probability("5G") < after.probability("5G")
    assert AdventureOdds("PERIL > PERIL", spell=1).probability("3G") == Fraction(3427, 15552)
    plain = AdventureOdds("PERIL > PERIL", cast="after")
    assert plain.probability("4G") == AdventureOdds("PERIL > PERIL").probability("4G")
    casts = before.casts(before.start("5G"))
    assert [c.action for c in casts] == ["cast", "cast"]
    assert max(c.probability for c in casts) == before.probability("5G")
    with pytest.raises(ValueError, match="cast='later'"):
        AdventureOdds("LORE", cast="later")


@pytest.mark.parametrize(("row", "spec"), [
    ("INV_3,LORE", "6G"), ("INV_6", "6G"), ("PERIL,PERIL", "6G"), ("PERIL,PERIL,INV_3", "6G"),
    ("TERROR,TERROR,TERROR", "6G"), ("INV_3,LORE", "5G"), ("INV_6", "5G"),
])
def test_a_single_row_never_beats_rerolling(row, spec):
    """Single-roll values (check-values.md) are a lower bound; one die needs one roll."""
    first = roll_probability(row, spec)
    whole = adventure_odds(row, spec, focus=0)
    assert first < whole < 1
    assert adventure_odds(row, "1G", focus=0) == roll_probability(row, "1G")


@pytest.mark.parametrize(("row", "spec", "expected"), [
    ("INV_3,LORE", "6G", Fraction(8953, 15552)), ("PERIL,PERIL", "6G", Fraction(12281, 46656)),
    ("INV_6", "5G", Fraction(1591, 3888)),
])
def test_first_roll_offers_a_completion_as_often_as_published(row, spec, expected):
    """check-values.md single-roll values: the rolls whose choices include completing."""
    odds = AdventureOdds(row, focus=0)
    start = odds.start(spec)
    offered = sum(p for roll, p in odds.rolls(start)
                  if any(c.action == "complete" for c in odds.choices(start, roll)))
    assert offered == expected


def test_one_lore_on_two_dice_by_hand():
    """Rulebook p.7: fail, set one die aside, reroll the other: 11/36 + 25/36 * 1/6."""
    assert adventure_odds("LORE", "2G", focus=0) == Fraction(91, 216)
    # focusing cannot help a one-symbol row: a useful die would already complete it
    assert adventure_odds("LORE", "3G") == adventure_odds("LORE", "3G", focus=0)


# --- brute force on tiny cases -------------------------------------------------------------

TINY = [
    # card, pool, wild, focus, spell, clue, terror
    ("PERIL,PERIL > LORE,LORE", "4G", "faq", 0, 0, 0, None),
    ("PERIL,PERIL > LORE,LORE", "3G+R", "faq", 1, 0, 0, None),
    ("PERIL,PERIL > LORE,LORE", "2G+Y+R", "faq", 0, 1, 0, None),
    ("PERIL,PERIL > LORE,LORE", "3G+R", "faq", 1, 1, 0, None),
    ("LORE|PERIL,TERROR", "3G+R", "seed", None, 0, 0, None),
    ("INV_3|LORE,INV_2", "2G+Y+R", "faq", None, 1, 0, None),
    ("INV_4>LORE", "2G+Y+R", "seed", 2, 0, 0, None),
    ("INV_5", "G+Y+R", "faq", None, 0, 0, None),
    ("INV_2,LORE|TERROR", "3G", "seed", 0, 0, 1, None),
    ("PERIL > LORE", "2G+R", "faq", 0, 0, 2, None),
    ("LORE|PERIL", "2G+R", "seed", 1, 0, 1, None),
    ("TERROR|LORE,INV_2", "4G", "seed", 0, 0, 0, "immediate_fail"),
    ("LORE|PERIL,INV_1", "4G", "seed", 1, 0, 0, "discard_all_terror"),
    ("LORE,LORE|INV_3", "3G+Y", "faq", None, 1, 0, "immediate_fail"),
    ("LORE|PERIL", "3G", "seed", 0, 0, 1, "immediate_fail"),
    ("LORE|LORE|PERIL", "3G+R", "seed", 1, 0, 0, None),     # equal rows are interchangeable
    ("INV_2|INV_2,LORE|INV_2", "2G+Y+R", "faq", 0, 1, 0, None),
    ("LORE+INV_4|PERIL", "2G+R", "faq", None, 1, 0, None),    # an either-or requirement
    ("LORE|PERIL,LORE", "2G+Y", "faq", 0, 1, 1, None),         # a spell and a clue
]


@pytest.mark.parametrize(("card", "spec", "wild", "focus", "spell", "clue", "terror"), TINY)
def test_equals_brute_force(card, spec, wild, focus, spell, clue, terror):
    """Projection, frontiers, grouping and canonical held faces change nothing; spells cast
    before the roll (the rulebook) or on seeing it (the published solver's model)."""
    for cast in ("before", "after") if spell else ("before",):
        brute = Brute(card, wild, focus, spell, clue, terror, cast=cast)
        odds = AdventureOdds(card, wild, focus=focus, spell=spell, clue=clue, terror=terror,
                             cast=cast)
        assert odds.probability(spec) == brute.probability(spec), cast


# card, pool, solver options, the brute force's own reading of the same monsters and costs
FEATURES = [
    # a monster under the last task of an arrow card: the new last task of the arrow
    ("PERIL > LORE", "3G", {"focus": 0, "clue": 1, "monsters": ["INV_2"]},
     {"monsters": [("INV_2", None)]}),
    ("PERIL > LORE", "2G+R", {"wild": "faq", "focus": 1, "monsters": ["LORE"]},
     {"monsters": [("LORE", None)]}),
    # a full monster task replaces its row, cost and all; a partial one keeps the first symbol
    ("LORE|PERIL", "3G", {"focus": None, "spell": 1, "monsters": ["TERROR"],
                          "monster_slot": "row1:replace", "costs": "row1:sanity-2",
                          "sanity": 2},
     {"monsters": [("TERROR", 0)], "costs": "row1:sanity-2", "limits": (2, None)}),
    ("LORE,INV_2|PERIL", "2G+Y", {"focus": 0, "clue": 1, "monsters": ["TERROR"],
                                  "monster_slot": "row1:keep_1"},
     {"monsters": [("TERROR", ("keep_1", 0))]}),
    # task costs: affordable, and not (the last row would take sanity to 0)
    ("LORE|PERIL", "3G", {"focus": 1, "costs": "row1:sanity-1;row2:stamina-1", "sanity": 2,
                          "stamina": 2},
     {"costs": "row1:sanity-1;row2:stamina-1", "limits": (2, 2)}),
    ("LORE|PERIL", "3G", {"focus": 1, "costs": "row1:sanity-1;row2:sanity-1", "sanity": 2},
     {"costs": "row1:sanity-1;row2:sanity-1", "limits": (2, None)}),
    # equal rows with different costs are not interchangeable
    ("LORE|LORE", "3G", {"focus": 0, "spell": 1, "costs": "row2:stamina-3", "stamina": 4},
     {"costs": "row2:stamina-3", "limits": (None, 4)}),
]


@pytest.mark.parametrize(("card", "spec", "kw", "brute_kw"), FEATURES)
def test_costs_and_monsters_equal_brute_force(card, spec, kw, brute_kw):
    """Rulebook p.7 (a task whose cost would take sanity or stamina to 0 cannot be completed)
    and pp. 10-11 (monster tasks: full, partial, under the last task)."""
    opts = {"wild": "seed", "focus": None, "spell": 0, "clue": 0} | {
        k: v for k, v in kw.items() if k in ("wild", "focus", "spell", "clue")}
    brute = Brute(card, opts["wild"], opts["focus"], opts["spell"], opts["clue"], None,
                  **brute_kw)
    odds = AdventureOdds(card, **kw)
    assert odds.probability(spec) == brute.probability(spec)


def test_task_costs_decide_whether_the_card_can_be_completed():
    """Costs add up over the attempt: 2 sanity cannot pay two rows of 1 (the second would
    take it to 0), 3 can; a blocked row is not offered as a choice."""
    terrible = adventure("A Terrible Discovery")
    assert terrible.task_costs == "row1:sanity-1;row2:sanity-1"
    free = AdventureOdds(terrible, focus=0).probability("6G")
    assert AdventureOdds(terrible, focus=0, sanity=3).probability("6G") == free
    assert AdventureOdds(terrible, focus=0, sanity=2).probability("6G") == 0
    assert AdventureOdds(terrible, focus=0, stamina=1).probability("6G") == free
    odds = AdventureOdds("LORE|PERIL", focus=0, costs="row1:sanity-2", sanity=2)
    roll = (("green", ("LORE", "PERIL", "INV_1")),)
    labels = [c.label for c in odds.choices(odds.start("3G"), roll)]
    assert not any(x.startswith("complete row 1") for x in labels)
    assert any(x.startswith("complete row 2") for x in labels)
    with pytest.raises(ValueError, match="sanity=0"):
        AdventureOdds("LORE", sanity=0)
    with pytest.raises(ValueError, match="task cost 'row3:sanity-1'"):
        AdventureOdds("LORE|PERIL", costs="row3:sanity-1")


def test_monsters_on_adventures_follow_their_monster_tasks():
    """Rulebook pp. 10-11: a monster marker on a full monster task replaces it, on a partial one
    covers all but its first symbol, else it adds a row."""
    relics = adventure("Ancient Relics")            # LORE,INV_3|LORE,INV_3; row1:replace
    odds = AdventureOdds(relics, focus=0, monsters=["PERIL"])
    assert [str(r) for r in odds.rows] == ["PERIL", "LORE,INV_3"]
    assert odds.probability("5G") == adventure_odds("PERIL|LORE,INV_3", "5G", focus=0)
    assert odds.card == relics.card                 # the printed card is unchanged
    dim = adventure("Another Dimension")            # LORE,INV_1|TERROR,PERIL; row1:keep_1
    odds = AdventureOdds(dim, focus=0, monsters=["PERIL,INV_2"])
    assert [str(r) for r in odds.rows] == ["LORE,PERIL,INV_2", "TERROR,PERIL"]
    two = AdventureOdds(adventure("Public Lavatory"), focus=0, monsters=["LORE", "INV_3"])
    assert [str(r) for r in two.rows] == ["PERIL,LORE,LORE", "LORE", "INV_3"]
    base = adventure_odds(adventure("Public Lavatory"), "6G", focus=0)
    assert two.probability("6G") < base             # more rows: harder
    odds = AdventureOdds("PERIL > LORE", focus=0, monsters=[("INV_2", None)])
    start = odds.start("4G")
    roll = (("green", ("INV_2", "LORE", "TERROR", "INV_1")),)
    labels = [c.label for c in odds.choices(start, roll) if c.action == "complete"]
    assert not any(x.startswith("complete row 3") for x in labels)   # last in the arrow (p.11)
    assert not any(x.startswith("complete row 2") for x in labels)   # arrow
    labels = [c.label for c in odds.choices(start, (("green", ("PERIL", "LORE", "INV_2",
                                                                "INV_1")),))
              if c.action == "complete"]
    assert labels and all(x.startswith("complete row 1") for x in labels)
    with pytest.raises(ValueError, match="holds a monster"):
        AdventureOdds("LORE|PERIL", monsters=[("INV_2", 0), ("INV_3", 0)])


# --- sympy.stats: the roll distribution from an independent library -----------------------

class SympyBrute(Brute):
    """:class:`Brute` with every roll's distribution taken from sympy.stats (joint density
    of the dice as finite random variables), not from itertools.product."""

    def rolls(self, pool) -> list[tuple[tuple, Fraction]]:
        return sympy_rolls(pool)


@cache
def sympy_rolls(pool: tuple[int, ...]) -> list[tuple[tuple, Fraction]]:
    import sympy
    from sympy.stats import FiniteRV, density

    dice = [k for k, n in zip(KINDS, pool, strict=True) for _ in range(n)]
    xs = [FiniteRV(f"X{i}", {j: sympy.Rational(1, 6) for j in range(6)})
          for i in range(len(dice))]
    code = sum(x * 10**i for i, x in enumerate(xs))
    out: Counter = Counter()
    for value, q in density(code).dict.items():
        digits = [int(value) // 10**i % 10 for i in range(len(dice))]
        roll = tuple(sorted((k, DICE[k][j]) for k, j in zip(dice, digits, strict=True)))
        out[roll] += Fraction(int(q.p), int(q.q))
    return list(out.items())


@pytest.mark.parametrize(("card", "spec", "wild", "focus", "spell"), [
    ("PERIL,PERIL > LORE", "3G", "seed", 0, 0),
    ("INV_4|LORE", "G+Y+R", "faq", None, 0),
    ("LORE,PERIL|INV_2", "2G+R", "seed", 1, 1),
    ("TERROR > INV_3", "2G+Y", "seed", None, 1),
])
def test_equals_optimal_play_on_sympy_stats_distributions(card, spec, wild, focus, spell):
    """Up to 3 dice: the same optimum when sympy.stats supplies the roll probabilities."""
    sym = SympyBrute(card, wild, focus, spell, 0, None)
    assert sum(p for _, p in sympy_rolls((2, 0, 1))) == 1
    assert AdventureOdds(card, wild, focus=focus, spell=spell).probability(spec) == \
        sym.probability(spec)


@pytest.mark.parametrize(("card", "spec", "kw"), [
    ("PERIL,PERIL > LORE,LORE", "3G+R", {"wild": "faq", "focus": 1, "spell": 1}),
    ("INV_3|LORE,INV_2", "3G+Y", {"focus": None, "spell": 1}),
    ("LORE|PERIL", "2G+R", {"focus": 0, "clue": 1}),
    # every keep of every roll listed one by one against the clue table's running maxima
    ("INV_3|LORE,PERIL", "4G+R", {"focus": None, "clue": 1}),
    ("TERROR|LORE,LORE", "4G", {"focus": 0, "clue": 1, "terror": "discard_all_terror"}),
    ("LORE|PERIL,INV_1", "3G", {"focus": 1, "terror": "discard_all_terror"}),
    ("LORE|LORE|PERIL", "3G+R", {"focus": None, "spell": 1}),
])
def test_value_is_the_average_of_the_best_choices(card, spec, kw):
    """The policy the API shows is the one the value assumes: V = sum p(roll) * best
    (with spells, once the best number to cast before the roll is chosen, p.9)."""
    odds = AdventureOdds(card, **kw)
    start = odds.start(spec)
    if start.spells_left:
        casts = odds.casts(start)
        assert casts[0].probability == odds.probability(spec)
        start = casts[0].after
    total = Fraction(0)
    for roll, p in odds.rolls(start):
        choices = odds.choices(start, roll)
        assert choices == sorted(choices, key=lambda c: -c.probability)
        assert choices[-1].action == "give up" or choices[-1].probability == 0
        for c in choices[:3]:   # every listed value is the value of where it leads
            if c.after is not None and c.action != "clue":
                assert odds.value(c.after) == c.probability
        total += p * choices[0].probability
    assert total == odds.probability(spec)


def test_choices_explain_the_decision():
    odds = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=1, spell=1)
    start = odds.start("6G+R")
    roll = (("green", ("LORE", "INV_1", "INV_2", "PERIL", "TERROR", "TERROR")),
            ("red", ("WILD",)))
    # a spell cast before the roll (p.9) keeps the lore for row 2 while the wildcard and
    # the peril complete row 1
    spelled = odds.choices(replace(start, casting=1), roll)
    assert spelled[0].label == "spell green LORE; complete row 1 with green PERIL, red WILD"
    assert spelled[0].spelled == (("green", ("LORE",)),)
    choices = odds.choices(start, roll)      # no spell cast for this roll
    assert not any(c.spelled for c in choices)
    kinds = Counter(c.action for c in choices)
    assert kinds["complete"] >= 1 and kinds["fail"] >= 3 and kinds["give up"] == 1
    # spent on seeing the roll (the published solver's model) the spell does the same
    after = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=1, spell=1,
                          cast="after")
    assert any(c.dice == (("green", ("PERIL",)), ("red", ("WILD",))) and
               c.spelled == (("green", ("LORE",)),) and c.action == "complete"
               for c in after.choices(start, roll))
    best = choices[0]
    assert best.probability == max(c.probability for c in choices)
    assert odds.best(start, roll) == best
    # colours matter when a die is set aside: every colour is offered, green is best here
    fails = [c for c in choices if c.action == "fail"]
    assert {c.set_aside[0][0] for c in fails} == {"green", "red"}
    assert fails[0].set_aside[0][0] == "green"
    red = [c for c in fails if c.set_aside == (("red", ("WILD",)),) and not c.focused
           and not c.spelled]
    assert red and red[0].probability < fails[0].probability
    assert "give up" in str(choices[-1])


def test_situation_round_trip_and_text():
    odds = AdventureOdds("INV_3>LORE,LORE", focus=None, spell=1)
    start = odds.start("6G+Y")
    assert start.remaining == (0, 1) and start.focus_left is None and start.spells_left == 1
    assert start.casting is None
    cast = odds.casts(start)[0]
    assert cast.label == "cast 1 spell before the roll" and cast.after.casting == 1
    assert odds.value(cast.after) == cast.probability == odds.value(start)
    assert "1 spell(s) cast for this roll" in str(cast.after)
    roll = (("green", ("LORE", "INV_1", "INV_1", "INV_2", "PERIL", "TERROR")),
            ("yellow", ("INV_4",)))
    best = odds.best(cast.after, roll)
    assert best.action == "complete" and best.after is not None
    assert best.label == "spell green LORE; complete row 1 with yellow INV_4"
    assert best.after.remaining == (1,) and best.after.held == ("LORE",)
    assert odds.value(best.after) == best.probability
    assert "rows 2 left" in str(best.after)
    with pytest.raises(ValueError, match="casting=2: between 0 and 1 spells"):
        odds.value(replace(start, casting=2))
    with pytest.raises(ValueError, match="does not match the pool"):
        odds.choices(start, (("green", ("LORE",)),))
    with pytest.raises(ValueError, match="no face 'INV_9'"):
        odds.choices(start, (("green", ("INV_9",) * 6), ("yellow", ("LORE",))))


def test_held_dice_count_and_block_the_marker():
    """Rulebook p.10: the marker holds one die until it is used; spells hold theirs too."""
    odds = AdventureOdds("LORE,LORE", focus=None)
    sit = Situation((0,), parse_pool("2G"), "LORE", (), None, 0, 0)
    # one LORE held: the next roll of 2 dice needs one more LORE
    assert odds.value(sit) > odds.value(Situation((0,), parse_pool("2G"), None, (), None, 0, 0))
    # a useless die on the marker blocks focusing (the same as no focus at all)
    useless = Situation((0,), parse_pool("3G"), "", (), None, 0, 0)
    assert odds.value(useless) == AdventureOdds("LORE,LORE", focus=0).probability("3G")
    # nothing left to roll: the attempt is over even with held dice
    assert odds.value(Situation((0,), parse_pool("G").without("green"), "LORE", ("LORE",),
                                None, 0, 0)) == 0


# --- rules that change the numbers ----------------------------------------------------------

def test_order_matters_and_more_help_never_hurts():
    """Rulebook p.8: an arrow fixes the order; focus, spells, clues and dice only add options."""
    free = adventure_odds("INV_3|PERIL,PERIL", "5G", focus=0)
    arrow = adventure_odds("INV_3>PERIL,PERIL", "5G", focus=0)
    assert arrow < free
    base = adventure_odds("INV_3|PERIL,PERIL", "5G", focus=0)
    assert adventure_odds("INV_3|PERIL,PERIL", "5G", focus=1) > base
    assert adventure_odds("INV_3|PERIL,PERIL", "5G", focus=None) >= \
        adventure_odds("INV_3|PERIL,PERIL", "5G", focus=1)
    assert adventure_odds("INV_3|PERIL,PERIL", "5G", focus=0, spell=1) > base
    assert adventure_odds("INV_3|PERIL,PERIL", "5G", focus=0, clue=1) > base
    assert adventure_odds("INV_3|PERIL,PERIL", "5G+Y", focus=0) > base


def test_wildcard_readings_and_terror_effects():
    seed = adventure_odds("INV_8", "6G+Y+R", "seed", focus=0)
    faq = adventure_odds("INV_8", "6G+Y+R", "faq", focus=0)
    assert seed < faq
    plain = adventure_odds("TERROR|LORE,LORE", "5G", focus=0)
    fail = adventure_odds("TERROR|LORE,LORE", "5G", focus=0, terror="immediate_fail")
    lose = adventure_odds("TERROR|LORE,LORE", "5G", focus=0, terror="discard_all_terror")
    assert fail < lose < plain
    koi = adventure("Koi Pond")
    assert koi.dice_terror == "immediate_fail"
    assert AdventureOdds(koi, terror="card").terror == "immediate_fail"
    assert AdventureOdds(adventure("Lights Out"), terror="card").terror is None
    with pytest.raises(ValueError, match="terror='sanity'"):
        AdventureOdds("LORE", terror="sanity")
    with pytest.raises(ValueError, match="spell=-1"):
        AdventureOdds("LORE", spell=-1)


# --- Monte Carlo --------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "spec", "kw", "games"), [
    ("PERIL,PERIL > LORE,LORE", "6G+Y+R", {"wild": "faq", "focus": 1, "spell": 1}, 1500),
    ("INV_3|LORE,INV_3|TERROR", "6G+R", {"focus": None}, 1000),
    ("LORE|PERIL,PERIL", "4G", {"focus": 0, "clue": 1}, 600),
    # a whole printed adventure with a clue, a spell, its task costs and a monster added
    (adventure("A Terrible Discovery"), "5G",
     {"focus": 1, "spell": 1, "clue": 1, "sanity": 3, "monsters": ["PERIL"]}, 300),
    (adventure("Ancient Relics"), "4G+R",
     {"wild": "faq", "focus": 1, "clue": 1, "monsters": ["TERROR,INV_2"]}, 300),
])
def test_monte_carlo_of_the_returned_policy(card, spec, kw, games):
    """Playing the returned policy on seeded random rolls lands within 4 standard errors."""
    odds = AdventureOdds(card, **kw)
    sim = odds.simulate(spec, games=games, seed=2024)
    lo, hi = sim.interval(4.0)
    assert lo <= float(odds.probability(spec)) <= hi
    assert sim == odds.simulate(spec, games=games, seed=2024)   # seeded: repeatable


# --- data ---------------------------------------------------------------------------------

def test_adventure_data_matches_the_reference_and_keeps_the_notice():
    cards = load_adventures()
    assert len(adventures()) == 48 and len(adventures("other_world")) == 8
    rows = [(a.name, str(a.card), a.terror_effect) for a in cards]
    assert hashlib.sha256(repr(rows).encode()).hexdigest() == ADVENTURES_DIGEST
    assert all(a.provenance == "public" and a.sources for a in cards)
    notice = game_data("mythlab.elder_sign", "SOURCES.md").read_text()
    assert "BSD 3-Clause License" in notice and "Copyright (c) 2020, englishcatfish" in notice
    assert adventure("The Elder Sign").task_source.startswith("oscarknagg")


@pytest.mark.parametrize(("edit", "field"), [
    (lambda r: r.update(tasks="INV_3,LOR"), "tasks"),
    (lambda r: r.update(ordered="no", tasks="INV_3>LORE"), "ordered"),
    (lambda r: r.update(deck="monster"), "deck"),
    (lambda r: r.update(trophy_value="two"), "trophy_value"),
])
def test_bad_adventure_files_name_file_card_and_field(tmp_path: Path, edit, field):
    rows = list(csv.DictReader(game_data("mythlab.elder_sign", "adventures.csv").open(
        newline="", encoding="utf-8")))
    edit(rows[0])
    path = tmp_path / "mine.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    with pytest.raises(DataError) as err:
        load_adventures(path)
    assert err.value.field == field and err.value.entry == rows[0]["name"]
    assert str(path) in str(err.value)


def test_odds_table_rows():
    rows = odds_table([adventure("Hallway on Fire")], ["5G", "6G"], "faq", focus=0)
    (name, values), = rows
    assert name == "Hallway on Fire" and values[0] < values[1]
    assert values == [AdventureOdds("PERIL>PERIL", "faq", focus=0).probability(s)
                      for s in ("5G", "6G")]
    # each card's own task costs (2 sanity cannot pay rows of 1 + 1) and added monsters
    (_, blocked), = odds_table([adventure("A Terrible Discovery")], ["5G"], sanity=2)
    assert blocked == [0]
    (_, more), = odds_table([adventure("Hallway on Fire")], ["5G"], "faq", focus=0,
                            monsters=["LORE"])
    assert more[0] == adventure_odds("PERIL>PERIL", "5G", "faq", focus=0,
                                     monsters=[("LORE", None)]) < values[0]


def test_rolls_are_the_dice_engine_outcomes():
    odds = AdventureOdds("LORE")
    assert odds.rolls(odds.start("2G+R")) == outcomes("2G+R")


@pytest.mark.parametrize(("make", "message"), [
    (lambda: AdventureOdds("INV_3,LORE", spell=40), "spell=40: at most 2"),
    (lambda: AdventureOdds("INV_3,LORE", clue=400), "clue=400: at most 6"),
    (lambda: AdventureOdds("INV_3,LORE", focus=50), "focus=50: at most 9"),
    (lambda: AdventureOdds("LORE|PERIL|TERROR|INV_3|INV_2|LORE", spell=2),
     "rows: 6 task rows (monsters included), at most 4"),
    (lambda: AdventureOdds("LORE|PERIL", monsters=["INV_2", "LORE", "TERROR"]),
     "rows: 5 task rows"),
    (lambda: AdventureOdds(",".join(["LORE"] * 10)), "has 10 requirements, at most 9"),
    (lambda: AdventureOdds("LORE").probability("12G"), "12 dice is too many (at most 9"),
    (lambda: adventure_odds("PERIL|LORE|TERROR|INV_3", "7G+Y+R", spell=2),
     "positions: this needs more than 12000 decision points"),
])
def test_every_parameter_is_bounded(make, message):
    """What the game can reach, kept to what is solved within seconds (odds.MAX_*): a
    ValueError names the parameter and its limit, in bounded time and memory."""
    with pytest.raises(ValueError, match=re.escape(message)):
        make()


def test_a_refused_question_leaves_the_solver_usable():
    """The positions bound is per question: a solver that refused one still answers others
    (the explorer keeps its solvers)."""
    odds = AdventureOdds("PERIL|LORE|TERROR|INV_3", spell=2)
    with pytest.raises(ValueError, match="positions"):
        odds.probability("7G+Y+R")
    assert odds.probability("3G") == adventure_odds("PERIL|LORE|TERROR|INV_3", "3G", spell=2)
