"""The 56 Elder Sign adventure and Other World cards, as the odds solver reads them.

The cards ship in ``mythlab/elder_sign/data/adventures.csv`` (see ``SOURCES.md`` beside it
for the notation and the sources); a user's own cards in the same format load with
:func:`load_adventures`, with a :class:`mythlab.DataError` naming the card and the field
when something is wrong.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from mythlab.engine.datafiles import game_data
from mythlab.engine.errors import DataError
from mythlab.engine.files import MAX_DATA_BYTES, FileRefused, read_user_text

from ..dice import TaskCard, parse_task
from .model import TERROR_EFFECTS

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
