"""Task rows and adventure-like cards, and the parser for strings like ``"INV_3,LORE|PERIL"``.

Notation (the one of ``mythlab/elder_sign/data/adventures.csv``): rows are joined by ``|``
(any order) or ``>`` (in order, top to bottom: the card's arrow); requirements in a row by
``,``. A requirement is ``INV_n`` (dice whose investigation points add up to at least ``n``),
``LORE``, ``PERIL`` or ``TERROR`` (one die each), or an either-or of those joined by ``+``
(a "split result", Elder Sign rulebook, Greek edition, p.6: either result covers it), e.g.
``LORE+PERIL``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

from .faces import SYMBOLS, investigation, is_need

EXPECTED = "INV_n (n >= 1), LORE, PERIL or TERROR (either-or joined by '+')"


@dataclass(frozen=True)
class Requirement:
    """One requirement of a row: a single need, or an either-or of several.

    ``options`` are ``INV_n`` or symbols; one die (``INV_n``: one or more dice) must meet
    one of them.

    Examples
    --------
    >>> r = Requirement(("LORE", "INV_2"))
    >>> str(r), r.is_either_or, r.investigation
    ('LORE+INV_2', True, 2)
    """

    options: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("a requirement needs at least one option")
        for o in self.options:
            if not is_need(o):
                raise ValueError(f"unknown symbol {o!r}; expected {EXPECTED}")

    @property
    def is_either_or(self) -> bool:
        """Whether several options may meet it (a split result)."""
        return len(self.options) > 1

    @cached_property
    def symbols(self) -> tuple[str, ...]:
        """Its symbol options (``LORE``, ``PERIL``, ``TERROR``)."""
        return tuple(o for o in self.options if o in SYMBOLS)

    @cached_property
    def points(self) -> tuple[int, ...]:
        """The ``n`` of each of its ``INV_n`` options."""
        return tuple(investigation(o) for o in self.options if investigation(o))

    @property
    def investigation(self) -> int:
        """The largest ``n`` of its ``INV_n`` options (0 if none)."""
        return max(self.points, default=0)

    def __str__(self) -> str:
        return self._text

    def __hash__(self) -> int:  # the dataclass's own hash, computed once (rows key caches)
        return self._hash

    @cached_property
    def _text(self) -> str:
        return "+".join(self.options)

    @cached_property
    def _hash(self) -> int:
        return hash((self.options,))


@dataclass(frozen=True)
class Row:
    """A task: requirements that one roll must meet all at once, each die serving one.

    Examples
    --------
    >>> row = parse_row("INV_3, LORE")
    >>> str(row), len(row), [str(r) for r in row]
    ('INV_3,LORE', 2, ['INV_3', 'LORE'])
    """

    requirements: tuple[Requirement, ...]

    def __post_init__(self) -> None:
        if not self.requirements:
            raise ValueError("a task row needs at least one requirement")

    def __iter__(self) -> Iterator[Requirement]:
        return iter(self.requirements)

    def __len__(self) -> int:
        return len(self.requirements)

    def __str__(self) -> str:
        return self._text

    def __hash__(self) -> int:  # the dataclass's own hash, computed once (rows key caches)
        return self._hash

    @cached_property
    def _text(self) -> str:
        return ",".join(str(r) for r in self.requirements)

    @cached_property
    def _hash(self) -> int:
        return hash((self.requirements,))


@dataclass(frozen=True)
class TaskCard:
    """The tasks of an adventure-like card: rows, and whether they go in order.

    Examples
    --------
    >>> card = parse_task("INV_3,LORE|PERIL,PERIL")
    >>> card.ordered, [str(r) for r in card.rows], str(card)
    (False, ['INV_3,LORE', 'PERIL,PERIL'], 'INV_3,LORE|PERIL,PERIL')
    >>> parse_task("PERIL,PERIL > LORE,LORE").ordered
    True
    """

    rows: tuple[Row, ...]
    ordered: bool = False

    def __str__(self) -> str:
        return (">" if self.ordered else "|").join(str(r) for r in self.rows)


def _pieces(text: str, sep: str, start: int) -> list[tuple[str, int]]:
    """Split ``text`` on ``sep``, keeping each piece's offset in the whole string."""
    out = []
    for piece in text.split(sep):
        out.append((piece, start))
        start += len(piece) + 1
    return out


def _fail(problem: str, whole: str, pos: int, width: int) -> ValueError:
    caret = " " * pos + "^" * max(width, 1)
    return ValueError(f"{problem}\n    {whole}\n    {caret}")


