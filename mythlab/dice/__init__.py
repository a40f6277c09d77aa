"""Exact dice for any game: faces as data, mixed pools, multiset outcomes, dice files.

A :class:`Die` is named faces with integer weights; a :class:`Pool` says how many dice of
each kind are rolled; :func:`outcomes` lists the distinct rolls of a pool with exact
``Fraction`` probabilities, grouped by multiset. Dice files (``mythlab-dice`` YAML) load
into a :class:`DiceSet`; the sympy layer lives in :mod:`mythlab.dice.symbolic` (imported on
demand). A game's own face vocabulary, task rules and odds live in the game's package.

>>> from mythlab.dice import Die, Pool, outcomes
>>> combat = Die("combat", [0, 1, 1, 2, 2, 3])
>>> rolls = outcomes(Pool({combat: 2}))
>>> len(rolls), rolls[0]
(10, ((('combat', (0, 0)),), Fraction(1, 36)))
"""

from mythlab.engine.multiset import weighted_counts, weighted_multisets

from .die import DiceValueError, Die, Face, Provenance, check_provenance
from .load import ANY, DiceSet, Vocabulary, load_dice, read_dice
from .pool import Pool, Roll, outcomes, parse_pool, weighted_outcomes


def clear_caches() -> None:
    """Forget the memoised pool specs and outcome lists (for benchmarks that time cold)."""
    from . import pool

    for f in (pool._parse, pool.weighted_outcomes, pool._fraction_outcomes):
        f.cache_clear()


__all__ = [
    "ANY", "DiceSet", "DiceValueError", "Die", "Face", "Pool", "Provenance", "Roll",
    "Vocabulary", "check_provenance", "clear_caches", "load_dice", "outcomes", "parse_pool",
    "read_dice", "weighted_counts", "weighted_multisets", "weighted_outcomes",
]
