"""Clue tokens: the best dice to keep and reroll, for every roll at once, exactly.

Rulebook: a clue, spent after a roll, rerolls any chosen dice of it (Elder Sign rulebook,
Greek edition, p.10). Rerolling after keeping dice ``k`` is worth ``E(k)``, which depends on
``k`` alone (the rerolled dice are the pool minus ``k``), not on the roll it was kept from.
So ``E`` is computed once per keep (capped counts on the basis) for all rolls: the reroll is
a product over dice kinds, so ``E = (A_green ⊗ A_yellow ⊗ A_red) V'`` with one small sparse
integer matrix per kind applied axis by axis (``V'``: the rolls' values with one clue fewer).
A roll's best clue is the maximum of ``E`` over its sub-multisets: running maxima class by
class down the lattice of keeps. All of it on exact integers over one denominator (numpy
object arrays of Python ints), instead of a ``Fraction`` sum per (roll, keep, reroll).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import lcm
from typing import TYPE_CHECKING

import numpy as np

from .rolls import KindKeeps, Lattice, ProjectedRolls
from .values import Pair, State

if TYPE_CHECKING:
    from .tables import OddsCache

KEEPS_BOUND = 1 << 14
"""Clue keeps an :class:`~.tables.OddsCache` keeps before it starts afresh (long sessions)."""


class Clues:
    """The clue half of :class:`~.engine.Engine`: the value of every roll with clues left.

    Uses the engine's :meth:`~.engine.Engine.basis`, ``rolls``, ``_evaluate`` and
    ``_parts``; the keep lattices are shared through ``self.shared``.
    """

    shared: OddsCache

    def _ints_on(self, st: State, rolls: ProjectedRolls) -> tuple[np.ndarray, int]:
        """Best value of each roll of ``rolls`` at ``st`` as exact integers over one
        denominator: ``(numerators, denominator)``, numerators an object array (Python
        ints, no overflow)."""
        if st[6]:
            got_rolls, nums, den = self.roll_ints(st)
            if got_rolls is not rolls:  # pragma: no cover - clue levels share one basis
                raise AssertionError("clue levels must share a basis")
            return nums, den
        return self._plain_ints(st, rolls)

    def roll_ints(self, st: State) -> tuple[ProjectedRolls, np.ndarray, int]:
        """The best value of every projected roll at ``st`` with clues left, exactly:
        ``(rolls, numerators, denominator)``.

        Without the clue a roll is worth its best choice (:meth:`_evaluate`). Spending the
        clue keeps some dice ``k`` (a sub-multiset of the roll, as capped counts on the
        basis) and rerolls the rest; its value ``E(k)`` depends on ``k`` alone (the dice
        rerolled are the pool minus ``k``), so it is computed once per keep for all rolls,
        and a roll's best clue is the maximum of ``E`` over its sub-multisets: a running
        maximum down the lattice of keeps (see :meth:`clue_table`).
        """
        key = ("ri", st)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        basis, caps = self.basis(st)
        rolls = self.rolls(st[1], basis, caps)
        plain, d1 = self._plain_ints(st, rolls)
        table, dc = self.clue_table(st, rolls)
        lat = self._lattice(st[1], rolls)
        best_keep = self._downward_max(table, lat)
        clue = best_keep[np.ix_(*lat.roll_at)].reshape(-1)
        den = lcm(d1, dc)
        a, b = den // d1, den // dc
        nums = np.maximum(plain * a if a != 1 else plain, clue * b if b != 1 else clue)
        got = self._cache[key] = (rolls, nums, den)
        return got

    def _plain_ints(self, st: State, rolls: ProjectedRolls) -> tuple[np.ndarray, int]:
        """:meth:`_ints_on` for the choices that keep the clue (complete a row or fail)."""
        key = ("pi", st, id(rolls))
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        ranks, values = self._evaluate(st, rolls)
        den = lcm(*(v[1].denominator for v in values))
        per = np.array([v[1].numerator * (den // v[1].denominator) for v in values],
                       dtype=object)
        got = self._cache[key] = (per[ranks], den)
        return got

    def clue_table(self, st: State, rolls: ProjectedRolls) -> tuple[np.ndarray, int]:
        """``E(k)`` for every keep ``k``: spend a clue, keep ``k``, reroll the rest, play on
        with one clue fewer. Returns (numerators shaped by the keeps of each kind, their
        denominator); a keep of every die (it rerolls nothing) gets ``-1``.

        The reroll is a product over dice kinds, so ``E = (A_1 ⊗ A_2 ⊗ ...) V'`` with one
        sparse integer matrix per kind (keep part -> roll part, weighted by the rerolled
        dice's faces): applied axis by axis, exactly, on Python integers.
        """
        key = ("ct", st)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        s, pool, marker, held, fl, sl, cl = st
        sub, den = self._ints_on((s, pool, marker, held, fl, sl, cl - 1), rolls)
        lat = self._lattice(pool, rolls)
        x = sub.reshape([len(p) for p in rolls.parts])
        for axis, kind in enumerate(lat.kinds):
            if kind is None:
                continue
            starts, cols, vals = kind.matrix
            moved = np.moveaxis(x, axis, 0)
            shape = moved.shape
            flat = moved.reshape(shape[0], -1)
            out = np.add.reduceat(flat[cols] * vals[:, None], starts, axis=0)
            x = np.moveaxis(out.reshape((len(starts),) + shape[1:]), 0, axis)
        x = np.array(x, dtype=object)   # a copy: the keep of every die is marked below
        x[np.ix_(*lat.full_keep)] = -1
        got = self._cache[key] = (x, den * rolls.total)
        return got

    def _downward_max(self, table: np.ndarray, lat: Lattice) -> np.ndarray:
        """For every keep, the maximum of ``table`` over its sub-multisets (running maxima
        class by class: the keeps of a kind are closed under taking a die away)."""
        m = table.copy()
        for axis, kind in enumerate(lat.kinds):
            if kind is None:
                continue
            for level, pred in kind.steps:
                idx = [slice(None)] * m.ndim
                src = [slice(None)] * m.ndim
                idx[axis], src[axis] = level, pred
                m[tuple(idx)] = np.maximum(m[tuple(idx)], m[tuple(src)])
        return m

    def _lattice(self, pool: tuple[int, ...], rolls: ProjectedRolls) -> Lattice:
        """The keeps of ``rolls`` per kind, with their reroll matrices (cached)."""
        key = ("lat", pool, rolls.basis, rolls.caps)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        kinds: list[KindKeeps | None] = []
        full_keep: list[np.ndarray] = []
        roll_at: list[np.ndarray] = []
        for k, (a, b) in enumerate(rolls.spans):
            parts = rolls.parts[k]
            cls = tuple(rolls.basis[a:b])
            caps = tuple(rolls.caps[a:b])
            kk = self._kind_keeps(k, pool[k], cls, caps, tuple(parts))
            kinds.append(kk if pool[k] else None)
            full_keep.append(kk.full)
            roll_at.append(kk.roll_at)
        got = Lattice(kinds, full_keep, roll_at)
        self._cache[key] = got
        return got

    def _kind_keeps(self, k: int, n: int, cls: tuple[int, ...], caps: tuple[int, ...],
                    parts: tuple[tuple[int, ...], ...]) -> KindKeeps:
        key = (self.kinds[k], n, tuple(self.classes[c][1] for c in cls), caps)
        got = self.shared.keeps.get(key)
        if got is not None:   # shared by every card: it depends on the faces, not the rows
            return got
        keeps = [v for v in product(*[range(c + 1) for c in caps]) if sum(v) <= n]
        keeps.sort(key=lambda v: (sum(v), v))
        where = {v: i for i, v in enumerate(keeps)}
        part_at = {p: i for i, p in enumerate(parts)}
        sides = self.kinds[k].sides
        starts, cols, vals = [], [], []
        for v in keeps:
            q = n - sum(v)
            fresh, weights = self._parts(k, q, cls, caps)
            scale = sides ** (n - q)
            starts.append(len(cols))
            for f, w in zip(fresh, weights, strict=True):
                cols.append(part_at[tuple(min(a + c, cap) for a, c, cap
                                          in zip(v, f, caps, strict=True))])
                vals.append(w * scale)
        steps = []
        for j in range(len(caps)):
            for level in range(1, caps[j] + 1):
                at = [i for i, v in enumerate(keeps) if v[j] == level]
                pred = [where[v[:j] + (level - 1,) + v[j + 1:]]
                        for v in (keeps[i] for i in at)]
                steps.append((np.array(at, dtype=np.int64), np.array(pred, dtype=np.int64)))
        full = np.array([i for i, v in enumerate(keeps) if sum(v) == n], dtype=np.int64)
        got = KindKeeps(
            (np.array(starts, dtype=np.int64), np.array(cols, dtype=np.int64),
             np.array(vals, dtype=object)),
            steps, full, np.array([where[p] for p in parts], dtype=np.int64), where)
        if len(self.shared.keeps) > KEEPS_BOUND:
            self.shared.keeps.clear()
        self.shared.keeps[key] = got
        return got

    def clue_expect(self, st: State, keep: tuple[int, ...], rerolled: tuple[int, ...]) -> Pair:
        """Spend a clue: keep dice ``keep`` (capped counts on the basis of ``st``), reroll
        ``rerolled`` dice per kind (the pool minus ``keep``), and play on with one clue
        fewer; the expected value (from :meth:`clue_table`)."""
        key = ("ce", st, keep, rerolled)
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = self._clue_expect(st, keep, rerolled)
        return got  # type: ignore[return-value]

    def _clue_expect(self, st: State, keep: tuple[int, ...], rerolled: tuple[int, ...]
                     ) -> Pair:
        basis, caps = self.basis(st)
        rolls = self.rolls(st[1], basis, caps)
        if sum(keep) + sum(rerolled) != sum(st[1]):
            return self._clue_expect_direct(st, keep, rerolled)
        table, den = self.clue_table(st, rolls)
        at = []
        for k, (a, b) in enumerate(rolls.spans):
            kk = self._kind_keeps(k, st[1][k], tuple(rolls.basis[a:b]), tuple(rolls.caps[a:b]),
                                  tuple(rolls.parts[k]))
            at.append(kk.index[keep[a:b]])
        x = Fraction(int(table[tuple(at)]), den)
        if x < 0:
            raise ValueError("a clue must reroll at least one die")
        return (float(x), x)

    def _clue_expect_direct(self, st: State, keep: tuple[int, ...], rerolled: tuple[int, ...]
                            ) -> Pair:
        """:meth:`clue_expect` roll by roll, for a keep that holds dice beyond the caps
        (they stay kept, not rerolled)."""
        s, pool, marker, held, fl, sl, cl = st
        basis, caps = self.basis(st)
        rolls = self.rolls(pool, basis, caps)
        sub, den = self._ints_on((s, pool, marker, held, fl, sl, cl - 1), rolls)
        index = rolls.index
        fresh = self.rolls(rerolled, basis, caps)
        num = 0
        for nkey, w in zip(fresh.keys, fresh.weights, strict=True):
            merged = tuple(min(a + c, cap) for a, c, cap in zip(keep, nkey, caps, strict=True))
            num += w * int(sub[index[merged]])
        x = Fraction(num, fresh.total * den)
        return (float(x), x)
