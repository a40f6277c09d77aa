"""Chance: exact outcome distributions and the seeded random stream states carry.

Dice rolls are chance nodes whose outcomes are grouped by multiset with exact ``Fraction``
probabilities; shuffles and other huge outcome spaces are drawn from a seeded stream whose
position is part of the state, so replaying the same actions gives the same result.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from .multiset import weighted_multisets

CHANCE = -1
"""``state.current_player`` at a chance node (as in OpenSpiel)."""


def uniform(outcomes: Sequence) -> list[tuple[object, Fraction]]:
    """Each outcome with probability exactly ``1/len(outcomes)``.

    >>> uniform("ab")
    [('a', Fraction(1, 2)), ('b', Fraction(1, 2))]
    """
    p = Fraction(1, len(outcomes))
    return [(o, p) for o in outcomes]


def die(sides: int = 6) -> list[tuple[int, Fraction]]:
    """A fair die with faces ``1..sides``."""
    return uniform(range(1, sides + 1))


def pool(faces: Sequence, count: int) -> list[tuple[tuple, Fraction]]:
    """``count`` identical fair dice with the given faces, grouped by multiset.

    Each outcome is a sorted tuple of faces with its multinomial probability, so 6 six-sided
    dice give 462 outcomes instead of 46,656, summing to exactly 1.

    >>> outcomes = pool(range(1, 7), 6)
    >>> len(outcomes), sum(p for _, p in outcomes)
    (462, Fraction(1, 1))
    """
    weights = Counter(faces)
    total = sum(weights.values()) ** count
    return [(combo, Fraction(ways, total))
            for combo, ways in weighted_multisets(sorted(weights.items()), count)]


class SeededStream:
    """A deterministic random stream: ``(seed, position)`` fully determines the next draw.

    States store only the two integers, so they copy and serialise for free, and replaying
    the same actions from the same seed draws the same shuffles.
    """

    __slots__ = ("seed", "position")

    def __init__(self, seed: int, position: int = 0):
        self.seed = seed
        self.position = position

    def _next(self) -> random.Random:
        rng = random.Random(f"mythlab/{self.seed}/{self.position}")
        self.position += 1
        return rng

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place."""
        self._next().shuffle(items)

    def choice_index(self, weights: Sequence[Fraction]) -> int:
        """Index drawn with the given exact probabilities (which must sum to 1)."""
        denominator = lcm(*(w.denominator for w in weights))
        ticket = self._next().randrange(denominator)
        for i, w in enumerate(weights):
            ticket -= w.numerator * (denominator // w.denominator)
            if ticket < 0:
                return i
        raise ValueError("weights do not sum to 1")

