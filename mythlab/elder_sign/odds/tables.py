"""What solvers of different cards share: per task row, every way a roll can complete it.

A row's *frontier* for a roll is every (dice spent per kind, held dice spent) a completion
can take (:meth:`~mythlab.elder_sign.dice.Matcher.uses`). It depends on the row, the
wildcard reading and the dice, not on the card, so every card with an equal row can use it.
An :class:`OddsCache` holds these tables; a solver without one gets its own, and solvers
given the same one (a table of many cards, the odds explorer) solve each row once.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mythlab.dice import Die

from ..dice import Matcher, ReadingKey, Requirement
from .values import Usage

if TYPE_CHECKING:
    import numpy as np

    from .rolls import KindKeeps

BOUND = 1 << 20
"""Memoised frontiers an :class:`OddsCache` keeps before it starts afresh (long sessions)."""


@dataclass(frozen=True)
class RowKey:
    """What a row's frontiers depend on (shared by every card with an equal row)."""

    requirements: tuple[Requirement, ...]
    reading: ReadingKey
    kinds: tuple[Die, ...]
    classes: tuple[tuple[int, str], ...]   # the (kind, face) classes the row can use


class OddsCache:
    """Tables shared by the solvers given this cache, and the lock that guards them.

    Pass one cache to several :class:`~mythlab.elder_sign.odds.AdventureOdds` (or to
    :func:`~mythlab.elder_sign.odds.odds_table`) and equal rows on different cards are
    solved once. Every public method of a solver holds :attr:`lock`, so solvers sharing a
    cache may be used from several threads (one solves at a time); solvers with caches of
    their own never wait for each other.

    Examples
    --------
    >>> from mythlab.elder_sign.odds import AdventureOdds
    >>> shared = OddsCache()
    >>> a = AdventureOdds("PERIL,PERIL > LORE,LORE", focus=0, cache=shared)
    >>> b = AdventureOdds("LORE,LORE > PERIL,PERIL", focus=0, cache=shared)
    >>> a.probability("6G") == b.probability("6G")   # b's rows were solved for a
    True
    >>> len(shared.rows)
    2
    """

    def __init__(self) -> None:
        self.lock = threading.RLock()
        """Held by the solvers' public methods (re-entrant; ~0.1 µs uncontended)."""
        self.row_ids: dict[RowKey, int] = {}
        self.rows: list[RowKey] = []
        """Row keys by id: ids are small ints, quicker to hash than the keys."""
        self.frontiers: dict[tuple, frozenset[Usage]] = {}
        self.matchers: dict[tuple, Matcher] = {}
        self.front_ids: dict[tuple[int, tuple[int, ...]], int] = {}
        self.front_sets: dict[frozenset[Usage], int] = {}
        self.front_list: list[frozenset[Usage]] = []
        """Frontiers without held dice by id (:meth:`row_frontier_id`)."""
        self.tables: dict[tuple, np.ndarray] = {}
        """Per row and distinct projected parts: the frontier id of each combination."""
        self.merged: dict[tuple, frozenset[Usage]] = {}
        """Per row, held faces and residual frontiers: the merged, Pareto-best frontier."""
        self.keeps: dict[tuple, KindKeeps] = {}
        """Per die, count, faces and caps: the keeps a clue may reroll from."""

    def row_id(self, row: RowKey) -> int:
        """A small int for a row key (hashing the key itself is slow)."""
        got = self.row_ids.get(row)
        if got is None:
            got = self.row_ids[row] = len(self.rows)
            self.rows.append(row)
        return got

    def row_frontier(self, row: int, counts: tuple[int, ...], held: tuple[str, ...] = ()
                     ) -> frozenset[Usage]:
        """Every (dice per kind, held-dice bitmask) a completion of row ``row`` can spend.

        ``counts`` are the roll's dice over the row's classes; ``held`` the faces of held
        dice it may also use. Each requirement takes a minimal set of dice
        (:meth:`mythlab.elder_sign.dice.Matcher.uses`).
        """
        key = (row, counts, held)
        got = self.frontiers.get(key)
        if got is not None:
            return got
        rk = self.rows[row]
        kinds = len(rk.kinds)
        m = self.matchers.get((row, held))
        if m is None:
            cls = list(rk.classes) + [(kinds + i, h) for i, h in enumerate(held)]
            m = self.matchers[(row, held)] = Matcher(rk.requirements, cls, rk.reading)
        coords = [k for k, _ in rk.classes] + [kinds + i for i in range(len(held))]
        out = frozenset((u[:kinds], sum(1 << i for i in range(len(held)) if u[kinds + i]))
                        for u in m.uses(list(counts) + [1] * len(held), coords))
        if len(self.frontiers) > BOUND:
            self.frontiers.clear()
        self.frontiers[key] = out
        return out

    def row_frontier_id(self, row: int, counts: tuple[int, ...]) -> int:
        """:meth:`row_frontier` without held dice, as a small int (an index of
        :attr:`front_list`)."""
        key = (row, counts)
        got = self.front_ids.get(key)
        if got is None:
            front = self.row_frontier(row, counts)
            got = self.front_sets.get(front)
            if got is None:
                got = self.front_sets[front] = len(self.front_list)
                self.front_list.append(front)
            self.front_ids[key] = got
        return got


def pareto(front: frozenset[Usage]) -> frozenset[Usage]:
    """The usages no other one beats: none spends fewer dice of every kind and a subset of
    the held dice (the first held die, maybe the focused one, must match: freeing the focus
    marker is not always worse). Without terror effects more dice never hurt, so only
    these matter."""
    items = sorted(front, key=lambda um: (sum(um[0]), bin(um[1]).count("1")))
    keep: list[Usage] = []
    for u, m in items:
        if not any(m2 & ~m == 0 and (m2 ^ m) & 1 == 0
                   and all(a <= b for a, b in zip(u2, u, strict=True)) for u2, m2 in keep):
            keep.append((u, m))
    return frozenset(keep)
