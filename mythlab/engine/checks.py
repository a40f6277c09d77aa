"""Checking a position's structure before its rules run on it: seats in range, ids known,
counts not negative. A loaded state (``Game.state_from_json``) may hold anything; each game's
``invariants`` starts with these checks, and each problem names its field
(``players[1].bonus_vp: -3 is not a count``)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from .errors import shown


class Shape:
    """Collects the structural problems of one position, each naming its field."""

    def __init__(self, players: int):
        self.players = players
        self.problems: list[str] = []

    def fail(self, field: str, problem: str) -> None:
        """Record a problem, prefixed by the field it is about."""
        self.problems.append(f"{field}: {problem}")

    def count(self, field: str, value: int, high: int | None = None) -> None:
        """A whole number from 0 (to ``high``)."""
        if value < 0 or (high is not None and value > high):
            top = "" if high is None else f" to {high}"
            self.fail(field, f"{value} is not a count from 0{top}")

    def index(self, field: str, value: int, length: int, extra: Collection[int] = ()) -> None:
        """An index into something of ``length`` items (or one of the ``extra`` values)."""
        if value not in extra and not 0 <= value < length:
            self.fail(field, f"{value} is not an index from 0 to {length - 1}")

    def seat(self, field: str, value: int, extra: Collection[int] = ()) -> None:
        """A seat number (or one of the ``extra`` values, e.g. -1 for nobody)."""
        if value not in extra and not 0 <= value < self.players:
            self.fail(field, f"{value} is not a seat from 0 to {self.players - 1}")

    def seats(self, field: str, values: Iterable[int], extra: Collection[int] = ()) -> None:
        """Each value a seat number (or one of ``extra``), named ``field[i]``."""
        for i, v in enumerate(values):
            self.seat(f"{field}[{i}]", v, extra)

    def known(self, field: str, value: Any, names: Collection[Any], blank: bool = False) -> None:
        """One of ``names`` (or ``""`` when ``blank``)."""
        if not (blank and value == "") and value not in names:
            self.fail(field, f"unknown {shown(value)}")

    def all_known(self, field: str, values: Iterable[Any], names: Collection[Any],
                  blank: bool = False) -> None:
        """Each value one of ``names`` (or ``""`` when ``blank``), named ``field[i]``."""
        for i, v in enumerate(values):
            self.known(f"{field}[{i}]", v, names, blank)

    def keys(self, field: str, mapping: Collection[Any], names: Collection[Any]) -> None:
        """Every key of ``mapping`` one of ``names``."""
        for key in mapping:
            if key not in names:
                self.fail(field, f"unknown key {shown(key)}")

    def length(self, field: str, values: Collection[Any], n: int) -> None:
        """Exactly ``n`` entries."""
        if len(values) != n:
            self.fail(field, f"{len(values)} entries, not {n}")
