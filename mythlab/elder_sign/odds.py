"""Elder Sign: the exact chance of completing a whole adventure card under optimal play.

Rules (seed 004, Greek rulebook, pp. 5-10, "Επίλυση Περιπέτειας" and "Άλλοι Κανόνες"):

* The investigator rolls their dice (6 green; a Common Item adds a yellow die, a Unique Item
  a red one) and may complete **one** task (row) with the roll; the dice put on it are used
  up, and the rest are rolled again for the next task. An arrow on the card means the rows
  are done in order, top to bottom.
* A roll that completes nothing (or that the player chooses not to use) is a **failed roll**:
  the player sets aside one die of that roll (their choice — colours matter), may **focus**
  one other die (it stays on their marker, unrolled, until used; the marker holds one die),
  and rolls the rest. Or they give up, and the adventure fails.
* A **spell** is played before a roll; one die of that roll (any, the player's choice once
  it is seen) then stays on it, unrolled, until used. A **clue** token, spent after a roll,
  rerolls any chosen dice of it (the dice on spells stay).
* When no die is left to roll the attempt is over (a roll needs at least one die: mythlab
  ruling 'no-roll-without-dice').
* A task whose cost (sanity, stamina) would take the investigator to 0 cannot be completed
  (p.7; ``sanity=``, ``stamina=``, the card's ``task_costs``).
* Monster tasks (pp. 10-11): a monster marker replaces a full monster task, covers all but
  the kept symbol of a partial one, or adds a row (an empty monster task, or under the last
  task); ``monsters=``, the card's ``monster_slot``, :func:`place_monsters`.

Counts for odds (``RULE-NOTES.md``, "Elder Sign"): ``focus=None`` lets the player focus
whenever the marker is free, ``focus=N`` allows at most N focus actions (still one die on the
marker at a time); ``spell=N`` spells (several may hold dice of one roll, one each) and
``clue=N`` clue tokens are available. Published solver tables use ``focus`` as a count (that
solver lets several dice be focused at once, so its rows for 2 or more focus would differ).
Held dice count for any remaining row and may complete one on their own, but a roll needs
at least one die to roll.

The game (:mod:`mythlab.elder_sign.rules`) plays the same rules: expectimax over its own
moves equals these values (``tests/test_elder_sign_game_odds.py``).

Modelling choices: the public optimal solver github.com/englishcatfish/ElderSign (BSD-3),
whose published table this module reproduces with ``cast="after"``, lets the player spend a
spell after seeing the roll it holds a die from; the rulebook (p.9) has it cast before the
roll, the default ``cast="before"``. Only dice that can serve a remaining task are focused,
or with ``cast="after"`` spelled (holding any other die is never better, terror effects
aside). The dice-affecting terror effects of the adventure list (``immediate_fail``: a failed
roll showing a terror ends the adventure; ``discard_all_terror``: a failed roll's terror dice
are set aside too) are modelled with ``terror=``; other terror effects (tokens, sanity or
stamina lost on a terror), locked dice and Mythos effects are not. Task costs are fixed per
row and every row must be completed, so they decide whether the card can be completed at
all (a row they forbid leaves the card impossible anyway); a row added under the last task
is the card's new last task, so on an arrow card it is done last (seed p.11, as the game
plays it).

How it is exact and fast:

* The value of a decision point depends only on the rows left (equal rows of a card without
  an arrow are interchangeable), the dice per colour, the faces of held dice (a held die is
  never rolled again, so its colour no longer matters; faces are reduced to what the rows
  left can tell apart) and the focus, spells and clues left. Values are memoised per point.
* A roll is projected onto the (colour, face) classes the rows can use, each count capped at
  the most a minimal completion plus the holds can take: a few hundred projected rolls
  instead of 16,632 sorted (or 1,679,616 ordered) rolls of 6G+Y+R.
* Per row, what a roll offers is its *frontier*: every (dice spent per colour, held dice
  spent) a completion can take, from :meth:`mythlab.dice.Matcher.uses`, kept to the
  Pareto-best ones (more dice never hurt without terror effects). Frontiers are shared by all
  cards with an equal row; held dice are put on the row first, so the frontiers of what is
  left are shared too.
* A decision point is evaluated over all its projected rolls at once (numpy): each choice a
  roll offers is a candidate value; candidates are ranked exactly (floats first, fractions
  on ties), each roll takes its best, and the integer weights (out of the pool's
  ``prod(sides ** count)``) are summed per rank. Values are ``Fraction`` throughout.
* Clues: rerolling after keeping dice ``k`` is worth ``E(k)``, which depends on ``k`` alone
  (the rerolled dice are the pool minus ``k``), not on the roll it was kept from. So ``E``
  is computed once per keep (capped counts on the basis) for all rolls: the reroll is a
  product over dice kinds, so ``E = (A_green ⊗ A_yellow ⊗ A_red) V'`` with one small
  sparse integer matrix per kind applied axis by axis (``V'``: the rolls' values with one
  clue fewer). A roll's best clue is the maximum of ``E`` over its sub-multisets: running
  maxima class by class down the lattice of keeps. All of it on exact integers over one
  denominator (numpy object arrays of Python ints), instead of a ``Fraction`` sum per
  (roll, keep, reroll) triple: the 1-clue table of 48 cards on 5G, 6G, 6G+Y, 6G+R went
  from about 50 s to about 2 s.

>>> from mythlab.elder_sign.odds import adventure_odds
>>> p = adventure_odds("PERIL,PERIL > LORE,LORE", "6G", wild="faq", focus=0)
>>> f"{float(p):.6%}"          # the published solver prints 7.413286
'7.413286%'
"""

from __future__ import annotations

import csv
import random
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, reduce, wraps
from itertools import combinations_with_replacement, product
from math import ceil, lcm, prod, sqrt
from pathlib import Path
from typing import Literal, TypeVar

import numpy as np

from mythlab.dice import DiceSet, Die, Pool, Roll, outcomes
from mythlab.engine.datafiles import game_data
from mythlab.engine.errors import DataError
from mythlab.engine.files import MAX_DATA_BYTES, FileRefused, read_user_text
from mythlab.engine.multiset import weighted_counts

from .dice import (
    TERROR,
    Requirement,
    Row,
    TaskCard,
    elder_sign_dice,
    investigation,
    parse_pool,
    parse_row,
    parse_task,
)
from .dice.matching import Matcher, ReadingKey, Wild, face_use, reading_key

TERROR_EFFECTS: tuple[str, ...] = ("immediate_fail", "discard_all_terror")
"""The terror effects that change the dice (the others cost tokens and are not modelled)."""

SCENARIOS: tuple[str, ...] = ("5G", "6G", "6G+Y", "6G+R", "6G+Y+R", "7G+Y+R")
"""The dice scenarios of the published solver table (its last one adds a 7th green die)."""

# Bounds: what the game can reach, kept to what is solved within seconds. AdventureOdds
# refuses more with a ValueError naming the parameter and the limit (`mythlab odds` prints it).
MAX_DICE = 9
"""Dice in the first roll: the game rolls at most 8 (six green, the yellow and the red die,
rulebook p.2); the published tables go to 9 (7G+Y+R)."""
MAX_ROWS = 4
"""Task rows, monster rows included: printed cards have at most 3, a monster may add one."""
MAX_REQUIREMENTS = MAX_DICE
"""Requirements (symbols) in one row: each takes a die of its own."""
MAX_SPELLS = 2
"""Spells to cast: each one more multiplies the positions to solve (3 take minutes)."""
MAX_CLUES = 6
"""Clue tokens to spend (the box holds 15, p.2; an investigator seldom has more than a few)."""
MAX_FOCUS = MAX_DICE
"""A focus count (``None``: unlimited): each focus holds a die, so more cannot be used."""
MAX_POSITIONS = 12_000
"""Decision points one question may add to a solver's memo (about 15 s and 500 MB here):
the bound on time and memory when every parameter is within its own limit."""

_UNLIMITED = -1
_OCCUPIED = ""  # the focus marker holds a die that no remaining row can use
_BLANK = "BLANK"

Pair = tuple[float, Fraction]
"""A value with its float: tuples compare the floats first, and the exact values on a tie
(rounding to float never reverses an order), so maxima stay exact."""
_ONE: Pair = (1.0, Fraction(1))
_ZERO: Pair = (0.0, Fraction(0))
_NEG: Pair = (-1.0, Fraction(-1))
State = tuple[int, tuple[int, ...], str | None, tuple[str, ...], int, int, int]
"""Internal decision point: (rows bitmask, dice per kind, marker, held, focus, spells, clues)."""
Usage = tuple[tuple[int, ...], int]
"""What a completion spends: rolled dice per kind, and a bitmask of held dice."""


# --- the engine ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _RowKey:
    """What a row's frontiers depend on (shared by every card with an equal row)."""

    requirements: tuple[Requirement, ...]
    reading: ReadingKey
    kinds: tuple[Die, ...]
    classes: tuple[tuple[int, str], ...]   # the (kind, face) classes the row can use


SOLVER_LOCK = threading.RLock()
"""Held by every public entry point that reads or fills the module's caches (the tables
below, shared by all cards, and each solver's memo): one thread solves at a time, so a
notebook cell and a background solve (the odds explorer's) may use the solver together.
Re-entrant, and uncontended it costs ~0.1 µs per call."""

