"""The options every game shares, checked once for all games: player count, seed, player names
and the options naming data files. A bad value raises ``ValueError`` naming the option."""

from __future__ import annotations

import os
from typing import Any

from .errors import shown
from .files import DataFile

#: seeds are 64-bit whole numbers (a bigger one cannot be saved as a JSON number everywhere)
SEED_RANGE = (-(2**63), 2**63 - 1)
#: the longest player name (names appear in labels and one-line messages)
MAX_NAME = 40
#: the most files one option may name (Elysium has 8 families)
MAX_FILES = 16


def check_players(title: str, players: Any, low: int, high: int) -> int:
    """The player count, a whole number within the game's range (``True`` is not 1)."""
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ValueError(f"players: {title} is for {low}–{high} players, not {shown(players)}")
    return players


def check_seed(seed: Any) -> int:
    """The seed, a 64-bit whole number (``1.9`` is not silently 1)."""
    low, high = SEED_RANGE
    if isinstance(seed, bool) or not isinstance(seed, int) or not low <= seed <= high:
        raise ValueError(f"seed: expected a whole number from {low} to {high}, not {shown(seed)}")
    return seed


def check_names(names: Any, players: int) -> list[str]:
    """One distinct, non-empty, printable name per seat (``None``: ``P1``, ``P2`` …).

    Two seats with one name would make one seat's moves unreachable by label.
    """
    if names is None:
        return [f"P{i + 1}" for i in range(players)]
    if isinstance(names, str) or not isinstance(names, list | tuple):
        raise ValueError(f"names: expected a list of {players} names, not {shown(names)}")
    if len(names) != players:
        raise ValueError(f"names: {len(names)} names given for {players} players")
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME \
                or not name.isprintable():
            raise ValueError(f"names: each name is a printable text of 1 to {MAX_NAME} "
                             f"characters, not {shown(name)}")
        key = name.strip().casefold()
        if key in seen:
            raise ValueError(f"names: {seen[key]!r} and {name!r} name two seats alike; "
                             "give every seat its own name")
        seen[key] = name
    return list(names)


def read_file_option(option: str, value: Any, many: bool) -> DataFile | tuple[DataFile, ...]:
    """A data-file option read into memory: one path, or a list of paths when ``many``.

    A string where a list is expected is refused (it would be read letter by letter).
    """
    if not many:
        return _data_file(option, value)
    if isinstance(value, str | bytes | os.PathLike | DataFile) \
            or not isinstance(value, list | tuple):
        raise ValueError(f"{option}: expected a list of file paths, not {shown(value)}")
    if len(value) > MAX_FILES:
        raise ValueError(f"{option}: {len(value)} files, more than the {MAX_FILES} allowed")
    return tuple(_data_file(option, v) for v in value)


def _data_file(option: str, value: Any) -> DataFile:
    if isinstance(value, DataFile):
        return value
    if isinstance(value, str | os.PathLike):
        return DataFile.read(value)
    raise ValueError(f"{option}: expected a file path, not {shown(value)}")


def option_json(value: Any) -> Any:
    """An option as saves write it: data files by name and content hash."""
    if isinstance(value, DataFile):
        return value.ref()
    if isinstance(value, tuple) and value and all(isinstance(v, DataFile) for v in value):
        return [v.ref() for v in value]
    return value
