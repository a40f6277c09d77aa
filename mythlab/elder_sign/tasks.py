"""Adventure cards in play as task rows: monster tasks, completions, dice accounting.

Rules: tasks (rulebook p.5-6), completing a task with one minimal set of dice per requirement
(p.6, via :class:`mythlab.dice.Matcher`), monster tasks: empty, full and partial, and extra
rows under the last task (p.10-11).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from math import ceil

from .dice import TERROR, Requirement, Row, elder_sign_dice, parse_row, reading_key
from .dice.matching import face_use
from .load import builtin_data

#: how many dice of each colour the box holds (rulebook p.2)
TOTALS = {"green": 6, "yellow": 1, "red": 1}
COLOURS = ("green", "yellow", "red")
CODES = {"green": "G", "yellow": "Y", "red": "R"}
EXTRA_ROW, EMPTY_TASK = -2, -1


def split(die: str) -> tuple[str, str]:
    """``"green:LORE"`` -> ``("green", "LORE")``."""
    colour, _, face = die.partition(":")
    return colour, face


@cache
def monster_slots(name: str) -> tuple[dict[int, str], int]:
    """A card's monster tasks: {row index: "replace" | "keep_1"} and its empty monster tasks.

    >>> monster_slots("A Secret Gathering")
    ({}, 0)
    """
    slots: dict[int, str] = {}
    empty = 0
    spec = builtin_data().adventures[name].monster_slot
    for token in spec.split(";"):
        token = token.strip()
        if token.startswith("row"):
            where, _, kind = token.partition(":")
            slots[int(where[3:]) - 1] = kind
        elif token.startswith("extra_row"):
            empty += int(token.partition(":")[2] or 1)
    return slots, empty


@cache
def monster_row(monster: str, extra_terror: bool) -> Row:
    """A monster marker's task (Shub-Niggurath adds a Terror to every monster task)."""
    row = parse_row(builtin_data().monsters[monster].task)
    if extra_terror:
        row = Row(row.requirements + (Requirement((TERROR,)),))
    return one_row(row)


#: the one object of each distinct row (:func:`one_row`)
_ROWS: dict[Row, Row] = {}


def one_row(row: Row) -> Row:
    """The one object of every row equal to ``row``: the caches keyed by rows then find a row
    by its identity, where an equal row made elsewhere (another card's, a monster's, the
    Ancient One's) was compared with it requirement by requirement."""
    return _ROWS.setdefault(row, row)


@lru_cache(maxsize=8192)
def card_rows(name: str, placed: tuple[tuple[str, int], ...], extra_terror: bool
              ) -> tuple[tuple[Row, str], ...]:
    """The task rows of a card in play with its monsters, each with the monster on it ("").

    A monster on a full monster task replaces the row; on a partial one (``keep_1``) it covers
    all but the row's first requirement; on an empty monster task or under the last task it
    adds a row (rulebook p.10-11). Empty monster tasks without a monster do not count.
    """
    adv = builtin_data().adventures[name]
    slots, _ = monster_slots(name)
    rows: list[tuple[Row, str]] = [(one_row(r), "") for r in adv.card.rows]
    extra: list[tuple[Row, str]] = []
    for monster, where in placed:
        m = monster_row(monster, extra_terror)
        if where >= 0:
            if slots.get(where) == "keep_1":
                rows[where] = (one_row(Row((adv.card.rows[where].requirements[0],)
                                           + m.requirements)), monster)
            else:
                rows[where] = (m, monster)
        else:
            extra.append((m, monster))
    return tuple(rows + extra)


