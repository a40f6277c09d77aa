"""The exercise registry: ids ``"L.N"`` (lesson L, exercise N), their prompts, kinds, hints,
and the check that compares a student's answer with the engine's.

The expected answer is never stored: each exercise names a function that computes it from
the engine when first checked (then kept for the session), and no message shows it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .kinds import Kind, WrongKind

_ID = re.compile(r"[1-9]\d?\.[1-9]\d?")


class UnknownExercise(KeyError):
    """An exercise id that names no exercise; the message (one line) offers the close ones."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Exercise:
    """One self-checking exercise: ``solve()`` computes its answer from the engine."""

    id: str
    prompt: str
    kind: Kind
    solve: Callable[[], Any]
    hint: str

    @property
    def lesson(self) -> int:
        """The lesson number: the part of the id before the dot ("4" of "4.2")."""
        return int(self.id.split(".")[0])

    def answer(self) -> Any:
        """The expected answer, computed from the engine (once per session)."""
        return _answer(self.id)


@dataclass(frozen=True)
class Verdict:
    """What :func:`check` says: ``right`` (truthy when right) and a message with no answer."""

    exercise: str
    right: bool
    message: str

    def __bool__(self) -> bool:
        return self.right

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        import html

        colour = "#1b7a3a" if self.right else "#a15c00"
        return f'<div style="color:{colour}"><b>{html.escape(self.message)}</b></div>'


EXERCISES: dict[str, Exercise] = {}


def exercise_of(id: str, prompt: str, kind: Kind, hint: str
                ) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    """Register the decorated function as the solver of exercise ``id``."""
    if not _ID.fullmatch(id) or id in EXERCISES:
        raise ValueError(f"exercise id {id!r} is not 'lesson.number' or is used twice")

    def register(solve: Callable[[], Any]) -> Callable[[], Any]:
        EXERCISES[id] = Exercise(id, prompt, kind, solve, hint)
        return solve
    return register


def exercise(id: object) -> Exercise:
    """The exercise ``id`` (``"4.2"``; a float 4.2 is read as its text). Raises
    :class:`UnknownExercise` naming the close ids, or the lesson's exercises."""
    key = (str(id) if isinstance(id, str | int | float) else repr(id)).strip()[:20]
    if key in EXERCISES:
        return EXERCISES[key]
    close = sorted(difflib.get_close_matches(key, list(EXERCISES), n=4, cutoff=0.5))
    lesson = [e for e in EXERCISES if e.split(".")[0] == key.split(".")[0]]
    offer = close or lesson or list(EXERCISES)
    raise UnknownExercise(f"no exercise {key!r}; did you mean {', '.join(offer)}?")


@cache
def _answer(id: str) -> Any:
    return EXERCISES[id].solve()


def check(id: object, answer: Any) -> Verdict:
    """Say whether ``answer`` is right for exercise ``id``, with the hint when it is not.

    Never raises for a student's input: an unknown id, the lesson's placeholder ``...`` (not
    answered yet) or a wrong kind of answer is a verdict whose message says what is wrong
    (and what was expected).

    Examples
    --------
    >>> check("4.1", "1/2")                            # doctest: +ELLIPSIS
    Not yet (4.1). Hint: The die has 6 faces and both sides roll: ...
    >>> check("4.1", "half")                           # doctest: +ELLIPSIS
    4.1 expected a probability between 0 and 1: ..., got 'half'
    """
    try:
        ex = exercise(id)
    except UnknownExercise as exc:
        return Verdict(str(id)[:20], False, str(exc))
    if answer is ...:
        return Verdict(ex.id, False, f"Not yet ({ex.id}): write your answer above, in place "
                                     "of the ...")
    try:
        given = ex.kind.read(answer)
    except WrongKind as exc:
        return Verdict(ex.id, False, f"{ex.id} {exc}" if str(exc).startswith("expected")
                       else f"{ex.id}: {exc}")
    if ex.kind.same(given, ex.answer()):
        return Verdict(ex.id, True, f"Right ({ex.id}).")
    return Verdict(ex.id, False, f"Not yet ({ex.id}). Hint: {ex.hint}")


def revealed(text: str, lesson: int | None = None) -> list[str]:
    """The exercises (of ``lesson``, or all) whose answer appears in ``text`` as a whole token,
    in any form a notebook would print it (``13/36``, ``0.3611``, ``36.1%``, a name). A name
    counts in its own case: the phase *Draw* is an answer, a button's "draw an outcome" not."""
    found = []
    for ex in EXERCISES.values():
        if lesson is not None and ex.lesson != lesson:
            continue
        for form in ex.kind.forms(ex.answer()):
            token = rf"(?<![\w.]){re.escape(form)}(?!\w|\.\d)"
            if re.search(token, text):
                found.append(ex.id)
                break
    return found
