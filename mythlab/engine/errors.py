"""Errors the engine raises: refused moves, bad data files, bad save files."""

from __future__ import annotations

import reprlib
from typing import Any

_SHORT = reprlib.Repr()  # keyword arguments need Python 3.12
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 3, 60, 60, 40
_SHORT.maxtuple = _SHORT.maxlist = _SHORT.maxdict = _SHORT.maxset = 4
#: the longest message part an error repeats from user input
MAX_SHOWN = 300


def shown(value: Any) -> str:
    """A short repr of a user's value for an error message: never the whole input.

    >>> len(shown("x" * 500))
    60
    >>> shown([[1, 2, 3, 4, 5]] * 9)
    '[[1, 2, 3, 4, ...], [1, 2, 3, 4, ...], [1, 2, 3, 4, ...], [1, 2, 3, 4, ...], ...]'
    """
    return _SHORT.repr(value)


def clip(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to ``limit`` characters (an error message stays one readable line)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class IllegalAction(ValueError):
    """A move the rules forbid: names the rule and says why.

    The state the move was tried on is never changed.
    """

    def __init__(self, rule: str, reason: str, action: str | None = None):
        self.rule = rule
        self.reason = reason
        self.action = action
        super().__init__(f"{rule}: {reason}")


class DataError(ValueError):
    """A game data file that does not validate: names the file, the entry and the field."""

    def __init__(self, file: str, entry: str | None, field: str | None, problem: str):
        file, problem = clip(str(file)), clip(str(problem))
        entry = None if entry is None else clip(str(entry), 80)
        field = None if field is None else clip(str(field), 120)
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        where = file
        if entry is not None:
            where += f", entry {entry!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class SaveFileError(ValueError):
    """A save file that is truncated, altered, of another version or for another game."""

    def __init__(self, message: str):
        super().__init__(clip(str(message), 2 * MAX_SHOWN))
