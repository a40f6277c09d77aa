"""The Elder Sign dice as data: green, yellow and red, and the readings of the wildcard.

The dice ship in ``mythlab/elder_sign/data/dice.yaml`` (Elder Sign rulebook, Greek edition,
p.6); users may load their own Elder Sign dice files (redesigned dice, other readings of the
wildcard) with :func:`load_dice`. Pool specs such as ``"6G+Y+R"`` name these dice by code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from mythlab.dice import ANY, DiceSet, DiceValueError, Pool, Roll, read_dice
from mythlab.dice import outcomes as pool_outcomes
from mythlab.dice import parse_pool as parse_any_pool
from mythlab.engine.datafiles import game_data
from mythlab.engine.errors import DataError

from .faces import FACES, WILD, WildReading

_READING_FIELDS = {"name", "counts_as", "provenance", "where", "note"}


@dataclass(frozen=True)
class ElderSignDice(DiceSet):
    """Elder Sign dice: a :class:`~mythlab.dice.DiceSet` with the readings of the wildcard.

    Examples
    --------
    >>> dice = elder_sign_dice()
    >>> [d.code for d in dice], dice["y"].name
    (['G', 'Y', 'R'], 'yellow')
    >>> dice.wild("faq").investigation
    4
    """

    readings: tuple[WildReading, ...] = ()
    default_wild: str | None = None

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
def elder_sign_dice() -> ElderSignDice:
    """The green, yellow and red dice of Elder Sign (``mythlab/elder_sign/data/dice.yaml``)."""
    return load_dice(game_data("mythlab.elder_sign", "dice.yaml"))


def parse_pool(spec: str | Pool, dice: DiceSet | None = None) -> Pool:
    """:func:`mythlab.dice.parse_pool` with the Elder Sign dice by default.

    >>> parse_pool("6G+Y+R").counts
    {'green': 6, 'yellow': 1, 'red': 1}
    >>> parse_pool("6Q")
    Traceback (most recent call last):
    ...
    ValueError: pool '6Q', term '6Q': unknown die 'Q'; known: G (green), Y (yellow), R (red)
    """
    return parse_any_pool(spec, dice or elder_sign_dice())


def outcomes(pool: Pool | str) -> list[tuple[Roll, Fraction]]:
    """:func:`mythlab.dice.outcomes` of a pool or of a spec in the Elder Sign dice.

    >>> o = outcomes("6G")
    >>> len(o), sum(p for _, p in o), len(outcomes("6G+Y+R"))
    (462, Fraction(1, 1), 16632)
    >>> outcomes("R")[1]
    ((('red', ('WILD',)),), Fraction(1, 6))
    """
    return pool_outcomes(parse_pool(pool))


def resolve_wild(wild: str | WildReading | Iterable[str], dice: ElderSignDice | None = None
                 ) -> WildReading:
    """Turn a ``wild=`` argument into a :class:`WildReading`.

    Parameters
    ----------
    wild : str, WildReading or iterable of str
        A reading's name in ``dice`` (``"seed"`` or ``"faq"`` for Elder Sign), a reading, or
        what the wildcard counts as (e.g. ``["INV_2", "LORE"]``).
    dice : ElderSignDice, optional
        Where names are looked up; the Elder Sign dice by default.

    Returns
    -------
    WildReading

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


def load_dice(path: str | Path) -> ElderSignDice:
    """Load and validate an Elder Sign dice file (a ``mythlab-dice`` file with readings of
    the wildcard).

    Parameters
    ----------
    path : str or Path
        The file; ``mythlab/elder_sign/data/dice.yaml`` shows the format. Its faces are the
        Elder Sign words (vocabulary ``elder-sign``, the default) or, with ``vocabulary:
        any``, any strings or integers.

    Returns
    -------
    ElderSignDice

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
    file = str(path)
    dice, sections = read_dice(path, (FACES, ANY), sections=("wild",))
    readings, default = _readings(file, sections.get("wild"))
    if readings == () and any(f == WILD for d in dice for f, _ in d.faces):
        raise DataError(file, None, "wild", "dice with a WILD face need wildcard readings")
    return ElderSignDice(dice, Path(path).name, readings, default)


def _readings(file: str, raw: Any) -> tuple[tuple[WildReading, ...], str | None]:
    """The ``wild:`` section: the readings of the wildcard and the default one."""
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