_F = TypeVar("_F", bound=Callable)


def _locked(fn: _F) -> _F:
    """``fn`` under :data:`SOLVER_LOCK`."""
    @wraps(fn)
    def run(*args, **kwargs):
        with SOLVER_LOCK:
            return fn(*args, **kwargs)
    return run  # type: ignore[return-value]


_ROW_IDS: dict[_RowKey, int] = {}
_ROWS: list[_RowKey] = []
_FRONTIERS: dict[tuple, frozenset[Usage]] = {}
_MATCHERS: dict[tuple, Matcher] = {}
_FRONT_IDS: dict[tuple[int, tuple[int, ...]], int] = {}
_FRONT_SETS: dict[frozenset[Usage], int] = {}
_FRONT_LIST: list[frozenset[Usage]] = []
_TABLES: dict[tuple, np.ndarray] = {}
_MERGED: dict[tuple, frozenset[Usage]] = {}
_KEEPS: dict[tuple, _KindKeeps] = {}


def _row_id(row: _RowKey) -> int:
    """A small int for a row key (hashing the key itself is slow)."""
    got = _ROW_IDS.get(row)
    if got is None:
        got = _ROW_IDS[row] = len(_ROWS)
        _ROWS.append(row)
    return got


def _row_frontier(row: int, counts: tuple[int, ...], held: tuple[str, ...] = ()
                  ) -> frozenset[Usage]:
    """Every (dice per kind, held-dice bitmask) a completion of row ``row`` can spend.

    ``counts`` are the roll's dice over the row's classes; ``held`` the faces of held dice
    it may also use. Each requirement takes a minimal set of dice
    (:meth:`mythlab.dice.Matcher.uses`). Shared by all cards.
    """
    key = (row, counts, held)
    got = _FRONTIERS.get(key)
    if got is not None:
        return got
    rk = _ROWS[row]
    kinds = len(rk.kinds)
    m = _MATCHERS.get((row, held))
    if m is None:
        cls = list(rk.classes) + [(kinds + i, h) for i, h in enumerate(held)]
        m = _MATCHERS[(row, held)] = Matcher(rk.requirements, cls, rk.reading)
    coords = [k for k, _ in rk.classes] + [kinds + i for i in range(len(held))]
    out = frozenset((u[:kinds], sum(1 << i for i in range(len(held)) if u[kinds + i]))
                    for u in m.uses(list(counts) + [1] * len(held), coords))
    if len(_FRONTIERS) > 1 << 20:  # a bound for long sessions
        _FRONTIERS.clear()
    _FRONTIERS[key] = out
    return out


def _pareto(front: frozenset[Usage]) -> frozenset[Usage]:
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


def _row_frontier_id(row: int, counts: tuple[int, ...]) -> int:
    """:func:`_row_frontier` without held dice, as a small int shared by all cards."""
    key = (row, counts)
    got = _FRONT_IDS.get(key)
    if got is None:
        front = _row_frontier(row, counts)
        got = _FRONT_SETS.get(front)
        if got is None:
            got = _FRONT_SETS[front] = len(_FRONT_LIST)
            _FRONT_LIST.append(front)
        _FRONT_IDS[key] = got
    return got


_GENERATION = [0]  # bumped by clear_caches: engines then renumber their rows


@_locked
def clear_caches() -> None:
    """Forget the frontiers shared between cards (for benchmarks); solvers made before
    keep their values and renumber what they shared."""
    for c in (_FRONTIERS, _MATCHERS, _ROW_IDS, _ROWS, _FRONT_IDS, _FRONT_SETS, _FRONT_LIST,
              _TABLES, _MERGED, _KEEPS):
        c.clear()
    _GENERATION[0] += 1



def _factorize(cols: list[np.ndarray]) -> tuple[np.ndarray, list[tuple[int, ...]]]:
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


def _exact_order(values: list[Pair]) -> list[int]:
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


