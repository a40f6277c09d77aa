"""Adventure cards in play as task rows: monster tasks, completions, dice accounting.

Rules: tasks (rulebook p.5-6), completing a task with one minimal set of dice per requirement
(p.6, via :class:`mythlab.dice.Matcher`), monster tasks: empty, full and partial, and extra
rows under the last task (p.10-11).
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import ceil

from .dice import TERROR, Matcher, Requirement, Row, parse_row, reading_key
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
    return row


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
    rows: list[tuple[Row, str]] = [(r, "") for r in adv.card.rows]
    extra: list[tuple[Row, str]] = []
    for monster, where in placed:
        m = monster_row(monster, extra_terror)
        if where >= 0:
            if slots.get(where) == "keep_1":
                rows[where] = (Row((adv.card.rows[where].requirements[0],) + m.requirements),
                               monster)
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


def open_rows(rows: tuple[tuple[Row, str], ...], done: list[int], ordered: bool) -> list[int]:
    """Rows that may be completed now: not done, and in order on an arrow card (p.8)."""
    left = [i for i in range(len(rows)) if i not in done]
    return left[:1] if ordered else left


@lru_cache(maxsize=1 << 15)
def completions(row: Row, dice: tuple[tuple[str, str, int], ...], wild: str
                ) -> tuple[tuple[tuple[str, str, int], ...], ...]:
    """Every distinct minimal way to complete ``row`` with ``dice``.

    ``dice`` are (source, face, count) with sources such as ``green`` or ``marker:1``; each
    answer lists the (source, face, count) it takes. One action per answer keeps the action
    list small (not every subset of dice).

    >>> completions(parse_row("INV_3"), (("green", "INV_1", 1), ("green", "INV_2", 1),
    ...                                   ("green", "INV_3", 1)), "seed")
    ((('green', 'INV_3', 1),), (('green', 'INV_1', 1), ('green', 'INV_2', 1)))
    """
    if not dice:
        return ()
    sources = sorted({src for src, _, _ in dice})
    classes = [(sources.index(src), face) for src, face, _ in dice]
    counts = [n for _, _, n in dice]
    uses = Matcher(row.requirements, classes, reading_key(wild)).uses(counts)
    out = []
    for vec in uses:
        out.append(tuple((dice[i][0], dice[i][1], k) for i, k in enumerate(vec) if k))
    out.sort(key=lambda u: (sum(k for *_, k in u), u))
    return tuple(out)


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
