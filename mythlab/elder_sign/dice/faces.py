"""The Elder Sign face vocabulary and the readings of the red die's wildcard.

Faces are plain strings so rolls stay small, hashable and readable: ``LORE``, ``PERIL``,
``TERROR``, ``INV_n`` (n investigation points, n >= 1), ``WILD`` (the red die's wildcard) and
``BLANK`` (a face that serves nothing, for home-made dice). Task requirements use the same
words (without ``WILD`` and ``BLANK``). Elder Sign rulebook, Greek edition, p.6.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from mythlab.dice import DiceValueError, Provenance, Vocabulary, check_provenance

LORE, PERIL, TERROR = "LORE", "PERIL", "TERROR"
WILD, BLANK = "WILD", "BLANK"
SYMBOLS: tuple[str, ...] = (LORE, PERIL, TERROR)
"""The symbols a task asks for one die each."""


_INV = re.compile(r"INV_([1-9][0-9]*)")


def investigation(face: object) -> int:
    """The investigation points of a face: ``n`` for ``INV_n``, else 0.

    >>> investigation("INV_3"), investigation("LORE"), investigation(5)
    (3, 0, 0)
    """
    try:
        return _POINTS[face]  # type: ignore[index]
    except KeyError:
        pass
    except TypeError:  # unhashable: not a face
        return 0
    m = _INV.fullmatch(face) if isinstance(face, str) else None
    points = int(m.group(1)) if m else 0
    if len(_POINTS) < 4096:
        _POINTS[face] = points
    return points


_POINTS: dict[object, int] = {}


def is_need(token: object) -> bool:
    """Whether ``token`` is something a task can ask for: a symbol or ``INV_n``.

    >>> is_need("PERIL"), is_need("INV_2"), is_need("INV_0"), is_need("WILD")
    (True, True, False, False)
    """
    return token in SYMBOLS or investigation(token) > 0


def is_face(face: object) -> bool:
    """Whether ``face`` belongs to the Elder Sign face vocabulary.

    >>> is_face("WILD"), is_face("BLANK"), is_face("INV_4"), is_face("LOER")
    (True, True, True, False)
    """
    return face in (WILD, BLANK) or is_need(face)


FACE_VOCABULARY = "LORE, PERIL, TERROR, INV_n (n >= 1), WILD, BLANK"


def _face_problem(face: object) -> str | None:
    return None if is_face(face) else f"unknown face {face!r}; expected {FACE_VOCABULARY}"


FACES = Vocabulary("elder-sign", _face_problem)
"""The faces of an ``elder-sign`` dice file (the default vocabulary of Elder Sign files)."""


@dataclass(frozen=True, init=False)
class WildReading:
    """What the wildcard face counts as: exactly one of ``counts_as``, chosen per task.

    Parameters
    ----------
    name : str
        ``"seed"`` and ``"faq"`` are the two readings of the printed game
        (see ``mythlab/elder_sign/data/dice.yaml``).
    counts_as : iterable of str
        Symbols and at most one ``INV_n``.
    provenance, where : str
        Where the reading comes from.

    Examples
    --------
    >>> r = WildReading("faq", ["INV_4", "LORE", "PERIL", "TERROR"], "public")
    >>> r.investigation, sorted(r.symbols)
    (4, ['LORE', 'PERIL', 'TERROR'])
    """

    name: str
    counts_as: frozenset[str]
    provenance: Provenance = "user"
    where: str = ""

    def __init__(self, name: str, counts_as: Iterable[str], provenance: Provenance = "user",
                 where: str = ""):
        what = f"wildcard reading {name!r}"
        needs = frozenset(counts_as)
        bad = sorted(str(t) for t in needs if not is_need(t))
        if bad:
            raise DiceValueError(what, "counts_as", f"{', '.join(bad)} is not a symbol "
                                                    "(LORE, PERIL, TERROR) or INV_n")
        if sum(1 for t in needs if investigation(t)) > 1:
            raise DiceValueError(what, "counts_as", "at most one INV_n value")
        check_provenance(what, provenance)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "counts_as", needs)
        object.__setattr__(self, "provenance", provenance)
        object.__setattr__(self, "where", where)

    @property
    def symbols(self) -> frozenset[str]:
        """The symbols the wildcard can stand for."""
        return frozenset(t for t in self.counts_as if t in SYMBOLS)

    @property
    def investigation(self) -> int:
        """The investigation points the wildcard can stand for (0 if none)."""
        return max((investigation(t) for t in self.counts_as), default=0)

    def __str__(self) -> str:
        return f"{self.name}: {' or '.join(sorted(self.counts_as))}"
