"""Per task row and roll, the ways to complete the row: the frontiers the engine ranks.

What a roll offers a row is its *frontier*: every (dice spent per colour, held dice spent) a
completion can take (:meth:`mythlab.elder_sign.dice.Matcher.uses`), kept to the Pareto-best
ones (more dice never hurt without terror effects). Rolls are projected on a row's classes
first (:meth:`Frontiers.codes`), so the frontiers of all cards with an equal row come from
the tables of one :class:`~.tables.OddsCache`; held dice are put on the row first, so the
frontiers of what is left are shared too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import product
from math import ceil
from typing import TYPE_CHECKING

import numpy as np

from ..dice import BLANK, Requirement
from ..dice.matching import face_use
from .rolls import ProjectedRolls, factorize
from .tables import RowKey, pareto
from .values import Usage

if TYPE_CHECKING:
    from ..dice import ReadingKey
    from .tables import OddsCache


class Frontiers:
    """The frontier half of :class:`~.engine.Engine`: rows' frontiers for every roll, as
    small ints (interned per engine), looked up in and added to ``self.shared``."""

    shared: OddsCache
    reading: ReadingKey

    def codes(self, rolls: ProjectedRolls, specs: tuple[tuple, ...]
              ) -> tuple[np.ndarray, list[list[object]]]:
        """Project every roll on a row: per kind, ``spec = (((position, cap), ...), ((position,
        dice taken), ...))`` reads capped counts after taking dice out (``None`` when the
        part lacks them).

        Returns the code per roll (its index in ``itertools.product`` of the distinct
        values per kind) and the distinct values per kind. Cached per (rolls, specs), and
        per kind per (parts, spec): rolls of other bases share their kinds' parts.
        """
        key = (id(rolls), specs)
        got = self._codes.get(key)
        if got is not None:
            return got
        local, uniq = [], []
        for parts, spec in zip(rolls.parts, specs, strict=True):
            kkey = (id(parts), spec)
            kind = self._kind_codes.get(kkey)
            if kind is None:
                mine, take = spec
                ids: dict[object, int] = {}
                vals: list[object] = []
                loc = []
                for part in parts:
                    v: object
                    if take and any(part[j] < n for j, n in take):
                        v = None
                    else:
                        if take:
                            lst = list(part)
                            for j, n in take:
                                lst[j] -= n
                            part = tuple(lst)
                        v = tuple([min(part[j], cap) for j, cap in mine])
                    i = ids.get(v)
                    if i is None:
                        i = ids[v] = len(vals)
                        vals.append(v)
                    loc.append(i)
                kind = self._kind_codes[kkey] = (np.array(loc, dtype=np.int64), vals)
            local.append(kind[0])
            uniq.append(kind[1])
        code = np.zeros(len(rolls.weights), dtype=np.int64)
        for loc, vals, g in zip(local, uniq, rolls.grid, strict=True):
            code *= len(vals)
            code += loc[g]
        got = (code, uniq)
        self._codes[key] = got
        return got

    def _intern(self, fr: frozenset[Usage]) -> int:
        f = self._fid.get(fr)
        if f is None:
            f = self._fid[fr] = len(self.fronts)
            self.fronts.append(fr)
        return f

    def _row_key(self, reqs: Iterable[Requirement]) -> RowKey:
        reqs = tuple(sorted(reqs, key=str))
        cls = tuple(c for c in self.classes if c[1] != BLANK and any(
            self._req_units(c[1], q) for q in reqs))
        return RowKey(reqs, self.reading, self.kinds, cls)

    def _req_units(self, face: str, q: Requirement) -> int:
        syms, pts = face_use(face, self.reading)
        return max([ceil(n / pts) if pts else 0 for n in q.points]
                   + [1 if x in syms else 0 for x in q.symbols])

    def frontier(self, t: int, counts: tuple[int, ...], held: tuple[str, ...]) -> int:
        """Interned frontier of row ``t``: counts over its classes, plus held faces (the
        matcher takes the held dice as classes of their own)."""
        key = (t, counts, held)
        got = self._frontier.get(key)
        if got is not None:
            return got
        usable = tuple(j for j, h in enumerate(held) if self.face_rows.get(h, 0) >> t & 1)
        base = self.shared.row_frontier(self.row_ids[t], counts, tuple(held[j] for j in usable))
        if usable != tuple(range(len(usable))):
            base = frozenset((u, sum(1 << usable[i] for i in range(len(usable)) if m >> i & 1))
                             for u, m in base)
        if self.terror is None:
            base = pareto(base)
        got = self._frontier[key] = self._intern(base)
        return got

    def _residual_rows(self, t: int, faces: tuple[str, ...]
                       ) -> list[tuple[int, int | None]] | None:
        """Row ``t`` with held dice ``faces`` put on it, every way: what the roll must do.

        Each entry is (held-dice bitmask, residual row id, or None when the held dice
        complete the row alone).
        Held dice on a requirement may be more than it needs, which only adds choices
        that spend a held die for nothing: without terror effects (more dice never hurt)
        they never win, and the frontier's Pareto step drops them. So this shortcut is
        taken only then, for rows of single-option requirements; otherwise ``None`` (the
        matcher takes the held dice as classes of their own).
        """
        key = (t, faces)
        if key in self._residuals:
            return self._residuals[key]
        reqs = self.rows[t].requirements
        out: list[tuple[int, int | None]] | None = []
        if self.terror is not None or any(len(q.options) > 1 for q in reqs):
            out = None
        else:
            assert out is not None
            options = []
            for f in faces:
                syms, pts = face_use(f, self.reading)
                options.append([-1] + [i for i, q in enumerate(reqs)
                                       if (q.symbols and q.symbols[0] in syms)
                                       or (q.points and pts)])
            seen: set[tuple[int, tuple[Requirement, ...]]] = set()
            for assign in product(*options):
                taken = Counter(i for i in assign if i >= 0)
                if any(n > 1 and reqs[i].symbols for i, n in taken.items()):
                    continue
                points = Counter()
                for f, i in zip(faces, assign, strict=True):
                    if i >= 0 and reqs[i].points:
                        points[i] += face_use(f, self.reading)[1]
                rest = []
                for i, q in enumerate(reqs):
                    if i in points:
                        if q.points[0] > points[i]:
                            rest.append(Requirement((f"INV_{q.points[0] - points[i]}",)))
                    elif i not in taken:
                        rest.append(q)
                mask = sum(1 << j for j, i in enumerate(assign) if i >= 0)
                tag = (mask, tuple(sorted(rest, key=str)))
                if tag in seen:
                    continue
                seen.add(tag)
                out.append((mask, self.shared.row_id(self._row_key(rest)) if rest else None))
        self._residuals[key] = out
        return out

    def _projection(self, rolls: ProjectedRolls, row: int, minus: tuple[int, ...] = ()
                    ) -> tuple[tuple, ...]:
        """Per-kind specs (see :meth:`codes`) projecting a roll on a row's classes, capped
        at what a minimal completion takes, after taking out the dice of classes ``minus``."""
        key = (rolls.basis, row, minus)
        got = self._specs.get(key)
        if got is not None:
            return got
        rk = self.shared.rows[row]
        pos = {c: i for i, c in enumerate(rolls.basis)}
        specs = []
        for k, (a, _) in enumerate(rolls.spans):
            mine = tuple((pos[self.cindex[c]] - a, sum(self._req_units(c[1], q)
                                                       for q in rk.requirements))
                         for c in rk.classes if c[0] == k)
            take = Counter(pos[c] - a for c in minus if self.kind_of[c] == k)
            specs.append((mine, tuple(sorted(take.items()))))
        got = self._specs[key] = tuple(specs)
        return got

    def _row_table(self, rolls: ProjectedRolls, row: int, minus: tuple[int, ...] = ()
                   ) -> np.ndarray:
        """Per roll, the shared id of a row's frontier without held dice (-1: the roll
        does not show the dice ``minus``)."""
        key = (id(rolls), "row", row, minus)
        got = self._codes.get(key)
        if got is not None:
            return got[0]
        codes, uniq = self.codes(rolls, self._projection(rolls, row, minus))
        tkey = (row, tuple(tuple(u) for u in uniq))
        table = self.shared.tables.get(tkey)
        if table is None:
            table = self.shared.tables[tkey] = np.array(
                [-1 if None in combo else self.shared.row_frontier_id(row, sum(combo, ()))  # type: ignore[arg-type]
                 for combo in product(*uniq)], dtype=np.int64)
        out = table[codes]
        self._codes[key] = (out, [])
        return out

    def frontier_ids(self, rolls: ProjectedRolls, t: int, held: tuple[str, ...],
                     minus: tuple[int, ...] = (), marker: bool = False) -> np.ndarray:
        """The interned frontier of row ``t`` for every roll, held dice usable.

        ``marker``: the first held die is on the focus marker and focusing is still
        possible (spending it for nothing would free the marker, so only the matcher's
        minimal sets may). Otherwise held dice are put on the row every way first, and
        the roll's frontiers for what is left are merged (see :meth:`_residual_rows`).
        """
        usable = tuple(j for j, h in enumerate(held) if self.face_rows.get(h, 0) >> t & 1)
        faces = tuple(held[j] for j in usable)
        live = marker and usable[:1] == (0,)
        variants = [(0, self.row_ids[t])] if not faces else \
            (None if live else self._residual_rows(t, faces))
        if variants is None:
            return self._matcher_ids(rolls, t, held, minus)
        key = (id(rolls), "f", t, faces, usable, minus)   # other held dice do not matter
        got = self._codes.get(key)
        if got is not None:
            return got[0]
        if not faces:  # no held dice: the row's own frontiers, reduced once per frontier
            out = self._plain_ids(self._row_table(rolls, self.row_ids[t], minus))
            self._codes[key] = (out, [])
            return out
        cols = [self._row_table(rolls, r, minus) for _, r in variants if r is not None]
        n = len(rolls.weights)
        if cols:
            code, firsts = factorize(cols)
        else:
            code, firsts = np.zeros(n, dtype=np.int64), [()]
        kinds = len(self.kinds)
        ids = []
        merged = self._merged
        row_id = self.row_ids[t]
        for row in firsts:
            gkey = (row_id, faces, usable, row)
            fid = merged.get(gkey)
            if fid is None:
                base = self.shared.merged.get(gkey)
                if base is None:   # shared by every card with this row (no terror here)
                    found: set[Usage] = set()
                    gids = iter(row)
                    for mask, r in variants:
                        if r is None:
                            found.add(((0,) * kinds, mask))
                            continue
                        g = next(gids)
                        if g >= 0:
                            found.update((u, mask) for u, _ in self.shared.front_list[g])
                    base = frozenset(found)
                    if usable != tuple(range(len(usable))):
                        base = frozenset((u, sum(1 << usable[i] for i in range(len(usable))
                                                 if m >> i & 1)) for u, m in base)
                    base = self.shared.merged[gkey] = pareto(base)
                fid = merged[gkey] = self._intern(base)
            ids.append(fid)
        out = np.array(ids, dtype=np.int64)[code]
        self._codes[key] = (out, [])
        return out

    def _plain_ids(self, col: np.ndarray) -> np.ndarray:
        """The engine's ids of shared frontiers ``col`` (no held dice), Pareto-reduced
        once per frontier (a lookup array indexed by shared id + 1; -1 is no frontier)."""
        lut = self._lut
        if len(lut) < len(self.shared.front_list) + 1:
            grown = np.full(2 * len(self.shared.front_list) + 2, -1, dtype=np.int64)
            grown[:len(lut)] = lut
            lut = self._lut = grown
        out = lut[col + 1]
        missing = out < 0
        if missing.any():
            for g in np.unique(col[missing]).tolist():
                if g < 0:
                    lut[0] = self._empty
                else:
                    front = self.shared.front_list[g]
                    lut[g + 1] = self._intern(pareto(front) if self.terror is None else front)
            out = lut[col + 1]
        return out

    def _matcher_ids(self, rolls: ProjectedRolls, t: int, held: tuple[str, ...],
                     minus: tuple[int, ...]) -> np.ndarray:
        """:meth:`frontier_ids` through the matcher, held dice as classes of their own."""
        codes, uniq = self.codes(rolls, self._projection(rolls, self.row_ids[t], minus))
        table = [self._empty if None in combo else
                 self.frontier(t, sum(combo, ()), held)  # type: ignore[arg-type]
                 for combo in product(*uniq)]
        return np.array(table, dtype=np.int64)[codes]

    # -- options --
