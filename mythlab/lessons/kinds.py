"""What kind of answer an exercise expects, how a student's answer is read, and when it counts.

Tolerance (the same for every exercise of a kind):

* :class:`Whole` — an ``int``, a float with no fractional part (``12.0``) or text of digits
  (``"12"``, from the checker widget); nothing else.
* :class:`Chance` — exact answers must be equal: a ``Fraction``, an ``int`` or the text
  ``"5/12"``. A ``float`` or decimal text is accepted when it equals the exact answer rounded
  to 4 decimal places (``0.4167`` for 5/12), so a student may work in decimals but not guess
  roughly. A number above 1 (up to 100) is refused as a percentage: "give it between 0 and 1".
* :class:`Name` — a move label, phase, card or colour: text (or an ``Action``, read by its
  label), compared without case and extra spaces; when the exercise lists its choices, an
  answer outside them is told the choices.
* :class:`Names` — several names in any order: a list, set or tuple of text, or one text
  separated by commas.

A wrong *kind* of answer raises :class:`WrongKind`, whose message says what was expected; it
never contains the expected answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

DECIMALS = 4
"""A decimal answer to a :class:`Chance` exercise counts when it equals the exact answer
rounded to this many places."""


class WrongKind(TypeError):
    """An answer of the wrong kind: says what the exercise expects (never the answer)."""


def _what(value: Any) -> str:
    return f"{type(value).__name__} {value!r}"[:80]


def _words(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class Whole:
    """A whole number: a count, a total, a number of units."""

    expects = "a whole number (an int such as 12)"

    def read(self, value: Any) -> int:
        """The answer as an int, or WrongKind saying what was expected."""
        if isinstance(value, bool):
            raise WrongKind(f"expected {self.expects}, got {_what(value)}")
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,30}\s*", value):
            return int(value)
        raise WrongKind(f"expected {self.expects}, got {_what(value)}")

    def same(self, given: int, expected: int) -> bool:
        """Whether the answer equals the expected count."""
        return given == expected

    def forms(self, expected: int) -> list[str]:
        """How the answer would read in a notebook's output (for the no-reveal test)."""
        return [str(expected)]


@dataclass(frozen=True)
class Chance:
    """A probability: exact (a Fraction) or a decimal to 4 places."""

    expects = ("a probability between 0 and 1: a Fraction such as Fraction(5, 12), the text "
               "'5/12', or a decimal to 4 places such as 0.4167")

    def read(self, value: Any) -> Fraction | float:
        """The answer as a probability (exact unless given as a decimal), or WrongKind."""
        if isinstance(value, bool):
            raise WrongKind(f"expected {self.expects}, got {_what(value)}")
        if isinstance(value, str):
            value = self._parse(value)
        if isinstance(value, Decimal):
            value = float(value)
        if not isinstance(value, int | float | Fraction):
            raise WrongKind(f"expected {self.expects}, got {_what(value)}")
        if value != value or value in (float("inf"), float("-inf")):
            raise WrongKind(f"expected {self.expects}, got {value!r}")
        if 1 < value <= 100:
            raise WrongKind(f"{value} is not between 0 and 1: a percentage? Give the "
                            "probability itself (divide by 100)")
        if not 0 <= value <= 1:
            raise WrongKind(f"expected {self.expects}; {value} is not between 0 and 1")
        return value if isinstance(value, float) else Fraction(value)

    def _parse(self, text: str) -> Fraction | float:
        text = text.strip()
        if len(text) > 80:
            raise WrongKind(f"expected {self.expects}, got a text of {len(text)} characters")
        try:
            if "/" in text:
                return Fraction(text.replace(" ", ""))
            return float(Decimal(text))
        except (ValueError, ZeroDivisionError, InvalidOperation):
            raise WrongKind(f"expected {self.expects}, got {text!r}") from None

    def same(self, given: Fraction | float, expected: Fraction) -> bool:
        """Exact answers must be equal; a decimal must match to DECIMALS places."""
        if isinstance(given, float):
            return round(given, DECIMALS) == round(float(expected), DECIMALS)
        return given == expected

    def forms(self, expected: Fraction) -> list[str]:
        """How the answer would read in a notebook's output (for the no-reveal test)."""
        forms = [f"{expected.numerator}/{expected.denominator}", repr(expected),
                 str(float(expected)), f"{float(expected):.{DECIMALS}f}"]
        if expected.denominator != 1:
            forms.append(f"{float(expected) * 100:.1f}%")
        return forms


@dataclass(frozen=True)
class Name:
    """One name: a move label, a phase, a colour, a card, a seat."""

    expects: str = "a name (text such as 'Draw')"
    choices: tuple[str, ...] = ()

    def read(self, value: Any) -> str:
        """The answer as a name (an Action counts by its label), or WrongKind."""
        label = getattr(value, "label", value)  # an Action counts by its label
        if not isinstance(label, str) or not label.strip() or len(label) > 200:
            raise WrongKind(f"expected {self.expects}, got {_what(value)}")
        if self.choices and _words(label) not in map(_words, self.choices):
            raise WrongKind(f"{label!r} is not one of the choices: {', '.join(self.choices)}")
        return label

    def same(self, given: str, expected: str) -> bool:
        """Whether the names match, ignoring case and spacing."""
        return _words(given) == _words(expected)

    def forms(self, expected: str) -> list[str]:
        """How the answer would read in a notebook's output (a choice's name is in the question)."""
        return [expected] if not self.choices else []  # a choice's name is in the question


@dataclass(frozen=True)
class Names:
    """Several names, in any order."""

    expects: str = "names, as a list such as ['A2', 'B3'] or a text 'A2, B3'"

    def read(self, value: Any) -> frozenset[str]:
        """The answer as a set of names (a list or a comma-separated text), or WrongKind."""
        if isinstance(value, str):
            value = value.split(",")
        if not isinstance(value, Iterable) or isinstance(value, bytes | dict):
            raise WrongKind(f"expected {self.expects}, got {_what(value)}")
        items = list(value)[:1000]
        if not items or not all(isinstance(v, str) and v.strip() for v in items):
            raise WrongKind(f"expected {self.expects}, got {_what(value)}")
        return frozenset(_words(v) for v in items)

    def same(self, given: frozenset[str], expected: Iterable[str]) -> bool:
        """Whether the same names were given, in any order."""
        return given == frozenset(map(_words, expected))

    def forms(self, expected: Iterable[str]) -> list[str]:
        """How the answer would read in a notebook's output (for the no-reveal test)."""
        names = list(expected)
        return [", ".join(names), repr(names)]


@dataclass(frozen=True)
class Winner(Name):
    """A seat that won a game: its name is on every table, so it reveals the answer only in
    the words that crown it (the scoreboard's "P1 (winner)", the log's "Winner: P1")."""

    def forms(self, expected: str) -> list[str]:
        """How a game's result reads on the table and in its log (for the no-reveal test)."""
        return [f"{expected} (winner)", f"{expected} wins", f"winner: {expected}",
                f"{expected} won"]


Kind = Whole | Chance | Name | Names | Winner