@lru_cache(maxsize=8192)
def card_costs(name: str, placed: tuple[tuple[str, int], ...], extra_terror: bool
               ) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per row of :func:`card_rows`, what completing it costs as (kind, change), from the
    card's ``rowN:sanity-1`` notation (p.7). A monster on a full monster task replaces the
    task, cost and all (p.10); rows a monster adds cost nothing. Cached like
    :func:`card_rows`: the answer depends on the arguments and the built-in data only."""
    rows = card_rows(name, placed, extra_terror)
    slots, _ = monster_slots(name)
    out: list[list[tuple[str, int]]] = [[] for _ in rows]
    for token in builtin_data().adventures[name].task_costs.split(";"):
        where, _, cost = token.partition(":")
        if where.startswith("row"):
            kind, _, n = cost.partition("-")
            out[int(where[3:]) - 1].append((kind, -int(n)))
    for r, (_, monster) in enumerate(rows):
        if monster and slots.get(r) == "replace":
            out[r] = []
    return tuple(map(tuple, out))


def open_rows(rows: tuple[tuple[Row, str], ...], done: Sequence[int], ordered: bool
              ) -> list[int]:
    """Rows that may be completed now: not done, and in order on an arrow card (p.8)."""
    left = [i for i in range(len(rows)) if i not in done] if done else list(range(len(rows)))
    return left[:1] if ordered else left


@lru_cache(maxsize=8192)
def fewest_for_open_rows(card: str, placed: tuple[tuple[str, int], ...], extra_terror: bool,
                         done: tuple[int, ...], ordered: bool, best: int) -> float:
    """The fewest dice that could complete one of the rows of ``card`` (with the monsters
    ``placed``) open after the rows ``done`` (:func:`fewest_dice`; infinite when none
    is open). Cached: it depends on nothing else."""
    all_rows = card_rows(card, placed, extra_terror)
    return min((fewest_dice(all_rows[r][0], best) for r in open_rows(all_rows, done, ordered)),
               default=float("inf"))


def completions(row: Row, dice: tuple[tuple[str, str, int], ...], wild: str
                ) -> tuple[tuple[tuple[str, str, int], ...], ...]:
    """Every distinct minimal way to complete ``row`` with ``dice``.

    ``dice`` are (source, face, count) with sources such as ``green`` or ``marker:1``; each
    answer lists the (source, face, count) it takes, in the order of ``dice``; the answers
    come fewest dice first. One action per answer keeps the action list small (not every
    subset of dice).

    Dice of one face serve a task alike whatever holds them, so the ways are worked out on
    the faces (:class:`FaceWays`, made once per row) and each is shared out among the
    sources showing its faces in every possible way.

    >>> completions(parse_row("INV_3"), (("green", "INV_1", 1), ("green", "INV_2", 1),
    ...                                   ("green", "INV_3", 1)), "seed")
    ((('green', 'INV_3', 1),), (('green', 'INV_1', 1), ('green', 'INV_2', 1)))
    """
    shown, faces = faces_shown(dice)
    held_by: dict[str, list[int]] = {}
    for i, (_, face, _) in enumerate(dice):
        held_by.setdefault(face, []).append(i)
    found = []
    for total, way in face_ways(row, faces, wild).fitting(shown):
        shares: list[tuple[tuple[int, int], ...]] = [()]
        for face, k in way:
            shares = [s + t for s in shares for t in _shares(k, held_by[face], dice)]
        found += [(total, tuple((*dice[i][:2], k) for i, k in sorted(share)))
                  for share in shares]
    found.sort()
    return tuple(use for _, use in found)


def faces_shown(dice: tuple[tuple[str, str, int], ...]) -> tuple[dict[str, int], frozenset[str]]:
    """How many of ``dice`` (source, face, count) show each face, and the faces a row is read
    with (:func:`face_ways`): the box's, and any other face the dice show (a scenario's)."""
    shown: dict[str, int] = {}
    for _, face, n in dice:
        shown[face] = shown.get(face, 0) + n
    faces = die_faces()
    if not faces.issuperset(shown):
        faces = faces.union(shown)
    return shown, faces


def can_complete(row: Row, shown: dict[str, int], faces: frozenset[str], wild: str) -> bool:
    """Whether dice showing ``shown`` complete ``row`` (:func:`faces_shown` gives ``shown``
    and ``faces``): exactly when :func:`completions` finds a way, asked without sharing the
    ways out among the dice (most rolls complete no task)."""
    return bool(face_ways(row, faces, wild).fitting(shown))


def relevant_dice(row: Row, dice: tuple[tuple[str, str, int], ...], wild: str
                  ) -> tuple[tuple[str, str, int], ...]:
    """``dice`` as :func:`completions` reads them for ``row``: only the faces the row can use,
    each count capped at the most dice of that face one way takes. ``completions`` gives the
    same answer for both, so it may be kept per roll of the faces that matter (rolls differ
    mostly in faces a row ignores)."""
    faces = die_faces()
    ways = face_ways(row, faces, wild)
    at, top = ways.at, ways.top
    kept = []
    for die in dice:
        face = die[1]
        if face in at:
            kept.append(die if die[2] <= top else (die[0], face, top))
        elif face not in faces:  # a scenario's face: the dice as they are
            return dice
    return tuple(kept)


def _shares(k: int, holders: list[int], dice: tuple[tuple[str, str, int], ...]
            ) -> list[tuple[tuple[int, int], ...]]:
    """Every way to take ``k`` dice of one face from the entries ``holders`` of ``dice``
    (each gives at most its count), as (entry, dice taken) pairs, none taking 0."""
    if not k:
        return [()]
    if not holders:
        return []
    first, *rest = holders
    if not rest:
        return [((first, k),)] if k <= dice[first][2] else []
    return [((first, here), *tail) if here else tail
            for here in range(min(k, dice[first][2]) + 1)
            for tail in _shares(k - here, rest, dice)]


@cache
def die_faces() -> frozenset[str]:
    """Every face the game's dice show (rulebook p.6), and the faces an ability turns a die
    into (they are among them)."""
    return frozenset(face for die in elder_sign_dice().dice for face, _ in die.faces)


class FaceWays:
    """The minimal ways to complete a row with dice of some faces (p.6, as
    :class:`~mythlab.elder_sign.dice.Matcher` counts them): :meth:`fitting` gives those a
    roll can pay.

    Each requirement takes a minimal set of dice: one die serving one of its symbols, or
    dice whose points reach one of its ``INV_n`` and fall short without the smallest of
    them. Those sets are listed once per requirement, and a roll's ways are the distinct
    sums of one set per requirement that fit in the roll. Dice counts are kept as one
    number with a field of bits per face, each with a guard bit above the count: taking a
    set away from a roll keeps every guard bit exactly when the roll has the dice, so a
    set is checked and taken with one subtraction.
    """

    __slots__ = ("at", "top", "guards", "mask", "sets", "fits")

    def __init__(self, row: Row, faces: frozenset[str], wild: str):
        symbol_sets: list[tuple[dict[str, int], ...]] = []
        point_sets: list[tuple[dict[str, int], ...]] = []
        most: dict[str, int] = {}  # face -> the most dice of it one way takes
        for req in row.requirements:
            sets, req_most = requirement_sets(req, faces, wild)
            (point_sets if req.points else symbol_sets).append(sets)
            for face, k in req_most.items():
                most[face] = most.get(face, 0) + k
        per_req = symbol_sets + point_sets  # fewest choices first: rolls fail them soonest
        used = sorted(most)
        #: the most dice of a face one way takes
        self.top = max(most.values(), default=0)
        width = self.top.bit_length() + 1
        self.mask = (1 << (width - 1)) - 1
        #: each face's field (its lowest bit), and the guard bits of every field
        self.at = {face: width * i for i, face in enumerate(used)}
        self.guards = sum(1 << (self.at[face] + width - 1) for face in used)
        #: per requirement, its minimal sets as numbers (distinct)
        self.sets = [sorted({sum(k << self.at[f] for f, k in taken.items()) for taken in sets})
                     for sets in per_req]
        #: the answers of :meth:`fitting` so far, by the dice it reads (rolls meet them again)
        self.fits: dict[int, list[tuple[int, tuple[tuple[str, int], ...]]]] = {}

    def fitting(self, shown: dict[str, int]) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
        """The ways dice showing ``shown`` (face -> how many) can pay, as (dice taken,
        (face, count) pairs in face order), fewest dice first: worked out once per count of
        the faces the row reads (capped at :attr:`top`), a list callers only read."""
        at, top = self.at, self.top
        have = self.guards
        for face, n in shown.items():
            if face in at:
                have |= min(n, top) << at[face]
        found = self.fits.get(have)
        if found is None:
            found = self.fits[have] = self._search(have)
        return found

    def _search(self, have: int) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
        """The ways of :meth:`fitting` for the dice counts ``have`` (guard bits set)."""
        guards = self.guards
        left = {have}
        for sets in self.sets:
            left = {rest - taken for rest in left for taken in sets
                    if (rest - taken) & guards == guards}
            if not left:
                return []
        return sorted(map(self._way, [have - rest for rest in left]))

    def _way(self, used: int) -> tuple[int, tuple[tuple[str, int], ...]]:
        """The dice counts of the number ``used`` as (dice taken, (face, count) pairs)."""
        way = tuple((face, k) for face, shift in self.at.items()
                    if (k := (used >> shift) & self.mask))
        return sum(k for _, k in way), way


@lru_cache(maxsize=1024)
def requirement_sets(req: Requirement, faces: frozenset[str], wild: str
                     ) -> tuple[tuple[dict[str, int], ...], dict[str, int]]:
    """The minimal dice sets (face -> dice) meeting ``req`` with dice of ``faces`` under the
    wildcard reading ``wild``, as :class:`FaceWays` takes them (one die serving one of its
    symbols, or dice whose points reach one of its ``INV_n``), and the most dice of each face
    one set takes. Made once per requirement (the rows of the cards share most of them);
    callers only read them."""
    reading = reading_key(wild)
    sets = [{face: 1} for face in sorted(faces)
            if face_use(face, reading)[0].intersection(req.symbols)]
    if req.points:
        valued = [(face, points) for face in sorted(faces)
                  if (points := face_use(face, reading)[1])]
        valued.sort(key=lambda fp: -fp[1])
        for need in req.points:
            sets += _point_sets(valued, need)
    most: dict[str, int] = {}
    for taken in sets:
        for face, k in taken.items():
            most[face] = max(most.get(face, 0), k)
    return tuple(sets), most


def _point_sets(valued: list[tuple[str, int]], need: int) -> list[dict[str, int]]:
    """The minimal dice sets whose points reach ``need``: the smallest die taken away, they
    fall short (``valued``: (face, points), most points first)."""
    out: list[dict[str, int]] = []
    taken: dict[str, int] = {}

    def take(j: int, total: int) -> None:
        if j == len(valued):
            return
        face, points = valued[j]
        for k in range(need + 1):
            if total + k * points >= need:
                out.append({f: n for f, n in taken.items() if n})
                break
            take(j + 1, total + k * points)
            taken[face] = k + 1
        taken[face] = 0

    take(0, 0)
    return out


@lru_cache(maxsize=1024)
def face_ways(row: Row, faces: frozenset[str], wild: str) -> FaceWays:
    """The ways of completing ``row`` with dice of ``faces`` (:class:`FaceWays`), made once
    per row, faces and wildcard reading."""
    return FaceWays(row, faces, wild)


@lru_cache(maxsize=4096)
def fewest_dice(row: Row, best_points: int) -> int:
    """The fewest dice that could ever complete ``row`` when a die shows at most
    ``best_points`` investigation (the test behind "no way left", p.7: mythlab ruling
    'no-way-left'). Cached: rows are frozen."""
    need = 0
    for req in row.requirements:
        if req.symbols:
            need += 1
        else:
            need += ceil(req.investigation / best_points)
    return need
