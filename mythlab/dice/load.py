"""Dice sets as data: read and validate ``mythlab-dice`` YAML files.

A game ships its dice as such a file (``mythlab/<game>/data/dice.yaml``) and users may load
their own (redesigned dice, other games); anything wrong is a :class:`mythlab.DataError`
naming the file, the die and the field. The file's ``vocabulary`` says which faces it may
name: ``any`` (strings or integers) here, and whatever vocabularies a game adds for its own
files; a game also reads the sections of its own from what :func:`read_dice` hands back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mythlab.engine.datafiles import read_yaml
from mythlab.engine.errors import DataError

from .die import DiceValueError, Die

FORMAT = "mythlab-dice"
_DIE_FIELDS = {"name", "code", "rank", "faces", "provenance", "where", "note"}


@dataclass(frozen=True)
class Vocabulary:
    """The faces a dice file may name, chosen by the file's ``vocabulary`` field.

    ``problem(face)`` says why a face is refused, or returns ``None`` for a good one.

    Examples
    --------
    >>> ANY.problem(3), ANY.problem(1.5)
    (None, 'face 1.5 must be a string or an integer')
    """

    name: str
    problem: Callable[[object], str | None]


def _any_face(face: object) -> str | None:
    """Why ``face`` is not a string or an integer (booleans refused), or None."""
    if isinstance(face, bool) or not isinstance(face, str | int):
        return f"face {face!r} must be a string or an integer"
    return None


ANY = Vocabulary("any", _any_face)
"""Faces may be any strings or integers (e.g. a combat die 0, 1, 1, 2, 2, 3)."""


@dataclass(frozen=True)
class DiceSet:
    """The validated dice of one file.

    Dice are looked up by name or by code (codes ignore case): ``dice["combat"]``,
    ``dice["c"]``.

    Examples
    --------
    >>> dice = DiceSet((Die("combat", [0, 1, 1, 2, 2, 3], code="C"),), "mine.yaml")
    >>> dice["c"].sides, len(dice)
    (6, 1)
    >>> dice["D"]
    Traceback (most recent call last):
    ...
    KeyError: "no die 'D' in mine.yaml; known: C (combat)"
    """

    dice: tuple[Die, ...]
    source: str = ""

    def __getitem__(self, key: str) -> Die:
        for d in self.dice:
            if key == d.name or key.upper() == d.code.upper():
                return d
        raise KeyError(f"no die {key!r} in {self.source or 'this dice set'}; "
                       f"known: {self.known()}")

    def known(self) -> str:
        """The dice as ``code (name)``, for messages."""
        return ", ".join(f"{d.code} ({d.name})" for d in self.dice)

    def __iter__(self) -> Iterator[Die]:
        return iter(self.dice)

    def __len__(self) -> int:
        return len(self.dice)


def load_dice(path: str | Path, vocabularies: Sequence[Vocabulary] = (ANY,)) -> DiceSet:
    """Load and validate a ``mythlab-dice`` YAML file.

    Parameters
    ----------
    path : str or Path
        The file; ``mythlab/cyclades/data/dice.yaml`` shows the format.
    vocabularies : sequence of Vocabulary, default (ANY,)
        The face vocabularies the file may choose; the first is the default.

    Returns
    -------
    DiceSet

    Raises
    ------
    mythlab.DataError
        Naming the file, the die and the field that does not validate.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "mine.yaml"
    >>> _ = f.write_text("format: mythlab-dice\\nversion: 1\\n"
    ...                  "dice: [{name: combat, code: C, faces: {0: 1, 1: 2, 2: 2, 3: 1}}]\\n")
    >>> [str(d) for d in load_dice(f)]
    ['combat (C): 0, 1×2, 2×2, 3']
    >>> _ = f.write_text("format: mythlab-dice\\nversion: 1\\n"
    ...                  "dice: [{name: combat, faces: {0.5: 1}}]\\n")
    >>> load_dice(f)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mythlab.engine.errors.DataError: .../mine.yaml, entry 'combat', field 'faces': face 0.5 ...
    """
    dice, _ = read_dice(path, vocabularies)
    return DiceSet(dice, Path(path).name)


def read_dice(path: str | Path, vocabularies: Sequence[Vocabulary] = (ANY,),
              sections: Sequence[str] = ()) -> tuple[tuple[Die, ...], dict[str, Any]]:
    """The validated dice of a ``mythlab-dice`` file, and its game sections as read.

    :func:`load_dice` without the set: a game that adds sections of its own (``sections``,
    e.g. a wildcard reading) validates them from the returned mapping.
    """
    path = Path(path)
    file = str(path)
    raw = read_yaml(path)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise DataError(file, None, "format", f"expected {FORMAT!r}")
    if raw.get("version") != 1:
        raise DataError(file, None, "version", f"expected 1, not {raw.get('version')!r}")
    extra = set(raw) - {"format", "version", "vocabulary", "source", "dice", *sections}
    if extra:
        raise DataError(file, None, sorted(extra)[0], "unknown field")
    names = [v.name for v in vocabularies]
    chosen = raw.get("vocabulary", names[0])
    if chosen not in names:
        raise DataError(file, None, "vocabulary", f"expected one of {', '.join(names)}")
    vocabulary = vocabularies[names.index(chosen)]
    entries = raw.get("dice")
    if not isinstance(entries, list) or not entries:
        raise DataError(file, None, "dice", "must be a non-empty list of dice")
    dice = tuple(_die(file, n, entry, vocabulary) for n, entry in enumerate(entries))
    seen: dict[str, str] = {}
    for d in dice:
        for key, field in ((d.name, "name"), (d.code.upper(), "code")):
            if key in seen and seen[key] != d.name:
                raise DataError(file, d.name, field, f"{key!r} is already used by die "
                                                     f"{seen[key]!r}")
            seen[key] = d.name
    return dice, {s: raw[s] for s in sections if s in raw}


def _die(file: str, n: int, entry: Any, vocabulary: Vocabulary) -> Die:
    """One entry of ``dice:`` as a :class:`Die`, or a DataError naming the field."""
    label = entry.get("name") if isinstance(entry, dict) else None
    label = str(label) if label else f"#{n + 1}"

    def fail(field: str | None, problem: str) -> DataError:
        """A DataError naming the file, this die and the field."""
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
        problem = vocabulary.problem(face)
        if problem:
            raise fail("faces", problem)
    try:
        return Die(entry["name"], faces, code=entry.get("code"), rank=entry.get("rank", 0),
                   provenance=entry.get("provenance", "user"), where=str(entry.get("where", "")))
    except DiceValueError as exc:
        raise fail(exc.field, exc.problem) from None
