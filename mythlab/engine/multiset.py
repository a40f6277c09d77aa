"""Multiset enumeration: the one place that counts the ordered rolls behind a sorted roll.

Everything else in :mod:`mythlab.dice` (and :func:`mythlab.engine.chance.pool`) groups dice
through :func:`weighted_counts`, so exact probabilities have a single source.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any, TypeVar

F = TypeVar("F")


def weighted_counts(weights: Sequence[Any], count: int) -> list[tuple[tuple[int, ...], Any]]:
    """Every way ``count`` dice can land on weighted faces, as count vectors with weights.

    A count vector ``k`` says how many dice show each face; its weight is the number of
    ordered rolls behind it, each face's weight raised to its count:
    ``count! / prod(k_i!) * prod(w_i ** k_i)``. With integer weights the results sum to
    ``sum(weights) ** count``; weights may also be sympy symbols (the symbolic layer uses
    this). Vectors come in the order of ``itertools.combinations_with_replacement``.

    Parameters
    ----------
    weights : sequence
        One weight per distinct face (int, or anything that multiplies like a number).
    count : int
        Number of dice, ``>= 0``.

    Returns
    -------
    list of (tuple of int, weight)
        ``C(len(weights) + count - 1, count)`` entries.

    Examples
    --------
    >>> weighted_counts([1, 2], 2)
    [((2, 0), 1), ((1, 1), 4), ((0, 2), 4)]
    >>> sum(w for _, w in weighted_counts([1] * 6, 6))
    46656

    Notes
    -----
    Built face by face with binomials: O(len(weights)) multiplications per entry.
    """
    if count < 0:
        raise ValueError(f"cannot roll a negative number of dice ({count})")
    n = len(weights)
    if n == 0:
        if count:
            raise ValueError("a die needs at least one face")
        return [((), 1)]
    out: list[tuple[tuple[int, ...], Any]] = []

    def build(i: int, left: int, prefix: tuple[int, ...], ways: Any) -> None:
        if i == n - 1:
            out.append(((*prefix, left), ways * weights[i] ** left))
            return
        for k in range(left, -1, -1):
            build(i + 1, left - k, (*prefix, k), ways * comb(left, k) * weights[i] ** k)

    build(0, count, (), 1)
    return out


def weighted_multisets(
    faces: Sequence[tuple[F, Any]], count: int
) -> list[tuple[tuple[F, ...], Any]]:
    """Every sorted roll of ``count`` dice with weighted faces, with its weight.

    The same enumeration as :func:`weighted_counts`, spelled out as tuples of faces sorted
    in the order of ``faces``.

    Parameters
    ----------
    faces : sequence of (face, weight)
        Distinct faces, in the order the sorted tuples use.
    count : int
        Number of dice, ``>= 0``.

    Returns
    -------
    list of (tuple, weight)

    Examples
    --------
    >>> weighted_multisets([("a", 1), ("b", 2)], 2)
    [(('a', 'a'), 1), (('a', 'b'), 4), (('b', 'b'), 4)]
    """
    names = [f for f, _ in faces]
    return [
        (tuple(f for f, k in zip(names, ks, strict=True) for _ in range(k)), w)
        for ks, w in weighted_counts([w for _, w in faces], count)
    ]
