"""The exact value of every decision point of one card: the solver's engine.

Rules: Elder Sign rulebook, Greek edition, pp. 5-11 (see :mod:`mythlab.elder_sign.odds`).
The value of a decision point (:data:`~.values.State`) depends only on the rows left (equal
rows of a card without an arrow are interchangeable), the dice per colour, the faces of held
dice (as far as the rows left can tell them apart) and the focus, spells and clues left;
values are memoised per point. A point is evaluated over all its projected rolls at once
(numpy): each choice a roll offers is a candidate value, candidates are ranked exactly
(floats first, fractions on ties), each roll takes its best, and the integer weights (out of
the pool's ``prod(sides ** count)``) are summed per rank. Values are ``Fraction`` throughout.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import reduce
from itertools import combinations_with_replacement
from math import ceil, prod

import numpy as np

from mythlab.dice import Die
from mythlab.engine.multiset import weighted_counts

from ..dice import BLANK, TERROR, ReadingKey, TaskCard, investigation
from ..dice.matching import face_use
from .clues import Clues
from .frontiers import Frontiers
from .model import MAX_POSITIONS
from .rolls import ProjectedRolls, products
from .tables import OddsCache
from .values import (
    NEG,
    OCCUPIED,
    ONE,
    UNLIMITED,
    ZERO,
    Pair,
    State,
    Usage,
    exact_order,
    weighted_sum,
)


class Engine(Frontiers, Clues):
    """Values of decision points for one card, wildcard reading, dice set and allowance.

    The rows' frontiers come from :class:`~.frontiers.Frontiers` (through the tables of
    ``shared``), the value of spending a clue from :class:`~.clues.Clues`. Not thread-safe
    on its own: :class:`~mythlab.elder_sign.odds.AdventureOdds` holds ``shared.lock``.
    """

    def __init__(self, card: TaskCard, reading: ReadingKey, kinds: tuple[Die, ...],
                 focus: int | None, spell: int, clue: int, terror: str | None,
                 costs: Sequence[tuple[int, int]] = (),
                 limits: tuple[int | None, int | None] = (None, None),
                 cast: str = "before", shared: OddsCache | None = None):
        self.shared = OddsCache() if shared is None else shared
        self.rows = card.rows
        # spells cast before a roll take dice of that roll (the rulebook); "after": the
        # published solver's model, where the roll is seen before a spell is spent
        self.after = cast == "after"
        self.ordered = card.ordered
        self.n = len(card.rows)
        self.full = (1 << self.n) - 1
        # the arrow's rows, done top to bottom (rows added under the last task included)
        self.chain = self.full if card.ordered else 0
        # task costs (p.7): a row whose cost would take sanity or stamina to 0 cannot
        # be completed; costs add up over the rows completed in the attempt
        self.costs = tuple(costs) or ((0, 0),) * self.n
        self.limits = limits
        self.blocked = not self.affordable(0, self.full)
        self._avail: dict[int, tuple[int, ...]] = {}
        self.reading = reading
        self.kinds = kinds
        self.focus = UNLIMITED if focus is None else focus
        self.spell, self.clue, self.terror = spell, clue, terror
        # per face: rows it can serve (colour does not matter)
        self.face_rows: dict[str, int] = {}
        classes: list[tuple[int, str]] = []  # kind by kind: rolls concatenate kinds
        for k, die in enumerate(kinds):
            for face, _ in die.faces:
                rows = self._rows_served(str(face))
                self.face_rows[str(face)] = rows
                if rows or (terror and face == TERROR):
                    classes.append((k, str(face)))
            if terror is not None and clue > 0:  # keeping a blank die can matter then
                classes.append((k, BLANK))
        self.classes = classes
        self.kind_of = [k for k, _ in classes]
        self.units = [[self._units(face, t) for _, face in classes] for t in range(self.n)]
        self.class_rows = [sum(1 << t for t in range(self.n) if self.units[t][c])
                           for c in range(len(classes))]
        self.tclasses = [tuple(c for c in range(len(classes)) if self.units[t][c])
                         for t in range(self.n)]
        self.row_keys = [self._row_key(row.requirements) for row in self.rows]
        top = max((face_use(f, reading)[1] for d in kinds for f, _ in d.faces), default=0)
        self.mindice = [sum(1 if q.symbols or not top else
                            min(ceil(n / top) for n in q.points) for q in r)
                        for r in self.rows]
        self.inv_need = [max((q.investigation for q in r), default=0) for r in self.rows]
        self.memo: dict[State, Pair] = {}
        self.budget: int | None = None   # the memo size a question may reach (MAX_POSITIONS)
        self._kind_parts: dict[tuple, tuple[list[tuple[int, ...]], list[int]]] = {}
        self._rolls: dict[tuple, ProjectedRolls] = {}
        self._kind_codes: dict[tuple, tuple[np.ndarray, list[object]]] = {}
        self._cache: dict[tuple, object] = {}  # per decision point: fail options, clues
        self._frontier: dict[tuple, int] = {}
        self._seen = np.zeros(0, dtype=bool)
        self._where = np.zeros(0, dtype=np.int64)
        self.fronts: list[frozenset[Usage]] = []
        self._fid: dict[frozenset[Usage], int] = {}
        self._empty = self._intern(frozenset())
        self._cf: dict[tuple[str, int], str | None] = {}
        # equal rows (and costs) outside an arrow are interchangeable: when k of them are
        # left, call them the first k (fewer decision points, fewer choices per roll)
        same: dict[tuple[str, tuple[int, int]], list[int]] = {}
        for t, row in enumerate(self.rows):
            if not self.chain >> t & 1:
                key = (",".join(sorted(map(str, row.requirements))), self.costs[t])
                same.setdefault(key, []).append(t)
        self.first_equal = list(range(self.n))
        self.rows_canon = list(range(self.full + 1))
        for members in same.values():
            for t in members:
                self.first_equal[t] = members[0]
        for m in range(self.full + 1):
            out = m & self.chain
            for members in same.values():
                k = sum(1 for t in members if m >> t & 1)
                out |= sum(1 << t for t in members[:k])
            self.rows_canon[m] = out
        self._need = [sum(self.mindice[t] for t in range(self.n) if m >> t & 1)
                      for m in range(self.full + 1)]
        self.cindex = {c: i for i, c in enumerate(self.classes)}
        # the rows' numbers in the shared tables, and what this card looked up there
        self.row_ids = [self.shared.row_id(k) for k in self.row_keys]
        self._residuals: dict[tuple, list[tuple[int, int | None]] | None] = {}
        self._specs: dict[tuple, tuple[tuple, ...]] = {}
        self._codes: dict[tuple, tuple[np.ndarray, list[list[object]]]] = {}
        self._merged: dict[tuple, int] = {}
        self._lut = np.full(1, -1, dtype=np.int64)

    # -- card analysis --

    def _rows_served(self, face: str) -> int:
        syms, pts = face_use(face, self.reading)
        out = 0
        for t, row in enumerate(self.rows):
            if any((syms & set(q.symbols)) or (pts and q.points) for q in row):
                out |= 1 << t
        return out

    def _units(self, face: str, t: int) -> int:
        """Most dice showing ``face`` a minimal completion of row ``t`` can take."""
        if face == BLANK:
            return 0
        syms, pts = face_use(face, self.reading)
        return sum(max([ceil(n / pts) if pts else 0 for n in q.points]
                       + [1 if s in syms else 0 for s in q.symbols]) for q in self.rows[t])

    def affordable(self, s: int, rows: int) -> bool:
        """Whether completing ``rows`` when rows ``s`` are left keeps sanity and stamina
        above 0 (the costs of the rows done so far are paid already)."""
        done = (self.full & ~s) | rows
        for i, limit in enumerate(self.limits):
            if limit is not None and sum(self.costs[t][i] for t in range(self.n)
                                         if done >> t & 1) >= limit:
                return False
        return True

    def open_rows(self, s: int) -> tuple[int, ...]:
        """Rows that may be completed next when rows ``s`` are left: the first row of the
        arrow, and the rows outside it; rows the costs forbid are left out."""
        chain = s & self.chain
        out = [(chain & -chain).bit_length() - 1] if chain else []
        out += [t for t in range(self.n) if s >> t & 1 and not self.chain >> t & 1]
        return tuple(t for t in out if self.affordable(s, 1 << t))

    def avail(self, s: int) -> tuple[int, ...]:
        """:meth:`open_rows`, one of each set of equal rows (``s`` is canonical, see
        :meth:`canon`)."""
        got = self._avail.get(s)
        if got is None:
            got = self._avail[s] = tuple(t for t in self.open_rows(s)
                                         if self.first_equal[t] == t)
        return got

    def canon_face(self, face: str, s: int) -> str | None:
        """A held die's face as far as rows ``s`` can tell (``None``: it serves none)."""
        key = (face, s)
        if key in self._cf:
            return self._cf[key]
        out: str | None = face
        if not self.face_rows.get(face, 0) & s:
            out = None
        elif investigation(face):
            need = max((self.inv_need[t] for t in range(self.n) if s >> t & 1), default=0)
            if investigation(face) > need > 0:
                out = f"INV_{need}"
        self._cf[key] = out
        return out

    def canon(self, s: int, pool: tuple[int, ...], marker: str | None,
              held: Iterable[str], fl: int, sl: int, cl: int) -> State:
        """The canonical decision point: held faces reduced to what rows ``s`` can use."""
        cf = self._cf
        kept = []
        for h in held:
            f = cf[(h, s)] if (h, s) in cf else self.canon_face(h, s)
            if f is not None:
                kept.append(f)
        if marker:
            m = self.canon_face(marker, s)
            marker = m if m is not None else (OCCUPIED if fl else None)
        if fl == 0:
            if marker:
                kept.append(marker)
            marker = None
        kept.sort()
        return (self.rows_canon[s], pool, marker, tuple(kept), fl, sl, cl)

    # -- value of a decision point --

    def value(self, st: State) -> Fraction:
        """The exact chance of completing the rows left at decision point ``st``."""
        return self.pair(st)[1]

    def pair(self, st: State) -> Pair:
        """``(float, Fraction)`` of :meth:`value`: such pairs compare exactly and fast."""
        s, pool, marker, held, fl, sl, cl = st
        if not s:
            return ONE
        rolled = sum(pool)
        if not rolled or self.blocked:
            return ZERO
        got = self.memo.get(st)
        if got is not None:
            return got
        if self.budget is not None and len(self.memo) >= self.budget:
            raise ValueError(f"positions: this needs more than {MAX_POSITIONS} decision points, "
                             "the bound that keeps the odds within seconds; use fewer dice, "
                             "rows, spells or clues")
        if self._need[s] > rolled + len(held) + (1 if marker else 0):
            v = Fraction(0)
        else:
            v = self.cast_value(st, 0)[1]
            for c in range(1, self.most_cast(st) + 1):
                v = max(v, self.cast_value(st, c)[1])
        got = self.memo[st] = (float(v), v)
        return got

    def most_cast(self, st: State) -> int:
        """The most spells worth casting before the roll at ``st`` (``cast="before"``): one
        die of the roll each, so at most the dice rolled less one (spelling every die of a
        roll is never better than using them in it)."""
        return 0 if self.after else min(st[5], sum(st[1]) - 1)

    def cast_value(self, st: State, c: int) -> Pair:
        """The value at ``st`` when ``c`` spells are cast before the roll (p.9): after the
        roll, ``c`` of its dice go on them (the player's choice, any dice), then the rest of
        the roll is used as usual with the spelled dice held. With ``c = 0`` it is the
        plain roll (:meth:`roll_ints`, :meth:`_grouped_value`)."""
        key = ("cast", st, c)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        if c:
            v = self._cast_value(st, c)
        elif st[6]:
            rolls, nums, den = self.roll_ints(st)
            v = Fraction(int(np.dot(np.array(rolls.weights, dtype=object), nums)),
                         den * rolls.total)
        else:
            v = self._grouped_value(st)
        got = self._cache[key] = (float(v), v)
        return got  # type: ignore[return-value]

    def cast_states(self, st: State, spelled: Iterable[tuple[int, str]]) -> State:
        """The decision point after the dice ``spelled`` ((kind, face) pairs) of the roll at
        ``st`` went on spells: fewer dice, more held, fewer spells, nothing more to cast."""
        s, pool, marker, held, fl, sl, cl = st
        left = list(pool)
        faces = []
        for k, f in spelled:
            left[k] -= 1
            faces.append(f)
        return self.canon(s, tuple(left), marker, held + tuple(faces), fl, sl - len(faces),
                          cl)

    def _cast_value(self, st: State, c: int) -> Fraction:
        """:meth:`cast_value` for ``c >= 1``: over every roll of the pool (exact counts per
        kind), the best ``c`` dice to spell, then the roll's value with the rest (from the
        projected rolls of the state after the spelling, :meth:`_ints_on`).

        The few distinct values are ranked exactly once; the best spelling of every roll is
        then a maximum of integer ranks, and the weights are summed per rank."""
        pool = st[1]
        faces = [[str(f) for f, _ in die.faces] for die in self.kinds]
        spellable = [(k, j) for k in range(len(pool)) if pool[k] for j in range(len(faces[k]))]
        values: dict[Fraction, int] = {}
        found = []
        for picks in combinations_with_replacement(spellable, c):
            gone = [[0] * len(faces[k]) for k in range(len(pool))]
            for k, j in picks:
                gone[k][j] += 1
            if any(sum(g) > n for g, n in zip(gone, pool, strict=True)):
                continue
            sub = self.cast_states(st, [(k, faces[k][j]) for k, j in picks])
            basis, caps = self.basis(sub)
            rolls = self.rolls(sub[1], basis, caps)
            nums, d = self._ints_on(sub, rolls)
            distinct, at = np.unique(np.asarray(nums.tolist(), dtype=object),
                                     return_inverse=True)
            ids = np.array([values.setdefault(Fraction(int(x), d), len(values))
                            for x in distinct.tolist()], dtype=np.int64)
            grid = ids[at.reshape(-1)].reshape([len(p) for p in rolls.parts])
            index = [self._spelled_index(k, pool[k], tuple(gone[k]), rolls)
                     for k in range(len(pool))]
            found.append((index, grid))
        ordered = sorted(values)
        rank = np.empty(len(ordered), dtype=np.int64)
        rank[[values[v] for v in ordered]] = np.arange(len(ordered), dtype=np.int64)
        best: np.ndarray | None = None
        for index, grid in found:
            ranks = rank[grid][np.ix_(*[np.maximum(ix, 0) for ix in index])]
            ranks = np.where(reduce(np.logical_and.outer, [ix >= 0 for ix in index]), ranks, -1)
            best = ranks if best is None else np.maximum(best, ranks)
        weights = reduce(np.multiply.outer, [np.array(self._exact(k, n)[1], dtype=np.int64)
                                             for k, n in enumerate(pool)])
        total = prod(d.sides ** n for d, n in zip(self.kinds, pool, strict=True))
        assert best is not None and best.min() >= 0 and total < 1 << 53
        counts = np.bincount(best.reshape(-1), weights=weights.reshape(-1).astype(np.float64),
                             minlength=len(ordered))
        return weighted_sum([(int(w), v) for w, v in zip(counts.tolist(), ordered,
                                                           strict=True) if w], total)

    def _exact(self, k: int, n: int) -> tuple[np.ndarray, list[int]]:
        """Every roll of ``n`` dice of kind ``k`` as counts per face (rows), with weights."""
        key = ("exact", k, n)
        got = self._cache.get(key)
        if got is None:
            rolls = weighted_counts([w for _, w in self.kinds[k].faces], n)
            counts = np.array([ks for ks, _ in rolls], dtype=np.int64).reshape(
                len(rolls), len(self.kinds[k].faces))
            got = self._cache[key] = (counts, [w for _, w in rolls])
        return got  # type: ignore[return-value]

    def _spelled_index(self, k: int, n: int, gone: tuple[int, ...], rolls: ProjectedRolls
                       ) -> np.ndarray:
        """For every roll of :meth:`_exact` (kind ``k``, ``n`` dice): the index of its kind-``k``
        part in ``rolls`` once the dice ``gone`` (counts per face) went on spells, -1 when
        the roll does not show them."""
        a, b = rolls.spans[k]
        cls = tuple(rolls.basis[a:b])
        caps = tuple(rolls.caps[a:b])
        key = ("spelled", k, n, gone, cls, caps)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        faces = [str(f) for f, _ in self.kinds[k].faces]
        left = self._exact(k, n)[0] - np.array(gone, dtype=np.int64)
        named = {self.classes[x][1] for x in cls}
        others = [j for j, f in enumerate(faces) if f not in named]
        code = np.zeros(len(left), dtype=np.int64)
        for x, cap in zip(cls, caps, strict=True):
            face = self.classes[x][1]
            col = left[:, others].sum(axis=1) if face == BLANK else left[:, faces.index(face)]
            code = code * (cap + 1) + np.clip(col, 0, cap)
        lut = np.full(prod(cap + 1 for cap in caps), -1, dtype=np.int64)
        for i, part in enumerate(rolls.parts[k]):
            at = 0
            for v, cap in zip(part, caps, strict=True):
                at = at * (cap + 1) + v
            lut[at] = i
        got = np.where((left >= 0).all(axis=1), lut[code], -1)
        self._cache[key] = got
        return got
    def hold_capacity(self, st: State) -> int:
        """How many dice one roll may put on hold at ``st`` once it is seen: a focus if the
        marker is free, and spells when they are spent after the roll (``cast="after"``;
        cast before it, spells take their dice before the roll is used, see
        :meth:`cast_value`)."""
        _, _, marker, _, fl, sl, _ = st
        return (sl if self.after else 0) + (1 if fl != 0 and marker is None else 0)

    def basis(self, st: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The classes a roll is projected on at ``st``, and their caps.

        The classes rows can use (the rows that may be completed now, or every remaining
        row when dice may be held for later; a clue only matters for this roll), capped at
        the most a minimal completion plus the holds can take; with a terror effect also
        the terror dice (counted exactly when they are set aside or clues may reroll
        them), and with terror and clues the dice that serve nothing (keeping one can then
        be better than rerolling it).
        """
        key = ("basis", st)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        s, pool, _, _, _, _, cl = st
        hold = self.hold_capacity(st)
        rows = s if hold else sum(1 << t for t in self.avail(s))
        exact_terror = self.terror == "discard_all_terror" or cl > 0
        basis, caps = [], []
        for c, (k, face) in enumerate(self.classes):
            useful = self.class_rows[c] & rows
            cap = max(self.units[t][c] for t in range(self.n) if rows >> t & 1) + hold \
                if useful else 0
            if face == BLANK or (face == TERROR and self.terror and exact_terror):
                cap = pool[k]
            elif face == TERROR and self.terror:
                cap = max(cap, 1)
            elif not useful:
                continue
            basis.append(c)
            caps.append(min(pool[k], cap))
        got = self._cache[key] = (tuple(basis), tuple(caps))
        return got  # type: ignore[return-value]

    def rolls(self, pool: tuple[int, ...], basis: tuple[int, ...],
              caps: tuple[int, ...]) -> ProjectedRolls:
        """The rolls of ``pool`` projected on ``basis`` (each class capped by ``caps``), with
        their weights out of every outcome; cached per key."""
        key = (pool, basis, caps)
        got = self._rolls.get(key)
        if got is not None:
            return got
        parts, weights, spans = [], [], []
        start = 0
        for k in range(len(self.kinds)):
            mine = [i for i, c in enumerate(basis) if self.kind_of[c] == k]
            spans.append((start, start + len(mine)))
            start += len(mine)
            p, w = self._parts(k, pool[k], tuple(basis[i] for i in mine),
                               tuple(caps[i] for i in mine))
            parts.append(p)
            weights.append(w)
        total = prod(d.sides ** n for d, n in zip(self.kinds, pool, strict=True))
        got = ProjectedRolls(basis, caps, parts, spans, products(weights), total)
        self._rolls[key] = got
        return got

    def _parts(self, k: int, n: int, cls: tuple[int, ...], caps: tuple[int, ...]
               ) -> tuple[list[tuple[int, ...]], list[int]]:
        key = (k, n, cls, caps)
        got = self._kind_parts.get(key)
        if got is not None:
            return got
        where = {self.classes[c][1]: j for j, c in enumerate(cls)}
        blank = where.get(BLANK, len(cls))
        weights = [0] * (len(cls) + 1)
        for face, w in self.kinds[k].faces:
            weights[where.get(str(face), blank)] += w
        out: dict[tuple[int, ...], int] = {}
        for ks, w in weighted_counts(weights, n):
            part = tuple(min(ks[j], caps[j]) for j in range(len(cls)))
            out[part] = out.get(part, 0) + w
        got = (list(out), list(out.values()))
        self._kind_parts[key] = got
        return got

    def held_list(self, st: State) -> tuple[str, ...]:
        """The held dice a completion may use: the focused die first, then the others."""
        return ((st[2],) if st[2] else ()) + st[3]

    def complete(self, st: State, t: int, usage: Usage, spelled: tuple[str, ...] = (),
                 spent: tuple[int, ...] = (), rows: int | None = None) -> State:
        """The decision point after completing row ``t`` (and spelling leftover dice).

        ``rows``: the rows left as the player sees them (``st`` holds a canonical set).
        """
        s, pool, marker, held, fl, sl, cl = st
        if rows is not None:
            s = rows
        u, mask = usage
        if spent:
            pool = tuple(p - a - b for p, a, b in zip(pool, u, spent, strict=True))
        else:
            pool = tuple(p - a for p, a in zip(pool, u, strict=True))
        if marker:
            if mask & 1:
                marker = None
            mask >>= 1
        if mask:
            held = tuple(h for j, h in enumerate(held) if not mask >> j & 1)
        return self.canon(s & ~(1 << t), pool, marker, held + spelled, fl, sl - len(spelled),
                          cl)

    def holdable(self, st: State, left: tuple[int, ...]) -> list[int]:
        """Classes a die may be focused or spelled from: useful, not set aside by terror."""
        s = st[0]
        return [c for c, (k, face) in enumerate(self.classes) if self.class_rows[c] & s
                and left[k] and not (self.terror == "discard_all_terror" and face == TERROR)]

    def fail_options(self, st: State, drop: tuple[int, ...] = ()
                     ) -> list[tuple[Pair, tuple[tuple[int, int], ...]]]:
        """Failing: best value per (focus, spells) choice, with the dice it needs, best first.

        Each entry is ``(value, ((class, dice needed), ...))``, the best die to set aside
        already chosen; entries no better than holding nothing are left out. ``drop`` are
        the dice per kind a terror effect sets aside first. Cached per decision point.
        """
        key = ("fail", st, drop)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        s, pool, marker, held, fl, sl, cl = st
        left = tuple(p - d for p, d in zip(pool, drop, strict=True)) if drop else pool
        holdable = self.holdable(st, left)
        focus_opts: list[int | None] = [None]
        if fl != 0 and marker is None:
            focus_opts += holdable
        classes, kind_of, value = self.classes, self.kind_of, self.pair
        out = []
        for a in focus_opts:
            new_marker = classes[a][1] if a is not None else marker
            new_fl = fl - 1 if a is not None and fl > 0 else fl
            for nb in range(sl + 1 if self.after else 1):
                for b in combinations_with_replacement(holdable, nb):
                    taken = ((a,) if a is not None else ()) + b
                    spent = list(left)
                    for c in taken:
                        spent[kind_of[c]] -= 1
                    if min(spent) < 0:
                        continue
                    new_held = held + tuple(classes[c][1] for c in b)
                    best = None
                    for k in range(len(pool)):
                        if spent[k] < 1:
                            continue
                        spent[k] -= 1
                        v = value(self.canon(s, tuple(spent), new_marker, new_held, new_fl,
                                             sl - nb, cl))
                        spent[k] += 1
                        if best is None or v > best:
                            best = v
                    if best is not None:
                        out.append((best, tuple(Counter(taken).items())))
        out.sort(key=lambda o: o[0], reverse=True)
        plain = [i for i, (_, need) in enumerate(out) if not need]
        if plain:
            out = out[:plain[0] + 1]
        self._cache[key] = out
        return out

    def _grouped_value(self, st: State) -> Fraction:
        """Value of a decision point without clues: the best choice of every roll, summed."""
        basis, caps = self.basis(st)
        rolls = self.rolls(st[1], basis, caps)
        ranks, values = self._evaluate(st, rolls)
        if rolls.total < 1 << 53:  # float sums of integers are exact below 2 ** 53
            sums = np.bincount(ranks, weights=np.array(rolls.weights, dtype=np.float64),
                               minlength=len(values))
            weight = [int(x) for x in sums.tolist()]
        else:  # pragma: no cover - pools of 21 dice or more
            weight = [0] * len(values)
            for r, w in zip(ranks.tolist(), rolls.weights, strict=True):
                weight[r] += w
        return weighted_sum([(w, v[1]) for w, v in zip(weight, values, strict=True) if w],
                             rolls.total)

    def _evaluate(self, st: State, rolls: ProjectedRolls) -> tuple[np.ndarray, list[Pair]]:
        """The best choice for every roll at ``st`` (clues aside), vectorised over rolls.

        Every choice a roll may offer gets a candidate value: failing (the best focus and
        spells its dice allow, then the best die to set aside; with a terror effect, what
        its terror dice do), and per row that may be completed the best way its frontier
        offers (with spells left, also keeping dice back on spells). Returns, per roll, the
        rank of its best candidate, and the candidate values in increasing order.
        """
        s, pool, marker, held, fl, sl, cl = st
        hl = self.held_list(st)
        live = bool(marker) and fl != 0
        n = len(rolls.weights)
        counts = rolls.array
        pos = {c: i for i, c in enumerate(rolls.basis)}
        cand: list[Pair] = [NEG, ZERO]   # index 0: nothing; 1: give up
        columns: list[np.ndarray] = []
        done: dict[tuple, Pair] = {}

        def after(t: int, usage: Usage, spelled: tuple[str, ...], spent: tuple[int, ...]
                  ) -> Pair:
            key = (t, usage, spelled, spent)
            got = done.get(key)
            if got is None:
                got = done[key] = self.pair(self.complete(st, t, usage, spelled, spent))
            return got

        def best_of(t: int, f: int, spelled: tuple[str, ...] = (),
                    spent: tuple[int, ...] = ()) -> Pair:
            if not s & ~(1 << t):
                return ONE
            best = NEG
            for usage in self.fronts[f]:
                if spent and any(a + b > p for a, b, p in zip(usage[0], spent, pool,
                                                               strict=True)):
                    continue
                v = after(t, usage, spelled, spent)
                if v > best:
                    best = v
            return best

        def showing(need: Iterable[tuple[int, int]]) -> np.ndarray:
            m = np.ones(n, dtype=bool)
            for c, k in need:
                m &= counts[:, pos[c]] >= k
            return m

        def spelled_of(b: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[int, ...]]:
            spent = [0] * len(pool)
            for c in b:
                spent[self.kind_of[c]] += 1
            return tuple(self.classes[c][1] for c in b), tuple(spent)

        # failing the roll
        if self.hold_capacity(st) or self.terror is not None:
            columns.append(self._fail_column(st, rolls, cand, showing))
        else:
            best = ZERO
            for k in range(len(pool)):
                if pool[k]:
                    left = tuple(x - (1 if j == k else 0) for j, x in enumerate(pool))
                    v = self.pair(self.canon(s, left, marker, held, fl, sl, cl))
                    if v > best:
                        best = v
            cand.append(best)
            columns.append(np.full(n, len(cand) - 1, dtype=np.int64))
        # completing a row (maybe keeping leftover dice back on spells)
        holdable = [c for c in self.holdable(st, pool) if c in pos] if sl and self.after \
            else []
        for t in self.avail(s):
            rest = s & ~(1 << t)
            jobs: list[tuple[int, ...]] = [()]
            if holdable and rest:
                jobs += [b for nb in range(1, sl + 1)
                         for b in combinations_with_replacement(holdable, nb)
                         if all(self.class_rows[c] & rest for c in b)]
            plain = self.frontier_ids(rolls, t, hl, (), live)
            p_uniq, p_inv = self._distinct(plain)
            for b in jobs:
                extra = spelled_of(b) if b else ((), ())
                if b and not any(c in self.tclasses[t] for c in b):
                    # the row cannot use these dice: its frontier is unchanged, and the
                    # choice is there when the roll shows them
                    shows = showing(Counter(b).items())
                    present = np.zeros(len(p_uniq), dtype=bool)
                    present[p_inv[shows]] = True
                    local = np.zeros(len(p_uniq), dtype=np.int64)
                    for i in np.flatnonzero(present).tolist():
                        f = p_uniq[i]
                        cand.append(best_of(t, f, *extra) if f != self._empty else NEG)
                        local[i] = len(cand) - 1
                    columns.append(np.where(shows, local[p_inv], 0))
                    continue
                if b:   # keeping these dice back changes what the row can use
                    uniq, inv = self._distinct(self.frontier_ids(rolls, t, hl, b, live))
                else:
                    uniq, inv = p_uniq, p_inv
                base = len(cand)
                cand.extend(best_of(t, f, *extra) if f != self._empty else NEG
                            for f in uniq)
                columns.append(base + inv)
        order = exact_order(cand)
        rank = np.empty(len(cand), dtype=np.int64)
        rank[order] = np.arange(len(cand), dtype=np.int64)
        best_rank = rank[columns[0]]
        for col in columns[1:]:
            np.maximum(best_rank, rank[col], out=best_rank)
        return best_rank, [cand[i] for i in order]

    def _distinct(self, fids: np.ndarray) -> tuple[list[int], np.ndarray]:
        """The distinct frontier ids of ``fids`` and each one's position among them (like
        ``np.unique(..., return_inverse=True)``, without sorting: ids are small ints)."""
        size = len(self.fronts)
        if len(self._seen) < size:
            self._seen = np.zeros(2 * size, dtype=bool)
            self._where = np.zeros(2 * size, dtype=np.int64)
        seen, where = self._seen, self._where
        seen[fids] = True
        uniq = np.flatnonzero(seen[:size])
        seen[uniq] = False
        where[uniq] = np.arange(len(uniq), dtype=np.int64)
        return uniq.tolist(), where[fids]

    def _fail_column(self, st: State, rolls: ProjectedRolls, cand: list[Pair],
                     showing: Callable[[Iterable[tuple[int, int]]], np.ndarray]) -> np.ndarray:
        """Per roll, the candidate index of failing it (focus and spells as its dice allow)."""
        n = len(rolls.weights)
        counts = rolls.array
        column = np.ones(n, dtype=np.int64)          # give up, unless something better
        groups: list[tuple[np.ndarray, tuple[int, ...]]] = []
        terr = [i for i, c in enumerate(rolls.basis) if self.classes[c][1] == TERROR]
        if self.terror is None or not terr:
            groups.append((np.ones(n, dtype=bool), ()))
        elif self.terror == "immediate_fail":      # a terror shown ends the adventure
            groups.append((counts[:, terr].sum(axis=1) == 0, ()))
        else:                                      # terror dice are set aside first
            shown = counts[:, terr]
            for row in np.unique(shown, axis=0).tolist():
                drop = [0] * len(st[1])
                for i, x in zip(terr, row, strict=True):
                    drop[self.kind_of[rolls.basis[i]]] += x
                mask = np.all(shown == np.array(row, dtype=np.int64), axis=1)
                groups.append((mask, tuple(drop) if any(drop) else ()))
        for pending, drop in groups:
            for value, need in self.fail_options(st, drop):
                m = pending & showing(need) if need else pending
                if m.any():
                    cand.append(value)
                    column[m] = len(cand) - 1
                    pending = pending & ~m
                    if not pending.any():
                        break
        return column
