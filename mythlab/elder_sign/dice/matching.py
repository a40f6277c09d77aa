"""Task matching: can a roll complete a row, and with which dice at least cost.

Rules (Elder Sign rulebook, Greek edition, p.6): each die serves one requirement; a symbol
(``LORE``, ``PERIL``, ``TERROR``) takes one die showing it; ``INV_n`` takes one or more dice
whose investigation points add up to at least ``n`` (extra points are lost); an either-or
requirement is met by meeting any one of its options; a wildcard serves one requirement as
one of the things its reading allows (``wild="seed"``, the rulebook's: 1 investigation,
lore, peril or terror; ``wild="faq"``: 4 investigation, lore, peril or terror). Faces
outside this vocabulary (``BLANK``, or a home-made die's own faces) serve nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from mythlab.dice import Face, Roll

from .faces import SYMBOLS, WILD, WildReading, investigation
from .load import resolve_wild
from .rows import Requirement, Row, RowLike, as_row

Wild = str | WildReading | Iterable[str]
"""A ``wild=`` argument: ``"seed"``, ``"faq"``, a :class:`WildReading`, or what it counts as."""

ReadingKey = tuple[frozenset[str], int]
"""A wildcard reading reduced to what matching needs: (symbols, investigation points)."""

_NOTHING: frozenset[str] = frozenset()


@lru_cache(maxsize=64)
def _cached_key(wild: str | WildReading) -> ReadingKey:
    r = resolve_wild(wild)
    return r.symbols, r.investigation


def reading_key(wild: Wild) -> ReadingKey:
    """What a wildcard can be under ``wild``: its symbols and investigation points.

    >>> reading_key("faq")[1], sorted(reading_key("seed")[0])
    (4, ['LORE', 'PERIL', 'TERROR'])
    """
    if isinstance(wild, str | WildReading):
        return _cached_key(wild)
    r = resolve_wild(wild)
    return r.symbols, r.investigation


def face_use(face: Face, reading: ReadingKey) -> tuple[frozenset[str], int]:
    """The symbols a face can serve and its investigation points, under a reading."""
    if face == WILD:
        return reading
    if face in SYMBOLS:
        return frozenset((face,)), 0
    return _NOTHING, investigation(face)


class Matcher:
    """Assigns dice to the requirements of a row, for dice of fixed classes.

    ``classes`` are the distinct (kind index, face) dice a roll may show; each call gives
    how many of each it shows. Each requirement's dice are a minimal set (no die could be
    dropped): that loses no solution and is what "fewest dice" wants anyway. The search is
    depth-first over requirements (symbols first, then either-or, then investigation).

    :meth:`cheapest` returns the best assignment under :func:`cheapest_completion`'s
    tie-break. :meth:`feasible` stops at the first solution, settles a last single
    investigation requirement by adding up the points left, and remembers dead ends
    (requirement position, dice left) across calls, so checking many rolls over the same
    classes shares work.

    Examples
    --------
    >>> from mythlab.elder_sign.dice import parse_row
    >>> m = Matcher(parse_row("INV_3,LORE").requirements, [(0, "LORE"), (0, "INV_2")],
    ...             reading_key("seed"))
    >>> m.feasible([1, 1]), m.feasible([1, 2]), m.cheapest([1, 2])
    (False, True, [[1, 1], [0]])
    """

    def __init__(self, reqs: tuple[Requirement, ...], classes: list[tuple[int, Face]],
                 reading: ReadingKey):
        self.reqs, self.classes = reqs, classes
        uses = [face_use(f, reading) for _, f in classes]
        self.points = [u[1] for u in uses]
        self.inv_classes = sorted((i for i, p in enumerate(self.points) if p),
                                  key=lambda i: (-self.points[i], i))
        self.order = sorted(range(len(reqs)),
                            key=lambda r: (bool(reqs[r].points), len(reqs[r].options)))
        # per requirement (in search order): the classes that can meet one of its symbols,
        # exact symbols before wildcards (a wildcard is the more flexible die to keep)
        self.symbol_classes = []
        for r in self.order:
            fits = [i for i, u in enumerate(uses) if any(s in u[0] for s in reqs[r].symbols)]
            self.symbol_classes.append(sorted(fits, key=lambda i: (classes[i][1] == WILD, i)))
        self.failed: set[tuple[int, ...]] = set()

    def _groups(self, pos: int, counts: list[int]) -> list[list[int]]:
        """The minimal dice sets that meet the requirement at search position ``pos``."""
        out = [[i] for i in self.symbol_classes[pos] if counts[i]]
        inv, points = self.inv_classes, self.points
        picked: list[int] = []

        def take(j: int, total: int, n: int) -> None:
            if j == len(inv):
                return
            i = inv[j]
            v = points[i]
            base = len(picked)
            for k in range(counts[i] + 1):
                if total + k * v >= n:
                    out.append(picked[:])
                    break
                take(j + 1, total + k * v, n)
                picked.append(i)
            del picked[base:]

        for n in self.reqs[self.order[pos]].points:
            take(0, 0, n)
        return out

    def feasible(self, counts: list[int]) -> bool:
        """Whether dice with these counts per class meet every requirement."""
        counts = list(counts)
        last, reqs, order, failed = len(self.order) - 1, self.reqs, self.order, self.failed

        def dfs(pos: int) -> bool:
            req = reqs[order[pos]]
            if pos == last and not req.symbols and len(req.points) == 1:
                return sum(counts[i] * self.points[i] for i in self.inv_classes) >= req.points[0]
            state = (pos, *counts)
            if state in failed:
                return False
            for group in self._groups(pos, counts):
                for i in group:
                    counts[i] -= 1
                done = pos == last or dfs(pos + 1)
                for i in group:
                    counts[i] += 1
                if done:
                    return True
            failed.add(state)
            return False

        return dfs(0)

    def cheapest(self, counts: list[int]) -> list[list[int]] | None:
        """The cheapest assignment (class indices per requirement, in row order), or None."""
        counts = list(counts)
        last, order = len(self.order) - 1, self.order
        chosen: list[list[int]] = [[] for _ in self.reqs]
        best: list = []  # [key, assignment]

        def dfs(pos: int, n_used: int) -> None:
            if best and n_used > best[0][0]:
                return
            if pos > last:
                key = _cost(self.classes, chosen)
                if not best or key < best[0]:
                    best[:] = [key, [list(g) for g in chosen]]
                return
            for group in self._groups(pos, counts):
                for i in group:
                    counts[i] -= 1
                chosen[order[pos]] = group
                dfs(pos + 1, n_used + len(group))
                for i in group:
                    counts[i] += 1

        dfs(0, 0)
        return best[1] if best else None

    def uses(self, counts: list[int], coords: list[int] | None = None
             ) -> frozenset[tuple[int, ...]]:
        """Every distinct way to spend dice on the row, as dice taken per coordinate.

        Each requirement takes a minimal set (as in :meth:`cheapest`); an empty answer means
        the row cannot be met. By default a coordinate is a class; ``coords[i]`` sends class
        ``i`` to a coordinate instead (e.g. its kind, when only colours matter), which keeps
        the answer small. Solvers that look beyond one roll use this to weigh which dice a
        completion leaves for the next roll.

        Examples
        --------
        >>> from mythlab.elder_sign.dice import parse_row
        >>> m = Matcher(parse_row("INV_4").requirements,
        ...             [(0, "INV_1"), (0, "INV_3"), (1, "INV_4")], reading_key("seed"))
        >>> sorted(m.uses([1, 1, 1]))
        [(0, 0, 1), (1, 1, 0)]
        >>> sorted(m.uses([1, 1, 1], coords=[0, 0, 1]))          # dice taken per kind
        [(0, 1), (2, 0)]
        >>> m.uses([1, 0, 0])
        frozenset()

        Notes
        -----
        Depth-first over requirements with a memo on (requirement, dice left); the answer
        is at most the number of sub-multisets of the dice.
        """
        counts = list(counts)
        coords = list(range(len(counts))) if coords is None else list(coords)
        width, last = max(coords, default=-1) + 1, len(self.order) - 1
        memo: dict[tuple[int, ...], frozenset[tuple[int, ...]]] = {}
        nothing = ((0,) * width,)
        final = self.reqs[self.order[last]]
        points_only = not final.symbols and len(final.points) == 1

        def dfs(pos: int) -> frozenset[tuple[int, ...]]:
            key = (pos, *counts)
            if key in memo:
                return memo[key]
            if pos == last and points_only:
                memo[key] = self._point_uses(final.points[0], counts, coords, width)
                return memo[key]
            found: set[tuple[int, ...]] = set()
            for group in self._groups(pos, counts):
                for i in group:
                    counts[i] -= 1
                rest = nothing if pos == last else dfs(pos + 1)
                for i in group:
                    counts[i] += 1
                for r in rest:
                    used = list(r)
                    for i in group:
                        used[coords[i]] += 1
                    found.add(tuple(used))
            memo[key] = frozenset(found)
            return memo[key]

        return dfs(0)

    def _point_uses(self, need: int, counts: list[int], coords: list[int], width: int
                    ) -> frozenset[tuple[int, ...]]:
        """The coordinate vectors of the minimal dice sets adding up to ``need`` points.

        Classes are taken by falling value; a set is minimal exactly when the die that
        reaches ``need`` is one of its smallest, so a DP over (points so far, vector)
        finds them all without listing the sets themselves.
        """
        states = {(0, (0,) * width)}
        found: set[tuple[int, ...]] = set()
        for i in self.inv_classes:
            v, c, x = self.points[i], counts[i], coords[i]
            grown = set()
            for total, vec in states:
                grown.add((total, vec))
                for k in range(1, c + 1):
                    nxt = vec[:x] + (vec[x] + k,) + vec[x + 1:]
                    if total + k * v >= need:
                        found.add(nxt)
                        break
                    grown.add((total + k * v, nxt))
            states = grown
        return frozenset(found)


def _cost(classes: list[tuple[int, Face]], chosen: list[list[int]]) -> tuple:
    """The tie-break order of :func:`cheapest_completion`, smaller is cheaper."""
    used = [classes[i] for group in chosen for i in group]
    kinds = max((g for g, _ in classes), default=0) + 1
    per_kind = [0] * kinds
    for g, _ in used:
        per_kind[g] += 1
    return (
        len(used),                                      # 1. fewest dice
        tuple(reversed(per_kind)),                      # 2. fewest of the most precious kind
        sum(1 for _, f in used if f == WILD),           # 3. fewest wildcards
        sum(investigation(f) for _, f in used),         # 4. fewest investigation points
        tuple(sorted((g, str(f)) for g, f in used)),    # 5. a fixed order, for determinism
    )


@lru_cache(maxsize=1 << 16)
def feasible(reqs: tuple[Requirement, ...], reading: ReadingKey,
             faces: frozenset[tuple[Face, int]]) -> bool:
    """Whether dice showing ``faces`` ((face, how many) pairs) meet every requirement.

    The cached core of :func:`can_complete`: colours never matter for whether a row can
    be completed, only for which dice to spend.
    """
    items = list(faces)
    return Matcher(reqs, [(0, f) for f, _ in items], reading).feasible([k for _, k in items])


def can_complete(row: RowLike, roll: Roll, wild: Wild = "seed") -> bool:
    """Whether one roll meets every requirement of a task row.

    Parameters
    ----------
    row : Row, str or list
        E.g. ``"INV_3,LORE"`` (see :func:`~mythlab.elder_sign.dice.parse_row`).
    roll : Roll
        ``((die name, faces), ...)`` as in :func:`~mythlab.elder_sign.dice.outcomes`.
    wild : str, WildReading or list of str, default "seed"
        The wildcard reading: ``"seed"`` (1 investigation or a symbol) or ``"faq"``
        (4 investigation or a symbol).

    Returns
    -------
    bool

    Examples
    --------
    >>> roll = (("green", ("LORE", "INV_1", "INV_2", "PERIL")), ("red", ("WILD",)))
    >>> can_complete("INV_3,LORE", roll)
    True
    >>> can_complete("INV_6,LORE", roll), can_complete("INV_6,LORE", roll, wild="faq")
    (False, True)

    Notes
    -----
    Cached per (row, roll, reading), and below that on the multiset of faces whatever their
    colours: a repeated question costs about a microsecond.
    """
    return _can_complete(as_row(row), roll, reading_key(wild))


@lru_cache(maxsize=1 << 17)
def _can_complete(row: Row, roll: Roll, reading: ReadingKey) -> bool:
    faces: Counter[Face] = Counter()
    for _, shown in roll:
        faces.update(shown)
    return feasible(row.requirements, reading, frozenset(faces.items()))


@dataclass(frozen=True)
class Completion:
    """Which dice complete a row: per requirement, the dice (die name, face) it takes.

    ``used`` and ``rest`` are rolls in the same shape as the roll given (kinds with no die
    left out): ``rest`` is what the player rerolls for the next task.
    """

    row: Row
    assignment: tuple[tuple[Requirement, tuple[tuple[str, Face], ...]], ...]
    used: Roll
    rest: Roll

    @property
    def dice(self) -> int:
        """How many dice the completion takes."""
        return sum(len(faces) for _, faces in self.used)

    @property
    def used_counts(self) -> dict[str, int]:
        """Die name -> how many are used: ``pool.without(c.used_counts)`` is the next pool."""
        return {name: len(faces) for name, faces in self.used}

    def __str__(self) -> str:
        return "; ".join(f"{req}: {' + '.join(f'{n} {f}' for n, f in dice)}"
                         for req, dice in self.assignment)


def cheapest_completion(row: RowLike, roll: Roll, wild: Wild = "seed") -> Completion | None:
    """The dice to put on a row: as few as possible, and among those the cheapest.

    Tie-break, in this order (smaller wins):

    1. the number of dice used;
    2. dice of the most precious kind used, then the next kind, and so on — kinds are ranked
       by their position in the roll, which pools order by :attr:`Die.rank` (Elder Sign:
       spend green before yellow before red), so the better dice stay for the next rolls;
    3. the number of wildcards used (an exact symbol is spent before a wildcard);
    4. the investigation points used (low-value dice first: least overshoot);
    5. a fixed order of (kind, face), so the answer is deterministic.

    Parameters
    ----------
    row : Row, str or list
    roll : Roll
    wild : str, WildReading or list of str, default "seed"

    Returns
    -------
    Completion or None
        ``None`` when the roll cannot complete the row.

    Examples
    --------
    >>> roll = (("green", ("INV_1", "INV_2", "INV_3", "PERIL")), ("yellow", ("INV_3",)))
    >>> c = cheapest_completion("INV_3,PERIL", roll)
    >>> str(c), c.dice
    ('INV_3: green INV_3; PERIL: green PERIL', 2)
    >>> c.rest
    (('green', ('INV_1', 'INV_2')), ('yellow', ('INV_3',)))
    >>> cheapest_completion("INV_4", (("green", ("INV_3",)), ("red", ("WILD",))), "faq").used
    (('red', ('WILD',)),)
    >>> cheapest_completion("LORE", roll) is None
    True

    Notes
    -----
    Exhaustive over minimal dice sets per requirement with a bound on the dice count
    (tens of microseconds for 8 dice); cached per (row, roll, reading).
    """
    return _cheapest(as_row(row), roll, reading_key(wild))


@lru_cache(maxsize=1 << 16)
def _cheapest(row: Row, roll: Roll, reading: ReadingKey) -> Completion | None:
    counter: Counter[tuple[int, Face]] = Counter()
    for g, (_, faces) in enumerate(roll):
        counter.update((g, f) for f in faces)
    classes = list(counter)
    counts = [counter[c] for c in classes]
    assignment = Matcher(row.requirements, classes, reading).cheapest(counts)
    if assignment is None:
        return None
    names = [name for name, _ in roll]
    taken: Counter[tuple[int, Face]] = Counter(classes[i] for g in assignment for i in g)
    used, rest = [], []
    for g, (name, faces) in enumerate(roll):
        left = Counter({f: k for (h, f), k in taken.items() if h == g})
        mine, others = [], []
        for f in faces:
            if left[f]:
                left[f] -= 1
                mine.append(f)
            else:
                others.append(f)
        if mine:
            used.append((name, tuple(mine)))
        if others:
            rest.append((name, tuple(others)))
    return Completion(
        row,
        tuple((req, tuple((names[classes[i][0]], classes[i][1]) for i in group))
              for req, group in zip(row.requirements, assignment, strict=True)),
        tuple(used), tuple(rest))
