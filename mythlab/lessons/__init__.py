"""Self-checking exercises for the course notebooks (``notebooks/lessons/``).

>>> from mythlab import lessons
>>> lessons.check("4.2", "1/2")                       # doctest: +ELLIPSIS
Not yet (4.2). Hint: ...
>>> lessons.check("4.7", 3)
no exercise '4.7'; did you mean 4.1, 4.2, 4.3, 4.4?

``check(id, answer)`` computes the expected answer from the engine when it is first asked
(never stored in a notebook or printed) and says right, or not yet with a hint; a wrong kind
of answer is told what was expected (:mod:`mythlab.lessons.kinds` documents the tolerance).
``checker(id)`` is the same as a small widget: the prompt, a text box, a Check button.
A reference notebook's open exercise uses ``reveal(guess, answer)`` instead: the engine's
answer shows only once the placeholder ``...`` is replaced by a guess.
"""

from __future__ import annotations

from typing import Any

from . import catalogue, show  # noqa: F401  (catalogue registers the exercises)
from .guess import reveal
from .kinds import DECIMALS, Chance, Name, Names, Whole, WrongKind
from .registry import EXERCISES, Exercise, UnknownExercise, Verdict, check, exercise, revealed


def exercises(lesson: int | None = None) -> list[Exercise]:
    """The exercises of one lesson (or all), in order; :class:`UnknownExercise` for a lesson
    that has none (a typo), naming the lessons."""
    found = [e for e in EXERCISES.values() if lesson is None or e.lesson == lesson]
    if not found:
        numbers = ", ".join(map(str, sorted({e.lesson for e in EXERCISES.values()})))
        raise UnknownExercise(f"no lesson {repr(lesson)[:20]} has exercises; the lessons: "
                              f"{numbers}")
    return found


def checker(id: str) -> Any:
    """A widget for exercise ``id``: its prompt, a text box, a Check button and the verdict
    (ipywidgets is imported only here)."""
    from .widget import Checker

    return Checker(exercise(id))


__all__ = ["DECIMALS", "EXERCISES", "Chance", "Exercise", "Name", "Names", "UnknownExercise",
           "Verdict", "Whole", "WrongKind", "check", "checker", "exercise", "exercises",
           "reveal", "revealed"]
