"""Decision points and their exact values, as the engine handles them.

A decision point is a plain tuple (:data:`State`); a value travels with its float
(:data:`Pair`), so comparing values compares floats and only ties look at the fractions.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

UNLIMITED = -1
"""The focus count of ``focus=None`` (focus whenever the marker is free)."""
OCCUPIED = ""
"""The focus marker holds a die that no remaining row can use."""

Pair = tuple[float, Fraction]
"""A value with its float: tuples compare the floats first, and the exact values on a tie
(rounding to float never reverses an order), so maxima stay exact."""
ONE: Pair = (1.0, Fraction(1))
ZERO: Pair = (0.0, Fraction(0))
NEG: Pair = (-1.0, Fraction(-1))
"""Below every value: a choice that is not there."""
State = tuple[int, tuple[int, ...], str | None, tuple[str, ...], int, int, int]
"""Internal decision point: (rows bitmask, dice per kind, marker, held, focus, spells, clues)."""
Usage = tuple[tuple[int, ...], int]
"""What a completion spends: rolled dice per kind, and a bitmask of held dice."""


def exact_order(values: list[Pair]) -> list[int]:
    """Indices of ``values`` in increasing order: by float, then exactly among equal floats
    (rounding never reverses an order, so only ties need the fractions)."""
    order = sorted(range(len(values)), key=lambda i: values[i][0])
    out: list[int] = []
    i = 0
    while i < len(order):
        j = i + 1
        f = values[order[i]][0]
        while j < len(order) and values[order[j]][0] == f:
            j += 1
        run = order[i:j]
        if j - i > 1 and len({id(values[k][1]) for k in run}) > 1:
            run.sort(key=lambda k: values[k][1])
        out.extend(run)
        i = j
    return out


def weighted_sum(terms: list[tuple[int, Fraction]], total: int) -> Fraction:
    """``sum(w * v) / total`` over one common denominator: one gcd instead of one per term."""
    den = lcm(*(v.denominator for _, v in terms)) if terms else 1
    num = sum(w * v.numerator * (den // v.denominator) for w, v in terms)
    return Fraction(num, den * total)
