"""Errors the engine raises: refused moves, bad data files, bad save files."""

from __future__ import annotations


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
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        where = file
        if entry is not None:
            where += f", entry {entry!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class SaveFileError(ValueError):
    """A save file that is truncated, altered, of another version or for another game."""
