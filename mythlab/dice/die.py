"""A die as data: named faces with integer weights (a weight is a number of printed sides)."""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, get_args

Face = Hashable
"""A face: any hashable value (a game's words, or the numbers of a combat die)."""

Provenance = Literal["seed", "public", "mythlab", "user"]
"""Where a datum comes from: a rulebook, a named public source, a mythlab choice, or a
user's own file."""


class DiceValueError(ValueError):
    """A die (or a game's reading of a face) that cannot be built; ``field`` names the part
    at fault.

    Loaders turn it into a :class:`mythlab.DataError` naming the file, the entry and the field.
    """

    def __init__(self, what: str, field: str, problem: str):
        self.field, self.problem = field, problem
        super().__init__(f"{what}: {problem}")


def check_provenance(what: str, provenance: object) -> None:
    """Raise :class:`DiceValueError` unless ``provenance`` is seed, public, mythlab or user."""
    if provenance not in get_args(Provenance):
        raise DiceValueError(what, "provenance", f"provenance {provenance!r} is not one of "
                                                 f"{', '.join(get_args(Provenance))}")

_CODE = re.compile(r"[A-Za-z][A-Za-z_]*")


def _fail(name: object, field: str, problem: str) -> DiceValueError:
    """A DiceValueError naming the die and the field."""
    return DiceValueError(f"die {name!r}", field, problem)


@dataclass(frozen=True, init=False)
class Die:
    """A die: faces with integer weights, a short code for pool specs, and a rank.

    Parameters
    ----------
    name : str
        Unique name in its dice set, e.g. ``"green"``.
    faces : mapping of face -> int, or iterable of faces
        Weights are numbers of printed sides (positive integers); a plain list of faces
        gives each listed face one side, and a repeated face adds up.
    code : str, optional
        Letters naming the die in pool specs (``"G"`` in ``"6G+Y+R"``); the name by default.
    rank : int, optional
        How precious the die is: pools list dice by ascending rank, and
        a game may spend low-rank dice first.
    provenance, where : str, optional
        Where the die comes from (``seed``, ``public``, ``mythlab`` or ``user``).

    Examples
    --------
    >>> d = Die("combat", [0, 1, 1, 2, 2, 3])
    >>> d.weights, d.sides
    ({0: 1, 1: 2, 2: 2, 3: 1}, 6)
    >>> d.probability(1)
    Fraction(1, 3)
    >>> Die("odd", {"HIT": 2, "MISS": 0})
    Traceback (most recent call last):
    ...
    mythlab.dice.die.DiceValueError: die 'odd': face 'MISS': weight 0 is not a positive integer
    """

    name: str
    faces: tuple[tuple[Face, int], ...]
    code: str
    rank: int
    provenance: Provenance
    where: str

    def __init__(self, name: str, faces: Mapping[Face, int] | Iterable[Face], *,
                 code: str | None = None, rank: int = 0, provenance: Provenance = "user",
                 where: str = ""):
        if not isinstance(name, str) or not name.strip():
            raise _fail(name, "name", "a die needs a non-empty name")
        code = name if code is None else code
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            raise _fail(name, "code", f"code {code!r} must be letters (e.g. 'G'), so pool "
                                         "specs like '6G+R' can name it")
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise _fail(name, "rank", f"rank must be an integer, not {rank!r}")
        check_provenance(f"die {name!r}", provenance)
        weights: dict[Face, int] = {}
        if isinstance(faces, Mapping):
            for face, w in faces.items():
                if isinstance(w, bool) or not isinstance(w, int) or w < 1:
                    raise _fail(name, "faces", f"face {face!r}: weight {w!r} is not a "
                                               "positive integer")
                weights[face] = w
        elif isinstance(faces, Iterable) and not isinstance(faces, str | bytes):
            for face in faces:
                weights[face] = weights.get(face, 0) + 1
        else:
            raise _fail(name, "faces", "faces must be a mapping face -> weight or a list "
                                          f"of faces, not {faces!r}")
        if not weights:
            raise _fail(name, "faces", "a die needs at least one face")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "faces", tuple(weights.items()))
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "provenance", provenance)
        object.__setattr__(self, "where", where)

    @property
    def weights(self) -> dict[Face, int]:
        """Face -> weight, in the die's face order."""
        return dict(self.faces)

    @property
    def sides(self) -> int:
        """Total weight: the number of sides of the printed die."""
        return sum(w for _, w in self.faces)

    def probability(self, face: Face) -> Fraction:
        """Exact chance that one roll shows ``face`` (0 for a face the die does not have)."""
        return Fraction(self.weights.get(face, 0), self.sides)

    def __str__(self) -> str:
        faces = ", ".join(f"{f}" if w == 1 else f"{f}×{w}" for f, w in self.faces)
        return f"{self.name} ({self.code}): {faces}"
