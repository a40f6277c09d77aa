"""Chance: exact outcome distributions and the seeded random stream states carry.

Dice rolls are chance nodes whose outcomes are grouped by multiset with exact ``Fraction``
probabilities; shuffles and other huge outcome spaces are drawn from a seeded stream whose
position is part of the state, so replaying the same actions gives the same result.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from math import lcm
from operator import le

from .multiset import weighted_multisets

CHANCE = -1
"""``state.current_player`` at a chance node (as in OpenSpiel)."""


def uniform(outcomes: Sequence) -> list[tuple[object, Fraction]]:
    """Each outcome with probability exactly ``1/len(outcomes)``.

    >>> uniform("ab")
    [('a', Fraction(1, 2)), ('b', Fraction(1, 2))]
    """
    p = _one_in(len(outcomes))
    return [(o, p) for o in outcomes]


@cache
def _one_in(n: int) -> Fraction:
    """``Fraction(1, n)``, one object per ``n``: the draw tables of uniform outcomes are then
    found by the identity of their weights (``_draw_table``)."""
    return Fraction(1, n)


def die(sides: int = 6) -> list[tuple[int, Fraction]]:
    """A fair die with faces ``1..sides``."""
    return uniform(range(1, sides + 1))


def pool(faces: Sequence, count: int) -> list[tuple[tuple, Fraction]]:
    """``count`` identical fair dice with the given faces, grouped by multiset.

    Each outcome is a sorted tuple of faces with its multinomial probability, so 6 six-sided
    dice give 462 outcomes instead of 46,656, summing to exactly 1.

    >>> outcomes = pool(range(1, 7), 6)
    >>> len(outcomes), sum(p for _, p in outcomes)
    (462, Fraction(1, 1))
    """
    weights = Counter(faces)
    total = sum(weights.values()) ** count
    return [(combo, Fraction(ways, total))
            for combo, ways in weighted_multisets(sorted(weights.items()), count)]


class SeededStream:
    """A deterministic random stream: ``(seed, position)`` fully determines the next draw.

    States store only the two integers, so they copy and serialise for free, and replaying
    the same actions from the same seed draws the same shuffles.
    """

    __slots__ = ("seed", "position")

    def __init__(self, seed: int, position: int = 0):
        self.seed = seed
        self.position = position

    def _next(self) -> random.Random:
        rng = random.Random(f"mythlab/{self.seed}/{self.position}")
        self.position += 1
        return rng

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place."""
        self._next().shuffle(items)

    def choice_index(self, weights: Sequence[Fraction]) -> int:
        """Index drawn with the given exact probabilities (which must sum to 1)."""
        return draw_index(self._next(), _draw_table(weights))

    def outcome_index(self, outcomes: Sequence[tuple[object, Fraction]]) -> int:
        """Index of a chance outcome drawn with its exact probability: the same draw as
        ``choice_index`` of the outcomes' weights (``outcome_table``).

        >>> outcomes = tuple(pool("ab", 20))
        >>> weights = [p for _, p in outcomes]
        >>> SeededStream(3).outcome_index(outcomes) == SeededStream(3).choice_index(weights)
        True
        """
        return draw_index(self._next(), outcome_table(outcomes))


def outcome_table(outcomes: Sequence[tuple[object, Fraction]]) -> tuple[int, list[int], bool]:
    """The draw table (``_draw_table``) of chance outcomes' weights. A tuple of outcomes that
    a game hands out again (one dice roll's 462, an Agea d6) finds its table by its own
    identity, without listing its weights."""
    if type(outcomes) is not tuple:
        return _draw_table([p for _, p in outcomes])
    entry = _OUTCOME_TABLES.get(id(outcomes))
    if entry is None:
        if len(_OUTCOME_TABLES) >= _TABLES_KEPT:
            _OUTCOME_TABLES.clear()
        entry = _OUTCOME_TABLES[id(outcomes)] = \
            (outcomes, *_draw_table([p for _, p in outcomes]))
    return entry[1:]


def draw_index(rng: random.Random, table: tuple[int, list[int], bool]) -> int:
    """The index a ticket drawn by ``rng`` falls on in a draw ``table`` (``outcome_table``):
    one ``randrange`` of the common denominator, integer tickets, no floats."""
    denominator, bounds, rising = table
    ticket = rng.randrange(denominator)
    i = bisect_right(bounds, ticket) if rising else _first_above(bounds, ticket)
    if i == len(bounds):
        raise ValueError("weights do not sum to 1")
    return i


#: the draw tables of recent weight lists, by the identity of their weights: a game's cached
#: chance outcomes hand the same Fraction objects to every draw (a 6-dice roll has 462;
#: ``uniform`` gives one Fraction per count), so each table is made once, and a list of fresh
#: Fractions costs one entry more. Safe: an entry keeps its weights alive, so no other object
#: can take one of their ids while it stands; Fractions never change.
_TABLES: dict[tuple[int, ...], tuple[tuple[Fraction, ...], int, list[int], bool]] = {}
_TABLES_KEPT = 256
#: the draw tables of recent outcome tuples, by the identity of the tuple (a game that hands
#: out one tuple per roll, as Elder Sign and Agea's dice do): safe for the same reason as
#: ``_TABLES``, an entry keeps its tuple alive, and a tuple of (outcome, Fraction) pairs never
#: changes
_OUTCOME_TABLES: dict[int, tuple[tuple, int, list[int], bool]] = {}


def _draw_table(weights: Sequence[Fraction]) -> tuple[int, list[int], bool]:
    """The common denominator of ``weights``, the running totals of their numerators over it
    (outcome ``i`` is drawn for the first total above the ticket), and whether the totals
    never fall (no negative weight), so a binary search finds that total."""
    key = tuple(map(id, weights))
    entry = _TABLES.get(key)
    if entry is None:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        entry = _TABLES[key] = _table(weights)
    return entry[1:]


def _table(weights: Sequence[Fraction]) -> tuple[tuple[Fraction, ...], int, list[int], bool]:
    """The weights (kept), their common denominator, running totals and whether they rise."""
    kept = tuple(weights)
    denominator = lcm(*(w.denominator for w in kept))
    bounds, total = [], 0
    for w in kept:
        total += w.numerator * (denominator // w.denominator)
        bounds.append(total)
    return kept, denominator, bounds, all(map(le, [0, *bounds], bounds))


def _first_above(bounds: list[int], ticket: int) -> int:
    """The first index whose running total exceeds ``ticket`` (a plain scan); ``len(bounds)``
    when there is none."""
    for i, bound in enumerate(bounds):
        if ticket < bound:
            return i
    return len(bounds)
