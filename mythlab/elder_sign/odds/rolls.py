"""The projected rolls of a pool, per kind of die, and the keeps a clue may reroll from.

A roll is projected on the (kind, face) classes the rows left can use, each count capped at
what a minimal completion (plus the dice that may be held) can take: a few hundred rolls
instead of the 16,632 sorted rolls of 6G+Y+R. Rolls are listed in ``itertools.product``
order of their parts per kind, so numpy can index them kind by kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import product
from math import prod

import numpy as np


def factorize(cols: list[np.ndarray]) -> tuple[np.ndarray, list[tuple[int, ...]]]:
    """Number the distinct rows of columns ``cols``: (each row's number, the rows).

    Columns hold small ints >= -1 (frontier ids): when a row fits one int64 as digits in
    base ``max + 2``, one ``np.unique`` numbers them."""
    base = max(int(c.max()) for c in cols) + 2 if len(cols[0]) else 2
    if base ** len(cols) < 1 << 62:
        key = np.zeros(len(cols[0]), dtype=np.int64)
        for col in cols:
            key *= base
            key += col + 1
        uniq, inv = np.unique(key, return_inverse=True)
        rows = []
        for x in uniq.tolist():
            digits = []
            for _ in cols:
                x, d = divmod(x, base)
                digits.append(d - 1)
            rows.append(tuple(reversed(digits)))
        return inv.reshape(-1), rows
    if len(cols[0]) <= 4096:   # a dict of tuples beats numpy sorting at these sizes
        ids: dict[tuple[int, ...], int] = {}
        code = [ids.setdefault(row, len(ids))
                for row in zip(*[c.tolist() for c in cols], strict=True)]
        return np.array(code, dtype=np.int64), list(ids)
    code = np.zeros(len(cols[0]), dtype=np.int64)
    for col in cols:
        uniq, inv = np.unique(col, return_inverse=True)
        code = code * len(uniq) + inv.reshape(-1)
        _, code = np.unique(code, return_inverse=True)
        code = code.reshape(-1)
    _, first = np.unique(code, return_index=True)
    stack = np.stack(cols, axis=1)
    return code, [tuple(stack[i].tolist()) for i in first.tolist()]


def products(lists: Sequence[list[int]]) -> list[int]:
    """Multiply per-kind weights into one weight per roll, in ``itertools.product`` order."""
    return reduce(lambda xs, ys: [x * y for x in xs for y in ys], lists[1:], lists[0])


@dataclass
class ProjectedRolls:
    """The projected rolls of a pool on a basis of classes: per kind parts, and per roll.

    Rolls are listed in ``itertools.product`` order of the per-kind parts; ``grid`` gives,
    per kind, the index of each roll's part (numpy, for vectorised lookups).
    """

    basis: tuple[int, ...]
    caps: tuple[int, ...]
    parts: list[list[tuple[int, ...]]]   # per kind: capped counts of that kind's classes
    spans: list[tuple[int, int]]         # per kind: its slice of the basis
    weights: list[int]                   # per roll
    total: int
    _keys: list[tuple[int, ...]] | None = None
    _index: dict[tuple[int, ...], int] | None = None
    _grid: list[np.ndarray] | None = None
    _array: np.ndarray | None = None

    @property
    def keys(self) -> list[tuple[int, ...]]:
        """Each roll as capped counts over the whole basis."""
        if self._keys is None:
            self._keys = [sum(combo, ()) for combo in product(*self.parts)]
        return self._keys

    @property
    def index(self) -> dict[tuple[int, ...], int]:
        """Each roll's position in :attr:`keys` (built once)."""
        if self._index is None:
            self._index = {k: i for i, k in enumerate(self.keys)}
        return self._index

    @property
    def grid(self) -> list[np.ndarray]:
        """Per kind, the index in ``parts[kind]`` of each roll's part (built once)."""
        if self._grid is None:
            sizes = [len(p) for p in self.parts]
            n = inner = prod(sizes)
            every = np.arange(n, dtype=np.int64)
            out = []
            for size in sizes:
                inner //= size
                out.append((every // inner) % size)
            self._grid = out
        return self._grid

    @property
    def array(self) -> np.ndarray:
        """Counts per roll and basis class, shape (rolls, classes)."""
        if self._array is None:
            blocks = [np.array(p, dtype=np.int64).reshape(len(p), b - a)[g]
                      for p, (a, b), g in zip(self.parts, self.spans, self.grid, strict=True)]
            self._array = np.concatenate(blocks, axis=1)
        return self._array


@dataclass
class KindKeeps:
    """The dice of one kind a clue may keep (capped counts on the kind's basis classes).

    ``matrix``: per keep (CSR rows ``starts``), the roll parts its reroll can end in
    (``cols``) and their integer weights (``vals``: every row sums to ``sides ** n``);
    ``steps``: (keeps with one class at a level, the same keeps one die fewer) for running
    maxima; ``full``: the keeps of every die of the kind; ``roll_at``: each roll part's
    keep index; ``index``: keep -> index.
    """

    matrix: tuple[np.ndarray, np.ndarray, np.ndarray]
    steps: list[tuple[np.ndarray, np.ndarray]]
    full: np.ndarray
    roll_at: np.ndarray
    index: dict[tuple[int, ...], int]


@dataclass
class Lattice:
    """:class:`KindKeeps` per kind of a pool (``None`` for a kind with no dice)."""

    kinds: list[KindKeeps | None]
    full_keep: list[np.ndarray]
    roll_at: list[np.ndarray]
