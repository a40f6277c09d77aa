"""Exact single-roll odds of a task row: integer weights on the hot path, one denominator.

A roll's colours and most of its faces do not matter for whether it completes a row, so the
pool is first projected onto the few coordinates that do (the row's symbols, investigation,
the wildcard), each capped at the most a minimal completion could spend on it. The projected
distribution is built kind by kind from :func:`~mythlab.engine.multiset.weighted_counts`, and
each distinct projected state is checked once by a :class:`~.matching.Matcher` (which
remembers dead ends across states). The same code runs with sympy polynomial weights for
:mod:`mythlab.elder_sign.dice.symbolic`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import ceil
from operator import add
from typing import Any

from mythlab.dice import Face, Pool
from mythlab.dice.symbolic import Weight
from mythlab.engine.multiset import weighted_counts

from .faces import SYMBOLS, WILD, investigation
from .load import parse_pool
from .matching import Matcher, ReadingKey, Wild, face_use, reading_key
from .rows import Requirement, RowLike, as_row


@lru_cache(maxsize=1024)
def _projection(reqs: tuple[Requirement, ...], reading: ReadingKey
                ) -> tuple[tuple[str, ...], tuple[int, ...], bool]:
    """The coordinates of a projected roll for ``reqs``, their caps, and the INV mode.

    Coordinates are the row's symbols, investigation and ``WILD``; each is capped at the
    most a minimal completion could use (a minimal group for ``INV_n`` holds at most
    ``ceil(n / v)`` dice of value ``v``), so capping never changes feasibility. When a
    single requirement takes investigation, only the total of the investigation dice
    matters and one coordinate ``INV`` holds that total, capped at its largest ``n``
    (*summed* mode); otherwise there is one count per value ``INV_1 .. INV_top``, values
    above ``top`` counting as ``top``.
    """
    needs = {o for r in reqs for o in r.options}
    top = max((r.investigation for r in reqs), default=0)
    summed = sum(1 for r in reqs if r.points) == 1
    coords = [s for s in SYMBOLS if s in needs]
    inv = ["INV"] if summed else [f"INV_{v}" for v in range(1, top + 1)]
    coords += inv if top else []
    coords.append(WILD)

    def units(coord: str, req: Requirement) -> int:
        if coord == "INV":
            return top if req.points else 0
        symbols, points = face_use(coord, reading)
        return max([ceil(n / points) if points else 0 for n in req.points]
                   + [1 if s in symbols else 0 for s in req.symbols])

    caps = [sum(units(c, r) for r in reqs) for c in coords]
    keep = [i for i, c in enumerate(caps) if c]
    return tuple(coords[i] for i in keep), tuple(caps[i] for i in keep), summed


def _step(face: Face, coords: tuple[str, ...], summed: bool) -> tuple[int, int]:
    """Where a face adds to a projected roll: (coordinate index, amount), or (-1, 0)."""
    if face in (WILD, *SYMBOLS):
        return (coords.index(face), 1) if face in coords else (-1, 0)
    v = investigation(face)
    if v and summed and "INV" in coords:
        return coords.index("INV"), v
    top = max((investigation(c) for c in coords), default=0)
    return (coords.index(f"INV_{min(v, top)}"), 1) if v and top else (-1, 0)


def success_weight(row: RowLike, pool: Pool | str, wild: Wild = "seed",
                   weight: Weight | None = None) -> tuple[Any, Any]:
    """Total weight of the rolls that complete ``row``, and of all rolls.

    With integer weights (the default) the probability is ``Fraction(success, total)``,
    ``total = prod(sides ** count)``. ``weight`` lets the symbolic layer substitute sympy
    weights; the arithmetic is the same.

    Examples
    --------
    >>> success_weight("INV_3,LORE", "6G")
    (26859, 46656)
    """
    return _success_weight(as_row(row).requirements, parse_pool(pool), reading_key(wild),
                           weight)


def _success_weight(reqs: tuple[Requirement, ...], pool: Pool, rk: ReadingKey,
                    weight: Weight | None) -> tuple[Any, Any]:
    coords, caps, summed = _projection(reqs, rk)
    weight = weight or (lambda die, face, w: w)
    width = len(coords)
    states: dict[tuple[int, ...], Any] = {(0,) * width: 1}
    total: Any = 1
    for die, n in pool.groups:
        by_step: dict[tuple[int, int], Any] = {}
        for face, w in die.faces:
            step = _step(face, coords, summed)
            by_step[step] = by_step.get(step, 0) + weight(die, face, w)
        steps = list(by_step)
        total *= sum(by_step.values()) ** n
        kind: dict[tuple[int, ...], Any] = {}
        for ks, w in weighted_counts([by_step[s] for s in steps], n):
            vec = [0] * width
            for (c, amount), k in zip(steps, ks, strict=True):
                if c >= 0:
                    vec[c] += k * amount
            key = tuple(map(min, vec, caps))
            kind[key] = kind[key] + w if key in kind else w
        merged: dict[tuple[int, ...], Any] = {}
        for a, wa in states.items():
            for b, wb in kind.items():
                key = tuple(map(min, map(add, a, b), caps))
                w = wa * wb
                merged[key] = merged[key] + w if key in merged else w
        states = merged
    # the summed investigation total k reads as k dice of 1 point: the same for feasibility
    matcher = Matcher(reqs, [(0, "INV_1" if c == "INV" else c) for c in coords], rk)
    success: Any = 0
    for state, w in states.items():
        if matcher.feasible(state):
            success += w
    return success, total


@lru_cache(maxsize=4096)
def _probability(reqs: tuple[Requirement, ...], pool: Pool, reading: ReadingKey) -> Fraction:
    success, total = _success_weight(reqs, pool, reading, None)
    return Fraction(success, total)


def roll_probability(row: RowLike, pool: Pool | str, wild: Wild = "seed") -> Fraction:
    """Exact chance that one roll of ``pool`` completes ``row`` (no rerolls, no focus).

    Parameters
    ----------
    row : Row, str or list
        E.g. ``"INV_3,LORE"``.
    pool : Pool or str
        E.g. ``"6G"`` or ``"6G+Y+R"``.
    wild : str, WildReading or list of str, default "seed"
        The red die's wildcard reading (``"seed"`` or ``"faq"``).

    Returns
    -------
    Fraction

    Examples
    --------
    >>> roll_probability("INV_3,LORE", "6G")
    Fraction(8953, 15552)
    >>> roll_probability("INV_6", "6G+R", "seed") < roll_probability("INV_6", "6G+R", "faq")
    True

    Notes
    -----
    Cached per (row, pool, reading). Cold, an 8-dice pool takes a few milliseconds: the
    projected states number in the hundreds, each checked once.
    """
    return _probability(as_row(row).requirements, parse_pool(pool), reading_key(wild))