def _weighted_sum(terms: list[tuple[int, Fraction]], total: int) -> Fraction:
    """``sum(w * v) / total`` over one common denominator: one gcd instead of one per term."""
    den = lcm(*(v.denominator for _, v in terms)) if terms else 1
    num = sum(w * v.numerator * (den // v.denominator) for w, v in terms)
    return Fraction(num, den * total)


def _combine(lists: Sequence[list[int]], op: Callable[[int, int], int]) -> list[int]:
    """Combine per-kind lists into one list per roll, in ``itertools.product`` order."""
    return reduce(lambda xs, ys: [op(x, y) for x in xs for y in ys], lists[1:], lists[0])


def _mul(x: int, y: int) -> int:
    return x * y


@dataclass
class _Rolls:
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
        if self._index is None:
            self._index = {k: i for i, k in enumerate(self.keys)}
        return self._index

    @property
    def grid(self) -> list[np.ndarray]:
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
class _KindKeeps:
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
class _Lattice:
    """:class:`_KindKeeps` per kind of a pool (``None`` for a kind with no dice)."""

    kinds: list[_KindKeeps | None]
    full_keep: list[np.ndarray]
    roll_at: list[np.ndarray]


class _Engine:
    """Values of decision points for one card, wildcard reading, dice set and allowance."""

    def __init__(self, card: TaskCard, reading: ReadingKey, kinds: tuple[Die, ...],
                 focus: int | None, spell: int, clue: int, terror: str | None,
                 costs: Sequence[tuple[int, int]] = (),
                 limits: tuple[int | None, int | None] = (None, None),
                 cast: str = "before"):
        self.rows = card.rows
        # spells cast before a roll take dice of that roll (the rulebook); "after": the
        # published solver's model, where the roll is seen before a spell is spent
        self.after = cast == "after"
        self.ordered = card.ordered
        self.n = len(card.rows)
        self.full = (1 << self.n) - 1
        # the arrow's rows, done top to bottom (rows added under the last task included)
        self.chain = self.full if card.ordered else 0
        # task costs (seed p.7): a row whose cost would take sanity or stamina to 0 cannot
        # be completed; costs add up over the rows completed in the attempt
        self.costs = tuple(costs) or ((0, 0),) * self.n
        self.limits = limits
        self.blocked = not self.affordable(0, self.full)
        self._avail: dict[int, tuple[int, ...]] = {}
        self.reading = reading
        self.kinds = kinds
        self.focus = _UNLIMITED if focus is None else focus
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
                classes.append((k, _BLANK))
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
        self._rolls: dict[tuple, _Rolls] = {}
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
        self._shared()

    def _shared(self) -> None:
        """(Re)number the rows in the tables shared by all cards; forget what used them."""
        self._generation = _GENERATION[0]
        self.row_ids = [_row_id(k) for k in self.row_keys]
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
        if face == _BLANK:
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
            marker = m if m is not None else (_OCCUPIED if fl else None)
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
            return _ONE
        rolled = sum(pool)
        if not rolled or self.blocked:
            return _ZERO
        got = self.memo.get(st)
        if got is not None:
            return got
        if self.budget is not None and len(self.memo) >= self.budget:
            raise ValueError(f"positions: this needs more than {MAX_POSITIONS} decision points, "
                             "the bound that keeps the odds within seconds; use fewer dice, "
                             "rows, spells or clues")
        if self._generation != _GENERATION[0]:
            self._shared()
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
        return _weighted_sum([(int(w), v) for w, v in zip(counts.tolist(), ordered,
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

    def _spelled_index(self, k: int, n: int, gone: tuple[int, ...], rolls: _Rolls
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
            col = left[:, others].sum(axis=1) if face == _BLANK else left[:, faces.index(face)]
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
            if face == _BLANK or (face == TERROR and self.terror and exact_terror):
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
              caps: tuple[int, ...]) -> _Rolls:
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
        got = _Rolls(basis, caps, parts, spans, _combine(weights, _mul), total)
        self._rolls[key] = got
        return got

    def _parts(self, k: int, n: int, cls: tuple[int, ...], caps: tuple[int, ...]
               ) -> tuple[list[tuple[int, ...]], list[int]]:
        key = (k, n, cls, caps)
        got = self._kind_parts.get(key)
        if got is not None:
            return got
        where = {self.classes[c][1]: j for j, c in enumerate(cls)}
        blank = where.get(_BLANK, len(cls))
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

    def codes(self, rolls: _Rolls, specs: tuple[tuple, ...]
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

    def _row_key(self, reqs: Iterable[Requirement]) -> _RowKey:
        reqs = tuple(sorted(reqs, key=str))
        cls = tuple(c for c in self.classes if c[1] != _BLANK and any(
            self._req_units(c[1], q) for q in reqs))
        return _RowKey(reqs, self.reading, self.kinds, cls)

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
        base = _row_frontier(self.row_ids[t], counts, tuple(held[j] for j in usable))
        if usable != tuple(range(len(usable))):
            base = frozenset((u, sum(1 << usable[i] for i in range(len(usable)) if m >> i & 1))
                             for u, m in base)
        if self.terror is None:
            base = _pareto(base)
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
                out.append((mask, _row_id(self._row_key(rest)) if rest else None))
        self._residuals[key] = out
        return out

    def _projection(self, rolls: _Rolls, row: int, minus: tuple[int, ...] = ()
                    ) -> tuple[tuple, ...]:
        """Per-kind specs (see :meth:`codes`) projecting a roll on a row's classes, capped
        at what a minimal completion takes, after taking out the dice of classes ``minus``."""
        key = (rolls.basis, row, minus)
        got = self._specs.get(key)
        if got is not None:
            return got
        rk = _ROWS[row]
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

    def _row_table(self, rolls: _Rolls, row: int, minus: tuple[int, ...] = ()) -> np.ndarray:
        """Per roll, the shared id of a row's frontier without held dice (-1: the roll
        does not show the dice ``minus``)."""
        key = (id(rolls), "row", row, minus)
        got = self._codes.get(key)
        if got is not None:
            return got[0]
        codes, uniq = self.codes(rolls, self._projection(rolls, row, minus))
        tkey = (row, tuple(tuple(u) for u in uniq))
        table = _TABLES.get(tkey)
        if table is None:
            table = _TABLES[tkey] = np.array(
                [-1 if None in combo else _row_frontier_id(row, sum(combo, ()))  # type: ignore[arg-type]
                 for combo in product(*uniq)], dtype=np.int64)
        out = table[codes]
        self._codes[key] = (out, [])
        return out

    def frontier_ids(self, rolls: _Rolls, t: int, held: tuple[str, ...],
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
            code, firsts = _factorize(cols)
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
                base = _MERGED.get(gkey)
                if base is None:   # shared by every card with this row (no terror here)
                    found: set[Usage] = set()
                    gids = iter(row)
                    for mask, r in variants:
                        if r is None:
                            found.add(((0,) * kinds, mask))
                            continue
                        g = next(gids)
                        if g >= 0:
                            found.update((u, mask) for u, _ in _FRONT_LIST[g])
                    base = frozenset(found)
                    if usable != tuple(range(len(usable))):
                        base = frozenset((u, sum(1 << usable[i] for i in range(len(usable))
                                                 if m >> i & 1)) for u, m in base)
                    base = _MERGED[gkey] = _pareto(base)
                fid = merged[gkey] = self._intern(base)
            ids.append(fid)
        out = np.array(ids, dtype=np.int64)[code]
        self._codes[key] = (out, [])
        return out

    def _plain_ids(self, col: np.ndarray) -> np.ndarray:
        """The engine's ids of shared frontiers ``col`` (no held dice), Pareto-reduced
        once per frontier (a lookup array indexed by shared id + 1; -1 is no frontier)."""
        lut = self._lut
        if len(lut) < len(_FRONT_LIST) + 1:
            grown = np.full(2 * len(_FRONT_LIST) + 2, -1, dtype=np.int64)
            grown[:len(lut)] = lut
            lut = self._lut = grown
        out = lut[col + 1]
        missing = out < 0
        if missing.any():
            for g in np.unique(col[missing]).tolist():
                if g < 0:
                    lut[0] = self._empty
                else:
                    front = _FRONT_LIST[g]
                    lut[g + 1] = self._intern(_pareto(front) if self.terror is None else front)
            out = lut[col + 1]
        return out

    def _matcher_ids(self, rolls: _Rolls, t: int, held: tuple[str, ...],
                     minus: tuple[int, ...]) -> np.ndarray:
        """:meth:`frontier_ids` through the matcher, held dice as classes of their own."""
        codes, uniq = self.codes(rolls, self._projection(rolls, self.row_ids[t], minus))
        table = [self._empty if None in combo else
                 self.frontier(t, sum(combo, ()), held)  # type: ignore[arg-type]
                 for combo in product(*uniq)]
        return np.array(table, dtype=np.int64)[codes]

    # -- options --

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

    def _best_usage(self, st: State, t: int, f: int, spelled: tuple[str, ...] = (),
                    spent: tuple[int, ...] = ()) -> Pair:
        """The best value over the ways frontier ``f`` offers to complete row ``t``."""
        s, pool, marker, held, fl, sl, cl = st
        rest = s & ~(1 << t)
        if not rest:
            return _ONE
        best = _NEG
        value, memo = self.pair, self.memo
        if not (marker or held or spelled):
            for u, _ in self.fronts[f]:
                nxt = (rest, tuple(p - a for p, a in zip(pool, u, strict=True)), marker, (),
                       fl, sl, cl)
                v = memo.get(nxt)
                if v is None:
                    v = value(nxt)
                if v > best:
                    best = v
            return best
        for usage in self.fronts[f]:
            if spent and any(a + b > p for a, b, p in zip(usage[0], spent, pool, strict=True)):
                continue
            nxt = self.complete(st, t, usage, spelled, spent)
            v = memo.get(nxt)
            if v is None:
                v = value(nxt)
            if v > best:
                best = v
        return best

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
        return _weighted_sum([(w, v[1]) for w, v in zip(weight, values, strict=True) if w],
                             rolls.total)

    def _evaluate(self, st: State, rolls: _Rolls) -> tuple[np.ndarray, list[Pair]]:
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
        cand: list[Pair] = [_NEG, _ZERO]   # index 0: nothing; 1: give up
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
                return _ONE
            best = _NEG
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
            best = _ZERO
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
                        cand.append(best_of(t, f, *extra) if f != self._empty else _NEG)
                        local[i] = len(cand) - 1
                    columns.append(np.where(shows, local[p_inv], 0))
                    continue
                if b:   # keeping these dice back changes what the row can use
                    uniq, inv = self._distinct(self.frontier_ids(rolls, t, hl, b, live))
                else:
                    uniq, inv = p_uniq, p_inv
                base = len(cand)
                cand.extend(best_of(t, f, *extra) if f != self._empty else _NEG
                            for f in uniq)
                columns.append(base + inv)
        order = _exact_order(cand)
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

    def _fail_column(self, st: State, rolls: _Rolls, cand: list[Pair],
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

    def roll_values(self, st: State) -> tuple[_Rolls, list[Pair]]:
        """The best value of every projected roll at ``st`` (clue options included)."""
        key = ("rv", st)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        rolls, nums, den = self.roll_ints(st)
        fractions: dict[int, Pair] = {}
        best = []
        for x in nums.tolist():
            p = fractions.get(x)
            if p is None:
                v = Fraction(x, den)
                p = fractions[x] = (float(v), v)
            best.append(p)
        got = self._cache[key] = (rolls, best)
        return got

    def _values_on(self, st: State, rolls: _Rolls, clues: bool = True) -> list[Pair]:
        """Best value of each roll of ``rolls`` (a basis at least as fine as ``st`` needs)."""
        if clues and st[6]:
            got_rolls, got = self.roll_values(st)
            if got_rolls is not rolls:  # pragma: no cover - clue levels share one basis
                raise AssertionError("clue levels must share a basis")
            return got
        ranks, values = self._evaluate(st, rolls)
        return [values[r] for r in ranks.tolist()]

    def _ints_on(self, st: State, rolls: _Rolls) -> tuple[np.ndarray, int]:
        """Best value of each roll of ``rolls`` at ``st`` as exact integers over one
        denominator: ``(numerators, denominator)``, numerators an object array (Python
        ints, no overflow)."""
        if st[6]:
            got_rolls, nums, den = self.roll_ints(st)
            if got_rolls is not rolls:  # pragma: no cover - clue levels share one basis
                raise AssertionError("clue levels must share a basis")
            return nums, den
        return self._plain_ints(st, rolls)

    def roll_ints(self, st: State) -> tuple[_Rolls, np.ndarray, int]:
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

    def _plain_ints(self, st: State, rolls: _Rolls) -> tuple[np.ndarray, int]:
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

    def clue_table(self, st: State, rolls: _Rolls) -> tuple[np.ndarray, int]:
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

    def _downward_max(self, table: np.ndarray, lat: _Lattice) -> np.ndarray:
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

    def _lattice(self, pool: tuple[int, ...], rolls: _Rolls) -> _Lattice:
        """The keeps of ``rolls`` per kind, with their reroll matrices (cached)."""
        key = ("lat", pool, rolls.basis, rolls.caps)
        got = self._cache.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        kinds: list[_KindKeeps | None] = []
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
        got = _Lattice(kinds, full_keep, roll_at)
        self._cache[key] = got
        return got

    def _kind_keeps(self, k: int, n: int, cls: tuple[int, ...], caps: tuple[int, ...],
                    parts: tuple[tuple[int, ...], ...]) -> _KindKeeps:
        key = (self.kinds[k], n, tuple(self.classes[c][1] for c in cls), caps)
        got = _KEEPS.get(key)
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
        got = _KindKeeps(
            (np.array(starts, dtype=np.int64), np.array(cols, dtype=np.int64),
             np.array(vals, dtype=object)),
            steps, full, np.array([where[p] for p in parts], dtype=np.int64), where)
        if len(_KEEPS) > 1 << 14:  # a bound for long sessions
            _KEEPS.clear()
        _KEEPS[key] = got
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


# --- adventures (data/elder_sign/adventures.csv) -------------------------------------------

_FIELDS = ("deck", "name", "tasks", "ordered", "terror_effect", "trophy_value", "rewards",
           "penalties", "task_costs", "monster_slot", "provenance", "task_source", "sources",
           "notes")


@dataclass(frozen=True)
class Adventure:
    """One adventure or Other World card, as ``data/elder_sign/adventures.csv`` gives it.

    Only ``card`` (the task rows) and ``terror_effect`` enter the odds; the other fields
    are kept as text (see ``data/elder_sign/SOURCES.md`` for their notation).

    Examples
    --------
    >>> a = adventure("Lights Out")
    >>> str(a.card), a.card.ordered, a.deck
    ('INV_3>PERIL,PERIL>LORE,LORE', True, 'adventure')
    """

    deck: Literal["adventure", "other_world"]
    name: str
    card: TaskCard
    terror_effect: str
    trophy_value: int | None
    rewards: str
    penalties: str
    task_costs: str
    monster_slot: str
    provenance: str
    task_source: str
    sources: str
    notes: str

    @property
    def dice_terror(self) -> str | None:
        """The card's terror effect if it changes the dice (see :data:`TERROR_EFFECTS`)."""
        return self.terror_effect if self.terror_effect in TERROR_EFFECTS else None


def load_adventures(path: str | Path | None = None) -> tuple[Adventure, ...]:
    """Read an adventures CSV (``data/elder_sign/adventures.csv`` by default).

    Parameters
    ----------
    path : str or Path, optional
        A file in the same format, e.g. a user's own cards.

    Returns
    -------
    tuple of Adventure
        In file order.

    Raises
    ------
    DataError
        Naming the file, the card and the field: a missing column, an unknown deck, a task
        string :func:`~mythlab.dice.parse_task` rejects, ``ordered`` disagreeing with the
        ``>`` of ``tasks``, a bad trophy value or a repeated name.

    Examples
    --------
    >>> cards = load_adventures()
    >>> len(cards), sum(a.deck == "adventure" for a in cards)
    (56, 48)
    """
    file = Path(path) if path is not None else game_data("mythlab.elder_sign", "adventures.csv")
    name = str(file) if path is not None else "adventures.csv"
    try:
        text = read_user_text(file, MAX_DATA_BYTES)
    except FileRefused as exc:
        raise DataError(name, None, None, str(exc)) from None
    try:
        return _adventures_from_csv(text, name)
    except csv.Error as exc:  # a field over csv's size limit, a NUL byte
        raise DataError(name, None, None, f"not valid CSV: {exc}") from None


def _adventures_from_csv(text: str, name: str) -> tuple[Adventure, ...]:
    reader = csv.DictReader(text.splitlines(), restval="")  # a short row reads as blanks
    missing = [f for f in _FIELDS if f not in (reader.fieldnames or ())]
    if missing:
        raise DataError(name, None, None, f"missing columns: {', '.join(missing)}")
    out, seen = [], set()
    for n, row in enumerate(reader, 2):
        entry = row["name"] or f"line {n}"

        def fail(field_name: str, problem: str, entry: str = entry) -> DataError:
            return DataError(name, entry, field_name, problem)

        if row["deck"] not in ("adventure", "other_world"):
            raise fail("deck", f"{row['deck']!r} is not 'adventure' or 'other_world'")
        try:
            card = parse_task(row["tasks"])
        except ValueError as exc:
            raise fail("tasks", str(exc)) from None
        if row["ordered"] not in ("yes", "no") or (row["ordered"] == "yes") != card.ordered:
            raise fail("ordered", f"{row['ordered']!r} does not match the tasks "
                                  f"{row['tasks']!r} ('yes' exactly when rows are joined by '>')")
        trophy = row["trophy_value"].strip()
        if trophy and not (trophy.isascii() and trophy.isdigit() and len(trophy) <= 3):
            raise fail("trophy_value", f"{trophy!r} is not a whole number")
        if entry in seen:
            raise fail("name", "the name is used twice")
        seen.add(entry)
        out.append(Adventure(
            deck=row["deck"], name=row["name"], card=card,  # type: ignore[arg-type]
            terror_effect=row["terror_effect"], trophy_value=int(trophy) if trophy else None,
            rewards=row["rewards"], penalties=row["penalties"], task_costs=row["task_costs"],
            monster_slot=row["monster_slot"], provenance=row["provenance"],
            task_source=row["task_source"], sources=row["sources"], notes=row["notes"]))
    return tuple(out)


@cache
def _builtin_adventures() -> tuple[Adventure, ...]:
    return load_adventures()


def adventures(deck: str | None = "adventure") -> tuple[Adventure, ...]:
    """The built-in cards of one deck (``"adventure"``, ``"other_world"``, or ``None``: all).

    >>> len(adventures()), len(adventures("other_world")), len(adventures(None))
    (48, 8, 56)
    """
    return tuple(a for a in _builtin_adventures() if deck is None or a.deck == deck)


def adventure(name: str) -> Adventure:
    """A built-in card by name (case does not matter).

    >>> adventure("the hidden passage").card.rows[1].requirements[0].options
    ('PERIL',)
    """
    for a in _builtin_adventures():
        if a.name.lower() == name.strip().lower():
            return a
    raise KeyError(f"no Elder Sign card called {name!r}")


# --- task costs and monster tasks ---------------------------------------------------------

MonsterSpec = str | Row | tuple[str | Row, int | None]
"""A monster task for :class:`AdventureOdds`: its row (``"LORE,PERIL"``), placed on the
card's next free monster task; or ``(row, where)``: on row ``where`` (0-based; that row's
monster task, a full replacement when the card names none) or, ``where=None``, under the
last task."""


def parse_task_costs(text: str, rows: int) -> tuple[tuple[int, int], ...]:
    """Per row, the (sanity, stamina) completing it costs, from ``task_costs`` notation.

    ``"row1:sanity-1;row2:stamina-1"`` (rows numbered from 1); ``"none"`` or ``""``: none.

    >>> parse_task_costs("row1:sanity-1;row2:stamina-2", 3)
    ((1, 0), (0, 2), (0, 0))
    """
    out = [[0, 0] for _ in range(rows)]
    for token in (t.strip() for t in text.split(";")):
        if token in ("", "none"):
            continue
        where, _, what = token.partition(":")
        kind, _, amount = what.partition("-")
        if not (where.startswith("row") and where[3:].isdigit() and amount.isdigit()
                and kind in ("sanity", "stamina") and 1 <= int(where[3:]) <= rows):
            raise ValueError(f"task cost {token!r}: expected rowN:sanity-K or rowN:stamina-K "
                             f"with N from 1 to {rows}")
        out[int(where[3:]) - 1][kind == "stamina"] += int(amount)
    return tuple((a, b) for a, b in out)


def parse_monster_slots(text: str) -> tuple[dict[int, str], int]:
    """A card's monster tasks from ``monster_slot`` notation: {row index: "replace" or
    "keep_1"} and the number of empty monster tasks (``extra_row``, ``extra_row:2``).

    >>> parse_monster_slots("row1:keep_1")
    ({0: 'keep_1'}, 0)
    >>> parse_monster_slots("extra_row:2")
    ({}, 2)
    """
    slots: dict[int, str] = {}
    empty = 0
    for token in (t.strip() for t in text.split(";")):
        if token in ("", "none"):
            continue
        where, _, kind = token.partition(":")
        if where.startswith("row") and where[3:].isdigit() and kind in ("replace", "keep_1"):
            slots[int(where[3:]) - 1] = kind
        elif where == "extra_row" and (kind == "" or kind.isdigit()):
            empty += int(kind or 1)
        else:
            raise ValueError(f"monster slot {token!r}: expected rowN:replace, rowN:keep_1, "
                             f"extra_row or extra_row:K")
    return slots, empty


def place_monsters(card: TaskCard, monsters: Iterable[MonsterSpec], slot: str,
                   costs: Sequence[tuple[int, int]]
                   ) -> tuple[tuple[Row, ...], tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The rows of ``card`` with monster tasks placed (seed pp. 10-11, "Τέρατα").

    A monster on a full monster task (``rowN:replace``) replaces the row (and its cost);
    on a partial one (``rowN:keep_1``) it covers all but the row's first requirement; on
    an empty monster task (``extra_row``) or, with no monster task left, under the last
    task, it adds a row. Monsters without a place fill the card's monster tasks in card
    order, then the empty ones, then go under the last task. An added row becomes the card's
    last task ("adding one more task", p.11): on an arrow card it comes last in the order.

    Returns the rows, the costs per row and the rows holding a monster.

    >>> rows, costs, where = place_monsters(parse_task("LORE,INV_3|PERIL"),
    ...                                     ["TERROR"], "row1:keep_1", ((0, 0), (1, 0)))
    >>> [str(r) for r in rows], where
    (['LORE,TERROR', 'PERIL'], (0,))
    >>> rows, costs, where = place_monsters(parse_task("PERIL>LORE"), ["INV_4"], "none",
    ...                                     ((0, 0), (0, 0)))
    >>> [str(r) for r in rows], costs, where
    (['PERIL', 'LORE', 'INV_4'], ((0, 0), (0, 0), (0, 0)), (2,))
    """
    slots, empty = parse_monster_slots(slot)
    rows, row_costs = list(card.rows), list(costs)
    queue = sorted(slots)
    taken: list[int] = []
    for m in monsters:
        if isinstance(m, tuple):
            spec, where = m
            if where is not None and not (isinstance(where, int) and 0 <= where < len(card.rows)):
                raise ValueError(f"monster {spec}: row {where!r} is not a row of {card} "
                                 f"(0 to {len(card.rows) - 1}, or None: under the last task)")
            if where is not None and where in queue:
                queue.remove(where)
        else:
            spec, where = m, (queue.pop(0) if queue else None)
        row = spec if isinstance(spec, Row) else parse_row(spec)
        if where is None:
            empty = max(empty - 1, 0)
            rows.append(row)
            row_costs.append((0, 0))
            taken.append(len(rows) - 1)
            continue
        if where in taken:
            raise ValueError(f"row {where + 1} of {card} already holds a monster")
        taken.append(where)
        if slots.get(where) == "keep_1":
            rows[where] = Row((card.rows[where].requirements[0],) + row.requirements)
        else:
            rows[where] = row
            row_costs[where] = (0, 0)
    return tuple(rows), tuple(row_costs), tuple(taken)


# --- the public solver ----------------------------------------------------------------------


def check_allowance(focus: int | None, spell: int, clue: int) -> None:
    """Refuse a focus, spell or clue count that is not a count, or beyond its bound
    (:data:`MAX_FOCUS`, :data:`MAX_SPELLS`, :data:`MAX_CLUES`), naming it.

    >>> check_allowance(None, 2, 6)
    >>> check_allowance(None, 40, 0)
    Traceback (most recent call last):
    ValueError: spell=40: at most 2 (a bound that keeps the odds within seconds)
    """
    for name, n, top in (("spell", spell, MAX_SPELLS), ("clue", clue, MAX_CLUES),
                         ("focus", focus, MAX_FOCUS)):
        if name == "focus" and n is None:
            continue
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"{name}={n!r}: expected a count >= 0"
                             + (" or None" if name == "focus" else ""))
        if n > top:
            raise ValueError(f"{name}={n}: at most {top} (a bound that keeps the odds within "
                             "seconds)")


def check_rows(rows: Sequence[Row]) -> None:
    """Refuse more than :data:`MAX_ROWS` rows or a row of more than :data:`MAX_REQUIREMENTS`.

    >>> check_rows(parse_task("LORE|PERIL|TERROR|INV_3|INV_2").rows)
    Traceback (most recent call last):
    ValueError: rows: 5 task rows (monsters included), at most 4 (printed cards have at most 3)
    """
    if len(rows) > MAX_ROWS:
        raise ValueError(f"rows: {len(rows)} task rows (monsters included), at most "
                         f"{MAX_ROWS} (printed cards have at most 3)")
    big = next((r for r in rows if len(r.requirements) > MAX_REQUIREMENTS), None)
    if big is not None:
        raise ValueError(f"rows: the row {big} has {len(big.requirements)} requirements, "
                         f"at most {MAX_REQUIREMENTS} (one die each)")


def check_dice(pool: Pool) -> None:
    """Refuse a pool of more than :data:`MAX_DICE` dice.

    >>> check_dice(parse_pool("12G"))
    Traceback (most recent call last):
    ValueError: pool 12G: 12 dice is too many (at most 9; the game rolls at most 8)
    """
    if pool.size > MAX_DICE:
        raise ValueError(f"pool {pool}: {pool.size} dice is too many (at most {MAX_DICE}; the "
                         "game rolls at most 8)")


@dataclass(frozen=True)
class Situation:
    """A decision point just before a roll: what is left, and what the player holds.

    Held dice are shown by face only (a held die is never rolled again, so its colour no
    longer matters), and as far as the remaining rows can tell: an ``INV_4`` held for rows
    that need at most 3 investigation shows as ``INV_3``.

    Attributes
    ----------
    remaining : tuple of int
        Row indices (0-based, in card order) still to complete.
    pool : Pool
        The dice that will be rolled.
    focused : str or None
        The face of the die on the focus marker; ``""`` when it holds a die no remaining
        row can use (it still blocks the marker). Once no focus is left, a focused die is
        listed in ``held`` instead.
    held : tuple of str
        Faces of the other held dice (on spells).
    focus_left : int or None
        Focus actions left (``None``: whenever the marker is free).
    spells_left, clues_left : int
    casting : int or None
        Spells cast for the coming roll (rulebook p.9: a spell is cast just before a roll and
        takes one of its dice): ``None`` while that is still to choose (see
        :meth:`AdventureOdds.casts`); included in ``spells_left``.
    """

    remaining: tuple[int, ...]
    pool: Pool
    focused: str | None
    held: tuple[str, ...]
    focus_left: int | None
    spells_left: int
    clues_left: int
    casting: int | None = None

    @property
    def done(self) -> bool:
        """Every row is complete: the adventure succeeded."""
        return not self.remaining

    def __str__(self) -> str:
        bits = [f"rows {', '.join(str(t + 1) for t in self.remaining) or 'none'} left",
                f"roll {self.pool}"]
        if self.focused is not None:
            bits.append(f"focused {self.focused or 'a useless die'}")
        if self.held:
            bits.append(f"held {', '.join(self.held)}")
        if self.focus_left != 0:
            bits.append("focus whenever the marker is free" if self.focus_left is None
                        else f"{self.focus_left} focus left")
        if self.spells_left:
            bits.append(f"{self.spells_left} spell(s)")
        if self.clues_left:
            bits.append(f"{self.clues_left} clue(s)")
        if self.casting:
            bits.append(f"{self.casting} spell(s) cast for this roll")
        return "; ".join(bits)


Action = Literal["cast", "complete", "fail", "clue", "give up"]


@dataclass(frozen=True)
class Choice:
    """One thing the player may do with a roll (or, ``"cast"``, before it), and the exact
    chance of success after it.

    Attributes
    ----------
    action : {"cast", "complete", "fail", "clue", "give up"}
    probability : Fraction
        The chance of completing the adventure when this choice is made and play is
        optimal from then on.
    label : str
        A readable summary, e.g. ``"complete row 1 with green PERIL, green PERIL"``.
    row : int or None
        The row completed (0-based).
    dice : Roll
        Rolled dice put on the row.
    held_dice : tuple of str
        Held dice put on the row.
    spelled : Roll
        Rolled dice put on spells (the spells cast before the roll, or, with
        ``cast="after"``, spells spent on seeing it).
    focused : Roll
        The rolled die put on the focus marker.
    set_aside : Roll
        The die set aside after a failed roll (and terror dice a terror effect sets aside).
    rerolled : Roll
        The dice a clue rerolls.
    after : Situation or None
        The next decision point (``None`` for giving up and when the adventure ends; for a
        clue, where the reroll leaves the player when dice went on spells first, else
        ``None``; for a cast, the situation about to roll).
    """

    action: Action
    probability: Fraction
    label: str
    row: int | None = None
    dice: Roll = ()
    held_dice: tuple[str, ...] = ()
    spelled: Roll = ()
    focused: Roll = ()
    set_aside: Roll = ()
    rerolled: Roll = ()
    after: Situation | None = None

    def __str__(self) -> str:
        return f"{float(self.probability):8.4%}  {self.label}"


@dataclass(frozen=True)
class Simulation:
    """A Monte Carlo run of a policy: successes out of games, with a normal interval."""

    games: int
    successes: int
    seed: int

    @property
    def estimate(self) -> float:
        return self.successes / self.games

    def interval(self, z: float = 4.0) -> tuple[float, float]:
        """``estimate ± z`` standard errors (with a floor of one game for p near 0 or 1)."""
        p = self.estimate
        half = z * sqrt(max(p * (1 - p), 1 / self.games) / self.games)
        return p - half, p + half


_Option = tuple[Fraction, str, Callable[[], "Choice"]]
_ORDER = {"cast": 0, "complete": 0, "fail": 1, "clue": 2, "give up": 3}


def _choice_order(option: _Option) -> tuple[Fraction, int]:
    """Best first; on equal chances completions, then failing, clues, giving up."""
    return (-option[0], _ORDER[option[1]])


def _roll_str(roll: Roll) -> str:
    return ", ".join(f"{name} {face}" for name, faces in roll for face in faces) or "no dice"


class AdventureOdds:
    """Optimal play on one adventure card: exact success chances and the policy behind them.

    Parameters
    ----------
    card : TaskCard, str or Adventure
        The task rows, e.g. ``"PERIL,PERIL > LORE,LORE"`` or ``adventure("Lights Out")``.
    wild : {"seed", "faq"} or WildReading, default "seed"
        The red die's wildcard reading (seed p.6; the FAQ counts it as 4 investigation).
    focus : int or None, default None
        Focus actions allowed: ``None`` whenever the marker is free (the seed's rule),
        ``N`` at most N, ``0`` never.
    spell, clue : int, default 0
        Spells (each holds one die) and clue tokens (each rerolls chosen dice once).
    terror : str or None, default None
        ``"immediate_fail"`` or ``"discard_all_terror"`` applies that terror effect to
        failed rolls; ``"card"`` uses the card's own (an :class:`Adventure`'s, if it
        changes the dice); ``None`` ignores terror effects.
    dice : DiceSet, optional
        The Elder Sign dice by default (``data/dice/elder_sign.yaml``).
    sanity, stamina : int or None, default None
        The investigator's current values. A row whose cost would take either to 0 cannot
        be completed (seed p.7); costs add up over the rows completed in this attempt.
        ``None`` ignores costs.
    costs : str, optional
        Task costs in ``task_costs`` notation (``"row1:sanity-1;row2:stamina-1"``); by
        default the :class:`Adventure`'s own, none for a task string.
    monsters : iterable of str, Row or (row, where), default ()
        Monster tasks on the card (seed pp. 10-11), e.g. ``["LORE,PERIL"]``; see
        :func:`place_monsters`. Rows are numbered as in :attr:`rows`: the card's, then
        the added ones.
    monster_slot : str, optional
        The card's monster tasks in ``monster_slot`` notation (``"row1:replace"``,
        ``"row1:keep_1"``, ``"extra_row"``); by default the :class:`Adventure`'s own, none
        for a task string.
    cast : {"before", "after"}, default "before"
        When a spell is spent. ``"before"``, the rulebook (p.9): just before a roll, and a
        die of that roll then goes on it (chosen after the roll, any die); the game plays
        this. ``"after"``: the player sees the roll first and may keep the spell, the
        model of the published optimal solver (for its tables).

    Examples
    --------
    >>> odds = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=0)
    >>> [f"{float(odds.probability(p)):.6%}" for p in ("5G", "6G+Y+R")]
    ['2.252997%', '42.755001%']
    >>> start = odds.start("6G")
    >>> roll = (("green", ("LORE", "INV_1", "INV_2", "INV_3", "PERIL", "PERIL")),)
    >>> best = odds.best(start, roll)
    >>> best.label
    'complete row 1 with green PERIL, green PERIL'
    >>> str(best.after)
    'rows 2 left; roll 4G'

    Notes
    -----
    Values are memoised per decision point, so asking for several pools or situations of
    one card shares the work. The 48 base adventures on the six dice scenarios of
    :data:`SCENARIOS` take a few seconds with no focus, spell or clue, and with one clue
    on four scenarios (see ``scripts/bench_elder_sign_odds.py``).
    """

    @_locked
    def __init__(self, card: TaskCard | str | Adventure, wild: Wild = "seed", *,
                 focus: int | None = None, spell: int = 0, clue: int = 0,
                 terror: str | None = None, dice: DiceSet | None = None,
                 sanity: int | None = None, stamina: int | None = None,
                 costs: str | None = None, monsters: Iterable[MonsterSpec] = (),
                 monster_slot: str | None = None, cast: Literal["before", "after"] = "before"):
        adv = card if isinstance(card, Adventure) else None
        task = adv.card if adv else (parse_task(card) if isinstance(card, str) else card)
        if not isinstance(task, TaskCard):
            raise TypeError(f"a card is a TaskCard, a task string or an Adventure, not {card!r}")
        for name, x in (("sanity", sanity), ("stamina", stamina)):
            if x is not None and (isinstance(x, bool) or not isinstance(x, int) or x < 1):
                raise ValueError(f"{name}={x!r}: expected None or a value >= 1 (at 0 the "
                                 f"investigator is devoured, seed p.11)")
        if costs is None:
            costs = adv.task_costs if adv else "none"
        if monster_slot is None:
            monster_slot = adv.monster_slot if adv else "none"
        row_costs = parse_task_costs(costs, len(task.rows))
        rows, row_costs, self.monster_rows = place_monsters(
            task, monsters, monster_slot, row_costs)
        self.rows: tuple[Row, ...] = rows
        """The rows solved: the card's, with monsters placed (:func:`place_monsters`)."""
        self.costs: tuple[tuple[int, int], ...] = row_costs
        """Per row of :attr:`rows`: the (sanity, stamina) its completion costs."""
        self.sanity, self.stamina = sanity, stamina
        if terror == "card":
            terror = adv.dice_terror if adv else None
        if terror is not None and terror not in TERROR_EFFECTS:
            raise ValueError(f"terror={terror!r}: expected None, 'card' or one of "
                             f"{', '.join(TERROR_EFFECTS)}")
        check_allowance(focus, spell, clue)
        check_rows(rows)
        if cast not in ("before", "after"):
            raise ValueError(f"cast={cast!r}: expected 'before' (the rulebook, p.9) or 'after' "
                             "(the published solver's model)")
        self.card, self.adventure = task, adv
        self.dice = dice or elder_sign_dice()
        self.wild = wild
        self.focus, self.spell, self.clue, self.terror = focus, spell, clue, terror
        self.cast = cast
        kinds = tuple(sorted(self.dice, key=lambda d: (d.rank, d.name)))
        self._engine = _Engine(TaskCard(rows, ordered=task.ordered), reading_key(wild), kinds,
                               focus, spell, clue, terror, row_costs, (sanity, stamina), cast)
        self._best: dict[tuple, Choice] = {}

    # -- decision points --

    def _counts(self, pool: Pool | str) -> tuple[int, ...]:
        p = parse_pool(pool, self.dice)
        kinds = self._engine.kinds
        extra = [d.name for d in p.dice if d not in kinds]
        if extra:
            raise ValueError(f"pool {p} uses dice outside this dice set: {', '.join(extra)}")
        check_dice(p)
        counts = p.counts
        return tuple(counts.get(d.name, 0) for d in kinds)

    def _pool(self, counts: tuple[int, ...]) -> Pool:
        return Pool([(d, n) for d, n in zip(self._engine.kinds, counts, strict=True) if n])

    @_locked
    def start(self, pool: Pool | str) -> Situation:
        """The first decision point: every row left, nothing held, the full allowance."""
        e = self._engine
        return self._situation(e.canon(e.full, self._counts(pool), None, (), e.focus,
                                       self.spell, self.clue))

    def _situation(self, st: State, rows: int | None = None) -> Situation:
        s, pool, marker, held, fl, sl, cl = st
        s = s if rows is None else rows
        return Situation(tuple(t for t in range(self._engine.n) if s >> t & 1),
                         self._pool(pool), marker, held, None if fl == _UNLIMITED else fl,
                         sl, cl)

    def _state(self, sit: Situation) -> State:
        e = self._engine
        bad = [t for t in sit.remaining if not 0 <= t < e.n]
        if bad:
            raise ValueError(f"row {bad[0]} is not a row of the card {self.card} "
                             f"(rows are numbered 0 to {e.n - 1})")
        s = sum(1 << t for t in sit.remaining)
        fl = _UNLIMITED if sit.focus_left is None else sit.focus_left
        return e.canon(s, self._counts(sit.pool), sit.focused, sit.held, fl, sit.spells_left,
                       sit.clues_left)

    @_locked
    def probability(self, pool: Pool | str) -> Fraction:
        """The exact chance of completing the card from the start with ``pool``.

        >>> odds = AdventureOdds("LORE", focus=0)
        >>> odds.probability("1G"), odds.probability("2G")    # 2G: 11/36 + 25/36 * 1/6
        (Fraction(1, 6), Fraction(91, 216))
        """
        return self.value(self.start(pool))

    @_locked
    def value(self, situation: Situation) -> Fraction:
        """The exact chance of completing the card from ``situation`` under optimal play.

        >>> odds = AdventureOdds("LORE,LORE", focus=0)
        >>> held_lore = Situation((0,), parse_pool("2G"), None, ("LORE",), 0, 0, 0)
        >>> odds.value(held_lore) > odds.probability("2G")
        True
        """
        st = self._state(situation)
        self._open_budget()
        if situation.casting is None or self.cast == "after":
            return self._engine.value(st)
        return self._engine.cast_value(st, self._casting(situation, st))[1]

    def _open_budget(self) -> None:
        """A question may add :data:`MAX_POSITIONS` decision points to the memo."""
        self._engine.budget = len(self._engine.memo) + MAX_POSITIONS

    def _casting(self, situation: Situation, st: State) -> int:
        """The spells cast for the coming roll, checked (see :meth:`casts`)."""
        c = situation.casting or 0
        most = min(situation.spells_left, max(situation.pool.size - 1, 0))
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c <= most:
            raise ValueError(f"casting={c!r}: between 0 and {most} spells may be cast before "
                             f"a roll of {situation.pool} with {situation.spells_left} spell(s) "
                             "(each takes one die of the roll; one die at least is used)")
        return c

    @_locked
    def casts(self, situation: Situation) -> list[Choice]:
        """Before a roll: how many spells to cast (p.9), each with its exact chance, best
        first (on a tie, fewer spells). Each choice's ``after`` is the situation to roll.

        >>> odds = AdventureOdds("PERIL > PERIL", focus=0, spell=1)
        >>> for c in odds.casts(odds.start("3G")):
        ...     print(c)
        22.0358%  cast 1 spell before the roll
        20.6962%  roll without casting a spell
        """
        if situation.casting is not None or self.cast == "after":
            raise ValueError("the spells for this roll are already chosen"
                             if self.cast == "before" else
                             "with cast='after' spells are spent on seeing the roll")
        st = self._state(situation)
        self._open_budget()
        out = []
        for c in range(self._engine.most_cast(st) + 1):
            after = replace(situation, casting=c)
            p = self._engine.cast_value(st, c)[1]
            label = f"cast {c} spell{'s' * (c > 1)} before the roll" if c else \
                "roll without casting a spell"
            out.append(Choice("cast", p, label, after=after))
        return sorted(out, key=lambda ch: -ch.probability)

    @_locked
    def rolls(self, situation: Situation) -> list[tuple[Roll, Fraction]]:
        """The rolls that can come next, grouped by multiset, with exact probabilities."""
        return outcomes(situation.pool) if situation.pool.size else []

    # -- choices --

    def _check_roll(self, sit: Situation, roll: Roll) -> Roll:
        shown = Counter()
        for name, faces in roll:
            shown[name] += len(faces)
        want = sit.pool.counts
        if {k: v for k, v in shown.items() if v} != {k: v for k, v in want.items() if v}:
            raise ValueError(f"roll {_roll_str(roll)!r} does not match the pool {sit.pool}")
        by_die = {d.name: d for d in self._engine.kinds}
        order = [d.name for d in self._engine.kinds]
        out = []
        for name in order:
            faces = [f for n, fs in roll if n == name for f in fs]
            if faces:
                known = [f for f, _ in by_die[name].faces]
                bad = [f for f in faces if f not in known]
                if bad:
                    raise ValueError(f"a {name} die has no face {bad[0]!r}")
                out.append((name, tuple(sorted(faces, key=known.index))))
        return tuple(out)

    @_locked
    def choices(self, situation: Situation, roll: Roll) -> list[Choice]:
        """Everything the player may do with ``roll``, each with its exact chance, best first.

        Choices: complete an available row (each distinct set of dice that can, and, with
        spells left, which leftover dice to put on spells); fail the roll (which die to set
        aside, whether and which die to focus, which dice to spell); with clues, reroll any
        chosen dice; give up. Equal choices keep a fixed order (completions first).

        Parameters
        ----------
        situation : Situation
        roll : Roll
            ``((die name, faces), ...)`` matching the situation's pool, as in
            :func:`mythlab.dice.outcomes`.

        Returns
        -------
        list of Choice

        Examples
        --------
        A failed first roll with one focus: holding the lore for the second row beats
        holding a peril for the first.

        >>> odds = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=1)
        >>> roll = (("green", ("LORE", "INV_1", "INV_2", "PERIL", "TERROR", "TERROR")),)
        >>> for c in odds.choices(odds.start("6G"), roll):
        ...     print(c)
         6.6304%  fail: set aside green INV_1, focus green LORE
         5.7312%  fail: set aside green INV_1, focus green PERIL
         3.7722%  fail: set aside green INV_1
         0.0000%  give up
        """
        opts = self._options(situation, roll)
        opts.sort(key=_choice_order)
        return [make() for _, _, make in opts]

    def _options(self, situation: Situation, roll: Roll) -> list[_Option]:
        """Every choice as (probability, action, a function building its :class:`Choice`),
        in a fixed order: labels are only written for the choices shown."""
        st = self._state(situation)
        roll = self._check_roll(situation, roll)
        rows = sum(1 << t for t in situation.remaining)
        self._open_budget()
        c = 0 if self.cast == "after" else self._casting(situation, st)
        out = self._roll_options(st, roll, rows) if not c else \
            self._spelled_options(situation, st, roll, rows, c)
        out.append((Fraction(0), "give up", lambda: Choice("give up", Fraction(0), "give up")))
        return out

    def _roll_options(self, st: State, roll: Roll, rows: int) -> list[_Option]:
        out = self._complete_choices(st, roll, rows) + self._fail_choices(st, roll, rows)
        if st[6]:
            out += self._clue_choices(st, roll)
        return out

    def _spelled_options(self, situation: Situation, st: State, roll: Roll, rows: int,
                         c: int) -> list[_Option]:
        """With ``c`` spells cast before the roll: each distinct set of ``c`` of its dice on
        the spells, then every choice the rest of the roll offers (the spelled dice held)."""
        kidx = self._dice_index()
        dice = sorted(Counter((kidx[name], f) for name, faces in roll for f in faces).items())
        out: list[_Option] = []
        for counts in product(*[range(min(n, c) + 1) for _, n in dice]):
            if sum(counts) != c:
                continue
            spelled = [d for (d, _), k in zip(dice, counts, strict=True) for _ in range(k)]
            left = Counter(dict(dice))
            left.subtract(Counter(spelled))
            rest = self._as_roll(left.elements())
            sub = self._engine.cast_states(st, spelled)
            on_spells = self._as_roll(spelled)
            after_clue = replace(self._situation(sub, rows), clues_left=sub[6] - 1, casting=0)
            for p, action, make in self._roll_options(sub, rest, rows):

                def wrapped(make: Callable[[], Choice] = make, action: str = action,
                            on_spells: Roll = on_spells, after_clue: Situation = after_clue
                            ) -> Choice:
                    inner = make()
                    return replace(inner, label=f"spell {_roll_str(on_spells)}; {inner.label}",
                                   spelled=on_spells,
                                   after=after_clue if action == "clue" else inner.after)

                out.append((p, action, wrapped))
        return out

    @_locked
    def best(self, situation: Situation, roll: Roll) -> Choice:
        """The best choice for ``roll`` (the first of :meth:`choices`); memoised."""
        key = (situation, self._check_roll(situation, roll))
        got = self._best.get(key)
        if got is None:
            got = self._best[key] = min(self._options(situation, roll), key=_choice_order)[2]()
        return got

    def _dice_index(self) -> dict[str, int]:
        return {d.name: k for k, d in enumerate(self._engine.kinds)}

    def _complete_choices(self, st: State, roll: Roll, rows: int) -> list[_Option]:
        e = self._engine
        s, pool, marker, held, fl, sl, cl = st
        kidx = self._dice_index()
        hl = e.held_list(st)
        dice = [(kidx[name], f) for name, faces in roll for f in faces]
        classes = sorted(Counter(dice).items())
        out = []
        for t in e.open_rows(rows):
            row = e.rows[t]
            usable = [j for j, h in enumerate(hl) if e.face_rows.get(h, 0) >> t & 1]
            cls = [c for c, _ in classes if e.face_rows.get(c[1], 0) >> t & 1]
            counts = [dict(classes)[c] for c in cls]
            m = Matcher(row.requirements, cls + [(len(pool) + i, hl[j])
                                                 for i, j in enumerate(usable)], e.reading)
            rest = rows & ~(1 << t)
            for u in sorted(m.uses(counts + [1] * len(usable))):
                used = Counter({cls[i]: u[i] for i in range(len(cls)) if u[i]})
                mask = sum(1 << usable[i] for i in range(len(usable)) if u[len(cls) + i])
                per_kind = [0] * len(pool)
                for (k, _), n in used.items():
                    per_kind[k] += n
                left = Counter(dict(classes))
                left.subtract(used)
                spell_sets: list[tuple[tuple[int, str], ...]] = [()]
                if sl and rest and self.cast == "after":
                    pick = sorted(c for c, n in left.items() if n > 0
                                  and e.face_rows.get(c[1], 0) & rest)
                    for nb in range(1, sl + 1):
                        for b in combinations_with_replacement(pick, nb):
                            if all(left[c] >= n for c, n in Counter(b).items()):
                                spell_sets.append(b)
                for b in spell_sets:
                    spent = [0] * len(pool)
                    for k, _ in b:
                        spent[k] += 1
                    nxt = e.complete(st, t, (tuple(per_kind), mask), tuple(f for _, f in b),
                                     tuple(spent) if b else (), rows)
                    p = e.value(nxt)

                    def make(p: Fraction = p, used: Counter = used, mask: int = mask,
                             t: int = t, b: tuple = b, nxt: State = nxt, rest: int = rest
                             ) -> Choice:
                        used_roll = self._as_roll(sorted(used.elements()))
                        held_used = tuple(hl[j] for j in range(len(hl)) if mask >> j & 1)
                        what = " (monster)" if t in self.monster_rows else ""
                        label = f"complete row {t + 1}{what} with " + ", ".join(
                            [_roll_str(used_roll)] * bool(used_roll)
                            + [f"held {h}" for h in held_used])
                        if b:
                            label += f"; spell {_roll_str(self._as_roll(b))}"
                        return Choice("complete", p, label, row=t, dice=used_roll,
                                      held_dice=held_used, spelled=self._as_roll(b),
                                      after=self._situation(nxt, rest) if rest else None)

                    out.append((p, "complete", make))
        return out

    def _as_roll(self, dice: Iterable[tuple[int, str]]) -> Roll:
        kinds = self._engine.kinds
        by_kind: dict[int, list[str]] = {}
        for k, f in dice:
            by_kind.setdefault(k, []).append(f)
        out = []
        for k in sorted(by_kind):
            known = [f for f, _ in kinds[k].faces]
            out.append((kinds[k].name, tuple(sorted(by_kind[k], key=known.index))))
        return tuple(out)

    def _fail_choices(self, st: State, roll: Roll, rows: int) -> list[_Option]:
        e = self._engine
        s, pool, marker, held, fl, sl, cl = st
        kidx = self._dice_index()
        dice = Counter((kidx[name], f) for name, faces in roll for f in faces)
        terror = Counter({c: n for c, n in dice.items() if c[1] == TERROR})
        if terror and self.terror == "immediate_fail":
            return [(Fraction(0), "fail", lambda: Choice(
                "fail", Fraction(0), "fail: a terror shows, the adventure is lost"))]
        drop: Counter[tuple[int, str]] = Counter()
        if self.terror == "discard_all_terror":
            drop = terror
            dice.subtract(terror)
        useful = sorted(c for c, n in dice.items() if n > 0 and e.face_rows.get(c[1], 0) & s)
        focus_opts: list[tuple[int, str] | None] = [None]
        if fl != 0 and marker is None:
            focus_opts += useful
        out = []
        for a in focus_opts:
            for nb in range(sl + 1 if self.cast == "after" else 1):
                for b in combinations_with_replacement(useful, nb):
                    taken = Counter(([a] if a else []) + list(b))
                    if any(dice[c] < n for c, n in taken.items()):
                        continue
                    left = dice.copy()
                    left.subtract(taken)
                    for k in range(len(pool)):
                        mine = sorted((c for c, n in left.items() if c[0] == k and n > 0),
                                      key=lambda c: (e.face_rows.get(c[1], 0) & s != 0, c[1]))
                        if not mine:
                            continue
                        aside = mine[0]  # any die of that colour: it will not be rolled
                        after = list(pool)
                        for c, n in (drop + taken + Counter([aside])).items():
                            after[c[0]] -= n
                        nxt = e.canon(s, tuple(after), a[1] if a else marker,
                                      held + tuple(f for _, f in b),
                                      fl - 1 if a and fl > 0 else fl, sl - len(b), cl)
                        p = e.value(nxt)

                        def make(p: Fraction = p, aside: tuple[int, str] = aside,
                                 a: tuple[int, str] | None = a, b: tuple = b,
                                 nxt: State = nxt) -> Choice:
                            label = f"fail: set aside {_roll_str(self._as_roll([aside]))}"
                            if drop:
                                terror_dice = _roll_str(self._as_roll(drop.elements()))
                                label += f" (and the terror dice {terror_dice})"
                            if a:
                                label += f", focus {_roll_str(self._as_roll([a]))}"
                            if b:
                                label += f", spell {_roll_str(self._as_roll(b))}"
                            return Choice(
                                "fail", p, label, focused=self._as_roll([a] if a else []),
                                spelled=self._as_roll(b),
                                set_aside=self._as_roll(list(drop.elements()) + [aside]),
                                after=self._situation(nxt, rows))

                        out.append((p, "fail", make))
        return out

    def _clue_choices(self, st: State, roll: Roll) -> list[_Option]:
        e = self._engine
        kidx = self._dice_index()
        dice = sorted(Counter((kidx[name], f) for name, faces in roll for f in faces).items())
        basis, caps = e.basis(st)
        out = []
        for keep_counts in product(*[range(n + 1) for _, n in dice]):
            rerolled = [(c, n - k) for (c, n), k in zip(dice, keep_counts, strict=True) if n - k]
            if not rerolled:
                continue
            kept = Counter({c: k for (c, _), k in zip(dice, keep_counts, strict=True) if k})
            q = [0] * len(st[1])
            for (k, _), n in rerolled:
                q[k] += n
            keep_key = tuple(min(kept.get(e.classes[c], 0), cap)
                             for c, cap in zip(basis, caps, strict=True))
            p = e.clue_expect(st, keep_key, tuple(q))[1]

            def make(p: Fraction = p, rerolled: list = rerolled) -> Choice:
                rr = self._as_roll(c for c, n in rerolled for _ in range(n))
                return Choice("clue", p, f"clue: reroll {_roll_str(rr)}", rerolled=rr)

            out.append((p, "clue", make))
        return out

    # -- Monte Carlo --

    @_locked
    def simulate(self, pool: Pool | str, games: int, seed: int = 0) -> Simulation:
        """Play the optimal policy (:meth:`best`) on random rolls; count the successes.

        A check of the exact values: the estimate should lie within a few standard errors
        of :meth:`probability`. Seeded, so it is repeatable.

        >>> odds = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=0)
        >>> sim = odds.simulate("6G+Y+R", games=200, seed=1)
        >>> lo, hi = sim.interval()
        >>> lo <= float(odds.probability("6G+Y+R")) <= hi
        True
        """
        rng = random.Random(seed)
        kinds = {d.name: d for d in self._engine.kinds}
        start = self.start(pool)
        wins = 0

        def throw(dice: Iterable[tuple[str, int]]) -> Roll:
            out: dict[str, list[str]] = {}
            for name, n in dice:
                d = kinds[name]
                faces = [f for f, _ in d.faces]
                out.setdefault(name, []).extend(
                    rng.choices(faces, weights=[w for _, w in d.faces], k=n))
            return tuple((name, tuple(fs)) for name, fs in out.items() if fs)

        for _ in range(games):
            sit = start
            while not sit.done and sit.pool.size:
                if sit.casting is None and sit.spells_left and self.cast == "before":
                    sit = self.casts(sit)[0].after  # type: ignore[assignment]
                roll = throw((d.name, n) for d, n in sit.pool.groups)
                choice = self.best(sit, roll)
                while choice.action == "clue":
                    kept = Counter((n, f) for n, fs in roll for f in fs)
                    kept.subtract(Counter((n, f) for n, fs in choice.rerolled + choice.spelled
                                          for f in fs))
                    again = throw(Counter(n for n, fs in choice.rerolled for _ in fs).items())
                    merged = Counter(kept)
                    merged.update(Counter((n, f) for n, fs in again for f in fs))
                    sit = choice.after or replace(sit, clues_left=sit.clues_left - 1)
                    roll = self._check_roll(sit, tuple(
                        (name, tuple(f for (n, f), k in merged.items() if n == name
                                     for _ in range(k))) for name in kinds))
                    choice = self.best(sit, roll)
                if choice.action == "give up" or choice.probability == 0:
                    break
                if choice.action == "complete" and choice.after is None:
                    sit = Situation((), sit.pool, None, (), sit.focus_left, 0, 0)
                    break
                assert choice.after is not None
                sit = choice.after
            wins += sit.done
        return Simulation(games, wins, seed)


@_locked
def adventure_odds(card: TaskCard | str | Adventure, pool: Pool | str, wild: Wild = "seed", *,
                   focus: int | None = None, spell: int = 0, clue: int = 0,
                   terror: str | None = None, sanity: int | None = None,
                   stamina: int | None = None, costs: str | None = None,
                   monsters: Iterable[MonsterSpec] = (),
                   monster_slot: str | None = None,
                   cast: Literal["before", "after"] = "before") -> Fraction:
    """The exact chance of completing an adventure card under optimal play.

    Parameters
    ----------
    card : TaskCard, str or Adventure
        E.g. ``"PERIL,PERIL > LORE,LORE"`` or ``adventure("Lights Out")``.
    pool : Pool or str
        The starting dice, e.g. ``"6G+Y+R"``.
    wild : {"seed", "faq"}, default "seed"
    focus : int or None, default None
        ``None``: focus whenever the marker is free; ``N``: at most N times.
    spell, clue : int, default 0
    terror : str or None, default None
    sanity, stamina, costs, monsters, monster_slot, cast
        See :class:`AdventureOdds`.

    Returns
    -------
    Fraction

    Examples
    --------
    A spell cast before the roll (the rulebook), and spent on seeing it (the model of the
    published solver, which prints 62.693259):

    >>> p = adventure_odds("PERIL,PERIL > LORE,LORE", "6G+R", wild="faq", focus=1, spell=1)
    >>> type(p).__name__, f"{float(p):.6%}"
    ('Fraction', '59.116652%')
    >>> q = adventure_odds("PERIL,PERIL > LORE,LORE", "6G+R", wild="faq", focus=1, spell=1,
    ...                    cast="after")
    >>> f"{float(q):.6%}"
    '62.693259%'
    """
    return AdventureOdds(card, wild, focus=focus, spell=spell, clue=clue, terror=terror,
                         sanity=sanity, stamina=stamina, costs=costs, monsters=monsters,
                         monster_slot=monster_slot, cast=cast).probability(pool)


@_locked
def odds_table(cards: Iterable[TaskCard | str | Adventure] | None = None,
               scenarios: Sequence[str] = SCENARIOS, wild: Wild = "seed", *,
               focus: int | None = None, spell: int = 0, clue: int = 0,
               terror: str | None = None, sanity: int | None = None,
               stamina: int | None = None, monsters: Iterable[MonsterSpec] = (),
               cast: Literal["before", "after"] = "before"
               ) -> list[tuple[str, list[Fraction]]]:
    """Exact success chances of many cards on many dice scenarios (one row per card).

    Parameters
    ----------
    cards : iterable of TaskCard, str or Adventure, optional
        The 48 base adventures (:func:`adventures`) by default.
    scenarios : sequence of str, default SCENARIOS
        Pool specs, one column each.
    wild, focus, spell, clue, terror, sanity, stamina, monsters, cast
        As for :class:`AdventureOdds` (the same defaults: the seed's rules); each card
        uses its own task costs and monster tasks.

    Returns
    -------
    list of (str, list of Fraction)
        Per card its name (or task string) and its chance per scenario.

    Examples
    --------
    The published solver's table uses the FAQ wildcard and counts focus (here none):

    >>> rows = odds_table(["PERIL,PERIL > LORE,LORE"], ["5G", "6G"], "faq", focus=0)
    >>> [f"{float(p):.6%}" for p in rows[0][1]]
    ['2.252997%', '7.413286%']
    """
    out = []
    monsters = tuple(monsters)
    for card in (adventures() if cards is None else cards):
        odds = AdventureOdds(card, wild, focus=focus, spell=spell, clue=clue, terror=terror,
                             sanity=sanity, stamina=stamina, monsters=monsters, cast=cast)
        name = card.name if isinstance(card, Adventure) else str(odds.card)
        out.append((name, [odds.probability(s) for s in scenarios]))
    return out


__all__ = [
    "SCENARIOS", "TERROR_EFFECTS", "Adventure", "AdventureOdds", "Choice", "Simulation",
    "Situation", "adventure", "adventure_odds", "adventures", "check_allowance", "check_dice",
    "check_rows", "clear_caches",
    "load_adventures", "odds_table", "parse_monster_slots", "parse_task_costs",
    "place_monsters",
]
