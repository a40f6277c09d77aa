"""The dice of an attempt landing (Elder Sign rulebook, Greek edition, p.6): a chance node
per die colour, its outcomes grouped by multiset and made once per colour and count (a 6-dice
roll has 462), with a look-up by label.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from mythlab.engine import Action

from .dice import outcomes as outcomes_of
from .refs import DICE, RULES, act
from .tasks import CODES

if TYPE_CHECKING:
    from mythlab.engine import Decision

    from .rules import ElderSignState


@dataclass(frozen=True)
class DiceRoll:
    """The chance outcomes of rolling some dice of one colour, grouped by multiset (p.6),
    with a look-up by label. Made once, so every roll hands the engine the same Fractions and
    its seeded draw finds its whole-number table for them at once."""

    outcomes: tuple[tuple[Action, Fraction], ...]
    by_label: dict[str, Action]


@cache
def dice_roll(colour: str, n: int) -> DiceRoll:
    """Rolling ``n`` dice of ``colour`` (made once per colour and count: actions are frozen,
    so every state shares them)."""
    outcomes = tuple((act(f"{colour}: {' '.join(faces)}", "dice", DICE, colour, faces,
                          tuple(f"{colour}:{f}" for f in faces)), p)
                     for ((_, faces),), p in outcomes_of(f"{n}{CODES[colour]}"))
    return DiceRoll(outcomes, {a.label: a for a, _ in outcomes})


def roll_in_the_air(s: ElderSignState) -> DiceRoll:
    """The roll chance decides now: the dice of the first colour still to roll (p.6)."""
    a = s.data.attempt
    colour = a.to_roll[0]
    return dice_roll(colour, a.to_roll.count(colour))


@RULES.chances("roll")
def offer_dice(s: ElderSignState, decision: Decision) -> tuple[tuple[Action, Fraction], ...]:
    """The dice in the air land, one colour at a time (p.6): the roll's outcomes, shared (a
    tuple, so the engine keeps it as it is instead of copying up to 462 outcomes)."""
    return roll_in_the_air(s).outcomes


def dice_outcome(s: ElderSignState, label: str) -> Action | None:
    """The dice outcome called ``label`` at this roll, found at once (None if there is none)."""
    return roll_in_the_air(s).by_label.get(label)
