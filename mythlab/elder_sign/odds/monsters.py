"""Task costs and monster tasks: how the rows the solver plays differ from the printed card.

A task may cost sanity or stamina (Elder Sign rulebook, Greek edition, p.7: a cost that would
take either to 0 forbids the task); a monster marker replaces a full monster task, covers all
but the kept symbol of a partial one, or adds a row (pp. 10-11). The notations are those of
``mythlab/elder_sign/data/adventures.csv`` (``task_costs``, ``monster_slot``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..dice import Row, TaskCard, parse_row

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
    """The rows of ``card`` with monster tasks placed (rulebook pp. 10-11, "Τέρατα").

    A monster on a full monster task (``rowN:replace``) replaces the row (and its cost);
    on a partial one (``rowN:keep_1``) it covers all but the row's first requirement; on
    an empty monster task (``extra_row``) or, with no monster task left, under the last
    task, it adds a row. Monsters without a place fill the card's monster tasks in card
    order, then the empty ones, then go under the last task. An added row becomes the card's
    last task ("adding one more task", p.11): on an arrow card it comes last in the order.

    Returns the rows, the costs per row and the rows holding a monster.

    >>> from mythlab.elder_sign.dice import parse_task
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
