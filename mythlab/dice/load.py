"""Dice sets as data: load and validate ``mythlab-dice`` YAML files.

The Elder Sign dice ship in ``data/dice/elder_sign.yaml``; users can load their own dice
files (redesigned dice, other games) and get a :class:`mythlab.DataError` naming the file,
the die and the field when something is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mythlab.engine.datafiles import game_data, read_yaml
from mythlab.engine.errors import DataError

from .die import Die
from .faces import FACE_VOCABULARY, WILD, DiceValueError, WildReading, is_face

FORMAT = "mythlab-dice"
VOCABULARIES = ("elder-sign", "any")
_DIE_FIELDS = {"name", "code", "rank", "faces", "provenance", "where", "note"}
_READING_FIELDS = {"name", "counts_as", "provenance", "where", "note"}


@dataclass(frozen=True)
class DiceSet:
    """The validated dice of one file, with the wildcard readings they use.

    Dice are looked up by name or by code (codes ignore case): ``dice["green"]``,
    ``dice["G"]``.

    Examples
    --------
    >>> dice = elder_sign_dice()
    >>> [d.code for d in dice], dice["y"].name
    (['G', 'Y', 'R'], 'yellow')
    >>> dice.wild("faq").investigation
    4
    """

    dice: tuple[Die, ...]
    readings: tuple[WildReading, ...] = ()
    default_wild: str | None = None
    source: str = ""

    def __getitem__(self, key: str) -> Die:
        for d in self.dice:
            if key == d.name or key.upper() == d.code.upper():
                return d
        known = ", ".join(f"{d.code} ({d.name})" for d in self.dice)
        raise KeyError(f"no die {key!r} in {self.source or 'this dice set'}; known: {known}")

    def __iter__(self) -> Iterator[Die]:
        return iter(self.dice)

    def __len__(self) -> int:
        return len(self.dice)

    def wild(self, name: str | None = None) -> WildReading:
        """The wildcard reading called ``name`` (the file's default if omitted)."""
        name = self.default_wild if name is None else name
        for r in self.readings:
            if r.name == name:
                return r
        known = ", ".join(repr(r.name) for r in self.readings) or "none"
        raise ValueError(f"unknown wildcard reading {name!r}; {self.source or 'the dice set'} "
                         f"has: {known}")


@cache
def elder_sign_dice() -> DiceSet:
    """The green, yellow and red dice of Elder Sign (``data/dice/elder_sign.yaml``)."""
    return load_dice(game_data("mythlab.elder_sign", "dice.yaml"))


def resolve_wild(wild: str | WildReading | Iterable[str], dice: DiceSet | None = None
                 ) -> WildReading:
    """Turn a ``wild=`` argument into a :class:`WildReading`.

    Parameters
    ----------
    wild : str, WildReading or iterable of str
        A reading's name in ``dice`` (``"seed"`` or ``"faq"`` for Elder Sign), a reading, or
        what the wildcard counts as (e.g. ``["INV_2", "LORE"]``).
    dice : DiceSet, optional
        Where names are looked up; the Elder Sign dice by default.

    Examples
    --------
    >>> sorted(resolve_wild("seed").counts_as)
    ['INV_1', 'LORE', 'PERIL', 'TERROR']
    >>> resolve_wild("house")
    Traceback (most recent call last):
    ...
    ValueError: unknown wildcard reading 'house'; dice.yaml has: 'seed', 'faq'
    """
    if isinstance(wild, WildReading):
        return wild
    if isinstance(wild, str):
        return (dice or elder_sign_dice()).wild(wild)
    return WildReading("custom", wild)


def load_dice(path: str | Path) -> DiceSet:
    """Load and validate a ``mythlab-dice`` YAML file.

    Parameters
    ----------
    path : str or Path
        The file; ``data/dice/elder_sign.yaml`` shows the format.

    Returns
    -------
    DiceSet

    Raises
    ------
    mythlab.DataError
        Naming the file, the die (or wildcard reading) and the field that does not validate.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "mine.yaml"
    >>> _ = f.write_text("format: mythlab-dice\\nversion: 1\\n"
    ...                  "dice: [{name: blue, code: B, faces: {LORE: 3, INV_5: 3}}]\\n")
    >>> [str(d) for d in load_dice(f)]
    ['blue (B): LORE×3, INV_5×3']
    >>> _ = f.write_text("format: mythlab-dice\\nversion: 1\\n"
    ...                  "dice: [{name: blue, faces: {LOER: 1}}]\\n")
    >>> load_dice(f)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mythlab.engine.errors.DataError: .../mine.yaml, entry 'blue', field 'faces': unknown face ...
    """
    path = Path(path)
    file = str(path)
    raw = read_yaml(path)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise DataError(file, None, "format", f"expected {FORMAT!r}")
    if raw.get("version") != 1:
        raise DataError(file, None, "version", f"expected 1, not {raw.get('version')!r}")
    extra = set(raw) - {"format", "version", "vocabulary", "source", "dice", "wild"}
    if extra:
        raise DataError(file, None, sorted(extra)[0], "unknown field")
    vocabulary = raw.get("vocabulary", "elder-sign")
    if vocabulary not in VOCABULARIES:
        raise DataError(file, None, "vocabulary", f"expected one of {', '.join(VOCABULARIES)}")
    entries = raw.get("dice")
    if not isinstance(entries, list) or not entries:
        raise DataError(file, None, "dice", "must be a non-empty list of dice")
    dice = [_die(file, n, entry, vocabulary) for n, entry in enumerate(entries)]
    seen: dict[str, str] = {}
    for d in dice:
        for key, field in ((d.name, "name"), (d.code.upper(), "code")):
            if key in seen and seen[key] != d.name:
                raise DataError(file, d.name, field, f"{key!r} is already used by die "
                                                     f"{seen[key]!r}")
            seen[key] = d.name
    readings, default = _readings(file, raw.get("wild"))
    if readings == () and any(f == WILD for d in dice for f, _ in d.faces):
        raise DataError(file, None, "wild", "dice with a WILD face need wildcard readings")
    return DiceSet(tuple(dice), readings, default, path.name)


def _die(file: str, n: int, entry: Any, vocabulary: str) -> Die:
    label = entry.get("name") if isinstance(entry, dict) else None
    label = str(label) if label else f"#{n + 1}"

    def fail(field: str | None, problem: str) -> DataError:
        return DataError(file, label, field, problem)

    if not isinstance(entry, dict):
        raise fail(None, "must be a mapping with name and faces")
    extra = set(entry) - _DIE_FIELDS
    if extra:
        raise fail(sorted(extra)[0], f"unknown field; expected {', '.join(sorted(_DIE_FIELDS))}")
    for field in ("name", "faces"):
        if field not in entry:
            raise fail(field, "missing")
    faces = entry["faces"]
    if not isinstance(faces, dict) or not faces:
        raise fail("faces", "must be a non-empty mapping face: weight")
    for face in faces:
        if vocabulary == "elder-sign" and not is_face(face):
            raise fail("faces", f"unknown face {face!r}; expected {FACE_VOCABULARY}")
        if vocabulary == "any" and (isinstance(face, bool) or not isinstance(face, str | int)):
            raise fail("faces", f"face {face!r} must be a string or an integer")
    try:
        return Die(entry["name"], faces, code=entry.get("code"), rank=entry.get("rank", 0),
                   provenance=entry.get("provenance", "user"), where=str(entry.get("where", "")))
    except DiceValueError as exc:
        raise fail(exc.field, exc.problem) from None


def _readings(file: str, raw: Any) -> tuple[tuple[WildReading, ...], str | None]:
    if raw is None:
        return (), None
    if not isinstance(raw, dict) or not isinstance(raw.get("readings"), list):
        raise DataError(file, None, "wild", "must be a mapping with a list of readings")
    readings = []
    for n, entry in enumerate(raw["readings"]):
        label = entry.get("name") if isinstance(entry, dict) else None
        label = f"wild reading {label or f'#{n + 1}'}"
        if not isinstance(entry, dict) or "name" not in entry or "counts_as" not in entry:
            raise DataError(file, label, None, "a reading needs a name and counts_as")
        extra = set(entry) - _READING_FIELDS
        if extra:
            raise DataError(file, label, sorted(extra)[0], "unknown field")
        counts_as = entry["counts_as"]
        if not isinstance(counts_as, list) or not counts_as \
                or not all(isinstance(c, str) for c in counts_as):
            raise DataError(file, label, "counts_as", "must be a non-empty list of faces")
        try:
            readings.append(WildReading(str(entry["name"]), counts_as,
                                        entry.get("provenance", "user"),
                                        str(entry.get("where", ""))))
        except DiceValueError as exc:
            raise DataError(file, label, exc.field, exc.problem) from None
    names = [r.name for r in readings]
    default = raw.get("default", names[0] if names else None)
    if default not in names:
        raise DataError(file, None, "wild.default", f"{default!r} is not one of the readings "
                                                    f"{', '.join(names)}")
    return tuple(readings), default
