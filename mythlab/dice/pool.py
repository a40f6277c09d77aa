"""Pools of mixed dice and their exact outcome distributions, grouped by multiset."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import prod

from mythlab.engine.multiset import weighted_multisets

from .die import Die, Face
from .load import DiceSet

Roll = tuple[tuple[str, tuple[Face, ...]], ...]
"""A roll: for each die kind of the pool, in pool order, ``(die name, sorted faces)``.

Faces are sorted in the die's face order, so equal multisets are equal tuples. Colours are
kept because the dice are not interchangeable later (which dice are lost, kept, rerolled).
"""


@dataclass(frozen=True, init=False)
class Pool:
    """How many dice of each kind are rolled together.

    Kinds are listed by ascending :attr:`Die.rank` (then name), from the cheapest die to
    the most precious. Pools are immutable and hashable, so they key caches and solver tables.

    Parameters
    ----------
    groups : mapping Die -> int, or iterable of (Die, int)
        Positive counts; the same die given twice adds up.

    Examples
    --------
    >>> red, blue = Die("red", [1, 2, 3], code="R", rank=1), Die("blue", [0, 1], code="B")
    >>> pool = Pool({red: 1, blue: 6})
    >>> str(pool), pool.size, pool.counts
    ('6B+R', 7, {'blue': 6, 'red': 1})
    >>> str(pool.without("blue", 2)), str(pool.without({"red": 1, "blue": 5}))
    ('4B+R', 'B')
    """

    groups: tuple[tuple[Die, int], ...]

    def __init__(self, groups: Mapping[Die, int] | Iterable[tuple[Die, int]] = ()):
        items = groups.items() if isinstance(groups, Mapping) else groups
        merged: dict[str, tuple[Die, int]] = {}
        for die, n in items:
            if not isinstance(die, Die):
                raise TypeError(f"a pool holds Die objects, not {die!r}")
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ValueError(f"a pool needs a positive number of {die.name} dice, not {n!r}")
            if die.name in merged and merged[die.name][0] != die:
                raise ValueError(f"two different dice are both called {die.name!r}")
            merged[die.name] = (die, merged.get(die.name, (die, 0))[1] + n)
        ordered = tuple(sorted(merged.values(), key=lambda g: (g[0].rank, g[0].name)))
        object.__setattr__(self, "groups", ordered)
        object.__setattr__(self, "_hash", hash(ordered))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined]

    @property
    def size(self) -> int:
        """The number of dice."""
        return sum(n for _, n in self.groups)

    @property
    def dice(self) -> tuple[Die, ...]:
        """The kinds of dice, cheapest first."""
        return tuple(d for d, _ in self.groups)

    @property
    def counts(self) -> dict[str, int]:
        """Die name -> how many."""
        return {d.name: n for d, n in self.groups}

    def without(self, used: str | Mapping[str, int], n: int = 1) -> Pool:
        """The pool after taking dice out: ``n`` dice of one kind, or counts per kind.

        Raises ``ValueError`` when the pool does not hold that many.
        """
        take = {used: n} if isinstance(used, str) else dict(used)
        left = []
        for die, have in self.groups:
            k = take.pop(die.name, 0)
            if k > have:
                raise ValueError(f"the pool {self} has {have} {die.name} dice, cannot take {k}")
            if have - k:
                left.append((die, have - k))
        if take:
            raise ValueError(f"the pool {self} has no {', '.join(take)} dice")
        return Pool(left)

    def __str__(self) -> str:
        return "+".join(f"{n if n > 1 else ''}{d.code}" for d, n in self.groups) or "(no dice)"

    def __repr__(self) -> str:
        return f"Pool({str(self)!r})"


_TERM = re.compile(r"\s*(\d*)\s*([A-Za-z_]*)\s*")


def parse_pool(spec: str | Pool, dice: DiceSet) -> Pool:
    """Read a pool spec like ``"6G+Y+R"``: terms ``[count]code`` joined by ``+``.

    Parameters
    ----------
    spec : str or Pool
        Counts default to 1; codes (or die names) ignore case; repeated codes add up. A
        :class:`Pool` is returned unchanged.
    dice : DiceSet
        Where codes are looked up.

    Returns
    -------
    Pool

    Raises
    ------
    ValueError
        For an empty term, a zero count or an unknown code, saying where.

    Examples
    --------
    >>> dice = DiceSet((Die("combat", [0, 1, 1, 2, 2, 3], code="C"),))
    >>> parse_pool("2C + c", dice).counts
    {'combat': 3}
    >>> parse_pool("0C", dice)
    Traceback (most recent call last):
    ...
    ValueError: pool '0C', term '0C': a count must be at least 1
    >>> parse_pool("6Q", dice)
    Traceback (most recent call last):
    ...
    ValueError: pool '6Q', term '6Q': unknown die 'Q'; known: C (combat)
    >>> parse_pool("C+", dice)
    Traceback (most recent call last):
    ...
    ValueError: pool 'C+': nothing after the '+' at position 1
    """
    if isinstance(spec, Pool):
        return spec
    if not isinstance(spec, str) or not spec.strip():
        example = "+".join(f"2{d.code}" for d in list(dice)[:2])
        raise ValueError(f"empty pool spec {spec!r}; write counts and die codes joined by "
                         f"'+', e.g. {example!r}")
    return _parse(spec, dice)


@lru_cache(maxsize=1024)
def _parse(spec: str, dice: DiceSet) -> Pool:
    """:func:`parse_pool` of a spec string, memoised (specs repeat)."""
    groups: list[tuple[Die, int]] = []
    start = 0
    for term in spec.split("+"):
        m = _TERM.fullmatch(term)
        if not term.strip():
            where = (f"before the '+' at position {start + len(term)}" if start == 0
                     else f"after the '+' at position {start - 1}")
            raise ValueError(f"pool {spec!r}: nothing {where}")
        if not m or not m.group(2):
            raise ValueError(f"pool {spec!r}, term {term.strip()!r}: expected a count and a "
                             "die code, e.g. '6G'")
        count = int(m.group(1) or 1)
        if count < 1:
            raise ValueError(f"pool {spec!r}, term {term.strip()!r}: a count must be at least 1")
        try:
            die = dice[m.group(2)]
        except KeyError:
            raise ValueError(f"pool {spec!r}, term {term.strip()!r}: unknown die "
                             f"{m.group(2)!r}; known: {dice.known()}") from None
        groups.append((die, count))
        start += len(term) + 1
    return Pool(groups)


@lru_cache(maxsize=256)
def weighted_outcomes(pool: Pool) -> tuple[tuple[tuple[Roll, int], ...], int]:
    """The pool's sorted rolls with integer weights over one common denominator.

    The hot-path form of :func:`outcomes`: weights are numbers of ordered rolls (times face
    weights) and sum exactly to the denominator ``prod(sides ** count)``. Cached per pool.

    Examples
    --------
    >>> rolls, total = weighted_outcomes(Pool({Die("coin", ["H", "T"]): 2}))
    >>> total, rolls
    (4, (((('coin', ('H', 'H')),), 1), ((('coin', ('H', 'T')),), 2), ((('coin', ('T', 'T')),), 1)))
    """
    per_kind = [
        [((die.name, faces), w) for faces, w in weighted_multisets(die.faces, n)]
        for die, n in pool.groups
    ]
    rolls = tuple(
        (tuple(part for part, _ in combo), prod(w for _, w in combo))
        for combo in product(*per_kind)
    )
    return rolls, prod(die.sides**n for die, n in pool.groups)


@lru_cache(maxsize=64)
def _fraction_outcomes(pool: Pool) -> tuple[tuple[Roll, Fraction], ...]:
    """:func:`outcomes` as a tuple, memoised per pool."""
    rolls, total = weighted_outcomes(pool)
    return tuple((roll, Fraction(w, total)) for roll, w in rolls)


def outcomes(pool: Pool) -> list[tuple[Roll, Fraction]]:
    """Every distinct roll of a pool with its exact probability: a chance node's outcomes.

    Rolls are grouped by multiset per die kind (see :data:`Roll`), so 6 six-sided dice give
    462 outcomes instead of 46,656 ordered rolls; probabilities are ``Fraction`` and sum to
    exactly 1. Cached per pool (a fresh list is returned each call).

    Parameters
    ----------
    pool : Pool

    Returns
    -------
    list of (Roll, Fraction)

    Examples
    --------
    >>> combat = Die("combat", [0, 1, 1, 2, 2, 3])
    >>> o = outcomes(Pool({combat: 6}))
    >>> len(o), sum(p for _, p in o)
    (84, Fraction(1, 1))
    >>> outcomes(Pool({combat: 1}))[1]
    ((('combat', (1,)),), Fraction(1, 3))

    Notes
    -----
    ``prod(C(faces + n - 1, n))`` outcomes over the kinds; each is built once per pool.
    """
    return list(_fraction_outcomes(pool))
