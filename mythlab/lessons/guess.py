"""Guess first, then see: a reference notebook's exercise shows the engine's answer only once
the student has written a guess in place of the placeholder ``...``, so Run All reveals none.

>>> reveal(..., [12, 4, 2])
Not yet: put your guess in place of the ... to see the engine's answer.
>>> reveal([12, 4, 2], [12, 4, 2])
Right — you said [12, 4, 2], and so does the engine.
>>> reveal({"zeus", "Athena"}, {"Athena", "Zeus"})
Right — you said ['Athena', 'zeus'], and so does the engine.
>>> reveal(0.361, Fraction(13, 36))
Not quite — you said 0.361; the engine says 13/36 (≈ 0.3611).
>>> reveal([12, 4, 2], [Fraction(12), Fraction(8, 3), 0])
Not quite — you said [12, 4, 2]; the engine says [12, 8/3, 0].
"""

from __future__ import annotations

from collections.abc import Set
from fractions import Fraction
from numbers import Real
from typing import Any

from .registry import Verdict

PLACEHOLDER = "Not yet: put your guess in place of the ... to see the engine's answer."


def _same(guess: Any, answer: Any) -> bool:
    if isinstance(guess, bool) != isinstance(answer, bool):
        return False
    if isinstance(answer, Set) and isinstance(guess, Set | list | tuple):
        return {_key(g) for g in guess} == {_key(a) for a in answer}
    if isinstance(answer, list | tuple) and isinstance(guess, list | tuple):
        return len(guess) == len(answer) and all(map(_same, guess, answer))
    if isinstance(answer, Real) and isinstance(guess, Real):
        return abs(Fraction(guess) - Fraction(answer)) < Fraction(1, 20000)
    return _key(guess) == _key(answer)


def _key(value: Any) -> Any:
    return value.strip().casefold() if isinstance(value, str) else value


def _shown(value: Any, top: bool = True) -> str:
    if isinstance(value, Set):
        value = sorted(value, key=str)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_shown(v, top=False) for v in value) + "]"
    if isinstance(value, Fraction) and value.denominator != 1 and top:
        return f"{value} (≈ {float(value):.4f})"
    return repr(value) if isinstance(value, str) else str(value)


def reveal(guess: Any, answer: Any) -> Verdict:
    """Compare a student's ``guess`` with the engine's ``answer`` and show both, or, while the
    guess is still the placeholder ``...``, say so and show nothing."""
    if guess is ...:
        return Verdict("guess", False, PLACEHOLDER)
    if _same(guess, answer):
        return Verdict("guess", True, f"Right — you said {_shown(guess)}, and so does the "
                                      "engine.")
    return Verdict("guess", False, f"Not quite — you said {_shown(guess)}; the engine says "
                                   f"{_shown(answer)}.")