def _row(text: str, start: int, whole: str, row_no: int) -> Row:
    reqs = []
    for q, (req_text, req_start) in enumerate(_pieces(text, ",", start), 1):
        options = []
        for opt_text, opt_start in _pieces(req_text, "+", req_start):
            token = opt_text.strip()
            pos = opt_start + len(opt_text) - len(opt_text.lstrip())
            where = f"position {pos} of {whole!r} (row {row_no}, requirement {q})"
            if not token:
                raise _fail(f"missing symbol at {where}; expected {EXPECTED}", whole, pos, 1)
            if not is_need(token.upper()):
                raise _fail(f"unknown symbol {token!r} at {where}; expected {EXPECTED}",
                            whole, pos, len(token))
            options.append(token.upper())
        reqs.append(Requirement(tuple(options)))
    return Row(tuple(reqs))


@lru_cache(maxsize=1024)
def parse_row(text: str) -> Row:
    """Read one task row, e.g. ``"INV_3,LORE"`` or ``"PERIL+TERROR,INV_2"``.

    Symbols ignore case and spaces around them.

    Raises
    ------
    ValueError
        Naming an unknown or missing symbol and its position (0-based, with a caret).

    Examples
    --------
    >>> [str(r) for r in parse_row("inv_2, LORE+PERIL")]
    ['INV_2', 'LORE+PERIL']
    >>> parse_row("INV_3,LOR")
    Traceback (most recent call last):
    ...
    ValueError: unknown symbol 'LOR' at position 6 of 'INV_3,LOR' (row 1, requirement 2); ...
        INV_3,LOR
              ^^^
    """
    if not isinstance(text, str):
        raise TypeError(f"a row is written as a string, not {text!r}")
    if not text.strip():
        raise ValueError("empty task row; write e.g. 'INV_3,LORE'")
    for sep in "|>":
        if sep in text:
            raise _fail(f"a single row cannot contain {sep!r} (position {text.index(sep)}); "
                        "use parse_task for several rows", text, text.index(sep), 1)
    return _row(text, 0, text, 1)


@lru_cache(maxsize=1024)
def parse_task(text: str) -> TaskCard:
    """Read a card's tasks: rows joined by ``|`` (any order) or ``>`` (in order).

    Returns
    -------
    TaskCard

    Raises
    ------
    ValueError
        For an unknown or missing symbol (named, with its position) or a mix of ``|`` and ``>``.

    Examples
    --------
    >>> card = parse_task("INV_3>INV_6>PERIL")
    >>> card.ordered, len(card.rows)
    (True, 3)
    >>> parse_task("INV_3|PERIL>LORE")
    Traceback (most recent call last):
    ...
    ValueError: task 'INV_3|PERIL>LORE' mixes '|' (any order) and '>' (in order) at position 11
        INV_3|PERIL>LORE
                   ^
    """
    if not isinstance(text, str):
        raise TypeError(f"tasks are written as a string, not {text!r}")
    if not text.strip():
        raise ValueError("empty task; write e.g. 'INV_3,LORE|PERIL,PERIL'")
    if "|" in text and ">" in text:
        pos = max(text.index("|"), text.index(">"))
        raise _fail(f"task {text!r} mixes '|' (any order) and '>' (in order) at position {pos}",
                    text, pos, 1)
    sep = ">" if ">" in text else "|"
    rows = tuple(_row(piece, start, text, n)
                 for n, (piece, start) in enumerate(_pieces(text, sep, 0), 1))
    return TaskCard(rows, ordered=sep == ">")


RowLike = Row | str | Iterable[str | Requirement]


def as_row(row: RowLike) -> Row:
    """A :class:`Row` from a row, a string (``"INV_3,LORE"``) or a list of requirements.

    >>> str(as_row(["INV_3", "LORE+PERIL"]))
    'INV_3,LORE+PERIL'
    """
    if isinstance(row, Row):
        return row
    if isinstance(row, str):
        return parse_row(row)
    reqs = []
    for r in row:
        if isinstance(r, Requirement):
            reqs.append(r)
        elif isinstance(r, str):
            reqs.extend(parse_row(r).requirements)
        else:
            raise TypeError(f"a requirement is a string or Requirement, not {r!r}")
    return Row(tuple(reqs))


__all__ = ["SYMBOLS", "Requirement", "Row", "RowLike", "TaskCard", "as_row", "parse_row",
           "parse_task"]
